"""The hearing on objections (and challenged ballots) closes; the hearing officer's report follows.

At the close the hearing officer may allow post-hearing briefs, on the time and subjects the hearing
officer sets (29 CFR 102.69(c)(1)(iii); rules.md R-J4); under the 2019 text (petitions filed
2020-05-31 … 2023-12-25) a brief was a right within 5 business days after the close, which the hearing
officer could extend before the close by up to 10 more (rules.md R-A1). The period is stored as a
deadline for all parties (kind ``post-hearing-brief``): swept, reminded, shown by ``casefile
deadlines``, honored by ``file-post-hearing-brief``.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar, Literal

from sqlmodel import Session

from casefile.acts.base import ActIn, Done, Issue, LegalDate, Who, again, election_for, recorded
from casefile.acts.chronology import refuse_if_before
from casefile.acts.hearing_parts import current_hearing
from casefile.errors import AlreadyRecorded
from casefile.record.authority import HEARING_OFFICER, Whose
from casefile.record.deadlines import (
    compute_for_case,
    configured_calendar,
    keep_deadline,
    keep_fixed_deadline,
    office_of,
)
from casefile.record.lookups import deadline_of
from casefile.record.models import Case, Election
from casefile.record.refs import Ref, ref_to
from casefile.record.workflow import advance, require_stage
from casefile.rules.calendar import long_date
from casefile.rules.chronology import Earlier
from casefile.rules.hearing import BriefsDue, briefs_as_of_right, post_hearing_brief_due
from casefile.rules.stages import accepted_at
from casefile.vocab import Actor, DeadlineKind, DocketActName, Stage, TriggerKind

#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = accepted_at("close-hearing")


class CloseHearing(ActIn):
    """The hearing closed on ``date``; ``briefs_due_on``: the date the hearing officer allowed post-hearing
    briefs until, as stated at the close (None: no briefs allowed — or, under the 2019 text, the 5 business
    days of right)."""

    act: Literal["close-hearing"] = "close-hearing"
    WHOSE: ClassVar[Whose] = HEARING_OFFICER
    briefs_due_on: LegalDate | None = None


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """Closing the hearing issues no document."""
    return ()


def perform(session: Session, act: CloseHearing, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record that the election's open hearing closed on the act's date.

    The election must be at hearing-open; it moves to hearing-closed. The closing date cannot
    precede the notice or the opening (OutOfOrder). The post-hearing brief period is kept for all
    parties (module docstring): the date the hearing officer allowed (``briefs_due_on``, stored as fixed
    by that allowance), or under the 2019 text the 5 business days of right; none when no brief is
    allowed. Idempotent on (election, date); a retry naming another brief date is refused
    (AlreadyRecorded). Raises IllegalTransition, UnknownRecord, OutOfOrder, BadInput (a 2019-text
    allowance outside the 5 + 10 business days). Authority: 29 CFR 102.69(c)(1)(iii); rules.md R-A1,
    R-J1, R-J4, R-J5.
    """
    election = election_for(session, case, act.election)
    closed_on = act.legal_date(case, as_of)
    key = f"close-hearing:e{election.sequence}:{closed_on.isoformat()}"
    if (entry := recorded(session, case, key)) is not None:
        _check_same_briefs(session, case, election, act, closed_on)
        return again(entry, act.act, ())
    require_stage(election, "closing the hearing", STAGES)
    hearing = current_hearing(session, case, election)
    refuse_if_before("the hearing's close", closed_on, [Earlier("the hearing was noticed", hearing.noticed_on),
                                                      Earlier("the hearing opened", hearing.opens_on)])
    briefs = briefs_due(case, closed_on, act.briefs_due_on)
    hearing.closed_on = closed_on
    session.add(hearing)
    entry = advance(session, election, Stage.HEARING_CLOSED, as_of=as_of, occurred_on=closed_on, act=DocketActName.CLOSE_HEARING,
                    act_key=key, actor=Actor.HEARING_OFFICER, summary=_summary(closed_on, briefs),
                    ref=ref_to(hearing))
    if briefs is not None:
        if briefs.allowed:
            keep_fixed_deadline(session, case=case, election=election, kind=DeadlineKind.POST_HEARING_BRIEF,
                                trigger=TriggerKind.HEARING_CLOSED, trigger_on=closed_on, due_on=briefs.due_on, for_whom="all parties",
                                fixed_by=f"the hearing officer's allowance at the close of the hearing on "
                                         f"{closed_on.isoformat()}", citation=briefs.basis)
        else:
            keep_deadline(session, case=case, election=election, kind=DeadlineKind.POST_HEARING_BRIEF,
                          trigger=TriggerKind.HEARING_CLOSED, trigger_ref=entry.ref, trigger_on=closed_on, for_whom="all parties", as_of=as_of)
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, summary=entry.summary)


def briefs_due(case: Case, closed_on: date, allowed_until: date | None) -> BriefsDue | None:
    """When post-hearing briefs are due after the close on ``closed_on`` under the case's rule set
    (casefile.rules.hearing.post_hearing_brief_due), or None. Raises OutOfOrder, BadInput (field
    ``briefs_due_on``)."""
    as_of_right = compute_for_case(case, DeadlineKind.POST_HEARING_BRIEF, closed_on).due_on \
        if briefs_as_of_right(case.rule_set_id) else None
    return post_hearing_brief_due(case.rule_set_id, closed_on=closed_on, allowed_until=allowed_until,
                                  as_of_right_due_on=as_of_right,
                                  calendar=configured_calendar().for_office(office_of(case)))


def _summary(closed_on: date, briefs: BriefsDue | None) -> str:
    if briefs is None:
        return f"Hearing closed {long_date(closed_on)}"
    return f"Hearing closed {long_date(closed_on)}; post-hearing briefs due {long_date(briefs.due_on)} ({briefs.basis})"


def _check_same_briefs(session: Session, case: Case, election: Election, act: CloseHearing, closed_on: date) -> None:
    """A retry that names a brief date must name the one recorded (AlreadyRecorded, field ``briefs_due_on``):
    a later order fixing another date is its own act (pin-deadline)."""
    if act.briefs_due_on is None:
        return
    stored = deadline_of(session, election, DeadlineKind.POST_HEARING_BRIEF)
    if stored is None or stored.trigger_on != closed_on or stored.due_on != act.briefs_due_on:
        was = long_date(stored.due_on) if stored is not None and stored.trigger_on == closed_on else "none given"
        raise AlreadyRecorded(f"{case.number}: the close of the hearing on {long_date(closed_on)} is already recorded "
                              f"with post-hearing briefs due {was}; an order fixing another date is its own act "
                              "(casefile deadlines pin)", field="briefs_due_on")
