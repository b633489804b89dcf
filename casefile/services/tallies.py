"""Recording a Tally of Ballots (initial, rerun, runoff) and opening its objection period."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlmodel import Session

from casefile.errors import IllegalTransition, ProcedureError
from casefile.record.models import Election, Tally
from casefile.rules.tally import TallyCounts, analyze_tally, check_stated_lines
from casefile.record.deadlines import keep_deadline
from casefile.record.lookups import elections_of, get_case
from casefile.vocab import Actor, DeadlineKind, ElectionKind, Stage, TallyKind, VotingMethod
from casefile.record.workflow import already_done, docket, ref_id


@dataclass(frozen=True)
class ElectionIn:
    """The election a tally counts: method, dates, unit (for a rerun: why it was held)."""

    method: VotingMethod = VotingMethod.MANUAL
    held_from_on: date | None = None
    held_to_on: date | None = None
    unit_id: str = "A"
    reason: str = ""


@dataclass(frozen=True)
class StatedLines:
    """Lines transcribed from a tally form, checked against the computation (rules.md §6.2)."""

    valid: int | None = None
    valid_plus_challenged: int | None = None
    determinative: bool | None = None
    majority_stated: bool = False  # True when line 10 was transcribed (then majority_for None means "has not")
    majority_for: str | None = None


_ELECTION_KIND = {TallyKind.INITIAL: ElectionKind.INITIAL, TallyKind.RERUN: ElectionKind.RERUN,
                  TallyKind.RUNOFF: ElectionKind.RUNOFF}
_FOLLOWS_STAGE = {TallyKind.RERUN: Stage.RERUN_DIRECTED, TallyKind.RUNOFF: Stage.RUNOFF_DIRECTED}


def record_tally(
    session: Session,
    *,
    case_number: str,
    kind: TallyKind,
    prepared_on: date,
    counts: TallyCounts,
    election_in: ElectionIn = ElectionIn(),
    stated: StatedLines | None = None,
    as_of: datetime,
) -> Tally:
    """Record the Tally of Ballots of a new election (initial, rerun or runoff) and open its periods.

    ``prepared_on`` is the date the tally was prepared (R-C5). The counts are validated and
    analysed by the rules (R-C3, R-E3, R-D); stated lines, if given, must agree. Creates the
    election at stage tally-issued and keeps the deadlines it starts: objections and offer of proof
    (5 business days, 102.69(a)(8)), hearing (15 business days, 102.69(c)(1)(ii)) and the earliest
    certification (R-H2). A rerun follows an election whose stage is rerun-directed; a runoff one
    at runoff-directed (only one runoff, 102.70(a)). Idempotent on (case, kind, prepared_on).
    Raises InvalidTally, IllegalTransition, ProcedureError, UnknownCase.
    """
    case = get_case(session, case_number)
    act_key = f"tally:{kind.value}:{prepared_on.isoformat()}"
    if (entry := already_done(session, case.id, act_key)) is not None:  # type: ignore[arg-type]
        tally = session.get(Tally, ref_id(entry, "tally"))
        assert tally is not None
        if counts_of(tally) != counts:
            raise ProcedureError(
                f"{case.number}: a {kind.value} tally of {prepared_on.isoformat()} is already recorded with other figures "
                f"({tally.outcome_text}; {tally.valid:,} valid, {tally.challenged:,} challenged); an issued tally is "
                "never overwritten — a correction is a revised tally")
        return tally
    if kind is TallyKind.REVISED:
        raise ProcedureError("a revised tally follows the opening of challenged ballots; it is recorded by that act")
    analysis = analyze_tally(counts)
    if stated is not None:
        kwargs: dict[str, Any] = {"valid": stated.valid, "valid_plus_challenged": stated.valid_plus_challenged,
                                  "determinative": stated.determinative}
        if stated.majority_stated:
            kwargs["majority_for"] = stated.majority_for
        check_stated_lines(counts, **kwargs)
    previous = elections_of(session, case, lock=True)
    follows: Election | None = None
    if kind is TallyKind.INITIAL:
        if previous:
            raise IllegalTransition(
                f"{case.number} already has election {previous[-1].sequence}; a later tally is a rerun or runoff tally"
            )
    else:
        if not previous:
            raise IllegalTransition(f"{case.number}: a {kind.value} tally needs an earlier election; record the initial tally first")
        follows = previous[-1]
        if kind is TallyKind.RUNOFF and any(e.kind is ElectionKind.RUNOFF for e in previous):
            raise ProcedureError(f"{case.number} already had its runoff election; 102.70(a) allows only one")
        if follows.stage is not _FOLLOWS_STAGE[kind]:
            raise IllegalTransition(
                f"{kind.value} tally: election {follows.sequence} is at stage {follows.stage.value!r}, "
                f"not {_FOLLOWS_STAGE[kind].value!r}"
            )
        if kind is TallyKind.RUNOFF and not counts.runoff_ballot:
            raise ProcedureError("a runoff tally counts a runoff ballot (two choices, 102.70(c)); mark it runoff_ballot")
        _check_directed_ballot(follows, counts)
    names = [name for name, _ in counts.choices]
    election_kind = follows.next_kind if follows is not None and follows.next_kind else _ELECTION_KIND[kind]
    election = Election(
        case_id=case.id, sequence=len(previous) + 1, kind=election_kind,  # type: ignore[arg-type]
        follows_id=follows.id if follows else None, reason=election_in.reason, unit_id=election_in.unit_id,
        method=election_in.method, held_from_on=election_in.held_from_on, held_to_on=election_in.held_to_on,
        choices=names, against_on_ballot=counts.against is not None, stage=Stage.TALLY_ISSUED, stage_entered_at=as_of,
    )
    session.add(election)
    session.flush()
    tally = Tally(election_id=election.id, kind=kind, prepared_on=prepared_on, **analysis_fields(counts))  # type: ignore[arg-type]
    session.add(tally)
    session.flush()
    votes = ", ".join(f"{v:,} for {n}" for n, v in counts.choices)
    against = f", {counts.against:,} against" if counts.against is not None else ""
    docket(
        session, case.id, election_id=election.id, as_of=as_of, occurred_on=prepared_on, act="record-tally",  # type: ignore[arg-type]
        act_key=act_key, actor=Actor.BOARD_AGENT, to_stage=Stage.TALLY_ISSUED, ref=f"tally:{tally.id}",
        summary=f"Tally of Ballots ({kind.value}, election {election.sequence}): {votes}{against}; "
        f"{counts.void:,} void; {counts.challenged:,} challenged "
        f"({'determinative' if analysis.determinative else 'not determinative'}); {analysis.outcome.describe()}",
    )
    trigger = f"Tally of Ballots prepared {prepared_on.isoformat()}"
    for kind_, whom in ((DeadlineKind.OBJECTIONS, "all parties"), (DeadlineKind.OFFER_OF_PROOF, "objecting party"),
                        (DeadlineKind.HEARING_OPENS, "Regional Director"),
                        (DeadlineKind.EARLIEST_CERTIFICATION, "Regional Director")):
        keep_deadline(session, case=case, election=election, kind=kind_, trigger=trigger, trigger_on=prepared_on,
                      for_whom=whom)
    return tally


def _check_directed_ballot(follows: Election, counts: TallyCounts) -> None:
    """The new election's ballot must carry the choices its direction named (R-P2, R-P4, R-O1)."""
    if not follows.next_choices:
        return
    names = [n for n, _ in counts.choices]
    against = counts.against is not None
    if sorted(names) != sorted(follows.next_choices) or against != follows.next_against_on_ballot:
        directed = list(follows.next_choices) + (["against"] if follows.next_against_on_ballot else [])
        got = names + (["against"] if against else [])
        raise ProcedureError(f"the tally's choices {got} are not those directed for this election {directed}")


def counts_of(tally: Tally) -> TallyCounts:
    """The counts of a stored tally, as the rules take them."""
    return TallyCounts(
        choices=tuple((str(name), int(votes)) for name, votes in tally.votes), against=tally.against,
        challenged=tally.challenged, void=tally.void, eligible=tally.eligible, eligible_exact=tally.eligible_exact,
        runoff_ballot=tally.runoff_ballot,
    )


def analysis_fields(counts: TallyCounts) -> dict[str, Any]:
    """The computed lines and statements a Tally row keeps (R-C2 lines 6-10, R-E3, R-D)."""
    analysis = analyze_tally(counts)
    return dict(
        eligible=counts.eligible, eligible_exact=counts.eligible_exact, void=counts.void,
        votes=[[n, v] for n, v in counts.choices], against=counts.against, challenged=counts.challenged,
        valid=analysis.valid, valid_plus_challenged=analysis.valid_plus_challenged, determinative=analysis.determinative,
        majority_for=analysis.majority_for, outcome=analysis.outcome.kind.value, outcome_text=analysis.outcome.describe(),
        reachable=[o.describe() for o in analysis.reachable], warnings=list(analysis.warnings),
        runoff_ballot=counts.runoff_ballot,
    )
