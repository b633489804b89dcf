"""casefile.rules.lapsed_periods.still_matters: a lapsed period is a party's next task only while the stage it
served is still ahead (issue 15, a leftover: Bessemer's offers of proof missed on April 7, 2022 led "Next for"
for ever, after the objections were consolidated for hearing and decided by an Administrative Law Judge)."""

from __future__ import annotations

import pytest

from casefile.rules.lapsed_periods import MATTERS_AT, may_run_again, still_matters
from casefile.rules.stages import accepted_at
from casefile.vocab import TERMINAL_STAGES, DeadlineKind, Stage

K, S = DeadlineKind, Stage


class TestTheOfferOfProof:
    """102.69(a)(8): the objecting party "shall also file ... a written offer of proof" with its objections;
    102.69(c)(1)(i)-(ii): the Regional Director reads it to decide whether a hearing is warranted (R-I1, R-I2)."""

    @pytest.mark.parametrize("stage", [S.TALLY_ISSUED, S.OBJECTIONS_PENDING, S.CHALLENGE_INVESTIGATION])
    def test_it_matters_while_the_objections_await_the_regional_director(self, stage: Stage) -> None:
        assert still_matters(K.OFFER_OF_PROOF, stage)

    @pytest.mark.parametrize("stage", [S.HEARING_NOTICED, S.HEARING_OPEN, S.HO_REPORT_ISSUED, S.ALJ_CONSOLIDATED,
                                       S.ALJ_DECISION_ISSUED, S.RD_DECISION, S.CERTIFICATION_DUE, S.CERTIFIED])
    def test_not_once_the_objections_were_set_for_hearing_or_decided(self, stage: Stage) -> None:
        """Bessemer 2022: consolidated for hearing on April 25, 2024, decided by the judge on November 5, 2024."""
        assert not still_matters(K.OFFER_OF_PROOF, stage)
        assert not still_matters(K.OFFER_OF_PROOF.value, stage.value)  # the stored values too


class TestTheReportsPeriods:
    """102.69(c)(1)(iii): exceptions within 10 business days of the report, answering briefs within 5 business days
    of the last day for exceptions, then the Regional Director's decision (R-K1, R-K2, R-K4)."""

    def test_exceptions_matter_until_the_decision(self) -> None:
        assert [still_matters(K.EXCEPTIONS, s) for s in (S.HO_REPORT_ISSUED, S.EXCEPTIONS_PENDING, S.RD_DECISION,
                                                          S.CERTIFICATION_DUE)] == [True, True, False, False]

    def test_an_answering_brief_matters_while_exceptions_are_pending(self) -> None:
        assert [still_matters(K.ANSWERING_BRIEF, s) for s in (S.EXCEPTIONS_PENDING, S.RD_DECISION)] == [True, False]

    def test_a_post_hearing_brief_matters_until_the_report(self) -> None:
        assert [still_matters(K.POST_HEARING_BRIEF, s) for s in (S.HEARING_CLOSED, S.HO_REPORT_ISSUED)] == [True, False]


def test_objections_matter_where_a_timely_filing_may_still_be_recorded() -> None:
    """102.69(a)(8): a filing received in the 5 business days may be recorded after the sweep moved the election
    on (certification due, runoff due); once a hearing is noticed only a period still running is received."""
    assert MATTERS_AT[K.OBJECTIONS] == {S.TALLY_ISSUED, S.OBJECTIONS_PENDING, S.CHALLENGE_INVESTIGATION,
                                        S.CERTIFICATION_DUE, S.RUNOFF_DUE, S.REVISED_TALLY_ISSUED}
    assert not still_matters(K.OBJECTIONS, S.HEARING_NOTICED)


def test_never_at_a_terminal_stage() -> None:
    """A petition withdrawn or dismissed, an election closed or handed on to the next one: nothing is due in it."""
    for kind in DeadlineKind:
        assert not any(still_matters(kind, stage) for stage in TERMINAL_STAGES), kind


def test_a_kind_the_table_does_not_bound_matters_until_a_terminal_stage() -> None:
    """A motion for reconsideration (102.65(e)) and an opposition to review (102.67(f)) have no rows of their own."""
    assert still_matters(K.RECONSIDERATION, S.RD_DECISION) and still_matters(K.RFR_OPPOSITION, S.RFR_PENDING)


def test_a_lapse_matters_only_where_its_act_is_accepted() -> None:
    """Read from the one stage table: where the offer of proof matters, its act (or, at the tally, the objections it
    accompanies) is accepted."""
    assert MATTERS_AT[K.OFFER_OF_PROOF] <= accepted_at("file-offer-of-proof") | accepted_at("file-objections")


def test_may_run_again_is_unchanged() -> None:
    """The tolling question keeps its own answer: objections tolled past a notice of hearing still run (102.69(a)(8))."""
    assert may_run_again(K.OBJECTIONS, S.HEARING_NOTICED) and not may_run_again(K.OBJECTIONS, S.CLOSED)


def test_bad_values_are_refused() -> None:
    with pytest.raises(ValueError, match="offer-of-prof"):
        still_matters("offer-of-prof", S.TALLY_ISSUED)
