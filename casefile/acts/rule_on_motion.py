"""The ruling on a party's motion during the proceeding: granted, denied or granted in part, by the hearing
officer (at the hearing), the Regional Director or the Board (29 CFR 102.65(a), (c)). Real case: Amazon
JFK8 (29-RC-288020), the Employer's motion to close the hearing to the public, denied by the hearing
officer. The ruling is stored as an order (AgencyOrder kind ``motion-ruling``) naming the motion; it
moves no stage: what a ruling orders (a postponement, an extension) is its own act.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, ClassVar, Literal

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import ANY_STAGE, ActIn, Done, Issue, Line, Paragraph, Who, again, content_key, election_for, recorded
from casefile.acts.chronology import refuse_if_before
from casefile.acts.order_parts import order_ref, store_order
from casefile.errors import ProcedureError, UnknownRecord
from casefile.record.authority import ActorKind, Whose
from casefile.record.models import Case, Filing
from casefile.record.orders import AgencyOrder
from casefile.record.refs import Ref
from casefile.record.workflow import docket
from casefile.rules.chronology import Earlier
from casefile.vocab import Actor, FilingKind, OrderKind

#: The stored ruling (AgencyOrder.kind).
MOTION_RULING = OrderKind.MOTION_RULING
#: Any stage: refused where no motion is pending.
STAGES = ANY_STAGE

_ACTORS = {"hearing officer": Actor.HEARING_OFFICER, "Regional Director": Actor.REGIONAL_DIRECTOR, "Board": Actor.BOARD}


class RuleOnMotion(ActIn):
    """The ruling: ``motion`` the motion's filing id (default: the latest motion not ruled on in the
    election), ``ruling`` granted, denied or granted-in-part, ``by`` who ruled (default: the one the motion
    was addressed to), ``reason`` as stated; ``date`` the ruling's date."""

    act: Literal["rule-on-motion"] = "rule-on-motion"
    WHOSE: ClassVar[Whose] = Whose.ruled_by("by", {"Board": ActorKind.BOARD, "hearing officer": ActorKind.HEARING_OFFICER})
    motion: Annotated[int, Field(ge=1, strict=True)] | None = None
    ruling: Literal["granted", "denied", "granted-in-part"]
    by: Literal["hearing officer", "Regional Director", "Board"] | None = None
    reason: Paragraph = ""
    issuer: Line = ""


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """A ruling on a motion is told in the procedural history; it issues no document of its own."""
    return ()


def _ruled(session: Session, case: Case) -> set[int]:
    return {int(o.body.get("motion_id", 0)) for o in session.exec(select(AgencyOrder).where(
        AgencyOrder.case_id == case.id, AgencyOrder.kind == MOTION_RULING))}


def perform(session: Session, act: RuleOnMotion, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record the ruling on the motion named (or the election's latest motion not yet ruled on).

    Refused (nothing stored): no such motion in the case (UnknownRecord, field ``motion``); none pending
    in the election, or the motion already ruled on (ProcedureError); a ruling dated before the motion
    (OutOfOrder). Docketed as the act of who ruled. Idempotent on (motion, ruling, date).
    Authority: 29 CFR 102.65(a), (c)."""
    election = election_for(session, case, act.election)
    ruled_on = act.legal_date(case, as_of)
    done = _ruled(session, case)
    if act.motion is not None:
        motion = session.get(Filing, act.motion)
        if motion is None or motion.case_id != case.id or motion.kind != FilingKind.MOTION:
            raise UnknownRecord(f"no motion {act.motion} in {case.number}", field="motion")
    else:
        motions = list(session.exec(select(Filing).where(Filing.election_id == election.id, Filing.kind == FilingKind.MOTION)
                                    .order_by(col(Filing.id).desc())))
        for made in motions:  # the same ruling recorded again (its motion is no longer pending) is found
            if (entry := recorded(session, case, content_key(f"rule-on-motion:{made.id}", act.ruling, ruled_on))):
                return again(entry, act.act, ())
        pending = [f for f in motions if f.id not in done]
        if not pending:
            raise ProcedureError(f"no motion is pending in election {election.sequence} of {case.number}", field="motion")
        motion = pending[0]
    key = content_key(f"rule-on-motion:{motion.id}", act.ruling, ruled_on)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, ())
    if motion.id in done:
        raise ProcedureError(f"the motion {motion.id} ({motion.body[0]['subject']}) was already ruled on", field="motion")
    refuse_if_before("the ruling on the motion", ruled_on, [Earlier("the motion was made", motion.received_on)])
    head = motion.body[0]
    who = act.by or head.get("to", "Regional Director")
    stored = store_order(session, case, kind=MOTION_RULING, issued_on=ruled_on, election_id=motion.election_id,
                         issuer=" ".join(act.issuer.split()), motion_id=motion.id, subject=head["subject"],
                         ruling=act.ruling, by=who, reason=act.reason)
    summary = f"Motion {head['subject']} {act.ruling.replace('-', ' ')} by the {who}" + (
        f": {act.reason}" if act.reason else "")
    entry = docket(session, case.id, election_id=motion.election_id, as_of=as_of, occurred_on=ruled_on,  # type: ignore[arg-type]
                   act=act.docket_act, act_key=key, actor=_ACTORS[who], summary=summary, ref=order_ref(stored))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, summary=summary)
