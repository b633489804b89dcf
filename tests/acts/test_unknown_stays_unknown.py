"""Unknown stays unknown (issue 10, item 2): a number of eligible voters, a void count or a voting method
the record does not give is None in the record and the read model (JSON null), and the documents print
it as not in the record — never 0 or "manual".

Real tallies: Amazon JFK8 (29-RC-288020, 2022-04-01: 2,654-2,131, 67 challenged, about 8,325 eligible,
void ballots not reported); Cornell-Dubilier (11-RC-850, 1956-07-20: 526-533, 22 challenged; neither the
eligible count nor the method is in the Board's decision); Bessemer (10-RC-269250, 2021-04-09: 76 void,
given)."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from pypdf import PdfReader
from sqlmodel import select

from casefile import app
from casefile.record.db import read_session
from casefile.record.models import Election, Tally
from tests.acts import procedure as bessemer
from tests.acts.real_histories import CORNELL_NUMBER, JFK8, JFK8_NUMBER, cornell_dubilier, jfk8


def _text(path: str) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(path).pages))


def test_a_void_count_not_reported_is_unknown_everywhere(configured_db: Path) -> None:
    """JFK8: void None in the record and in the case's read model (null in JSON), "not in the record" on the docket,
    and the Tally of Ballots prints the placeholder on its void line; the eligible count given (8,325) is printed."""
    case = jfk8()
    case.open()
    result = case.perform(case.events[JFK8["tally"]], documents="issue")
    with read_session() as s:
        tally = s.exec(select(Tally)).one()
    assert (tally.void, tally.eligible) == (None, 8325)
    assert "void ballots not in the record" in result.summary
    view = app.case(JFK8_NUMBER)
    assert view.elections[0].tallies[0].void is None
    assert '"void":null' in view.model_dump_json().replace(" ", "")
    text = _text(result.documents[0].path)
    assert "Number of void ballots [NOT IN THE PUBLIC RECORD]" in text  # in the figure column, the label names the count
    assert "8,325" in text


def test_eligible_and_method_not_in_the_record(configured_db: Path) -> None:
    """Cornell-Dubilier: neither the eligible count nor the voting method is stored as a fact (None), and the tally prints
    both as not in the record."""
    case = cornell_dubilier()
    case.open()
    result = case.perform(case.events[0], documents="issue")
    with read_session() as s:
        election = s.exec(select(Election)).one()
        tally = s.exec(select(Tally)).one()
    assert (election.method, tally.eligible, tally.void) == (None, None, None)
    assert app.case(CORNELL_NUMBER).elections[0].method is None
    text = _text(result.documents[0].path)
    assert "Approximate number of eligible voters [NOT IN THE PUBLIC RECORD]" in text
    assert "NOT IN THE PUBLIC RECORD: voting method" in text
    assert "manual" not in text.lower()


def test_a_count_given_is_kept(configured_db: Path) -> None:
    """Bessemer's tally gives 76 void ballots and a mail election: both stored as given."""
    bessemer.carry("tally-2021")
    with read_session() as s:
        assert s.exec(select(Tally)).one().void == 76
        assert s.exec(select(Election)).one().method.value == "mail"  # type: ignore[union-attr]


def test_a_revised_tally_keeps_an_unknown_void_count_unknown(configured_db: Path) -> None:
    """Cornell-Dubilier's six ballots opened (split hypothetical): the revised tally's void line stays unknown, not 0."""
    case = cornell_dubilier()
    case.carry(2)
    case.perform(case.act({"act": "revised-tally", "date": date(1957, 2, 20), "opened": 6, "sustained": 16,
                           "counted": {"International Brotherhood of Electrical Workers, AFL-CIO": 3},
                           "counted_against": 3}))
    with read_session() as s:
        revised = s.exec(select(Tally).where(Tally.revises_id.is_not(None))).one()  # type: ignore[union-attr]
    assert (revised.void, revised.valid, revised.challenged) == (None, 1065, 0)
