"""The sweep: closes the periods that have run out and moves elections on when the rules say so.

It never performs the Region's acts: where the rules make an act due (a certification once the
objection period lapses with nothing pending, R-H1), it marks the election certification-due;
the certification itself is recorded when issued. Run it as often as you like: each pass does
only what is left (idempotent), so an interrupted sweep is finished by the next.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, select

from casefile.errors import CasefileError
from casefile.record.models import Case, Deadline, Election, Filing
from casefile.rules.offices import normalize_region, office_named
from casefile.services.challenges import objections_still_pending
from casefile.record.deadlines import close_open_deadlines
from casefile.record.lookups import latest_tally
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, OutcomeKind, Stage
from casefile.record.workflow import advance

_FILING_FOR = {DeadlineKind.OBJECTIONS: "objections", DeadlineKind.OFFER_OF_PROOF: "offer-of-proof",
               DeadlineKind.EXCEPTIONS: "exceptions", DeadlineKind.REVISED_TALLY_OBJECTIONS: "objections"}
#: Dates that are not periods for a party but the earliest day the Region may act: they stay open
#: until the act (or are mooted), instead of "lapsing".
_EARLIEST = frozenset({DeadlineKind.EARLIEST_CERTIFICATION, DeadlineKind.HEARING_OPENS})


@dataclass
class SweepReport:
    """What one sweep pass did."""

    deadlines_closed: list[str] = field(default_factory=list)
    elections_moved: list[str] = field(default_factory=list)

    @property
    def did_something(self) -> bool:
        return bool(self.deadlines_closed or self.elections_moved)


def sweep(session: Session, *, as_of: datetime, case_id: int | None = None, region: str | None = None) -> SweepReport:
    """Close every open deadline whose cut-off instant is before ``as_of`` (met if the filing it
    awaited was made, else lapsed) and move the elections whose objection period closed:

    - objections filed → stays objections-pending (the Regional Director investigates);
    - none, challenges determinative → challenge-investigation (R-E2);
    - none, outcome REP or RESULTS → certification-due (R-H1, 102.69(b));
    - none, outcome RUNOFF or NULLITY_RERUN → runoff-due (102.70; a nullity rerun is directed the same way).
    A certified election whose request-for-review period lapsed closes (R-N2). ``as_of`` must be
    aware. ``case_id`` limits the pass to one case; ``region`` (a Region number, e.g. ``"10"`` or
    ``"1"``) to the cases of one Region, so that several workers can sweep Regions in parallel.
    Raises CasefileError for a naive ``as_of``, UnknownRegion for a value that is not a Region number.
    Authority: 29 CFR 102.69(a)(8), (b); 102.70; 102.67(c).
    """
    if as_of.tzinfo is None:
        raise CasefileError("sweep: as_of must be timezone-aware")
    report = SweepReport()
    query = select(Deadline).where(Deadline.status == DeadlineStatus.OPEN, col(Deadline.cutoff_at) < as_of,
                                   col(Deadline.kind).not_in(_EARLIEST))
    if case_id is not None:
        query = query.where(Deadline.case_id == case_id)
    if region is not None:
        query = query.join(Case, col(Case.id) == col(Deadline.case_id)).where(Case.region == normalize_region(region))
    lapsed = list(session.exec(query.order_by(col(Deadline.cutoff_at))))
    # One query each for what the lapsed deadlines need (filings that met them, case numbers).
    ids = [d.id for d in lapsed]
    answered = set(session.exec(select(Filing.deadline_id, Filing.kind).where(col(Filing.deadline_id).in_(ids))).all()) if ids else set()
    numbers = dict(session.exec(select(Case.id, Case.number).where(
        col(Case.id).in_({d.case_id for d in lapsed}))).all()) if lapsed else {}
    for deadline in lapsed:
        filing_kind = _FILING_FOR.get(deadline.kind)
        met = filing_kind is not None and (deadline.id, filing_kind) in answered
        deadline.status = DeadlineStatus.MET if met else DeadlineStatus.LAPSED
        deadline.closed_at = as_of
        session.add(deadline)
        report.deadlines_closed.append(f"{numbers[deadline.case_id]}: {deadline.kind.value} due "
                                       f"{deadline.due_on.isoformat()}: {deadline.status.value}")
    session.flush()
    movable = [d for d in lapsed if d.kind in (DeadlineKind.OBJECTIONS, DeadlineKind.REVISED_TALLY_OBJECTIONS,
                                                DeadlineKind.REQUEST_FOR_REVIEW)]
    for deadline in movable:
        # Lock the election and re-read its stage: an act may have moved it since the query.
        election = session.get(Election, deadline.election_id, with_for_update=True, populate_existing=True)
        assert election is not None
        if (deadline.kind is DeadlineKind.OBJECTIONS and election.stage is Stage.TALLY_ISSUED) or (
                deadline.kind is DeadlineKind.REVISED_TALLY_OBJECTIONS and election.stage is Stage.REVISED_TALLY_ISSUED):
            _after_objection_period(session, election, deadline, as_of, report)
        elif deadline.kind is DeadlineKind.REQUEST_FOR_REVIEW and election.stage is Stage.CERTIFIED:
            advance(session, election, Stage.CLOSED, as_of=as_of, occurred_on=deadline.due_on, act="close",
                    act_key=f"close:e{election.sequence}:rfr-lapsed", actor=Actor.SYSTEM,
                    summary=f"No request for review by {deadline.due_on.isoformat()}: the certification is final")
            report.elections_moved.append(f"{number_of(session, election.case_id)} election {election.sequence}: certified → closed")
    return report


def number_of(session: Session, case_id: int) -> str:
    case = session.get(Case, case_id)
    assert case is not None
    return case.number


def _after_objection_period(session: Session, election: Election, deadline: Deadline, as_of: datetime,
                            report: SweepReport) -> None:
    tally = latest_tally(session, election)
    if tally is None:  # a deadline without its tally (not made by casefile's acts): nothing to decide on
        return
    case = session.get(Case, election.case_id)
    assert case is not None
    outcome = OutcomeKind(tally.outcome)
    key = f"objection-period-closed:e{election.sequence}:{deadline.due_on.isoformat()}"
    what = "objections to the revised tally" if deadline.kind is DeadlineKind.REVISED_TALLY_OBJECTIONS else "objections"
    cutoff = deadline.cutoff_at.astimezone(ZoneInfo(office_named(deadline.office_key).tz))
    ended = f"No {what} by {deadline.due_on.isoformat()} (cut-off {cutoff.isoformat()})"
    pending = objections_still_pending(session, election)
    if pending:
        to, why = Stage.OBJECTIONS_PENDING, f"{ended}; {pending} earlier objections still to be decided (R-M1)"
    elif tally.determinative:
        to, why = Stage.CHALLENGE_INVESTIGATION, f"{ended}; the {tally.challenged:,} challenged ballots are determinative (R-E2)"
    elif outcome in (OutcomeKind.REP, OutcomeKind.RESULTS):
        to, why = Stage.CERTIFICATION_DUE, f"{ended}; challenges not determinative: {tally.outcome_text} is due forthwith (R-H1)"
    else:
        to, why = Stage.RUNOFF_DUE, f"{ended}; {tally.outcome_text}: the Regional Director directs it (102.70)"
    moved_from = election.stage
    advance(session, election, to, as_of=as_of, occurred_on=deadline.due_on, act="objection-period-closed",
            act_key=key, actor=Actor.SYSTEM, summary=why)
    if to in (Stage.CERTIFICATION_DUE, Stage.RUNOFF_DUE):
        close_open_deadlines(session, election, {DeadlineKind.HEARING_OPENS}, status=DeadlineStatus.MOOTED, as_of=as_of)
    report.elections_moved.append(f"{case.number} election {election.sequence}: {moved_from.value} → {to.value}")
