"""The services carry the real Bessemer case from its 2021 tally to the 2022 rerun and the ALJ decision,
on SQLite and on PostgreSQL, without Prefect (the flows are tested in tests/flows)."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Engine
from sqlmodel import select

from casefile.record.db import read_session, write_session
from casefile.record.models import Deadline, DocketEntry, Election, Filing, Objection
from casefile.services.cases import open_case
from casefile.services.decisions import DecisionIn, issue_ho_report, record_alj_decision, record_rd_decision
from casefile.services.hearings import HearingIn, consolidate_with_ulp, notice_hearing, open_hearing
from casefile.services.objections import ObjectionsIn, Witness, file_objections
from casefile.record.lookups import get_case, get_election
from casefile.jobs.sweep import sweep
from casefile.services.tallies import record_tally
from casefile.vocab import DeadlineKind, DeadlineStatus, Disposition, Stage, TallyKind
from tests.conftest import at
from tests.services.bessemer import CASE_IN, ELECTION_2021, ELECTION_2022, NUMBER, TALLY_2021, TALLY_2022


def _first_election(engine: Engine) -> None:
    with write_session(engine) as s:
        open_case(s, case_in=CASE_IN, as_of=at("2021-04-09T12:00:00-04:00"))
    with write_session(engine) as s:
        record_tally(s, case_number=NUMBER, kind=TallyKind.INITIAL, prepared_on=date(2021, 4, 9), counts=TALLY_2021,
                     election_in=ELECTION_2021, as_of=at("2021-04-09T12:00:00-04:00"))


class TestFirstElection:
    def test_tally_is_recorded_with_computed_lines_and_deadlines(self, engine: Engine) -> None:
        """The 2021 tally keeps valid 2,536, valid+challenged 3,041, not determinative, and objections due Fri 2021-04-16 11:59 p.m. Eastern."""
        _first_election(engine)
        with read_session(engine) as s:
            case = get_case(s, NUMBER)
            election = get_election(s, case)
            assert case.rule_set_id == "2019-text"
            assert election.stage is Stage.TALLY_ISSUED
            deadlines = {d.kind: d for d in s.exec(select(Deadline).where(Deadline.election_id == election.id))}
        objections = deadlines[DeadlineKind.OBJECTIONS]
        assert objections.due_on == date(2021, 4, 16)
        assert objections.cutoff_at == at("2021-04-16T23:59:59-04:00")
        assert "102.69(a)(8)" in objections.citation
        assert deadlines[DeadlineKind.HEARING_OPENS].due_on == date(2021, 4, 30)
        assert deadlines[DeadlineKind.EARLIEST_CERTIFICATION].due_on == date(2021, 4, 19)

    def test_objections_hearing_report_and_set_aside(self, engine: Engine) -> None:
        """RWDSU's 23 objections move the election to objections-pending; report, decision set it aside and direct a rerun."""
        _first_election(engine)
        with write_session(engine) as s:
            filing = file_objections(s, case_number=NUMBER, as_of=at("2021-04-16T17:00:00-04:00"), objections_in=ObjectionsIn(
                party="rwdsu", statements=tuple(f"objection {n}" for n in range(1, 24)), received_on=date(2021, 4, 16),
                received_at=at("2021-04-16T16:00:00-05:00"),
                offer_of_proof=(Witness(objection=1, name="W1", summary="saw the collection box"),)))
            filing_id = filing.id
        with write_session(engine) as s:
            report = sweep(s, as_of=at("2021-04-17T00:00:00-04:00"))
        assert report.deadlines_closed == ["10-RC-269250: objections due 2021-04-16: met",
                                           "10-RC-269250: offer-of-proof due 2021-04-16: met"]
        with write_session(engine) as s:
            notice_hearing(s, case_number=NUMBER, hearing_in=HearingIn(issued_on=date(2021, 4, 26), opens_on=date(2021, 5, 7)),
                           as_of=at("2021-04-26T12:00:00-04:00"))
            open_hearing(s, case_number=NUMBER, opened_on=date(2021, 5, 7), as_of=at("2021-05-07T12:00:00-04:00"))
            issue_ho_report(s, case_number=NUMBER, as_of=at("2021-08-02T12:00:00-04:00"),
                            decision_in=DecisionIn(issued_on=date(2021, 8, 2), result="set-aside", at_fault="amazon"))
        with write_session(engine) as s:
            sweep(s, as_of=at("2021-11-29T00:00:00-05:00"))
            record_rd_decision(s, case_number=NUMBER, as_of=at("2021-11-29T12:00:00-05:00"), decision_in=DecisionIn(
                issued_on=date(2021, 11, 29), result="set-aside", at_fault="amazon", rulings={"rwdsu": {1: "sustained"}}))
        with read_session(engine) as s:
            election = get_election(s, get_case(s, NUMBER), 1)
            assert election.stage is Stage.RERUN_DIRECTED
            objections = s.exec(select(Objection).where(Objection.filing_id == filing_id)).all()
            assert len(objections) == 23
            assert {o.number: o.disposition for o in objections}[1] is Disposition.SUSTAINED
            offer = s.exec(select(Filing).where(Filing.kind == "offer-of-proof")).one()
            assert offer.confidential and offer.served_on == []
            deadlines = {d.kind: d for d in s.exec(select(Deadline).where(Deadline.election_id == election.id))}
            assert deadlines[DeadlineKind.EXCEPTIONS].due_on == date(2021, 8, 16)
            assert deadlines[DeadlineKind.EXCEPTIONS].status is DeadlineStatus.LAPSED
            assert deadlines[DeadlineKind.HEARING_OPENS].status is DeadlineStatus.MET_LATE  # opened 05-07, target 04-30
            assert deadlines[DeadlineKind.EARLIEST_CERTIFICATION].status is DeadlineStatus.MOOTED  # objections filed
            assert deadlines[DeadlineKind.ANSWERING_BRIEF].due_on == date(2021, 8, 23)
            assert deadlines[DeadlineKind.RECONSIDERATION].due_on == date(2021, 12, 13)
            stages = [e.to_stage for e in s.exec(select(DocketEntry).where(DocketEntry.election_id == election.id)
                                                  .order_by(DocketEntry.id)) if e.to_stage]
        assert stages == [Stage.TALLY_ISSUED, Stage.OBJECTIONS_PENDING, Stage.HEARING_NOTICED, Stage.HEARING_OPEN,
                          Stage.HO_REPORT_ISSUED, Stage.RD_DECISION, Stage.SET_ASIDE, Stage.RERUN_DIRECTED]


