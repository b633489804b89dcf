"""The hearing on objections (and challenged ballots) opens before the hearing officer, or the hearing
consolidated with an unfair-labor-practice case opens before the Administrative Law Judge.

The hearing runs day to day until finished unless the Regional Director finds extraordinary
circumstances (R-J1); casefile records the day it opened, which meets the hearing-opens target. The day
a consolidated hearing opened is its own fact, beside the date the order set (``Hearing.noticed_opens_on``);
the election stays at alj-consolidated (the judge's decision follows it).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar, Literal

from sqlmodel import Session

from casefile.acts.base import ActIn, Count, Done, Flag, Issue, Who, again, election_for, recorded
from casefile.acts.chronology import refuse_if_before
from casefile.acts.hearing_parts import current_hearing
from casefile.errors import BadInput
from casefile.record.authority import HEARING_OFFICER, Whose
from casefile.record.deadlines import close_open_deadlines
from casefile.record.lookups import latest_tally
from casefile.record.models import Case, Hearing
from casefile.record.refs import Ref, ref_to
from casefile.record.workflow import advance, docket, require_stage
from casefile.rules.calendar import long_date
from casefile.rules.chronology import Earlier
from casefile.rules.stages import accepted_at
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, DocketActName, Stage

#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = accepted_at("open-hearing")


class OpenHearing(ActIn):
    """The hearing opened on ``date``. ``date_public`` False: the public record holds only the date the
    hearing was set to open (recorded as ``date``), not the day it opened; its documents say so.
    ``challenges_unresolved``: how many of the challenged ballots set for hearing were still unresolved when it
    opened, when the record gives it (None: it does not)."""

    act: Literal["open-hearing"] = "open-hearing"
    date_public: Flag = True
    challenges_unresolved: Count | None = None
    WHOSE: ClassVar[Whose] = HEARING_OFFICER


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """Opening the hearing issues no document."""
    return ()


def _long(day: date) -> str:
    """"Monday, December 14, 2026"."""
    from casefile.rules.calendar import weekday_date

    return weekday_date(day)


def set_by(session: Session, hearing: Hearing) -> str:
    """Which of the record's orders set the date ``hearing`` is to open on (``opens_on``), and that date: the
    latest order rescheduling it ("the date the order of Monday, May 2, 2022 rescheduled it to (Monday, June 13,
    2022); the Notice of Hearing of ... had set ..."), else the Notice of Hearing ("the date the Notice of
    Hearing of Tuesday, April 26, 2022 set (Monday, May 23, 2022)")."""
    from sqlmodel import col, select

    from casefile.record.orders import AgencyOrder
    from casefile.vocab import OrderKind

    orders = [o for o in session.exec(select(AgencyOrder).where(AgencyOrder.election_id == hearing.election_id,
                                                                AgencyOrder.kind == OrderKind.HEARING_RESCHEDULED)
                                      .order_by(col(AgencyOrder.issued_on), col(AgencyOrder.id)))
              if o.body.get("hearing_id") == hearing.id]
    assert hearing.opens_on is not None
    notice = f"the Notice of Hearing of {_long(hearing.noticed_on)}"
    noticed = hearing.noticed_opens_on
    if orders:
        latest = orders[-1]
        return (f"the date the order of {_long(latest.issued_on)} rescheduled it to ({_long(hearing.opens_on)}; "
                + (f"{notice} had set {_long(noticed)})" if noticed is not None else f"{notice} set no date)"))
    return f"the date {notice} set ({_long(hearing.opens_on)})"


def perform(session: Session, act: OpenHearing, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record that the election's noticed hearing opened on the act's date.

    The election must be at hearing-noticed; it moves to hearing-open, and the hearing-opens
    target date is closed as met. The opening date cannot precede the notice; one before the date
    the notice set is accepted with a warning naming both (rescheduled earlier by order, or the
    parties agreed, R-I3). Idempotent on
    (election, date). Raises IllegalTransition, UnknownRecord (no hearing noticed), NotAllowedNow.
    Authority: 29 CFR 102.69(c)(1)(iii); rules.md R-J1.
    """
    election = election_for(session, case, act.election)
    opened_on = act.legal_date(case, as_of)
    key = f"open-hearing:e{election.sequence}:{opened_on.isoformat()}"
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, ())
    require_stage(election, "opening the hearing", STAGES)
    hearing = current_hearing(session, case, election)
    refuse_if_before("the hearing's opening", opened_on, [Earlier("the hearing was noticed", hearing.noticed_on)])
    noticed_for = hearing.opens_on
    if not act.date_public and opened_on != noticed_for:
        raise BadInput(f"date_public is false: the record holds only the date the hearing was set to open, so the act's "
                       f"date is that date ({noticed_for.isoformat() if noticed_for else 'none set'}), not "
                       f"{opened_on.isoformat()}", field="date")
    if act.challenges_unresolved is not None:
        tally = latest_tally(session, election)
        if not hearing.challenges_set or tally is None or act.challenges_unresolved > tally.challenged:
            raise BadInput(f"challenges_unresolved ({act.challenges_unresolved}) counts the challenged ballots set for "
                           "hearing still unresolved when it opened: the hearing must have them set, and the count is at "
                           "most the tally's challenged ballots", field="challenges_unresolved")
    warnings: tuple[str, ...] = ()
    if noticed_for is not None and opened_on < noticed_for:  # rescheduled earlier by order or agreement (R-I3): said, not refused
        warnings = (f"The hearing is recorded as opened on {_long(opened_on)}, before {set_by(session, hearing)}: if an "
                    "order rescheduled it or the parties agreed to an earlier date (29 CFR 102.69(c)(1)(ii)), attach it "
                    "to the docket; if the date is mistyped, correct it (casefile correct hearing "
                    f"{case.number} --opened-on DATE --why REASON).",)
    hearing.opens_on = opened_on
    hearing.opening_date_public = act.date_public  # False: only the scheduled date is in the record
    if act.challenges_unresolved is not None:
        hearing.challenges_unresolved = act.challenges_unresolved
    if act.uncertain.strip():  # what the sources leave open about the opening: its own note in a record copy's annex
        hearing.opening_uncertain = act.uncertain.strip()
    session.add(hearing)
    close_open_deadlines(session, election, {DeadlineKind.HEARING_OPENS}, status=DeadlineStatus.MET, as_of=as_of,
                         on=opened_on)  # met late when it opened after its target (R-I3)
    if hearing.before_alj:  # the consolidated hearing: opened before the judge, the stage unchanged
        entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=opened_on,  # type: ignore[arg-type]
                       act=DocketActName.OPEN_HEARING, act_key=key, actor=Actor.ADMINISTRATIVE_LAW_JUDGE,
                       summary=f"Hearing opened {long_date(opened_on)}", ref=ref_to(hearing))
    else:
        entry = advance(session, election, Stage.HEARING_OPEN, as_of=as_of, occurred_on=opened_on, act=DocketActName.OPEN_HEARING,
                        act_key=key, actor=Actor.HEARING_OFFICER, summary=f"Hearing opened {long_date(opened_on)}",
                        ref=ref_to(hearing))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, summary=entry.summary, warnings=warnings)
