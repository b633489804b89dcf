"""The Regional Director's order postponing (or advancing) a noticed post-election hearing.

The Regional Director sets the hearing "for a date 15 business days after the preparation of the
tally of ballots or as soon as practicable thereafter, unless the parties agree to an earlier date"
(29 CFR 102.69(c)(1)(ii)); the Region may move the date it noticed by a further order (a
postponement on a party's motion or its own). The noticed date is kept (``Hearing.noticed_opens_on``)
and the new one is its own (``Hearing.opens_on``), so the procedural history tells both: the notice
"set the hearing to open on May 23, 2022", the order "rescheduled it to June 13, 2022". Real case:
Amazon JFK8 (29-RC-288020), noticed for Monday 2022-05-23, opened Monday 2022-06-13
(examples/amazon-jfk8-29-RC-288020.yaml). The hearing-opens target is not moved: it is the rule's
date (15 business days after the tally); a hearing opened after it is ``met-late`` (R-I3).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar, Literal

from sqlmodel import Session

from casefile.acts.base import (
    ActIn,
    Done,
    Issue,
    LegalDate,
    Line,
    Paragraph,
    Text,
    Who,
    again,
    content_key,
    election_for,
    recorded,
)
from casefile.acts.chronology import refuse_if_before
from casefile.acts.hearing_parts import current_hearing
from casefile.acts.order_parts import order_ref, store_order
from casefile.errors import BadInput
from casefile.record.authority import REGION, Whose
from casefile.record.models import Case
from casefile.record.refs import Ref
from casefile.record.workflow import docket, require_stage
from casefile.rules.chronology import Earlier
from casefile.rules.stages import accepted_at
from casefile.vocab import Actor, OrderKind

#: The order that reschedules a hearing, as stored (AgencyOrder.kind).
RESCHEDULE = OrderKind.HEARING_RESCHEDULED
#: A noticed hearing that has not opened (require_stage below); the web and the API offer the act only then.
STAGES = accepted_at("reschedule-hearing")


class RescheduleHearing(ActIn):
    """The order: ``date`` its date, ``opens_on`` the date the hearing is now set to open, ``order`` the
    order in words (who made it, on whose motion), ``reason`` why (as the order states it), ``issuer``
    the Regional Director who signed it ("" when the record does not say)."""

    act: Literal["reschedule-hearing"] = "reschedule-hearing"
    WHOSE: ClassVar[Whose] = REGION
    opens_on: LegalDate
    order: Text
    reason: Paragraph = ""
    issuer: Line = ""


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The order is told in the procedural history of the documents that follow; it issues no document
    of its own (an Order Rescheduling Hearing is not among casefile's documents yet)."""
    return ()


def _long(day: date) -> str:
    from casefile.rules.calendar import weekday_date

    return weekday_date(day)


def perform(session: Session, act: RescheduleHearing, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Move the noticed hearing to ``opens_on``, keeping the date the notice set.

    The election must be at hearing-noticed (the hearing has not opened). The hearing's ``opens_on``
    becomes the new date; ``noticed_opens_on`` (the notice's) is never changed; the order is stored
    (AgencyOrder, kind hearing-rescheduled: from, to, order, reason) and docketed, naming both dates.
    Refused (nothing stored): the same date as the one set (BadInput, field ``opens_on``); an order
    dated before the notice, or a new date before the order (NotAllowedNow); IllegalTransition
    (stage); UnknownRecord (no hearing noticed). Idempotent on (election, order's date, new date, order).
    Authority: 29 CFR 102.69(c)(1)(ii); rules.md R-I3.
    """
    election = election_for(session, case, act.election)
    ordered_on = act.legal_date(case, as_of)
    order = " ".join(act.order.split())
    key = content_key(f"reschedule-hearing:e{election.sequence}", ordered_on, act.opens_on, order)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, ())
    require_stage(election, "rescheduling the hearing", STAGES)
    hearing = current_hearing(session, case, election)
    refuse_if_before("the order rescheduling the hearing", ordered_on,
                     [Earlier("the hearing was noticed", hearing.noticed_on)])
    refuse_if_before("the hearing's new opening", act.opens_on, [Earlier("the order rescheduling it issued", ordered_on)],
                     field="opens_on", verb="is set for")
    before = hearing.opens_on
    if before == act.opens_on:
        raise BadInput(f"the hearing is already set to open on {act.opens_on.isoformat()}: an order rescheduling it names "
                       "another date", field="opens_on")
    noticed = hearing.noticed_opens_on if hearing.noticed_opens_on is not None else before
    if hearing.noticed_opens_on is None:
        hearing.noticed_opens_on = before
    hearing.opens_on = act.opens_on
    session.add(hearing)
    verb = "postponed" if before is None or act.opens_on > before else "advanced"
    stored = store_order(session, case, kind=RESCHEDULE, issued_on=ordered_on, election_id=election.id, uncertain=act.uncertain,
                         issuer=" ".join(act.issuer.split()), hearing_id=hearing.id,
                         from_opens_on=before.isoformat() if before else None, to_opens_on=act.opens_on.isoformat(),
                         noticed_opens_on=noticed.isoformat() if noticed else None, order=order, reason=act.reason)
    summary = (f"Hearing {verb}: set to open {_long(act.opens_on)}"
               + (f", not {_long(before)}" if before else "")
               + (f" (the Notice of Hearing set {_long(noticed)})" if noticed and noticed != before else "")
               + f", by order: {order}")
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=ordered_on,  # type: ignore[arg-type]
                   act=act.docket_act, act_key=key, actor=Actor.REGIONAL_DIRECTOR, summary=summary, ref=order_ref(stored))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, summary=summary)
