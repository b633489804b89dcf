"""casefile.rules.chronology: no act is dated before an act it answers (same day is in order).

The dates are those of real cases: Amazon JFK8 (29-RC-288020: tally April 1, 2022, objections
April 8, notice of hearing April 29, hearing opened June 13, report September 1, exceptions
September 16, decision and certification January 11, 2023) and Bessemer (10-RC-269250).
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from casefile.errors import NotAllowedNow, OutOfOrder
from casefile.rules.chronology import Earlier, dated_before, long_date, period_opened
from casefile.vocab import DeadlineKind

NY = ZoneInfo("America/New_York")

TALLY = date(2022, 4, 1)
OBJECTIONS = date(2022, 4, 8)
NOTICE = date(2022, 4, 29)
OPENED = date(2022, 6, 13)
REPORT = date(2022, 9, 1)
EXCEPTIONS = date(2022, 9, 16)
DECISION = date(2023, 1, 11)


class TestLongDate:
    def test_month_day_year_without_padding(self) -> None:
        assert long_date(date(2022, 3, 3)) == "March 3, 2022"
        assert long_date(date(2023, 1, 11)) == "January 11, 2023"


class TestInOrder:
    def test_the_real_history_is_in_order(self) -> None:
        """Each act of JFK8 after the acts it answers: no refusal."""
        assert dated_before("the notice of hearing", NOTICE, [Earlier("the objections were filed", OBJECTIONS)]) is None
        assert dated_before("the hearing's opening", OPENED, [Earlier("the hearing was noticed", NOTICE)]) is None
        assert dated_before("the hearing officer's report", REPORT, [
            Earlier("the hearing was noticed", NOTICE), Earlier("the hearing opened", OPENED),
            Earlier("the hearing closed", None)]) is None
        assert dated_before("the Regional Director's decision", DECISION, [
            Earlier("the tally of ballots issued", TALLY), Earlier("the hearing officer's report issued", REPORT),
            Earlier("exceptions were filed", EXCEPTIONS)]) is None

    def test_same_day_is_in_order(self) -> None:
        """JFK8's decision and certification are both dated January 11, 2023; Bessemer's hearing could open
        and close on one day: same day is allowed."""
        assert dated_before("the certification", DECISION, [Earlier("the Regional Director's decision issued", DECISION)]) \
            is None
        assert dated_before("the hearing's close", date(2021, 5, 10), [Earlier("the hearing opened", date(2021, 5, 10))]) \
            is None

    def test_unknown_dates_are_not_compared(self) -> None:
        assert dated_before("the hearing officer's report", date(2022, 3, 3), [Earlier("the hearing closed", None)]) is None
        assert dated_before("the hearing officer's report", date(2022, 3, 3), []) is None


class TestRefused:
    def test_report_before_the_hearing_closed(self) -> None:
        """The example of the trial: the message names both dates in the documents' form."""
        refusal = dated_before("the hearing officer's report", date(2022, 3, 3),
                               [Earlier("the hearing closed", date(2022, 3, 10))])
        assert isinstance(refusal, OutOfOrder)
        assert isinstance(refusal, NotAllowedNow)
        assert str(refusal) == ("the hearing officer's report is dated March 3, 2022, before the hearing closed on "
                                "March 10, 2022")
        assert (refusal.code, refusal.field) == ("out-of-order", "date")

    def test_the_day_before_is_refused(self) -> None:
        refusal = dated_before("the hearing's opening", date(2022, 4, 28), [Earlier("the hearing was noticed", NOTICE)])
        assert refusal is not None
        assert str(refusal) == "the hearing's opening is dated April 28, 2022, before the hearing was noticed on April 29, 2022"

    def test_names_the_latest_act_it_precedes(self) -> None:
        """A decision dated before the objections and before the report is refused naming the report (the later)."""
        refusal = dated_before("the Regional Director's decision", date(2022, 4, 5), [
            Earlier("the tally of ballots issued", TALLY), Earlier("the objections were filed", OBJECTIONS),
            Earlier("the hearing officer's report issued", REPORT)])
        assert refusal is not None
        assert str(refusal).endswith("before the hearing officer's report issued on September 1, 2022")

    def test_equal_dates_name_the_first_given(self) -> None:
        refusal = dated_before("the certification", date(2023, 1, 10), [
            Earlier("the Regional Director's decision issued", DECISION), Earlier("the Board ruled", DECISION)])
        assert refusal is not None
        assert "before the Regional Director's decision issued on January 11, 2023" in str(refusal)

    def test_field_and_verb(self) -> None:
        """A filing says 'were received' and names the field that holds its receipt."""
        refusal = dated_before("the exceptions of Amazon.com Services LLC", date(2022, 8, 31),
                               [Earlier("the hearing officer's report issued", REPORT)], field="at", verb="were received")
        assert refusal is not None
        assert refusal.field == "at"
        assert str(refusal) == ("the exceptions of Amazon.com Services LLC were received August 31, 2022, before the "
                                "hearing officer's report issued on September 1, 2022")

    @pytest.mark.parametrize(("subject", "on", "clause", "before"), [
        ("the notice of hearing", date(2022, 4, 7), "the objections it sets for hearing were filed", OBJECTIONS),
        ("the hearing's close", date(2022, 6, 12), "the hearing opened", OPENED),
        ("the exceptions", date(2022, 8, 30), "the hearing officer's report issued", REPORT),
        ("the certification", date(2022, 3, 31), "the tally of ballots issued", TALLY),
        ("the revised tally of ballots", date(2021, 11, 28), "the challenged ballots were ruled on", date(2021, 11, 29)),
        ("the request for review", date(2023, 1, 10), "the certification issued", DECISION),
        ("the Board's ruling", date(2023, 1, 24), "the request for review was received", date(2023, 1, 25)),
    ])
    def test_each_act_before_what_it_answers(self, subject: str, on: date, clause: str, before: date) -> None:
        refusal = dated_before(subject, on, [Earlier(clause, before)])
        assert refusal is not None
        assert str(refusal) == f"{subject} is dated {long_date(on)}, before {clause} on {long_date(before)}"


