"""A deadline as a page reads it: its cut-off in the receiving office's own time and the business
days left on that office's calendar (weekends and Federal holidays skipped)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from casefile.rules.calendar import clock_label
from casefile.web.countdown import business_days_between, countdown

CENTRAL = ZoneInfo("America/Chicago")
EASTERN = ZoneInfo("America/New_York")


class TestCountdown:
    @pytest.mark.parametrize(("as_of", "state", "text"), [
        (datetime(2026, 12, 1, 9, 0, tzinfo=CENTRAL), "open", "due Wed Dec 2, 11:59 p.m. CST — 1 business day left"),
        (datetime(2026, 12, 2, 8, 0, tzinfo=CENTRAL), "today", "due today, 11:59 p.m. CST"),
        (datetime(2026, 12, 3, 0, 0, 30, tzinfo=CENTRAL), "overdue", "was due Wed Dec 2, 11:59 p.m. CST — overdue by 1 business day"),
        (datetime(2026, 11, 25, 9, 0, tzinfo=CENTRAL), "open", "due Wed Dec 2, 11:59 p.m. CST — 4 business days left"),
    ], ids=["the-day-before", "due-today", "just-after", "over-thanksgiving"])
    def test_a_central_time_cut_off(self, as_of: datetime, state: str, text: str) -> None:
        """A cut-off at 11:59 p.m. Central (Birmingham) on Wed Dec 2, 2026, read at several moments:
        Thanksgiving (Thu Nov 26) and the weekend are not business days."""
        c = countdown(datetime(2026, 12, 2, 23, 59, tzinfo=CENTRAL), "10-birmingham", "America/Chicago", as_of)
        assert (c.state, c.text) == (state, text)

    def test_the_office_zone_not_the_readers(self) -> None:
        """A cut-off stored in UTC is shown in the office's zone: 11:59 p.m. EDT in Atlanta."""
        c = countdown(datetime(2022, 4, 8, 3, 59, tzinfo=ZoneInfo("UTC")), "10-atlanta", "America/New_York",
                      datetime(2022, 4, 6, 12, 0, tzinfo=EASTERN))
        assert c.text == "due Thu Apr 7, 11:59 p.m. EDT — 1 business day left"

    def test_a_year_is_named_when_it_is_not_this_one(self) -> None:
        c = countdown(datetime(2022, 4, 7, 23, 59, tzinfo=EASTERN), "10-atlanta", "America/New_York",
                      datetime(2026, 12, 1, 12, 0, tzinfo=EASTERN))
        assert c.state == "overdue" and c.due == "Thu Apr 7, 2022, 11:59 p.m. EDT"

    def test_business_days_skip_holidays(self) -> None:
        """From Fri Dec 24, 2021 (a holiday observed) to Mon Jan 3, 2022: 5 business days (Dec 31 is
        the New Year holiday observed)."""
        from datetime import date

        assert business_days_between(date(2021, 12, 24), date(2022, 1, 3), "10-atlanta") == 5

    def test_clock(self) -> None:
        assert clock_label(datetime(2026, 7, 1, 0, 5, tzinfo=EASTERN)) == "12:05 a.m. EDT"


def test_a_region_target_date_has_no_cut_off() -> None:
    """The hearing's target under the rule, Mon 2026-12-21 (Chicago), read on Tue 2026-12-01: a date, not '11:59 p.m.',
    and worded as the rule's target, never "set for" (no hearing is noticed)."""
    cut = datetime(2026, 12, 21, 23, 59, 59, tzinfo=ZoneInfo("America/Chicago"))
    c = countdown(cut, "13-chicago", "America/Chicago", datetime(2026, 12, 1, 12, tzinfo=ZoneInfo("America/Chicago")),
                  target=True)
    assert "p.m." not in c.text and c.text.startswith("target date under the rule: Mon Dec 21 — ") and c.text.endswith("business days away")
    assert "p.m." in countdown(cut, "13-chicago", "America/Chicago",
                               datetime(2026, 12, 1, 12, tzinfo=ZoneInfo("America/Chicago"))).text
