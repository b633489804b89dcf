"""Which certification the Regional Director issues on an election, and when it may issue
(R-H1, R-H2, R-Q1, R-Q2).

The certification follows from the outcome the rules computed for the election's latest tally
(stored with it: its kind and, for a Certification of Representative, its winner), never from
the vote counts or the outcome's display text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from casefile.errors import Internal, ProcedureError
from casefile.rules.calendar import long_date, weekday_date
from casefile.vocab import CertificationKind, OutcomeKind

__all__ = ["CertificationOf", "ObjectionPeriod", "certification_of", "certification_stands", "check_certification_date"]


@dataclass(frozen=True)
class CertificationOf:
    """The certification an outcome calls for: ``kind`` REPRESENTATIVE (with the labor
    organization certified, ``union``) or RESULTS (``union`` None), and its ``title``."""

    kind: CertificationKind
    union: str | None
    title: str


def certification_of(outcome: OutcomeKind | str, winner: str | None, *, described: str = "") -> CertificationOf:
    """The certification the outcome ``outcome`` (an OutcomeKind value) of the latest tally calls
    for, with ``winner`` the labor organization the rules found chosen (REP outcomes only).

    REP → Certification of Representative of ``winner`` (R-Q1); RESULTS → Certification of
    Results (R-Q2). Raises ProcedureError (field ``date``) for any other outcome — a runoff or a
    nullity rerun is directed, a pending outcome waits for the challenges — naming ``described``
    (the outcome in words); Internal for a REP outcome stored without its winner.
    Authority: 29 CFR 102.69(b), (e); rules.md R-H1, R-Q1, R-Q2.
    """
    kind = OutcomeKind(outcome)
    if kind is OutcomeKind.REP:
        if not winner:
            raise Internal("the tally's outcome is a Certification of Representative but the record does not hold "
                           "the labor organization chosen (its winner)")
        return CertificationOf(CertificationKind.REPRESENTATIVE, winner, "Certification of Representative")
    if kind is OutcomeKind.RESULTS:
        return CertificationOf(CertificationKind.RESULTS, None, "Certification of Results")
    what = described or kind.value
    raise ProcedureError(f"the tally's outcome is {what}; no certification issues on it (102.69(b), 102.70)",
                         field="date")


@dataclass(frozen=True)
class ObjectionPeriod:
    """An objection period a certification waits for: ``due_on`` its last day (objections are received until
    that day's cut-off); ``first_day`` the first day a certification may be dated after it — the next business
    day at the receiving office (the earliest certification the deadline table computes, R-H2); ``revised_on``
    the date of the revised tally it runs from (None: the tally of ballots)."""

    due_on: date
    first_day: date
    revised_on: date | None = None


def check_certification_date(issued_on: date, periods: Sequence[ObjectionPeriod]) -> None:
    """Refuse a certification dated ``issued_on`` before the time for objections has passed: on or before the
    last day of any of ``periods`` (the tally's objection period, 102.69(a); a revised tally's, 102.69(e)). The
    refusal names the certification's date, the period that closes last and its last day, and the first day
    the certification may be dated (its ``first_day``). ``periods`` empty: nothing to wait for.
    Raises ProcedureError (field ``date``). Authority: 29 CFR 102.69(a), (b), (e); rules.md R-H1, R-H2.
    """
    waiting = [p for p in periods if issued_on <= p.due_on]
    if not waiting:
        return
    period = max(waiting, key=lambda p: p.due_on)
    what, cite = (("the objection period", "29 CFR 102.69(a)") if period.revised_on is None else
                  (f"the objection period on the revised tally of {long_date(period.revised_on)}", "29 CFR 102.69(e)"))
    when = (f"is the last day of {what}, which closes at the end of that day ({cite})" if issued_on == period.due_on
            else f"is before {what} closes on {long_date(period.due_on)} ({cite})")
    raise ProcedureError(
        f"the certification's date, {long_date(issued_on)}, {when}: a certification issues only after the time for "
        f"objections has passed (102.69(b)); date it on or after {weekday_date(period.first_day)}, the next business day",
        field="date")


def certification_stands(kind: CertificationKind, union: str | None, issued_on: date) -> str:
    """The docket's sentence when, after the Board remanded a certified election and the Regional Director's
    supplemental decision overruled the objections again, the election is back at certification-due: the
    certification of ``kind`` (of ``union``, a Certification of Representative) issued ``issued_on`` stands —
    a request for review stays nothing unless the Board orders, and a certification issues once per election,
    so none issues again. Authority: 29 CFR 102.67(j), 102.69(c)(2); rules.md R-H1, R-N7."""
    title = "Certification of Representative" if kind is CertificationKind.REPRESENTATIVE else "Certification of Results"
    of = f" of {union}" if union else ""
    return (f"Supplemental decision: the {title}{of} issued {long_date(issued_on)} stands; no new certification "
            "issues (29 CFR 102.67(j), 102.69(c)(2))")
