"""An order fixing or extending a deadline's date (the Regional Director's, or the Board's for a
filing the Board receives): e.g. the Regional Director extends the time to file the offer of
proof (R-G5) or the exceptions. The date it fixes is never recomputed afterwards.

The order may be made before or after the original due date (a request for an extension is due
by that date, 102.2(c), but may be granted later; a late filing may be accepted on excusable
neglect, 102.2(d)), and on a period already met or lapsed. The objections period itself cannot
be extended (102.69(a)(8); R-G6).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import (
    ANY_STAGE,
    ActIn,
    Done,
    Flag,
    InRecordIn,
    Issue,
    LegalDate,
    PartyKey,
    Text,
    Who,
    again,
    content_key,
    recorded,
)
from casefile.acts.chronology import refuse_if_before
from casefile.acts.order_parts import order_issues, order_ref, store_order
from casefile.acts.party_filing import find_deadline
from casefile.documents.kinds.order_extending_time import OrderExtendingTime
from casefile.errors import BadInput
from casefile.record.authority import REGION, Whose
from casefile.record.deadlines import follow_extension
from casefile.record.lookups import get_party, parties_of
from casefile.record.models import Case, Filing
from casefile.record.orders import EXTENSION
from casefile.record.refs import Ref
from casefile.record.workflow import docket
from casefile.rules.calendar import clock_label, day_label, long_date
from casefile.rules.chronology import Earlier, period_opened
from casefile.rules.deadlines import NOUNS
from casefile.rules.extensions import (
    check_extendable,
    cutoff_of_fixed_date,
    fixed_date_warnings,
    missing_request_warning,
    status_after_order,
)
from casefile.rules.offer_of_proof import offer_period_words
from casefile.rules.offices import BOARD_OFFICE, office_named
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, DocketActName, FilingKind

#: Why a responsive period moves with the one it runs from (the rule texts' words: "from the last date on
#: which exceptions ... may be filed", "after the last day on which the request for review must be filed").
_RESPONSIVE_RULE = {
    DeadlineKind.ANSWERING_BRIEF: "29 CFR 102.69(c)(1)(iii), 102.2(a)",
    DeadlineKind.RFR_OPPOSITION: "29 CFR 102.67(f), 102.2(a)",
}

#: Not bound to the election's stage (refused, where it is, on what the record holds): offered at every
#: stage (casefile.acts.allowed_now).
# What an extension order of a Region that is not in the public record adds to the stored order.
_NO_GAP: dict[str, Any] = {}
_REGION_NOT_PUBLIC: dict[str, Any] = {"issuer_region_public": False}

STAGES = ANY_STAGE


class PinDeadline(ActIn, InRecordIn):
    """The order: ``deadline`` the deadline's id (as ``casefile deadlines`` lists it) — or ``kind``,
    the period of that kind in the election named (default the latest; a scenario cannot know ids) —,
    ``party`` whose period it is for an offer of proof (each objecting party has its own; needed by kind
    when several parties objected), ``due`` the date the order fixes, ``order`` the order itself in words ("RD order of 2021-08-12
    granting extension"); ``date``: the order's date (default: the day it is recorded). ``issuer_region_public``
    False: which Region's Regional Director issued the order is not in the public record (a case transferred
    about then); ``date_public``, ``inferred_from``: casefile.acts.base.InRecordIn."""

    act: Literal["pin-deadline"] = "pin-deadline"
    WHOSE: ClassVar[Whose] = REGION
    deadline: Annotated[int, Field(ge=1, strict=True)] | None = None
    kind: DeadlineKind | None = None
    party: PartyKey | None = None  # whose offer of proof, by kind, when several parties objected (102.69(a)(8))
    due: LegalDate
    order: Text
    issuer_region_public: Flag = True


def period_words(deadline: Any, names: dict[str, str]) -> str:
    """A period in a docket summary: "offer of proof (all parties)" as before, a party's own as "Amazon.com
    Services LLC's offer of proof" (casefile.rules.offer_of_proof.offer_period_words)."""
    noun = NOUNS[deadline.kind]
    words = offer_period_words(noun, deadline.for_whom, names)
    return words if words != noun else f"{noun} ({deadline.for_whom})"


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Order Extending Time (or fixing the date), signed by the Regional Director, or by the Executive
    Secretary for a filing the Board receives (29 CFR 102.2(c), (d)); an order recorded before orders
    were stored issues nothing."""
    return order_issues(ref, OrderExtendingTime)


def perform(session: Session, act: PinDeadline, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Fix the deadline's date by the order.

    The due date becomes ``due`` and the cut-off is recomputed in the receiving office's zone
    (11:59:59 p.m. there; 12:01 a.m. for a notice posting); the deadline records the order
    (``pinned_by``: no recompute touches it again) and its derivation gains a line; the docket
    records old → new. The periods that run from it move with it (casefile.record.deadlines.follow_extension:
    the answering brief "from the last date on which exceptions ... may be filed", 102.69(c)(1)(iii); the
    opposition "after the last day on which the request for review must be filed", 102.67(f); 102.2(a)),
    each named in the docket and in the order's ``also_moved``. A lapsed deadline moved to a later date runs again (open; the sweep closes
    it when the new cut-off passes); a met one stays met. The election's stage is not moved.
    Warns (stored all the same: the order is a fact) when no request for it is recorded on a period that
    needs one — the offer of proof (102.69(a)(8)), or a period whose date had passed (102.2(d)):
    rules.extensions.missing_request_warning. Idempotent on (deadline, date fixed, order). Raises UnknownRecord (no such deadline in the
    case), BadInput (neither or both of ``deadline`` and ``kind``; an empty order; a date before the act that started the period; an
    ``election`` that is not the deadline's), ProcedureError (an objections period: cannot be
    extended, R-G6; a mooted deadline). Authority: 29 CFR 102.2(c), 102.2(d), 102.69(a)(8);
    rules.md R-B10, R-G5, R-G6.
    """
    party = get_party(session, case, act.party) if act.party is not None else None
    if party is not None and act.kind is not DeadlineKind.OFFER_OF_PROOF:
        raise BadInput("'party' names whose offer-of-proof period the order extends (each objecting party has its own, "
                       "102.69(a)(8)); give it with kind offer-of-proof", field="party")
    deadline = find_deadline(session, case, deadline_id=act.deadline, kind=act.kind, selector=act.election, party=party)
    order = " ".join(act.order.split())
    if not order:
        raise BadInput("name the order that fixes the date (who made it, when)", field="order")
    key = content_key(f"pin:{deadline.id}", act.due, order)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    check_extendable(deadline.kind)
    if act.due < deadline.trigger_on:
        raise BadInput(f"the {NOUNS[deadline.kind]} period starts on {deadline.trigger_on.isoformat()} "
                       f"({deadline.trigger}); an order cannot fix its end before that, on {act.due.isoformat()}",
                       field="due")
    ordered_on = act.legal_date(case, as_of)
    refuse_if_before("the order fixing the date", ordered_on, [Earlier(period_opened(deadline.kind), deadline.trigger_on)])
    old_due, old_status = deadline.due_on, deadline.status
    status = status_after_order(old_status, old_due_on=old_due, new_due_on=act.due)
    office = office_named(deadline.office_key)
    deadline.due_on = act.due
    deadline.cutoff_at = cutoff_of_fixed_date(deadline.kind, act.due, office_tz=office.tz)
    deadline.pinned_by = order
    deadline.derivation = [*deadline.derivation,
                           f"date fixed by order: {order} → due {day_label(act.due)}, cut-off "
                           f"{clock_label(deadline.cutoff_at)} ({deadline.cutoff_at.isoformat()})"]
    if status is not old_status:
        deadline.status, deadline.closed_at = status, None
    session.add(deadline)
    session.flush()
    followed = follow_extension(session, case, deadline)  # the answering brief, the opposition (R-B5)
    reopened = f"; the {old_status.value} period runs again" if status is DeadlineStatus.OPEN and old_status is not \
        DeadlineStatus.OPEN else ""
    names = {p.key: p.name for p in parties_of(session, case)}
    summary = (f"{period_words(deadline, names)} due {long_date(old_due)} → {long_date(act.due)} "
               f"(cut-off {clock_label(deadline.cutoff_at)}) by order: {order}{reopened}")
    for f in followed:
        summary += (f"; so the {period_words(f.deadline, names)}, which runs from the last day the "
                    f"{NOUNS[deadline.kind]} may be filed, is due {long_date(f.old_due_on)} → "
                    f"{long_date(f.deadline.due_on)} (cut-off {clock_label(f.deadline.cutoff_at)}; "
                    f"{_RESPONSIVE_RULE.get(f.deadline.kind, '29 CFR 102.2(a)')})"
                    + ("; it runs again" if f.reopened else ""))
    actor = Actor.BOARD if deadline.office_key == BOARD_OFFICE.key else Actor.REGIONAL_DIRECTOR
    request = session.exec(select(Filing).where(Filing.deadline_id == deadline.id, Filing.kind == FilingKind.EXTENSION_REQUEST,
                                                col(Filing.received_on) <= ordered_on)
                           .order_by(col(Filing.received_on).desc(), col(Filing.id).desc())).first()
    stored = store_order(session, case, kind=EXTENSION, issued_on=ordered_on, election_id=deadline.election_id, uncertain=act.uncertain,
                         issued_on_public=act.date_public, inferred_from=act.inferred_from,
                         **(_NO_GAP if act.issuer_region_public else _REGION_NOT_PUBLIC),
                         deadline_id=deadline.id, deadline_kind=deadline.kind.value, from_due_on=old_due.isoformat(),
                         to_due_on=act.due.isoformat(), office_key=deadline.office_key, for_whom=deadline.for_whom,
                         order=order, reopened=bool(reopened), request_id=request.id if request is not None else None,
                         also_moved=[{"deadline_id": f.deadline.id, "deadline_kind": f.deadline.kind.value,
                                      "for_whom": f.deadline.for_whom, "from_due_on": f.old_due_on.isoformat(),
                                      "to_due_on": f.deadline.due_on.isoformat(), "office_key": f.deadline.office_key,
                                      "reopened": f.reopened,
                                      "rule": _RESPONSIVE_RULE.get(f.deadline.kind, "29 CFR 102.2(a)")}
                                     for f in followed])
    entry = docket(session, case.id, election_id=deadline.election_id, as_of=as_of, occurred_on=ordered_on,  # type: ignore[arg-type]
                   act=DocketActName.PIN_DEADLINE, act_key=key, actor=actor, summary=summary, ref=order_ref(stored))
    assert entry.id is not None
    warning = missing_request_warning(deadline.kind, request_recorded=request is not None, old_due_on=old_due,
                                      ordered_on=ordered_on, old_status=old_status)
    from casefile.record.deadlines import configured_calendar

    closed = configured_calendar().for_office(office).closed_reason(act.due)
    warnings = ((warning,) if warning else ()) + fixed_date_warnings(deadline.kind, old_due_on=old_due,
                                                                     new_due_on=act.due, closed_reason=closed)
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=summary,
                warnings=warnings)
