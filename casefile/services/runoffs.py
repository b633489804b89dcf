"""Directing the election that 102.70 calls for when no choice won: a runoff between the top two,
or, where the votes are equally divided (nullity), a new election with all the original choices."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import Session

from casefile.errors import ProcedureError
from casefile.record.models import Election
from casefile.rules.outcome import AGAINST
from casefile.rules.tally import analyze_tally
from casefile.record.deadlines import close_open_deadlines
from casefile.record.lookups import elections_of, get_case, get_election, latest_tally
from casefile.services.tallies import counts_of
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, ElectionKind, OutcomeKind, Stage
from casefile.record.workflow import advance, already_done, require_stage


@dataclass(frozen=True)
class DirectionIn:
    """The Regional Director's direction of a runoff (or nullity rerun): its date, and the new
    election's schedule when known."""

    directed_on: date
    held_from_on: date | None = None
    held_to_on: date | None = None
    note: str = ""


def _chain(elections: list[Election], election: Election) -> list[Election]:
    by_id = {e.id: e for e in elections}
    chain, current = [], election
    while current is not None:
        chain.append(current)
        current = by_id.get(current.follows_id) if current.follows_id else None  # type: ignore[assignment]
    return chain


def direct_runoff(session: Session, *, case_number: str, direction_in: DirectionIn, as_of: datetime,
                  election_sequence: int | None = None) -> Election:
    """Record the Regional Director's direction of a runoff election between the two choices with
    the most votes (102.70(a)-(c); R-P1, R-P2), or, when the count is a nullity, of a new election with
    all the original choices (102.70(d); R-P4). Only once each per original election; not while
    objections or determinative challenges are pending (the election must be at runoff-due).
    Raises ProcedureError (a second runoff or nullity rerun), IllegalTransition.
    Authority: 29 CFR 102.70.
    """
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    act_key = f"direct-runoff:e{election.sequence}"
    if already_done(session, case.id, act_key) is not None:  # type: ignore[arg-type]
        return election
    require_stage(election, "directing a runoff", {Stage.RUNOFF_DUE})
    tally = latest_tally(session, election)
    assert tally is not None
    outcome = analyze_tally(counts_of(tally)).outcome
    chain = _chain(elections_of(session, case), election)
    if outcome.kind is OutcomeKind.RUNOFF:
        if any(e.kind is ElectionKind.RUNOFF for e in chain):
            raise ProcedureError(f"{case.number}: this chain of elections already had its runoff; 102.70(a) allows only one")
        assert outcome.runoff_choices is not None
        unions = [c for c in outcome.runoff_choices if c != AGAINST]
        election.next_kind = ElectionKind.RUNOFF
        election.next_choices = unions
        election.next_against_on_ballot = AGAINST in outcome.runoff_choices
        to, what = Stage.RUNOFF_DIRECTED, f"Runoff election directed: {outcome.runoff_choices[0]} v. {outcome.runoff_choices[1]}"
    elif outcome.kind is OutcomeKind.NULLITY_RERUN:
        if any(e.kind is ElectionKind.NULLITY_RERUN for e in chain):
            raise ProcedureError(f"{case.number}: this chain already had its 102.70(d) election; only one is allowed")
        election.next_kind = ElectionKind.NULLITY_RERUN
        election.next_choices = list(election.choices)
        election.next_against_on_ballot = election.against_on_ballot
        to, what = Stage.RERUN_DIRECTED, "Election declared a nullity; a new election with all the original choices directed"
    else:
        raise ProcedureError(f"the tally's outcome is {tally.outcome_text}: no runoff is called for")
    close_open_deadlines(session, election, {DeadlineKind.EARLIEST_CERTIFICATION, DeadlineKind.HEARING_OPENS},
                         status=DeadlineStatus.MOOTED, as_of=as_of)
    election.next_held_from_on = direction_in.held_from_on
    election.next_held_to_on = direction_in.held_to_on
    when = ""
    if direction_in.held_from_on:
        when = f"; to be held {direction_in.held_from_on.isoformat()}" + (
            f" to {direction_in.held_to_on.isoformat()}" if direction_in.held_to_on else "")
    advance(session, election, to, as_of=as_of, occurred_on=direction_in.directed_on, act="direct-runoff",
            act_key=act_key, actor=Actor.REGIONAL_DIRECTOR, summary=what + when, ref=f"election:{election.id}")
    return election
