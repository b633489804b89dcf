"""Record a Tally of Ballots (initial, rerun or runoff) and open its objection period.

The Board agent's act (R-C1): casefile records it from the tally served at the count and issues
a record copy. Creates the election, stores the counts with the lines and outcome the rules
computed (R-C2, R-C3, R-E3, R-D), and keeps the deadlines the tally starts.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import (
    ActIn,
    Count,
    Done,
    Flag,
    Issue,
    LegalDate,
    Line,
    Paragraph,
    Strict,
    Who,
    again,
    recorded,
    ref_id,
)
from casefile.acts.conditional_direction import pending_condition
from casefile.documents.kinds.tally_of_ballots import TallyOfBallots
from casefile.errors import AlreadyRecorded, CasefileError, IllegalTransition, ProcedureError
from casefile.gaps import Gap
from casefile.record.authority import REGION, Whose
from casefile.record.deadlines import keep_deadline
from casefile.record.lookups import counts_of, elections_of
from casefile.record.models import Case, Election, Tally
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.stored_outcome import reachable_facts
from casefile.record.workflow import docket
from casefile.rules.calendar import long_date
from casefile.rules.chronology import election_before_petition, tally_before_voting_ended, voting_period_refusal
from casefile.rules.excluded_ballots import check_excluded, reason_words
from casefile.rules.stage_words import STAGE_NAMES, STAGE_WORDS
from casefile.rules.stages import accepted_at
from casefile.rules.tally import TallyCounts, analyze_tally, check_stated_lines, tally_from_mapping
from casefile.vocab import (
    Actor,
    DeadlineKind,
    DocketActName,
    ElectionKind,
    ExcludedReason,
    PartyRole,
    Stage,
    TallyKind,
    TriggerKind,
    VotingMethod,
    counted,
    ordinal,
)


class ElectionSpec(Strict):
    """The election a tally counts: method, voting dates, voting unit (NLRB "Unit ID"), and for a
    rerun why it was held."""

    method: VotingMethod | None = None  # None: not in the record (stored unknown, printed "not in the record")
    held_from_on: LegalDate | None = None
    held_to_on: LegalDate | None = None
    unit_id: Line = "A"
    reason: Paragraph = ""


class StatedLines(Strict):
    """Lines transcribed from a tally form; each one given must agree with the computation (rules.md §6.2)."""

    valid: Count | None = None
    valid_plus_challenged: Count | None = None
    determinative: Flag | None = None


class TallyCountsIn(Strict):
    """The counts of a tally as a file gives them: votes per labor organization in ballot order,
    votes against, challenged and void ballots, the approximate (or exact) number of eligible voters.
    ``void`` and ``eligible`` omitted (None): not in the record — stored as unknown, never as 0."""

    kind: TallyKind
    choices: dict[Line, Count] = Field(min_length=1, max_length=20)
    against: Count | None = None
    challenged: Count = 0
    void: Count | None = None
    eligible: Count | None = None
    eligible_exact: Flag = False

    def counts(self) -> TallyCounts:
        """The validated counts as the rules take them. Raises InvalidTally naming the form's line."""
        return tally_from_mapping({"choices": dict(self.choices), "against": self.against, "challenged": self.challenged,
                                   "void": self.void, "eligible": self.eligible, "eligible_exact": self.eligible_exact,
                                   "runoff_ballot": self.kind is TallyKind.RUNOFF})


class RecordTally(TallyCountsIn, ActIn):
    """The Tally of Ballots of a new election; ``date`` is the day it was prepared (R-C5).
    ``election`` here describes the new election (it is not a selector)."""

    act: Literal["record-tally"] = "record-tally"
    WHOSE: ClassVar[Whose] = REGION
    election: ElectionSpec = ElectionSpec()  # type: ignore[assignment]
    ELECTION_IS_TERM: ClassVar[bool] = True  # compared on a repeat (casefile.record.sealing.not_terms)
    stated: StatedLines | None = None
    board_agent: Line = ""  # the Board agent who signed the tally for the Regional Director
    excluded: Count = 0  # ballots left out of the count: not opened, not challenged at it (rules.excluded_ballots)
    excluded_reason: ExcludedReason | None = None  # why (None: the record does not say)


_ELECTION_KIND = {TallyKind.INITIAL: ElectionKind.INITIAL, TallyKind.RERUN: ElectionKind.RERUN,
                  TallyKind.RUNOFF: ElectionKind.RUNOFF}
