"""A party's post-hearing brief to the hearing officer, within the time allowed at the close of the hearing.

Post-hearing briefs are filed only upon special permission of the hearing officer, within the time and
on the subjects the hearing officer permits (29 CFR 102.69(c)(1)(iii); rules.md R-J4); under the 2019
text (petitions filed 2020-05-31 … 2023-12-25) any party could file one within 5 business days after the
close, extendable before the close by up to 10 more (rules.md R-A1). The period is the one the
close-hearing act stored (or an order fixed since: pin-deadline); the brief is filed with the Regional
Office and served on the other parties.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session

from casefile.acts.base import Done, Issue, Prose, Who, again, content_key, election_for, recorded
from casefile.acts.party_filing import (
    PartyFilingIn,
    deadline_zone,
    judge,
    receipt_words,
    received_on_at,
    service_list,
    store_filing,
)
from casefile.errors import ProcedureError
from casefile.record.authority import Whose
from casefile.record.lookups import deadline_of, get_party
from casefile.record.models import Case
from casefile.record.refs import Ref, ref_to
from casefile.record.workflow import docket, require_stage
from casefile.rules.chronology import Earlier
from casefile.rules.stages import accepted_at
from casefile.vocab import Actor, DeadlineKind, FilingKind, counted

#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = accepted_at("file-post-hearing-brief")


class FilePostHearingBrief(PartyFilingIn):
    """The brief as filed: ``party`` the filing party, ``points`` its points in order (a paragraph
    each); ``at``/``date`` its receipt by the Regional Office."""

    act: Literal["file-post-hearing-brief"] = "file-post-hearing-brief"
    WHOSE: ClassVar[Whose] = Whose.party("party")
    points: list[Prose] = Field(min_length=1, max_length=500)


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """casefile has no template for a brief: it is recorded from the brief itself."""
    return ()


def perform(session: Session, act: FilePostHearingBrief, *, case: Case, as_of: datetime, by: Who) -> Done:
    """File the post-hearing brief in the period kept when the hearing closed.

    The record must hold a post-hearing brief period for the election (ProcedureError otherwise: the
    hearing officer allowed none, or the hearing has not closed) and the election must be at
    hearing-closed. Refused when received before the hearing closed (OutOfOrder); judged against the
    stored deadline (the date allowed, or fixed by an order since; 11:59 p.m. at the Regional Office;
    paper postmarked the day before counts, 102.2(b)); a timely brief meets the period when it ends
    (the sweep) or when the report issues. Served on every other party. No stage moves. Idempotent on
    (election, party, points). Raises OutOfOrder, UntimelyFiling, ProcedureError, IllegalTransition,
    UnknownRecord. Authority: 29 CFR 102.69(c)(1)(iii), 102.2(a)-(c); rules.md R-A1, R-J4.
    """
    election = election_for(session, case, act.election)
    party = get_party(session, case, act.party)
    key = content_key(f"post-hearing-brief:e{election.sequence}:{party.key}", act.points)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, ())
    deadline = deadline_of(session, election, DeadlineKind.POST_HEARING_BRIEF)
    if deadline is None:
        raise ProcedureError(f"election {election.sequence} of {case.number} has no post-hearing brief period: briefs are "
                             "filed only with the hearing officer's permission, within the time allowed at the close of "
                             "the hearing (29 CFR 102.69(c)(1)(iii); record it with `casefile hearing close "
                             "--briefs-due-on`)", field="election")
    received_on = received_on_at(act, deadline_zone(deadline), as_of)
    timeliness = judge(case, deadline, act, what=f"post-hearing brief of {party.name}", received_on=received_on,
                       earlier=[Earlier("the hearing closed", deadline.trigger_on)])
    require_stage(election, "filing a post-hearing brief", STAGES)
    filing = store_filing(session, case, election, party, kind=FilingKind.POST_HEARING_BRIEF, act=act, received_on=received_on,
                          deadline=deadline, timeliness=timeliness, body=[{"point": p} for p in act.points],
                          served=service_list(session, case, party, received_on))
    n = len(act.points)
    summary = (f"Post-hearing brief of {party.name} to the hearing officer ({counted(n, 'point of argument', 'points of argument')}), "
               f"{receipt_words(act.nlrb, act.at, received_on, tz=deadline_zone(deadline))}")
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=received_on,  # type: ignore[arg-type]
                   act=act.docket_act, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref_to(filing))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, summary=summary)
