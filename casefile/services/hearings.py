"""The hearing on objections and challenged ballots: notice, opening, closing, and consolidation
with an unfair-labor-practice case before an Administrative Law Judge."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime

from sqlmodel import Session, col, select

from casefile.errors import ProcedureError, UnknownRecord
from casefile.record.models import Election, Hearing, Objection, Party
from casefile.record.deadlines import close_open_deadlines
from casefile.record.lookups import get_case, get_election, latest_tally
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, Disposition, Stage
from casefile.record.workflow import advance, already_done, ref_id, require_stage


@dataclass(frozen=True)
class HearingIn:
    """What a notice of hearing (or a consolidation order) sets.

    ``objections``: party handle → objection numbers set for hearing; None sets every pending
    objection. ``challenges``: whether the determinative challenged ballots are set too.
    """

    issued_on: date
    opens_on: date | None = None
    place: str = ""
    presiding: str = ""
    objections: Mapping[str, Sequence[int]] | None = None
    challenges: bool = False
    ulp_cases: tuple[str, ...] = field(default_factory=tuple)
    note: str = ""


def pending_objections(session: Session, election: Election) -> list[Objection]:
    """The election's objections still undecided (pending or set for hearing), by party then number."""
    return list(session.exec(
        select(Objection).where(
            Objection.election_id == election.id,
            col(Objection.disposition).in_([Disposition.PENDING, Disposition.SET_FOR_HEARING]),
        ).order_by(col(Objection.party_id), col(Objection.number))
    ))


def _set_for_hearing(session: Session, election: Election, selection: Mapping[str, Sequence[int]] | None) -> list[int]:
    pending = pending_objections(session, election)
    if selection is None:
        chosen = pending
    else:
        keys = {p.id: p.key for p in session.exec(select(Party).where(Party.case_id == election.case_id))}
        chosen = []
        for party_key, numbers in selection.items():
            for number in numbers:
                match = [o for o in pending if keys.get(o.party_id) == party_key and o.number == number]
                if not match:
                    raise UnknownRecord(f"no pending objection {number} of party {party_key!r} in election {election.sequence}")
                chosen.extend(match)
    for objection in chosen:
        objection.disposition = Disposition.SET_FOR_HEARING
        session.add(objection)
    return [o.id for o in chosen]  # type: ignore[misc]


def notice_hearing(session: Session, *, case_number: str, hearing_in: HearingIn, election_sequence: int | None = None,
                   as_of: datetime) -> Hearing:
    """Record the Regional Director's Notice of Hearing on Objections (and Challenged Ballots).

    The hearing is set for 15 business days after the tally or as soon as practicable (R-I3);
    the notice goes to the parties and their representatives (R-I2). Election must be at
    objections-pending or challenge-investigation. Raises IllegalTransition, ProcedureError
    (nothing to hear), UnknownRecord. Authority: 29 CFR 102.69(c)(1)(ii).
    """
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    act_key = f"notice-hearing:e{election.sequence}:{hearing_in.issued_on.isoformat()}"
    if (entry := already_done(session, case.id, act_key)) is not None:  # type: ignore[arg-type]
        return _hearing(session, ref_id(entry, "hearing"))
    require_stage(election, "a notice of hearing", {Stage.OBJECTIONS_PENDING, Stage.CHALLENGE_INVESTIGATION, Stage.RD_DECISION})
    set_ids = _set_for_hearing(session, election, hearing_in.objections)
    challenges = hearing_in.challenges
    tally = latest_tally(session, election)
    if challenges and not (tally and tally.determinative):
        raise ProcedureError("challenged ballots can be set for hearing only when they are determinative (R-E2, R-I2)")
    if not set_ids and not challenges:
        raise ProcedureError("a hearing needs objections or determinative challenged ballots to hear")
    hearing = Hearing(election_id=election.id, noticed_on=hearing_in.issued_on, opens_on=hearing_in.opens_on,  # type: ignore[arg-type]
                      place=hearing_in.place, presiding=hearing_in.presiding, objections_set=set_ids,
                      challenges_set=challenges, note=hearing_in.note)
    session.add(hearing)
    session.flush()
    what = f"{len(set_ids)} objections" + (" and the challenged ballots" if challenges else "")
    opens = hearing_in.opens_on.isoformat() if hearing_in.opens_on else "date not in record"
    advance(session, election, Stage.HEARING_NOTICED, as_of=as_of, occurred_on=hearing_in.issued_on,
            act="notice-hearing", act_key=act_key, actor=Actor.REGIONAL_DIRECTOR,
            summary=f"Notice of Hearing on {what}; hearing opens {opens}", ref=f"hearing:{hearing.id}")
    return hearing


def _hearing(session: Session, hearing_id: int) -> Hearing:
    hearing = session.get(Hearing, hearing_id)
    if hearing is None:
        raise UnknownRecord(f"no hearing {hearing_id}")
    return hearing


def current_hearing(session: Session, election: Election) -> Hearing:
    hearing = session.exec(select(Hearing).where(Hearing.election_id == election.id).order_by(col(Hearing.id).desc())).first()
    if hearing is None:
        raise UnknownRecord(f"election {election.sequence} has no hearing")
    return hearing


