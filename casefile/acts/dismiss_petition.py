"""Dismissal of the petition by the Regional Director (29 CFR 102.71; rules.md R-S1).

Any election not yet certified ends: it moves to dismissed through the stage machine (rules.md §4
side exit), including one whose rerun or runoff is directed but not held; its open periods are
mooted. A dismissal is a final disposition: any party may request review by the Board within 10
business days of its service, and a statement in opposition is due 5 business days after that
(102.71(b); R-S1) — both periods are kept, received by the Board.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from sqlmodel import Session

from casefile.acts.base import ANY_STAGE, ActIn, Done, Issue, Line, Paragraph, Prose, Who, again, recorded
from casefile.acts.order_parts import order_issues, order_ref, store_order
from casefile.acts.petition_end import ending, moot_periods, open_elections
from casefile.documents.kinds.order_dismissing_petition import OrderDismissingPetition
from casefile.record.authority import REGION, Whose
from casefile.record.deadlines import keep_deadline
from casefile.record.models import Case
from casefile.record.orders import DISMISSAL
from casefile.record.refs import Ref
from casefile.record.workflow import advance
from casefile.vocab import Actor, DeadlineKind, Stage, TriggerKind, counted


class DismissPetition(ActIn):
    """The dismissal as issued: ``grounds`` the stated reasons (a simple statement of the procedural or
    other grounds, 102.71(a)), ``issuer`` the Regional Director who signed it (its signature; "" leaves a
    blank line to sign, or a placeholder on a replayed case), ``date`` its issue date (service is
    taken as that date when the record has no other); ``note``."""

    act: Literal["dismiss-petition"] = "dismiss-petition"
    WHOSE: ClassVar[Whose] = REGION
    grounds: Prose
    issuer: Line = ""
    note: Paragraph = ""


#: Any stage before the certification of some voting unit's latest election (the stage machine's side exit:
#: casefile.record.workflow.allowed; allowed_now).
STAGES = ANY_STAGE


def allowed_now(session: Session, case: Case, as_of: datetime | None = None) -> bool:
    """Whether some voting unit's latest election may still end this way (petition_end.ending)."""
    return bool(ending(session, case, Stage.DISMISSED))


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Regional Director's Order Dismissing Petition (29 CFR 102.71(a)), with the request-for-review
    paragraph (102.71(b)); a dismissal recorded before orders were stored issues nothing."""
    return order_issues(ref, OrderDismissingPetition)


def perform(session: Session, act: DismissPetition, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Dismiss the petition on the stated grounds.

    Every voting unit's latest election not yet certified moves to dismissed (IllegalTransition when
    none can); its open periods are mooted, then the request-for-review and opposition periods of the
    dismissal are kept (10 and 5 + 10 business days, received by the Board: R-S1, R-N6). Idempotent on
    the date. Raises IllegalTransition. Authority: 29 CFR 102.71(a), (b); 102.67(c), (f); rules.md R-S1, §4.
    """
    on = act.legal_date(case, as_of)
    key = f"dismiss-petition:{on.isoformat()}"
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    elections = open_elections(session, case, Stage.DISMISSED, what="dismissal of the petition")
    stored = store_order(session, case, kind=DISMISSAL, issued_on=on, election_id=elections[0].id, issuer=act.issuer,
                         grounds=act.grounds, note=act.note, elections=[e.id for e in elections])
    first = None
    by_whom = f" by {act.issuer}" if act.issuer else ""
    for election in elections:
        mooted = moot_periods(session, election, as_of=as_of, on=on, why="the petition was dismissed")
        summary = (f"Petition dismissed{by_whom} (102.71): {act.grounds}; election {election.sequence} ends"
                   + (f"; {counted(mooted, 'open period')} mooted" if mooted else ""))
        entry = advance(session, election, Stage.DISMISSED, as_of=as_of, occurred_on=on, act=act.docket_act,
                        act_key=key if first is None else f"{key}:e{election.sequence}", actor=Actor.REGIONAL_DIRECTOR,
                        summary=summary, ref=order_ref(stored))
        for kind in (DeadlineKind.REQUEST_FOR_REVIEW, DeadlineKind.RFR_OPPOSITION):
            keep_deadline(session, case=case, election=election, kind=kind,
                          trigger=TriggerKind.DISMISSAL, trigger_ref=entry.ref,
                          trigger_on=on, for_whom="all parties")
        first = first or entry
    assert first is not None and first.id is not None
    return Done(act=act.act, ref=first.ref, entry_id=first.id, issue=issues(session, first.ref), summary=first.summary)
