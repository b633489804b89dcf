"""Register an election's challenged ballots: who voted subject to challenge, who challenged the
ballot and on what ground (the Board agent's record of the count, or the Region's list).

Any party or the Board agent may challenge a voter's eligibility; the ballot is impounded
unopened (29 CFR 102.69(a)(6); R-E1). A ballot ruled void whose ruling a party disputes is held
as a challenge (R-E6). Votes are never registered: only who, by whom and why.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import (
    ANY_STAGE,
    COUNT_MAX,
    ActIn,
    Done,
    Flag,
    Issue,
    Line,
    Strict,
    Text,
    Who,
    again,
    content_key,
    election_for,
    recorded,
)
from casefile.acts.challenge_register import counted_tally, register_of
from casefile.errors import BadInput, ProcedureError, UnknownRecord
from casefile.record.authority import REGION, Whose
from casefile.record.lookups import latest_tally, parties_of
from casefile.record.models import Case, ChallengedBallot, DocketEntry, Election
from casefile.record.refs import Ref, ref_to
from casefile.record.workflow import docket
from casefile.rules.calendar import long_date
from casefile.vocab import Actor, DocketActName, counted

#: The challenger's handle for a challenge made by the Board agent conducting the election.
BOARD_AGENT = "board-agent"


class ChallengeIn(Strict):
    """One challenged ballot: the voter (a name, or a number when the record keeps names out),
    who challenged (a party's handle or ``board-agent``) and the ground. ``disputed_void``: a
    ballot ruled void whose ruling a party disputes, held as a challenge (R-E6)."""

    voter: Text
    challenged_by: Text
    ground: Line
    disputed_void: Flag = False


class RegisterChallenges(ActIn):
    """The challenged ballots of the election (all of them, or those not yet registered);
    ``date``: the day they were registered (default: the day the act is recorded)."""

    act: Literal["register-challenges"] = "register-challenges"
    WHOSE: ClassVar[Whose] = REGION
    challenges: list[ChallengeIn] = Field(min_length=1, max_length=COUNT_MAX)


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """Registering challenged ballots issues no document (the tally already lists how many)."""
    return ()


#: Not bound to the election's stage: a register is kept once the election has its tally (allowed_now).
STAGES = ANY_STAGE


def allowed_now(session: Session, case: Case, as_of: datetime | None = None) -> bool:
    """Whether the latest election has the tally whose challenged line a register fills (counted_tally), with a
    challenged ballot not yet registered: a tally with none challenged, or a register already full, leaves
    nothing perform() would accept (a register names at least one voter; it may not exceed the line)."""
    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    if latest is None:
        return False
    try:
        counted_tally(session, latest)
    except UnknownRecord:
        return False
    return _room(session, latest) > 0


def _room(session: Session, election: Election) -> int:
    """How many more ballots a register of ``election`` may name: the count's challenged line less those
    registered, and none once the latest tally (a revised one that opened them) has no challenged ballot left."""
    tally = counted_tally(session, election)
    latest = latest_tally(session, election)
    if latest is not None and latest.challenged == 0:
        return 0
    return tally.challenged - len(register_of(session, election))


#: A register's rows may come in any order (register_key): a retry's terms are compared as a set of rows
#: (casefile.app, casefile.record.sealing.act_terms).
UNORDERED_TERMS = ("challenges",)


def register_key(election: Election, act: RegisterChallenges) -> str:
    """The idempotency key of a register: the election and the register's content, in any order
    (never the moment it is recorded): the same register sent again is recognised."""
    rows = sorted((c.voter, c.challenged_by, c.ground, c.disputed_void) for c in act.challenges)
    return content_key(f"register-challenges:e{election.sequence}", rows)


def _challenger_name(session: Session, case: Case, key: str) -> str:
    """Who challenged, in words: "the Board agent", or the party's name (never its key)."""
    if key == "board-agent":
        return "the Board agent"
    return next((p.name for p in parties_of(session, case) if p.key == key), key)


def perform(session: Session, act: RegisterChallenges, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Register the challenged ballots, each pending (sealed, unresolved).

    A voter appears once in a register; each challenger is a party of the case or the Board
    agent; the register may not hold more ballots than the challenged line of the election's
    tally. Voters already registered are left as they are (a later, fuller register adds only
    the new ones; a detail that differs is reported as a warning, not changed: a correction is its
    own act). Idempotent on the election and the register's content: the same register again
    stores nothing. Raises BadInput (a voter twice), ProcedureError (not a party, more ballots
    than the tally's challenged line), UnknownRecord (no election or tally).
    Authority: 29 CFR 102.69(a)(6); rules.md R-E1, R-E6.
    """
    election = election_for(session, case, act.election)
    key = register_key(election, act)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, ())
    registered_on = act.legal_date(case, as_of)
    seen: dict[str, int] = {}
    for i, c in enumerate(act.challenges):
        if c.voter in seen:
            raise BadInput(f"the register lists voter {c.voter!r} twice (entries {seen[c.voter] + 1} and {i + 1})",
                           field=f"challenges.{i}.voter")
        seen[c.voter] = i
    handles = {p.key for p in parties_of(session, case)} | {BOARD_AGENT}
    for i, c in enumerate(act.challenges):
        if c.challenged_by not in handles:
            raise ProcedureError(f"challenge of {c.voter!r}: {c.challenged_by!r} is not a party of {case.number} nor the "
                                 f"Board agent (one of: {', '.join(sorted(handles))})",
                                 field=f"challenges.{i}.challenged_by")
    tally = counted_tally(session, election)
    existing = {b.voter: b for b in register_of(session, election)}
    new = [c for c in act.challenges if c.voter not in existing]
    warnings = tuple(
        f"{c.voter!r} is already registered (challenged by {b.challenged_by}, ground {b.ground!r}"
        f"{', disputed void' if b.disputed_void else ''}): left as registered"
        for c in act.challenges if (b := existing.get(c.voter)) is not None
        and (b.challenged_by, b.ground, b.disputed_void) != (c.challenged_by, c.ground, c.disputed_void))
    total = sum(not b.excluded_at_count for b in existing.values()) + len(new)  # excluded ballots: not on the line
    if new and (latest := latest_tally(session, election)) is not None and latest.challenged == 0:
        raise ProcedureError(f"the {latest.kind.value} tally of {latest.prepared_on.isoformat()} leaves no challenged "
                             "ballot sealed: there is nothing left to register", field="challenges")
    if total > tally.challenged:
        already, over = total - len(new), total - tally.challenged
        raise ProcedureError(
            f"the tally of {long_date(tally.prepared_on)} has {counted(tally.challenged, 'challenged ballot')}"
            + (f", {already} of them already registered: {len(new)} more would make {total}, " if already else
               f": this register lists {len(new)}, ")
            + f"{over} too many", field="challenges")
    if not new:
        earlier = _latest_register_entry(session, case, election)
        if earlier is not None:
            done = again(earlier, act.act, ())
            return Done(act=done.act, ref=done.ref, entry_id=done.entry_id, repeated=True,
                        summary=f"every voter of this register is already registered ({_register_holds(total, tally.challenged)})",
                        warnings=warnings)
    session.add_all([ChallengedBallot(election_id=election.id, voter=c.voter, challenged_by=c.challenged_by,  # type: ignore[arg-type]
                                      ground=c.ground, disputed_void=c.disputed_void) for c in new])
    session.flush()
    by_challenger: dict[str, int] = {}
    for c in new:
        by_challenger[c.challenged_by] = by_challenger.get(c.challenged_by, 0) + 1
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=registered_on,  # type: ignore[arg-type]
                   act=DocketActName.REGISTER_CHALLENGES, act_key=key, actor=Actor.BOARD_AGENT, ref=ref_to(election),
                   summary=f"{counted(len(new), 'challenged ballot')} registered ("
                   + ", ".join(f"{n:,} by {_challenger_name(session, case, k)}" for k, n in sorted(by_challenger.items()))
                   + f"); {_register_holds(total, tally.challenged)}")
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, summary=entry.summary, warnings=warnings)


def _register_holds(total: int, challenged: int) -> str:
    """How much of the tally's challenged-ballots line the register now holds: "the register holds all 7 challenged
    ballots of the tally", "the register holds 5 of the tally's 9 challenged ballots" (never "7 of 7")."""
    if total == challenged:
        whole = "the one challenged ballot" if total == 1 else f"all {counted(total, 'challenged ballot')}"
        return f"the register holds {whole} of the tally"
    return f"the register holds {total:,} of the tally's {counted(challenged, 'challenged ballot')}"


def _latest_register_entry(session: Session, case: Case, election: Election) -> DocketEntry | None:
    return session.exec(select(DocketEntry).where(
        DocketEntry.case_id == case.id, DocketEntry.election_id == election.id,
        DocketEntry.act == DocketActName.REGISTER_CHALLENGES).order_by(col(DocketEntry.id).desc())).first()
