"""Open the overruled challenged ballots and issue the Revised Tally of Ballots.

The Regional Director (or the Board) directs that the ballots whose challenges were overruled be
opened and counted; the revised tally adds their votes to the count, drops the ballots whose
challenges were sustained, and keeps on its challenged line those still unopened (29 CFR
102.69(e); R-L1-R-L4). Votes are recorded as counts per choice only, never voter by voter (R-E8).
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session, col, func, select

from casefile.acts.base import ActIn, Count, Done, Issue, Line, Paragraph, Who, again, election_for, recorded, ref_id
from casefile.acts.challenge_register import (
    counted_tally,
    current_tally,
    unresolved_statuses,
)
from casefile.acts.chronology import latest_on, refuse_if_before
from casefile.acts.conditional_direction import (
    apply_condition,
    conditional_decision,
    decided_by,
    pending_condition,
    shows_on,
)
from casefile.acts.record_tally import analysis_fields
from casefile.documents.kinds.revised_tally import RevisedTallyOfBallots
from casefile.documents.kinds.supplemental_direction import SupplementalDecisionAndDirection
from casefile.errors import AlreadyRecorded, IllegalTransition
from casefile.record.authority import REGION, Whose
from casefile.record.deadlines import close_open_deadlines, keep_deadline
from casefile.record.lookups import counts_of, excluded_waiting, latest_tally, objections_still_pending, parties_of
from casefile.record.models import Case, ChallengedBallot, Election, Objection, Party, Tally
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.stored_outcome import stored_outcome
from casefile.record.workflow import advance, stage_refusal_of
from casefile.rules.calendar import long_date
from casefile.rules.chronology import Earlier
from casefile.rules.conditional_rerun import NO_UNION_MAJORITY, rerun_stands, what_follows_revised_tally
from casefile.rules.excluded_ballots import with_excluded
from casefile.rules.mootness import Side, prevailing_parties
from casefile.rules.revised_count import resolution_since_tally, revised_counts
from casefile.rules.stage_words import STAGE_WORDS
from casefile.rules.stages import accepted_at
from casefile.vocab import (
    Actor,
    ChallengeStatus,
    DeadlineKind,
    DeadlineStatus,
    Disposition,
    DocketActName,
    Stage,
    TallyKind,
    TriggerKind,
    counted,
    ordinal,
)


class RevisedTally(ActIn):
    """The opening of the overruled ballots: ``counted`` votes per labor organization among them,
    ``counted_against`` votes against among them. Without a register (only counts known), give
    ``opened`` and ``sustained``: the ballots opened and the challenges sustained since the last
    tally. ``date``: the day the revised tally is made available."""

    act: Literal["revised-tally"] = "revised-tally"
    WHOSE: ClassVar[Whose] = REGION
    counted: dict[Line, Count] = Field(default_factory=dict, max_length=20)
    counted_against: Count = 0
    opened: Count | None = None
    sustained: Count | None = None
    note: Paragraph = ""


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Revised Tally of Ballots (record copy); and, when it met the condition of a conditional direction
    of a second election, the Supplemental Decision and Direction of Second Election with its Notice, on the
    revised tally's own date (a revised tally that lapses the direction issues nothing more: the certification
    follows its objection period, with its own document)."""
    tally = session.get(Tally, ref_id(ref, RecordTable.TALLY))
    assert tally is not None and tally.id is not None
    out: tuple[Issue, ...] = (Issue(RevisedTallyOfBallots, tally.id),)
    decision = conditional_decision(session, session.get(Election, tally.election_id))  # type: ignore[arg-type]
    if decision is not None and (decided := decided_by(session, decision)) is not None:
        by, stands = decided
        if stands and by.id == tally.id:
            out += (Issue(SupplementalDecisionAndDirection, tally.id),)
    return out


#: Stages at which challenged ballots may be opened and counted: where the Region rules on them, and
#: after the Board directs them opened on review (rules.md §4: RFR_PENDING → REVISED_TALLY_ISSUED), and —
#: for a conditional direction only — after the second election was directed (R-M2).
REVISABLE = accepted_at("revised-tally")
#: The stages of the election the act is on (the latest) at which perform() accepts it (stage_refusal: at
#: rerun-directed only under a conditional direction not yet carried out).
STAGES = REVISABLE