_FOLLOWS_STAGE = {TallyKind.RERUN: Stage.RERUN_DIRECTED, TallyKind.RUNOFF: Stage.RUNOFF_DIRECTED}
#: The stages of the latest election after which the tally of the next one is recorded (_election_followed checks
#: the same table); a case without an election takes its initial tally (allowed_now).
STAGES = accepted_at("record-tally")


def allowed_now(session: Session, case: Case, as_of: datetime | None = None) -> bool:
    """Whether a tally may be recorded on ``case`` now: the initial one (no election yet), or the
    next election's once the latest is at a stage that directs it (STAGES)."""
    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    return latest is None or latest.stage in STAGES


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The record copy of the Tally of Ballots."""
    return (Issue(TallyOfBallots, ref_id(ref, RecordTable.TALLY)),)


def check(act: RecordTally) -> None:
    """Refuse a tally whose counts are impossible or whose transcribed lines disagree with them, or
    whose election ends before it begins, before anything is looked up or stored: every problem of
    :func:`problems` at once (casefile.validation.refuse_all: one is raised as itself). Raises InvalidTally
    naming the form's line; BadInput (field ``election.held_to_on``); SeveralProblems."""
    from casefile.validation import refuse_all

    refuse_all(problems(act))


def problems(act: RecordTally) -> list[CasefileError]:
    """Every problem of the act's input alone, in the form's order, none raised: impossible counts (then no line
    is compared), the excluded ballots, each stated line that disagrees with the counts (field ``stated.<line>``),
    and voting days that end before they begin."""
    from casefile.rules.tally import stated_line_problems

    found: list[CasefileError] = []
    try:
        counts: TallyCounts | None = act.counts()
    except CasefileError as exc:
        found.append(exc)
        counts = None
    try:
        check_excluded(act.excluded, act.excluded_reason)
    except CasefileError as exc:
        found.append(exc)
    if act.stated is not None and counts is not None:
        for line in stated_line_problems(counts, valid=act.stated.valid,
                                        valid_plus_challenged=act.stated.valid_plus_challenged,
                                        determinative=act.stated.determinative):
            line.field = line.field or f"stated.{line.line}"
            found.append(line)
    if (refusal := voting_period_refusal(act.election.held_from_on, act.election.held_to_on,
                                         field="election.held_to_on")) is not None:
        found.append(refusal)
    return found


