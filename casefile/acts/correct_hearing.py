"""Correct a hearing's dates as transcribed: the day it opened, and the date the Notice of Hearing set.

A hearing recorded as opened before the date set for it is accepted with a warning (an order or the
parties' agreement may bring it forward, R-I3); when the date was simply mistyped, this correction puts it
right: docketed old → new with why, never overwritten silently. A corrected opening judges the
hearing-opens target again (met, or met late when it opened after its date, R-I3). The documents whose
content the correction changes (the procedural histories that tell the opening) are issued again as new
versions, the first kept; no stage is changed. Authority: 29 CFR 102.69(c)(1)(ii), (iii); rules.md R-I3.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, ClassVar, Literal

from sqlmodel import Session, col, select

from casefile.acts.base import ANY_STAGE, Done, LegalDate, Who, election_for
from casefile.acts.chronology import refuse_if_before
from casefile.acts.correcting import CorrectionIn, ask, check_given, listed, reissued, stage_kept
from casefile.acts.correction_parts import Change, Why, changed_documents, document_states, issues_of, lock
from casefile.acts.hearing_parts import current_hearing
from casefile.record.authority import REGION, Whose
from casefile.record.models import Case, Deadline, DocketEntry, Election, Hearing
from casefile.record.refs import RowKey
from casefile.rules.calendar import day_label
from casefile.rules.chronology import Earlier
from casefile.rules.deadlines import met_status
from casefile.vocab import DeadlineKind, DeadlineStatus, DocketActName

#: Not bound to the stage: offered while the election has a hearing (allowed_now below).
STAGES = ANY_STAGE


class CorrectHearing(CorrectionIn):
    """A correction of the election's hearing (its latest): ``opened_on`` the day it opened, ``noticed_opens_on``
    the date the Notice of Hearing set it to open; None (left out): as recorded. ``why`` is required."""

    act: Literal["correct-hearing"] = "correct-hearing"
    WHOSE: ClassVar[Whose] = REGION
    CORRECTED: ClassVar[tuple[str, ...]] = ("opened_on", "noticed_opens_on")
    SHOULD_READ: ClassVar[str] = ("the hearing's record should read (the day it opened, opened_on, or the date the "
                                  "Notice of Hearing set, noticed_opens_on)")
    opened_on: LegalDate | None = None
    noticed_opens_on: LegalDate | None = None
    why: Why


#: A correction that gives nothing is refused first; the documents it changed are issued again as new versions.
check, issues = check_given, issues_of


def allowed_now(session: Session, case: Case, as_of: Any = None) -> bool:
    """Whether the case's latest election has a hearing to correct."""
    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    return latest is not None and session.exec(select(Hearing.id).where(Hearing.election_id == latest.id)).first() is not None


def _opened(session: Session, election: Election) -> bool:
    """Whether the record holds the hearing's opening (an open-hearing entry of the election)."""
    return session.exec(select(DocketEntry.id).where(DocketEntry.election_id == election.id,
                                                     DocketEntry.act == DocketActName.OPEN_HEARING)).first() is not None


def _rescheduled(session: Session, hearing: Hearing) -> bool:
    from casefile.record.orders import AgencyOrder
    from casefile.vocab import OrderKind

    return any(o.body.get("hearing_id") == hearing.id for o in session.exec(
        select(AgencyOrder).where(AgencyOrder.election_id == hearing.election_id,
                                  AgencyOrder.kind == OrderKind.HEARING_RESCHEDULED)))


