"""How a party's filing was served: the service ledger (casefile.record.models.ServiceRecord) written
when the filing is recorded, and what a filing act takes to say otherwise (``service``).

By default a filing is e-filed with the Regional Director and served by e-mail on each other
party's counsel of record at the e-mail address the record holds (29 CFR 102.5(f): service by the
same or a faster method than filing; 102.4(e): service on a party's representative). A filing's
``service`` list replaces that default for the other parties: whom (a party and, optionally, one of
its counsel by name), how, at what address, and when. A confidential filing (an offer of proof) is
served on no other party (29 CFR 102.69(a)(8)).

The certificate or statement of service is written from the ledger (casefile.documents.record_view), so
it says how each party was actually served, not how it would be served now.
"""

from __future__ import annotations

from datetime import date, datetime

from pydantic import Field
from sqlmodel import Session

from casefile.acts.base import Instant, LegalDate, Line, Paragraph, PartyKey, Strict
from casefile.errors import BadInput, ProcedureError, UnknownRecord
from casefile.gaps import Gap, GapKind
from casefile.record.deadlines import office_of
from casefile.record.lookups import parties_of
from casefile.record.models import Case, Filing, Party, Person, ServiceRecord
from casefile.record.people import counsel_warning, is_record_copy, people_of, service_contacts
from casefile.vocab import FilingMethod, ServiceMethod

#: Where each method of service is sent: the person's e-mail, or their postal address.
_BY_EMAIL = frozenset({ServiceMethod.EMAIL})
_BY_POST = frozenset({ServiceMethod.MAIL, ServiceMethod.OVERNIGHT, ServiceMethod.HAND})


class ServiceIn(Strict):
    """One service of a filing as made: on ``party`` (its handle), on ``person`` (one of its counsel,
    by name; default: each of its counsel, or the party itself when it has none), by ``method``, at
    ``address`` (default: the person's e-mail for e-mail, postal address for mail, overnight delivery
    or hand delivery; required by fax), at ``at`` / on ``date`` (default: when the filing was received)."""

    party: PartyKey
    person: Line = ""
    method: ServiceMethod = ServiceMethod.EMAIL
    address: Paragraph = Field(default="", max_length=1000)
    at: Instant | None = None
    on: LegalDate | None = Field(default=None, alias="date")


def region_of(case: Case) -> int:
    """The number of the Region that handles the case now (its receiving office's)."""
    return int(office_of(case).region or case.region)


def _filed_line(filing: Filing, filed_with: str) -> tuple[ServiceMethod | None, str]:
    method = {FilingMethod.E_FILING: ServiceMethod.E_FILING, FilingMethod.FAX: ServiceMethod.FAX}.get(filing.method)
    return method, ("NLRB E-Filing system" if method is ServiceMethod.E_FILING else "")


def record_service(session: Session, case: Case, filing: Filing, filer: Party, *, service: list[ServiceIn] | None,
                   document: str, filed_with: str | None = None, copies: tuple[str, ...] = ()) -> tuple[Gap, ...]:
    """Write the ledger of ``filing`` (flushed, its id set) by ``filer``: the filing with
    ``filed_with`` (default: the Regional Director of the case's Region), then each service on
    another party — the default (e-mail to each other party's counsel), or ``service`` as given;
    none for a confidential filing; then ``copies`` to others than the parties (e.g. the Regional
    Director's copy of a request for review, 102.67(i)(2)), their manner not in the record. Returns the warnings of a live case, as facts (casefile.gaps.Gap): counsel missing for the
    filer, a party served at no address (its certificate line is then blank), a party not served.

    Raises UnknownRecord (a party or person not in the case; field ``service.N.party`` /
    ``service.N.person``), ProcedureError (the filer served on itself; a confidential filing served),
    BadInput (no address for the method given, field ``service.N.address``). Rule: 29 CFR 102.4(e),
    102.5(f)-(h); 102.69(a)(8) for an offer of proof."""
    assert filing.id is not None
    served_on, served_at = filing.received_on, filing.received_at
    method, address = _filed_line(filing, filed_with or "")
    rows = [ServiceRecord(case_id=case.id, filing_id=filing.id, party_id=None, served=filed_with or  # type: ignore[arg-type]
                          f"Regional Director, Region {region_of(case)}", method=method, address=address,
                          served_at=served_at, served_on=served_on, position=0)]
    parties = [p for p in parties_of(session, case) if p.id != filer.id]
    people = people_of(session, parties)
    if filing.confidential:
        if service:
            raise ProcedureError(f"the {document} is confidential: it is served on no other party (29 CFR 102.69(a)(8))",
                                 field="service")
    elif service is None:
        for party in parties:
            contacts = service_contacts(people.get(party.id or 0, []), party)
            if not contacts:
                rows.append(_row(case, filing, party, None, None, "", served_at, served_on))
            for person in contacts:
                rows.append(_row(case, filing, party, person, ServiceMethod.EMAIL if person.email else None,
                                 person.email, served_at, served_on))
    else:
        rows += _as_given(session, case, filing, filer, parties, people, service)
    rows += [ServiceRecord(case_id=case.id, filing_id=filing.id, party_id=None, served=copy, method=None, address="",  # type: ignore[arg-type]
                           served_at=served_at, served_on=served_on) for copy in copies]
    for position, row in enumerate(rows):
        row.position = position
        session.add(row)
    session.flush()
    if is_record_copy(case):
        return ()
    warnings: list[Gap] = [w for w in (counsel_warning(session, case, filer, document=document),) if w]
    for row in rows[1:]:
        if row.party_id is not None and (row.method is None or not row.address):
            party = next(p for p in parties if p.id == row.party_id)
            whom = f"{row.served} ({party.name})" if row.person_id is not None else party.name
            warnings.append(Gap(GapKind.SERVED_NOWHERE, case.number, document, party=party.key, party_name=party.name,
                                whom=whom))
    if not filing.confidential:
        served_parties = {row.party_id for row in rows[1:]}
        warnings += [Gap(GapKind.NOT_SERVED, case.number, document, party=p.key, party_name=p.name)
                     for p in parties if p.id not in served_parties]
    return tuple(warnings)


