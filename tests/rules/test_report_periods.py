"""casefile.rules.report_periods: the Regional Director decides on a hearing officer's report after the time for
exceptions and for answering briefs to exceptions filed (29 CFR 102.69(c)(1)(iii); rules.md R-K1, R-K2, R-K4), on
Bessemer's real periods: report Mon 2021-08-02, exceptions due Mon 08-16, answering briefs Mon 08-23."""

from __future__ import annotations

from datetime import date

import pytest

from casefile.errors import ProcedureError
from casefile.rules.report_periods import ReportPeriods, Wait, check_decision_date, decision_waits
from casefile.vocab import DeadlineKind

EXCEPTIONS_DUE, ANSWERING_DUE = date(2021, 8, 16), date(2021, 8, 23)
PARTIES = ("amazon", "rwdsu")


def _periods(excepted: tuple[str, ...] = (), answered: tuple[str, ...] = ()) -> ReportPeriods:
    return ReportPeriods.of(exceptions_due_on=EXCEPTIONS_DUE, answering_due_on=ANSWERING_DUE, parties=PARTIES,
                            excepted=excepted, answered=answered)


class TestNoExceptions:
    def test_waits_through_the_last_day_for_exceptions(self) -> None:
        """A filing received by 11:59 p.m. on the last day is timely (102.2(b)): that day still runs."""
        assert decision_waits(EXCEPTIONS_DUE, _periods()) == Wait(DeadlineKind.EXCEPTIONS, EXCEPTIONS_DUE,
                                                                  frozenset(PARTIES))

    def test_decides_upon_the_expiration_of_the_period(self) -> None:
        """"If no exceptions are filed ..., upon the expiration of the period for filing such exceptions": the
        answering-brief period answers nothing."""
        assert decision_waits(date(2021, 8, 17), _periods()) is None


class TestExceptionsFiled:
    def test_the_other_party_may_answer_until_its_last_day(self) -> None:
        """Amazon excepted: the union, "a party opposing the exceptions", may answer within 5 business days from
        the last date for exceptions — the decision waits through 08-23, not only 08-16."""
        assert decision_waits(date(2021, 8, 20), _periods(excepted=("amazon",))) == Wait(
            DeadlineKind.ANSWERING_BRIEF, ANSWERING_DUE, frozenset({"rwdsu"}))
        assert decision_waits(date(2021, 8, 24), _periods(excepted=("amazon",))) is None

    def test_the_exceptions_period_still_runs_for_the_party_that_did_not_except(self) -> None:
        assert decision_waits(date(2021, 8, 10), _periods(excepted=("amazon",))) == Wait(
            DeadlineKind.EXCEPTIONS, EXCEPTIONS_DUE, frozenset({"rwdsu"}))

    def test_no_party_left_to_file(self) -> None:
        """Every party excepted and every party answered: no one can still file in either period."""
        assert decision_waits(date(2021, 8, 10), _periods(excepted=PARTIES, answered=PARTIES)) is None
        assert decision_waits(date(2021, 8, 10), _periods(excepted=("amazon",), answered=("rwdsu",))) == Wait(
            DeadlineKind.EXCEPTIONS, EXCEPTIONS_DUE, frozenset({"rwdsu"}))  # the union may still except

    def test_both_excepted_each_may_answer(self) -> None:
        assert decision_waits(date(2021, 8, 17), _periods(excepted=PARTIES, answered=("amazon",))) == Wait(
            DeadlineKind.ANSWERING_BRIEF, ANSWERING_DUE, frozenset({"rwdsu"}))


def test_no_periods_in_the_record_nothing_waits() -> None:
    assert decision_waits(date(2021, 8, 3), ReportPeriods.of(exceptions_due_on=None, answering_due_on=None,
                                                             parties=PARTIES)) is None


def test_the_refusal_names_the_period_and_its_last_day() -> None:
    with pytest.raises(ProcedureError, match="runs until Monday, August 23, 2021") as caught:
        check_decision_date(date(2021, 8, 20), _periods(excepted=("amazon",)),
                            {"rwdsu": "Retail, Wholesale and Department Store Union"})
    assert caught.value.field == "date"
    assert "Retail, Wholesale and Department Store Union may still file one" in str(caught.value)
    check_decision_date(date(2021, 8, 24), _periods(excepted=("amazon",)))  # after it: nothing raised


class TestWaiver:
    """A party's written waiver of exceptions (the Regions' practice, docs/rules.md X-K8): no longer waited on for
    exceptions; still free to answer another's (casefile.rules.exceptions_waiver)."""

    def test_both_waived_nothing_waits(self) -> None:
        periods = ReportPeriods.of(exceptions_due_on=EXCEPTIONS_DUE, answering_due_on=ANSWERING_DUE, parties=PARTIES,
                                   waived=PARTIES)
        assert decision_waits(date(2021, 8, 3), periods) is None

    def test_one_waived_the_other_is_still_waited_on(self) -> None:
        periods = ReportPeriods.of(exceptions_due_on=EXCEPTIONS_DUE, answering_due_on=ANSWERING_DUE, parties=PARTIES,
                                   waived=("amazon",))
        assert decision_waits(date(2021, 8, 16), periods) == Wait(DeadlineKind.EXCEPTIONS, EXCEPTIONS_DUE,
                                                                  frozenset({"rwdsu"}))
        assert decision_waits(date(2021, 8, 17), periods) is None

    def test_the_party_that_waived_may_answer(self) -> None:
        periods = ReportPeriods.of(exceptions_due_on=EXCEPTIONS_DUE, answering_due_on=ANSWERING_DUE, parties=PARTIES,
                                   excepted=("amazon",), waived=("rwdsu",))
        assert decision_waits(date(2021, 8, 10), periods) == Wait(DeadlineKind.ANSWERING_BRIEF, ANSWERING_DUE,
                                                                  frozenset({"rwdsu"}))


class TestWaiverRefusal:
    def test_accepted_in_the_period(self) -> None:
        from casefile.rules.exceptions_waiver import waiver_refusal

        assert waiver_refusal("Amazon.com Services LLC", received_on=EXCEPTIONS_DUE, due_on=EXCEPTIONS_DUE,
                              after_cutoff=False, excepted_on=None) is None

    def test_refused_after_exceptions_and_after_the_period(self) -> None:
        from casefile.rules.exceptions_waiver import every_party_done, waiver_refusal

        filed = waiver_refusal("Amazon.com Services LLC", received_on=date(2021, 8, 11), due_on=EXCEPTIONS_DUE,
                               after_cutoff=False, excepted_on=date(2021, 8, 10))
        assert filed is not None and filed.field == "party"
        assert "filed exceptions on Tuesday, August 10, 2021" in str(filed) and "102.69(c)(1)(iii)" in str(filed)
        late = waiver_refusal("Amazon.com Services LLC", received_on=date(2021, 8, 17), due_on=EXCEPTIONS_DUE,
                              after_cutoff=False, excepted_on=None)
        assert late is not None and late.field == "date"
        assert "ran out on Monday, August 16, 2021" in str(late)
        cut_off = waiver_refusal("Amazon.com Services LLC", received_on=EXCEPTIONS_DUE, due_on=EXCEPTIONS_DUE,
                                 after_cutoff=True, excepted_on=None)
        assert cut_off is not None and cut_off.field == "date"
        assert every_party_done(PARTIES, excepted=("amazon",), waived=("rwdsu",))
        assert not every_party_done(PARTIES, excepted=(), waived=("rwdsu",))
