"""A party's request for an extension of time to file a document (29 CFR 102.2(c)).

The request must be filed no later than the date the document is due — *received* by then: the
postmark rule does not reach it (102.2(b)); one filed within 3 days of the due date must rest on
circumstances not reasonably foreseeable in advance; it is written, and served simultaneously on the
other parties, who may state their positions (R-B10). Only the offer of proof among the objection
filings can be extended (R-G5); the objections themselves cannot (R-G6). The order that grants it is
the pin-deadline act (an order fixing or extending a date); the request itself moves no date.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, ClassVar, Literal

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import (
    ANY_STAGE,
    Done,
    Issue,
    LegalDate,
    Paragraph,
    Prose,
    Who,
    again,
    content_key,
    recorded,
    ref_id,
)
from casefile.acts.file_offer_of_proof import objections_of_party
from casefile.acts.party_filing import (
    PartyFilingIn,
    deadline_zone,
    find_deadline,
    receipt_words,
    received_on_at,
    service_list,
    store_filing,
    stored_deadline,
)
from casefile.documents.kinds.extension_request import ExtensionRequest
from casefile.errors import BadInput, ProcedureError
from casefile.gaps import Gap
from casefile.record.authority import Whose
from casefile.record.lookups import get_party, parties_of
from casefile.record.models import Case, Deadline, Election, Party
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import docket
from casefile.rules.calendar import long_date
from casefile.rules.deadlines import NOUNS
from casefile.rules.extensions import UNEXTENDABLE, check_extendable
from casefile.rules.party_filings import late_extension_request_note
from casefile.rules.timeliness import StoredDeadline, judge_filing
from casefile.vocab import Actor, Audience, DeadlineKind, DeadlineStatus, FilingKind

#: Not bound to the election's stage (refused, where it is, on what the record holds): offered at every
#: stage (casefile.acts.allowed_now).
STAGES = ANY_STAGE


class RequestExtension(PartyFilingIn):
    """The request as filed: the period it asks to extend — ``deadline`` (its id, as `casefile
    deadlines` lists it) or ``kind`` (in the election named, default the latest) —, ``until`` the
    date asked for (when the request names one), ``reasons`` (the good cause), ``positions`` the
    other parties' positions as the request states them; ``at``/``date`` its receipt."""

    act: Literal["request-extension"] = "request-extension"
    WHOSE: ClassVar[Whose] = Whose.party("party")
    deadline: Annotated[int, Field(ge=1, strict=True)] | None = None
    kind: DeadlineKind | None = None
    until: LegalDate | None = None
    reasons: Prose
    positions: Paragraph = ""


def allowed_now(session: Session, case: Case, as_of: datetime | None = None, *, party: Party | None = None) -> bool:
    """Not bound to the stage (STAGES): offered, except to a ``party`` when every open period that an
    order could extend is an offer-of-proof period of an election in which the party filed no
    objections (objections_of_party, which perform() applies: the period is the objecting party's,
    102.69(a)(8))."""
    if party is None:
        return True
    open_ = [d for d in session.exec(select(Deadline).where(Deadline.case_id == case.id,
                                                            Deadline.status == DeadlineStatus.OPEN)
                                     .order_by(col(Deadline.id))) if d.kind not in UNEXTENDABLE]
    return not open_ or any(_partys_period(session, case, party, d) for d in open_)


def _partys_period(session: Session, case: Case, party: Party, deadline: Deadline) -> bool:
    """Whether ``deadline`` is a period ``party`` may ask to extend as far as whose period it is: an
    offer-of-proof period is the objecting party's (objections_of_party, which perform() applies;
    102.69(a)(8)), any other period any party's."""
    if deadline.kind is not DeadlineKind.OFFER_OF_PROOF:
        return True
    if deadline.for_whom != party.key and deadline.for_whom != Audience.OBJECTING_PARTY:
        return False  # another objecting party's own period (102.69(a)(8))
    election = session.get(Election, deadline.election_id)
    assert election is not None
    try:
        objections_of_party(session, case, election, party)
    except ProcedureError:
        return False
    return True


