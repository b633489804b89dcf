"""Business days: Federal holidays (observed), executive-order closures, per-office calendars (Inauguration Day,
one office's closure), counting and rolling (rules.md R-B1–R-B7; 5 U.S.C. 6103(c))."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casefile.errors import InvalidCalendar
from casefile.rules.calendar import (
    KNOWN_CLOSURES,
    BusinessCalendar,
    Closure,
    SkippedDay,
    federal_holidays,
    inauguration_day,
    parse_closure,
)
from casefile.rules.offices import BOARD_OFFICE, office_for

# rules.md R-B6 "Computed observed-holiday table" (weekday dates on which the holiday is observed).
RB6_TABLE = {
    2020: "01-01 01-20 02-17 05-25 07-03 09-07 10-12 11-11 11-26 12-25",
    2021: "01-01 01-18 02-15 05-31 06-18 07-05 09-06 10-11 11-11 11-25 12-24 12-31",
    2022: "01-17 02-21 05-30 06-20 07-04 09-05 10-10 11-11 11-24 12-26",
    2023: "01-02 01-16 02-20 05-29 06-19 07-04 09-04 10-09 11-10 11-23 12-25",
    2024: "01-01 01-15 02-19 05-27 06-19 07-04 09-02 10-14 11-11 11-28 12-25",
    2025: "01-01 01-20 02-17 05-26 06-19 07-04 09-01 10-13 11-11 11-27 12-25",
    2026: "01-01 01-19 02-16 05-25 06-19 07-03 09-07 10-12 11-11 11-26 12-25",
    2027: "01-01 01-18 02-15 05-31 06-18 07-05 09-06 10-11 11-11 11-25 12-24 12-31",
}

NO_CLOSURES = BusinessCalendar(())
WITH_CLOSURES = BusinessCalendar()

days_2015_2035 = st.dates(min_value=date(2015, 1, 1), max_value=date(2035, 12, 31))


class TestFederalHolidays:
    @pytest.mark.parametrize("year", sorted(RB6_TABLE), ids=[f"R-B6-{y}" for y in sorted(RB6_TABLE)])
    def test_observed_weekday_holidays_match_rules_table(self, year: int) -> None:
        """The weekday holidays the library yields for a year are exactly the R-B6 table's dates."""
        expected = {date.fromisoformat(f"{year}-{md}") for md in RB6_TABLE[year].split()}
        observed = {d for d in federal_holidays(year) if d.weekday() < 5}
        assert observed == expected

    def test_new_years_day_2028_is_observed_on_friday_2027_12_31(self) -> None:
        """New Year's Day 2028 (a Saturday) makes Friday 2027-12-31 a non-business day, asking only about 2027."""
        federal_holidays.cache_clear()
        assert NO_CLOSURES.closed_reason(date(2027, 12, 31)) == "New Year's Day (observed)"
        assert not NO_CLOSURES.is_business_day(date(2027, 12, 31))

    @pytest.mark.parametrize(
        "day",
        [date(2026, 4, 3), date(2026, 11, 27), date(2026, 12, 24), date(2029, 1, 22)],
        ids=["good-friday-2026", "day-after-thanksgiving-2026", "christmas-eve-2026", "weekday-after-2029-inauguration"],
    )
    def test_days_that_are_not_federal_holidays_are_business_days(self, day: date) -> None:
        """Good Friday, the day after Thanksgiving and Christmas Eve (without an EO) are business days."""
        assert WITH_CLOSURES.is_business_day(day)

    def test_inauguration_day_is_not_a_holiday_outside_washington(self) -> None:
        """Inauguration Day 2029 (Saturday Jan 20) creates no observed weekday holiday; 2033's (a Thursday)
        is a business day on the common calendar and at the Regional Offices."""
        assert NO_CLOSURES.holiday_name(date(2029, 1, 19)) is None
        assert NO_CLOSURES.holiday_name(date(2029, 1, 22)) is None
        assert NO_CLOSURES.is_business_day(date(2033, 1, 20))
        assert NO_CLOSURES.for_office(office_for("10")).is_business_day(date(2033, 1, 20))

    def test_juneteenth_not_a_holiday_before_2021(self) -> None:
        """Juneteenth became a Federal holiday in 2021: 2020-06-19 (a Friday) is a business day."""
        assert NO_CLOSURES.is_business_day(date(2020, 6, 19))
        assert NO_CLOSURES.closed_reason(date(2026, 6, 19)) == "Juneteenth National Independence Day"
        assert NO_CLOSURES.closed_reason(date(2027, 6, 18)) == "Juneteenth National Independence Day (observed)"


