"""What the party filings share (offer of proof, answering brief, cross-exceptions, motion for
reconsideration, request for review and its opposition, request for an extension): their common
fields as filed, the receipt date where the filing is received, the judgment against the stored
deadline, the statement of service, and the stored Filing row."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import ActIn, FiledIn, LegalDate, Paragraph, PartyKey
from casefile.acts.chronology import filed_before
from casefile.acts.service import ServiceIn, record_service, region_of
from casefile.errors import BadInput, ProcedureError
from casefile.gaps import Gap
from casefile.record.lookups import deadline_of
from casefile.record.models import Case, Deadline, Election, Filing, Party
from casefile.rules.chronology import Earlier
from casefile.rules.filed_with import filed_with
from casefile.rules.offices import office_named
from casefile.rules.party_filings import FILINGS
from casefile.rules.rule_sets import rule_set_by_id
from casefile.rules.timeliness import StoredDeadline, Timeliness, judge_filing, late_filing_way
from casefile.vocab import DeadlineKind, FilingKind, FilingMethod, NlrbFiling


def stored_deadline(case: Case, deadline: Deadline) -> StoredDeadline:
    """The deadline row as the timeliness rule takes it, in the zone of the office that receives the
    filing (the deadline's own: the Board's for a request for review; for a case transferred since
    the period began, the office it was to be filed with, casefile.rules.transfer)."""
    return StoredDeadline(due_on=deadline.due_on, cutoff_at=deadline.cutoff_at, citation=deadline.citation,
                          office_tz=office_named(deadline.office_key).tz, order=deadline.pinned_by)


class PartyFilingIn(ActIn, FiledIn):
    """The fields of a party's filing (not an act by itself): ``party`` the filer's handle; ``at``
    the instant the receiving office received it (with the date alone, give ``date``: timeliness is
    then judged by the date); ``method``; ``postmarked_on`` the postmark or delivery-service date of
    a paper filing (29 CFR 102.2(b)); ``note`` for the record."""

    party: PartyKey
    method: FilingMethod = FilingMethod.E_FILING
    postmarked_on: LegalDate | None = None
    note: Paragraph = ""
    service: list[ServiceIn] | None = Field(default=None, max_length=200)  # None: e-mail to each other party's counsel


def received_on_at(act: ActIn, tz: str, as_of: datetime) -> date:
    """The date a filing was received, where it is received (zone ``tz``): ``date``, else the date of
    ``at`` there, else the date of ``as_of`` there. Raises BadInput (field ``at``) when ``date`` and
    ``at`` disagree. Policy: a receipt is dated where it is received (29 CFR 102.2(b)); a request
    for review is received in Washington, DC whatever the case's office."""
    zone = ZoneInfo(tz)
    if act.at is not None:
        local = act.at.astimezone(zone).date()
        if act.on is not None and act.on != local:
            raise BadInput(f"{act.act_name}: 'at' {act.at.isoformat()} is {local.isoformat()} where it was received "
                           f"({zone.key}), not the act's date {act.on.isoformat()}", field="at")
        return local
    if act.on is not None:
        return act.on
    return as_of.astimezone(zone).date()


def governing_deadline(session: Session, case: Case, election: Election, kind: FilingKind) -> Deadline:
    """The stored deadline a filing of ``kind`` (a key of casefile.rules.party_filings.FILINGS) is
    judged against in ``election``. Raises ProcedureError (field ``election``) when the record holds
    none (the act that opens the period has not been recorded)."""
    rule = FILINGS[kind]
    deadline = deadline_of(session, election, rule.deadline)
    if deadline is None:
        raise ProcedureError(f"election {election.sequence} of {case.number} has no {rule.noun} period: the act that "
                             f"opens it is not in the record ({rule.citation})", field="election")
    return deadline


def judge(case: Case, deadline: Deadline, act: PartyFilingIn, *, what: str, received_on: date,
          extension_request: bool = False, earlier: Iterable[Earlier] = ()) -> Timeliness:
    """Judge the filing against the stored ``deadline`` (casefile.rules.timeliness.judge_filing),
    after refusing one received before the act that opened its period or before any of ``earlier``
    (the acts it answers; casefile.rules.chronology). Raises OutOfOrder, UntimelyFiling.
    Authority: 29 CFR 102.2(a)-(c); casefile.rules.chronology."""
    filed_before(what, received_on, deadline, at=act.at, earlier=earlier)
    return judge_filing(stored_deadline(case, deadline), what=what, received_on=received_on, received_at=act.at,
                        method=act.method, postmarked_on=act.postmarked_on, extension_request=extension_request,
                        late="" if extension_request else late_filing_way(deadline.kind))


