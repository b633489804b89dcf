"""Open a case: its number, name, parties, rule set and receiving office.

Not an act of the procedure itself but of keeping the record: a user opens the case they work
on (or a replay or an import opens it) before its tally is recorded.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import Field, ValidationInfo, field_validator
from sqlmodel import Session, select

from casefile.acts.add_counsel import CounselIn, store_counsel
from casefile.acts.base import (
    ActIn,
    Done,
    Flag,
    Issue,
    LegalDate,
    Line,
    Paragraph,
    PartyKey,
    Strict,
    Text,
    Who,
    again,
    recorded,
)
from casefile.errors import AlreadyRecorded, BadInput, ProcedureError
from casefile.record.authority import OPENING, Whose
from casefile.record.models import Case, Party, Person
from casefile.record.people import people_of, recorded_details
from casefile.record.refs import Ref, ref_to
from casefile.record.workflow import docket
from casefile.rules.calendar import long_date
from casefile.rules.case_numbers import REPRESENTATION_TYPES, check_current_form, parse_case_number
from casefile.rules.offices import office_for
from casefile.rules.rule_sets import choose_rule_set
from casefile.vocab import Actor, CaseType, DocketActName, ElectionAgreement, PartyRole, said

#: A repeat's terms are compared by perform() itself, not by the front door's generic comparison of the
#: sealed terms (casefile.app): the same parties written the scenario format's first way
#: (``representative``/``email``/``address``), or counsel added since by add-counsel, are no difference.
COMPARES_OWN_TERMS = True

class PartyIn(Strict):
    """A party as entered: handle, role, name, and its counsel of record. ``representative`` with
    ``email`` and ``address`` name one representative (its service address), as scenario files do;
    ``counsel`` lists counsel with their full contact details (lead counsel first). A representative
    not also listed in ``counsel`` is lead counsel; with no representative, ``email``/``address`` are
    the party's own service address."""

    key: PartyKey
    role: PartyRole
    name: Text
    representative: Line = ""
    email: Line = ""
    address: Paragraph = ""
    counsel: list[CounselIn] = Field(default_factory=list, max_length=20)

    def counsel_entered(self) -> list[CounselIn]:
        """Counsel of record as entered: ``representative`` (lead, unless ``counsel`` names it too), then ``counsel``."""
        listed = list(self.counsel)
        if self.representative and self.representative not in {c.name for c in listed}:
            listed.insert(0, CounselIn.model_construct(name=self.representative, firm="", address=self.address, phone="",
                                                        email=self.email, bar_number=""))
        return listed

    def details_entered(self) -> dict[str, object]:
        """The party as entered, in the shape of casefile.record.people.recorded_details: its lead
        counsel's name, e-mail and address (with no counsel, its own service address)."""
        counsel = self.counsel_entered()
        lead = counsel[0] if counsel else None
        return {"role": self.role, "name": self.name, "representative": lead.name if lead else "",
                "email": lead.email if lead else self.email, "address": lead.address if lead else self.address}