def default_service_gaps(session: Session, case: Case, filer: Party, *, document: str) -> tuple[Gap, ...]:
    """Before a filing of ``filer`` is recorded with the default service (e-mail to each other
    party's counsel of record, :func:`record_service` with ``service`` None): what its signature
    block and certificate of service would leave blank — the filer with no counsel of record, and
    each other party (or counsel) with no e-mail address in the record. () for a record copy. Reads
    only. Rule: 29 CFR 102.4(e), 102.5(f)-(h)."""
    if is_record_copy(case):
        return ()
    warnings: list[Gap] = [w for w in (counsel_warning(session, case, filer, document=document),) if w]
    parties = [p for p in parties_of(session, case) if p.id != filer.id]
    people = people_of(session, parties)
    for party in parties:
        contacts = service_contacts(people.get(party.id or 0, []), party)
        missing = [party.name] if not contacts else [f"{p.name} ({party.name})" for p in contacts if not p.email]
        warnings += [Gap(GapKind.NO_EMAIL, case.number, document, party=party.key, party_name=party.name, whom=whom)
                     for whom in missing]
    return tuple(warnings)


def _row(case: Case, filing: Filing, party: Party, person: Person | None, method: ServiceMethod | None, address: str,
         served_at: datetime | None, served_on: date) -> ServiceRecord:
    return ServiceRecord(case_id=case.id, filing_id=filing.id, party_id=party.id,  # type: ignore[arg-type]
                         person_id=person.id if person is not None else None,
                         served=person.name if person is not None else party.name, method=method, address=address,
                         served_at=served_at, served_on=served_on)


def _as_given(session: Session, case: Case, filing: Filing, filer: Party, parties: list[Party],
              people: dict[int, list[Person]], service: list[ServiceIn]) -> list[ServiceRecord]:
    """The ledger rows of a ``service`` list, each checked against the record."""
    from zoneinfo import ZoneInfo

    by_key = {p.key: p for p in parties}
    rows = []
    for i, given in enumerate(service):
        if given.party == filer.key:
            raise ProcedureError(f"service.{i}: {filer.name} files the document; it is not served on itself",
                                 field=f"service.{i}.party")
        party = by_key.get(given.party)
        if party is None:
            known = ", ".join(by_key) or "none"
            raise UnknownRecord(f"service.{i}: case {case.number} has no other party {given.party!r} (parties: {known})",
                                field=f"service.{i}.party")
        own = people.get(party.id or 0, [])
        if given.person:
            chosen = [p for p in own if p.name == given.person]
            if not chosen:
                names = ", ".join(p.name for p in own if p.counsel) or "none recorded"
                raise UnknownRecord(f"service.{i}: {given.person!r} is not counsel of {party.name} (counsel: {names}; "
                                    f"add one with `casefile counsel add {case.number} --party {party.key} ...`)",
                                    field=f"service.{i}.person")
            recipients: list[Person | None] = list(chosen)
        else:
            recipients = list(service_contacts(own, party)) or [None]
        at = given.at if given.at is not None else (filing.received_at if given.on is None else None)
        on = given.on or (given.at.astimezone(ZoneInfo(office_of(case).tz)).date() if given.at else filing.received_on)
        for person in recipients:
            address = given.address.strip()
            if not address and person is not None:
                address = person.email if given.method in _BY_EMAIL else person.address if given.method in _BY_POST else ""
            if not address:
                who = person.name if person is not None else party.name
                raise BadInput(f"service.{i}: no address for service on {who} by {given.method.value}: give `address` "
                               f"(the record holds {'none' if person is None else 'no ' + ('e-mail' if given.method in _BY_EMAIL else 'postal address' if given.method in _BY_POST else 'fax number')})",
                               field=f"service.{i}.address")
            rows.append(_row(case, filing, party, person, given.method, address, at, on))
    return rows
