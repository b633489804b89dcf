"""People read words, never an enum's repr: ``{kind!r}`` of a member prints
"<FilingKind.OBJECTIONS: 'objections'>" (an earlier attempt at typed kinds did just that). Over the
Bessemer case of the web tests (objections, the hearing officer's report, the Regional Director's
decision setting the election aside, the rerun's tally), no page, no API answer or refusal and no
command-line output or refusal shows "<" followed by the name of one of casefile's enums; and no
f-string in casefile/ formats a record's kind, result, stage or status with ``!r``."""

from __future__ import annotations

import ast
import enum
import html
import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_sessions import client, sign_in  # noqa: F401  (the fixture)
from tests.web.world import NUMBER, USERS

CASEFILE = Path(__file__).resolve().parents[2] / "casefile"
#: The attributes of the record's rows (and of the acts' models) that hold an enum.
ENUM_ATTRIBUTES = frozenset({"kind", "result", "stage", "status", "role", "method", "actor", "disposition",
                             "agreement", "case_type", "from_stage", "to_stage", "table", "next_kind"})
AS_OF = "2022-04-05T12:00:00-04:00"


def casefile_enums() -> frozenset[str]:
    """The names of every enum defined in casefile (the application and the command line imported)."""
    import casefile.cli.app
    import casefile.server  # noqa: F401

    names: set[str] = set()
    stack: list[type] = [enum.Enum]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if cls.__module__.startswith("casefile."):
            names.add(cls.__name__)
    return frozenset(names)


def reprs_in(text: str, names: frozenset[str]) -> list[str]:
    """The enum reprs ("<FilingKind.") in ``text`` (HTML entities read as the characters they are)."""
    shown = html.unescape(text)
    return sorted({m.group(0) for m in re.finditer(r"<([A-Z][A-Za-z]+)\.", shown) if m.group(1) in names})


@pytest.fixture(scope="module")
def names() -> frozenset[str]:
    found = casefile_enums()
    assert {"FilingKind", "DecisionKind", "DecisionResult", "CertificationKind", "Stage", "DocumentKind",
            "RecordTable"} <= found
    return found


class TestTheCheck:
    def test_a_repr_is_found_and_words_are_not(self, names: frozenset[str]) -> None:
        """The check fails on what it guards against: a member's repr, escaped in HTML or not."""
        from casefile.vocab import DecisionResult, FilingKind

        assert reprs_in(f"refused: {FilingKind.OBJECTIONS!r}", names) == ["<FilingKind."]
        assert reprs_in(html.escape(repr(DecisionResult.SET_ASIDE)), names) == ["<DecisionResult."]
        assert reprs_in(f"the {FilingKind.OFFER_OF_PROOF} <Table.x> <b>bold</b>", names) == []


