"""Transfer of a case to another Region (29 CFR 102.72(a)(3)), from the date of the order.

From the order on, the case's receiving office (``Case.office_key``) is the new Region's office:
the documents issued later are signed by that Region (the documents take the Region from the
office, casefile.rules.offices), and the periods that start later are counted on that office's
calendar and end at 11:59 p.m. in its zone. The case number keeps its Region (``Case.region``):
numbers are never re-derived. Periods already running stay with the office that was to receive
them unless the order says otherwise (casefile.rules.transfer, which says why). Real case: Amazon
JFK8, 29-RC-288020, transferred from Region 29 (Brooklyn) to Region 28 (Phoenix) in April 2022 after
Amazon's objections put Region 29's own conduct at issue (examples/amazon-jfk8-29-RC-288020.yaml).
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, select

from casefile.acts.base import ANY_STAGE, ActIn, Done, InRecordIn, Issue, Line, Text, Who, again, content_key, recorded
from casefile.acts.order_parts import order_issues, order_ref, store_order
from casefile.documents.kinds.order_transferring_case import OrderTransferringCase
from casefile.errors import NotAllowedNow
from casefile.record.authority import REGION, Whose
from casefile.record.deadlines import office_of
from casefile.record.lookups import elections_of
from casefile.record.models import Case, Deadline
from casefile.record.orders import TRANSFER
from casefile.record.refs import Ref
from casefile.record.workflow import docket
from casefile.rules.calendar import clock_label, day_label, long_date
from casefile.rules.deadlines import NOUNS
from casefile.rules.extensions import cutoff_of_fixed_date
from casefile.rules.offices import office_for
from casefile.rules.target_dates import is_region_target
from casefile.rules.transfer import RUNNING_RULE, RunningDeadlines, check_transfer, moves_on_transfer
from casefile.vocab import Actor, DeadlineStatus, Stage

#: Stages after which a case has nothing left to transfer.
_FINISHED = frozenset({Stage.CLOSED, Stage.WITHDRAWN, Stage.DISMISSED})
#: Any stage, as long as some election is not finished (allowed_now; perform refuses a finished case).
STAGES = ANY_STAGE


def allowed_now(session: Session, case: Case, as_of: datetime | None = None) -> bool:
    """Whether the case has something left to transfer: not every election is finished (_FINISHED)."""
    elections = elections_of(session, case)
    return not (elections and all(e.stage in _FINISHED for e in elections))


class TransferCase(ActIn, InRecordIn):
    """The order transferring the case: ``region`` the Region it goes to ("28"), ``office`` its
    receiving office there (a key such as "28-phoenix" or a city; default the Region's main
    office), ``order`` the order in words (who made it, when); ``date`` the order's date;
    ``running_deadlines`` what the order says of the periods already running: ``stay`` with the
    office that was to receive them (default), or ``move`` to the new office; ``issuer`` who signed
    the order for the General Counsel (its signature; "" leaves a blank line to sign, or a placeholder
    on a replayed case); ``date_public``, ``inferred_from``: casefile.acts.base.InRecordIn (the order's date not in
    the public record: its document prints none)."""

    act: Literal["transfer-case"] = "transfer-case"
    WHOSE: ClassVar[Whose] = REGION
    region: Text
    office: Line | None = None
    order: Text
    running_deadlines: RunningDeadlines = "stay"
    issuer: Line = ""


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Order Transferring Case (29 CFR 102.72(a)), issued for the General Counsel; a transfer recorded
    before orders were stored issues nothing."""
    return order_issues(ref, OrderTransferringCase)


