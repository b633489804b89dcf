"""How a deadline reads on a page: its cut-off in the receiving office's own time and what is left
of it, in business days of that office's calendar (casefile.rules.calendar), e.g.
"due Wed Dec 2, 11:59 p.m. CST — 1 business day left", "due today, 11:59 p.m. EDT", "overdue by
3 business days" (the time of day is the rules' one clock, casefile.rules.calendar.clock_label).
Wording only: the cut-off itself is the stored deadline's (rules computed it).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

from casefile.rules.calendar import SHORT_MONTHS, BusinessCalendar, clock_label

MONTHS = SHORT_MONTHS  # the one short month names (casefile.rules.calendar.short_date)
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
#: Beyond this many calendar days, the business days left are not counted one by one.
FAR = 400


@dataclass(frozen=True)
class Countdown:
    """A deadline as read at one moment: ``state`` is "overdue", "today" or "open"; ``text`` the
    whole line; ``left`` the business days left (negative: by how many it is overdue)."""

    state: str
    text: str
    due: str
    left: int


def day_text(on: date, *, year: bool = False) -> str:
    """ "Wed Dec 2" (and ", 2026" when ``year``)."""
    text = f"{DAYS[on.weekday()]} {MONTHS[on.month - 1]} {on.day}"
    return f"{text}, {on.year}" if year else text


@lru_cache(maxsize=64)
def _calendar(office_key: str) -> BusinessCalendar:
    from casefile.record.deadlines import configured_calendar
    from casefile.rules.offices import office_named

    try:
        return configured_calendar().for_office(office_named(office_key))
    except Exception:
        return configured_calendar()


def business_days_between(start: date, end: date, office_key: str) -> int:
    """Business days after ``start`` up to and including ``end`` at the office (negative when
    ``end`` is before ``start``: the business days from ``end`` to ``start``)."""
    if end == start:
        return 0
    if abs((end - start).days) > FAR:
        return round((end - start).days * 5 / 7)
    cal = _calendar(office_key)
    lo, hi, sign = (start, end, 1) if end > start else (end, start, -1)
    n, day = 0, lo
    while day < hi:
        day += timedelta(days=1)
        if cal.is_business_day(day):
            n += 1
    return sign * n


def countdown(cutoff_at: datetime, office_key: str, tz: str, as_of: datetime, *, target: bool = False) -> Countdown:
    """The deadline whose cut-off is ``cutoff_at`` at office ``office_key`` (zone ``tz``), as read at ``as_of``.
    ``target``: the Region's own target date (hearing opens, earliest certification; rules.target_dates) — a
    date the Region aims at by the rule, not a filing cut-off nor a date anyone set: "target date under the rule: Mon
    Dec 21", no 11:59 p.m. (a hearing a notice set is told from the notice: casefile.web.waiting)."""
    zone = ZoneInfo(tz)
    cutoff = cutoff_at.astimezone(zone)
    today = as_of.astimezone(zone).date()
    if target:
        day = day_text(cutoff.date(), year=cutoff.year != today.year)
        if cutoff.date() < today:
            return Countdown("overdue", f"target date under the rule was {day} — passed", day,
                             -business_days_between(cutoff.date(), today, office_key))
        if cutoff.date() == today:
            return Countdown("today", "target date under the rule: today", day, 0)
        left = business_days_between(today, cutoff.date(), office_key)
        return Countdown("open", f"target date under the rule: {day} — {left} business day{'s' if left != 1 else ''} away",
                         day, left)
    due = f"{day_text(cutoff.date(), year=cutoff.year != today.year)}, {clock_label(cutoff)}"
    if as_of > cutoff:
        late = business_days_between(cutoff.date(), today, office_key)
        by = f" by {late} business day{'s' if late != 1 else ''}" if late > 0 else ""
        return Countdown("overdue", f"was due {due} — overdue{by}", due, -late)
    if cutoff.date() == today:
        return Countdown("today", f"due today, {clock_label(cutoff)}", due, 0)
    left = business_days_between(today, cutoff.date(), office_key)
    return Countdown("open", f"due {due} — {left} business day{'s' if left != 1 else ''} left", due, left)
