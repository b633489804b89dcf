"""A stored calendar id in words: which holidays and which closure days a due date was counted on.

A deadline stores the id of the business calendar that counted it
(:attr:`casefile.rules.calendar.BusinessCalendar.calendar_id`, e.g.
``us-federal(holidays==0.108)+closures:17@sha1:3f2a…``), so that a stored due date says which calendar
produced it. The id is an identifier in the grammar that ``BusinessCalendar`` writes (read here, beside it in
this package, and nowhere else); people read :func:`calendar_words` instead: "Federal holidays (holidays
0.108) and the 17 days the Agency's offices were closed by order". Pure functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from casefile.rules.calendar import Closure, long_date

__all__ = ["calendar_words"]

#: The grammar of BusinessCalendar.calendar_id: NAME[@OFFICE](holidays==VERSION)[+inauguration-day]+closures:(none|N@sha1:DIGEST)
_CALENDAR_ID = re.compile(
    r"(?P<name>[\w.-]+?)(?:@(?P<office>[\w.-]+))?\(holidays==(?P<version>[^)]+)\)(?P<inauguration>\+inauguration-day)?"
    r"\+closures:(?:none|(?P<count>\d+)@sha1:[0-9a-f]+)")

_HOLIDAY_TABLES = {"us-federal": "Federal holidays"}  # the name BusinessCalendar gives its holiday table


def calendar_words(calendar_id: str, *, closed_in_period: Sequence[Closure] = ()) -> str:
    """The calendar ``calendar_id`` (as a deadline stores it) in words: its holiday table and the version of the
    ``holidays`` library it came from, Inauguration Day for a Washington, DC area office, and how many closure
    days it lists; ``closed_in_period``: the closure days that fell in the period counted (the caller knows them
    when the calendar configured now is the one stored), named by date.

    ``"us-federal(holidays==0.108)+closures:17@sha1:…"`` → "Federal holidays (holidays 0.108) and the 17 days the
    Agency's offices were closed by order"; an id in no known grammar (an older row) is returned as stored.
    Raises nothing. Authority: 29 CFR 102.1(i) (a business day), 5 U.S.C. 6103(a)-(c); display only.
    """
    found = _CALENDAR_ID.fullmatch(calendar_id.strip())
    if found is None:
        return calendar_id
    holidays = f"{_HOLIDAY_TABLES.get(found['name'], found['name'] + ' holidays')} (holidays {found['version']})"
    if found["inauguration"]:
        holidays += ", Inauguration Day (a holiday in the Washington, DC area, 5 U.S.C. 6103(c))"
    count = int(found["count"] or 0)
    if count == 0:
        return f"{holidays}; no day the Agency's offices were closed by order"
    days = "the day" if count == 1 else f"the {count:,} days"
    said = f"{holidays} and {days} the Agency's offices were closed by order"
    closed = sorted({c.on for c in closed_in_period})
    return f"{said}; in this period closed on {_days(closed)}" if closed else said


def _days(days: Sequence[date]) -> str:
    """The long dates of ``days``, joined with "and" ("December 24, 2024 and December 26, 2024")."""
    named = [long_date(d) for d in days]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
