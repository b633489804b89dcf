"""File a party's exceptions to the Hearing Officer's Report.

Any party may file exceptions with the Regional Director within 10 business days from the date
the report issues (R-K1), served immediately on the other parties with a statement of service.
Timeliness is judged against the exceptions deadline as the record holds it — computed when the
report was recorded, or fixed or extended by an order since (29 CFR 102.2(c)) — by the same rule
as every filing, the postmark rule for paper included (casefile.rules.timeliness).
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session

from casefile.acts.base import (
    ActIn,
    Done,
    FiledIn,
    Issue,
    LegalDate,
    PartyKey,
    Prose,
    Strict,
    Who,
    again,
    content_key,
    election_for,
    recorded,
    ref_id,
)
from casefile.acts.chronology import filed_before, latest_on
from casefile.acts.party_filing import deadline_zone, filings_of, receipt_words, received_on_at, stored_deadline
from casefile.acts.service import ServiceIn, record_service, region_of
from casefile.documents.kinds.exceptions import Exceptions
from casefile.errors import ProcedureError
from casefile.record.authority import Whose
from casefile.record.lookups import deadline_of, get_party
from casefile.record.models import Case, Filing
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import advance, docket, require_stage
from casefile.rules.calendar import long_date
from casefile.rules.chronology import Earlier
from casefile.rules.filed_with import filed_with
from casefile.rules.rule_sets import rule_set_by_id
from casefile.rules.stages import accepted_at
from casefile.rules.timeliness import judge_filing, late_filing_way
from casefile.vocab import Actor, DeadlineKind, DocketActName, FilingKind, FilingMethod, NlrbFiling, Stage

#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = accepted_at("file-exceptions")


#: The document the filing's certificate of service is part of.
SERVED_AS = "Exceptions"


class ExceptionIn(Strict):
    """One exception: the finding or recommendation excepted to, and the grounds (R-K1)."""

    excepted_to: Prose
    grounds: Prose


class FileExceptions(ActIn, FiledIn):
    """A party's exceptions as filed — to the Hearing Officer's Report (with the Regional Director,
    29 CFR 102.69(c)(1)(iii)) or, in a case consolidated with an unfair labor practice case, to the
    Administrative Law Judge's decision (with the Board, 102.46(a)): ``exceptions`` numbered in order; ``at``
    the instant the office received them (with the date alone, give ``date``: timeliness is then
    judged by the date); ``postmarked_on`` the postmark or delivery-service date of a paper
    filing (29 CFR 102.2(b))."""

    act: Literal["file-exceptions"] = "file-exceptions"
    WHOSE: ClassVar[Whose] = Whose.party("party", staff=True)
    party: PartyKey
    exceptions: list[ExceptionIn] = Field(min_length=1, max_length=500)
    method: FilingMethod = FilingMethod.E_FILING
    postmarked_on: LegalDate | None = None
    service: list[ServiceIn] | None = Field(default=None, max_length=200)  # None: e-mail to each other party's counsel


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The exceptions with their statement of service."""
    return (Issue(Exceptions, ref_id(ref, RecordTable.FILING)),)


