"""The hearing on objections (and challenged ballots) closes; the hearing officer's report follows."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from sqlmodel import Session

from casefile.acts.base import ActIn, Done, Issue, Who, again, election_for, recorded
from casefile.acts.hearing_parts import current_hearing
from casefile.record.models import Case
from casefile.record.workflow import advance, require_stage
from casefile.rules.hearing import check_after
from casefile.vocab import Actor, Stage

#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = frozenset({Stage.HEARING_OPEN})


class CloseHearing(ActIn):
    """The hearing closed on ``date``."""

    act: Literal["close-hearing"] = "close-hearing"


def issues(session: Session, ref: str) -> tuple[Issue, ...]:
    """Closing the hearing issues no document."""
    return ()


def perform(session: Session, act: CloseHearing, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record that the election's open hearing closed on the act's date.

    The election must be at hearing-open; it moves to hearing-closed. The closing date cannot
    precede the opening. Idempotent on (election, date). Raises IllegalTransition,
    UnknownRecord, NotAllowedNow. Authority: 29 CFR 102.69(c)(1)(iii); rules.md R-J1, R-J5.
    """
    election = election_for(session, case, act.election)
    closed_on = act.legal_date(case, as_of)
    key = f"close-hearing:e{election.sequence}:{closed_on.isoformat()}"
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, ())
    require_stage(election, "closing the hearing", STAGES)
    hearing = current_hearing(session, case, election)
    check_after(closed_on, hearing.opens_on, what="the hearing's close", after_what="its opening")
    hearing.closed_on = closed_on
    session.add(hearing)
    entry = advance(session, election, Stage.HEARING_CLOSED, as_of=as_of, occurred_on=closed_on, act="close-hearing",
                    act_key=key, actor=Actor.HEARING_OFFICER, summary=f"Hearing closed {closed_on.isoformat()}",
                    ref=f"hearing:{hearing.id}")
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, summary=entry.summary)
