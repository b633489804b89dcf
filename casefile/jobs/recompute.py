"""Recomputing stored deadlines when what they depend on changes (a closure day added, the calendar
corrected, a tolling window the rules now apply); old and new dates are docketed. A date fixed by
an order (the pin-deadline act, casefile.acts.pin_deadline) is never recomputed."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import Session, col, or_, select

from casefile.record.deadlines import compute_for_case, fixed_preceding
from casefile.record.lookups import get_case
from casefile.record.models import Case, Deadline, Election
from casefile.record.refs import ref_to
from casefile.record.workflow import docket
from casefile.rules.calendar import long_date
from casefile.rules.deadline_names import deadline_period
from casefile.rules.deadlines import DeadlineComputation
from casefile.rules.lapsed_periods import may_run_again
from casefile.vocab import Actor, DeadlineStatus, DocketActName, counted


@dataclass(frozen=True)
class DeadlineChange:
    """One deadline that moved: which, from when to when, and why (``reopened``: it had lapsed on the
    old date and runs again on the new one)."""

    deadline_id: int
    case_number: str
    kind: str
    old_due_on: date
    new_due_on: date
    reason: str
    reopened: bool = False


def recompute_open_deadlines(session: Session, *, as_of: datetime, case_number: str | None = None) -> list[DeadlineChange]:
    """Recompute every open, unpinned deadline with today's calendar (holidays, configured closure
    days, the receiving office's own closures) and tolling windows, and its case's rule set and
    office; store and docket each one that moved (old → new).

    A lapsed deadline is recomputed too when tolling moves it (a period that ran during the 2025
    shutdown, stored before casefile tolled it): its new date is stored and docketed; it runs again
    (status open) when its new cut-off is after ``as_of`` and — for objections and the offer of
    proof — the election is still at a stage where objections can be received. Otherwise it stays
    lapsed and the docket says why it was not reopened.
    Authority: 29 CFR 102.1(i), 102.2(a); rules.md R-B7 (closure days as data), R-B8 (tolling)."""
    query = select(Deadline, Case).join(Case, Case.id == Deadline.case_id).where(  # type: ignore[arg-type]
        or_(Deadline.status == DeadlineStatus.OPEN, Deadline.status == DeadlineStatus.LAPSED), Deadline.pinned_by == "")
    if case_number is not None:
        query = query.where(Case.id == get_case(session, case_number).id)
    changes: list[DeadlineChange] = []
    for deadline, case in session.exec(query.order_by(col(Deadline.id))).all():
        # a responsive period whose preceding document's date an order extended runs from that date (R-B5)
        computed = compute_for_case(case, deadline.kind, deadline.trigger_on,
                                    preceding_fixed=fixed_preceding(session, case, election_id=deadline.election_id,
                                                                    kind=deadline.kind, trigger_on=deadline.trigger_on))
        lapsed = deadline.status is DeadlineStatus.LAPSED
        if lapsed and (computed.tolled_by is None or computed.cutoff_at <= deadline.cutoff_at):
            continue  # a lapsed deadline moves only when tolling gives it more time
        if computed.due_on == deadline.due_on and computed.calendar_id == deadline.calendar_id:
            continue
        reason = _why(deadline, computed)
        old_due_on = deadline.due_on
        deadline.due_on, deadline.cutoff_at = computed.due_on, computed.cutoff_at
        deadline.calendar_id, deadline.derivation = computed.calendar_id, list(computed.derivation)
        reopened = False
        if lapsed:
            reopened, note = _reopen(session, deadline, computed, as_of)
            reason = f"{reason}; {note}"
        session.add(deadline)
        if old_due_on != computed.due_on:
            change = DeadlineChange(deadline.id, case.number, deadline.kind.value, old_due_on,  # type: ignore[arg-type]
                                    computed.due_on, reason, reopened)
            docket(session, case.id, election_id=deadline.election_id, as_of=as_of, occurred_on=as_of.date(),  # type: ignore[arg-type]
                   act=DocketActName.RECOMPUTE_DEADLINE, act_key=f"recompute:{deadline.id}:{as_of.isoformat()}", actor=Actor.SYSTEM,
                   summary=f"{_capital(deadline_period(deadline.kind))} recomputed: due {long_date(change.old_due_on)} → "
                   f"{long_date(change.new_due_on)} ({change.reason})", ref=ref_to(deadline))  # words, never the slug or ISO
            changes.append(change)
    return changes


def _why(deadline: Deadline, computed: DeadlineComputation) -> str:
    parts = []
    if computed.tolled_by is not None and computed.tolled_from_on == deadline.due_on:
        parts.append(f"tolled ({computed.tolled_by}): {counted(computed.days_tolled, 'day')} added because the period ran while "
                     "the offices were closed")
    if computed.calendar_id != deadline.calendar_id:
        parts.append(f"calendar {deadline.calendar_id} → {computed.calendar_id}")
    return "; ".join(parts) or f"recomputed under calendar {computed.calendar_id}"


def _reopen(session: Session, deadline: Deadline, computed: DeadlineComputation, as_of: datetime) -> tuple[bool, str]:
    """Whether a lapsed deadline that tolling moved runs again, and the docket's words for it."""
    if computed.cutoff_at <= as_of:
        return False, "still lapsed on the tolled date"
    election = session.get(Election, deadline.election_id)
    assert election is not None
    if not may_run_again(deadline.kind, election.stage):
        return False, (f"it had lapsed and is not reopened: election {election.sequence} has moved on to stage "
                       f"{election.stage.value} (a Regional Director's or the Board's order is needed to reopen it)")
    deadline.status, deadline.closed_at = DeadlineStatus.OPEN, None
    return True, "it had lapsed on the earlier date and runs again until the tolled date"


def _capital(text: str) -> str:
    """``text`` with its first letter a capital ("Objection period")."""
    return text[:1].upper() + text[1:]
