"""The front door carries the real Bessemer case (10-RC-269250) from its 2021 tally to the 2022
rerun and the ALJ decision, on SQLite and on PostgreSQL, without Prefect and without rendering."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import select

from casefile import app
from casefile.acts import ActIn
from casefile.errors import BadInput, ProcedureError
from casefile.record.db import read_session
from casefile.record.lookups import get_case, get_election
from casefile.record.models import Deadline, DocketEntry, Filing, Objection, ServiceRecord
from casefile.vocab import DeadlineKind, DeadlineStatus, Disposition, Stage
from tests.bessemer import AMAZON, NUMBER, RWDSU, TALLY_2022, first_election, front_door, to_rerun
from tests.conftest import at


def perform(engine: Engine, data: ActIn | dict[str, Any], when: str) -> app.ActResult:
    """Perform one act (scenario syntax) through the front door, as of ``when``, without documents."""
    return front_door(engine, data, at(when))


class TestFirstElection:
    def test_tally_is_recorded_with_computed_lines_and_deadlines(self, engine: Engine) -> None:
        """The 2021 tally keeps valid 2,536, valid+challenged 3,041, not determinative, and objections due Fri 2021-04-16 11:59 p.m. Eastern."""
        first_election(engine)
        with read_session(engine) as s:
            case = get_case(s, NUMBER)
            election = get_election(s, case)
            assert case.rule_set_id == "2019-text"
            assert election.stage is Stage.TALLY_ISSUED
            deadlines = {d.kind: d for d in s.exec(select(Deadline).where(Deadline.election_id == election.id))}
        objections = deadlines[DeadlineKind.OBJECTIONS]
        assert (objections.due_on, objections.cutoff_at) == (date(2021, 4, 16), at("2021-04-16T23:59:59-04:00"))
        assert "102.69(a)(8)" in objections.citation
        assert deadlines[DeadlineKind.HEARING_OPENS].due_on == date(2021, 4, 30)
        assert deadlines[DeadlineKind.EARLIEST_CERTIFICATION].due_on == date(2021, 4, 19)

    def test_objections_hearing_report_and_set_aside(self, engine: Engine) -> None:
        """RWDSU's 23 objections move the election to objections-pending; report, decision set it aside and direct a rerun."""
        first_election(engine)
        filed = perform(engine, {"act": "file-objections", "at": "2021-04-16T16:00:00-05:00", "party": "rwdsu",
                                 "objections": [f"objection {n}" for n in range(1, 24)],
                                 "offer_of_proof": [{"objection": 1, "witness": "W1", "summary": "saw the collection box"}]},
                        "2021-04-16T17:00:00-04:00")
        filing_id = int(filed.ref.partition(":")[2])
        swept = app.sweep_case(1, as_of=at("2021-04-17T00:00:00-04:00"), engine=engine)
        assert swept == ["10-RC-269250: objections due April 16, 2021: met", "10-RC-269250: offer of proof of Retail, Wholesale and Department Store Union due April 16, 2021: met"]
        perform(engine, {"act": "notice-hearing", "date": "2021-04-26", "opens_on": "2021-05-07"}, "2021-04-26T12:00:00-04:00")
        perform(engine, {"act": "open-hearing", "date": "2021-05-07"}, "2021-05-07T12:00:00-04:00")
        perform(engine, {"act": "ho-report", "date": "2021-08-02", "result": "set-aside", "at_fault": "amazon"},
                "2021-08-02T12:00:00-04:00")
        perform(engine, {"act": "rd-decision", "date": "2021-11-29", "result": "set-aside", "at_fault": "amazon",
                         "rulings": {"rwdsu": {1: "sustained"}}}, "2021-11-29T12:00:00-05:00")
        with read_session(engine) as s:
            election = get_election(s, get_case(s, NUMBER), 1)
            assert election.stage is Stage.RERUN_DIRECTED
            objections = s.exec(select(Objection).where(Objection.filing_id == filing_id)).all()
            assert len(objections) == 23
            assert {o.number: o.disposition for o in objections}[1] is Disposition.SUSTAINED
            offer = s.exec(select(Filing).where(Filing.kind == "offer-of-proof")).one()
            assert offer.confidential and offer.accompanies_id == filing_id
            ledger = s.exec(select(ServiceRecord).where(ServiceRecord.filing_id == offer.id)).all()
            assert [(r.party_id, r.served) for r in ledger] == [(None, "Regional Director, Region 10")]  # the Region only
            deadlines = {d.kind: d for d in s.exec(select(Deadline).where(Deadline.election_id == election.id))}
            assert deadlines[DeadlineKind.EXCEPTIONS].due_on == date(2021, 8, 16)
            assert deadlines[DeadlineKind.EXCEPTIONS].status is DeadlineStatus.LAPSED
            assert deadlines[DeadlineKind.HEARING_OPENS].status is DeadlineStatus.MET_LATE  # opened 05-07, target 04-30
            assert deadlines[DeadlineKind.EARLIEST_CERTIFICATION].status is DeadlineStatus.MOOTED  # objections filed
            assert deadlines[DeadlineKind.ANSWERING_BRIEF].due_on == date(2021, 8, 23)
            assert deadlines[DeadlineKind.RECONSIDERATION].due_on == date(2021, 12, 13)
            entries = s.exec(select(DocketEntry).where(DocketEntry.election_id == election.id).order_by(DocketEntry.id)).all()
        assert [e.to_stage for e in entries if e.to_stage] == [
            Stage.TALLY_ISSUED, Stage.OBJECTIONS_PENDING, Stage.HEARING_NOTICED, Stage.HEARING_OPEN,
            Stage.HO_REPORT_ISSUED, Stage.RD_DECISION, Stage.SET_ASIDE, Stage.RERUN_DIRECTED]
        assert {e.recorded_by for e in entries} == {"operator:test"}


