"""The act forms: what a submitted form means as an act (the act model's mapping, the shape of a
scenario event) and, back, where on the form an act's error belongs. Wording and plumbing only:
every check of the act is its model's and its module's (through the front door).

Field ids on the forms are the act's field paths with ``-`` for ``.`` ("objections-2",
"offer_of_proof-0-witness"), so an error's ``field`` names the input it is about. Repeating rows
("add another") are numbered on the form; blank rows are left out of the act, and the error of
the n-th row the act has is put back on the row of the form it came from.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from casefile.errors import BadInput, CasefileError, Untimely
from casefile.web import forms
from casefile.web.forms.reading import FormProblem, FormProblems, Found, Submitted

__all__ = ["FormProblem", "FormProblems", "Submitted"]

#: Acts with a form of their own (casefile.web.forms) -> its template; every other act the user may do has the form
#: generated from its model (casefile.web.act_fields).
SPECIFIC = {name: spec.template for name, spec in forms.SPECIAL.items()}
MAX_ROWS = 200
CLOCK_SKEW = timedelta(minutes=5)


def read_form(act_name: str, form: Any) -> Submitted:
    """The values of ``form`` (a multidict) for act ``act_name``; the rows it has, plus one when
    its "add another" button was pressed (``add`` = the group)."""
    values = {k: str(v)[:25_000] for k, v in form.items() if isinstance(v, str) and k != "csrf_token"}
    rows: dict[str, int] = {}
    spec = forms.special(act_name)
    for group in spec.rows if spec is not None else ():
        try:
            count = int(values.get(f"{group}-rows", "1"))
        except ValueError:
            count = 1
        rows[group] = max(1, min(count, MAX_ROWS))
    add = values.get("add")
    if add in rows and rows[add] < MAX_ROWS:
        rows[add] += 1
    return Submitted(values=values, rows=rows)


def blank(act_name: str, *, today: date, parties: list[str]) -> Submitted:
    """An empty form: today's date, the first party, one row per group (two choices on a tally)."""
    spec = forms.special(act_name)
    rows = {g: 1 for g in (spec.rows if spec is not None else ())}
    values = {"date": today.isoformat(), "party": parties[0] if parties else ""}
    return Submitted(values=values, rows=rows)


def instant(sub: Submitted, *, zone: str, current: datetime) -> tuple[datetime, date, datetime | None]:
    """The moment the act is recorded as of, its date, and its receipt instant (``at``) when a
    time was given: ``date`` (required) and ``time`` (HH:MM, optional) at the receiving office.
    With a time, the act is as of that instant; with a date alone, as of now when it is today
    there, else noon that day (as a replay records a dated act). Raises BadInput (field ``date`` or
    ``time``) for a date or time that cannot be read, or one in the future."""
    text = sub.get("date").strip()
    if not text:
        raise BadInput("Enter the date", field="date")
    try:
        day = date.fromisoformat(text[:10])
    except ValueError:
        raise BadInput(f"The date must be a real date, like 2022-04-07 (not {text[:20]!r})", field="date") from None
    tz = ZoneInfo(zone)
    at = None
    clock = sub.get("time").strip()
    if clock:
        try:
            at = datetime.combine(day, time.fromisoformat(clock[:8]), tzinfo=tz)
        except ValueError:
            raise BadInput(f"The time must be like 16:30 (24-hour clock), not {clock[:20]!r}", field="time") from None
        moment = at
    elif day == current.astimezone(tz).date():
        moment = current
    else:
        moment = datetime.combine(day, time(12, 0), tzinfo=tz)
    if moment - current > CLOCK_SKEW:
        raise BadInput(_later_than_now(day, at, current.astimezone(tz)), field="time" if at else "date")
    return moment, day, at


def _later_than_now(day: date, at: datetime | None, local_now: datetime) -> str:
    """What is wrong with a receipt later than now, in words (the office's clock)."""
    from casefile.rules.calendar import clock_label
    from casefile.rules.chronology import long_date

    if day > local_now.date():
        return (f"The date of receipt is later than today ({long_date(local_now.date())} at the receiving office): "
                "enter the date the filing was received")
    shown = clock_label(at) if at is not None else ""
    return (f"The time of receipt ({shown}) is later than now ({clock_label(local_now)} at the receiving office): "
            "enter the time the filing was received")


def act_data(act_name: str, sub: Submitted, *, day: date, at: datetime | None,
             found: list[FormProblem] | None = None) -> dict[str, Any]:
    """The act's mapping from the form. Raises FormProblems naming, at once, every field of the
    form at fault for what the form itself cannot give (no objection at all, a count that is not a
    number), after ``found`` (problems the caller met before: the date)."""
    spec = forms.special(act_name)
    if spec is None or spec.act_data is None:
        raise BadInput(f"{act_name} has no form of its own", field="act")
    out = Found()
    out.problems += found or []
    when: dict[str, Any] = {"at": at.isoformat()} if at else {"date": day.isoformat()}
    return spec.act_data(sub, when, out)


#: The words of each field of the act forms of their own, by the act's field path ("election.method").
LABELS = {"against": "Votes against", "challenged": "Challenged ballots", "void": "Void ballots",
          "eligible": "Eligible voters", "excluded": "Ballots excluded at the count",
          "excluded_reason": "Why the ballots were excluded", "board_agent": "Board agent", "kind": "Kind of tally",
          "date": "Date", "at": "Time received", "party": "Party", "method": "How it was filed", "note": "Note",
          "nlrb": "Filed with the NLRB?",
          "election.method": "How the election was held", "election.held_from_on": "First day of voting",
          "election.held_to_on": "Last day of voting", "election.reason": "Why this election was held",
          "choices": "Votes", "objections": "Objections", "offer_of_proof": "Offer of proof",
          "exceptions": "Exceptions", "act": "The form"}
