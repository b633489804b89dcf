"""A party's cross-exceptions to the Hearing Officer's Report, after another party excepted.

29 CFR 102.69(c)(1)(iii) provides for exceptions within 10 business days and answering briefs 5
business days after that period; it says nothing of cross-exceptions. By analogy to 102.46(c) (a
party that has not excepted may cross-except, its period running from the last day for exceptions,
as the answering brief's does), casefile takes cross-exceptions by a party that filed no exceptions
within the answering-brief period, judged against that stored deadline (casefile.rules.party_filings;
[I] in rules.md's sense: an inference, said so wherever it is applied).
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import Done, Issue, Who, again, content_key, election_for, recorded, ref_id
from casefile.acts.file_exceptions import ExceptionIn
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
from casefile.documents.kinds.cross_exceptions import CrossExceptions
from casefile.errors import ProcedureError
from casefile.gaps import Gap
from casefile.record.authority import Whose
from casefile.record.lookups import get_party, parties_of
from casefile.record.models import Case, Election, Party
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import docket, require_stage
from casefile.rules.chronology import Earlier
from casefile.rules.party_filings import FILINGS
from casefile.rules.stages import accepted_at
from casefile.vocab import Actor, FilingKind

#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = accepted_at("file-cross-exceptions")


class FileCrossExceptions(PartyFilingIn):
    """The cross-exceptions as filed: ``party`` (one that filed no exceptions), ``exceptions``
    [{``excepted_to``, ``grounds``}] numbered in order; ``at``/``date`` their receipt."""

    act: Literal["file-cross-exceptions"] = "file-cross-exceptions"
    WHOSE: ClassVar[Whose] = Whose.party("party")
    exceptions: list[ExceptionIn] = Field(min_length=1, max_length=500)


def allowed_now(session: Session, case: Case, as_of: datetime | None = None, *, party: Party | None = None) -> bool:
    """Whether cross-exceptions may be filed now in the case's latest election, by ``party`` (else by some party):
    at a stage that accepts them (STAGES), by a party that filed no exceptions itself, another party having filed
    some (what perform() refuses otherwise). Authority: by analogy 29 CFR 102.46(c); rules.md R-K1."""
    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    if latest is None or latest.stage not in STAGES:
        return False
    excepted = {f.party_id for f in filings_of(session, latest, FilingKind.EXCEPTIONS)}
    return any(p.id not in excepted and bool(excepted - {p.id})
               for p in ([party] if party is not None else parties_of(session, case)))


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The cross-exceptions with their statement of service."""
    return (Issue(CrossExceptions, ref_id(ref, RecordTable.FILING)),)


def perform(session: Session, act: FileCrossExceptions, *, case: Case, as_of: datetime, by: Who) -> Done:
    """File the cross-exceptions in the election whose report another party excepted to.

    The party must not have filed exceptions itself and another party must have (ProcedureError); the
    election must be at exceptions-pending. Judged against the stored answering-brief deadline (module
    docstring). Served on every other party. No stage moves. Idempotent on (election, party,
    content). Raises UntimelyFiling, ProcedureError, IllegalTransition, UnknownRecord.
    Authority: 29 CFR 102.69(c)(1)(iii); by analogy 102.46(c); 102.2; rules.md R-K1, R-K2.
    """
    election = election_for(session, case, act.election)
    party = get_party(session, case, act.party)
    body = [{"excepted_to": e.excepted_to, "grounds": e.grounds} for e in act.exceptions]
    key = content_key(f"cross-exceptions:e{election.sequence}:{party.key}", body)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    exceptions = filings_of(session, election, FilingKind.EXCEPTIONS)
    if any(f.party_id == party.id for f in exceptions):
        raise ProcedureError(f"{party.name} filed exceptions itself: cross-exceptions are a party's answer to another's "
                             "exceptions by a party that did not except (by analogy to 102.46(c))", field="party")
    if not exceptions:
        raise ProcedureError(f"no party filed exceptions in election {election.sequence} of {case.number}: there is "
                             "nothing to cross-except to", field="party")
    deadline = governing_deadline(session, case, election, FilingKind.CROSS_EXCEPTIONS)
    received_on = received_on_at(act, deadline_zone(deadline), as_of)
    first = min(exceptions, key=lambda f: f.received_on)
    timeliness = judge(case, deadline, act, what=f"cross-exceptions of {party.name}", received_on=received_on,
                       earlier=[Earlier("the exceptions they answer were received", first.received_on)])
    require_stage(election, "filing cross-exceptions", STAGES)
    served: list[str | Gap] = []  # the service ledger's warnings (casefile.gaps)
    filing = store_filing(session, case, election, party, kind=FilingKind.CROSS_EXCEPTIONS, act=act, received_on=received_on,
                          deadline=deadline, timeliness=timeliness, body=body,
                          served=service_list(session, case, party, received_on), warnings=served)
    n = len(act.exceptions)
    summary = (f"Cross-exceptions of {party.name} to the Hearing Officer's Report ({n} exception{'s' if n != 1 else ''}), "
               f"{receipt_words(act.nlrb, act.at, received_on, tz=deadline_zone(deadline))}; held to the answering-brief period "
               f"({FILINGS[FilingKind.CROSS_EXCEPTIONS].citation})")
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=received_on,  # type: ignore[arg-type]
                   act=act.docket_act, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref_to(filing))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=summary,
                warnings=tuple(served))
