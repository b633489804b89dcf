"""A deadline's trigger, a challenged ballot's ruling and a tally's outcome are stored as facts and
worded in one place each (casefile.rules.trigger_words, challenge_words.ruling_words,
outcome.outcome_words), never parsed back from a sentence.

Real values: Starbucks, Genesee Street (03-RC-282139: tally 2021-12-09, 15 for Workers United, 9
against, 7 challenged; the Regional Director sustained six on 2022-01-10; revised tally that day)
and Amazon JFK8 (29-RC-288020), replayed from examples/."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from pypdf import PdfReader
from sqlalchemy import text
from sqlmodel import col, select

from casefile import app
from casefile.record.db import get_engine, read_session
from casefile.record.models import ChallengedBallot, Deadline
from casefile.record.refs import RecordTable, Ref
from casefile.rules.trigger_words import trigger_words
from casefile.scenario import replay
from casefile.vocab import ChallengeStatus, DeadlineKind, RuledBy, TriggerKind

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
STARBUCKS = "03-RC-282139"


def _pdf(path: str) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(path).pages))


def test_trigger_words() -> None:
    assert trigger_words(TriggerKind.TALLY, date(2022, 4, 1)) == "Tally of Ballots prepared April 1, 2022"
    assert trigger_words(TriggerKind.RD_DECISION, date(2023, 1, 11)) == (
        "Regional Director's Decision served January 11, 2023 (service assumed on the day it issued)")
    assert trigger_words(TriggerKind.CERTIFICATION_OF_REPRESENTATIVE, date(2023, 1, 11)) == (
        "Certification of Representative issued January 11, 2023")


def test_starbucks_triggers_rulings_and_outcome_are_facts(configured_db: Path) -> None:
    get_engine()
    report = replay(EXAMPLES / "starbucks-genesee-03-RC-282139.yaml", through_prefect=False)
    with read_session(get_engine()) as s:
        periods = [(d.kind, d.trigger_kind, d.trigger_ref, d.trigger_on, d.trigger)
                   for d in s.exec(select(Deadline).order_by(col(Deadline.id)))]
        ballots = s.exec(select(ChallengedBallot).order_by(col(ChallengedBallot.id))).all()
        stored = s.execute(text("SELECT trigger_kind, trigger_ref FROM deadline ORDER BY id")).all()
        tally_id = periods[0][2].id  # type: ignore[union-attr]
        assert periods[0] == (DeadlineKind.OBJECTIONS, TriggerKind.TALLY, Ref(RecordTable.TALLY, tally_id),
                              date(2021, 12, 9), "Tally of Ballots prepared December 9, 2021")
        assert periods[-1][:2] == (DeadlineKind.REVISED_TALLY_OBJECTIONS, TriggerKind.REVISED_TALLY)
        assert periods[-1][3:] == (date(2022, 1, 10), "Revised Tally of Ballots made available January 10, 2022")
        assert stored[0] == ("tally-prepared", f"tally:{tally_id}")  # the kind's word and the ref's written form
        assert [(b.status, b.ruled_by, b.ruled_on, b.reason) for b in ballots] == [
            (ChallengeStatus.SUSTAINED, RuledBy.REGIONAL_DIRECTOR, date(2022, 1, 10),
             "the challenged voters were partners from another store, not eligible in this unit")] * 6 + [
            (ChallengeStatus.NOT_DETERMINATIVE, None, None, "")]  # sealed for good: no one ruled on it
    revised = next(p for p in report.documents if p.endswith("_revised-tally-of-ballots.pdf"))
    said = _pdf(revised)
    assert "RULINGS ON THE CHALLENGED BALLOTS 6 challenges sustained by the Regional Director on January 10, 2022" in said
    assert "2022-01-10" not in said
    case = app.case(STARBUCKS)
    (election,) = case.elections
    assert [t.outcome_words for t in election.tallies] == [
        "Not yet decided: challenged ballots or objections unresolved",
        "A majority for Workers United: a Certification of Representative"]
    first = election.deadlines[0]
    assert (first.trigger, first.trigger_kind) == ("Tally of Ballots prepared December 9, 2021", "tally-prepared")
