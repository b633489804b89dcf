"""request-for-review, oppose-review and board-ruling.

Real histories: Amazon JFK8 (29-RC-288020) certified by the Regional Director for Region 28 on
2023-01-11, Amazon saying it would appeal; the request-for-review period ends Thu 2023-01-26 at the
Board (10 business days, Martin Luther King Jr. Day skipped) — the Board's ruling is not in the
sources used here, so each ruling below is hypothetical. Bessemer (10-RC-269250): the Regional
Director set the 2021 election aside on 2021-11-29 and the Board denied RWDSU's request for review
(about the rerun's mailbox) on 2022-02-04 (shared/data/cases.md §1a); the request's own date is not
in the sources (a date in between is used)."""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import select

from casefile.errors import AlreadyRecorded, BadInput, ProcedureError, UntimelyFiling
from casefile.record.db import read_session
from casefile.record.models import Deadline, Decision, Election, Filing, Hearing
from casefile.vocab import DeadlineKind, DeadlineStatus, ElectionAgreement, ElectionKind, Stage
from tests.acts import procedure as bessemer
from tests.acts.real_histories import JFK8, jfk8_through, service_of

RFR = {"act": "request-for-review", "date": date(2023, 1, 26), "party": "amazon",
       "grounds": ["[NOT IN THE PUBLIC RECORD: the Employer's grounds for review]"]}


def _election(sequence: int = 1) -> Election:
    with read_session() as s:
        return s.exec(select(Election).where(Election.sequence == sequence)).one()


def _deadline(kind: DeadlineKind) -> Deadline:
    with read_session() as s:
        return s.exec(select(Deadline).where(Deadline.kind == kind)).one()


@pytest.fixture
def certified(configured_db: Path):  # type: ignore[no-untyped-def]
    return jfk8_through("certification")


class TestRequestForReview:
    def test_of_the_certification_on_its_last_day(self, certified) -> None:  # type: ignore[no-untyped-def]
        """Received by the Board on Thu 2023-01-26, 11:00 p.m. Eastern (9:00 p.m. in Phoenix): timely against the stored
        deadline (cut-off 11:59:59 p.m. Eastern); the election moves certified → rfr-pending; the agreement not being in
        the record, review is treated as available and the result says so."""
        at = datetime.fromisoformat("2023-01-26T23:00:00-05:00")
        result = certified.perform(certified.act({**RFR, "date": None, "at": at}), as_of=at)
        assert _election().stage is Stage.RFR_PENDING
        assert "received by the Board 11:00 p.m. EST on January 26, 2023" in result.summary  # words, not ISO
        assert result.warnings and "treated as available" in result.warnings[0]
        with read_session() as s:
            filing = s.exec(select(Filing).where(Filing.kind == "request-for-review")).one()
        assert filing.received_on == date(2023, 1, 26)
        served, others = service_of(filing.id)  # type: ignore[arg-type]
        assert served == ["Amazon Labor Union"]
        assert others[-1] == "Regional Director" and "Board" in others[0]  # filed with the Board, a copy to the RD

    def test_one_minute_after_the_boards_cut_off(self, certified) -> None:  # type: ignore[no-untyped-def]
        """00:00:59 Eastern on 01-27 is 10:00 p.m. on 01-26 in Phoenix but late at the Board, which receives it."""
        at = datetime.fromisoformat("2023-01-27T00:00:59-05:00")
        error = certified.refused(certified.act({**RFR, "date": None, "at": at}), UntimelyFiling, as_of=at)
        assert "received Fri 2023-01-27 12:00 a.m. EST" in str(error)  # at the Board, in Washington's zone
        assert "due Thu 2023-01-26, cut-off 11:59 p.m. EST" in str(error)

    def test_a_consent_election_has_no_review(self, configured_db: Path) -> None:
        """Bessemer opened as a consent election: the certification is final; no request (R-K5)."""
        bessemer.open_bessemer(ElectionAgreement.CONSENT)
        for name in ("tally-2021", "objections-2021", "notice-hearing", "open-hearing", "ho-report", "rd-decision"):
            bessemer.perform(bessemer.event(name))
        act = bessemer.act({"act": "request-for-review", "date": date(2021, 12, 6), "party": "rwdsu",
                            "grounds": ["Hypothetical"]})
        assert "no review by the Board" in str(bessemer.refused(act, ProcedureError))

    def test_of_a_set_aside_is_allowed_and_flagged(self, configured_db: Path) -> None:
        """Bessemer, election 1 set aside on 2021-11-29: a request for review (RWDSU's, about the rerun) is no request
        against a final disposition; it is accepted without a stored period, flagged (R-N3), and the rerun stays directed."""
        bessemer.carry("rd-decision")
        act = bessemer.act({"act": "request-for-review", "date": date(2022, 1, 14), "party": "rwdsu",
                            "grounds": ["The placement of the mailbox for the second election (as reported)"]})
        result = bessemer.perform(act)
        assert any("not a final disposition" in w and "R-N3" not in w for w in result.warnings)
        assert _election().stage is Stage.RERUN_DIRECTED
        with read_session() as s:
            filing = s.exec(select(Filing).where(Filing.kind == "request-for-review")).one()
        # the note cites no rule id of casefile's own (14135e2): it says why no period runs
        assert (filing.deadline_id, filing.timeliness_note) == (
            None, "no request-for-review period runs yet: a decision setting the election aside is not a final disposition")

    def test_before_any_final_disposition(self, configured_db: Path) -> None:
        case = jfk8_through("ho-report")
        assert case.refused(case.act({**RFR, "date": date(2022, 9, 2)}), ProcedureError).field == "election"

    def test_one_request_per_action(self, certified) -> None:  # type: ignore[no-untyped-def]
        certified.perform(certified.act(RFR))
        again = certified.act({**RFR, "grounds": ["Another ground"]})
        assert "one request for review per action" in str(certified.refused(again, ProcedureError))

    def test_a_retry_stores_nothing(self, certified) -> None:  # type: ignore[no-untyped-def]
        certified.perform(certified.act(RFR))
        assert certified.retried(certified.act(RFR)).repeated


