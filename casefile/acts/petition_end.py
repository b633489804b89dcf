"""What withdrawal and dismissal of the petition share: the elections they end (the latest of each
voting unit, when its stage allows a side exit: casefile.record.workflow) and the periods they moot."""

from __future__ import annotations

from datetime import date, datetime

from sqlmodel import Session

from casefile.errors import IllegalTransition
from casefile.record.deadlines import close_open_deadlines
from casefile.record.lookups import elections_of
from casefile.record.models import Case, Election
from casefile.record.workflow import allowed
from casefile.rules.stage_words import STAGE_WORDS
from casefile.vocab import DeadlineKind, DeadlineStatus, Stage


def ending(session: Session, case: Case, to_stage: Stage, *, lock: bool = False) -> list[Election]:
    """The latest election of each voting unit whose stage allows ``to_stage`` (the stage machine's side exit)."""
    latest: dict[str, Election] = {}
    for election in elections_of(session, case, lock=lock):
        latest[election.unit_id] = election
    return [e for e in latest.values() if allowed(e.stage, to_stage)]


def open_elections(session: Session, case: Case, to_stage: Stage, *, what: str) -> list[Election]:
    """The case's elections the petition's end reaches: the latest election of each voting unit (an
    election a rerun or runoff already followed stays as it is), each at a stage from which
    ``to_stage`` is allowed. Raises IllegalTransition naming the stages when none is."""
    chosen = ending(session, case, to_stage, lock=True)
    if not chosen:
        latest = {e.unit_id: e for e in elections_of(session, case)}
        stages = "; ".join(f"in election {e.sequence} {STAGE_WORDS[e.stage].now}" for e in latest.values()) or "no election"
        raise IllegalTransition(f"{what}: {stages}; the petition can end this way only before the "
                                "certification (29 CFR 102.60(a), 102.71)")
    return chosen


def moot_periods(session: Session, election: Election, *, as_of: datetime, on: date, why: str) -> int:
    """Close the election's open periods as mooted by the petition's end. Returns how many."""
    closed = close_open_deadlines(session, election, set(DeadlineKind), status=DeadlineStatus.MOOTED, as_of=as_of,
                                  legal_on=on, reason=f"mooted: {why} on {on.isoformat()}")
    return len(closed)
