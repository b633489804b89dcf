"""Computing a deadline with the rules and keeping it, with how it was computed."""

from __future__ import annotations

from datetime import date, datetime
from functools import lru_cache

from sqlmodel import Session, select

from casefile.record.models import Case, Deadline, Election
from casefile.rules.calendar import KNOWN_CLOSURES, BusinessCalendar, parse_closure
from casefile.rules.deadlines import DeadlineComputation, compute_deadline
from casefile.rules.offices import Office, office_named
from casefile.rules.rule_sets import rule_set_by_id
from casefile.vocab import DeadlineKind, DeadlineStatus


def configured_calendar() -> BusinessCalendar:
    """The business calendar of the settings: known EO closures (unless turned off) plus extra closures."""
    from casefile.settings import get_settings

    settings = get_settings()
    return _calendar(tuple(settings.extra_closures), settings.known_closures)


@lru_cache(maxsize=8)
def _calendar(extra: tuple[str, ...], known: bool) -> BusinessCalendar:
    closures = (list(KNOWN_CLOSURES) if known else []) + [parse_closure(text) for text in extra]
    return BusinessCalendar(closures)


def office_of(case: Case) -> Office:
    """The case's receiving office (UnknownRegion if the office table no longer knows its key)."""
    return office_named(case.office_key)


def compute_for_case(case: Case, kind: DeadlineKind, trigger_on: date) -> DeadlineComputation:
    """Compute ``kind`` from ``trigger_on`` under the case's rule set, office and the configured calendar."""
    return compute_deadline(
        kind, trigger_on, rule_set=rule_set_by_id(case.rule_set_id), calendar=configured_calendar(), office=office_of(case)
    )


def keep_deadline(
    session: Session,
    *,
    case: Case,
    election: Election,
    kind: DeadlineKind,
    trigger: str,
    trigger_on: date,
    for_whom: str,
) -> Deadline | None:
    """Compute and store a deadline (idempotent: the same kind and trigger date returns the stored one).
    Returns None when the case's rule set has no fixed period of that kind (e.g. no hearing date
    before 2015, R-A1)."""
    if kind not in rule_set_by_id(case.rule_set_id).periods:
        return None
    existing = session.exec(
        select(Deadline).where(
            Deadline.election_id == election.id, Deadline.kind == kind, Deadline.trigger_on == trigger_on
        )
    ).first()
    if existing is not None:
        return existing
    computed = compute_for_case(case, kind, trigger_on)
    deadline = Deadline(
        case_id=case.id,  # type: ignore[arg-type]
        election_id=election.id,  # type: ignore[arg-type]
        kind=kind,
        for_whom=for_whom,
        trigger=trigger,
        trigger_on=trigger_on,
        due_on=computed.due_on,
        cutoff_at=computed.cutoff_at,
        citation=computed.citation,
        rule_set_id=computed.rule_set_id,
        office_key=computed.office_key,
        calendar_id=computed.calendar_id,
        derivation=list(computed.derivation),
        preceding_due_on=computed.preceding.due_on if computed.preceding else None,
    )
    session.add(deadline)
    session.flush()
    return deadline


def close_open_deadlines(
    session: Session, election: Election, kinds: set[DeadlineKind], *, status: DeadlineStatus, as_of: datetime
) -> None:
    """Close the election's open deadlines of ``kinds`` with ``status`` (e.g. mooted by a set-aside)."""
    for deadline in session.exec(
        select(Deadline).where(Deadline.election_id == election.id, Deadline.status == DeadlineStatus.OPEN)
    ):
        if deadline.kind in kinds:
            deadline.status = status
            deadline.closed_at = as_of
            session.add(deadline)