class TestInstants:
    def test_within_a_day_the_instants_decide(self) -> None:
        """A statement in opposition received at 9:00 on the day a request for review was received at 15:00 is
        out of order; at 16:00 it is not."""
        request = Earlier("the request for review it opposes was received", date(2023, 1, 25),
                          datetime(2023, 1, 25, 15, 0, tzinfo=NY))
        early = dated_before("the statement in opposition", date(2023, 1, 25), [request],
                             at=datetime(2023, 1, 25, 9, 0, tzinfo=NY), field="at")
        assert early is not None
        assert "January 25, 2023 at 2023-01-25T09:00-05:00, before the request for review it opposes was received on " \
               "January 25, 2023 at 2023-01-25T15:00-05:00" in str(early)
        assert dated_before("the statement in opposition", date(2023, 1, 25), [request],
                            at=datetime(2023, 1, 25, 16, 0, tzinfo=NY)) is None

    def test_instants_are_shown_in_the_acts_zone(self) -> None:
        """The record gives the earlier receipt in UTC (as stored); the message shows it in the act's own zone."""
        objections = Earlier("the objection was received", date(2021, 4, 16),
                             datetime(2021, 4, 16, 14, 0, tzinfo=ZoneInfo("UTC")))
        refusal = dated_before("the amendment", date(2021, 4, 16), [objections], at=datetime(2021, 4, 16, 9, 0, tzinfo=NY))
        assert refusal is not None
        assert str(refusal).endswith("on April 16, 2021 at 2021-04-16T10:00-04:00")

    def test_one_instant_missing_means_same_day_is_in_order(self) -> None:
        request = Earlier("the request for review was received", date(2023, 1, 25), datetime(2023, 1, 25, 15, 0, tzinfo=NY))
        assert dated_before("the Board's ruling", date(2023, 1, 25), [request]) is None


class TestPeriods:
    def test_what_opens_each_period(self) -> None:
        assert period_opened(DeadlineKind.EXCEPTIONS) == "the hearing officer's report issued"
        assert period_opened(DeadlineKind.OBJECTIONS) == "the tally of ballots issued"
        assert period_opened(DeadlineKind.REVISED_TALLY_OBJECTIONS) == "the revised tally of ballots issued"
        assert period_opened("reconsideration") == "the Regional Director's decision issued"
        assert period_opened("no-such-kind") == "its period opened"


