"""Bad input is refused whole with a clear error, and the database is as it was before."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import Engine, func
from sqlmodel import select

from casefile.record.db import read_session, write_session
from casefile.errors import IllegalTransition, InvalidTally, MalformedCaseNumber, ProcedureError, UnknownCase, UntimelyFiling
from casefile.record.models import Deadline, DocketEntry, Election, Filing, Objection, Tally
from casefile.rules.tally import TallyCounts
from casefile.services.cases import open_case
from casefile.services.decisions import DecisionIn, issue_certification, issue_ho_report
from casefile.services.objections import ObjectionsIn, Witness, file_objections
from casefile.jobs.sweep import sweep
from casefile.services.tallies import StatedLines, record_tally
from casefile.vocab import Stage, TallyKind
from tests.conftest import at
from tests.services.bessemer import CASE_IN, ELECTION_2021, NUMBER, RWDSU, TALLY_2021


def _counts(engine: Engine) -> dict[str, int]:
    with read_session(engine) as s:
        return {m.__name__: s.exec(select(func.count()).select_from(m)).one()
                for m in (DocketEntry, Election, Tally, Deadline, Filing, Objection)}


@pytest.fixture
def tallied(engine: Engine) -> Engine:
    with write_session(engine) as s:
        open_case(s, case_in=CASE_IN, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, case_number=NUMBER, kind=TallyKind.INITIAL, prepared_on=date(2021, 4, 9), counts=TALLY_2021,
                     election_in=ELECTION_2021, as_of=at("2021-04-09T12:00:00-04:00"))
    return engine


def _objections(received_at: str) -> ObjectionsIn:
    moment = at(received_at)
    return ObjectionsIn(party="rwdsu", statements=("collection box",), received_on=moment.date(), received_at=moment)


class TestRefusals:
    def test_tally_that_does_not_add_up(self, engine: Engine) -> None:
        """A stated valid line of 2,537 against 738 + 1,798 = 2,536 is refused naming the line; no election is stored."""
        with write_session(engine) as s:
            open_case(s, case_in=CASE_IN, as_of=at("2021-04-09T12:00:00-04:00"))
        before = _counts(engine)
        with pytest.raises(InvalidTally) as err, write_session(engine) as s:
            record_tally(s, case_number=NUMBER, kind=TallyKind.INITIAL, prepared_on=date(2021, 4, 9), counts=TALLY_2021,
                         stated=StatedLines(valid=2537), as_of=at("2021-04-09T12:00:00-04:00"))
        assert str(err.value) == "line 5 (valid votes counted): stated 2537, but the counts give 2536 valid"
        assert _counts(engine) == before

    def test_negative_count(self, engine: Engine) -> None:
        """A negative number of challenged ballots is refused before anything is stored."""
        with write_session(engine) as s:
            open_case(s, case_in=CASE_IN, as_of=at("2021-04-09T12:00:00-04:00"))
        before = _counts(engine)
        with pytest.raises(InvalidTally), write_session(engine) as s:
            record_tally(s, case_number=NUMBER, kind=TallyKind.INITIAL, prepared_on=date(2021, 4, 9),
                         counts=TallyCounts(choices=((RWDSU, 738),), against=1798, challenged=-1),
                         as_of=at("2021-04-09T12:00:00-04:00"))
        assert _counts(engine) == before

    def test_objections_one_second_late(self, tallied: Engine) -> None:
        """Objections received at 00:00:00 Eastern on Sat 2021-04-17 are late; the error names due date, cut-off and rule."""
        before = _counts(tallied)
        with pytest.raises(UntimelyFiling) as err, write_session(tallied) as s:
            file_objections(s, case_number=NUMBER, objections_in=_objections("2021-04-17T00:00:00-04:00"),
                            as_of=at("2021-04-17T00:00:00-04:00"))
        message = str(err.value)
        assert "2021-04-16" in message and "23:59:59" in message and "102.69" in message
        assert _counts(tallied) == before

    def test_objections_at_the_last_second_are_timely(self, tallied: Engine) -> None:
        """Objections received at 11:59:59 p.m. Eastern on the due date are timely (R-B9)."""
        with write_session(tallied) as s:
            filing = file_objections(s, case_number=NUMBER, objections_in=_objections("2021-04-16T23:59:59-04:00"),
                                     as_of=at("2021-04-16T23:59:59-04:00"))
            assert filing.timely

    def test_act_the_stage_does_not_allow(self, tallied: Engine) -> None:
        """A hearing officer's report while the election is at tally-issued is refused naming both stages."""
        before = _counts(tallied)
        with pytest.raises(IllegalTransition) as err, write_session(tallied) as s:
            issue_ho_report(s, case_number=NUMBER, decision_in=DecisionIn(issued_on=date(2021, 5, 1), result="set-aside"),
                            as_of=at("2021-05-01T12:00:00-04:00"))
        assert "tally-issued" in str(err.value) and "hearing-open" in str(err.value)
        assert _counts(tallied) == before

    def test_no_certification_while_objection_period_open(self, tallied: Engine) -> None:
        """A certification dated on the objections due date is refused (102.69(b))."""
        with pytest.raises(ProcedureError) as err, write_session(tallied) as s:
            issue_certification(s, case_number=NUMBER, issued_on=date(2021, 4, 16), as_of=at("2021-04-16T12:00:00-04:00"))
        assert "2021-04-16" in str(err.value)

    def test_certification_after_a_clean_lapse(self, tallied: Engine) -> None:
        """With no objections, the sweep marks certification due and the Certification of Results can issue on 2021-04-19."""
        with write_session(tallied) as s:
            report = sweep(s, as_of=at("2021-04-17T00:00:00-04:00"))
            assert report.elections_moved == ["10-RC-269250 election 1: tally-issued → certification-due"]
            cert = issue_certification(s, case_number=NUMBER, issued_on=date(2021, 4, 19), as_of=at("2021-04-19T12:00:00-04:00"))
            assert cert.kind == "results"
        with read_session(tallied) as s:
            election = s.exec(select(Election)).one()
            assert election.stage is Stage.CERTIFIED
            rfr = s.exec(select(Deadline).where(Deadline.kind == "request-for-review")).one()
            assert rfr.due_on == date(2021, 5, 3)

    @pytest.mark.parametrize("number, error", [("10-RC-999999", UnknownCase), ("10RC269250", MalformedCaseNumber),
                                               ("", MalformedCaseNumber)], ids=["unknown", "malformed", "empty"])
    def test_unknown_or_malformed_case_number(self, tallied: Engine, number: str, error: type[Exception]) -> None:
        """Objections in a case that is not there, or under a number that is not a case number, are refused."""
        with pytest.raises(error), write_session(tallied) as s:
            file_objections(s, case_number=number, objections_in=_objections("2021-04-16T12:00:00-04:00"),
                            as_of=at("2021-04-16T12:00:00-04:00"))

    def test_acts_are_idempotent(self, tallied: Engine) -> None:
        """Filing the same objections twice (a retried flow) stores one filing and one docket entry."""
        for _ in range(2):
            with write_session(tallied) as s:
                file_objections(s, case_number=NUMBER, objections_in=_objections("2021-04-16T15:00:00-04:00"),
                                as_of=at("2021-04-16T15:00:00-04:00"))
        counts = _counts(tallied)
        assert counts["Objection"] == 1 and counts["Filing"] == 2  # objections + confidential offer of proof
        with read_session(tallied) as s:
            acts = [e.act for e in s.exec(select(DocketEntry).order_by(DocketEntry.id))]
        assert acts.count("file-objections") == 1