_ROW_WORDS = {"offer_of_proof": ("Witness", {"witness": "name", "summary": "summary of the testimony",
                                             "objection": "objection number"}),
              "exceptions": ("Exception", {"excepted_to": "finding or recommendation excepted to",
                                           "grounds": "grounds"})}


def label_of(path: str) -> str:
    """The words of the act's field ``path`` on its form of its own ("Objection 2", "Witness 1: name",
    "Votes for Union", "Last day of voting")."""
    parts = path.split(".")
    if parts[0] == "objections" and len(parts) > 1 and parts[1].isdigit():
        return f"Objection {int(parts[1]) + 1}"
    if parts[0] in _ROW_WORDS and len(parts) > 1 and parts[1].isdigit():
        what, columns = _ROW_WORDS[parts[0]]
        return f"{what} {int(parts[1]) + 1}" + (f": {columns.get(parts[2], parts[2])}" if len(parts) > 2 else "")
    if parts[0] == "choices" and len(parts) > 1:
        return f"Votes for {parts[1][:60]}"
    return LABELS.get(path) or LABELS.get(parts[0]) or "The form"


def said(problem: Any) -> str:
    """A problem of the act (casefile.validation.Problem) in the words of its form of its own."""
    return f"{label_of(problem.path)}: {problem.text}" if problem.path else problem.text


#: The controls the forms send (the CSRF token is checked before): with a form's own fields (casefile.web.forms), a
#: field outside them is refused, named (:func:`unknown_fields`).
CONTROLS = frozenset({"add", "perform", "file", "draft-action", "draft_id", "received"})


def unknown_fields(act_name: str, values: dict[str, str], ids: set[str] | None = None) -> str:
    """What is wrong with a form that sends fields it does not have (a misspelled name, a stale
    page), in words; "" when every field is known. ``ids``: the generated form's input ids (its
    rows' ids begin with their group's); else the act's own form (casefile.web.forms: its own fields and rows)."""
    import re

    spec = forms.special(act_name)

    def known(key: str) -> bool:
        if key in CONTROLS:
            return True
        if ids is not None:
            return any(key == i or key.startswith(f"{i}-") for i in ids)
        if spec is None:
            return False
        if key in spec.own:
            return True
        for group, columns in spec.rows.items():
            names = "|".join(re.escape(c) for c in columns if c)
            if re.fullmatch(rf"{re.escape(group)}-(rows|\d+{f'-({names})' if names else ''})", key):
                return True
        return False

    unknown = sorted(k for k in values if not known(k))
    if not unknown:
        return ""
    names = ", ".join(repr(k[:40]) for k in unknown[:10])
    return (f"The form sent {'a field' if len(unknown) == 1 else 'fields'} it does not have: {names}. Nothing was "
            "recorded: reload the page and fill in the form again.")


def general_data(act_name: str, text: str) -> dict[str, Any]:
    """The act written on the general form (YAML, a scenario event). Raises BadInput (field ``act``)."""
    from casefile.importers.strict_yaml import load_yaml

    try:
        data = load_yaml(text, source="the act")
    except CasefileError as exc:
        raise BadInput(f"The act cannot be read: {exc}", field="act") from None
    if not isinstance(data, dict):
        raise BadInput("Write the act as fields, one per line (act: ..., date: ...)", field="act")
    data.setdefault("act", act_name)
    if data.get("act") != act_name:
        raise BadInput(f"This form is for {act_name}, not {str(data.get('act'))[:40]}", field="act")
    return data


def error_field(act_name: str, exc: CasefileError, sub: Submitted) -> str:
    """The id of the form field ``exc`` is about: its ``field`` path with rows put back where the
    form had them; the date for an untimely filing; the first counts for a tally's arithmetic; the
    top of the form otherwise."""
    path = exc.field or ""
    spec = forms.special(act_name)
    if spec is None:  # the generated form: its inputs are the model's fields
        from casefile.web import act_fields

        shape = act_fields.specs(act_name, parties=[], all_parties=[], elections=[("1", ""), ("2", "")])
        return act_fields.error_field(shape, exc, values=sub.values, kept=sub.kept)
    if not path:
        if isinstance(exc, Untimely):
            return "time" if sub.get("time").strip() else "date"
        line = getattr(exc, "line", None)
        if spec.counts_default and line:  # a count's arithmetic: the count named, else the first votes
            return line if line in spec.counts else spec.counts_default
        return "act-form"
    if "-" in path and "." not in path:
        return path  # already a form id (a form error)
    parts = path.split(".")
    group = parts[0]
    if group in sub.kept and len(parts) > 1 and parts[1].isdigit():
        kept = sub.kept[group]
        n = int(parts[1])
        parts[1] = str(kept[n] if n < len(kept) else n)
        if group == "objections":
            return "-".join(parts[:2])
    if group in spec.whole:
        return spec.whole[group]
    if group in ("at",):
        return "time" if sub.get("time").strip() else "date"
    if group in ("date", "party", "method", "note", "against", "challenged", "void", "eligible", "kind", "excluded",
                 "excluded_reason", "board_agent"):
        return group
    if group == "election" and len(parts) > 1:
        return parts[1] if parts[1] in ("held_from_on", "held_to_on", "method", "reason") else "act-form"
    if group in spec.rows and len(parts) in (1, 2):  # a whole row group, or one row: its first column
        first = spec.rows[group][0]
        row = parts[1] if len(parts) == 2 else (sub.kept[group][0] if sub.kept.get(group) else 0)
        return f"{group}-{row}" + (f"-{first}" if first else "")
    return "-".join(parts)