def perform(session: Session, act: RecordTally, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record the tally of a new election (initial, rerun or runoff) and open its periods.

    The counts are validated and analysed by the rules (R-C3, R-E3, R-D); stated lines, if given,
    must agree. Creates the election at stage tally-issued and keeps the deadlines it starts:
    objections and offer of proof (5 business days, 102.69(a)(8)), hearing (15 business days,
    102.69(c)(1)(ii)) and the earliest certification (R-H2). A rerun follows an election whose stage
    is rerun-directed; a runoff one at runoff-directed (only one runoff, 102.70(a)). Idempotent on
    (case, kind, date prepared); the same tally with other figures is refused (AlreadyRecorded: a
    correction is its own act). Raises InvalidTally, IllegalTransition, ProcedureError.
    Authority: 29 CFR 102.69(a); 102.70; rules.md R-C.
    """
    prepared_on = act.legal_date(case, as_of)
    counts = _by_party_name(session, case, act.counts())
    key = f"tally:{act.kind.value}:{prepared_on.isoformat()}"
    if (entry := recorded(session, case, key)) is not None:
        tally = session.get(Tally, ref_id(entry.ref, RecordTable.TALLY))
        assert tally is not None
        if counts_of(tally) != counts:
            raise AlreadyRecorded(
                f"{case.number}: {'an' if act.kind is TallyKind.INITIAL else 'a'} {act.kind.value} tally of {long_date(prepared_on)} is already recorded with other "
                f"figures (recorded → given: {'; '.join(figure_differences(counts_of(tally), counts))}); an issued tally "
                "is never overwritten — correct a transcription error with the correction act")
        election = session.get(Election, tally.election_id)
        assert election is not None
        if differ := term_differences(tally, election, act):
            raise AlreadyRecorded(
                f"{case.number}: {'an' if act.kind is TallyKind.INITIAL else 'a'} {act.kind.value} tally of "
                f"{long_date(prepared_on)} is already recorded with other terms (recorded → given: {'; '.join(differ)}); "
                "an issued tally is never overwritten — correct a transcription error with the correction act",
                field=_TERM_FIELDS[differ[0].split(":")[0]])
        return again(entry, act.act, issues(session, entry.ref))
    if act.kind is TallyKind.REVISED:
        raise ProcedureError("a revised tally follows the opening of challenged ballots; it is recorded by that act",
                             field="kind")
    check_excluded(act.excluded, act.excluded_reason)
    analysis = analyze_tally(counts)
    if act.stated is not None:
        check_stated_lines(counts, valid=act.stated.valid, valid_plus_challenged=act.stated.valid_plus_challenged,
                           determinative=act.stated.determinative)
    previous = elections_of(session, case, lock=True)
    follows = _election_followed(case, previous, act, counts)
    if follows is not None and (waiting := pending_condition(session, follows)) is not None:
        raise ProcedureError(f"the {ordinal(follows.sequence + 1)} election after election {follows.sequence} was directed on a condition (Regional "
                             f"Director's decision of {waiting.issued_on.isoformat()}): it is held only if the revised tally "
                             "of the challenged ballots shows no majority for a labor organization; record that revised "
                             "tally first (29 CFR 102.69(e))", field="kind")
    _check_voting_days(case, act, prepared_on, follows)
    names = [name for name, _ in counts.choices]
    election_kind = follows.next_kind if follows is not None and follows.next_kind else _ELECTION_KIND[act.kind]
    spec = act.election
    election = Election(
        case_id=case.id, sequence=len(previous) + 1, kind=election_kind,  # type: ignore[arg-type]
        follows_id=follows.id if follows else None, reason=spec.reason, unit_id=spec.unit_id, method=spec.method,
        held_from_on=spec.held_from_on, held_to_on=spec.held_to_on, choices=names,
        against_on_ballot=counts.against is not None, stage=Stage.TALLY_ISSUED, stage_entered_at=as_of,
    )
    session.add(election)
    session.flush()
    tally = Tally(election_id=election.id, kind=act.kind, prepared_on=prepared_on, source=_source(act),  # type: ignore[arg-type]
                  board_agent=act.board_agent.strip(), excluded=act.excluded, excluded_reason=act.excluded_reason,
                  uncertain=act.uncertain.strip(),
                  **{**analysis_fields(counts), "void": act.void})  # an unknown void count stays unknown
    session.add(tally)
    session.flush()
    votes = ", ".join(f"{v:,} for {n}" for n, v in counts.choices)
    against = f", {counts.against:,} against" if counts.against is not None else ""
    entry = docket(
        session, case.id, election_id=election.id, as_of=as_of, occurred_on=prepared_on, act=DocketActName.RECORD_TALLY,  # type: ignore[arg-type]
        act_key=key, actor=Actor.BOARD_AGENT, to_stage=Stage.TALLY_ISSUED, ref=ref_to(tally),
        summary=f"Tally of Ballots ({act.kind.value}, election {election.sequence}): {votes}{against}; "
        f"{f'{act.void:,} void' if act.void is not None else 'void ballots not in the record'}; "
        f"{counts.challenged:,} challenged "
        f"({'determinative' if analysis.determinative else 'not determinative'}); {analysis.outcome.describe()}"
        + (f"; {counted(act.excluded, 'ballot')} excluded at the count, {reason_words(act.excluded_reason)}" if act.excluded else ""),
    )
    for kind_, whom in ((DeadlineKind.OBJECTIONS, "all parties"), (DeadlineKind.OFFER_OF_PROOF, "objecting party"),
                        (DeadlineKind.HEARING_OPENS, "Regional Director"),
                        (DeadlineKind.EARLIEST_CERTIFICATION, "Regional Director")):
        keep_deadline(session, case=case, election=election, kind=kind_, trigger=TriggerKind.TALLY, trigger_on=prepared_on,
                      trigger_ref=entry.ref, for_whom=whom)
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=entry.summary,
                warnings=tuple(analysis.warnings) + _missing(case, act) + _unknown_choices(session, case, names))


#: The input field each worded term of :func:`term_differences` comes from (the refusal's field).
_TERM_FIELDS = {"voting method": "election.method", "first day of voting": "election.held_from_on",
                "last day of voting": "election.held_to_on", "voting unit": "election.unit_id",
                "why the election was held": "election.reason", "Board agent": "board_agent",
                "ballots excluded from the count": "excluded", "why ballots were excluded": "excluded_reason"}


def term_differences(tally: Tally, election: Election, act: RecordTally) -> list[str]:
    """Each term other than the figures in which ``act`` differs from the tally and election recorded, in words
    ("first day of voting: not given → February 11, 2026", "voting method: not in the record → mail"): the
    election's method, voting days, unit and reason, the Board agent, the ballots excluded and why. None of these
    is changed once recorded (a correction of the tally changes only its date and figures). Authority: 29 CFR
    102.69(a) (the tally of ballots, served at the count)."""
    def day(value: Any) -> str:
        return long_date(value) if value is not None else "not given"

    def text(value: str) -> str:
        return f"“{value.strip()}”" if value.strip() else "none given"

    spec = act.election
    pairs = (("voting method", election.method.value if election.method else "not in the record",
              spec.method.value if spec.method else "not in the record"),
             ("first day of voting", day(election.held_from_on), day(spec.held_from_on)),
             ("last day of voting", day(election.held_to_on), day(spec.held_to_on)),
             ("voting unit", text(election.unit_id), text(spec.unit_id)),
             ("why the election was held", text(election.reason), text(spec.reason)),
             ("Board agent", text(tally.board_agent), text(act.board_agent)),
             ("ballots excluded from the count", f"{tally.excluded:,}", f"{act.excluded:,}"),
             ("why ballots were excluded", _excluded_words(tally.excluded_reason), _excluded_words(act.excluded_reason)))
    return [f"{label}: {before} → {after}" for label, before, after in pairs if before != after]


def _excluded_words(reason: ExcludedReason | None) -> str:
    """Why ballots were excluded, as a clause ("the record does not say" for None)."""
    return reason_words(reason).removeprefix("because ") if reason is not None else "the record does not say"


def figure_differences(recorded: TallyCounts, given: TallyCounts) -> list[str]:
    """Each figure in which ``given`` differs from ``recorded``, in words ("eligible voters: 25 → 15",
    "votes for Union: 738 → 739", "votes for Union: not on the ballot → 3"); a figure is a count of
    the tally of ballots (29 CFR 102.69(a))."""
    def said(value: int | None, *, none: str = "not given") -> str:
        return f"{value:,}" if value is not None else none

    out = []
    was, now = dict(recorded.choices), dict(given.choices)
    for name in list(was) + [n for n in now if n not in was]:
        if was.get(name) != now.get(name):
            out.append(f"votes for {name}: {said(was.get(name), none='not on the ballot')} → "
                       f"{said(now.get(name), none='not on the ballot')}")
    if [n for n in was if n in now] != [n for n in now if n in was]:
        out.append(f"order of the choices: {', '.join(was)} → {', '.join(now)}")
    for label, before, after in (("votes against", recorded.against, given.against),
                                 ("challenged ballots", recorded.challenged, given.challenged),
                                 ("void ballots", recorded.void, given.void),
                                 ("eligible voters", recorded.eligible, given.eligible)):
        if before != after:
            out.append(f"{label}: {said(before)} → {said(after)}")
    if recorded.eligible_exact != given.eligible_exact:
        out.append(f"eligible voters exact: {'yes' if recorded.eligible_exact else 'no'} → "
                   f"{'yes' if given.eligible_exact else 'no'}")
    if recorded.runoff_ballot != given.runoff_ballot:
        out.append(f"runoff ballot: {'yes' if recorded.runoff_ballot else 'no'} → {'yes' if given.runoff_ballot else 'no'}")
    return out


def _check_voting_days(case: Case, act: RecordTally, prepared_on: Any, follows: Election | None) -> None:
    """Refuse an election held before the petition, and a tally prepared before its voting ended: the
    voting days the tally gives, else (a rerun or runoff) those its direction scheduled
    (casefile.rules.chronology)."""
    spec = act.election
    first, last, field = spec.held_from_on, spec.held_to_on, "election.held_from_on"
    if first is None and last is None and follows is not None:
        first, last, field = follows.next_held_from_on, follows.next_held_to_on, "date"
    refusals = (election_before_petition(first or last, case.petition_filed_on, field=field),
                tally_before_voting_ended(prepared_on, first, last, what=f"{act.kind.value} tally"))
    for refusal in refusals:
        if refusal is not None:
            raise refusal


def _by_party_name(session: Session, case: Case, counts: TallyCounts) -> TallyCounts:
    """``counts`` with each ballot choice that is a party's handle ("union") written as that party's name, as the
    form names the labor organization (the new user's trial: "Number of votes cast for union"); a name is kept."""
    from dataclasses import replace

    from casefile.record.lookups import parties_of

    names = {p.key.casefold(): p.name for p in parties_of(session, case) if p.role is not PartyRole.EMPLOYER}
    return replace(counts, choices=tuple((names.get(n.strip().casefold(), n), v) for n, v in counts.choices))


def _unknown_choices(session: Session, case: Case, names: list[str]) -> tuple[str, ...]:
    """The warnings of a live case's ballot choices that name no party of the case (by name or
    handle): the tally names the labor organizations on the ballot, and a certification names the
    winner, so a choice that is no party (a typo, an intervenor not recorded) is likely a mistake.
    Warned, not refused: the record may not yet hold every intervenor (29 CFR 102.69(a))."""
    from casefile.record.lookups import parties_of
    from casefile.record.people import is_record_copy

    if is_record_copy(case):
        return ()
    parties = parties_of(session, case)
    known = {p.name.casefold() for p in parties} | {p.key.casefold() for p in parties}
    return tuple(f"the ballot choice {name!r} names no party of {case.number} (its parties: "
                 f"{', '.join(p.name for p in parties)}): check its spelling, or add the labor organization as a party "
                 "before a certification names it" for name in names if name.strip().casefold() not in known)


def _missing(case: Case, act: RecordTally) -> tuple[Gap, ...]:
    """What a live case's Tally of Ballots leaves blank for lack of a field, as facts (casefile.gaps: each
    interface says where to give it). Rule: 29 CFR 102.69(a) (the tally, signed by the Board agent)."""
    from casefile.gaps import GapKind
    from casefile.record.people import is_record_copy

    if is_record_copy(case):
        return ()
    out = []
    if not act.board_agent.strip():
        out.append(Gap(GapKind.NO_BOARD_AGENT, case.number, "Tally of Ballots"))
    if not case.unit_description:
        out.append(Gap(GapKind.NO_UNIT_DESCRIPTION, case.number, "Tally of Ballots"))
    return tuple(out)


def _source(act: RecordTally) -> str:
    return "; ".join(act.source) if isinstance(act.source, list) else act.source


def _election_followed(case: Case, previous: list[Election], act: RecordTally, counts: TallyCounts) -> Election | None:
    """The election a rerun or runoff follows (None for an initial tally), checked (102.70(a))."""
    if act.kind is TallyKind.INITIAL:
        if previous:
            raise IllegalTransition(
                f"{case.number} already has election {previous[-1].sequence}; a later tally is a rerun or runoff tally",
                field="kind")
        return None
    if not previous:
        raise IllegalTransition(f"{case.number}: {'an' if act.kind is TallyKind.INITIAL else 'a'} {act.kind.value} tally needs an earlier election; record the "
                                "initial tally first", field="kind")
    follows = previous[-1]
    if act.kind is TallyKind.RUNOFF and any(e.kind is ElectionKind.RUNOFF for e in previous):
        raise ProcedureError(f"{case.number} already had its runoff election; 102.70(a) allows only one", field="kind")
    if follows.stage is not _FOLLOWS_STAGE[act.kind]:
        raise IllegalTransition(f"a {act.kind.value} tally follows an election where the {act.kind.value} was directed "
                                f"(“{STAGE_NAMES[_FOLLOWS_STAGE[act.kind]]}”): in election {follows.sequence} "
                                f"{STAGE_WORDS[follows.stage].now}", field="kind")
    _check_directed_ballot(follows, counts)
    return follows


def _check_directed_ballot(follows: Election, counts: TallyCounts) -> None:
    """The new election's ballot must carry the choices its direction named (R-P2, R-P4, R-O1)."""
    if not follows.next_choices:
        return
    names = [n for n, _ in counts.choices]
    against = counts.against is not None
    if sorted(names) != sorted(follows.next_choices) or against != follows.next_against_on_ballot:
        directed = list(follows.next_choices) + (["against"] if follows.next_against_on_ballot else [])
        got = names + (["against"] if against else [])
        raise ProcedureError(f"the tally's choices {got} are not those directed for this election {directed}",
                             field="choices")


def analysis_fields(counts: TallyCounts) -> dict[str, Any]:
    """The computed lines, statements and the full outcome a Tally row keeps (R-C2 lines 6-10,
    R-E3, R-D): winner and runoff choices are stored as the rules computed them, so nothing above
    the rules re-derives them from display text or vote counts."""
    analysis = analyze_tally(counts)
    outcome = analysis.outcome
    return dict(
        eligible=counts.eligible, eligible_exact=counts.eligible_exact, void=counts.void,
        votes=[[n, v] for n, v in counts.choices], against=counts.against, challenged=counts.challenged,
        valid=analysis.valid, valid_plus_challenged=analysis.valid_plus_challenged, determinative=analysis.determinative,
        majority_for=analysis.majority_for, outcome=outcome.kind.value, winner=outcome.winner,
        runoff_choices=list(outcome.runoff_choices or ()), outcome_text=outcome.describe(),
        reachable=reachable_facts(analysis.reachable), warnings=list(analysis.warnings),
        runoff_ballot=counts.runoff_ballot,
    )


