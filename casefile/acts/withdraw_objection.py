"""A party withdraws one of its objections (29 CFR 102.69; NLRB Casehandling Manual, Part Two:
a party may withdraw its objections before they are decided).

The objection's disposition becomes ``withdrawn``, with the date and why; nothing is deleted and
no document already issued is issued again (the objections stand as filed; later reports and
decisions list the objection as withdrawn). When the last undecided objection of every party is withdrawn
while the election is pending objections before the Regional Director, nothing is pending there any more:
the stage table's ``withdraw-objection`` rows move it (casefile.rules.stages.after_withdrawal) — back to the
(revised) tally while its objection period runs, else to challenge investigation (determinative challenges),
certification due or runoff due. Elsewhere (a hearing noticed or held) the stage is unchanged and the hearing
officer's or the Regional Director's next act is recorded by its own act.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import ANY_STAGE, ActIn, Done, Issue, PartyKey, Who, election_for
from casefile.acts.correction_parts import Change, Why, correction_key, found_again, issues_of, lock, record_correction, why_of
from casefile.errors import BadInput, UnknownRecord
from casefile.record.authority import Whose
from casefile.record.lookups import get_party
from casefile.record.models import Case, Election, Filing, Objection, Party
from casefile.record.refs import Ref, RowKey
from casefile.rules.corrections import UNDECIDED, withdrawable
from casefile.rules.stage_words import STAGE_NAMES
from casefile.rules.stages import Guard, after_withdrawal
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, Disposition, FilingKind, Stage

#: Not bound to the election's stage (refused, where it is, on what the record holds): offered at every
#: stage (casefile.acts.allowed_now).
STAGES = ANY_STAGE


class WithdrawObjection(ActIn):
    """Party ``party`` withdraws its objection number ``number`` in election ``election``
    (default: the latest); ``date``: the day of the withdrawal (default: the moment it is
    recorded). ``why`` is required (the party's reason, or "withdrawn at the hearing")."""

    act: Literal["withdraw-objection"] = "withdraw-objection"
    WHOSE: ClassVar[Whose] = Whose.party("party")
    party: PartyKey
    number: int = Field(ge=1, le=10_000, strict=True)
    why: Why


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """A withdrawal issues no document (none is issued again)."""
    return issues_of(session, ref)


def objection_of(session: Session, case: Case, election: Election, party_key: str, number: int) -> tuple[Party, Objection]:
    """The party and its objection ``number`` in the election. Raises UnknownRecord naming the
    field (``party``, ``number``) and listing the party's objection numbers."""
    try:
        party = get_party(session, case, party_key)
    except UnknownRecord as exc:
        raise UnknownRecord(str(exc), field="party") from None
    objections = list(session.exec(select(Objection).where(Objection.election_id == election.id,
                                                           Objection.party_id == party.id)
                                   .order_by(col(Objection.number))))
    for objection in objections:
        if objection.number == number:
            return party, objection
    have = f"{objections[0].number} to {objections[-1].number}" if objections else "none"
    raise UnknownRecord(f"{party.name} has no objection {number} in election {election.sequence} of {case.number} "
                        f"(its objections: {have})", field="number")


def allowed_now(session: Session, case: Case, as_of: datetime | None = None, *, party: Party | None = None) -> bool:
    """Whether ``party`` (else some party) has an objection in the latest election it may withdraw
    now: the rule perform() applies (withdrawable)."""
    return any(_passes(withdrawable, o) for o in objections_in_latest(session, case, party))


def objections_in_latest(session: Session, case: Case, party: Party | None) -> list[tuple[Party, Objection]]:
    """The objections of ``party`` (else of every party) in the case's latest election, with their party."""
    try:
        election = election_for(session, case, None, lock=False)
    except UnknownRecord:
        return []
    query = select(Party, Objection).join(Objection, col(Objection.party_id) == col(Party.id)) \
        .where(Objection.election_id == election.id)
    if party is not None:
        query = query.where(Objection.party_id == party.id)
    return [(p, o) for p, o in session.exec(query.order_by(col(Objection.number)))]


def _passes(rule: object, found: tuple[Party, Objection]) -> bool:
    from casefile.errors import ProcedureError

    party, objection = found
    try:
        rule(objection.disposition, number=objection.number, party=party.name)  # type: ignore[operator]
    except ProcedureError:
        return False
    return True


def perform(session: Session, act: WithdrawObjection, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record the withdrawal and say what is left to decide.

    Refused, storing nothing: a party or objection the election does not have (UnknownRecord); an
    objection already withdrawn or already ruled on (ProcedureError, field ``number``); a withdrawal
    dated before the objection was filed (BadInput, field ``date``). A retry returns the first
    result. Authority: 29 CFR 102.69(a)(8), (c); NLRB Casehandling Manual, Part Two.
    """
    lock(session, case)
    election = election_for(session, case, act.election)
    party, objection = objection_of(session, case, election, act.party, act.number)
    target = RowKey.of(objection)
    key = correction_key(act.act, target, {"disposition": Disposition.WITHDRAWN.value}, act.why)
    if (done := found_again(session, case, key, holds=lambda: objection.disposition is Disposition.WITHDRAWN,
                            act=act.act)) is not None:
        return done
    withdrawable(objection.disposition, number=objection.number, party=party.name)
    on = act.legal_date(case, as_of)
    filing = session.get(Filing, objection.filing_id)
    assert filing is not None
    if on < filing.received_on:
        raise BadInput(f"the withdrawal is dated {on.isoformat()}, before objection {objection.number} was filed "
                       f"({filing.received_on.isoformat()})", field="date")
    old = objection.disposition
    objection.disposition = Disposition.WITHDRAWN
    objection.disposition_reason = f"withdrawn by {party.name} on {on.isoformat()}: {why_of(act.why)}"
    session.add(objection)
    session.flush()
    left = session.exec(select(Objection).where(Objection.election_id == election.id,
                                                col(Objection.disposition).in_(UNDECIDED))).all()
    consequences = []
    if old is Disposition.SET_FOR_HEARING:
        consequences.append(f"Objection {objection.number} was set for hearing: the withdrawal is for the hearing "
                            "officer or the Regional Director to approve.")
    if filing.kind == FilingKind.OBJECTIONS and session.exec(select(Filing.id).where(Filing.accompanies_id == filing.id)).first():
        consequences.append("The offer of proof filed with these objections stays in the record (confidential).")
    to = _moved_to(session, election, as_of) if not left and election.stage is Stage.OBJECTIONS_PENDING else None
    if left:
        consequences.append(f"{len(left)} objection(s) of election {election.sequence} remain to be decided.")
    elif to is not None:
        consequences.append(f"No objection of election {election.sequence} remains to be decided: nothing is pending "
                            f"before the Regional Director; the election moves to stage “{STAGE_NAMES[to]}”.")
    else:
        consequences.append(f"No objection of election {election.sequence} remains to be decided: the election stays "
                            f"at stage “{STAGE_NAMES[election.stage]}”; the Regional Director's next act (a certification, an "
                            "order cancelling the hearing) is recorded by its own act.")
    consequences.append("No document is issued again: the objections stand as filed.")
    done = record_correction(
        session, case, act=act.act, key=key, target=target, election=election,
        changes=[Change(f"objection {objection.number} disposition", old.value, Disposition.WITHDRAWN.value)],
        why=act.why, head=f"Objection {objection.number} of {party.name} withdrawn", consequences=consequences,
        reissue=[], moved=[], occurred_on=on, as_of=as_of)
    if to is not None:
        from casefile.record.deadlines import close_open_deadlines
        from casefile.record.workflow import advance

        advance(session, election, to, as_of=as_of, occurred_on=on, act=act.docket_act, act_key=f"{key}:stage",
                actor=Actor.PARTY, summary=f"Every objection of election {election.sequence} withdrawn (the last, "
                f"objection {objection.number} of {party.name}): nothing is pending before the Regional Director "
                "(29 CFR 102.69(a)(8))")
        close_open_deadlines(session, election, {DeadlineKind.OFFER_OF_PROOF}, status=DeadlineStatus.MOOTED, as_of=as_of,
                             on=on, reason="mooted: every objection withdrawn, no offer of proof is due (29 CFR "
                             "102.69(a)(8))")
        if to in (Stage.CERTIFICATION_DUE, Stage.RUNOFF_DUE):
            close_open_deadlines(session, election, {DeadlineKind.HEARING_OPENS}, status=DeadlineStatus.MOOTED,
                                 as_of=as_of, legal_on=on)
        session.flush()
    return done


def _moved_to(session: Session, election: Election, as_of: datetime) -> Stage | None:
    """Where the withdrawal of the last undecided objection moves ``election`` (pending objections): the stage
    table's row (casefile.rules.stages.after_withdrawal), the latest (revised) tally's objection period still
    running at ``as_of`` (its cut-off ahead, not mooted) or not. Authority: 29 CFR 102.69(a)(8), (b), (e)."""
    from casefile.record.models import Deadline
    from casefile.record.stage_facts import stage_facts

    periods = session.exec(select(Deadline).where(
        Deadline.election_id == election.id,
        col(Deadline.kind).in_([DeadlineKind.OBJECTIONS, DeadlineKind.REVISED_TALLY_OBJECTIONS]))
        .order_by(col(Deadline.trigger_on), col(Deadline.id))).all()
    latest = periods[-1] if periods else None
    running = None
    if latest is not None and latest.status is not DeadlineStatus.MOOTED and latest.cutoff_at >= as_of:
        running = (Guard.WITHDRAWN_IN_REVISED_PERIOD if latest.kind is DeadlineKind.REVISED_TALLY_OBJECTIONS
                   else Guard.WITHDRAWN_IN_PERIOD)
    return after_withdrawal(stage_facts(session, election), period_running=running)
