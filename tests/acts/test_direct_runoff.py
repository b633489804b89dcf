"""direct-runoff: the Regional Director's direction of the Trinity College runoff (2017-05-12:
LEOS-PBA 9, SPFPA 8, against 5 of 22 valid: no majority), through the front door."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import select

from casefile.errors import AlreadyRecorded, BadInput, IllegalTransition, NotAllowedNow
from casefile.record.db import read_session
from casefile.record.models import Deadline, Election
from casefile.vocab import DeadlineKind, DeadlineStatus, ElectionKind, Stage
from tests.acts.example_cases import ExampleCase, trinity

LEOS = "LEOS-PBA (Trinity College Campus Safety Officers & Dispatchers Union)"
SPFPA = "SPFPA Local 502"


@pytest.fixture
def tallied(configured_db: Path) -> ExampleCase:
    """Trinity with its first tally recorded (2017-05-04)."""
    c = trinity()
    c.carry(1)
    return c


def direction(case: ExampleCase, **fields: object):  # type: ignore[no-untyped-def]
    return case.act({"act": "direct-runoff", "date": date(2017, 5, 12), **fields})


class TestDirectRunoff:
    def test_runoff_between_the_two_unions(self, tallied: ExampleCase) -> None:
        """No majority: a runoff LEOS-PBA v. SPFPA without 'against', held 2017-05-17; certification and hearing dates mooted."""
        result = tallied.perform(tallied.events[1])
        assert result.summary == f"Runoff election directed: {LEOS} v. {SPFPA}; to be held May 17, 2017"
        with read_session() as s:
            election = s.exec(select(Election)).one()
            assert (election.stage, election.next_kind, election.next_choices, election.next_against_on_ballot,
                    election.next_held_from_on) == (Stage.RUNOFF_DIRECTED, ElectionKind.RUNOFF, [LEOS, SPFPA], False,
                                                    date(2017, 5, 17))
            statuses = {d.kind: d.status for d in s.exec(select(Deadline))}
        assert statuses[DeadlineKind.EARLIEST_CERTIFICATION] is DeadlineStatus.MOOTED
        assert statuses[DeadlineKind.HEARING_OPENS] is DeadlineStatus.MOOTED

    def test_choices_come_from_the_stored_outcome(self, tallied: ExampleCase, monkeypatch: pytest.MonkeyPatch) -> None:
        """With the tally analysis unavailable, the direction still names the two choices stored with the tally."""
        import casefile.acts.record_tally as record_tally
        import casefile.rules.tally as tally_rules

        def no_analysis(*args: object, **kwargs: object) -> None:
            raise AssertionError("the direction re-analyzed the tally")

        monkeypatch.setattr(tally_rules, "analyze_tally", no_analysis)
        monkeypatch.setattr(record_tally, "analyze_tally", no_analysis)
        tallied.perform(tallied.events[1])
        with read_session() as s:
            assert s.exec(select(Election)).one().next_choices == [LEOS, SPFPA]

    def test_retry_stores_nothing(self, tallied: ExampleCase) -> None:
        """The same direction recorded again is found."""
        first = tallied.perform(tallied.events[1])
        assert tallied.retried(tallied.events[1]).entry_id == first.entry_id

    def test_same_direction_with_another_schedule_is_refused(self, tallied: ExampleCase) -> None:
        """Once directed for 2017-05-17, a direction for 2017-05-18 is refused (a change of schedule is its own act)."""
        tallied.perform(tallied.events[1])
        error = tallied.refused(direction(tallied, held_from_on=date(2017, 5, 18)), AlreadyRecorded)
        assert "already directed, to be held May 17, 2017" in str(error)

    def test_during_the_objection_period_is_refused(self, tallied: ExampleCase) -> None:
        """On 2017-05-08 the objection period (due 2017-05-11) is still running: the election is not at runoff-due."""
        error = tallied.refused(direction(tallied, date=date(2017, 5, 8)), IllegalTransition,
                                as_of=tallied.at_noon(date(2017, 5, 8)))
        assert "now in election 1: the objection period on the tally runs until " in str(error)

    def test_held_before_directed_is_refused(self, tallied: ExampleCase) -> None:
        """A runoff cannot be held (2017-05-10) before the direction (2017-05-12)."""
        error = tallied.refused(direction(tallied, held_from_on=date(2017, 5, 10)), NotAllowedNow)
        assert error.field == "held_from_on"  # type: ignore[attr-defined]

    def test_schedule_ending_before_it_starts_is_refused(self, tallied: ExampleCase) -> None:
        """A mail runoff from 2017-05-20 to 2017-05-17 is refused."""
        error = tallied.refused(direction(tallied, held_from_on=date(2017, 5, 20), held_to_on=date(2017, 5, 17)),
                                BadInput)
        assert error.field == "held_to_on"  # type: ignore[attr-defined]

    def test_issues_the_notice_of_runoff_election(self, tallied: ExampleCase) -> None:
        """The Notice of Runoff Election names the two unions on the runoff ballot and its date."""
        result = tallied.perform(tallied.events[1], documents="issue")
        assert [d.kind for d in result.documents] == ["notice-of-runoff-election"]
        text = " ".join(page.extract_text() for page in PdfReader(result.documents[0].path).pages)
        assert "NOTICE OF RUNOFF ELECTION" in text
        assert "A majority of the 22 valid votes counted is 12 votes; no choice received that many." in text
        assert "SPFPA Local 502 8 votes" in text
        assert "May 17, 2017" in text


def test_a_nullity_rerun_issues_no_notice_of_runoff_election(configured_db: Path) -> None:
    """All three choices equal (7, 7, 7): the Regional Director directs a rerun with every choice (102.70(d)); its
    notice is the Region's notice of election, not a Notice of Runoff Election — the act issues no document."""
    c = trinity()
    first = c.events[0]
    tie = first.model_copy(update={"choices": {LEOS: 7, SPFPA: 7}, "against": 7, "challenged": 0})
    c.open()
    c.perform(tie)
    result = c.perform(direction(c), documents="issue")
    assert result.documents == []
    with read_session() as session:
        election = session.exec(select(Election)).one()
        assert election.next_kind is ElectionKind.NULLITY_RERUN
