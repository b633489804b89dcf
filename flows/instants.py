"""The instant a flow run acts as of: never later than the run's own start (issue 14, security
finding M5).

A flow's parameters are ids and instants. Prefect's API is behind an auth string (docs/integrity.md),
but whoever can start a run must still not make casefile act "as of" a moment that has not come: a
sweep as of 2027 would close the objection period before its cut-off and offer a certification
that is not due. So every flow that takes an instant checks it against the clock when the run
starts (the flows are an interface: the clock is read here, and passed down as ``as_of``), with
the front door's tolerance for clocks that disagree a little, and a run asked for a later instant
ends in a Failed state that says so, before anything is read or stored.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

#: How far past the run's start an instant may lie (clocks that disagree a little): the front door's.
CLOCK_SKEW = timedelta(minutes=5)


def run_started() -> datetime:
    """The moment this run's body starts (aware, UTC)."""
    return datetime.now(UTC)


def future_instant(moment: datetime, *, started: datetime, flow: str) -> str | None:
    """Why ``moment`` may not be acted as of, in words — it lies past ``started`` (the run's start)
    by more than CLOCK_SKEW, or it is not timezone-aware — or None when it may."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        return f"{flow}: the instant {moment.isoformat()} has no time zone; nothing was done"
    if moment - started > CLOCK_SKEW:
        return (f"{flow}: refused to act as of {moment.isoformat()}, later than the run's start "
                f"({started.isoformat()}): a run acts as of its scheduled instant or an earlier one, never a moment "
                "that has not come; nothing was read or stored")
    return None