class TestRefusalsFoundByANewUser:
    def test_offer_of_proof_on_an_objection_not_filed(self, tallied: Engine) -> None:
        """A witness offered on objection 3 of 2 objections is refused before anything is stored."""
        before = _counts(tallied)
        with pytest.raises(ProcedureError, match="objection 3, but the objections are numbered 1 to 2"), \
                write_session(tallied) as s:
            file_objections(s, case_number=NUMBER, as_of=at("2021-04-16T12:00:00-04:00"), objections_in=ObjectionsIn(
                party="rwdsu", statements=("a", "b"), received_on=date(2021, 4, 16),
                received_at=at("2021-04-16T12:00:00-04:00"), offer_of_proof=(Witness(objection=3, name="X", summary="y"),)))
        assert _counts(tallied) == before

    def test_same_tally_with_other_figures(self, tallied: Engine) -> None:
        """Recording the 2021 tally again with other figures is refused (an issued tally is never overwritten)."""
        with pytest.raises(ProcedureError, match="already recorded with other figures"), write_session(tallied) as s:
            record_tally(s, case_number=NUMBER, kind=TallyKind.INITIAL, prepared_on=date(2021, 4, 9),
                         counts=TallyCounts(choices=((RWDSU, 739),), against=1798, challenged=505, void=76, eligible=5867),
                         as_of=at("2021-04-10T12:00:00-04:00"))

    def test_timely_objections_recorded_after_the_sweep(self, tallied: Engine) -> None:
        """Objections received on time but recorded after the sweep moved the election on take it back to objections-pending."""
        with write_session(tallied) as s:
            sweep(s, as_of=at("2021-04-20T00:00:00-04:00"))
        with write_session(tallied) as s:
            file_objections(s, case_number=NUMBER, objections_in=_objections("2021-04-16T23:30:00-04:00"),
                            as_of=at("2021-04-20T09:00:00-04:00"))
        with read_session(tallied) as s:
            stages = [e.to_stage for e in s.exec(select(DocketEntry).order_by(DocketEntry.id)) if e.to_stage]
        assert stages == [Stage.TALLY_ISSUED, Stage.CERTIFICATION_DUE, Stage.OBJECTIONS_PENDING]

    def test_case_type_that_does_not_exist(self, tallied: Engine) -> None:
        """10-XX-269250 is refused as malformed: XX is no NLRB case type."""
        with pytest.raises(MalformedCaseNumber, match="XX is not an NLRB case type"), write_session(tallied) as s:
            file_objections(s, case_number="10-XX-269250", objections_in=_objections("2021-04-16T12:00:00-04:00"),
                            as_of=at("2021-04-16T12:00:00-04:00"))