def received_words(at: datetime | None, on: date, tz: str) -> str:
    """When a filing was received, for a docket summary: "12:00 a.m. EST on December 20, 2021" (the
    receipt in the receiving office's zone ``tz``), else "Mon 2021-12-20". Display only."""
    from casefile.rules.calendar import day_label, instant_label

    return instant_label(at.astimezone(ZoneInfo(tz))) if at is not None else day_label(on)


def receipt_words(nlrb: NlrbFiling, at: datetime | None, received_on: date, *, tz: str) -> str:
    """For a docket summary, what the record holds of a filing's receipt: "received 12:00 p.m. CST on December 1, 2026"
    (``at`` on the receiving office's clock ``tz``, whatever offset it was given with — "18:00Z" is told
    "11:00 a.m. PDT" at Seattle; else the day ``received_on``) for a filing e-filed with the NLRB (``nlrb``);
    for one only prepared in casefile, which no one has received yet (29 CFR 102.2(b), 102.5(c);
    casefile.rules.efiling), "prepared in casefile on December 1, 2026, not yet e-filed with the NLRB":
    no receipt time. Display only."""
    from casefile.documents.wording import long_date
    from casefile.rules.calendar import clock_label

    if nlrb is NlrbFiling.PREPARED:
        return f"prepared in casefile on {long_date(received_on)}, not yet e-filed with the NLRB"
    if at is None:
        return f"received {long_date(received_on)}"
    local = at.astimezone(ZoneInfo(tz))
    return f"received {clock_label(local)} on {long_date(local.date())}"


def received_by(case: Case, deadline: Deadline | None) -> str:
    """For a docket summary, the office that received a filing when it is not the case's office now:
    " by Brooklyn, NY (29-brooklyn), with which the period stayed when the case was transferred" — a
    period already running when the case was transferred stays with the office that was to receive
    the filing (casefile.rules.transfer), so the filing is received, and dated, there (29 CFR
    102.2(b)). "" for a filing received by the case's office or by the Board. Display only."""
    if deadline is None or deadline.office_key in (case.office_key, "board"):
        return ""
    office = office_named(deadline.office_key)
    return f" by {office.name} ({office.key}), with which the period stayed when the case was transferred"


def deadline_zone(deadline: Deadline) -> str:
    """The zone of the office that receives filings against ``deadline``."""
    return office_named(deadline.office_key).tz


def service_list(session: Session, case: Case, party: Party, on: date) -> list[dict[str, Any]]:
    """Copies beyond the parties' (none): service on every other party is written to the service
    ledger when the filing is stored (casefile.acts.service.record_service, the act's ``service``)."""
    return []


def store_filing(session: Session, case: Case, election: Election, party: Party, *, kind: FilingKind, act: PartyFilingIn,
                 received_on: date, deadline: Deadline | None, timeliness: Timeliness | None, body: list[Any],
                 served: list[dict[str, Any]], confidential: bool = False, accompanies_id: int | None = None,
                 note: str = "", warnings: list[str | Gap] | None = None) -> Filing:
    """Store the Filing row (flushed: its id is set) and its service ledger; the ledger's warnings (no
    counsel of record, a party served at no address) are added to ``warnings`` when given. A request
    for an extension of a period the Board receives (a request for review, its opposition) is filed
    with the Board, as that document is (29 CFR 102.2(c)); with whom each is filed:
    casefile.rules.filed_with."""
    filing = Filing(
        case_id=case.id, election_id=election.id, party_id=party.id, kind=kind,  # type: ignore[arg-type]
        received_at=act.at, received_on=received_on, method=act.method,
        deadline_id=deadline.id if deadline is not None else None, timely=True,
        timeliness_note=timeliness.note if timeliness is not None else note, confidential=confidential,
        body=body, note=act.note, uncertain=act.uncertain, accompanies_id=accompanies_id, **act.in_record(),
    )
    session.add(filing)
    session.flush()
    rule = FILINGS.get(kind)
    motion_to = next((b.get("to") for b in body if isinstance(b, dict) and "to" in b), None)
    where = filed_with(kind, rule_set_by_id(case.rule_set_id),
                       period=DeadlineKind(deadline.kind) if deadline is not None else None,
                       before_board=motion_to == "Board")
    noted = record_service(session, case, filing, party, service=act.service,
                           document=rule.noun if rule else kind.replace("-", " "),
                           filed_with=where.certificate_words(region_of(case)),
                           copies=tuple(str(d.get("party")) for d in served if isinstance(d, dict) and d.get("party")))
    if warnings is not None:
        warnings.extend(noted)
    return filing


