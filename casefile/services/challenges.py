"""Challenged ballots: the register, rulings (singly or by ground), partial resolution, and the
opening of overruled ballots into a Revised Tally of Ballots.

Votes of individual voters are never stored: opening records counts per choice on the revised
tally only (R-E8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Literal

from sqlmodel import Session, col, func, select

from casefile.errors import InvalidTally, ProcedureError, UnknownRecord
from casefile.record.models import Case, ChallengedBallot, Election, Objection, Tally
from casefile.rules.tally import TallyCounts, analyze_tally
from casefile.record.deadlines import close_open_deadlines, keep_deadline
from casefile.record.lookups import get_case, get_election, latest_tally, parties_of
from casefile.services.tallies import analysis_fields, counts_of
from casefile.vocab import (
    Actor,
    ChallengeStatus,
    DeadlineKind,
    DeadlineStatus,
    Disposition,
    OutcomeKind,
    PartyRole,
    Stage,
    TallyKind,
)
from casefile.record.workflow import advance, already_done, docket, ref_id, require_stage

#: Stages in which the Region may rule on challenged ballots and open them (rules.md §4).
RULING_STAGES = frozenset({
    Stage.TALLY_ISSUED, Stage.OBJECTIONS_PENDING, Stage.CHALLENGE_INVESTIGATION, Stage.HEARING_NOTICED,
    Stage.HEARING_OPEN, Stage.HEARING_CLOSED, Stage.HO_REPORT_ISSUED, Stage.EXCEPTIONS_PENDING, Stage.RD_DECISION,
    Stage.REVISED_TALLY_ISSUED, Stage.ALJ_DECISION_ISSUED,
})


@dataclass(frozen=True)
class ChallengeIn:
    """One challenged ballot as registered: the voter (name or number), who challenged (a party's
    handle or "board-agent") and the ground. ``disputed_void``: a ballot ruled void whose ruling a
    party disputes, held as a challenge (R-E6)."""

    voter: str
    challenged_by: str
    ground: str
    disputed_void: bool = False


def register_challenges(session: Session, *, case_number: str, challenges: Sequence[ChallengeIn], as_of: datetime,
                        election_sequence: int | None = None) -> list[ChallengedBallot]:
    """Register the election's challenged ballots (individually or from a CSV), status pending.

    The register may not hold more ballots than the tally's challenged line; a voter appears once.
    Idempotent: voters already registered are left as they are. Raises ProcedureError (too many,
    unknown challenger), UnknownRecord. Authority: 29 CFR 102.69(a)(6); rules.md R-E1, R-E6.
    """
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    tally = _tally(session, election)
    handles = {p.key for p in parties_of(session, case)} | {"board-agent"}
    existing = {b.voter for b in session.exec(select(ChallengedBallot).where(ChallengedBallot.election_id == election.id))}
    new = [c for c in challenges if c.voter not in existing]
    if len({c.voter for c in new}) != len(new):
        raise ProcedureError("the register lists a voter twice")
    for c in new:
        if c.challenged_by not in handles:
            raise ProcedureError(f"challenge of {c.voter!r}: {c.challenged_by!r} is not a party of {case.number} "
                                 f"nor the Board agent (one of: {', '.join(sorted(handles))})")
    total = len(existing) + len(new)
    if total > tally.challenged:
        raise ProcedureError(f"the register would hold {total} challenged ballots but the tally of "
                             f"{tally.prepared_on.isoformat()} has {tally.challenged}")
    ballots = [ChallengedBallot(election_id=election.id, voter=c.voter, challenged_by=c.challenged_by,  # type: ignore[arg-type]
                                ground=c.ground, disputed_void=c.disputed_void) for c in new]
    session.add_all(ballots)
    session.flush()
    if ballots:
        by: dict[str, int] = {}
        for c in new:
            by[c.challenged_by] = by.get(c.challenged_by, 0) + 1
        docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=as_of.date(),  # type: ignore[arg-type]
               act="register-challenges", act_key=f"register-challenges:e{election.sequence}:{as_of.isoformat()}",
               actor=Actor.BOARD_AGENT, summary=f"{len(ballots)} challenged ballots registered ("
               + ", ".join(f"{n} by {k}" for k, n in sorted(by.items())) + f"); {total} of {tally.challenged}")
    return ballots


@dataclass(frozen=True)
class ChallengeRuling:
    """A ruling on challenged ballots: on the named voters, or on every pending ballot with a ground
    (the Region's usual practice), or on all pending ones. ``by`` names who ruled."""

    ruled_on: date
    status: Literal["sustained", "overruled"]
    voters: tuple[str, ...] = ()
    ground: str | None = None
    all_pending: bool = False
    by: str = "Regional Director"
    reason: str = ""


def rule_on_challenges(session: Session, *, case_number: str, ruling: ChallengeRuling, as_of: datetime,
                       election_sequence: int | None = None) -> list[ChallengedBallot]:
    """Sustain or overrule challenged ballots, then re-test the ballots still sealed (R-E7).

    If the ballots still unresolved (pending, and overruled but not yet opened) can no longer
    affect the result, the pending ones stay sealed for good (status not-determinative). Raises
    ProcedureError for a ruling on a ballot that is not pending or a selection that matches
    nothing. Authority: 29 CFR 102.69(c)(1)(i)-(iii); rules.md R-E2, R-E7.
    """
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    what = ",".join(ruling.voters) or (f"ground={ruling.ground}" if ruling.ground else "all")
    act_key = f"rule-challenges:e{election.sequence}:{ruling.ruled_on.isoformat()}:{ruling.status}:{what}"
    if already_done(session, case.id, act_key) is not None:  # type: ignore[arg-type]
        return []
    require_stage(election, "a ruling on challenged ballots", RULING_STAGES)
    chosen = _select(session, election, ruling)
    status = ChallengeStatus(ruling.status)
    for ballot in chosen:
        ballot.status = status
        ballot.ruling = f"{ruling.by} {ruling.ruled_on.isoformat()}" + (f": {ruling.reason}" if ruling.reason else "")
        ballot.ruled_on = ruling.ruled_on
        session.add(ballot)
    session.flush()
    summary = f"{len(chosen)} challenged ballots {ruling.status} by the {ruling.by}"
    if ruling.ground:
        summary += f" (ground: {ruling.ground})"
    sealed_note = _retest(session, election, as_of)
    docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=ruling.ruled_on,  # type: ignore[arg-type]
           act="rule-on-challenges", act_key=act_key, actor=Actor.REGIONAL_DIRECTOR,
           summary=summary + (f"; {sealed_note}" if sealed_note else ""))
    return chosen


