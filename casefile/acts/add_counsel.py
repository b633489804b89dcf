"""Add (or update) a party's counsel of record: name, firm, postal address, phone, e-mail, bar number.

Not an act of the procedure but of keeping the record: counsel sign the party's filings and are
served with the other parties' (29 CFR 102.4(e), 102.5(f)); a notice of appearance is how the Agency
learns of them. A party may have several counsel: the first entered is lead counsel (signs first).
The same name again updates that person's details: only those the act gives (a firm's address
changes; the others stay as recorded); the people reminded
of deadlines (``casefile people add``) are the same rows (casefile.record.models.Person).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field, field_validator
from sqlmodel import Session, func, select

from casefile.acts.base import (
    ANY_STAGE,
    ActIn,
    Done,
    Issue,
    Line,
    Paragraph,
    PartyKey,
    Strict,
    Text,
    Who,
    again,
    content_key,
    recorded,
)
from casefile.record.authority import Whose
from casefile.record.lookups import get_party
from casefile.record.models import Case, Party, Person
from casefile.record.refs import Ref, ref_to
from casefile.record.workflow import docket
from casefile.vocab import Actor, DocketActName

#: Not bound to the election's stage (refused, where it is, on what the record holds): offered at every
#: stage (casefile.acts.allowed_now).
STAGES = ANY_STAGE

_EMAIL = re.compile(r"^[^@\s<>(),;:\"\[\]]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")


class CounselIn(Strict):
    """Counsel as entered: ``name`` (required), ``firm``, ``address`` (postal, lines separated by
    newlines or "; "), ``phone``, ``email`` (where e-mail service goes) and ``bar_number`` as it is
    printed under the signature ("Illinois Bar No. 6201234")."""

    name: Text
    firm: Line = ""
    address: Paragraph = Field(default="", max_length=1000)
    phone: Line = ""
    email: Line = ""
    bar_number: Line = ""

    @field_validator("name", "firm", "phone", "bar_number", "address")
    @classmethod
    def _trimmed(cls, value: str) -> str:
        return value.strip()

    @field_validator("email")
    @classmethod
    def _email(cls, value: str) -> str:
        value = value.strip()
        if value and not _EMAIL.fullmatch(value):
            raise ValueError(f"{value!r} is not an e-mail address")
        return value

    def details(self) -> dict[str, str]:
        """The contact details as stored on the person (name aside)."""
        return {"firm": self.firm, "address": self.address, "phone": self.phone, "email": self.email,
                "bar_number": self.bar_number}


class AddCounsel(CounselIn, ActIn):
    """Counsel of record for ``party`` (its handle), with their contact details."""

    act: Literal["add-counsel"] = "add-counsel"
    WHOSE: ClassVar[Whose] = Whose.party("party")
    party: PartyKey


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """Adding counsel issues no document."""
    return ()


def store_counsel(session: Session, case: Case, party: Party, counsel: CounselIn, *, as_of: datetime,
                  position: int | None = None) -> tuple[Person, bool]:
    """Record ``counsel`` as counsel of record of ``party`` (a person of the same name is updated:
    made counsel, details replaced); returns the person and whether anything changed. ``position``:
    its place among the party's counsel (default: after the others)."""
    person = session.exec(select(Person).where(Person.case_id == case.id, Person.party_id == party.id,
                                               Person.name == counsel.name)).first()
    if person is None:
        if position is None:
            position = int(session.exec(select(func.count()).select_from(Person).where(
                Person.party_id == party.id, Person.counsel == True)).one())  # noqa: E712
        person = Person(case_id=case.id, party_id=party.id, name=counsel.name, created_at=as_of,  # type: ignore[arg-type]
                        counsel=True, reminded=False, position=position, firm=counsel.firm, address=counsel.address,
                        phone=counsel.phone, email=counsel.email, bar_number=counsel.bar_number)
        session.add(person)
        session.flush()
        return person, True
    before = (person.counsel, person.firm, person.address, person.phone, person.email, person.bar_number)
    for name, value in counsel.details().items():
        setattr(person, name, value)
    person.counsel = True
    if position is not None:
        person.position = position
    session.add(person)
    session.flush()
    return person, before != (True, counsel.firm, counsel.address, counsel.phone, counsel.email, counsel.bar_number)


def perform(session: Session, act: AddCounsel, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record counsel of record for the party. Idempotent on (party, name, details): the same
    counsel entered again changes nothing; for a name already recorded, the details the act gives
    (its fields set, an empty one included: it clears) update theirs and the others stay as
    recorded (a new docket entry when anything changed). Raises UnknownRecord (no such party,
    field ``party``)."""
    party = get_party(session, case, act.party)
    counsel = CounselIn.model_validate(act.model_dump(include=set(CounselIn.model_fields)))
    known = session.exec(select(Person).where(Person.case_id == case.id, Person.party_id == party.id,
                                              Person.name == counsel.name)).first()
    if known is not None:  # the details not given stay as recorded
        kept = {name: getattr(known, name) or "" for name in counsel.details() if name not in act.model_fields_set}
        counsel = counsel.model_copy(update=kept)
    key = content_key(f"counsel:{party.key}", counsel.model_dump())
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, ())
    person, _changed = store_counsel(session, case, party, counsel, as_of=as_of)
    firm = f" ({counsel.firm})" if counsel.firm else ""
    summary = f"Counsel of record for {party.name}: {counsel.name}{firm}"
    entry = docket(session, case.id, election_id=None, as_of=as_of, occurred_on=act.legal_date(case, as_of),  # type: ignore[arg-type]
                   act=DocketActName.ADD_COUNSEL, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref_to(person))
    assert entry.id is not None
    warnings = () if counsel.email else (
        f"{counsel.name} has no e-mail address: filings are served on counsel by e-mail by default, so service on "
        f"{party.name} will be left blank unless the filing gives `service` (or add --email)",)
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, summary=summary, warnings=warnings)