def filings_of(session: Session, election: Election, kind: FilingKind, *, party: Party | None = None) -> list[Filing]:
    """The election's filings of ``kind`` (of ``party`` when given), in the order received."""
    query = select(Filing).where(Filing.election_id == election.id, Filing.kind == kind)
    if party is not None:
        query = query.where(Filing.party_id == party.id)
    return list(session.exec(query.order_by(col(Filing.received_on), col(Filing.id))))


def find_deadline(session: Session, case: Case, *, deadline_id: int | None, kind: Any, selector: Any,
                  party: Party | None = None) -> Deadline:
    """The deadline an act names: by id (``deadline``, as `casefile deadlines` lists it), or by
    ``kind`` in the election ``selector`` names (the latest of that kind). An offer of proof is each
    objecting party's (29 CFR 102.69(a)(8)): by kind, ``party``'s own period (or the tally's, which no
    party took yet); without ``party``, the one period of the election's latest tally, and BadInput
    (field ``party``) when several parties have one. Raises BadInput (neither or both given; an election
    that is not the deadline's; an offer of proof whose party is not named), ProcedureError (field ``party``:
    an offer of proof of a party that filed no objections), UnknownRecord (no such deadline)."""
    from casefile.acts.base import election_for
    from casefile.errors import UnknownRecord
    from casefile.record.deadlines import offer_period_for
    from casefile.vocab import Audience, DeadlineKind

    if (deadline_id is None) == (kind is None):
        raise BadInput("name the deadline by its id ('deadline', see `casefile deadlines`) or by its kind ('kind'), "
                       "not both", field="deadline")
    if deadline_id is not None:
        deadline = session.get(Deadline, deadline_id, with_for_update=True)
        if deadline is None or deadline.case_id != case.id:
            raise UnknownRecord(f"{case.number} has no deadline {deadline_id} (see `casefile deadlines --case "
                                f"{case.number}`)", field="deadline")
        if selector is not None and election_for(session, case, selector).id != deadline.election_id:
            raise BadInput(f"deadline {deadline.id} is not a deadline of the election named", field="election")
        return deadline
    election = election_for(session, case, selector)
    found = deadline_of(session, election, kind)
    if found is not None and found.kind is DeadlineKind.OFFER_OF_PROOF:
        if party is not None:
            found = offer_period_for(session, election, party.key) or (
                found if found.for_whom == Audience.OBJECTING_PARTY else None)
            if found is None:
                raise ProcedureError(f"{party.name} filed no objections in election {election.sequence} of {case.number}: "
                                     "it has no offer-of-proof period (the offer supports a party's objections, "
                                     "102.69(a)(8))", field="party")
        else:
            periods = list(session.exec(select(Deadline).where(
                Deadline.election_id == election.id, Deadline.kind == DeadlineKind.OFFER_OF_PROOF,
                Deadline.trigger_on == found.trigger_on).order_by(col(Deadline.id))))
            if len(periods) > 1:
                from casefile.record.lookups import parties_of

                names = {p.key: p.name for p in parties_of(session, case)}
                whose = " and ".join(f"{names.get(d.for_whom, d.for_whom)} ({d.for_whom})" for d in periods)
                raise BadInput(f"election {election.sequence} of {case.number} has an offer-of-proof period for each "
                               f"objecting party, {whose}: name the party whose period it is ('party')", field="party")
    if found is None:
        raise UnknownRecord(f"election {election.sequence} of {case.number} has no {kind.value} deadline", field="kind")
    return found