def open_hearing(session: Session, *, case_number: str, opened_on: date, election_sequence: int | None = None,
                 as_of: datetime) -> Hearing:
    """Record that the hearing opened (R-J1: it runs day to day until finished). Authority: 102.69(c)(1)(iii)."""
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    act_key = f"open-hearing:e{election.sequence}:{opened_on.isoformat()}"
    if (entry := already_done(session, case.id, act_key)) is not None:  # type: ignore[arg-type]
        return _hearing(session, ref_id(entry, "hearing"))
    require_stage(election, "opening the hearing", {Stage.HEARING_NOTICED})
    hearing = current_hearing(session, election)
    hearing.opens_on = opened_on
    session.add(hearing)
    close_open_deadlines(session, election, {DeadlineKind.HEARING_OPENS}, status=DeadlineStatus.MET, as_of=as_of,
                         on=opened_on)  # met late when it opened after its target (R-I3)
    advance(session, election, Stage.HEARING_OPEN, as_of=as_of, occurred_on=opened_on, act="open-hearing",
            act_key=act_key, actor=Actor.HEARING_OFFICER, summary=f"Hearing opened {opened_on.isoformat()}",
            ref=f"hearing:{hearing.id}")
    return hearing


def close_hearing(session: Session, *, case_number: str, closed_on: date, election_sequence: int | None = None,
                  as_of: datetime) -> Hearing:
    """Record that the hearing closed. Authority: 102.69(c)(1)(iii)."""
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    act_key = f"close-hearing:e{election.sequence}:{closed_on.isoformat()}"
    if (entry := already_done(session, case.id, act_key)) is not None:  # type: ignore[arg-type]
        return _hearing(session, ref_id(entry, "hearing"))
    require_stage(election, "closing the hearing", {Stage.HEARING_OPEN})
    hearing = current_hearing(session, election)
    hearing.closed_on = closed_on
    session.add(hearing)
    advance(session, election, Stage.HEARING_CLOSED, as_of=as_of, occurred_on=closed_on, act="close-hearing",
            act_key=act_key, actor=Actor.HEARING_OFFICER, summary=f"Hearing closed {closed_on.isoformat()}",
            ref=f"hearing:{hearing.id}")
    return hearing


def consolidate_with_ulp(session: Session, *, case_number: str, hearing_in: HearingIn, election_sequence: int | None = None,
                         as_of: datetime) -> Hearing:
    """Record the Regional Director's order consolidating objections and challenged ballots with an
    unfair-labor-practice case for hearing before an Administrative Law Judge (R-I4).

    For stipulated or directed elections exceptions to the ALJ's decision then go to the Board
    (102.46); for consent elections the ALJ severs the R case back to the RD. Raises
    IllegalTransition, ProcedureError (no ULP case named), UnknownRecord.
    Authority: 29 CFR 102.69(c)(1)(ii), (c)(2); rules.md R-I4, R-R3.
    """
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    act_key = f"consolidate:e{election.sequence}:{hearing_in.issued_on.isoformat()}"
    if (entry := already_done(session, case.id, act_key)) is not None:  # type: ignore[arg-type]
        return _hearing(session, ref_id(entry, "hearing"))
    require_stage(election, "consolidation with an unfair-labor-practice case",
                  {Stage.OBJECTIONS_PENDING, Stage.CHALLENGE_INVESTIGATION, Stage.HEARING_NOTICED})
    if not hearing_in.ulp_cases:
        raise ProcedureError("consolidation needs the unfair-labor-practice case(s) it joins (R-I4)")
    set_ids = _set_for_hearing(session, election, hearing_in.objections)
    tally = latest_tally(session, election)
    if hearing_in.challenges and not (tally and tally.determinative):
        raise ProcedureError("challenged ballots can be set for hearing only when they are determinative (R-E2, R-I2)")
    hearing = Hearing(election_id=election.id, noticed_on=hearing_in.issued_on, opens_on=hearing_in.opens_on,  # type: ignore[arg-type]
                      place=hearing_in.place, presiding=hearing_in.presiding, before_alj=True,
                      ulp_cases=list(hearing_in.ulp_cases), objections_set=set_ids,
                      challenges_set=hearing_in.challenges, note=hearing_in.note)
    session.add(hearing)
    session.flush()
    close_open_deadlines(session, election, {DeadlineKind.HEARING_OPENS}, status=DeadlineStatus.MET, as_of=as_of,
                         on=hearing_in.opens_on)  # met late when set to open after its target (R-I3)
    what = f"{len(set_ids)} objections" + (" and the challenged ballots" if hearing_in.challenges else "")
    advance(session, election, Stage.ALJ_CONSOLIDATED, as_of=as_of, occurred_on=hearing_in.issued_on,
            act="consolidate-with-ulp", act_key=act_key, actor=Actor.REGIONAL_DIRECTOR,
            summary=f"Order consolidating {what} with {', '.join(hearing_in.ulp_cases)} for hearing before an "
            "Administrative Law Judge", ref=f"hearing:{hearing.id}")
    return hearing
