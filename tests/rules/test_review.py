"""Whether the Board reviews the Regional Director (R-K5): one answer for every act and document."""

from __future__ import annotations

import re

import pytest

from casefile.rules.review import board_review, review_of_set_aside
from casefile.vocab import ElectionAgreement


class TestBoardReview:
    @pytest.mark.parametrize(("agreement", "available", "known", "cited"), [
        (ElectionAgreement.CONSENT, False, True, "102.62(a), (c)"),
        (ElectionAgreement.STIPULATED, True, True, "102.62(b)"),
        (ElectionAgreement.DIRECTED, True, True, "102.67"),
        (None, True, False, "not in the record"),
    ], ids=["consent", "stipulated", "directed", "unknown"])
    def test_by_agreement(self, agreement: ElectionAgreement | None, available: bool, known: bool, cited: str) -> None:
        """Consent: no review; stipulated, directed: review; unknown: review treated as available, and the statement says so."""
        review = board_review(agreement)
        assert (review.available, review.agreement_known, review.agreement) == (available, known, agreement)
        assert cited in review.statement
        assert re.search(r"\bR-[A-Z]+[0-9]|rules\.md", review.statement) is None  # the law cited, not casefile's ids

    def test_agreement_as_stored_text(self) -> None:
        """The stored value "consent" reads as the consent agreement."""
        assert board_review("consent").available is False  # type: ignore[arg-type]


class TestReviewOfSetAside:
    def test_flagged_where_review_lies(self) -> None:
        """A set-aside is no final disposition: where review lies the answer says a request may be filed now or after certification (R-N3)."""
        flag = review_of_set_aside(board_review(ElectionAgreement.DIRECTED))
        assert flag is not None
        assert "not a final disposition" in flag
        assert "R-N3" not in flag

    def test_none_in_a_consent_election(self) -> None:
        """In a consent election there is nothing to flag: the Regional Director's decision is final."""
        assert review_of_set_aside(board_review(ElectionAgreement.CONSENT)) is None


class TestReviewOfDecision:
    def test_runs_until_ten_business_days_after_the_certification(self) -> None:
        """The Decision on Objections is reviewable from its issuance until 10 business days after the certification."""
        from casefile.rules.review import review_of_decision

        text = review_of_decision(board_review(ElectionAgreement.STIPULATED))
        assert text is not None and "until 10 business days after the certification" in text and "102.67(c)" in text
        assert review_of_decision(board_review(ElectionAgreement.CONSENT)) is None