class CaseIn(Strict):
    """A case as entered (the ``case:`` section of a case or scenario file). ``office`` names a
    resident or sub-regional office (default: the Region's main office); ``rule_set`` names the
    rule set when the petition date is not in the record (R-A1). ``petition_filed_on_public`` False: the
    petition's date is from reports, not the Board's record; ``agreement_public`` False: the agreement given is
    inferred, the record does not name it (the documents say so, never state it as the record's)."""

    number: Line
    name: Text
    agreement: ElectionAgreement | None = None
    agreement_public: Flag = True
    petition_filed_on: LegalDate | None = None
    petition_filed_on_public: Flag = True
    rule_set: Line | None = None
    office: Line | None = None
    unit_description: Paragraph = ""
    notes: list[Paragraph] = Field(default_factory=list, max_length=100)

    @field_validator("number")
    @classmethod
    def _a_case_number(cls, value: str) -> str:
        """A case number with an election (checked with the other fields, so that every problem of the
        case is told at once; :func:`check` says the same): RC, RM, RD or UD (rules.case_numbers)."""
        from casefile.errors import CasefileError

        try:
            number = parse_case_number(value)
        except CasefileError as exc:
            raise ValueError(str(exc)) from None
        if number.case_type not in REPRESENTATION_TYPES:
            raise ValueError(f"case type {number.case_type} has no election (post-election procedure applies to RC, "
                             "RM, RD, UD)")
        return value

    @field_validator("office")
    @classmethod
    def _an_office_of_the_region(cls, value: str | None, info: ValidationInfo) -> str | None:
        """A receiving office of the case number's Region (when the number is one)."""
        from casefile.errors import CasefileError

        if value is None or "number" not in info.data:
            return value
        try:
            office_for(parse_case_number(info.data["number"]).region, value)
        except CasefileError as exc:
            raise ValueError(str(exc)) from None
        return value


class OpenCase(ActIn):
    """Open ``case`` with its ``parties`` (at least the employer and the petitioner)."""

    act: Literal["open-case"] = "open-case"
    WHOSE: ClassVar[Whose] = OPENING
    case: CaseIn
    parties: list[PartyIn] = Field(min_length=2, max_length=50)


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """Opening a case issues no document."""
    return ()


def check(act: OpenCase) -> None:
    """What the act's input alone decides, before anything is looked up (so that a bad act gets the
    same answer whether or not the case is open): the number, the case type, the parties' roles and
    handles, the receiving office, the rule set. Raises as :func:`perform` does."""
    _checked(act)


def _checked(act: OpenCase) -> tuple[Any, Any]:
    """The receiving office and the rule set of ``act`` (its input checked; see :func:`check`)."""
    spec = act.case
    number = parse_case_number(spec.number)
    if number.case_type not in REPRESENTATION_TYPES:
        raise ProcedureError(f"{number}: case type {number.case_type} has no election (post-election procedure "
                             "applies to RC, RM, RD, UD)", field="case.number")
    roles = {p.role for p in act.parties}
    if PartyRole.EMPLOYER not in roles:
        raise ProcedureError(f"{number}: the parties must include the employer", field="parties")
    if not roles & {PartyRole.PETITIONER, PartyRole.INDIVIDUAL_PETITIONER}:
        raise ProcedureError(f"{number}: the parties must include the petitioner", field="parties")
    keys = [p.key for p in act.parties]
    if len(set(keys)) != len(keys):
        raise ProcedureError(f"{number}: party handles must be unique, got {keys}", field="parties")
    choice = choose_rule_set(petition_filed_on=spec.petition_filed_on, rule_set_id=spec.rule_set)
    if choice.assumed:  # a record does not take the calculator's assumption as a fact (R-A1)
        raise ProcedureError(f"{number}: give the petition filing date or name the rule set (the rules that apply follow the date the petition was filed)",
                             field="case.petition_filed_on")
    # the number's form for its era: the petition's date, else the first day of the rule set named
    check_current_form(number, petition_filed_on=spec.petition_filed_on or choice.rule_set.petitions_from,
                       field="case.number")
    office = office_for(number.region, spec.office)
    return office, choice.rule_set