def _select(session: Session, election: Election, ruling: ChallengeRuling) -> list[ChallengedBallot]:
    ballots = list(session.exec(select(ChallengedBallot).where(ChallengedBallot.election_id == election.id)
                                .order_by(col(ChallengedBallot.id))))
    if ruling.voters:
        by_voter = {b.voter: b for b in ballots}
        chosen = []
        for voter in ruling.voters:
            ballot = by_voter.get(voter)
            if ballot is None:
                raise UnknownRecord(f"no challenged ballot of {voter!r} in election {election.sequence}")
            if ballot.status is not ChallengeStatus.PENDING:
                raise ProcedureError(f"the challenged ballot of {voter!r} is not pending (it is {ballot.status.value}: "
                                     f"{ballot.ruling or 'no ruling recorded'})")
            chosen.append(ballot)
        return chosen
    pending = [b for b in ballots if b.status is ChallengeStatus.PENDING]
    if ruling.ground is not None:
        chosen = [b for b in pending if b.ground == ruling.ground]
        if not chosen:
            grounds = sorted({b.ground for b in pending}) or ["none pending"]
            raise ProcedureError(f"no pending challenged ballot has the ground {ruling.ground!r} (pending grounds: "
                                 f"{'; '.join(grounds)})")
        return chosen
    if ruling.all_pending:
        if not pending:
            raise ProcedureError(f"election {election.sequence} has no pending challenged ballot to rule on")
        return pending
    raise ProcedureError("a ruling names voters, a ground, or all pending ballots")


def _counts_now(session: Session, election: Election) -> tuple[Tally, TallyCounts, dict[ChallengeStatus, int]]:
    tally = _tally(session, election)
    statuses = dict(session.exec(select(ChallengedBallot.status, func.count()).where(  # type: ignore[call-overload]
        ChallengedBallot.election_id == election.id, col(ChallengedBallot.revised_tally_id).is_(None),
    ).group_by(ChallengedBallot.status)).all())
    return tally, counts_of(tally), statuses


