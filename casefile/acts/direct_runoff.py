"""The Regional Director's direction of the election 102.70 calls for when no choice won: a
runoff between the two choices with the most votes (Notice of Runoff Election), or, where the
votes are equally divided among all the choices (a nullity), a new election with all of them."""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar, Literal

from sqlmodel import Session

from casefile.acts.base import ActIn, Done, Issue, LegalDate, Paragraph, Who, again, election_for, recorded, ref_id
from casefile.acts.challenge_register import current_tally
from casefile.acts.chronology import refuse_if_before
from casefile.documents.kinds.notice_of_runoff_election import NoticeOfRunoffElection
from casefile.errors import AlreadyRecorded, ProcedureError
from casefile.record.authority import REGION, Whose
from casefile.record.deadlines import close_open_deadlines
from casefile.record.lookups import deadline_of, elections_of
from casefile.record.models import Case, Election
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.stored_outcome import stored_outcome
from casefile.record.workflow import advance, require_stage
from casefile.rules.calendar import long_date
from casefile.rules.chronology import Earlier, held_before_directed, voting_period_refusal
from casefile.rules.runoff_direction import check_direction_date, direction_for
from casefile.rules.stages import accepted_at
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, DocketActName, ElectionKind, Stage, TallyKind

#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = accepted_at("direct-runoff")


class DirectRunoff(ActIn):
    """The direction: ``date`` the day it issued; ``held_from_on`` / ``held_to_on`` the new
    election's schedule when the direction gives it (one day, or a mail election's first and
    last days)."""

    act: Literal["direct-runoff"] = "direct-runoff"
    WHOSE: ClassVar[Whose] = REGION
    held_from_on: LegalDate | None = None
    held_to_on: LegalDate | None = None
    note: Paragraph = ""


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Notice of Runoff Election for a runoff; none for a nullity rerun (its notice of
    election is the Region's election notice, not a post-election document)."""
    ident = ref_id(ref, RecordTable.ELECTION)
    election = session.get(Election, ident)
    assert election is not None
    return (Issue(NoticeOfRunoffElection, ident),) if election.next_kind is ElectionKind.RUNOFF else ()


def _chain(elections: list[Election], election: Election) -> list[Election]:
    """The election and every election it follows, latest first."""
    by_id = {e.id: e for e in elections}
    chain: list[Election] = []
    current: Election | None = election
    while current is not None:
        chain.append(current)
        current = by_id.get(current.follows_id) if current.follows_id else None
    return chain


def allowed_now(session: Session, case: Case, as_of: datetime | None = None) -> bool:
    """Whether a runoff may be directed now on the case's latest election: at runoff-due (STAGES) and not while
    the objection period on the count that calls for it runs (its cut-off ahead of ``as_of``; no ``as_of``: the
    period still open in the record) — the rule perform() applies (check_direction_date; 102.69(a)(8), 102.70(a))."""
    from sqlmodel import col, select

    from casefile.record.lookups import latest_tally
    from casefile.vocab import DeadlineStatus

    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    if latest is None or latest.stage not in STAGES:
        return False
    tally = latest_tally(session, latest)
    period = deadline_of(session, latest, DeadlineKind.REVISED_TALLY_OBJECTIONS
                         if tally is not None and tally.kind is TallyKind.REVISED else DeadlineKind.OBJECTIONS)
    if period is None:
        return True
    return period.cutoff_at < as_of if as_of is not None else period.status is not DeadlineStatus.OPEN


def perform(session: Session, act: DirectRunoff, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Direct the runoff (or nullity rerun) the election's latest tally calls for.

    The election must be at runoff-due (the objection period over, no objections or determinative
    challenges pending). What is directed follows from the outcome stored with the tally
    (casefile.rules.runoff_direction): a runoff between its two runoff choices, "against" on the
    ballot only when it is one of them (102.70(a)-(c); R-P1, R-P2), or a new election with all the
    original choices (102.70(d); R-P4); only one of each in a chain of elections. Moots the
    earliest-certification and hearing dates. Idempotent on the election; the same direction with
    another schedule is refused (AlreadyRecorded). Raises BadInput (a schedule that ends before it
    starts), NotAllowedNow (held before directed), ProcedureError (a second runoff or nullity
    rerun, no runoff called for), IllegalTransition. Authority: 29 CFR 102.70.
    """
    election = election_for(session, case, act.election)
    directed_on = act.legal_date(case, as_of)
    key = f"direct-runoff:e{election.sequence}"
    if (entry := recorded(session, case, key)) is not None:
        if (election.next_held_from_on, election.next_held_to_on) != (act.held_from_on, act.held_to_on):
            raise AlreadyRecorded(
                f"{case.number}: the election following election {election.sequence} is already directed, to be held "
                f"{_schedule(election.next_held_from_on, election.next_held_to_on) or '(date not given)'}; "
                "a change of schedule is its own act", field="held_from_on")
        return again(entry, act.act, issues(session, entry.ref))
    if (refusal := voting_period_refusal(act.held_from_on, act.held_to_on, field="held_to_on")) is not None:
        raise refusal
    if (out_of_order := held_before_directed(act.held_from_on, directed_on)) is not None:
        raise out_of_order
    require_stage(election, "directing a runoff", STAGES)
    tally = current_tally(session, election)
    period = deadline_of(session, election, DeadlineKind.REVISED_TALLY_OBJECTIONS if tally.kind is TallyKind.REVISED
                         else DeadlineKind.OBJECTIONS)
    check_direction_date(directed_on, period.due_on if period is not None else None)
    refuse_if_before("the direction of a runoff", directed_on, [
        Earlier("the revised tally of ballots issued" if tally.kind is TallyKind.REVISED else "the tally of ballots issued",
                tally.prepared_on)])
    chain = [e.kind for e in _chain(elections_of(session, case), election)]
    try:
        direction = direction_for(stored_outcome(tally), ballot=list(election.choices),
                                  against_on_ballot=election.against_on_ballot, chain=chain)
    except ProcedureError as exc:
        raise ProcedureError(f"{case.number}: {exc}", field=exc.field) from exc
    election.next_kind = direction.kind
    election.next_choices = list(direction.choices)
    election.next_against_on_ballot = direction.against_on_ballot
    election.next_held_from_on = act.held_from_on
    election.next_held_to_on = act.held_to_on
    close_open_deadlines(session, election, {DeadlineKind.EARLIEST_CERTIFICATION, DeadlineKind.HEARING_OPENS},
                         status=DeadlineStatus.MOOTED, as_of=as_of, legal_on=directed_on)
    when = _schedule(act.held_from_on, act.held_to_on)
    to = Stage.RUNOFF_DIRECTED if direction.kind is ElectionKind.RUNOFF else Stage.RERUN_DIRECTED
    entry = advance(session, election, to, as_of=as_of, occurred_on=directed_on, act=DocketActName.DIRECT_RUNOFF, act_key=key,
                    actor=Actor.REGIONAL_DIRECTOR, summary=direction.describe() + (f"; to be held {when}" if when else ""),
                    ref=ref_to(election))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=entry.summary)


def _schedule(held_from_on: date | None, held_to_on: date | None) -> str:
    if held_from_on is None:
        return ""
    return long_date(held_from_on) + (f" to {long_date(held_to_on)}" if held_to_on else "")