def stage_refusal(session: Session, election: Election) -> str | None:
    """Why a revised tally is not allowed in ``election`` at its stage now (None: it is)."""
    if election.stage is Stage.RERUN_DIRECTED and pending_condition(session, election) is None:
        return (f"a revised tally is not available in election {election.sequence}: "
                f"{STAGE_WORDS[election.stage].now}, and its "
                f"{ordinal(election.sequence + 1)} election was directed without condition (a revised tally may follow only a direction made on a "
                "condition the count decides)")
    if election.stage is Stage.RERUN_DIRECTED and _followed(session, election):
        return (f"election {election.sequence} is already followed by its {ordinal(election.sequence + 1)} election: the conditional direction "
                "was carried out")
    if election.stage not in STAGES:
        return stage_refusal_of(election, "a revised tally", STAGES)
    if (tally := latest_tally(session, election)) is not None and not tally.determinative \
            and pending_condition(session, election) is None and not excluded_waiting(session, election):
        return (f"a revised tally is not allowed in election {election.sequence}: the {tally.challenged} challenged "
                f"ballots of its {'revised ' if tally.kind is TallyKind.REVISED else ''}tally of "
                f"{tally.prepared_on.isoformat()} are not determinative, so they are never opened and the tally "
                "stands (a revised tally follows the resolution of determinative challenges, 29 CFR 102.69(e))")
    return None


def allowed_now(session: Session, case: Case, as_of: datetime | None = None) -> bool:
    """Whether a revised tally may be issued in the case's latest election now (stage_refusal), with something
    to count: where a register is kept, a ballot overruled or sustained since the last tally (what perform()
    refuses without one: casefile.rules.revised_count); without a register the act's own counts decide."""
    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    if latest is None or stage_refusal(session, latest) is not None:
        return False
    statuses = unresolved_statuses(session, latest)  # the registered ballots not yet in a revised tally
    return not statuses or bool(statuses.get(ChallengeStatus.OVERRULED) or statuses.get(ChallengeStatus.SUSTAINED))


def _followed(session: Session, election: Election) -> bool:
    """Whether a later election of the case follows ``election``."""
    return session.exec(select(Election.id).where(Election.follows_id == election.id)).first() is not None


