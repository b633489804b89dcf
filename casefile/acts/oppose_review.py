"""A party's statement in opposition to another party's request for review (29 CFR 102.67(f)).

Due 5 business days after the last day the request for review could be filed (not after it was
filed: R-B5, R-N6), received by the Board's Office of the Executive Secretary; no reply without
special leave; the Board may rule without waiting for it.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session

from casefile.acts.base import (
    ANY_STAGE,
    Done,
    Issue,
    Prose,
    Who,
    again,
    content_key,
    election_for,
    recorded,
    ref_id,
)
from casefile.acts.chronology import filed_before
from casefile.acts.party_filing import (
    PartyFilingIn,
    deadline_zone,
    filings_of,
    judge,
    receipt_words,
    received_on_at,
    received_words,
    service_list,
    store_filing,
)
from casefile.documents.kinds.statement_in_opposition import StatementInOpposition
from casefile.errors import ProcedureError, UnknownRecord
from casefile.gaps import Gap
from casefile.record.authority import Whose
from casefile.record.lookups import deadline_of, get_party, parties_of
from casefile.record.models import Case, Election, Filing, Party
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import docket
from casefile.rules.calendar import day_label
from casefile.rules.chronology import Earlier
from casefile.rules.offices import BOARD_OFFICE
from casefile.vocab import Actor, DeadlineKind, FilingKind, NlrbFiling

#: Not bound to the election's stage (refused, where it is, on what the record holds): offered at every
#: stage (casefile.acts.allowed_now).
STAGES = ANY_STAGE


class OpposeReview(PartyFilingIn):
    """The statement in opposition as filed with the Board: ``party`` the opposing party, ``points``
    its points in order; ``at``/``date`` its receipt by the Office of the Executive Secretary."""

    act: Literal["oppose-review"] = "oppose-review"
    WHOSE: ClassVar[Whose] = Whose.party("party")
    points: list[Prose] = Field(min_length=1, max_length=200)


def requests_to_oppose(session: Session, case: Case, election: Election, party: Party) -> list[Filing]:
    """The requests for review ``party`` may oppose in the election: another party's (a party does not
    oppose its own). Raises ProcedureError (field ``party``) when there is none (102.67(f))."""
    requests = [f for f in filings_of(session, election, FilingKind.REQUEST_FOR_REVIEW) if f.party_id != party.id]
    if not requests:
        raise ProcedureError(f"no other party requested review in election {election.sequence} of {case.number}: there "
                             "is no request for review to oppose (102.67(f))", field="party")
    return requests


def allowed_now(session: Session, case: Case, as_of: datetime | None = None, *, party: Party | None = None) -> bool:
    """Whether ``party`` (else some party) may oppose a request for review in the latest election now:
    the rule perform() applies (requests_to_oppose)."""
    try:
        election = election_for(session, case, None, lock=False)
    except UnknownRecord:
        return False
    for who in [party] if party is not None else parties_of(session, case):
        try:
            requests_to_oppose(session, case, election, who)
        except ProcedureError:
            continue
        return True
    return False


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Statement in Opposition with its certificate of service."""
    return (Issue(StatementInOpposition, ref_id(ref, RecordTable.FILING)),)


def perform(session: Session, act: OpposeReview, *, case: Case, as_of: datetime, by: Who) -> Done:
    """File the statement in opposition to the request for review pending in the election.

    Another party must have requested review (ProcedureError otherwise; a party does not oppose its
    own request). Judged against the stored opposition deadline (5 business days after the last day
    for the request, received by the Board: 11:59 p.m. Eastern; R-N6, R-B5, R-B9); where the request
    is of a decision setting the election aside, no period is in the record (R-N3 leaves the
    request's own period open) and the statement is accepted, the docket saying so. No stage moves.
    Served on every other party. Idempotent on (election, party, points). Raises UntimelyFiling,
    ProcedureError, UnknownRecord. Authority: 29 CFR 102.67(f), 102.2; rules.md R-N6, R-B5.
    """
    election = election_for(session, case, act.election)
    party = get_party(session, case, act.party)
    key = content_key(f"rfr-opposition:e{election.sequence}:{party.key}", act.points)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    request = requests_to_oppose(session, case, election, party)[-1]
    deadline = deadline_of(session, election, DeadlineKind.RFR_OPPOSITION) if request.deadline_id is not None else None
    zone = deadline_zone(deadline) if deadline is not None else BOARD_OFFICE.tz
    received_on = received_on_at(act, zone, as_of)
    filed_before(f"statement in opposition of {party.name}", received_on, None, at=act.at, earlier=[
        Earlier("the request for review it opposes was received", request.received_on, request.received_at)])
    timeliness = judge(case, deadline, act, what=f"statement in opposition of {party.name}", received_on=received_on) \
        if deadline is not None else None
    served: list[str | Gap] = []  # the service ledger's warnings (casefile.gaps)
    filing = store_filing(session, case, election, party, kind=FilingKind.RFR_OPPOSITION, act=act, received_on=received_on,
                          deadline=deadline, timeliness=timeliness, body=[{"point": p} for p in act.points],
                          served=service_list(session, case, party, received_on), warnings=served,
                          note="no opposition period in the record: the request is of a decision setting the election "
                               "aside, which is not a final disposition (29 CFR 102.67(c))" if deadline is None else "")
    summary = (f"Statement in opposition of {party.name} to the request for review received "
               f"{day_label(request.received_on)}, " + (
               f"received by the Board {received_words(act.at, received_on, zone)}" if act.nlrb is not NlrbFiling.PREPARED
               else receipt_words(act.nlrb, act.at, received_on, tz=zone)))
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=received_on,  # type: ignore[arg-type]
                   act=act.docket_act, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref_to(filing))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=summary,
                warnings=tuple(served))
