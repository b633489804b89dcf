"""Which certification the Regional Director issues on an election, and when it may issue
(R-H1, R-H2, R-Q1, R-Q2).

The certification follows from the outcome the rules computed for the election's latest tally
(stored with it: its kind and, for a Certification of Representative, its winner), never from
the vote counts or the outcome's display text.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from casefile.errors import Internal, ProcedureError
from casefile.vocab import CertificationKind, OutcomeKind

__all__ = ["CertificationOf", "certification_of", "certification_stands", "check_certification_date"]


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


def check_certification_date(issued_on: date, objections_due_on: date | None) -> None:
    """Refuse a certification dated while the objection period is open: it may issue on the
    first business day after the objections' due date at the earliest (``objections_due_on``;
    None when no objection period is recorded). Raises ProcedureError (field ``date``).
    Authority: 29 CFR 102.69(b); rules.md R-H1, R-H2.
    """
    if objections_due_on is not None and issued_on <= objections_due_on:
        raise ProcedureError(
            f"no certification while the objection period is open: objections are due {objections_due_on.isoformat()} "
            "(102.69(b)); the earliest certification date is the next business day", field="date")


def certification_stands(kind: CertificationKind, union: str | None, issued_on: date) -> str:
    """The docket's sentence when, after the Board remanded a certified election and the Regional Director's
    supplemental decision overruled the objections again, the election is back at certification-due: the
    certification of ``kind`` (of ``union``, a Certification of Representative) issued ``issued_on`` stands —
    a request for review stays nothing unless the Board orders, and a certification issues once per election,
    so none issues again. Authority: 29 CFR 102.67(j), 102.69(c)(2); rules.md R-H1, R-N7."""
    title = "Certification of Representative" if kind is CertificationKind.REPRESENTATIVE else "Certification of Results"
    of = f" of {union}" if union else ""
    return (f"Supplemental decision: the {title}{of} issued {issued_on.isoformat()} stands; no new certification "
            "issues (29 CFR 102.67(j), 102.69(c)(2))")
