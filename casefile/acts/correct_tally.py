"""Correct a Tally of Ballots as transcribed: a figure or the date that was mistyped when the tally
was recorded (not a revised tally: that one follows the opening of challenged ballots and is its
own act, casefile.acts.revised_tally).

The tally row takes the corrected counts and the lines and outcome the rules compute from them
(R-C2, R-C3, R-E3, R-D); a corrected date moves the periods the tally starts (objections and offer
of proof, the hearing target, the earliest certification: 102.69(a)(8), (b), (c)(1)(ii)) and every
filing made against them is judged again. The Tally of Ballots, and every other document whose
content the correction changes, is issued again as a new version; the first is kept. The stage of
the election is never changed: every consequence (an outcome that changes, challenges that become
determinative, a filing now late) is stated, and the user decides the next act.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar, Literal
from zoneinfo import ZoneInfo

from pydantic import Field
from sqlmodel import Session, col, func, select

from casefile.acts.base import ANY_STAGE, Count, Done, Flag, LegalDate, Line, Who, election_for
from casefile.acts.correcting import CorrectionIn, ask, check_given, listed, reissued, stage_kept
from casefile.acts.correction_parts import (
    Change,
    Moved,
    Why,
    changed_documents,
    document_states,
    issues_of,
    lock,
    move_deadlines,
    rejudge_filings,
)
from casefile.acts.record_tally import analysis_fields
from casefile.errors import BadInput, InvalidTally, UnknownRecord
from casefile.record.authority import REGION, Whose
from casefile.record.deadlines import office_of
from casefile.record.lookups import counts_of
from casefile.record.models import Case, ChallengedBallot, Deadline, Tally
from casefile.record.refs import RowKey
from casefile.rules.corrections import outcome_consequences
from casefile.rules.tally import analyze_tally, tally_from_mapping
from casefile.vocab import DeadlineKind, TallyKind

#: Not bound to the election's stage (refused, where it is, on what the record holds): offered at every
#: stage (casefile.acts.allowed_now).
STAGES = ANY_STAGE

#: The periods a tally's date starts (casefile.acts.record_tally keeps them from the tally).
TALLY_PERIODS = (DeadlineKind.OBJECTIONS, DeadlineKind.OFFER_OF_PROOF, DeadlineKind.HEARING_OPENS,
                 DeadlineKind.EARLIEST_CERTIFICATION)
#: The act's fields that correct something (at least one is given).
CORRECTED = ("prepared_on", "choices", "against", "challenged", "void", "eligible", "eligible_exact")


class CorrectTally(CorrectionIn):
    """A correction of the tally of election ``election`` (default: the latest) as transcribed:
    ``prepared_on`` the date the tally was prepared, ``choices`` the votes of labor organizations on
    the ballot (by name, only those to correct), ``against``, ``challenged``, ``void``,
    ``eligible`` / ``eligible_exact``; None (or left out): as recorded. ``why`` is required.
    ``date``: the day of the correction (default: the moment it is recorded)."""

    act: Literal["correct-tally"] = "correct-tally"
    WHOSE: ClassVar[Whose] = REGION
    CORRECTED: ClassVar[tuple[str, ...]] = CORRECTED
    SHOULD_READ: ClassVar[str] = ("the tally should read (the date prepared, votes for a choice, against, challenged, "
                                  "void or eligible)")
    prepared_on: LegalDate | None = None
    choices: dict[Line, Count] = Field(default_factory=dict, max_length=20)
    against: Count | None = None
    challenged: Count | None = None
    void: Count | None = None
    eligible: Count | None = None
    eligible_exact: Flag | None = None
    why: Why


#: A correction that gives nothing is refused first; the documents it changed are issued again as new versions.
check, issues = check_given, issues_of


def allowed_now(session: Session, case: Case, as_of: Any = None) -> bool:
    """Whether the case has a tally of ballots to correct (none before the first is recorded: the act is not
    offered then, new user's trial)."""
    from casefile.record.models import Election

    return session.exec(select(Tally.id).join(Election, col(Election.id) == Tally.election_id)
                        .where(Election.case_id == case.id)).first() is not None


def perform(session: Session, act: CorrectTally, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Correct the tally of the election (the one its record-tally made; a revised tally is not
    corrected here) and say every consequence.

    Refused, storing nothing: a choice not on the ballot, an ``against`` on a ballot without it,
    or an election without a tally (UnknownRecord); counts that are impossible (InvalidTally); a
    date before the election's first voting day (NotAllowedNow, R-C5), after the moment of the
    correction or after a later tally of the election (BadInput); values the tally already holds
    (BadInput: nothing to correct). A retry returns the first result; the same correction with the
    same why after the record changed again is refused (AlreadyRecorded).
    Authority: 29 CFR 102.69(a)(7), (a)(8), (b), (c)(1)(ii); rules.md R-C2, R-C3, R-C5, R-D, R-E2, R-G3, R-H2.
    """
    lock(session, case)
    election = election_for(session, case, act.election)
    tally = session.exec(select(Tally).where(Tally.election_id == election.id, Tally.kind != TallyKind.REVISED)
                         .order_by(col(Tally.id))).first()
    if tally is None:
        raise UnknownRecord(f"election {election.sequence} of {case.number} has no tally of ballots to correct",
                            field="election")
    votes = {str(name): int(v) for name, v in tally.votes}
    for name in act.choices:
        if name not in votes:
            raise UnknownRecord(f"{name!r} is not on the ballot of election {election.sequence} (choices: "
                                f"{', '.join(votes)})", field=f"choices.{name}")
    if act.against is not None and tally.against is None:
        raise BadInput(f"the ballot of election {election.sequence} has no choice against representation (a runoff "
                       "between labor organizations): there is no 'against' to correct", field="against")
    current = {"prepared_on": tally.prepared_on, "against": tally.against, "challenged": tally.challenged,
               "void": tally.void, "eligible": tally.eligible, "eligible_exact": tally.eligible_exact}
    asked = ask(session, case, act, target=RowKey.of(tally), current=current,
                given={name: getattr(act, name) for name in current},
                more=[Change(f"votes for {n}", votes[n], v) for n, v in act.choices.items() if votes[n] != v],
                already=(f"the tally of election {election.sequence} already reads what this correction gives "
                         f"({listed(act.requested())}): it corrects nothing"))
    if asked.first is not None:
        return asked.first
    changes = asked.changes
    new = {**current, **{c.field: c.new for c in changes if c.field in current}}
    counts = _counts(tally, {n: act.choices.get(n, v) for n, v in votes.items()}, new)
    if new["prepared_on"] != tally.prepared_on:
        _check_date(session, case, election, tally, new["prepared_on"], as_of)

    before_docs = document_states(session, case)
    before = analyze_tally(counts_of(tally))
    after = analyze_tally(counts)
    old_fields = {k: getattr(tally, k) for k in ("valid", "valid_plus_challenged", "determinative", "outcome_text")}
    for name, value in {**analysis_fields(counts), "void": new["void"]}.items():
        setattr(tally, name, value)
    old_date = tally.prepared_on
    tally.prepared_on = new["prepared_on"]
    session.add(tally)
    session.flush()
    implied = [Change(k, old, getattr(tally, k)) for k, old in old_fields.items() if old != getattr(tally, k)]

    consequences = list(outcome_consequences(before, after))
    consequences += [w for w in after.warnings if w not in before.warnings]
    moved: list[Moved] = []
    if tally.prepared_on != old_date:
        deadlines = list(session.exec(select(Deadline).where(
            Deadline.election_id == election.id, Deadline.trigger_on == old_date, col(Deadline.kind).in_(TALLY_PERIODS))))
        moved, notes = move_deadlines(session, case, deadlines, trigger_on=tally.prepared_on,
                                      because=f"the tally's date {old_date.isoformat()} → "
                                      f"{tally.prepared_on.isoformat()}", as_of=as_of)
        consequences += notes
        consequences += rejudge_filings(session, case, [d for d in deadlines if not d.pinned_by])
    consequences += _register_and_revisions(session, tally, counts.challenged)
    reissue = changed_documents(session, case, before_docs)
    consequences += [*reissued(reissue), stage_kept(election)]
    return asked.record(session, case, as_of=as_of, election=election,
                        head=f"Tally of Ballots of election {election.sequence} corrected", consequences=consequences,
                        reissue=reissue, moved=moved, implied=implied)


def _counts(tally: Tally, votes: dict[str, int], new: dict[str, Any]) -> Any:
    """The corrected counts, validated by the rules. Raises InvalidTally naming the act's field."""
    try:
        return tally_from_mapping({"choices": votes, "against": new["against"], "challenged": new["challenged"],
                                   "void": new["void"], "eligible": new["eligible"],
                                   "eligible_exact": new["eligible_exact"], "runoff_ballot": tally.runoff_ballot})
    except InvalidTally as exc:
        field = exc.line if exc.line in CORRECTED else "choices"
        raise InvalidTally(f"the corrected tally is impossible: {exc}", line=exc.line, field=field) from None


def _check_date(session: Session, case: Case, election: Any, tally: Tally, prepared_on: Any, as_of: datetime) -> None:
    """A corrected date must lie between the election's first voting day and the moment of the
    correction, and before any later tally of the election (R-C5)."""
    from casefile.rules.chronology import before_the_petition, tally_before_voting_ended

    for refusal in (tally_before_voting_ended(prepared_on, election.held_from_on, election.held_to_on,
                                              what="corrected tally", field="prepared_on"),
                    before_the_petition("the corrected tally", prepared_on, case.petition_filed_on, field="prepared_on",
                                        verb="would be dated")):
        if refusal is not None:
            raise refusal
    today = as_of.astimezone(ZoneInfo(office_of(case).tz)).date()
    if prepared_on > today:
        raise BadInput(f"the tally would be dated {prepared_on.isoformat()}, after the day of this correction "
                       f"({today.isoformat()})", field="prepared_on")
    later = session.exec(select(func.min(Tally.prepared_on)).where(Tally.election_id == election.id,
                                                                   Tally.id != tally.id)).one()
    if later is not None and prepared_on > later:
        raise BadInput(f"the tally would be dated {prepared_on.isoformat()}, after the election's later tally of "
                       f"{later.isoformat()}", field="prepared_on")


def _register_and_revisions(session: Session, tally: Tally, challenged: int) -> list[str]:
    """What the corrected counts leave for the user to look at: a register of challenged ballots
    that no longer has as many ballots as the tally, and a revised tally made from these counts."""
    notes = []
    registered = len(session.exec(select(ChallengedBallot.id).where(ChallengedBallot.election_id == tally.election_id))
                     .all())
    if registered and registered != challenged:
        notes.append(f"The register of challenged ballots lists {registered:,} ballots, the corrected tally "
                     f"{challenged:,}: correct the register as well.")
    revised = session.exec(select(Tally).where(Tally.revises_id == tally.id)).all()
    for r in revised:
        notes.append(f"The revised tally of {r.prepared_on.isoformat()} was made from this tally's counts and is not "
                     "changed by this correction.")
    return notes