def perform(session: Session, act: RevisedTally, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Issue the revised tally: count the ballots opened, store the full outcome the rules compute.

    The counts opened must equal the ballots overruled (with a register) or ``opened`` (without);
    sustained ballots leave the count; still-unopened ballots stay on the challenged line, and the
    rules re-test them with the new totals (R-L4: the revised tally may itself call for a runoff).
    The tally row stores the lines and the whole outcome (winner, runoff choices). Objections of a
    party that prevailed on the revised count become moot (R-M2, from the stored outcome); the
    hearing date is mooted when no objection is left. Opens the 5-business-day period for
    objections to the revised tally (R-G9). After a direction of a second election made on a condition
    (rd-decision ``condition``: no majority for a labor organization, or — the employer's objections — a
    majority for one), the revised tally may follow the direction (stage rerun-directed) and decides it:
    the condition met — the election stays set aside and the second election stands directed (the Supplemental
    Decision and Direction of Second Election issues, dated the revised tally's day); the objecting party
    prevailed — the direction lapses, its objections are moot, and the certification of representative or
    of results follows the revised tally's objection period (casefile.acts.conditional_direction). After the Board directs the ballots
    opened on review it follows rfr-pending. Ballots excluded at the count and ordered counted
    (count-excluded-ballots) are challenged ballots overruled: they join the challenged line it counts from
    (rules.excluded_ballots.with_excluded) and the docket calls it a supplemental count. Idempotent on (election, date made available); the
    same date with other figures is refused (AlreadyRecorded). Raises InvalidTally (counts that do
    not match the ballots opened), ProcedureError (nothing to revise; no register and no counts),
    IllegalTransition. Authority: 29 CFR 102.69(e); rules.md R-L1-R-L4, R-M2, R-E8.
    """
    election = election_for(session, case, act.election)
    prepared_on = act.legal_date(case, as_of)
    key = f"revised-tally:e{election.sequence}:{prepared_on.isoformat()}"
    if (entry := recorded(session, case, key)) is not None:
        _check_same(session, case, act, session.get(Tally, ref_id(entry.ref, RecordTable.TALLY)))
        return again(entry, act.act, issues(session, entry.ref))
    conditional = pending_condition(session, election)
    if (refusal := stage_refusal(session, election)) is not None:
        raise IllegalTransition(refusal)
    original = current_tally(session, election)
    excluded = excluded_waiting(session, election)  # ballots excluded at the count, ordered counted: challenged ballots
    counts = with_excluded(counts_of(original), excluded)
    statuses = unresolved_statuses(session, election)
    ruled_on = session.exec(select(func.max(ChallengedBallot.ruled_on)).where(
        ChallengedBallot.election_id == election.id, col(ChallengedBallot.revised_tally_id).is_(None),
        col(ChallengedBallot.status).in_([ChallengeStatus.OVERRULED, ChallengeStatus.SUSTAINED]))).one()
    refuse_if_before("the revised tally of ballots", prepared_on, [
        Earlier("the revised tally of ballots issued" if original.kind is TallyKind.REVISED
                else "the tally of ballots issued", original.prepared_on),
        Earlier("the challenged ballots were ruled on", ruled_on),
        Earlier("the Board ruled", latest_on(session, election, DocketActName.BOARD_RULING) if election.stage is Stage.RFR_PENDING
                else None)])
    resolution = resolution_since_tally(
        registered=sum(statuses.values()), overruled=statuses.get(ChallengeStatus.OVERRULED, 0),
        sustained=statuses.get(ChallengeStatus.SUSTAINED, 0), given_opened=act.opened, given_sustained=act.sustained)
    new_counts = revised_counts(counts, resolution, counted=dict(act.counted), counted_against=act.counted_against)
    source = "; ".join(act.source) if isinstance(act.source, list) else act.source
    revised = Tally(election_id=election.id, kind=TallyKind.REVISED, prepared_on=prepared_on,  # type: ignore[arg-type]
                    revises_id=original.id, opened=resolution.opened, source=source,
                    **{**analysis_fields(new_counts), "void": original.void})  # the ballots opened are counted: void as before
    session.add(revised)
    session.flush()
    for ballot in session.exec(select(ChallengedBallot).where(
            ChallengedBallot.election_id == election.id, col(ChallengedBallot.revised_tally_id).is_(None),
            col(ChallengedBallot.status).in_([ChallengeStatus.OVERRULED, ChallengeStatus.SUSTAINED]))):
        if ballot.status is ChallengeStatus.OVERRULED:
            ballot.status = ChallengeStatus.OPENED
        ballot.revised_tally_id = revised.id
        session.add(ballot)
    mooted = _moot_objections_of_prevailing_parties(session, case, election, revised)
    if not objections_still_pending(session, election):
        close_open_deadlines(session, election, {DeadlineKind.HEARING_OPENS}, status=DeadlineStatus.MOOTED, as_of=as_of,
                             legal_on=prepared_on)
    votes = ", ".join(f"{v:,} {n}" for n, v in new_counts.choices)
    against = f", {new_counts.against:,} against" if new_counts.against is not None else ""
    supplemental = (f" (a supplemental count: {excluded} of them excluded at the count of "
                    f"{counted_tally(session, election).prepared_on.isoformat()} and ordered counted)") if excluded else ""
    stands = rerun_stands(conditional.condition, revised.outcome, revised.winner) if conditional is not None else None
    # what follows the count, said once: a condition met directs the election and no certification follows
    # (rules.conditional_rerun.what_follows_revised_tally: "election-directed"), so the outcome's own words
    # ("Certification of Results") are not said of it
    directed = what_follows_revised_tally(revised.outcome, condition_met=bool(stands)) == "election-directed"
    assert conditional is not None or not directed
    said = (f"{shows_on(conditional, revised)}: the condition of the decision of {conditional.issued_on.isoformat()} is "
            f"met, the election stays set aside and no certification follows" if conditional is not None and directed
            else revised.outcome_text)
    summary = (f"Revised Tally of Ballots: {counted(resolution.opened, 'challenged ballot')} opened and counted{supplemental}, "
               f"{resolution.sustained:,} sustained; {votes}{against}; {new_counts.challenged:,} still unopened; {said}")
    if mooted:
        summary += f"; {mooted}"
    if resolution.opened == 1:
        summary += "; only one ballot was opened, so its vote can be told from the revised count"
    if conditional is not None and stands is not None:
        summary += (f"; the {ordinal(election.sequence + 1)} election directed on that condition stands" if stands else
                    f"; {shows_on(conditional, revised)}: the direction of a {ordinal(election.sequence + 1)} election made on the "
                    f"condition that {'it would not' if conditional.condition == NO_UNION_MAJORITY else 'one would'} lapses")
    entry = advance(session, election, Stage.REVISED_TALLY_ISSUED, as_of=as_of, occurred_on=prepared_on,
                    act=DocketActName.REVISED_TALLY, act_key=key, actor=Actor.REGIONAL_DIRECTOR, summary=summary,
                    ref=ref_to(revised))
    if conditional is not None:
        apply_condition(session, election, conditional, revised, as_of=as_of, key=key)
    keep_deadline(session, case=case, election=election, kind=DeadlineKind.REVISED_TALLY_OBJECTIONS,
                  trigger=TriggerKind.REVISED_TALLY, trigger_ref=entry.ref,
                  trigger_on=prepared_on, for_whom="all parties")
    assert entry.id is not None
    warnings = tuple(str(w) for w in revised.warnings)
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=summary,
                warnings=warnings)


def _check_same(session: Session, case: Case, act: RevisedTally, revised: Tally | None) -> None:
    """A retry must carry the figures recorded; other figures are refused (AlreadyRecorded)."""
    assert revised is not None
    assert revised.revises_id is not None
    before = session.get(Tally, revised.revises_id)
    assert before is not None
    was = dict((str(n), int(v)) for n, v in before.votes)
    counted = {str(n): int(v) - was[str(n)] for n, v in revised.votes if int(v) != was[str(n)]}
    against = (revised.against or 0) - (before.against or 0)
    excluded = len(session.exec(select(ChallengedBallot.id).where(ChallengedBallot.revised_tally_id == revised.id,
                                                                  col(ChallengedBallot.excluded_at_count))).all())
    sustained = before.challenged + excluded - revised.opened - revised.challenged
    given = {n: v for n, v in act.counted.items() if v}
    differ = [f"votes counted for {name}: {counted.get(name, 0):,} → {given.get(name, 0):,}"
              for name in list(counted) + [n for n in given if n not in counted] if counted.get(name, 0) != given.get(name, 0)]
    if act.counted_against != against:
        differ.append(f"votes counted against: {against:,} → {act.counted_against:,}")
    if act.opened not in (None, revised.opened):
        differ.append(f"challenged ballots opened: {revised.opened:,} → {act.opened:,}")
    if act.sustained not in (None, sustained):
        differ.append(f"challenges sustained: {sustained:,} → {act.sustained:,}")
    if differ:
        raise AlreadyRecorded(
            f"{case.number}: the revised tally of {long_date(revised.prepared_on)} is already recorded with other figures "
            f"(recorded → given: {'; '.join(differ)}); an issued tally is never overwritten — correct a transcription "
            "error with the correction act")


def _moot_objections_of_prevailing_parties(session: Session, case: Case, election: Election, revised: Tally) -> str:
    """R-M2: the pending objections of the parties that prevailed on the revised count (from its
    stored outcome, casefile.rules.mootness) become moot. Returns the docket's sentence."""
    parties = parties_of(session, case)
    keys = set(prevailing_parties(stored_outcome(revised), [Side(p.key, p.role, p.name) for p in parties]))
    prevailing: list[Party] = [p for p in parties if p.key in keys]
    if not prevailing:
        return ""
    pending = list(session.exec(select(Objection).where(
        Objection.election_id == election.id, col(Objection.party_id).in_([p.id for p in prevailing]),
        col(Objection.disposition).in_([Disposition.PENDING, Disposition.SET_FOR_HEARING]))))
    for objection in pending:
        objection.disposition = Disposition.MOOT
        objection.disposition_reason = (f"moot: the objecting party prevailed on the revised tally of "
                                        f"{revised.prepared_on.isoformat()}")
        session.add(objection)
    if not pending:
        return ""
    objectors = {o.party_id for o in pending}
    names = sorted(p.name for p in prevailing if p.id in objectors)
    return f"{len(pending)} objections of {', '.join(names)} moot: it prevailed on the revised count"