def _retest(session: Session, election: Election, as_of: datetime) -> str:
    """R-E7: with sustained ballots removed, are the ballots still unresolved determinative? If not,
    the pending ones stay sealed for good."""
    tally, counts, statuses = _counts_now(session, election)
    sustained = statuses.get(ChallengeStatus.SUSTAINED, 0)
    unresolved = counts.challenged - sustained
    if unresolved <= 0 or statuses.get(ChallengeStatus.PENDING, 0) == 0:
        return ""
    still = analyze_tally(TallyCounts(choices=counts.choices, against=counts.against, challenged=unresolved,
                                      void=counts.void, eligible=counts.eligible, eligible_exact=counts.eligible_exact,
                                      runoff_ballot=counts.runoff_ballot))
    if still.determinative:
        return f"the {unresolved} ballots still unresolved remain determinative"
    pending = list(session.exec(select(ChallengedBallot).where(ChallengedBallot.election_id == election.id,
                                                             ChallengedBallot.status == ChallengeStatus.PENDING)))
    for ballot in pending:
        ballot.status = ChallengeStatus.NOT_DETERMINATIVE
        ballot.ruling = "no longer determinative (R-E7): stays sealed"
        session.add(ballot)
    return f"the {len(pending)} ballots still pending are no longer determinative and stay sealed (R-E7)"


def _tally(session: Session, election: Election) -> Tally:
    tally = latest_tally(session, election)
    if tally is None:
        raise UnknownRecord(f"election {election.sequence} has no tally")
    return tally


@dataclass(frozen=True)
class RevisedTallyIn:
    """The opening of overruled challenged ballots: counts per choice only (R-E8).

    ``counted``: votes per labor organization among the ballots opened; ``counted_against``: votes
    against among them. Without a register (only counts known), give ``opened`` and ``sustained``:
    how many ballots were opened and how many challenges were sustained since the last tally.
    """

    prepared_on: date
    counted: Mapping[str, int] = field(default_factory=dict)
    counted_against: int = 0
    opened: int | None = None
    sustained: int | None = None
    note: str = ""


def issue_revised_tally(session: Session, *, case_number: str, revised_in: RevisedTallyIn, as_of: datetime,
                        election_sequence: int | None = None) -> Tally:
    """Open the overruled ballots and issue the Revised Tally of Ballots (R-L1–R-L4).

    The counts opened must equal the ballots overruled (with a register) or ``opened`` (without);
    sustained ballots leave the count; still-unopened ballots stay on the challenged line and are
    re-tested (R-L4). Opens the 5-business-day window for objections to the revised tally (R-G9).
    Objections of a party that prevailed on the revised count become moot (R-M2). Raises
    InvalidTally (counts that do not match the ballots opened), ProcedureError (opening sustained
    ballots, nothing to open), IllegalTransition. Authority: 29 CFR 102.69(e); rules.md R-L1–R-L4, R-M2.
    """
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    act_key = f"revised-tally:e{election.sequence}:{revised_in.prepared_on.isoformat()}"
    if (entry := already_done(session, case.id, act_key)) is not None:  # type: ignore[arg-type]
        revised = session.get(Tally, ref_id(entry, "tally"))
        assert revised is not None
        return revised
    require_stage(election, "a revised tally", RULING_STAGES - {Stage.TALLY_ISSUED})
    original, counts, statuses = _counts_now(session, election)
    registered = sum(statuses.values())
    if registered:
        overruled = statuses.get(ChallengeStatus.OVERRULED, 0)
        sustained = statuses.get(ChallengeStatus.SUSTAINED, 0)
        if revised_in.opened is not None and revised_in.opened != overruled:
            raise InvalidTally(f"revised tally: {revised_in.opened} ballots said opened, but {overruled} challenges are "
                               "overruled in the register (sustained ballots are never opened)", line="opened")
        opened = overruled
    else:
        if revised_in.opened is None or revised_in.sustained is None:
            raise ProcedureError("without a register of challenged ballots, give how many ballots were opened and how "
                                 "many challenges were sustained")
        opened, sustained = revised_in.opened, revised_in.sustained
    names = [n for n, _ in counts.choices]
    unknown = set(revised_in.counted) - set(names)
    if unknown:
        raise InvalidTally(f"revised tally: {sorted(unknown)} not on the ballot (choices: {names})", line="counted")
    counted_total = sum(revised_in.counted.values()) + revised_in.counted_against
    if any(v < 0 for v in revised_in.counted.values()) or revised_in.counted_against < 0:
        raise InvalidTally("revised tally: counts opened cannot be negative", line="counted")
    if counted_total != opened:
        raise InvalidTally(f"revised tally: the counts opened add up to {counted_total} but {opened} ballots were opened",
                           line="counted")
    if counts.against is None and revised_in.counted_against:
        raise InvalidTally("revised tally: 'against' is not a choice on this ballot", line="counted_against")
    if opened + sustained == 0:
        raise ProcedureError("nothing to revise: no challenge has been overruled or sustained since the tally")
    remaining = counts.challenged - opened - sustained
    if remaining < 0:
        raise InvalidTally(f"revised tally: {opened} opened + {sustained} sustained exceed the {counts.challenged} "
                           "challenged ballots", line="challenged")
    new_counts = TallyCounts(
        choices=tuple((n, v + revised_in.counted.get(n, 0)) for n, v in counts.choices),
        against=None if counts.against is None else counts.against + revised_in.counted_against,
        challenged=remaining, void=counts.void, eligible=counts.eligible, eligible_exact=counts.eligible_exact,
        runoff_ballot=counts.runoff_ballot)
    revised = Tally(election_id=election.id, kind=TallyKind.REVISED, prepared_on=revised_in.prepared_on,  # type: ignore[arg-type]
                    revises_id=original.id, opened=opened, **analysis_fields(new_counts))
    session.add(revised)
    session.flush()
    for ballot in session.exec(select(ChallengedBallot).where(
            ChallengedBallot.election_id == election.id, col(ChallengedBallot.revised_tally_id).is_(None),
            col(ChallengedBallot.status).in_([ChallengeStatus.OVERRULED, ChallengeStatus.SUSTAINED]))):
        if ballot.status is ChallengeStatus.OVERRULED:
            ballot.status = ChallengeStatus.OPENED
        ballot.revised_tally_id = revised.id
        session.add(ballot)
    mooted = _moot_objections_of_prevailing_party(session, case, election, revised, as_of)
    if not objections_still_pending(session, election):
        close_open_deadlines(session, election, {DeadlineKind.HEARING_OPENS}, status=DeadlineStatus.MOOTED, as_of=as_of)
    votes = ", ".join(f"{v:,} {n}" for n, v in new_counts.choices)
    against = f", {new_counts.against:,} against" if new_counts.against is not None else ""
    summary = (f"Revised Tally of Ballots: {opened} challenged ballots opened and counted, {sustained} sustained; "
               f"{votes}{against}; {remaining} still unopened; {revised.outcome_text}")
    if mooted:
        summary += f"; {mooted}"
    if opened == 1:
        summary += "; only one ballot was opened, so its vote can be told from the revised count (R-E8)"
    advance(session, election, Stage.REVISED_TALLY_ISSUED, as_of=as_of, occurred_on=revised_in.prepared_on,
            act="revised-tally", act_key=act_key, actor=Actor.REGIONAL_DIRECTOR, summary=summary, ref=f"tally:{revised.id}")
    keep_deadline(session, case=case, election=election, kind=DeadlineKind.REVISED_TALLY_OBJECTIONS,
                  trigger=f"Revised Tally of Ballots made available {revised_in.prepared_on.isoformat()}",
                  trigger_on=revised_in.prepared_on, for_whom="all parties")
    return revised