def perform(session: Session, act: CorrectHearing, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Correct the hearing's opening date and/or the date its notice set, and say every consequence.

    ``opened_on`` sets the day the hearing opened (``Hearing.opens_on``) and judges the hearing-opens
    target again (29 CFR 102.69(c)(1)(ii); R-I3); ``noticed_opens_on`` sets the date the Notice of Hearing
    set (``Hearing.noticed_opens_on``), and — while the hearing has neither opened nor been rescheduled —
    the date it is set to open too. Refused, storing nothing: a hearing not yet opened for ``opened_on``
    (IllegalTransition: it is set to open by the notice or a rescheduling order); an opening before the
    notice or after the close, a noticed date before the notice (OutOfOrder); values the record already
    holds (BadInput); no hearing (UnknownRecord). A retry returns the first result.
    Authority: 29 CFR 102.69(c)(1)(ii), (iii); rules.md R-I3.
    """
    from casefile.errors import IllegalTransition

    lock(session, case)
    election = election_for(session, case, act.election)
    hearing = current_hearing(session, case, election)
    opened = _opened(session, election)
    current = {"opened_on": hearing.opens_on if opened else None, "noticed_opens_on": hearing.noticed_opens_on}
    asked = ask(session, case, act, target=RowKey.of(hearing), current=current,
                already=f"the hearing already reads {listed(act.given())}: this correction corrects nothing")
    if asked.first is not None:
        return asked.first
    if act.opened_on is not None and not opened:  # no opening in the record: one asked for is always a change
        raise IllegalTransition(f"the hearing of election {election.sequence} has not opened (it is set to open on "
                                f"{day_label(hearing.opens_on) if hearing.opens_on else 'no date'}): its opening is "
                                "recorded by open-hearing, a new date by reschedule-hearing", field="opened_on")
    if act.opened_on is not None:
        refuse_if_before("the hearing's opening", act.opened_on, [Earlier("the hearing was noticed", hearing.noticed_on)],
                         field="opened_on")
        if hearing.closed_on is not None and act.opened_on > hearing.closed_on:
            from casefile.errors import OutOfOrder

            raise OutOfOrder(f"the hearing's opening would be {day_label(act.opened_on)}, after it closed on "
                             f"{day_label(hearing.closed_on)}", field="opened_on")
    if act.noticed_opens_on is not None:
        refuse_if_before("the date the Notice of Hearing set", act.noticed_opens_on,
                         [Earlier("the notice issued", hearing.noticed_on)], field="noticed_opens_on", verb="is")
    before_docs = document_states(session, case)
    consequences: list[str] = []
    implied: list[Change] = []
    if act.noticed_opens_on is not None:
        if not opened and not _rescheduled(session, hearing) and hearing.opens_on == hearing.noticed_opens_on:
            implied.append(Change("set to open on", hearing.opens_on, act.noticed_opens_on))
            hearing.opens_on = act.noticed_opens_on
        hearing.noticed_opens_on = act.noticed_opens_on
    if act.opened_on is not None:
        if not hearing.opening_date_public:  # the record held only the date it was set to open; now the day it opened
            implied.append(Change("opening date in the record", "the scheduled date only", "the day it opened"))
            hearing.opening_date_public = True
        hearing.opens_on = act.opened_on
        consequences += _target_again(session, election, act.opened_on)
    session.add(hearing)
    reissue = changed_documents(session, case, before_docs)
    consequences += [*reissued(reissue), stage_kept(election)]
    return asked.record(session, case, as_of=as_of, election=election, head=f"Hearing of election {election.sequence} corrected",
                        consequences=consequences, reissue=reissue, implied=implied)


def _target_again(session: Session, election: Election, opened_on: date) -> list[str]:
    """The hearing-opens target judged again on the corrected opening (met, or met late after its date: R-I3)."""
    out = []
    for deadline in session.exec(select(Deadline).where(Deadline.election_id == election.id,
                                                        Deadline.kind == DeadlineKind.HEARING_OPENS)):
        if deadline.status not in (DeadlineStatus.MET, DeadlineStatus.MET_LATE):
            continue
        status = met_status(deadline.due_on, opened_on)
        if status is not deadline.status:
            out.append(f"The hearing-opens target of {day_label(deadline.due_on)} is now {status.value.replace('-', ' ')} "
                       f"(the hearing opened {day_label(opened_on)}; 29 CFR 102.69(c)(1)(ii)).")
            deadline.status = status
            deadline.derivation = [*deadline.derivation, f"judged again: the opening corrected to {day_label(opened_on)}"]
            session.add(deadline)
    return out
