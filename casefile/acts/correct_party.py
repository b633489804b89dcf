"""Correct a party's details as the record holds them: its name, its representative of record, the
e-mail and postal address it is served at (102.4(e)).

The documents issued from now on use the corrected details. A corrected name is a caption that
was wrong: every document whose content it changes is issued again as a new version, the first
kept. A corrected representative, e-mail or address is not a reason to issue again what was
already served: a certificate of service says where service was made, and it was made at the
address then recorded. The correction names those documents so that they can be served again at
the corrected address where the earlier service did not reach the party.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from sqlmodel import Session, col, select

from casefile.acts.base import ANY_STAGE, Done, Line, Paragraph, PartyKey, Text, Who
from casefile.acts.correcting import CorrectionIn, ask, check_given, listed, reissued
from casefile.acts.correction_parts import Change, Why, changed_documents, document_states, issues_of, lock, titles
from casefile.errors import BadInput, UnknownRecord
from casefile.record.authority import Whose
from casefile.record.lookups import get_party
from casefile.record.models import Case, Party, Person
from casefile.record.refs import RowKey
from casefile.vocab import PartyRole

#: Not bound to the election's stage (refused, where it is, on what the record holds): offered at every
#: stage (casefile.acts.allowed_now).
STAGES = ANY_STAGE

CORRECTED = ("name", "representative", "email", "address")


class CorrectParty(CorrectionIn):
    """A correction of party ``party``'s details (handle, e.g. "rwdsu"): ``name``,
    ``representative`` (its representative of record), ``email``, ``address``; None (left out):
    as recorded; "" clears a representative, e-mail or address. ``why`` is required."""

    act: Literal["correct-party"] = "correct-party"
    WHOSE: ClassVar[Whose] = Whose.party("party")
    CORRECTED: ClassVar[tuple[str, ...]] = CORRECTED
    SHOULD_READ: ClassVar[str] = "the party's record should read (name, representative, email or address)"
    party: PartyKey
    name: Text | None = None
    representative: Line | None = None
    email: Line | None = None
    address: Paragraph | None = None
    why: Why


#: A correction that gives nothing is refused first; the documents a corrected name changed are issued again as new
#: versions.
check, issues = check_given, issues_of


def perform(session: Session, act: CorrectParty, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Correct the party's details and say what follows.

    Refused, storing nothing: a party the case does not have (UnknownRecord, field ``party``);
    values the record already holds (BadInput: nothing to correct). A retry returns the first
    result. Authority: 29 CFR 102.4(e) (service on a party's representative of record), 102.5.
    """
    lock(session, case)
    try:
        party = get_party(session, case, act.party)
    except UnknownRecord as exc:
        raise UnknownRecord(str(exc), field="party") from None
    holder = DetailsOf(session, party)
    asked = ask(session, case, act, target=RowKey.of(party), current=holder.read(),
                already=f"party {party.key} already reads {listed(act.given(), quoted=True)}: this correction corrects nothing")
    if asked.first is not None:
        return asked.first
    changes = asked.changes
    before_docs = document_states(session, case)
    holder.write(changes)
    session.flush()
    changed = changed_documents(session, case, before_docs)
    consequences: list[str] = []
    renamed = any(c.field == "name" for c in changes)
    contact = [c for c in changes if c.field != "name"]
    reissue = changed if renamed else []
    consequences += reissued(reissue, under="the corrected name")
    if contact:
        served = [] if renamed else changed  # renamed: the new versions carry the corrected details too
        what = ", ".join(c.field for c in contact)
        consequences.append(f"The documents issued from now on use the corrected {what}.")
        if served:
            consequences.append(f"Issued with the earlier {what}, and kept as issued (service is recorded where it was "
                                f"made): {titles(served)}; serve them again on the corrected {what} if the earlier service "
                                "did not reach the party.")
    consequences += _others(session, case, party, changes, in_people=holder.in_people)
    return asked.record(session, case, as_of=as_of, election=None, head=f"Party {party.key} corrected",
                        consequences=consequences, reissue=reissue)


def _others(session: Session, case: Case, party: Party, changes: list[Change], *, in_people: bool) -> list[str]:
    """Records that held the old value and are not the party's row: the case's name (the
    employer's old name), people reminded at the old e-mail."""
    notes = []
    for change in changes:
        if change.field == "name" and party.role is PartyRole.EMPLOYER and case.name == change.old:
            notes.append(f"The case's name is still {change.old!r}: correct it with `casefile correct case {case.number} "
                         f"--name ... --why ...` if it should follow.")
        if change.field == "email" and change.old and not in_people:
            people = session.exec(select(Person).where(Person.case_id == case.id, Person.party_id == party.id,
                                                       Person.email == change.old)).all()
            for person in people:
                notes.append(f"{person.name}, reminded for this party, still has the e-mail {change.old!r} (casefile "
                             "people): change it there if it was the same mistake.")
    return notes


class DetailsOf:
    """Where a party's representative, e-mail and address are held, read and written: on the
    party's row (``Party.representative`` / ``email`` / ``address``), or — once a party's people
    hold a person's contact details (issue 11: ``Person.counsel``) — on its counsel of record (the
    first by position: its name is the representative) or, with no counsel, on the person holding
    the party's own service address. A correction fixes what is held; it adds or removes no person
    (``casefile people`` does): a detail with no person to hold it is refused."""

    def __init__(self, session: Session, party: Party) -> None:
        self.session, self.party = session, party
        self.in_people = "email" not in Party.model_fields
        self.counsel: Person | None = None
        self.own: Person | None = None
        if self.in_people:
            people = list(session.exec(select(Person).where(Person.party_id == party.id).order_by(col(Person.id))))
            counsel = sorted((p for p in people if getattr(p, "counsel", False)),
                             key=lambda p: (getattr(p, "position", 0), p.id or 0))
            self.counsel = counsel[0] if counsel else None
            self.own = next((p for p in people if not getattr(p, "counsel", False) and p.name == party.name), None)

    def read(self) -> dict[str, str]:
        """The party's name, representative, e-mail and address as the record holds them."""
        if not self.in_people:
            return {name: getattr(self.party, name) for name in CORRECTED}
        person = self.counsel or self.own
        return {"name": self.party.name, "representative": self.counsel.name if self.counsel else "",
                "email": person.email if person else "", "address": getattr(person, "address", "") if person else ""}

    def write(self, changes: list[Change]) -> None:
        """Store ``changes``. Raises UnknownRecord (field: the detail) when no person holds it."""
        for change in changes:
            if change.field == "name" or not self.in_people:
                setattr(self.party, change.field, change.new)
                self.session.add(self.party)
                continue
            person = self.counsel if change.field == "representative" else (self.counsel or self.own)
            if person is None or (change.field == "representative" and not change.new):
                what = "counsel of record" if change.field == "representative" else "counsel or service address"
                raise UnknownRecord(f"party {self.party.key} has no {what} to correct (or it would be removed): add, "
                                    "change or remove a party's people with `casefile people`", field=change.field)
            if change.field == "representative" and self.session.exec(select(Person.id).where(
                    Person.party_id == self.party.id, Person.name == change.new, Person.id != person.id)).first():
                raise BadInput(f"party {self.party.key} already has a person named {change.new!r}: the correction "
                               "would make two of them", field="representative")
            setattr(person, "name" if change.field == "representative" else change.field, change.new)
            self.session.add(person)
