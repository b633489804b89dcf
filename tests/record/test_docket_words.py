"""A docket entry's summary is words: the acts and the sweep write long dates and 29 CFR citations,
never casefile's rule ids, and every reader (the case's read model that the command line, the web
and the API print) words an entry recorded before that through casefile.rules.record_words —
the stored text itself is under the docket chain and is never rewritten.

Real values: Amazon JFK8 (29-RC-288020) replayed from examples/, and summaries exactly as earlier
casefile versions stored them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlmodel import col, select

from casefile import app
from casefile.record.db import get_engine, read_session
from casefile.record.models import DocketEntry
from casefile.rules.record_words import summary_words
from casefile.scenario import replay
from tests.acts.real_histories import JFK8_NUMBER

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "amazon-jfk8-29-RC-288020.yaml"
RULE_ID = re.compile(r"rules\.md|\bR-[A-Z]+\d")
ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def test_summaries_stored_by_earlier_versions_read_in_words() -> None:
    """What JFK8's docket and the sweep stored before: rule ids out, ISO dates as long dates."""
    assert summary_words("Objections overruled: certification due (R-H1)") == "Objections overruled: certification due"
    assert summary_words("No objections by 2021-04-16 (cut-off 11:59 p.m. EDT); challenges not determinative: "
                         "Certification of Results is due forthwith (R-H1)") == (
        "No objections by April 16, 2021 (cut-off 11:59 p.m. EDT); challenges not determinative: "
        "Certification of Results is due forthwith")
    assert summary_words("Certification of Representative: Amazon Labor Union (The election agreement is not in the "
                         "record: Board review is treated as available (review lies unless the election was held "
                         "under a consent agreement, 29 CFR 102.62, 102.69(c)(2); rules.md R-K5).)") == (
        "Certification of Representative: Amazon Labor Union (The election agreement is not in the record: Board "
        "review is treated as available (review lies unless the election was held under a consent agreement, "
        "29 CFR 102.62, 102.69(c)(2)).)")
    assert summary_words("Hearing opened 2022-06-13") == "Hearing opened June 13, 2022"
    worded = "No objections by April 16, 2021 (cut-off 11:59 p.m. EDT); 3 earlier objections still to be decided"
    assert summary_words(worded) == worded  # new entries are words already: wording them again changes nothing


def test_jfk8_docket_is_stored_without_rule_ids_and_read_with_long_dates(configured_db: Path) -> None:
    get_engine()
    replay(EXAMPLE, through_prefect=False)
    with read_session(get_engine()) as s:
        stored = [e.summary for e in s.exec(select(DocketEntry).order_by(col(DocketEntry.id)))]
    assert len(stored) == 25
    assert [t for t in stored if RULE_ID.search(t)] == []  # before: "rules.md R-K5", "rules.md R-B10", "(R-H1)" in 4 of them
    assert "Objections overruled: certification due (29 CFR 102.69(b))" in stored
    assert "Hearing opened June 13, 2022" in stored  # worded when written (it was "Hearing opened 2022-06-13")
    assert [t for t in stored if ISO_DATE.search(t)] == []
    shown = [e.summary for e in app.case(JFK8_NUMBER).docket]
    assert len(shown) == 25
    assert [t for t in shown if ISO_DATE.search(t) or RULE_ID.search(t)] == []
    assert "Hearing opened June 13, 2022" in shown
    assert "Notice of Hearing on 25 objections; hearing opens May 23, 2022" in shown


EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.yaml"))


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_docket_is_stored_in_words(example: Path, configured_db: Path) -> None:
    """Every act of the four real histories writes its summary with long dates (the hearing's opening and close,
    the briefs, an order fixing a date, the runoff's schedule, a request for review's period): no ISO date is
    stored for a reader to word back; and each tally stores what its challenges could lead to as facts (kind,
    winner, runoff choices), worded when read."""
    from casefile.record.models import Tally

    get_engine()
    replay(example, through_prefect=False)
    with read_session(get_engine()) as s:
        stored = [e.summary for e in s.exec(select(DocketEntry).order_by(col(DocketEntry.id)))]
        reachable = [item for t in s.exec(select(Tally)) for item in t.reachable]
    assert len(stored) > 5
    assert [t for t in stored if ISO_DATE.search(t)] == []
    assert reachable and all(isinstance(item, dict) and set(item) == {"outcome", "winner", "runoff_choices"}
                             for item in reachable), reachable