def perform(session: Session, act: FileExceptions, *, case: Case, as_of: datetime, by: Who) -> Done:
    """File the exceptions in the election's exceptions period.

    Timeliness first, against the stored exceptions deadline (pinned or extended by order, or as
    computed: 11:59 p.m. in the receiving office's zone on the 10th business day after the report,
    R-K1; paper by the office's closing time or postmarked the day before, 102.2(b)). Then the
    stage: ho-report-issued (→ exceptions-pending) or exceptions-pending (another party's
    exceptions). At alj-decision-issued (a case consolidated with an unfair labor practice case) the
    exceptions are to the Administrative Law Judge's decision, received by the Board against the
    stored alj-exceptions deadline (102.46(a)); the election stays where it is until the Board
    decides. Served on every other party. Idempotent on (election, party, content). Raises
    UntimelyFiling, IllegalTransition, ProcedureError (no report or decision to except to; field ``party``: the
    party waived its right to file exceptions in this period, waive-exceptions),
    UnknownRecord. Authority: 29 CFR 102.69(c)(1)(iii), 102.46(a); 102.2(a)-(c); rules.md R-K1.
    """
    election = election_for(session, case, act.election)
    party = get_party(session, case, act.party)
    to_alj = election.stage is Stage.ALJ_DECISION_ISSUED
    body = [{"excepted_to": e.excepted_to, "grounds": e.grounds} for e in act.exceptions]
    key = content_key(f"{'alj-' if to_alj else ''}exceptions:e{election.sequence}:{party.key}", body)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    deadline = deadline_of(session, election, DeadlineKind.ALJ_EXCEPTIONS if to_alj else DeadlineKind.EXCEPTIONS)
    if deadline is None:
        what = "administrative law judge's decision" if to_alj else "hearing officer's report"
        raise ProcedureError(f"election {election.sequence} of {case.number} has no {what} to except to", field="election")
    waiver = next((f for f in filings_of(session, election, FilingKind.EXCEPTIONS_WAIVER, party=party)
                   if f.deadline_id == deadline.id and f.nlrb is NlrbFiling.E_FILED), None)
    if waiver is not None:  # its right given up in writing (the Regions' practice, docs/rules.md X-K8)
        raise ProcedureError(f"{party.name} waived its right to file exceptions on {long_date(waiver.received_on)}: "
                             "it has no exceptions to file in this period (29 CFR 102.69(c)(1)(iii))", field="party")
    received_on = received_on_at(act, deadline_zone(deadline), as_of) if to_alj else act.legal_date(case, as_of)
    filed_before(f"exceptions of {party.name}", received_on, deadline, at=act.at,
                 earlier=[Earlier("the Administrative Law Judge's decision issued", latest_on(session, election, DocketActName.ALJ_DECISION))
                          if to_alj else Earlier("the hearing officer's report issued",
                                                 latest_on(session, election, DocketActName.HO_REPORT))])
    timeliness = judge_filing(stored_deadline(case, deadline), what=f"exceptions of {party.name}",
                              received_on=received_on, received_at=act.at, method=act.method,
                              postmarked_on=act.postmarked_on, late=late_filing_way(deadline.kind))
    require_stage(election, "filing exceptions", STAGES)
    filing = Filing(
        case_id=case.id, election_id=election.id, party_id=party.id, kind=FilingKind.EXCEPTIONS,  # type: ignore[arg-type]
        received_at=act.at, received_on=received_on, method=act.method, deadline_id=deadline.id, timely=True,
        timeliness_note=timeliness.note, uncertain=act.uncertain, body=body, **act.in_record(),
    )
    session.add(filing)
    session.flush()
    warnings = record_service(session, case, filing, party, service=act.service, document=SERVED_AS,
                              filed_with=filed_with(FilingKind.EXCEPTIONS, rule_set_by_id(case.rule_set_id),
                                                    period=DeadlineKind(deadline.kind)).certificate_words(region_of(case)))
    n = len(act.exceptions)
    excepted = "the Administrative Law Judge's Decision" if to_alj else "the Hearing Officer's Report"
    summary = f"Exceptions of {party.name} to {excepted} ({n} exception{'s' if n != 1 else ''})"
    if act.nlrb is NlrbFiling.PREPARED:  # before no one yet: no receipt
        summary += f", {receipt_words(act.nlrb, act.at, received_on, tz=deadline_zone(deadline))}"
    ref = ref_to(filing)
    if election.stage is Stage.HO_REPORT_ISSUED and act.nlrb is NlrbFiling.E_FILED:  # prepared: moves nothing yet
        entry = advance(session, election, Stage.EXCEPTIONS_PENDING, as_of=as_of, occurred_on=received_on,
                        act=DocketActName.FILE_EXCEPTIONS, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref)
    else:
        entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=received_on,  # type: ignore[arg-type]
                       act=DocketActName.FILE_EXCEPTIONS, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref)
    if act.nlrb is NlrbFiling.E_FILED:  # the last party to file after the others waived: no one left (X-K8)
        from casefile.acts.waive_exceptions import close_when_waived

        close_when_waived(session, case, election, deadline, as_of=as_of, on=received_on, at=act.at)
    assert entry.id is not None
    return Done(act=act.act, ref=ref, entry_id=entry.id, issue=issues(session, ref), summary=summary, warnings=warnings)