class TestRerun:
    def _to_rerun(self, engine: Engine) -> None:
        _first_election(engine)
        with write_session(engine) as s:
            file_objections(s, case_number=NUMBER, as_of=at("2021-04-16T12:00:00-04:00"), objections_in=ObjectionsIn(
                party="rwdsu", statements=("collection box",), received_on=date(2021, 4, 16)))
            notice_hearing(s, case_number=NUMBER, hearing_in=HearingIn(issued_on=date(2021, 4, 26)), as_of=at("2021-04-26T12:00:00-04:00"))
            open_hearing(s, case_number=NUMBER, opened_on=date(2021, 5, 7), as_of=at("2021-05-07T12:00:00-04:00"))
            issue_ho_report(s, case_number=NUMBER, as_of=at("2021-08-02T12:00:00-04:00"),
                            decision_in=DecisionIn(issued_on=date(2021, 8, 2), result="set-aside"))
            record_rd_decision(s, case_number=NUMBER, as_of=at("2021-11-29T12:00:00-05:00"),
                               decision_in=DecisionIn(issued_on=date(2021, 11, 29), result="set-aside", at_fault="amazon"))

    def test_rerun_tally_starts_the_path_again_with_determinative_challenges(self, engine: Engine) -> None:
        """The 2022 rerun is election 2, following election 1; its 416 challenged ballots are determinative; objections due Thu 2022-04-07."""
        self._to_rerun(engine)
        with write_session(engine) as s:
            tally = record_tally(s, case_number=NUMBER, kind=TallyKind.RERUN, prepared_on=date(2022, 3, 31), counts=TALLY_2022,
                                 election_in=ELECTION_2022, as_of=at("2022-03-31T12:00:00-04:00"))
            assert tally.valid == 1868 and tally.valid_plus_challenged == 2284 and tally.determinative
        with read_session(engine) as s:
            case = get_case(s, NUMBER)
            rerun = get_election(s, case)
            first = get_election(s, case, 1)
            assert (rerun.sequence, rerun.follows_id, rerun.stage) == (2, first.id, Stage.TALLY_ISSUED)
            due = s.exec(select(Deadline).where(Deadline.election_id == rerun.id, Deadline.kind == DeadlineKind.OBJECTIONS)).one()
            assert due.due_on == date(2022, 4, 7)

    def test_cross_objections_then_consolidation_and_alj_decision(self, engine: Engine) -> None:
        """Objections by both parties and determinative challenges are pending at once; the ALJ's decision leaves exceptions due in 28 days."""
        self._to_rerun(engine)
        with write_session(engine) as s:
            record_tally(s, case_number=NUMBER, kind=TallyKind.RERUN, prepared_on=date(2022, 3, 31), counts=TALLY_2022,
                         election_in=ELECTION_2022, as_of=at("2022-03-31T12:00:00-04:00"))
            for party, n in (("rwdsu", 21), ("amazon", 8)):
                file_objections(s, case_number=NUMBER, as_of=at("2022-04-07T12:00:00-04:00"), objections_in=ObjectionsIn(
                    party=party, statements=tuple(f"objection {i}" for i in range(1, n + 1)), received_on=date(2022, 4, 7)))
        with write_session(engine) as s:
            sweep(s, as_of=at("2024-04-25T12:00:00-04:00"))
            election = get_election(s, get_case(s, NUMBER))
            assert election.stage is Stage.OBJECTIONS_PENDING
            consolidate_with_ulp(s, case_number=NUMBER, as_of=at("2024-04-25T12:00:00-04:00"), hearing_in=HearingIn(
                issued_on=date(2024, 4, 25), opens_on=date(2024, 4, 25), challenges=True, ulp_cases=("10-CA-000001",),
                objections={"rwdsu": list(range(1, 15)), "amazon": list(range(1, 8))}))
            record_alj_decision(s, case_number=NUMBER, as_of=at("2024-11-05T12:00:00-05:00"), decision_in=DecisionIn(
                issued_on=date(2024, 11, 5), result="set-aside", at_fault="amazon"))
        with read_session(engine) as s:
            election = get_election(s, get_case(s, NUMBER))
            assert election.stage is Stage.ALJ_DECISION_ISSUED
            set_ = s.exec(select(Objection).where(Objection.election_id == election.id,
                                                  Objection.disposition == Disposition.SET_FOR_HEARING)).all()
            assert len(set_) == 21
            alj = s.exec(select(Deadline).where(Deadline.election_id == election.id, Deadline.kind == DeadlineKind.ALJ_EXCEPTIONS)).one()
            assert alj.due_on == date(2024, 12, 3)