class TestOpposition:
    def test_within_five_business_days_after_the_last_day_for_the_request(self, certified) -> None:  # type: ignore[no-untyped-def]
        """The opposition runs from the request's due date (01-26), not from its filing: due Thu 2023-02-02 at the Board."""
        certified.perform(certified.act(RFR))
        assert _deadline(DeadlineKind.RFR_OPPOSITION).due_on == date(2023, 2, 2)
        certified.perform(certified.act({"act": "oppose-review", "date": date(2023, 2, 2), "party": "alu",
                                         "points": ["Hypothetical point"]}))
        late = certified.act({"act": "oppose-review", "date": date(2023, 2, 3), "party": "alu", "points": ["Late"]})
        certified.refused(late, UntimelyFiling)

    def test_there_must_be_another_partys_request(self, certified) -> None:  # type: ignore[no-untyped-def]
        act = certified.act({"act": "oppose-review", "date": date(2023, 1, 30), "party": "alu", "points": ["Nothing"]})
        certified.refused(act, ProcedureError)


class TestBoardRuling:
    @pytest.fixture
    def pending(self, certified):  # type: ignore[no-untyped-def]
        certified.perform(certified.act(RFR))
        return certified

    def test_denied_closes_the_case(self, pending) -> None:  # type: ignore[no-untyped-def]
        """Review denied (hypothetically, Mon 2023-01-30, before the opposition was due on 02-02 — the Board may rule without
        waiting): the certification is final, the election closed; the request period is met, and the opposition period,
        with no opposition filed, mooted by the ruling."""
        pending.perform(pending.act({"act": "board-ruling", "date": date(2023, 1, 30), "ruling": "denied"}))
        assert _election().stage is Stage.CLOSED
        assert _deadline(DeadlineKind.REQUEST_FOR_REVIEW).status is DeadlineStatus.MET
        assert _deadline(DeadlineKind.RFR_OPPOSITION).status is DeadlineStatus.MOOTED
        with read_session() as s:
            decision = s.exec(select(Decision).where(Decision.kind == "board-decision")).one()
        assert decision.result == "review-denied"

    def test_granted_and_set_aside_directs_a_rerun(self, pending) -> None:  # type: ignore[no-untyped-def]
        pending.perform(pending.act({"act": "board-ruling", "date": date(2023, 3, 1), "ruling": "granted",
                                     "decision": "set-aside"}))
        election = _election()
        assert (election.stage, election.next_kind, election.next_choices) == (
            Stage.RERUN_DIRECTED, ElectionKind.RERUN, ["Amazon Labor Union"])

    def test_remanded_for_a_hearing(self, pending) -> None:  # type: ignore[no-untyped-def]
        """A remand opens a hearing record; the hearing can then be opened as any noticed hearing."""
        pending.perform(pending.act({"act": "board-ruling", "date": date(2023, 3, 1), "ruling": "remanded"}))
        assert _election().stage is Stage.HEARING_NOTICED
        with read_session() as s:
            hearings = s.exec(select(Hearing).order_by(Hearing.id)).all()
        assert hearings[-1].noticed_on == date(2023, 3, 1)
        pending.perform(pending.act({"act": "open-hearing", "date": date(2023, 4, 3)}))
        assert _election().stage is Stage.HEARING_OPEN

    def test_granted_without_decision_keeps_review_pending(self, pending) -> None:  # type: ignore[no-untyped-def]
        pending.perform(pending.act({"act": "board-ruling", "date": date(2023, 3, 1), "ruling": "granted"}))
        assert _election().stage is Stage.RFR_PENDING

    def test_a_decision_with_a_denial_is_refused(self, pending) -> None:  # type: ignore[no-untyped-def]
        act = pending.act({"act": "board-ruling", "date": date(2023, 3, 1), "ruling": "denied", "decision": "affirmed"})
        assert pending.refused(act, BadInput).field == "decision"

    def test_no_request_no_ruling(self, certified) -> None:  # type: ignore[no-untyped-def]
        act = certified.act({"act": "board-ruling", "date": date(2023, 3, 1), "ruling": "denied"})
        certified.refused(act, ProcedureError)

    def test_the_real_denial_of_rwdsus_request_moves_nothing(self, configured_db: Path) -> None:
        """Bessemer: the Board denied RWDSU's request on 2022-02-04; the rerun stays directed (it was held from 2022-02-04)."""
        bessemer.carry("rd-decision")
        bessemer.perform(bessemer.act({"act": "request-for-review", "date": date(2022, 1, 14), "party": "rwdsu",
                                       "grounds": ["The placement of the mailbox for the second election"]}))
        bessemer.perform(bessemer.act({"act": "board-ruling", "date": date(2022, 2, 4), "ruling": "denied",
                                       "summary": "Review denied without prejudice to a post-election objection."}))
        assert _election().stage is Stage.RERUN_DIRECTED
        remand = bessemer.act({"act": "board-ruling", "date": date(2022, 2, 5), "ruling": "remanded"})
        bessemer.refused(remand, ProcedureError)

    def test_a_retry_stores_nothing(self, pending) -> None:  # type: ignore[no-untyped-def]
        act = pending.act({"act": "board-ruling", "date": date(2023, 3, 1), "ruling": "denied"})
        pending.perform(act)
        assert pending.retried(act).repeated

    def test_the_same_ruling_with_other_terms_is_refused_in_words(self, pending) -> None:  # type: ignore[no-untyped-def]
        """Review denied on 2023-03-01, entered again that day with a summary and signers: refused naming the ruling by its
        long date and each term recorded → given (not only "summary differs"), and nothing stored."""
        pending.perform(pending.act({"act": "board-ruling", "date": date(2023, 3, 1), "ruling": "denied"}))
        error = pending.refused(pending.act({"act": "board-ruling", "date": date(2023, 3, 1), "ruling": "denied",
                                             "issuer": "Chairman McFerran and Members Wilcox and Prouty",
                                             "summary": "Review denied: no substantial issue is raised."}),
                                AlreadyRecorded)
        assert str(error) == (
            "29-RC-288020: the Board's ruling of March 1, 2023 on the request for review is already recorded with other "
            "terms (recorded → given: issued by: none given → “Chairman McFerran and Members Wilcox and Prouty”; "
            "summary: none given → “Review denied: no substantial issue is raised.”); an issued ruling is never "
            "overwritten: to record it again, give the terms recorded; a ruling that changes it is a later one, on its "
            "own date, on a motion for reconsideration (29 CFR 102.65(e))")
        assert error.field == "issuer"  # type: ignore[attr-defined]


