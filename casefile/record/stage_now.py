"""An election's stage in words at an instant: the stored stage with the states of its stored deadlines at
that instant (casefile.rules.deadline_state.state_at), phrased by casefile.rules.stage_words.stage_words_at —
so that between a period's cut-off and the scheduled sweep that moves the election on, no reader calls the
period "running" (the one meaning of open). Read-only; the rules decide."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from casefile.record.models import Deadline
from casefile.rules.deadline_state import DeadlineState, state_at
from casefile.rules.stage_words import STAGE_WORDS, StageWords, stage_words_at
from casefile.vocab import DeadlineKind, Stage

__all__ = ["period_states", "stage_words_now", "stage_words_of_elections"]


def period_states(deadlines: Iterable[Any], as_of: datetime) -> list[tuple[DeadlineKind, DeadlineState]]:
    """Each stored deadline of ``deadlines`` (Deadline rows) with its state at the aware instant ``as_of``, asked
    with no viewer's own filing (the period as it runs for all parties): what stage_words_at reads. Raises
    TypeError for a naive ``as_of``."""
    return [(d.kind, state_at(kind=d.kind, status=d.status, trigger_on=d.trigger_on, cutoff_at=d.cutoff_at,
                              closed_at=d.closed_at, as_of=as_of)) for d in deadlines]


def stage_words_now(stage: Stage, deadlines: Iterable[Any], as_of: datetime | None) -> StageWords:
    """The words of an election at ``stage`` whose deadlines are ``deadlines`` (its Deadline rows), at the aware
    instant ``as_of`` (casefile.rules.stage_words.stage_words_at); the table's words when ``as_of`` is None."""
    if as_of is None:
        return STAGE_WORDS[stage]
    period = STAGE_WORDS[stage].period
    return stage_words_at(stage, period_states([d for d in deadlines if d.kind is period], as_of) if period else ())


def stage_words_of_elections(session: Session, elections: dict[int, tuple[int, Stage]],
                             as_of: datetime) -> dict[int, StageWords]:
    """Key -> the words of its election at ``as_of``, for ``elections`` (key -> (election id, stage)): one query
    for the deadlines of the periods those stages run (none when no stage has a period)."""
    wanted = {election_id for election_id, stage in elections.values() if STAGE_WORDS[stage].period is not None}
    rows: dict[int, list[Any]] = {}
    if wanted:
        for d in session.exec(select(Deadline).where(col(Deadline.election_id).in_(wanted))
                              .order_by(col(Deadline.id))).all():
            rows.setdefault(d.election_id, []).append(d)
    return {key: stage_words_now(stage, rows.get(election_id, []), as_of)
            for key, (election_id, stage) in elections.items()}