def periods_to_extend(session: Session, case: Case, party: Party, as_of: datetime) -> list[Deadline]:
    """The periods ``party`` may ask to extend at ``as_of``, soonest first: a party's period running
    then (started, cut-off not passed, not closed: casefile.rules.deadline_state.state_at), one an
    order may extend (not the objections: check_extendable), not one of the Regional Director's
    target dates, and an offer-of-proof period only in an election in which the party objected
    (objections_of_party) — the checks perform() applies. Authority: 29 CFR 102.2(c), 102.69(a)(8);
    rules.md R-G5, R-G6."""
    from casefile.rules.deadline_state import state_at
    from casefile.rules.target_dates import is_region_target

    out = []
    for d in session.exec(select(Deadline).where(Deadline.case_id == case.id).order_by(col(Deadline.cutoff_at),
                                                                                     col(Deadline.id))):
        if d.kind in UNEXTENDABLE or is_region_target(d.kind) or not state_at(
                kind=d.kind, status=d.status, trigger_on=d.trigger_on, cutoff_at=d.cutoff_at, closed_at=d.closed_at,
                as_of=as_of).open:
            continue
        if _partys_period(session, case, party, d):
            out.append(d)
    return out


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The request for an extension of time with its certificate of service."""
    return (Issue(ExtensionRequest, ref_id(ref, RecordTable.FILING)),)


def perform(session: Session, act: RequestExtension, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record the party's request for an extension of the named period.

    Refused for the objections periods (cannot be extended: 102.69(a)(8), R-G6), for the offer-of-proof
    period asked by a party that filed no objections in its election (the period is the objecting
    party's: objections_of_party, field ``party``) or named by id when it is another objecting party's
    (each party asks for its own: field ``deadline``; by ``kind``, the party's own is taken) and for a mooted period; ``until`` must be later than the date the record holds. Judged against the stored deadline
    as a request for an extension: received (not postmarked) by the due date, 11:59 p.m. at the office
    that receives the document (``judge_filing(..., extension_request=True)``); filed within 3 days
    of the due date it is recorded with the 102.2(c) warning (unforeseeable circumstances). Served
    on every other party. No date moves and no stage changes until an order grants it (pin-deadline).
    Idempotent on (deadline, party, date asked, reasons). Raises UntimelyFiling, ProcedureError,
    BadInput, UnknownRecord. Authority: 29 CFR 102.2(b), (c); 102.69(a)(8), (g); rules.md R-B10, R-G5, R-G6.
    """
    party = get_party(session, case, act.party)
    deadline = find_deadline(session, case, deadline_id=act.deadline, kind=act.kind, selector=act.election, party=party)
    election = session.get(Election, deadline.election_id)
    assert election is not None
    key = content_key(f"extension-request:{deadline.id}:{party.key}", act.until, " ".join(act.reasons.split()))
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    check_extendable(deadline.kind)
    if deadline.kind is DeadlineKind.OFFER_OF_PROOF:
        objections_of_party(session, case, election, party)  # the period is the objecting party's (102.69(a)(8))
        if deadline.for_whom not in (party.key, Audience.OBJECTING_PARTY):
            other = next((p.name for p in parties_of(session, case) if p.key == deadline.for_whom), deadline.for_whom)
            raise ProcedureError(f"deadline {deadline.id} is {other}'s offer-of-proof period, not {party.name}'s: a party "
                                 "asks to extend its own (102.69(a)(8))", field="deadline")
    if deadline.status is DeadlineStatus.MOOTED:
        raise ProcedureError(f"the {NOUNS[deadline.kind]} period is mooted (what it awaited was overtaken): there is "
                             "nothing to extend", field="deadline")
    if act.until is not None and act.until <= deadline.due_on:
        raise BadInput(f"the request asks for {act.until.isoformat()}, not later than the date the record holds "
                       f"({deadline.due_on.isoformat()}): it asks no extension", field="until")
    received_on = received_on_at(act, deadline_zone(deadline), as_of)
    stored: StoredDeadline = stored_deadline(case, deadline)
    timeliness = judge_filing(stored, what=f"request of {party.name} for an extension of the {NOUNS[deadline.kind]}",
                              received_on=received_on, received_at=act.at, method=act.method,
                              postmarked_on=act.postmarked_on, extension_request=True)
    warnings = tuple(w for w in (late_extension_request_note(received_on, deadline.due_on),) if w)
    body = [{"deadline_id": deadline.id, "kind": deadline.kind.value, "due_on": deadline.due_on.isoformat(),
             "until": act.until.isoformat() if act.until else None, "reasons": act.reasons, "positions": act.positions}]
    served: list[str | Gap] = []  # the service ledger's warnings (casefile.gaps)
    filing = store_filing(session, case, election, party, kind=FilingKind.EXTENSION_REQUEST, act=act, received_on=received_on,
                          deadline=deadline, timeliness=timeliness, body=body,
                          served=service_list(session, case, party, received_on), warnings=served)
    asked = f" to {long_date(act.until)}" if act.until else ""
    summary = (f"Request of {party.name} for an extension of the {NOUNS[deadline.kind]} (due "
               f"{long_date(deadline.due_on)}){asked}, {receipt_words(act.nlrb, act.at, received_on, tz=deadline_zone(deadline))}"
               + (f"; {warnings[0]}" if warnings else ""))
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=received_on,  # type: ignore[arg-type]
                   act=act.docket_act, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref_to(filing))
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=summary,
                warnings=(*warnings, *served))