class TestReviewOfTheDecisionOnObjections:
    """JFK8: the Regional Director overruled Amazon's objections on Wed 2023-01-11 (Decision on Objections). A request
    for review lies "any time after the RD action" until 10 business days after the final disposition, the certification
    (29 CFR 102.67(c), 102.69(c)(2); rules.md R-N2): filed before the certification it is accepted with no period yet."""

    @pytest.fixture
    def decided(self, configured_db: Path):  # type: ignore[no-untyped-def]
        return jfk8_through("rd-decision")

    def test_accepted_after_the_decision_before_the_certification(self, decided) -> None:  # type: ignore[no-untyped-def]
        from casefile.acts import allowed_now
        from casefile.record.models import Case

        assert _election().stage is Stage.CERTIFICATION_DUE
        with read_session() as s:
            assert allowed_now(s, s.exec(select(Case)).one(), "request-for-review")
        result = decided.perform(decided.act({**RFR, "date": date(2023, 1, 11)}), documents="issue")
        assert any("certification has not issued yet" in w and "102.67(c)" in w for w in result.warnings)
        assert "Request for review of the Regional Director's Decision on Objections, by Amazon" in result.summary
        assert _election().stage is Stage.CERTIFICATION_DUE
        with read_session() as s:
            filing = s.exec(select(Filing).where(Filing.kind == "request-for-review")).one()
        assert (filing.received_on, filing.deadline_id) == (date(2023, 1, 11), None)
        [doc] = result.documents
        text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(doc.path).pages))
        assert "Request for Review of the Regional Director's Decision on Objections".upper() in text.upper()
        assert "the Regional Director's Decision on Objections issued on January 11, 2023" in text
        assert "Certification" not in text
        assert ("grant review of the Regional Director's Decision on Objections, reverse it, sustain the Employer's "
                "objections, set the election aside, and direct a second election.") in text
        # the certification that follows (same day in JFK8) starts the period, 10 business days: Thu 2023-01-26; the
        # request already filed keeps the election before the Board (rfr-pending), not merely certified
        decided.perform(decided.events[JFK8["certification"]])
        assert _election().stage is Stage.RFR_PENDING
        assert _deadline(DeadlineKind.REQUEST_FOR_REVIEW).due_on == date(2023, 1, 26)

    def test_refused_before_the_decision(self, configured_db: Path) -> None:
        case = jfk8_through("exceptions")
        error = case.refused(case.act({**RFR, "date": date(2022, 9, 20)}), ProcedureError)
        assert error.field == "election" and "decision on objections" in str(error)

    def test_the_period_runs_from_the_certification(self, decided) -> None:  # type: ignore[no-untyped-def]
        """The certification issued the same day (2023-01-11): the period stored is 10 business days after it, Thu
        2023-01-26 (Martin Luther King Jr. Day skipped); a request then reviews the Decision on Objections, judged
        against that period."""
        decided.perform(decided.events[JFK8["certification"]])
        assert _deadline(DeadlineKind.REQUEST_FOR_REVIEW).due_on == date(2023, 1, 26)
        result = decided.perform(decided.act(RFR))
        assert "Decision on Objections" in result.summary
        assert _election().stage is Stage.RFR_PENDING