def perform(session: Session, act: OpenCase, *, case: Case | None, as_of: datetime, by: Who) -> Done:
    """Open the case (idempotent: the same case opened again changes nothing).

    The rule set is chosen by the petition filing date (R-A1) and the receiving office from the
    Region and ``office`` (regions.md). Raises MalformedCaseNumber, UnknownRegion, ProcedureError
    (not a representation case; no employer or no petitioner among the parties; handles not
    unique; neither a petition date nor a rule set), InvalidCalendar (a rule set that disagrees
    with the petition date, R-A1), AlreadyRecorded (the number is open with other details: correct them with the
    correction act).
    """
    spec = act.case
    number = parse_case_number(spec.number)
    key = f"open-case:{number}"
    existing = session.exec(select(Case).where(Case.number == str(number))).first()
    if existing is not None:
        if diffs := differences(session, act, existing):
            raise AlreadyRecorded(f"{number} is already open with other details ({'; '.join(diffs)}); opening it "
                                  f"again changes nothing: to correct the record, run {correction_commands(act, existing, session)}",
                                  field="case")
        entry = recorded(session, existing, key)
        if entry is not None:
            return again(entry, act.act, ())
        return Done(act=act.act, ref=ref_to(existing), entry_id=0, repeated=True,
                    summary=f"{number} is already in the database (imported)")
    office, rule_set = _checked(act)
    opened = Case(
        number=str(number), name=spec.name, case_type=CaseType(number.case_type), region=number.region,
        office_key=office.key, agreement=spec.agreement, petition_filed_on=spec.petition_filed_on,
        agreement_public=spec.agreement_public, petition_filed_on_public=spec.petition_filed_on_public,
        rule_set_id=rule_set.id, unit_description=spec.unit_description, notes=list(spec.notes), created_at=as_of,
        sources=[act.source] if isinstance(act.source, str) and act.source else list(act.source or []),
    )
    session.add(opened)
    session.flush()
    for p in act.parties:
        party = Party(case_id=opened.id, key=p.key, role=p.role, name=p.name)  # type: ignore[arg-type]
        session.add(party)
        session.flush()
        for position, counsel in enumerate(p.counsel_entered()):
            store_counsel(session, opened, party, counsel, as_of=as_of, position=position)
        if not p.representative and (p.email or p.address):  # the party's own service address
            session.add(Person(case_id=opened.id, party_id=party.id, name=p.name, email=p.email, address=p.address,  # type: ignore[arg-type]
                               counsel=False, reminded=False, created_at=as_of))
    petition = long_date(spec.petition_filed_on) if spec.petition_filed_on else "(date not in the record)"
    entry = docket(
        session, opened.id, election_id=None, as_of=as_of,  # type: ignore[arg-type]
        occurred_on=spec.petition_filed_on or act.on or as_of.date(), act=DocketActName.OPEN_CASE, act_key=key, actor=Actor.PARTY,
        # in words, as every interface shows the summary: the rule set by its title, the office by its name (its clock
        # is the office's own); not "rule set 2023-rule", "(America/Los_Angeles)"
        summary=f"Case opened: {opened.name}, petition filed {petition}; the {rule_set.title} applies; "
        f"receiving office {office.name}",
    )
    assert entry.id is not None
    return Done(act=act.act, ref=ref_to(opened), entry_id=entry.id, summary=entry.summary)


#: The case's details a correction can change (casefile.acts.correct_case), as the case file names them.
CASE_DETAILS = ("name", "agreement", "petition_filed_on", "unit_description")
#: The party's details a correction can change (casefile.acts.correct_party).
PARTY_DETAILS = ("name", "representative", "email", "address")


def _shown(value: Any) -> str:
    """A case detail in a difference: its value, "(none)" when blank or not recorded."""
    return "(none)" if value is None or value == "" else str(getattr(value, "value", value))


def given_details(act: OpenCase) -> list[str]:
    """The case details (:data:`CASE_DETAILS`) ``act`` gives: a field left out of the case file, or an option
    omitted (``case open`` without ``--unit``), is not given, so it is no difference (and no correction)."""
    return [label for label in CASE_DETAILS if label in act.case.model_fields_set]


def given_office(act: OpenCase) -> Any:
    """The receiving office ``act`` names (casefile.rules.offices.Office), or None when it names none or one
    that cannot be read (the act's own check says so)."""
    if act.case.office is None:
        return None
    try:
        return office_for(parse_case_number(act.case.number).region, act.case.office)
    except BadInput:
        return None