class TestClosures:
    def test_known_closures_are_every_full_day_executive_order_closure_since_2001(self) -> None:
        """The built-in closure list is the full-day Executive Order closures since 2001 (the R-B7 days
        and the earlier ones, from the holidays package's government category), each with its order."""
        assert [c.on for c in KNOWN_CLOSURES] == [
            date(2001, 12, 24), date(2003, 12, 26), date(2004, 6, 11), date(2007, 1, 2), date(2007, 12, 24),
            date(2008, 12, 26), date(2012, 12, 24), date(2014, 12, 26), date(2018, 12, 5), date(2018, 12, 24),
            date(2019, 12, 24), date(2020, 12, 24), date(2024, 12, 24), date(2025, 1, 9), date(2025, 12, 24),
            date(2025, 12, 26),
        ]
        assert all("Executive Order 1" in c.reason for c in KNOWN_CLOSURES)

    def test_closure_day_is_not_a_business_day_and_says_why(self) -> None:
        """A closure day is closed with 'Executive order closure: <reason>'; without closures it is open."""
        reason = WITH_CLOSURES.closed_reason(date(2025, 1, 9))
        assert reason is not None and reason.startswith("Executive order closure: ")
        assert "Carter" in reason
        assert NO_CLOSURES.is_business_day(date(2025, 1, 9))

    def test_weekend_reported_as_weekend(self) -> None:
        """Saturday and Sunday are reported by name."""
        assert NO_CLOSURES.closed_reason(date(2026, 6, 13)) == "Saturday"
        assert NO_CLOSURES.closed_reason(date(2026, 6, 14)) == "Sunday"

    def test_calendar_id_names_holiday_table_and_closure_list(self) -> None:
        """The calendar id names the holidays version and changes when the closure list changes."""
        assert NO_CLOSURES.calendar_id == "us-federal(holidays==0.108)+closures:none"
        assert WITH_CLOSURES.calendar_id.startswith("us-federal(holidays==0.108)+closures:16@sha1:")
        extra = BusinessCalendar((*KNOWN_CLOSURES, Closure(date(2026, 12, 24), "EO for Christmas Eve 2026")))
        assert extra.calendar_id != WITH_CLOSURES.calendar_id
        assert BusinessCalendar(reversed(KNOWN_CLOSURES)).calendar_id == WITH_CLOSURES.calendar_id

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("2026-12-24", Closure(date(2026, 12, 24), "closure listed by the operator")),
            ("2026-12-24=Christmas Eve (EO)", Closure(date(2026, 12, 24), "Christmas Eve (EO)")),
            (" 2026-12-26 = Day after Christmas ", Closure(date(2026, 12, 26), "Day after Christmas")),
        ],
        ids=["date-only", "date-and-reason", "spaces"],
    )
    def test_parse_closure_accepts_date_and_optional_reason(self, text: str, expected: Closure) -> None:
        """An operator's closure is a date with an optional '=reason'."""
        assert parse_closure(text) == expected

    @pytest.mark.parametrize("text", ["2026-13-01", "12/24/2026", "tomorrow", "2026-12-24=", ""],
                             ids=["month-13", "us-format", "word", "empty-reason", "empty"])
    def test_parse_closure_refuses_bad_format(self, text: str) -> None:
        """A malformed closure raises InvalidCalendar quoting the input."""
        with pytest.raises(InvalidCalendar, match="closure"):
            parse_closure(text)