class TestTheCasesTimeLine:
    """The case's own time line (issue 17 item 4): the dates of the reliability trial's impossible facts."""

    PETITION = date(2020, 11, 20)  # Bessemer's petition

    def test_a_receipt_later_than_now_is_worded(self) -> None:
        """The time of receipt and now in words, in the receipt's own zone (new user's trial F14: "'at'
        2026-12-09T10:00:00-08:00 is later than the moment the act is recorded (2026-12-03T13:59:26.403165+00:00)")."""
        from casefile.rules.chronology import received_after_recorded

        at = datetime(2026, 12, 9, 10, 0, tzinfo=ZoneInfo("America/Los_Angeles"))
        now = datetime(2026, 12, 3, 13, 59, 26, 403165, tzinfo=ZoneInfo("UTC"))
        refusal = received_after_recorded("file-objections", at, now)
        assert refusal is not None and refusal.field == "at"
        assert str(refusal) == ("file-objections: the time of receipt (10:00 a.m. PST on December 9, 2026) is later than "
                                "now (5:59 a.m. PST on December 3, 2026); a receipt cannot be in the future (tolerance "
                                "5 minutes)")

    def test_nothing_is_recorded_after_now(self) -> None:
        from casefile.rules.chronology import recorded_after_now

        now = datetime(2026, 12, 2, 2, 0, tzinfo=ZoneInfo("UTC"))
        refusal = recorded_after_now("add-counsel", datetime(2100, 12, 31, 23, 59, 59, tzinfo=ZoneInfo("UTC")), now)
        assert refusal is not None
        assert str(refusal) == ("add-counsel would be recorded as of 2100-12-31T23:59:59+00:00, after now "
                                "(2026-12-02T02:00:00+00:00): an act is recorded once it has happened, never ahead of "
                                "the clock")
        assert (refusal.code, refusal.field) == ("bad-input", "as_of")
        assert recorded_after_now("add-counsel", now.replace(minute=4), now) is None  # clocks that disagree a little
        assert recorded_after_now("add-counsel", now.replace(minute=6), now) is not None

    def test_nothing_before_the_petition(self) -> None:
        from casefile.rules.chronology import before_the_petition

        refusal = before_the_petition("the transfer order", date(2020, 1, 1), self.PETITION)
        assert isinstance(refusal, OutOfOrder)
        assert str(refusal) == ("the transfer order is dated January 1, 2020, before the petition was filed on "
                                "November 20, 2020: nothing happens in a case before the petition that begins it")
        assert before_the_petition("the transfer order", self.PETITION, self.PETITION) is None
        assert before_the_petition("the transfer order", date(2020, 1, 1), None) is None  # not in the record

    def test_a_tally_once_voting_has_ended(self) -> None:
        from casefile.rules.chronology import tally_before_voting_ended

        first, last = date(2021, 2, 8), date(2021, 3, 29)
        refusal = tally_before_voting_ended(date(2021, 3, 28), first, last, what="initial tally")
        assert str(refusal) == ("the initial tally is dated March 28, 2021, before voting ended on March 29, 2021: a "
                                "tally counts ballots already cast (29 CFR 102.69(a))")
        assert "before the election's first voting day, February 8, 2021" in str(
            tally_before_voting_ended(date(2021, 2, 1), first, last))
        assert tally_before_voting_ended(last, first, last) is None
        assert tally_before_voting_ended(date(2021, 4, 9), first, last) is None
        assert tally_before_voting_ended(date(2017, 5, 13), date(2017, 5, 17), None, what="runoff tally") is not None
        assert tally_before_voting_ended(date(2017, 5, 13), None, None) is None

    def test_an_election_after_its_petition(self) -> None:
        from casefile.rules.chronology import election_before_petition

        refusal = election_before_petition(date(2019, 1, 1), self.PETITION, field="election.held_from_on")
        assert str(refusal) == ("the election is held from January 1, 2019, before the petition was filed on November "
                                "20, 2020: an election follows the petition that asks for it")
        assert election_before_petition(date(2021, 2, 8), self.PETITION, field="x") is None
        assert election_before_petition(None, self.PETITION, field="x") is None

    def test_a_petition_before_its_tally_and_not_after_the_day_it_is_recorded(self) -> None:
        from casefile.rules.chronology import petition_refusal

        refusal = petition_refusal(date(2022, 8, 30), recorded_on=date(2021, 12, 9))
        assert str(refusal) == ("the petition would be filed on August 30, 2022, after the day the case is recorded "
                                "(December 9, 2021): a case is recorded from a petition already filed")
        refusal = petition_refusal(date(2022, 8, 30), recorded_on=date(2026, 12, 2), first_act_on=date(2021, 12, 9))
        assert str(refusal) == ("the petition would be filed on August 30, 2022, after the case's first act (December 9, "
                                "2021): the petition comes before its election")
        assert petition_refusal(date(2021, 8, 30), recorded_on=date(2021, 12, 9), first_act_on=date(2021, 12, 9)) is None

    def test_a_directed_election_after_its_direction(self) -> None:
        from casefile.rules.chronology import held_before_directed

        assert str(held_before_directed(date(2017, 5, 10), date(2017, 5, 12))) == (
            "the election directed on May 12, 2017 cannot be held before it, on May 10, 2017")
        assert held_before_directed(date(2017, 5, 17), date(2017, 5, 12)) is None

    def test_an_export_records_dates(self) -> None:
        from casefile.rules.chronology import export_dates_problem

        today = date(2026, 12, 1)
        filed, tally, closed = date(2023, 2, 7), date(2023, 3, 30), date(2023, 4, 7)
        assert export_dates_problem(filed, tally, closed, today=today) is None
        assert export_dates_problem(filed, tally, None, today=today) is None
        assert export_dates_problem(date(2099, 2, 7), tally, closed, today=today) == (
            "Date Filed 2099-02-07 is after the day of the import (2026-12-01): not a date that has come")
        assert export_dates_problem(filed, date(2023, 1, 1), None, today=today, revised=True) == (
            "Revised tally 2023-01-01 is before Date Filed 2023-02-07: a tally follows its petition")
