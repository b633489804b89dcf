"""A party's answering brief to another party's exceptions to the Hearing Officer's Report.

Due 5 business days from the last day exceptions could be filed (not from the day they were filed:
R-B5), or later if the Regional Director allows (an order fixing the date: pin-deadline); filed with
the Regional Director and served immediately on the other parties with a statement of service
(29 CFR 102.69(c)(1)(iii); rules.md R-K2). Briefs over 50 pages need leave (102.69(f), R-K3).
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import Done, Issue, Prose, Who, again, content_key, election_for, recorded, ref_id
from casefile.acts.party_filing import (
    PartyFilingIn,
    deadline_zone,
    filings_of,
    governing_deadline,
    judge,
    receipt_words,
    received_on_at,
    service_list,
    store_filing,
)
from casefile.documents.kinds.answering_brief import AnsweringBrief
from casefile.errors import ProcedureError
from casefile.gaps import Gap
from casefile.record.authority import Whose
from casefile.record.lookups import get_party, parties_of
from casefile.record.models import Case, Election, Party
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import docket, require_stage
from casefile.rules.chronology import Earlier
from casefile.rules.stages import accepted_at
from casefile.vocab import Actor, FilingKind, counted

#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = accepted_at("file-answering-brief")


class FileAnsweringBrief(PartyFilingIn):
    """The answering brief as filed: ``party`` the answering party, ``points`` the brief's points in
    order (a paragraph each); ``at``/``date`` its receipt by the Regional Office."""

    act: Literal["file-answering-brief"] = "file-answering-brief"
    WHOSE: ClassVar[Whose] = Whose.party("party")
    points: list[Prose] = Field(min_length=1, max_length=500)



def allowed_now(session: Session, case: Case, as_of: datetime | None = None, *, party: Party | None = None) -> bool:
    """Whether an answering brief may be filed now in the case's latest election, by ``party`` (else by some party):
    at a stage that accepts it (STAGES), another party having filed exceptions (what perform() refuses otherwise:
    the excepting party alone has nothing to answer). Authority: 29 CFR 102.69(c)(1)(iii); rules.md R-K2."""
    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    if latest is None or latest.stage not in STAGES:
        return False
    excepted = {f.party_id for f in filings_of(session, latest, FilingKind.EXCEPTIONS)}
    return any(bool(excepted - {p.id}) for p in ([party] if party is not None else parties_of(session, case)))

def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The answering brief with its statement of service."""
    return (Issue(AnsweringBrief, ref_id(ref, RecordTable.FILING)),)


def perform(session: Session, act: FileAnsweringBrief, *, case: Case, as_of: datetime, by: Who) -> Done:
    """File the answering brief to the exceptions pending in the election.

    Another party must have filed exceptions (ProcedureError otherwise: there is nothing to answer)
    and the election must be at exceptions-pending. Judged against the stored answering-brief deadline
    (computed from the exceptions due date when the report issued, or the date an order fixed; 11:59
    p.m. at the Regional Office; paper postmarked the day before counts, 102.2(b)). Served on every
    other party. No stage moves. Idempotent on (election, party, points). Raises UntimelyFiling,
    ProcedureError, IllegalTransition, UnknownRecord. Authority: 29 CFR 102.69(c)(1)(iii), (f), (g);
    102.2(a)-(c); rules.md R-K2, R-K3, R-B5.
    """
    election = election_for(session, case, act.election)
    party = get_party(session, case, act.party)
    key = content_key(f"answering-brief:e{election.sequence}:{party.key}", act.points)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    answered = [f for f in filings_of(session, election, FilingKind.EXCEPTIONS) if f.party_id != party.id]
    if not answered:
        raise ProcedureError(f"no other party filed exceptions in election {election.sequence} of {case.number}: an "
                             "answering brief answers exceptions (102.69(c)(1)(iii))", field="party")
    deadline = governing_deadline(session, case, election, FilingKind.ANSWERING_BRIEF)
    received_on = received_on_at(act, deadline_zone(deadline), as_of)
    first = min(answered, key=lambda f: f.received_on)
    timeliness = judge(case, deadline, act, what=f"answering brief of {party.name}", received_on=received_on,
                       earlier=[Earlier("the exceptions it answers were received", first.received_on)])
    require_stage(election, "filing an answering brief", STAGES)
    served: list[str | Gap] = []  # the service ledger's warnings (casefile.gaps)
    filing = store_filing(session, case, election, party, kind=FilingKind.ANSWERING_BRIEF, act=act, received_on=received_on,
                          deadline=deadline, timeliness=timeliness, body=[{"point": p} for p in act.points],
                          served=service_list(session, case, party, received_on), warnings=served)
    n = len(act.points)
    summary = (f"Answering brief of {party.name} to the exceptions ({counted(n, 'point of argument', 'points of argument')}), "
               f"{receipt_words(act.nlrb, act.at, received_on, tz=deadline_zone(deadline))}")
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=received_on,  # type: ignore[arg-type]
                   act=act.docket_act, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref_to(filing))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=summary,
                warnings=tuple(served))
