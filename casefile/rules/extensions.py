"""A deadline's date fixed or extended by an order (the Regional Director's, or the Board's for
filings it receives): which periods an order may move, the cut-off of the date it fixes, and
what becomes of a period already over."""

from __future__ import annotations

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from casefile.errors import ProcedureError
from casefile.rules.deadlines import NOUNS
from casefile.rules.target_dates import is_region_target
from casefile.vocab import DeadlineKind, DeadlineStatus

__all__ = ["UNEXTENDABLE", "check_extendable", "cutoff_of_fixed_date", "missing_request_warning", "status_after_order"]

#: Periods no order can move: the objections to an election (and to a revised tally). The rule
#: gives no authority to extend them and the excusable-neglect rule does not reach them.
UNEXTENDABLE = frozenset({DeadlineKind.OBJECTIONS, DeadlineKind.REVISED_TALLY_OBJECTIONS})

_END_OF_DAY = time(23, 59, 59)
_POSTING_TIME = time(0, 1)  # notice posting: "12:01 a.m. of the day" (102.67(k))


def check_extendable(kind: DeadlineKind) -> None:
    """Raise ProcedureError (field ``deadline``) when no order can fix or extend a period of
    ``kind``: the objections period (102.69(a)(8): 5 business days, no extension; 102.2(d): late
    filing on excusable neglect does not reach objections). Every other period may be moved by
    the authority that set it, before or after its date (an extension asked by the due date,
    102.2(c), may be granted later; a late filing may be accepted on excusable neglect, 102.2(d)).
    Authority: 29 CFR 102.69(a)(8), 102.2(c), 102.2(d); rules.md R-G5, R-G6, R-B10."""
    if kind in UNEXTENDABLE:
        raise ProcedureError(f"the period for {NOUNS[kind]} cannot be extended or fixed by an order "
                             "(29 CFR 102.69(a)(8))", field="deadline")


def cutoff_of_fixed_date(kind: DeadlineKind, due_on: date, *, office_tz: str) -> datetime:
    """The cut-off instant of a date fixed by an order, in the receiving office's zone
    ``office_tz``: 11:59:59 p.m. on ``due_on`` (e-filing until the end of the day), or 12:01 a.m.
    for the posting of a notice of election. Authority: 29 CFR 102.2(a)-(b), 102.67(k); R-B9."""
    at = _POSTING_TIME if kind is DeadlineKind.NOTICE_POSTING else _END_OF_DAY
    return datetime.combine(due_on, at, tzinfo=ZoneInfo(office_tz))


def status_after_order(status: DeadlineStatus, *, old_due_on: date, new_due_on: date) -> DeadlineStatus:
    """The deadline's status once an order has moved its date from ``old_due_on`` to
    ``new_due_on``: a lapsed period extended to a later date runs again (open: the scheduled sweep
    closes it when the new cut-off passes); a met one stays met (what it awaited was filed); an
    open one stays open. Raises ProcedureError (field ``deadline``) for a mooted period: what it
    awaited was overtaken, and no order revives it. Authority: 29 CFR 102.2(c), 102.2(d)."""
    if status is DeadlineStatus.MOOTED:
        raise ProcedureError("the deadline is mooted (what it awaited was overtaken); an order cannot fix its date",
                             field="deadline")
    if status is DeadlineStatus.LAPSED and new_due_on > old_due_on:
        return DeadlineStatus.OPEN
    return status


def missing_request_warning(kind: DeadlineKind, *, request_recorded: bool, old_due_on: date, ordered_on: date,
                            old_status: DeadlineStatus) -> str | None:
    """The warning for an order fixing the date of a party's period of ``kind`` with no request for it
    in the record (``request_recorded`` False), or None when none is due:

    - the offer of proof: the Regional Director "may extend the time for filing the written offer of
      proof ... upon request of a party showing good cause" (102.69(a)(8));
    - a period whose date had passed when the order was made (``ordered_on`` after ``old_due_on``, or a
      lapsed one): a filing after the time prescribed is accepted only "upon good cause shown based on
      excusable neglect", on a motion filed with the document (102.2(d)).
    The Region's own dates (hearing opens, earliest certification, notice posting) and an extension
    made before the date of any other period (the Regional Director "may allow" further time,
    102.69(c)(1)(iii)) need no warning. Raises nothing.
    Authority: 29 CFR 102.69(a)(8), 102.2(c), (d); rules.md R-B10, R-G5.
    """
    if request_recorded or is_region_target(kind) or kind is DeadlineKind.NOTICE_POSTING:
        return None
    if kind is DeadlineKind.OFFER_OF_PROOF:
        return (f"no request for an extension of the {NOUNS[kind]} is recorded: the Regional Director extends it "
                "\"upon request of a party showing good cause\" (29 CFR 102.69(a)(8)); record the request "
                "(request-extension) or check the order")
    if ordered_on > old_due_on or old_status is DeadlineStatus.LAPSED:
        return (f"no request is recorded for this order on the {NOUNS[kind]} period, whose date "
                f"({old_due_on.isoformat()}) had passed: a late filing is accepted only on a party's motion showing "
                "excusable neglect (29 CFR 102.2(d)); record the request (request-extension) or check the order")
    return None


def fixed_date_warnings(kind: DeadlineKind, *, old_due_on: date, new_due_on: date,
                        closed_reason: str | None) -> tuple[str, ...]:
    """What an order fixing the date of a period of ``kind`` warns of, stored all the same (the order is a fact):

    - a date earlier than the period's due date ``old_due_on``: the Board's rules extend time (29 CFR 102.2(c),
      102.69(a)(8), (c)(1)(iii)); an order shortening it is unusual — the document says "Order Extending Time";
    - a date fixed on a day the Agency is closed (``closed_reason``, the business calendar's reason at the
      receiving office: a weekend day, a holiday, a closure): 29 CFR 102.2(a) moves a last day that falls on one
      to the next business day, and casefile keeps the date the order names.

    Returns the warnings in words (empty when none). Raises nothing.
    Authority: 29 CFR 102.2(a), (c); 102.69(a)(8), (c)(1)(iii)."""
    from casefile.rules.calendar import weekday_date

    warnings = []
    if new_due_on < old_due_on:
        warnings.append(f"the order moves the {NOUNS[kind]} earlier, from {weekday_date(old_due_on)} to "
                        f"{weekday_date(new_due_on)}: the Board's rules extend time (29 CFR 102.2(c)); check the order")
    if closed_reason is not None:
        warnings.append(f"the date fixed, {weekday_date(new_due_on)}, is not a business day at the receiving office "
                        f"({closed_reason}): a last day that falls on one runs to the next business day (29 CFR "
                        "102.2(a)); casefile keeps the date the order names — check the order")
    return tuple(warnings)