class TestRerun:
    def test_rerun_tally_starts_the_path_again_with_determinative_challenges(self, engine: Engine) -> None:
        """The 2022 rerun is election 2, following election 1; its 416 challenged ballots are determinative; objections due Thu 2022-04-07."""
        to_rerun(engine)
        perform(engine, TALLY_2022, "2022-03-31T12:00:00-04:00")
        with read_session(engine) as s:
            case = get_case(s, NUMBER)
            rerun, first = get_election(s, case), get_election(s, case, 1)
            assert (rerun.sequence, rerun.follows_id, rerun.stage) == (2, first.id, Stage.TALLY_ISSUED)
            due = s.exec(select(Deadline).where(Deadline.election_id == rerun.id, Deadline.kind == DeadlineKind.OBJECTIONS)).one()
            assert due.due_on == date(2022, 4, 7)
        tally = app.case(NUMBER, engine=engine).elections[1].tallies[0]
        assert (tally.valid, tally.valid_plus_challenged, tally.determinative, tally.outcome) == (1868, 2284, True, "PENDING")

    def test_cross_objections_then_consolidation_and_alj_decision(self, engine: Engine) -> None:
        """Objections by both parties and determinative challenges are pending at once; the ALJ's decision leaves exceptions due in 28 days."""
        to_rerun(engine)
        perform(engine, TALLY_2022, "2022-03-31T12:00:00-04:00")
        for party, n in (("rwdsu", 21), ("amazon", 8)):
            perform(engine, {"act": "file-objections", "date": "2022-04-07", "party": party,
                             "objections": [f"objection {i}" for i in range(1, n + 1)]}, "2022-04-07T12:00:00-04:00")
        swept = app.sweep_case(1, as_of=at("2024-04-25T12:00:00-04:00"), engine=engine)  # as the consolidation's own
        assert swept == ["10-RC-269250: objections due April 7, 2022: met",  # no offer filed by either party; nothing moved
                         "10-RC-269250: offer of proof of Retail, Wholesale and Department Store Union due April 7, 2022: lapsed",
                         "10-RC-269250: offer of proof of Amazon.com Services LLC due April 7, 2022: lapsed"]
        with read_session(engine) as s:
            assert get_election(s, get_case(s, NUMBER)).stage is Stage.OBJECTIONS_PENDING
        perform(engine, {"act": "consolidate-with-ulp", "date": "2024-04-25", "opens_on": "2024-04-25", "challenges": True,
                         "ulp_cases": ["10-CA-000001"], "objections": {"rwdsu": list(range(1, 15)), "amazon": list(range(1, 8))}},
                "2024-04-25T12:00:00-04:00")
        perform(engine, {"act": "alj-decision", "date": "2024-11-05", "result": "set-aside", "at_fault": "amazon"},
                "2024-11-05T12:00:00-05:00")
        with read_session(engine) as s:
            election = get_election(s, get_case(s, NUMBER))
            assert election.stage is Stage.ALJ_DECISION_ISSUED
            set_ = s.exec(select(Objection).where(Objection.election_id == election.id,
                                                  Objection.disposition == Disposition.SET_FOR_HEARING)).all()
            assert len(set_) == 21
            alj = s.exec(select(Deadline).where(Deadline.election_id == election.id,
                                                Deadline.kind == DeadlineKind.ALJ_EXCEPTIONS)).one()
            assert alj.due_on == date(2024, 12, 3)