def perform(session: Session, act: TransferCase, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Transfer the case to the office the order names, from the order's date.

    Refused when the case is already with that office, for the Board's office (BadInput), and for a
    case whose every election is closed, withdrawn or dismissed (NotAllowedNow); an unknown Region or
    office is refused naming the Region's offices (UnknownRegion). ``Case.office_key`` becomes the new
    office; ``Case.region`` (the number's) is kept. Open deadlines received by the old office stay
    there (their derivation says so) unless ``running_deadlines`` is ``move``: they then keep their
    date and end at 11:59:59 p.m. in the new office's zone, and the docket says old → new. Periods
    the Board receives never move. No election changes stage. Idempotent on (office, order's date,
    order). Authority: 29 CFR 102.72(a)(3), 102.2(b); casefile.rules.transfer.
    """
    new = office_for(act.region, act.office)  # UnknownRegion names the Region's offices
    ordered_on = act.legal_date(case, as_of)
    order = " ".join(act.order.split())
    key = content_key(f"transfer:{new.key}", ordered_on, order)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    old = office_of(case)
    check_transfer(old, new)
    elections = elections_of(session, case, lock=True)
    if not allowed_now(session, case):
        raise NotAllowedNow(f"{case.number} is finished (every election closed, withdrawn or dismissed): there is "
                            "nothing to transfer", field="date")
    case.office_key = new.key
    session.add(case)
    moved, stayed, moved_rows, stayed_rows = [], [], [], []
    for deadline in session.exec(select(Deadline).where(Deadline.case_id == case.id, Deadline.status == DeadlineStatus.OPEN)
                                 .order_by(col(Deadline.due_on), col(Deadline.id))):
        if deadline.office_key != old.key:
            continue  # received by the Board (or by an office an earlier transfer left it with)
        # a Region's own target date (the hearing's opening, the earliest certification) is no party's filing: the
        # order's document and the docket name only the filings whose periods moved or stayed
        filing = not is_region_target(deadline.kind)
        row = {"deadline_id": deadline.id, "kind": deadline.kind.value, "due_on": deadline.due_on.isoformat()}
        if moves_on_transfer(receiving_office_key=deadline.office_key, running=act.running_deadlines):
            before = deadline.cutoff_at
            deadline.office_key = new.key
            deadline.cutoff_at = cutoff_of_fixed_date(deadline.kind, deadline.due_on, office_tz=new.tz)
            deadline.derivation = [*deadline.derivation,
                                   f"case transferred to {new.name} ({new.key}) on {day_label(ordered_on)} by order: "
                                   f"{order}; the order sends this filing there: due {day_label(deadline.due_on)}, "
                                   f"cut-off {clock_label(deadline.cutoff_at)} ({deadline.cutoff_at.isoformat()})"]
            if filing:
                moved_rows.append(row)
                moved.append(f"{NOUNS[deadline.kind]} due {long_date(deadline.due_on)}: cut-off "
                             f"{clock_label(before.astimezone(ZoneInfo(old.tz)))} → {clock_label(deadline.cutoff_at)}")
        else:
            deadline.derivation = [*deadline.derivation,
                                   f"case transferred to {new.name} ({new.key}) on {day_label(ordered_on)}: this period, "
                                   f"already running, stays with {old.name} ({old.key}): {RUNNING_RULE}"]
            if filing:
                stayed_rows.append(row)
                stayed.append(f"{NOUNS[deadline.kind]} due {long_date(deadline.due_on)}")
        session.add(deadline)
    session.flush()
    summary = (f"Case transferred from Region {int(old.region or case.region)} ({old.name}) to Region {int(new.region or 0)} "
               f"({new.name}) by order: {order}")
    if moved:
        summary += f"; moved to {new.name} by the order: {'; '.join(moved)}"
    if stayed:
        summary += f"; still received by {old.name} (already running): {'; '.join(stayed)}"
    latest = elections[-1] if elections else None
    stored = store_order(session, case, kind=TRANSFER, issued_on=ordered_on, election_id=latest.id if latest else None, uncertain=act.uncertain,
                         issued_on_public=act.date_public, inferred_from=act.inferred_from,
                         issuer=" ".join(act.issuer.split()), from_office=old.key, to_office=new.key, order=order, running=act.running_deadlines,
                         moved=moved_rows, stayed=stayed_rows)
    entry = docket(session, case.id, election_id=latest.id if latest else None, as_of=as_of,  # type: ignore[arg-type]
                   occurred_on=ordered_on, act=act.docket_act, act_key=key, actor=Actor.GENERAL_COUNSEL, summary=summary,
                   ref=order_ref(stored))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=summary)
