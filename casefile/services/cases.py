"""Opening a case: its number, parties, rule set and receiving office."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from sqlmodel import Session, select

from casefile.errors import ProcedureError
from casefile.record.models import Case, Party
from casefile.rules.case_numbers import REPRESENTATION_TYPES, parse_case_number
from casefile.rules.offices import office_for
from casefile.rules.rule_sets import choose_rule_set
from casefile.vocab import Actor, CaseType, ElectionAgreement, PartyRole
from casefile.record.workflow import already_done, docket


@dataclass(frozen=True)
class PartyIn:
    """A party as entered: handle, role, name, and its representative of record (service address)."""

    key: str
    role: PartyRole
    name: str
    representative: str = ""
    email: str = ""
    address: str = ""


@dataclass(frozen=True)
class CaseIn:
    """A case as entered. ``office`` names a resident/sub-regional office (default: the Region's main office)."""

    number: str
    name: str
    agreement: ElectionAgreement | None
    petition_filed_on: date | None
    parties: tuple[PartyIn, ...]
    office: str | None = None
    unit_description: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)
    rule_set: str | None = None  # explicit rule-set id, when the petition date is not in the record (R-A1)


def open_case(session: Session, *, case_in: CaseIn, as_of: datetime) -> Case:
    """Open a case (idempotent: a case already open under the number is returned unchanged).

    The rule set is chosen by the petition filing date or the named rule set, which must agree when
    both are given (R-A1, :func:`casefile.rules.rule_sets.choose_rule_set`), and the receiving office
    from the Region and ``office`` (regions.md). Raises MalformedCaseNumber, UnknownRegion,
    InvalidCalendar (a rule set that disagrees with the petition date), ProcedureError (not a
    representation case; no employer or no petitioner among the parties; neither a petition date
    nor a rule set).
    """
    number = parse_case_number(case_in.number)
    existing = session.exec(select(Case).where(Case.number == str(number))).first()
    if existing is not None:
        return existing
    if number.case_type not in REPRESENTATION_TYPES:
        raise ProcedureError(
            f"{number}: case type {number.case_type} has no election (post-election procedure applies to RC, RM, RD, UD)"
        )
    roles = {p.role for p in case_in.parties}
    if PartyRole.EMPLOYER not in roles:
        raise ProcedureError(f"{number}: the parties must include the employer")
    if not roles & {PartyRole.PETITIONER, PartyRole.INDIVIDUAL_PETITIONER}:
        raise ProcedureError(f"{number}: the parties must include the petitioner")
    keys = [p.key for p in case_in.parties]
    if len(set(keys)) != len(keys):
        raise ProcedureError(f"{number}: party handles must be unique, got {keys}")
    office = office_for(number.region, case_in.office)
    choice = choose_rule_set(petition_filed_on=case_in.petition_filed_on, rule_set_id=case_in.rule_set)
    if choice.assumed:  # a record does not take the calculator's assumption as a fact (R-A1)
        raise ProcedureError(f"{number}: give the petition filing date or name the rule set (R-A1)")
    rule_set = choice.rule_set
    case = Case(
        number=str(number), name=case_in.name, case_type=CaseType(number.case_type), region=number.region,
        office_key=office.key, agreement=case_in.agreement, petition_filed_on=case_in.petition_filed_on,
        rule_set_id=rule_set.id, unit_description=case_in.unit_description, notes=list(case_in.notes), created_at=as_of,
    )
    session.add(case)
    session.flush()
    for p in case_in.parties:
        session.add(Party(case_id=case.id, key=p.key, role=p.role, name=p.name, representative=p.representative,
                          email=p.email, address=p.address))
    docket(
        session, case.id, election_id=None, as_of=as_of, occurred_on=case_in.petition_filed_on or as_of.date(),  # type: ignore[arg-type]
        act="open-case", act_key=f"open-case:{number}", actor=Actor.PARTY,
        summary=f"Case opened: {case.name}, petition filed "
        f"{case_in.petition_filed_on.isoformat() if case_in.petition_filed_on else '(date not in the record)'}; "
        f"rule set {rule_set.id}; receiving office {office.name} ({office.tz})",
    )
    return case


def is_recorded(session: Session, case: Case, act_key: str) -> bool:
    """Whether the act with ``act_key`` is already on the case's docket."""
    return already_done(session, case.id, act_key) is not None  # type: ignore[arg-type]