def given_party_details(party: PartyIn) -> tuple[str, ...]:
    """The party's details beside its role and name that ``party`` gives: its counsel (a representative or
    counsel listed) gives the lead counsel's name, e-mail and address; without counsel, its own e-mail and
    address as given. Omitted (``case open`` without ``--counsel``), a detail is no difference."""
    given = party.model_fields_set
    if given & {"representative", "counsel"}:
        return ("representative", "email", "address")
    return tuple(f for f in ("email", "address") if f in given)


def differences(session: Session, act: OpenCase, case: Case) -> list[str]:
    """What ``act`` gives that differs from the open case ``case`` (name, agreement, petition date,
    unit description, receiving office, parties' roles, names, representatives, e-mails and addresses),
    as "field: recorded → given" lines; empty when none. A detail the act does not give is no difference."""
    spec = act.case
    out = []
    for label in given_details(act):
        recorded_value, given = getattr(case, label), getattr(spec, label)
        if recorded_value != given:
            out.append(f"{label}: {_shown(recorded_value)} → {_shown(given)}")
    if (office := given_office(act)) is not None and office.key != case.office_key:
        from casefile.rules.offices import office_named

        out.append(f"receiving office: {office_named(case.office_key).name} → {office.name}")
    parties = {p.key: p for p in session.exec(select(Party).where(Party.case_id == case.id))}
    for p in act.parties:
        have = parties.get(p.key)
        if have is None:
            out.append(f"party {p.key}: not recorded")
            continue
        details, given = recorded_details(session, have), p.details_entered()
        for field_ in ("role", "name", *given_party_details(p)):
            if details[field_] != given[field_]:
                out.append(f"party {p.key} {field_}: {said(details[field_])} → {said(given[field_])}")
        stored = {person.name: person for person in people_of(session, [have]).get(have.id or 0, []) if person.counsel}
        for counsel in p.counsel:  # counsel added since (casefile counsel add) are no difference
            person = stored.get(counsel.name)
            if person is None:
                out.append(f"party {p.key} counsel {counsel.name!r}: not recorded")
                continue
            for field_, given in counsel.details().items():
                if getattr(person, field_) != given:
                    out.append(f"party {p.key} counsel {counsel.name!r} {field_}: {said(getattr(person, field_))} → {said(given)}")
    return out


def correction_commands(act: OpenCase, case: Case, session: Session) -> str:
    """The commands that make the record read what ``act`` gives (``casefile correct case`` and
    ``casefile correct party``, each with ``--why``), joined with " and "; a party not recorded or
    with another role cannot be corrected: said."""
    import shlex

    from casefile.acts.correct_party import DetailsOf

    def option(name: str) -> str:
        return "--" + name.replace("_", "-")

    spec = act.case
    commands = []
    case_options = [f"{option(label)} {shlex.quote(str(getattr(spec, label)))}" for label in given_details(act)
                    if getattr(spec, label) is not None and getattr(case, label) != getattr(spec, label)]
    if case_options:
        commands.append(f"`casefile correct case {case.number} {' '.join(case_options)} --why '...'`")
    parties = {p.key: p for p in session.exec(select(Party).where(Party.case_id == case.id))}
    cannot = []
    for p in act.parties:
        have = parties.get(p.key)
        if have is None or have.role != p.role:
            cannot.append(p.key)
            continue
        held = DetailsOf(session, have).read()
        options = [f"{option(f)} {shlex.quote(getattr(p, f))}" for f in ("name", *given_party_details(p))
                   if held[f] != getattr(p, f)]
        if options:
            commands.append(f"`casefile correct party {case.number} {p.key} {' '.join(options)} --why '...'`")
    out = " and ".join(commands) or "nothing: no recorded detail can be corrected to read so"
    if (office := given_office(act)) is not None and office.key != case.office_key:
        out += " (the receiving office recorded when the case was opened is not a detail `casefile correct case` changes)"
    if cannot:
        out += (f" (a party's handle or role cannot be corrected: {', '.join(cannot)}; a party is not added by "
                "opening the case again)")
    return out
