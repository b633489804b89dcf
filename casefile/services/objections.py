"""Filing objections to the conduct of an election, with the offer of proof (102.69(a)(8))."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from sqlmodel import Session

from casefile.errors import CasefileError, ProcedureError
from casefile.record.models import Filing, Objection
from casefile.rules.deadlines import check_timely
from casefile.record.deadlines import close_open_deadlines, compute_for_case
from casefile.record.lookups import deadline_of, get_case, get_election, get_party, latest_tally, parties_of
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, FilingMethod, Stage, TallyKind
from casefile.record.workflow import advance, already_done, docket, ref_id, require_stage


@dataclass(frozen=True)
class Witness:
    """One witness of an offer of proof: whom, and a summary of the expected testimony (102.66(c))."""

    objection: int
    name: str
    summary: str


@dataclass(frozen=True)
class ObjectionsIn:
    """A party's objections as filed.

    ``received_at``: the aware instant the Region received them; when the record gives only the
    date, leave it None and give ``received_on`` (timeliness is then judged by the date alone and
    the docket says so). ``statements``: the numbered objections' short statements of reasons.
    """

    party: str
    statements: tuple[str, ...]
    received_on: date
    received_at: datetime | None = None
    method: FilingMethod = FilingMethod.E_FILING
    postmarked_on: date | None = None
    offer_of_proof: tuple[Witness, ...] = field(default_factory=tuple)
    note: str = ""


def file_objections(
    session: Session, *, case_number: str, objections_in: ObjectionsIn, election_sequence: int | None = None,
    as_of: datetime,
) -> Filing:
    """File a party's objections (and its offer of proof) in the election's objection period.

    Timeliness first (R-G3, R-B9): received by the cut-off instant of the objections deadline,
    11:59 p.m. in the receiving office's zone on the 5th business day after the tally; the period
    cannot be extended (R-G6). Then the stage: the election must be at tally-issued or
    objections-pending. The objections are served on every other party with a certificate of
    service; the offer of proof goes to the Regional Director only (R-G7). Idempotent on
    (election, party, receipt). Raises UntimelyFiling (naming due date, cut-off and rule),
    IllegalTransition, ProcedureError, UnknownCase, UnknownRecord.
    Authority: 29 CFR 102.69(a)(8); 102.2(a),(b); 102.5.
    """
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    party = get_party(session, case, objections_in.party)
    received = objections_in.received_at.isoformat() if objections_in.received_at else objections_in.received_on.isoformat()
    act_key = f"objections:e{election.sequence}:{party.key}:{received}"
    if (entry := already_done(session, case.id, act_key)) is not None:  # type: ignore[arg-type]
        filing = session.get(Filing, ref_id(entry, "filing"))
        assert filing is not None
        return filing
    if not objections_in.statements:
        raise ProcedureError("objections must state at least one objection (102.69(a)(8))")
    numbers = range(1, len(objections_in.statements) + 1)
    for w in objections_in.offer_of_proof:
        if w.objection not in numbers:
            raise ProcedureError(f"offer of proof: witness {w.name!r} is offered on objection {w.objection}, but the "
                                 f"objections are numbered 1 to {len(objections_in.statements)} (102.69(a)(8), 102.66(c))")
    if objections_in.received_at is not None and objections_in.received_at.tzinfo is None:
        raise CasefileError("received_at must be timezone-aware (e.g. 2021-04-16T16:00:00-05:00)")
    tally = latest_tally(session, election)
    kind = DeadlineKind.REVISED_TALLY_OBJECTIONS if tally is not None and tally.kind is TallyKind.REVISED else DeadlineKind.OBJECTIONS
    deadline = deadline_of(session, election, kind)
    if deadline is None:
        raise ProcedureError(f"election {election.sequence} of {case.number} has no objection period open")
    computed = compute_for_case(case, kind, deadline.trigger_on)
    note = objections_in.note
    if objections_in.received_at is not None:
        check_timely(objections_in.received_at, computed, method=objections_in.method,
                     postmarked_on=objections_in.postmarked_on, what=f"objections of {party.name}")
    else:
        if objections_in.received_on > computed.due_on and not (
            objections_in.postmarked_on and objections_in.postmarked_on < computed.due_on
            and objections_in.method is FilingMethod.PAPER
        ):
            from casefile.errors import UntimelyFiling

            raise UntimelyFiling(
                f"objections of {party.name} received {objections_in.received_on.isoformat()} are untimely: due "
                f"{computed.due_on.isoformat()}, cut-off {computed.cutoff_at.isoformat()} ({computed.citation}); "
                "the objection period cannot be extended (R-G6)"
            )
        note = (note + " " if note else "") + "Time of receipt not in the record; timeliness judged by the date received."
    # A timely filing recorded after the sweep moved the election on (the sweep did not know of it)
    # is still accepted: it takes the election back to objections-pending.
    require_stage(election, "filing objections", {Stage.TALLY_ISSUED, Stage.OBJECTIONS_PENDING, Stage.REVISED_TALLY_ISSUED,
                                                  Stage.CERTIFICATION_DUE, Stage.CHALLENGE_INVESTIGATION, Stage.RUNOFF_DUE})
    others = [p for p in parties_of(session, case) if p.id != party.id]
    served = [{"party": p.name, "representative": p.representative, "manner": "email" if p.email else "[manner not in record]",
               "address": p.email or p.address, "served_on": objections_in.received_on.isoformat()} for p in others]
    filing = Filing(
        case_id=case.id, election_id=election.id, party_id=party.id, kind="objections",  # type: ignore[arg-type]
        received_at=objections_in.received_at, received_on=objections_in.received_on, method=objections_in.method,
        deadline_id=deadline.id, timely=True, timeliness_note=f"due {computed.due_on.isoformat()}, cut-off "
        f"{computed.cutoff_at.isoformat()} ({computed.citation})", served_on=served, note=note,
    )
    session.add(filing)
    session.flush()
    for number, statement in enumerate(objections_in.statements, start=1):
        session.add(Objection(election_id=election.id, filing_id=filing.id, party_id=party.id,  # type: ignore[arg-type]
                              number=number, text=statement))
    offer_deadline = deadline_of(session, election, DeadlineKind.OFFER_OF_PROOF)
    offer = Filing(
        case_id=case.id, election_id=election.id, party_id=party.id, kind="offer-of-proof",  # type: ignore[arg-type]
        received_at=objections_in.received_at, received_on=objections_in.received_on, method=objections_in.method,
        deadline_id=offer_deadline.id if offer_deadline is not None and kind is DeadlineKind.OBJECTIONS else deadline.id, timely=True, confidential=True, served_on=[],
        body=[{"objection": w.objection, "witness": w.name, "summary": w.summary} for w in objections_in.offer_of_proof],
        note="Confidential: submitted to the Regional Director only, not served on other parties (102.69(a)(8)).",
    )
    session.add(offer)
    session.flush()
    close_open_deadlines(session, election, {DeadlineKind.EARLIEST_CERTIFICATION}, status=DeadlineStatus.MOOTED,
                         as_of=as_of)  # objections filed: no certification forthwith (R-H1)
    summary = (f"Objections of {party.name} ({len(objections_in.statements)} objection{'s' if len(objections_in.statements) != 1 else ''}) and offer of proof "
               f"received {received}")
    if election.stage is not Stage.OBJECTIONS_PENDING:
        advance(session, election, Stage.OBJECTIONS_PENDING, as_of=as_of, occurred_on=objections_in.received_on,
                act="file-objections", act_key=act_key, actor=Actor.PARTY, summary=summary, ref=f"filing:{filing.id}")
    else:
        docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=objections_in.received_on,  # type: ignore[arg-type]
               act="file-objections", act_key=act_key, actor=Actor.PARTY, summary=summary, ref=f"filing:{filing.id}")
    return filing
