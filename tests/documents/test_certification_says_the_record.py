"""A certification says what the record says of the objections and of the direction the election was held under
(issue 15 trial): objections that a revised tally made moot are said moot, with why, not "overruled" (rules.md
R-M2; a conditional direction whose condition the revised tally did not meet); and a rerun is held pursuant to
the record's decision that directed it, by its title — the Decision on Objections and Direction of Second
Election — not the first election's Decision and Direction of Election."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from pypdf import PdfReader

from tests.acts import procedure as bessemer
from tests.acts.example_cases import starbucks


def _text(path: str) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(path).pages))


def test_moot_objections_are_said_moot(configured_db: Path) -> None:
    """Genesee: Workers United's objection sustained on the condition (hypothetical decision of 2022-01-10), the real
    revised tally of 2022-01-10 (15-9) gives Workers United a majority, the direction lapses, the objection is moot,
    and the certification of 2022-01-19 says so."""
    case = starbucks()
    case.carry(4)
    case.perform(case.act({"act": "rd-decision", "date": date(2022, 1, 10), "result": "set-aside",
                           "condition": "no-union-majority", "rulings": {"workers-united": {1: "sustained"}},
                           "uncertain": "hypothetical: the record has no such decision"}))
    case.perform(case.events[4])
    case.sweep(case.at_noon(date(2022, 1, 19)))
    done = case.perform(case.act({"act": "certification", "date": date(2022, 1, 19)}), documents="issue")
    (cert,) = [d for d in done.documents if d.kind == "certification-of-representative"]
    text = _text(cert.path)
    assert "overruled" not in text
    assert ("and the objections of Workers United having become moot because Workers United received a majority of "
            "the valid votes counted on the revised tally of January 10, 2022, and the Regional Director's decision of "
            "January 10, 2022 directed a second election only if it did not, the Regional Director certifies") in text


def test_a_rerun_is_held_under_the_decision_that_directed_it(configured_db: Path) -> None:
    """Bessemer's 2022 rerun (real tally 875-993, 416 challenged), directed by the real Decision on Objections and
    Direction of Second Election of 2021-11-29; the count of the challenged ballots and the certification are
    hypothetical (the real case went to an Administrative Law Judge)."""
    bessemer.carry("tally-2022")
    bessemer.perform(bessemer.act({"act": "revised-tally", "date": date(2022, 5, 2), "opened": 416, "sustained": 0,
                                   "counted": {bessemer.RWDSU: 100}, "counted_against": 316}))
    bessemer.perform(bessemer.act({"act": "certification", "date": date(2022, 5, 10)}), as_of=None)
    from sqlmodel import select

    from casefile import app
    from casefile.record.db import read_session
    from casefile.record.models import DocketEntry

    with read_session() as s:
        entry = s.exec(select(DocketEntry).where(DocketEntry.act == "certification")).one()
    assert entry.id is not None
    (cert,) = app.issue_for_entry(entry.id, as_of=bessemer.noon(bessemer.act({"act": "certification",
                                                                                "date": date(2022, 5, 10)})))
    text = _text(cert.path)
    assert ("An election having been conducted in the above matter pursuant to the Regional Director's Decision on "
            "Objections and Direction of Second Election issued November 29, 2021, under the supervision") in text
    assert "Decision and Direction of Election" not in text
