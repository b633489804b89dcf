"""Reading dates and instants typed on the command line (the CLI is the only place that reads the clock)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

from casefile.errors import CasefileError

EASTERN = ZoneInfo("America/New_York")


def parse_date(text: str, what: str) -> date:
    """An ISO date (YYYY-MM-DD); CasefileError naming the option otherwise."""
    try:
        return date.fromisoformat(text)
    except ValueError as exc:
        raise CasefileError(f"{what}: {text!r} is not a date (YYYY-MM-DD)") from exc


def parse_instant(text: str | None, what: str) -> datetime:
    """An aware instant: ISO datetime with offset, or a bare date meaning 00:00 Eastern time that day;
    None means now. A datetime without offset is refused."""
    if text is None:
        return datetime.now(UTC)
    if len(text) == 10:
        return datetime.combine(parse_date(text, what), time(0, 0), tzinfo=EASTERN)
    try:
        value = datetime.fromisoformat(text)
    except ValueError as exc:
        raise CasefileError(f"{what}: {text!r} is not an ISO instant (e.g. 2021-04-16T16:30:00-05:00)") from exc
    if value.tzinfo is None:
        raise CasefileError(f"{what}: {text!r} has no UTC offset; give one (e.g. -05:00 or Z)")
    return value
