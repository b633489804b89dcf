"""When a period closed for want of a filing is shown, later, to have been met.

The sweep closes a party's period the moment its cut-off passes, on what the record holds then: no
filing in the record, the period ``lapsed`` (and, for the objection period or the period for a
request for review, the election moves on). The record may learn of the filing only afterwards: an
operator enters objections received on time but recorded a week later, with their real receipt. A
document is filed when the receiving office receives it (29 CFR 102.2(a), (b)), not when it is
recorded; so a filing judged timely against the stored deadline shows that the closure was wrong:
the closure is superseded and the period is ``met``. A filing received after the cut-off but
accepted by an order (excusable neglect, 102.2(d)) does not make the closure wrong about the date,
but the period was answered: ``met-late``, and the closure's consequence is superseded too.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from casefile.rules.calendar import clock_label, long_date
from casefile.vocab import DeadlineStatus

__all__ = ["PeriodClosure", "Receipt", "Supersession", "superseded"]

@dataclass(frozen=True)
class PeriodClosure:
    """A party's period as the record closed it: its name in the field's terms ("objection
    period", casefile.rules.deadline_names), its last day, the receiving office's zone, and the
    status the closure gave it. (Not casefile.rules.calendar.Closure, a day the Agency's offices
    were closed.)"""

    period: str
    due_on: date
    office_tz: str
    status: DeadlineStatus


@dataclass(frozen=True)
class Receipt:
    """A filing the record holds against that period: what it is ("the objections of UAW", plural
    or not: ``plural``), when the receiving office received it (``received_at`` aware, or None when
    the record gives only the day) and whether it was judged timely against the stored deadline
    (False: received late and accepted by an order)."""

    what: str
    received_on: date
    received_at: datetime | None
    timely: bool
    plural: bool = False


@dataclass(frozen=True)
class Supersession:
    """The period's status once the filing is known, and the docket's sentence saying so."""

    status: DeadlineStatus
    sentence: str


def _received(receipt: Receipt, tz: str) -> str:
    """"August 12, 2026 at 3:00 p.m. EDT" (the one long date and the one clock), or the day alone."""
    if receipt.received_at is None:
        return long_date(receipt.received_on)
    local = receipt.received_at.astimezone(ZoneInfo(tz))
    return f"{long_date(local.date())} at {clock_label(local)}"


def superseded(closure: PeriodClosure, receipt: Receipt) -> Supersession | None:
    """Whether ``receipt`` supersedes ``closure``: for a period closed as lapsed (no filing in the
    record when it ran out), a timely filing makes it ``met`` and a late one accepted by order
    ``met-late``, with the sentence for the docket ("The closure of the objection period ending
    August 13, 2026 is superseded: the objections of UAW received August 12, 2026 at 3:00 p.m. EDT
    were within it (29 CFR 102.2(a), (b))."). None for a closure that is not a lapse (met, met late,
    mooted: nothing the filing changes). Raises nothing.
    Authority: 29 CFR 102.2(a), (b) (a document is filed when received), 102.2(d) (late filing
    accepted for excusable neglect).
    """
    if closure.status is not DeadlineStatus.LAPSED:
        return None
    received = f"{receipt.what} received {_received(receipt, closure.office_tz)}"
    head = f"The closure of the {closure.period} ending {long_date(closure.due_on)} is superseded: {received}"
    verb = "were" if receipt.plural else "was"
    if receipt.timely:
        return Supersession(DeadlineStatus.MET, f"{head} {verb} within it (29 CFR 102.2(a), (b)).")
    return Supersession(DeadlineStatus.MET_LATE, f"{head}, after it, {verb} accepted by order (29 CFR 102.2(d)): "
                                                 "the period is met late.")
