"""The people of a case's parties as the record holds them (casefile.record.models.Person: one home
for a person's contact details), and whether a case is kept from public sources (a record copy).

Counsel of record sign a party's filings and are served with the other parties' (29 CFR 102.4(e)):
:func:`counsel_of` lists them, lead counsel first. A party that names no representative may have its
own service address (a Person of the party's own name, neither counsel nor reminded):
:func:`service_contacts` gives the counsel, or else that address.

A case opened from a scenario's public sources (``Case.sources``) is a *record copy*: a fact the
sources lack is printed as a placeholder. A live case prints a blank line instead, and the act
that issues the document says which field is missing (:func:`counsel_warning`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from sqlmodel import Session, col, select

from casefile.gaps import Gap, GapKind
from casefile.record.models import Case, Party, Person
from casefile.vocab import DecisionKind


def is_record_copy(case: Case) -> bool:
    """Whether the case was transcribed from public sources (a replayed scenario): its documents are
    record copies, and a fact the sources lack is a placeholder, never a blank."""
    return bool(case.sources)


def people_of(session: Session, parties: Iterable[Party]) -> dict[int, list[Person]]:
    """Every person of each party (by party id), counsel first in their order, then the others by id."""
    ids = [p.id for p in parties]
    rows = session.exec(select(Person).where(col(Person.party_id).in_(ids))
                        .order_by(col(Person.counsel).desc(), col(Person.position), col(Person.id))).all()
    out: dict[int, list[Person]] = {i: [] for i in ids if i is not None}
    for person in rows:
        out.setdefault(person.party_id, []).append(person)
    return out


def counsel_of(session: Session, party: Party) -> list[Person]:
    """The party's counsel of record, lead counsel first."""
    return [p for p in people_of(session, [party]).get(party.id or 0, []) if p.counsel]


def service_contacts(people: list[Person], party: Party) -> list[Person]:
    """Whom a copy for ``party`` goes to: its counsel of record; with none, the party's own service
    address (a person of the party's name that is neither counsel nor reminded). 29 CFR 102.4(e)."""
    counsel = [p for p in people if p.counsel]
    if counsel:
        return counsel
    return [p for p in people if not p.reminded and p.name == party.name and (p.email or p.address)]


def counsel_warning(session: Session, case: Case, party: Party, *, document: str) -> Gap | None:
    """For a live case, the fact that ``party`` has no counsel of record, so the signature block of
    ``document`` is left blank (a Gap of kind NO_COUNSEL: each interface words how to add counsel);
    None when it has counsel or the case is a record copy. 29 CFR 102.4(e)."""
    if is_record_copy(case) or counsel_of(session, party):
        return None
    return Gap(GapKind.NO_COUNSEL, case.number, document, party=party.key, party_name=party.name)


def recorded_details(session: Session, party: Party) -> dict[str, str]:
    """A party's details in the shape a case file gives them (``name``, ``role``, ``representative``,
    ``email``, ``address``): the representative is its lead counsel, the e-mail and address that
    counsel's (or, with no counsel, the party's own service address)."""
    people = people_of(session, [party]).get(party.id or 0, [])
    contacts = service_contacts(people, party)
    lead = contacts[0] if contacts else None
    return {"role": party.role, "name": party.name, "representative": lead.name if lead is not None and lead.counsel else "",
            "email": lead.email if lead is not None else "", "address": lead.address if lead is not None else ""}


def signer_warning(case: Case, name: str, *, document: str, signer: str, act: str, entry_id: int | None = None) -> Gap | None:
    """For a live case whose ``document`` names no ``signer`` (``name`` empty): the fact that its
    signature line is left blank (a Gap of kind NO_SIGNER; ``act`` the act whose field names the
    signer, ``entry_id`` its docket entry: each interface says how to fill it); None otherwise."""
    if name.strip() or is_record_copy(case):
        return None
    return Gap(GapKind.NO_SIGNER, case.number, document, whom=signer, act=act, entry_id=entry_id)


def regional_director_named(session: Session, case: Case, *, on: date | None = None) -> str:
    """The Regional Director who signed the case's latest decision (by ``on`` when given), or ""."""
    from casefile.record.models import Decision, Election

    query = select(Decision.issuer).join(Election, Election.id == Decision.election_id).where(  # type: ignore[arg-type]
        Election.case_id == case.id, Decision.kind == DecisionKind.RD_DECISION, Decision.issuer != "")
    if on is not None:
        query = query.where(col(Decision.issued_on) <= on)
    return session.exec(query.order_by(col(Decision.issued_on).desc(), col(Decision.id).desc())).first() or ""