class TestEachPartysOfferOfProof:
    """Both parties object to the 2022 rerun on Thu 2022-04-07 (RWDSU 21 objections, Amazon 8): each owes its own
    offer of proof (29 CFR 102.69(a)(8)), due with its objections on 2022-04-07 (5 business days after the
    2022-03-31 tally); an extension on RWDSU's request moves RWDSU's alone, and RWDSU's offer meets RWDSU's alone."""

    def both_object(self, engine: Engine) -> None:
        to_rerun(engine)
        perform(engine, TALLY_2022, "2022-03-31T12:00:00-04:00")
        for party, n in (("rwdsu", 21), ("amazon", 8)):
            perform(engine, {"act": "file-objections", "date": "2022-04-07", "party": party,
                             "objections": [f"objection {i}" for i in range(1, n + 1)]}, "2022-04-07T12:00:00-04:00")

    def offers(self, engine: Engine) -> dict[str, tuple[date, DeadlineStatus, str]]:
        with read_session(engine) as s:
            election = get_election(s, get_case(s, NUMBER))
            rows = s.exec(select(Deadline).where(Deadline.election_id == election.id,
                                                 Deadline.kind == DeadlineKind.OFFER_OF_PROOF).order_by(Deadline.id)).all()
            return {d.for_whom: (d.due_on, d.status, d.pinned_by) for d in rows}

    def test_each_objecting_party_owes_its_own_offer_of_proof(self, engine: Engine) -> None:
        """The tally's period becomes RWDSU's (the first to object), Amazon's is its own: both due Thu 2022-04-07."""
        self.both_object(engine)
        assert self.offers(engine) == {"rwdsu": (date(2022, 4, 7), DeadlineStatus.OPEN, ""),
                                       "amazon": (date(2022, 4, 7), DeadlineStatus.OPEN, "")}

    def test_rwdsus_extension_and_offer_meet_rwdsus_period_only(self, engine: Engine) -> None:
        """RWDSU asks on 04-07 and the Regional Director extends RWDSU's offer to Thu 2022-04-14; RWDSU files it on
        04-13. Amazon files none: its period lapses at 11:59 p.m. EDT on 04-07, RWDSU's is met after 04-14."""
        self.both_object(engine)
        asked = perform(engine, {"act": "request-extension", "date": "2022-04-07", "party": "rwdsu",
                                 "kind": "offer-of-proof", "until": "2022-04-14",
                                 "reasons": "witnesses to the mailbox are out of state until April 12"},
                        "2022-04-07T13:00:00-04:00")
        assert "(due April 7, 2022) to April 14, 2022" in asked.summary
        with pytest.raises(BadInput, match=rf"an offer-of-proof period for each objecting party, {RWDSU} \(rwdsu\) and "
                                           rf"{AMAZON} \(amazon\): name the party"):
            perform(engine, {"act": "pin-deadline", "date": "2022-04-07", "kind": "offer-of-proof", "due": "2022-04-14",
                             "order": "RD order of 2022-04-07 extending the Petitioner's time"}, "2022-04-07T15:00:00-04:00")
        pinned = perform(engine, {"act": "pin-deadline", "date": "2022-04-07", "kind": "offer-of-proof", "party": "rwdsu",
                                  "due": "2022-04-14", "order": "RD order of 2022-04-07 extending the Petitioner's time"},
                         "2022-04-07T15:00:00-04:00")
        assert pinned.summary.startswith(f"{RWDSU}'s offer of proof due April 7, 2022 → April 14, 2022 (cut-off 11:59 p.m. EDT)")
        assert self.offers(engine) == {
            "rwdsu": (date(2022, 4, 14), DeadlineStatus.OPEN, "RD order of 2022-04-07 extending the Petitioner's time"),
            "amazon": (date(2022, 4, 7), DeadlineStatus.OPEN, "")}
        swept = app.sweep_case(1, as_of=at("2022-04-08T00:00:00-04:00"), engine=engine)
        assert swept == ["10-RC-269250: objections due April 7, 2022: met",
                         "10-RC-269250: offer of proof of Amazon.com Services LLC due April 7, 2022: lapsed"]
        perform(engine, {"act": "file-offer-of-proof", "date": "2022-04-13", "party": "rwdsu",
                         "witnesses": [{"objection": 1, "witness": "W1", "summary": "saw the mailbox installed"}]},
                "2022-04-13T12:00:00-04:00")
        swept = app.sweep_case(1, as_of=at("2022-04-15T00:00:00-04:00"), engine=engine)
        assert swept == ["10-RC-269250: offer of proof of Retail, Wholesale and Department Store Union due April 14, 2022: met"]
        assert self.offers(engine) == {
            "rwdsu": (date(2022, 4, 14), DeadlineStatus.MET, "RD order of 2022-04-07 extending the Petitioner's time"),
            "amazon": (date(2022, 4, 7), DeadlineStatus.LAPSED, "")}
        with read_session(engine) as s:
            offer = s.exec(select(Filing).where(Filing.kind == "offer-of-proof")).one()
            own = s.exec(select(Deadline).where(Deadline.id == offer.deadline_id)).one()
        assert own.for_whom == "rwdsu"

    def test_a_party_asks_for_its_own_period_only(self, engine: Engine) -> None:
        """Amazon cannot ask to extend RWDSU's period by its id; asked by kind it is Amazon's own that it asks for."""
        self.both_object(engine)
        with read_session(engine) as s:
            election = get_election(s, get_case(s, NUMBER))
            ids = {d.for_whom: d.id for d in s.exec(select(Deadline).where(
                Deadline.election_id == election.id, Deadline.kind == DeadlineKind.OFFER_OF_PROOF))}
        with pytest.raises(ProcedureError, match=rf"deadline {ids['rwdsu']} is {RWDSU}'s offer-of-proof period, not "
                                                 rf"{AMAZON}'s"):
            perform(engine, {"act": "request-extension", "date": "2022-04-06", "party": "amazon",
                             "deadline": ids["rwdsu"], "until": "2022-04-14", "reasons": "more time"},
                    "2022-04-07T13:00:00-04:00")
        perform(engine, {"act": "request-extension", "date": "2022-04-07", "party": "amazon", "kind": "offer-of-proof",
                         "until": "2022-04-21", "reasons": "more time"}, "2022-04-07T13:00:00-04:00")
        with read_session(engine) as s:
            request = s.exec(select(Filing).where(Filing.kind == "extension-request")).one()
        assert request.deadline_id == ids["amazon"]