class TestInaugurationDay:
    @pytest.mark.parametrize(("year", "day"), [
        (2013, date(2013, 1, 21)), (2017, date(2017, 1, 20)), (2021, date(2021, 1, 20)), (2025, date(2025, 1, 20)),
        (2029, date(2029, 1, 20)), (2033, date(2033, 1, 20)), (2026, None), (1965, None),
    ], ids=["2013-sunday-moves-to-monday", "2017-friday", "2021-wednesday", "2025-with-mlk-day", "2029-saturday",
            "2033-thursday", "not-an-inauguration-year", "1965-not-after-1965"])
    def test_inauguration_day_dates(self, year: int, day: date | None) -> None:
        """January 20 of each fourth year after 1965, the next day when the 20th is a Sunday (5 U.S.C. 6103(c))."""
        assert inauguration_day(year) == day

    def test_board_office_is_closed_on_inauguration_day_2033(self) -> None:
        """Thursday 2033-01-20 closes the Board's office (and Region 5's Washington office), not Atlanta or Baltimore."""
        day = date(2033, 1, 20)
        assert NO_CLOSURES.for_office(BOARD_OFFICE).closed_reason(day) == (
            "Inauguration Day (5 U.S.C. 6103(c): a holiday in the Washington, DC area only)")
        assert not NO_CLOSURES.for_office(office_for("5", "Washington")).is_business_day(day)
        assert NO_CLOSURES.for_office(office_for("5")).is_business_day(day)
        assert NO_CLOSURES.for_office(office_for("10")).is_business_day(day)

    def test_2025_inauguration_reports_mlk_day(self) -> None:
        """2025-01-20 was both Inauguration Day and Martin Luther King Jr. Day: the Federal holiday is named."""
        assert NO_CLOSURES.for_office(BOARD_OFFICE).closed_reason(date(2025, 1, 20)) == "Martin Luther King Jr. Day"

    def test_board_calendar_id_says_inauguration_day(self) -> None:
        """The Board's calendar id names its office and Inauguration Day; a Region's equals the common id."""
        board = WITH_CLOSURES.for_office(BOARD_OFFICE)
        assert board.calendar_id == WITH_CLOSURES.calendar_id.replace(
            "us-federal(holidays==0.108)", "us-federal@board(holidays==0.108)+inauguration-day")
        assert WITH_CLOSURES.for_office(office_for("10")).calendar_id == WITH_CLOSURES.calendar_id
        assert WITH_CLOSURES.for_office(BOARD_OFFICE) is board  # cached


class TestOfficeClosures:
    WEATHER = BusinessCalendar((*KNOWN_CLOSURES, Closure(date(2027, 1, 15), "weather", ("10-birmingham",))))

    def test_weather_closure_closes_one_office(self) -> None:
        """A closure of the Birmingham office closes Birmingham only; Atlanta and the common calendar stay open."""
        day = date(2027, 1, 15)
        birmingham = self.WEATHER.for_office(office_for("10", "Birmingham"))
        assert birmingham.closed_reason(day) == "Closure of Birmingham, AL: weather"
        assert self.WEATHER.for_office(office_for("10")).is_business_day(day)
        assert self.WEATHER.is_business_day(day)
        assert birmingham.calendar_id.startswith("us-federal@10-birmingham(holidays==0.108)+closures:17@sha1:")
        assert self.WEATHER.calendar_id == WITH_CLOSURES.calendar_id

    @pytest.mark.parametrize(("text", "expected"), [
        ("2027-01-15@birmingham=weather", Closure(date(2027, 1, 15), "weather", ("10-birmingham",))),
        ("2027-01-15@10-birmingham", Closure(date(2027, 1, 15), "closure listed by the operator", ("10-birmingham",))),
        ("2033-01-21@board=snow", Closure(date(2033, 1, 21), "snow", ("board",))),
        ("2027-02-01@San Juan = hurricane", Closure(date(2027, 2, 1), "hurricane", ("12-san-juan",))),
    ], ids=["city", "key-without-reason", "board", "city-with-space"])
    def test_parse_closure_with_office(self, text: str, expected: Closure) -> None:
        """``DATE@OFFICE[=reason]`` names the office by city or key (board: the Office of the Executive Secretary)."""
        assert parse_closure(text) == expected

    @pytest.mark.parametrize(("text", "fragment"), [
        ("2027-01-15@gotham=weather", "no receiving office named 'gotham'"),
        ("2027-01-15@Los Angeles", "ambiguous"),
        ("2027-01-15@=weather", "no office after '@'"),
    ], ids=["unknown-office", "ambiguous-city", "empty-office"])
    def test_parse_closure_refuses_unknown_office(self, text: str, fragment: str) -> None:
        """An office that is unknown, ambiguous or missing after '@' raises InvalidCalendar naming the closure."""
        with pytest.raises(InvalidCalendar, match="closure") as caught:
            parse_closure(text)
        assert fragment in str(caught.value)