def _moot_objections_of_prevailing_party(session: Session, case: Case, election: Election, revised: Tally,
                                         as_of: datetime) -> str:
    """R-M2: if the revised count is final and favours the objecting party, its objections are moot."""
    outcome = OutcomeKind(revised.outcome)
    if outcome not in (OutcomeKind.REP, OutcomeKind.RESULTS):
        return ""
    parties = parties_of(session, case)
    if outcome is OutcomeKind.REP:
        winner = revised.outcome_text.split(": ", 1)[-1]
        prevailing = [p for p in parties if p.name == winner]
    else:
        prevailing = [p for p in parties if p.role is PartyRole.EMPLOYER]
    if not prevailing:
        return ""
    ids = [p.id for p in prevailing]
    pending = list(session.exec(select(Objection).where(
        Objection.election_id == election.id, col(Objection.party_id).in_(ids),
        col(Objection.disposition).in_([Disposition.PENDING, Disposition.SET_FOR_HEARING]))))
    for objection in pending:
        objection.disposition = Disposition.MOOT
        objection.disposition_reason = (f"moot: the objecting party prevailed on the revised tally of "
                                        f"{revised.prepared_on.isoformat()} (R-M2)")
        session.add(objection)
    if not pending:
        return ""
    names = sorted({p.name for p in prevailing if p.id in {o.party_id for o in pending}})
    return f"{len(pending)} objections of {', '.join(names)} moot: it prevailed on the revised count (R-M2)"


def objections_still_pending(session: Session, election: Election) -> int:
    """How many of the election's objections are undecided (pending or set for hearing)."""
    return session.exec(select(func.count()).select_from(Objection).where(
        Objection.election_id == election.id,
        col(Objection.disposition).in_([Disposition.PENDING, Disposition.SET_FOR_HEARING]))).one()


def challenge_register(session: Session, election: Election) -> list[ChallengedBallot]:
    return list(session.exec(select(ChallengedBallot).where(ChallengedBallot.election_id == election.id)
                             .order_by(col(ChallengedBallot.id))))

