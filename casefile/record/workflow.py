"""The stage machine of one election (rules.md §4) and the docket.

``advance()`` is the only writer of ``Election.stage``: it checks the transition table (read from
the one machine, casefile.rules.stages), stamps
the time, and writes the docket entry, inside the caller's transaction. ``docket()`` writes an
entry for an act that does not change the stage (a second party's objections, a deadline lapsing).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlmodel import Session, select

from casefile.errors import IllegalTransition
from casefile.record.integrity import seal
from casefile.record.models import DocketEntry, Election
from casefile.record.refs import RecordTable, Ref
from casefile.record.sealing import note_entry
from casefile.rules.stages import PRE_CERTIFICATION, transitions
from casefile.vocab import Actor, DocketActName, Stage

S = Stage

#: The key in ``Session.info`` under which the unit of work names who performs it (a
#: ``casefile.acts.base.Who`` label); every docket entry written in the session carries it.
RECORDED_BY = "casefile_recorded_by"

@dataclass(frozen=True)
class DocketAct:
    """A docket entry's ``act`` (DocketEntry.act): the act's name and, for the stage move an act
    makes by itself after its own entry (the Board's ruling closing the election, setting it aside,
    remanding it), the stage it moved to. ``str()`` gives the written form the docket stores and the
    stage machine names ("board-ruling:closed"); :meth:`parse` is its one reader."""

    name: str
    stage: Stage | None = None

    def __str__(self) -> str:
        return f"{self.name}:{self.stage.value}" if self.stage is not None else self.name

    @classmethod
    def parse(cls, text: str) -> DocketAct:
        """The act a written ``act`` names: a stage move when what follows the last ":" is a stage,
        else the whole text as the act's name."""
        match = _STAGE_MOVE.fullmatch(text)
        if match is not None and match.group(2) in Stage._value2member_map_:
            return cls(match.group(1), Stage(match.group(2)))
        return cls(text)


_STAGE_MOVE = re.compile(r"(.+):([a-z-]+)")


#: Which stage may follow which: every move of the one machine (casefile.rules.stages.MOVES, rules.md §4, with
#: two additions: CERTIFICATION_DUE and RUNOFF_DUE, the stages in which the rules say the Region must act and
#: casefile waits for the act's record).
TRANSITIONS: dict[Stage, frozenset[Stage]] = transitions()

#: Side exits from any stage before certification (rules.md §4: withdrawal with consent, dismissal) — including
#: an election whose rerun or runoff is directed but not yet held (29 CFR 102.60(a), 102.71; rules.md R-S1).
_SIDE_EXITS = frozenset({S.WITHDRAWN, S.DISMISSED})
_PRE_CERTIFICATION = PRE_CERTIFICATION


def allowed(from_stage: Stage, to_stage: Stage) -> bool:
    """Whether the procedure allows ``from_stage`` → ``to_stage`` (rules.md §4)."""
    if to_stage in _SIDE_EXITS:
        return from_stage in _PRE_CERTIFICATION
    return to_stage in TRANSITIONS[from_stage]


def require_stage(election: Election, act: str, stages: set[Stage] | frozenset[Stage], *, name: str | None = None,
                  as_of: datetime | None = None) -> None:
    """Raise IllegalTransition unless the election is in one of ``stages``: ``act`` names the act as a noun
    phrase ("certification"), ``name`` the table's act when its rows' conditions are to be told; the refusal
    says why in words and when the act becomes available, the period running in the stage with its last day
    when the record holds it — said ended when its cut-off is before the aware instant ``as_of``
    (casefile.rules.stage_words)."""
    if election.stage not in stages:
        raise IllegalTransition(stage_refusal_of(election, act, stages, name=name, as_of=as_of))


def stage_refusal_of(election: Election, act: str, stages: Iterable[Stage], *, name: str | None = None,
                     as_of: datetime | None = None) -> str:
    """The words of a refusal of ``act`` at ``election``'s stage (casefile.rules.stage_words.stage_refusal;
    ``name`` the table's act, whose rows' conditions it tells), with the due date of the period that runs in
    that stage read from the record (the open one, else the latest kept); with the aware instant ``as_of``,
    that period's state then (casefile.record.stage_now.period_states: ended, not running, once its cut-off
    has passed, before the sweep); and — a rerun directed on a condition the count has not decided yet — the
    revised tally as what moves the election on (stage_words.moves_on)."""
    from sqlalchemy.orm import object_session
    from sqlmodel import col, select

    from casefile.record.models import Deadline
    from casefile.rules.stage_words import STAGE_WORDS, stage_refusal
    from casefile.vocab import DeadlineStatus

    period = STAGE_WORDS[election.stage].period
    until = None
    states: list[Any] = []
    session = object_session(election)  # a SQLModel Session: the one the election was loaded in
    if period is not None and session is not None and election.id is not None:
        rows = list(session.exec(select(Deadline).where(Deadline.election_id == election.id,  # type: ignore[attr-defined]
                                                        Deadline.kind == period).order_by(col(Deadline.id))))
        running = [d for d in rows if d.status == DeadlineStatus.OPEN] or rows
        until = running[-1].due_on if running else None
        if as_of is not None:
            from casefile.record.stage_now import period_states

            states = period_states(rows, as_of)
    pending = False
    if session is not None and election.id is not None and election.stage is S.RERUN_DIRECTED:
        from casefile.record.conditions import pending_condition

        pending = pending_condition(session, election) is not None  # type: ignore[arg-type]  # the count still decides: the revised tally is next
    return stage_refusal(act, sequence=election.sequence, stage=election.stage, accepted=stages, until=until, act=name,
                         periods=states, condition_pending=pending)