class TestCounting:
    def test_add_business_days_lists_holidays_skipped_not_weekends(self) -> None:
        """Counting 5 business days from Fri 2026-06-12 skips Juneteenth and lists only it."""
        due, skipped = NO_CLOSURES.add_business_days(date(2026, 6, 12), 5)
        assert due == date(2026, 6, 22)
        assert skipped == (SkippedDay(date(2026, 6, 19), "Juneteenth National Independence Day"),)

    def test_add_zero_business_days_is_the_start(self) -> None:
        """Zero business days after a day is that day."""
        assert NO_CLOSURES.add_business_days(date(2026, 6, 13), 0) == (date(2026, 6, 13), ())

    def test_negative_count_refused(self) -> None:
        """A negative count raises InvalidCalendar."""
        with pytest.raises(InvalidCalendar):
            NO_CLOSURES.add_business_days(date(2026, 6, 12), -1)

    def test_roll_forward_lists_every_day_passed(self) -> None:
        """Rolling Fri 2020-07-03 (observed holiday) passes Fri, Sat and Sun and lands on Mon 2020-07-06."""
        due, skipped = NO_CLOSURES.roll_forward(date(2020, 7, 3))
        assert due == date(2020, 7, 6)
        assert [s.on for s in skipped] == [date(2020, 7, 3), date(2020, 7, 4), date(2020, 7, 5)]
        assert skipped[1].reason == "Saturday"

    def test_next_business_day_is_strictly_after(self) -> None:
        """The next business day after Tue 2026-03-10 is Wed 2026-03-11; after Thu 2026-12-24 it is Mon 12-28."""
        assert NO_CLOSURES.next_business_day(date(2026, 3, 10)) == date(2026, 3, 11)
        assert NO_CLOSURES.next_business_day(date(2026, 12, 24)) == date(2026, 12, 28)

    def test_business_days_before(self) -> None:
        """Three business days before Tue 2026-07-07 skip the observed Fri 07-03 and reach Wed 07-01."""
        day, skipped = NO_CLOSURES.business_days_before(date(2026, 7, 7), 3)
        assert day == date(2026, 7, 1)
        assert [s.on for s in skipped] == [date(2026, 7, 3)]

    @settings(deadline=None)  # the first holiday table of a process takes ~0.1 s to build
    @given(start=days_2015_2035, n=st.integers(min_value=0, max_value=30))
    def test_business_day_result_is_business_day_and_not_early(self, start: date, n: int) -> None:
        """n business days after any day is a business day (n ≥ 1) no earlier than start + n calendar days."""
        due, skipped = WITH_CLOSURES.add_business_days(start, n)
        assert due >= start + timedelta(days=n)
        if n:
            assert WITH_CLOSURES.is_business_day(due)
        assert all(start < s.on < due and s.on.weekday() < 5 for s in skipped)

    @settings(deadline=None)  # the first holiday table of a process takes ~0.1 s to build
    @given(day=days_2015_2035)
    def test_roll_forward_reaches_a_business_day_within_a_week(self, day: date) -> None:
        """Rolling forward always reaches a business day within 5 days, unchanged when already one."""
        rolled, skipped = WITH_CLOSURES.roll_forward(day)
        assert WITH_CLOSURES.is_business_day(rolled)
        assert 0 <= (rolled - day).days <= 5
        assert (rolled == day) == (not skipped)