class TestSource:
    def test_no_f_string_formats_a_kind_with_its_repr(self) -> None:
        """``{filing.kind!r}``, ``{decision.result!r}``, ``repr(election.stage)``, ``{entry.ref!r}`` (a Ref's
        repr names its RecordTable member): none in casefile/ (``.value!r`` is the words' slug, quoted)."""
        found = []
        for path in sorted(CASEFILE.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                target = None
                if isinstance(node, ast.FormattedValue) and node.conversion == ord("r"):
                    target = node.value
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "repr" \
                        and node.args:
                    target = node.args[0]
                if (isinstance(target, ast.Attribute) and target.attr in ENUM_ATTRIBUTES) or \
                        (isinstance(target, (ast.Name, ast.Attribute)) and ast.unparse(target).split(".")[-1] == "ref"):
                    found.append(f"{path.relative_to(CASEFILE.parent)}:{node.lineno}: {ast.unparse(target)}")
        assert found == []


class TestPages:
    PAGES = ("/cases", f"/cases/{NUMBER}", f"/cases/{NUMBER}/around", f"/cases/{NUMBER}/drafts", "/deadlines",
             f"/cases/{NUMBER}/acts/rd-decision", f"/cases/{NUMBER}/acts/file-objections",
             f"/cases/{NUMBER}/acts/request-for-review", f"/cases/{NUMBER}/acts/board-ruling")

    @pytest.mark.parametrize("who", ["union-counsel", "region"])
    def test_no_page_of_the_case_shows_a_repr(self, client: Any, who: str, names: frozenset[str]) -> None:  # noqa: F811
        sign_in(client, USERS[who])
        for path in self.PAGES:
            answer = client.get(path)
            assert answer.status_code in (200, 403, 404), (path, answer.status_code)
            assert reprs_in(answer.text, names) == [], path
        deadlines = re.findall(rf'href="(/cases/{NUMBER}/deadlines/\d+)"', client.get(f"/cases/{NUMBER}").text)
        assert deadlines, "the case page links its deadlines"
        for path in deadlines[:6]:
            assert reprs_in(client.get(path).text, names) == [], path


def _token(who: str) -> str:
    from casefile.accounts.tokens import create_token
    from casefile.record.db import write_session

    with write_session(by="operator:tests") as session:
        return create_token(session, email=USERS[who], as_of=datetime.now(UTC), name="enum reprs")[1]


#: Acts the record refuses at this point of the case (the rerun's tally just issued), each naming
#: filings, decisions or stages in its refusal.
REFUSED = (
    {"act": "rd-decision", "date": "2022-04-05", "result": "overrule"},
    {"act": "rd-decision", "date": "2022-04-05", "result": "overrule", "election": 1},
    {"act": "ho-report", "date": "2022-04-05", "result": "set-aside"},
    {"act": "board-ruling", "date": "2022-04-05", "ruling": "denied"},
    {"act": "file-offer-of-proof", "date": "2022-04-05", "party": "rwdsu", "election": 1,
     "witnesses": [{"objection": 1, "witness": "A. Witness", "summary": "saw it"}]},
    {"act": "file-exceptions", "date": "2022-04-05", "party": "rwdsu", "election": 1,
     "exceptions": [{"excepted_to": "the finding on objection 1", "grounds": "the record"}]},
    {"act": "certification", "date": "2022-04-05"},
    {"act": "request-for-review", "date": "2022-04-05", "party": "rwdsu", "grounds": ["the decision errs"]},
    {"act": "rule-on-motion", "date": "2022-04-05", "motion": 1, "ruling": "granted"},
    {"act": "file-answering-brief", "date": "2022-04-05", "party": "rwdsu", "election": 1, "points": ["it stands"]},
    {"act": "withdraw-objection", "date": "2022-04-05", "party": "rwdsu", "number": 99, "election": 1,
     "why": "withdrawn"},
    {"act": "close-hearing", "date": "2022-04-05"},
)


class TestApi:
    def test_reads_and_refusals_show_no_repr(self, client: Any, names: frozenset[str]) -> None:  # noqa: F811
        headers = {"Authorization": f"Bearer {_token('region')}"}
        union = {"Authorization": f"Bearer {_token('union-counsel')}"}
        for path in ("/cases", f"/cases/{NUMBER}", f"/cases/{NUMBER}/docket", f"/cases/{NUMBER}/deadlines",
                     f"/cases/{NUMBER}/documents", "/deadlines"):
            answer = client.get(f"/api/v1{path}", headers=headers)
            assert answer.status_code == 200, (path, answer.text[:300])
            assert reprs_in(answer.text, names) == [], path
        refusals = []
        for body in REFUSED:
            answer = client.post(f"/api/v1/cases/{NUMBER}/acts", json=body, params={"as_of": AS_OF},
                                 headers=union if "party" in body else headers)
            assert answer.status_code >= 400, (body, answer.text[:300])  # refused: the shared case is unchanged
            refusals.append(json.dumps(answer.json()))
            assert reprs_in(answer.text, names) == [], (body, answer.text[:500])
        assert any("stage" in r or "election" in r for r in refusals)


class TestCommandLine:
    def test_reads_and_refusals_show_no_repr(self, client: Any, names: frozenset[str]) -> None:  # noqa: F811
        from tests.cli.in_process import casefile

        ran = [casefile("case", "show", NUMBER), casefile("case", "show", NUMBER, "--json"),
               casefile("deadlines", "--case", NUMBER, "--as-of", AS_OF),
               casefile("verify", NUMBER),
               casefile("certify", NUMBER, "--issued-on", "2022-04-05", "--as-of", AS_OF),
               casefile("decision", "rd", NUMBER, "--on", "2022-04-05", "--result", "overrule", "--ruling", "amazon:1=sustained",
                        "--as-of", AS_OF),
               casefile("decision", "rd", NUMBER, "--on", "2022-04-05", "--result", "overrule", "--election", "1",
                        "--as-of", AS_OF),
               casefile("review", "ruling", NUMBER, "--on", "2022-04-05", "--ruling", "denied", "--as-of", AS_OF)]
        assert ran[0].exit_code == 0 and NUMBER in ran[0].stdout, ran[0].stderr
        assert [r.exit_code for r in ran[4:]] == [2, 2, 2, 2], [r.stderr for r in ran[4:]]
        for r in ran:
            assert reprs_in(r.stdout + r.stderr, names) == [], (r.stdout[-500:], r.stderr[-500:])