def advance(
    session: Session,
    election: Election,
    to_stage: Stage,
    *,
    as_of: datetime,
    occurred_on: date,
    act: DocketActName,
    act_key: str,
    actor: Actor,
    summary: str,
    ref: Ref | None = None,
    document_id: int | None = None,
) -> DocketEntry:
    """Move ``election`` to ``to_stage`` and write the docket entry, in the caller's transaction.

    Arguments: ``as_of`` is the aware instant the act is recorded; ``occurred_on`` the act's legal
    date; ``act_key`` the idempotency key of the act (unique per case). Raises IllegalTransition
    naming both stages when the table does not allow the move. Authority: rules.md §4.
    """
    from_stage = election.stage
    if not allowed(from_stage, to_stage):
        from casefile.rules.stage_words import STAGE_NAMES

        raise IllegalTransition(
            f"{act}: election {election.sequence} cannot move from “{STAGE_NAMES[from_stage]}” to "
            f"“{STAGE_NAMES[to_stage]}”"
        )
    election.stage = to_stage
    election.stage_entered_at = as_of
    session.add(election)
    return docket(
        session, election.case_id, election_id=election.id, as_of=as_of, occurred_on=occurred_on, act=act,
        act_key=act_key, actor=actor, summary=summary, from_stage=from_stage, to_stage=to_stage,
        ref=ref, document_id=document_id,
    )


def docket(
    session: Session,
    case_id: int,
    *,
    election_id: int | None,
    as_of: datetime,
    occurred_on: date,
    act: DocketActName,
    act_key: str,
    actor: Actor,
    summary: str,
    from_stage: Stage | None = None,
    to_stage: Stage | None = None,
    ref: Ref | None = None,
    document_id: int | None = None,
) -> DocketEntry:
    """Append one docket entry (append-only: entries are never updated or deleted), chained to the
    case's entry before it with the instance's key (casefile.record.integrity.seal: locks the case row).

    Raises UnattributedEntry when the session does not name who performs its unit of work
    (``write_session(by=...)``): every docket entry names who recorded it (issue 14, item 3)."""
    if as_of.tzinfo is None:
        raise IllegalTransition(f"{act}: as_of must be timezone-aware, got {as_of!r}")
    if not str(session.info.get(RECORDED_BY, "")).strip():
        raise UnattributedEntry(f"{act}: a docket entry must name who recorded it; open the write session with "
                                "write_session(by=...)")
    entry = DocketEntry(
        case_id=case_id, election_id=election_id, act_key=act_key, act=DocketActName(act), actor=actor,
        recorded_by=str(session.info.get(RECORDED_BY, "")), occurred_on=occurred_on,
        recorded_at=as_of, summary=summary, from_stage=from_stage, to_stage=to_stage, ref=ref,
        document_id=document_id,
    )
    seal(session, entry)  # the case's hash chain (tamper evidence): before the entry joins the session
    session.add(entry)
    session.flush()
    note_entry(session, case_id, entry.id)  # the rows the transaction writes are sealed into its last entry
    return entry


class UnattributedEntry(RuntimeError):
    """A docket entry written in a session that names no one (a programming error, never bad input)."""


def already_done(session: Session, case_id: int, act_key: str) -> DocketEntry | None:
    """The docket entry of an act already recorded under ``act_key`` (idempotency), or None."""
    return session.exec(
        select(DocketEntry).where(DocketEntry.case_id == case_id, DocketEntry.act_key == act_key)
    ).first()


def ref_id(entry: DocketEntry, table: RecordTable) -> int:
    """The id of the ``table`` record an act made, from its docket entry's ``ref``."""
    if entry.ref is None or entry.ref.table is not table:
        raise IllegalTransition(f"docket entry {entry.act_key!r} does not refer to a {table.value}")
    return entry.ref.id
