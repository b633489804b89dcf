"""With whom each filing kind is filed, in every rule set (casefile.rules.filed_with), and that the answer
agrees with the receiving office the deadline engine computes for the filing's period."""

from __future__ import annotations

from datetime import date

import pytest

from casefile.rules.calendar import BusinessCalendar
from casefile.rules.deadlines import compute_deadline
from casefile.rules.filed_with import filed_with, filing_period
from casefile.rules.offices import office_named
from casefile.rules.rule_sets import RULE_SETS, rule_set_by_id
from casefile.vocab import DeadlineKind, DecisionKind, FilingKind

#: Filed with the Board (True) or the Region (False), per rule set id; every filing kind, default arguments.
EXPECTED = {
    "pre-2015": {FilingKind.EXCEPTIONS, FilingKind.EXCEPTIONS_WAIVER, FilingKind.CROSS_EXCEPTIONS, FilingKind.ANSWERING_BRIEF,
                 FilingKind.REQUEST_FOR_REVIEW, FilingKind.RFR_OPPOSITION},
    "2014-rule": {FilingKind.REQUEST_FOR_REVIEW, FilingKind.RFR_OPPOSITION},
    "2019-text": {FilingKind.REQUEST_FOR_REVIEW, FilingKind.RFR_OPPOSITION},
    "2023-rule": {FilingKind.REQUEST_FOR_REVIEW, FilingKind.RFR_OPPOSITION},
}


@pytest.mark.parametrize("rule_set", [r.id for r in RULE_SETS])
@pytest.mark.parametrize("kind", list(FilingKind))
def test_every_filing_kind_in_every_rule_set(rule_set: str, kind: FilingKind) -> None:
    where = filed_with(kind, rule_set_by_id(rule_set))
    assert where.board is (kind in EXPECTED[rule_set]), (rule_set, kind)
    assert where.citation.startswith("29 CFR 102.")
    assert where.words("Atlanta, GA") == ("the Board's Office of the Executive Secretary (Washington, DC)" if where.board
                                         else "the Regional Office (Atlanta, GA)")


@pytest.mark.parametrize("rule_set", [r.id for r in RULE_SETS])
def test_exceptions_to_a_judges_decision_go_to_the_board(rule_set: str) -> None:
    where = filed_with(FilingKind.EXCEPTIONS, rule_set_by_id(rule_set), period=DeadlineKind.ALJ_EXCEPTIONS)
    assert where.board and "102.46(a)" in where.citation
    assert where.certificate_words(10) == "the Board (Office of the Executive Secretary)"


def test_motions_reconsideration_and_extensions_follow_who_decides_or_receives() -> None:
    current = rule_set_by_id("2023-rule")
    assert not filed_with(FilingKind.MOTION, current).board
    assert filed_with(FilingKind.MOTION, current, before_board=True).board
    assert filed_with(FilingKind.RECONSIDERATION_MOTION, current, decided_by=DecisionKind.BOARD_DECISION).citation == \
        "29 CFR 102.48(c) (with the Board, which decided)"
    assert not filed_with(FilingKind.RECONSIDERATION_MOTION, current, decided_by=DecisionKind.RD_DECISION).board
    assert filed_with(FilingKind.EXTENSION_REQUEST, current, period=DeadlineKind.REQUEST_FOR_REVIEW).board
    assert not filed_with(FilingKind.EXTENSION_REQUEST, current, period=DeadlineKind.OBJECTIONS).board
    assert filed_with(FilingKind.EXTENSION_REQUEST, current).certificate_words(10) == "Regional Director, Region 10"


@pytest.mark.parametrize("rule_set", [r.id for r in RULE_SETS])
@pytest.mark.parametrize("kind", [k for k in FilingKind if filing_period(k) is not None])
def test_the_answer_agrees_with_the_deadlines_receiving_office(rule_set: str, kind: FilingKind) -> None:
    rules = rule_set_by_id(rule_set)
    period = filing_period(kind)
    assert period is not None
    if period not in rules.periods:
        pytest.skip(f"{rule_set} has no {period.value} period")
    computed = compute_deadline(period, date(2024, 3, 4), rule_set=rules, calendar=BusinessCalendar(),
                                office=office_named("10-atlanta"))
    assert (computed.office_key == "board") is filed_with(kind, rules).board
