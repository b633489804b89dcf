"""What a hearing may hear, and when post-hearing briefs are due (R-I2, R-J4; the order of dates: test_chronology)."""

from __future__ import annotations

from datetime import date

import pytest

from casefile.errors import BadInput, NotAllowedNow, ProcedureError
from casefile.rules.calendar import BusinessCalendar
from casefile.rules.deadlines import compute_deadline
from casefile.rules.hearing import check_matters_for_hearing, post_hearing_brief_due
from casefile.rules.offices import office_named
from casefile.rules.rule_sets import rule_set_by_id
from casefile.vocab import DeadlineKind


class TestMattersForHearing:
    def test_objections_alone(self) -> None:
        """23 objections and no challenges: a hearing."""
        check_matters_for_hearing(objections=23, challenges=False, determinative=False)

    def test_determinative_challenges_alone(self) -> None:
        """No objections but 416 determinative challenges (Bessemer 2022): a hearing."""
        check_matters_for_hearing(objections=0, challenges=True, determinative=True)

    def test_challenges_not_determinative(self) -> None:
        """505 challenges that cannot affect the result (Bessemer 2021) are not heard."""
        with pytest.raises(ProcedureError, match="only when they are determinative") as caught:
            check_matters_for_hearing(objections=23, challenges=True, determinative=False)
        assert caught.value.field == "challenges"

    def test_nothing_to_hear(self) -> None:
        """No objections and no challenges: no hearing."""
        with pytest.raises(ProcedureError, match="needs objections or determinative challenged ballots"):
            check_matters_for_hearing(objections=0, challenges=False, determinative=True)


class TestPostHearingBriefs:
    """29 CFR 102.69(c)(1)(iii): briefs only with the hearing officer's permission (2023 rule); under the 2019
    text (petitions 2020-05-31 … 2023-12-25, e.g. Amazon JFK8, filed 2021-12-22) a brief as of right within 5
    business days after the close, extendable before the close by up to 10 more. A hearing closed Friday
    July 1, 2022: 5 business days over Independence Day → Monday July 11; 10 more → Monday July 25."""

    CLOSED = date(2022, 7, 1)

    def as_of_right(self) -> date:
        computed = compute_deadline(DeadlineKind.POST_HEARING_BRIEF, self.CLOSED, rule_set=rule_set_by_id("2019-text"),
                                    calendar=BusinessCalendar(), office=office_named("29-brooklyn"))
        return computed.due_on

    def test_the_2019_period_is_five_business_days(self) -> None:
        assert self.as_of_right() == date(2022, 7, 11)
        due = post_hearing_brief_due("2019-text", closed_on=self.CLOSED, allowed_until=None,
                                     as_of_right_due_on=self.as_of_right(), calendar=BusinessCalendar())
        assert due is not None
        assert (due.due_on, due.allowed) == (date(2022, 7, 11), False)

    def test_2019_extension_up_to_ten_more_business_days(self) -> None:
        due = post_hearing_brief_due("2019-text", closed_on=self.CLOSED, allowed_until=date(2022, 7, 25),
                                     as_of_right_due_on=self.as_of_right(), calendar=BusinessCalendar())
        assert due is not None
        assert (due.due_on, due.allowed) == (date(2022, 7, 25), True)
        with pytest.raises(BadInput, match="no more than 10 business days, to July 25, 2022 at the latest, not "
                                           "July 26, 2022") as caught:
            post_hearing_brief_due("2019-text", closed_on=self.CLOSED, allowed_until=date(2022, 7, 26),
                                   as_of_right_due_on=self.as_of_right(), calendar=BusinessCalendar())
        assert caught.value.field == "briefs_due_on"

    def test_2019_period_cannot_be_shortened(self) -> None:
        with pytest.raises(BadInput, match="due as of right on July 11, 2022"):
            post_hearing_brief_due("2019-text", closed_on=self.CLOSED, allowed_until=date(2022, 7, 8),
                                   as_of_right_due_on=self.as_of_right(), calendar=BusinessCalendar())

    def test_2023_rule_only_by_permission(self) -> None:
        """No allowance: no brief period at all; an allowance: the date the hearing officer set."""
        assert DeadlineKind.POST_HEARING_BRIEF not in rule_set_by_id("2023-rule").periods
        assert post_hearing_brief_due("2023-rule", closed_on=date(2024, 4, 25), allowed_until=None,
                                      as_of_right_due_on=None, calendar=BusinessCalendar()) is None
        due = post_hearing_brief_due("2023-rule", closed_on=date(2024, 4, 25), allowed_until=date(2024, 5, 9),
                                     as_of_right_due_on=None, calendar=BusinessCalendar())
        assert due is not None
        assert (due.due_on, due.allowed) == (date(2024, 5, 9), True)

    def test_an_allowance_before_the_close_is_refused(self) -> None:
        with pytest.raises(NotAllowedNow) as caught:
            post_hearing_brief_due("2023-rule", closed_on=date(2024, 4, 25), allowed_until=date(2024, 4, 24),
                                   as_of_right_due_on=None, calendar=BusinessCalendar())
        assert caught.value.field == "briefs_due_on"
        assert str(caught.value) == ("the time the hearing officer allowed for post-hearing briefs ends April 24, 2024, "
                                     "before the hearing closed on April 25, 2024")
        same_day = post_hearing_brief_due("2023-rule", closed_on=date(2024, 4, 25), allowed_until=date(2024, 4, 25),
                                          as_of_right_due_on=None, calendar=BusinessCalendar())
        assert same_day is not None and same_day.due_on == date(2024, 4, 25)
