"""alj-decision: Judge Silverstein's decision of 2024-11-05 on the consolidated Bessemer case,
through the front door; where exceptions go follows from the election agreement (R-K5, R-I4)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from pypdf import PdfReader
from sqlmodel import select

from casefile.errors import AlreadyRecorded, IllegalTransition
from casefile.record.db import read_session
from casefile.record.models import Deadline, Decision, Election, Objection
from casefile.vocab import DeadlineKind, Disposition, ElectionAgreement, Stage
from tests.acts.procedure import act, carry, event, perform, refused, unchanged_by_retry

DECISION = {"act": "alj-decision", "date": date(2024, 11, 5), "result": "set-aside", "issuer": "Michael Silverstein",
            "at_fault": "amazon"}


def alj_exceptions() -> list[Deadline]:
    with read_session() as s:
        return list(s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.ALJ_EXCEPTIONS)))


def rerun() -> Election:
    with read_session() as s:
        return s.exec(select(Election).where(Election.sequence == 2)).one()


class TestAljDecision:
    def test_directed_election_exceptions_go_to_the_board(self, configured_db: Path) -> None:
        """Directed election: the decision leaves the rerun at alj-decision-issued with exceptions to the Board due Tue 2024-12-03 (28 days)."""
        carry("consolidate")
        result = perform(event("alj-decision"))
        assert result.summary.startswith("Administrative Law Judge's Decision: set aside — The Administrative Law Judge")
        assert result.warnings == []
        assert rerun().stage is Stage.ALJ_DECISION_ISSUED
        [deadline] = alj_exceptions()
        assert (deadline.due_on, deadline.for_whom) == (date(2024, 12, 3), "all parties")
        with read_session() as s:
            decision = s.get(Decision, 3)  # 1: HO report, 2: RD decision of 2021
            assert decision is not None
            assert (decision.kind, decision.issuer) == ("alj-decision", "Michael Silverstein")
            # A recommended order: the 21 objections set for hearing are not yet decided.
            set_ = s.exec(select(Objection).where(Objection.election_id == rerun().id,
                                                  Objection.disposition == Disposition.SET_FOR_HEARING)).all()
            assert len(set_) == 21

    def test_consent_election_returns_to_the_regional_director(self, configured_db: Path) -> None:
        """Consent election: no exceptions to the Board are kept (the judge severs the R case back to the RD)."""
        carry("consolidate", agreement=ElectionAgreement.CONSENT)
        perform(event("alj-decision"))
        assert alj_exceptions() == []

    def test_agreement_unknown_treats_review_as_available(self, configured_db: Path) -> None:
        """Agreement not in the record: exceptions to the Board are kept, and the docket and the result say why."""
        carry("consolidate", agreement=None)
        result = perform(event("alj-decision"))
        assert [d.due_on for d in alj_exceptions()] == [date(2024, 12, 3)]
        assert "Board review is treated as available" in result.summary
        assert result.warnings == ["The election agreement is not in the record: Board review is treated as available "
                                   "(review lies unless the election was held under a consent agreement, 29 CFR "
                                   "102.62, 102.69(c)(2))."]

    def test_retry_is_found(self, configured_db: Path) -> None:
        """The decision sent twice is recorded once."""
        carry("consolidate")
        first = perform(act(DECISION))
        assert unchanged_by_retry(act(DECISION)).entry_id == first.entry_id

    def test_the_same_date_with_other_terms_is_refused_in_words(self, configured_db: Path) -> None:
        """The decision of 2024-11-05 entered again signed by another judge: refused naming it by its long date, the judge
        recorded and the one given, and who decides otherwise (the Board, on exceptions); nothing stored."""
        carry("consolidate")
        perform(act(DECISION))
        error = refused(act({**DECISION, "issuer": "Arthur J. Amchan"}), AlreadyRecorded)
        assert str(error) == ("10-RC-269250: the Administrative Law Judge's decision of November 5, 2024 is already "
                              "recorded with other terms (recorded → given: issued by: “Michael Silverstein” → “Arthur J. "
                              "Amchan”); an issued decision is never overwritten: to record it again, give the terms "
                              "recorded; the Board decides otherwise on exceptions to it (29 CFR 102.46, 102.69(c)(2))")
        assert error.field == "issuer"  # type: ignore[attr-defined]

    def test_without_consolidation_is_refused(self, configured_db: Path) -> None:
        """With the rerun's objections pending and no consolidation, there is no ALJ decision to record."""
        carry("objections-2022-amazon")
        error = refused(act(DECISION), IllegalTransition)
        assert "now in election 2: objections are pending before the Regional Director." in str(error)

    def test_issues_the_decision(self, configured_db: Path) -> None:
        """The record copy names the judge and the exceptions' due date."""
        carry("consolidate")
        [doc] = perform(event("alj-decision"), documents="issue").documents
        assert doc.file_name == "2024-11-05_alj-decision.pdf"
        text = " ".join(page.extract_text() for page in PdfReader(doc.path).pages)
        assert "Michael Silverstein" in text
        # the period runs from service of the order transferring the case to the Board, which no act records: no date
        assert "December 3, 2024" not in text
        assert "order transferring the case to the Board" in " ".join(text.split())
