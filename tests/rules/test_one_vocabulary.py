"""One vocabulary (issue 16, item 4): one table of deadline names (casefile.rules.deadline_names), one of act
names (casefile.rules.act_names), one long date and one clock (casefile.rules.calendar). Every other name of a
deadline or an act is a column of those tables: no module of casefile holds a table of its own (the reminders,
the documents, the closures' sentences, the rules' messages and the web each had one, and said "Objections to the
election" where the deadlines table said "Objections and offer of proof")."""

from __future__ import annotations

import ast
import re
from datetime import date, datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from casefile.documents.wording import ACT_NAMES, DEADLINE_NOUNS
from casefile.record.closures import PERIODS
from casefile.rules.act_names import ACT_WORDS
from casefile.rules.calendar import clock_label, instant_label, long_date, month_day, time_of_day, weekday_date
from casefile.rules.deadline_names import DEADLINE_NAMES
from casefile.rules.deadlines import NOUNS
from casefile.vocab import DeadlineKind, DocketActName
from casefile.web.words import ACT_TITLES

ROOT = Path(__file__).resolve().parents[2] / "casefile"
HOMES = {ROOT / "rules" / "deadline_names.py", ROOT / "rules" / "act_names.py"}
DEADLINE_MEMBERS = {k.name for k in DeadlineKind}
ACT_MEMBERS = {a.name for a in DocketActName}
ACT_SLUGS = {a.value for a in DocketActName}


#: Tables keyed by deadline kind that name something else than the deadline: the act that starts or opens a
#: period (a trigger, said in a derivation or a refusal), the calendar feed's event for a Region's target date.
NOT_NAMES = {
    "casefile/rules/deadlines.py:_TRIGGER",  # what starts each chain ("tally prepared")
    "casefile/rules/chronology.py:PERIOD_OPENED_BY",  # what opens each period ("the tally of ballots issued")
    "casefile/calendar_feed.py:_SUMMARY",  # a Region's target date as a calendar event ("Certification may issue")
}


def _key(key: ast.expr | None) -> tuple[str, str] | None:
    """("deadline", "OBJECTIONS") for ``DeadlineKind.OBJECTIONS`` / ``K.OBJECTIONS``, ("act", ...) for
    ``DocketActName.X`` / ``A.X`` or an act's slug ("file-objections"), else None."""
    if isinstance(key, ast.Attribute) and isinstance(key.value, ast.Name):
        if key.value.id in ("DeadlineKind", "K") and key.attr in DEADLINE_MEMBERS:
            return "deadline", key.attr
        if key.value.id in ("DocketActName", "A") and key.attr in ACT_MEMBERS:
            return "act", key.attr
    if isinstance(key, ast.Constant) and key.value in ACT_SLUGS:
        return "act", str(key.value)
    return None


def name_tables() -> list[str]:
    """Dict literals outside the two homes that name three or more deadlines, or five or more acts, in words
    ("path:NAME", NAME the variable it is assigned to)."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if path in HOMES or "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text())
        names = {id(node.value): target.id for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AnnAssign))
                 for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                 if isinstance(target, ast.Name) and node.value is not None}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Dict):
                continue
            keys = [_key(k) for k, v in zip(node.keys, node.values, strict=True)
                    if isinstance(v, ast.Constant) and isinstance(v.value, str) and " " in v.value]
            where = f"{path.relative_to(ROOT.parent)}:{names.get(id(node), node.lineno)}"
            if where in NOT_NAMES:
                continue
            if sum(1 for k in keys if k and k[0] == "deadline") >= 3 or sum(1 for k in keys if k and k[0] == "act") >= 5:
                found.append(where)
    return found


def test_no_module_names_deadlines_or_acts_in_a_table_of_its_own() -> None:
    assert name_tables() == []


def test_every_deadline_and_act_has_its_words_and_the_other_tables_are_its_columns() -> None:
    assert set(DEADLINE_NAMES) == set(DeadlineKind) and set(ACT_WORDS) == set(DocketActName)
    assert {k: n.title for k, n in DEADLINE_NAMES.items()} == DEADLINE_NOUNS
    assert {k: n.noun for k, n in DEADLINE_NAMES.items()} == NOUNS
    assert {k: n.period for k, n in DEADLINE_NAMES.items()} == PERIODS
    assert {a: n.done for a, n in ACT_WORDS.items()} == ACT_NAMES
    assert {a.value: n.do for a, n in ACT_WORDS.items() if n.do} == ACT_TITLES
    assert DEADLINE_NOUNS[DeadlineKind.OBJECTIONS] == "Objections and offer of proof"
    assert NOUNS[DeadlineKind.RFR_OPPOSITION] == "statement in opposition to the request for review"
    assert PERIODS[DeadlineKind.OBJECTIONS] == "objection period"
    assert (ACT_NAMES[DocketActName.FILE_OBJECTIONS], ACT_TITLES["file-objections"]) == ("Objections filed", "File objections")


#: strftime's locale-dependent directives: a weekday or month name, AM/PM, a 12-hour hour.
_LOCALE_DIRECTIVE = re.compile(r"%-?[aAbBpI]\b")


def test_no_date_or_clock_is_written_by_strftime_names() -> None:
    """Every weekday, month and a.m./p.m. comes from casefile.rules.calendar, in English whatever the locale:
    no module or template formats one with strftime's %A, %B, %a, %b, %p or %I."""
    sources = [p for p in (*ROOT.rglob("*.py"), *ROOT.rglob("*.html"), *(ROOT.parent / "templates").rglob("*.html"))
               if "migrations" not in p.parts]
    found = [f"{p.relative_to(ROOT.parent)}:{n}" for p in sources
             for n, line in enumerate(p.read_text().splitlines(), 1)
             if _LOCALE_DIRECTIVE.search(line.split("#")[0] if p.suffix == ".py" else line)
             and "``%B``" not in line]  # calendar.long_date says why it is not %B
    assert found == []


def test_the_one_long_date_and_clock() -> None:
    cutoff = datetime(2021, 4, 16, 23, 59, 59, tzinfo=ZoneInfo("America/New_York"))
    assert long_date(date(2021, 4, 16)) == "April 16, 2021"
    assert weekday_date(date(2021, 4, 16)) == "Friday, April 16, 2021"
    assert month_day(date(2021, 3, 29)) == "March 29"
    assert clock_label(cutoff) == "11:59 p.m. EDT"
    assert time_of_day(time(0, 1)) == "12:01 a.m." and time_of_day(time(12, 0)) == "12:00 p.m."
    assert instant_label(cutoff) == "11:59 p.m. EDT on April 16, 2021"
    with pytest.raises(TypeError):
        long_date(cutoff)  # a datetime: its date in the office's zone first
