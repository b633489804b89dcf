"""A stored calendar id in words (casefile.rules.calendar_words): which holidays and closure days counted a period,
never the id itself ("us-federal(holidays==0.108)+closures:…") in what people read."""

from __future__ import annotations

from datetime import date

from casefile.rules.calendar import BusinessCalendar, Closure, holidays_version, short_date
from casefile.rules.calendar_words import calendar_words
from casefile.rules.offices import office_named

CHRISTMAS_EVE = Closure(date(2024, 12, 24), "Christmas Eve 2024 (Executive Order 14236)")
DAY_AFTER = Closure(date(2019, 12, 24), "Christmas Eve 2019 (Executive Order 13900)")


def test_the_holidays_and_the_closure_days_in_words() -> None:
    calendar = BusinessCalendar([CHRISTMAS_EVE, DAY_AFTER])
    assert calendar.calendar_id.startswith(f"us-federal(holidays=={holidays_version()})+closures:2@sha1:")
    assert calendar_words(calendar.calendar_id) == (
        f"Federal holidays (holidays {holidays_version()}) and the 2 days the Agency's offices were closed by order")
    # the closure days of the period, when the caller knows them (the calendar configured now is the one stored)
    assert calendar_words(calendar.calendar_id, closed_in_period=[CHRISTMAS_EVE]) == (
        f"Federal holidays (holidays {holidays_version()}) and the 2 days the Agency's offices were closed by order; "
        "in this period closed on December 24, 2024")
    one = BusinessCalendar([CHRISTMAS_EVE])
    assert calendar_words(one.calendar_id).endswith("and the day the Agency's offices were closed by order")


def test_the_board_office_calendar_names_inauguration_day_and_no_closure() -> None:
    board = BusinessCalendar([]).for_office(office_named("board"))
    assert "+inauguration-day+closures:none" in board.calendar_id
    assert calendar_words(board.calendar_id) == (
        f"Federal holidays (holidays {holidays_version()}), Inauguration Day (a holiday in the Washington, DC area, "
        "5 U.S.C. 6103(c)); no day the Agency's offices were closed by order")
    atlanta = BusinessCalendar([]).for_office(office_named("10-atlanta"))
    assert calendar_words(atlanta.calendar_id) == (
        f"Federal holidays (holidays {holidays_version()}); no day the Agency's offices were closed by order")


def test_an_id_in_no_known_grammar_is_said_as_stored() -> None:
    assert calendar_words("calendar-of-2019") == "calendar-of-2019"


def test_the_short_date() -> None:
    assert [short_date(date(2026, 7, 3)), short_date(date(2021, 12, 24))] == ["Jul 3, 2026", "Dec 24, 2021"]
