"""Scenario files: a real case written down as dated acts, replayed through the same flows a
user's commands run. The format is documented in docs/scenario-format.md (version 1).

Before each event the sweep runs as of that event's instant, as the scheduled job would have, so
a case replayed date by date gets the same record as one lived through.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path
from typing import Annotated, Any, Literal, Union
from zoneinfo import ZoneInfo

import yaml
from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError

from casefile.errors import CasefileError, InvalidScenario
from casefile.vocab import ElectionAgreement, FilingMethod, PartyRole, TallyKind, VotingMethod

FORMAT_VERSION = 1


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PartySpec(_Strict):
    key: str
    role: PartyRole
    name: str
    representative: str = ""
    email: str = ""
    address: str = ""


class CaseSpec(_Strict):
    number: str
    name: str
    agreement: ElectionAgreement | None = None
    petition_filed_on: date | None = None
    rule_set: str | None = None  # when the petition date is not in the record
    office: str | None = None
    unit_description: str = ""
    notes: list[str] = Field(default_factory=list)


class _Event(_Strict):
    on: date = Field(alias="date")  # YAML reads a bare `on:` key as the boolean true, so the file says `date:`
    at: AwareDatetime | None = None  # the instant of the act, when the record gives it
    source: str | list[str] = ""
    uncertain: str = ""  # what the sources leave uncertain about this event


class ElectionSpec(_Strict):
    method: VotingMethod = VotingMethod.MANUAL
    held_from_on: date | None = None
    held_to_on: date | None = None
    unit_id: str = "A"
    reason: str = ""


class _TallyCountsSpec(_Strict):
    """The counts of a tally as a file gives them (shared by scenario events and tally files)."""

    kind: TallyKind
    choices: dict[str, int]
    against: int | None = None
    challenged: int = 0
    void: int = 0
    eligible: int | None = None
    eligible_exact: bool = False
    election: ElectionSpec = ElectionSpec()


class RecordTally(_TallyCountsSpec, _Event):
    act: Literal["record-tally"]


class WitnessSpec(_Strict):
    objection: int
    witness: str
    summary: str


class FileObjections(_Event):
    act: Literal["file-objections"]
    party: str
    objections: list[str] = Field(min_length=1)
    method: FilingMethod = FilingMethod.E_FILING
    offer_of_proof: list[WitnessSpec] = Field(default_factory=list)
    note: str = ""


class NoticeHearing(_Event):
    act: Literal["notice-hearing"]
    opens_on: date | None = None
    place: str = ""
    presiding: str = ""
    objections: dict[str, list[int]] | None = None
    challenges: bool = False
    note: str = ""


class ConsolidateWithUlp(NoticeHearing):
    act: Literal["consolidate-with-ulp"]  # type: ignore[assignment]
    ulp_cases: list[str] = Field(min_length=1)


class OpenHearing(_Event):
    act: Literal["open-hearing"]


class CloseHearing(_Event):
    act: Literal["close-hearing"]


class DecisionSpec(_Event):
    act: Literal["ho-report", "rd-decision", "alj-decision"]
    result: Literal["set-aside", "overrule"]
    issuer: str = ""
    rulings: dict[str, dict[int, Literal["sustained", "overruled", "withdrawn", "moot"]]] = Field(default_factory=dict)
    at_fault: str | None = None
    summary: str = ""
    note: str = ""


class ExceptionSpec(_Strict):
    excepted_to: str
    grounds: str


class FileExceptions(_Event):
    act: Literal["file-exceptions"]
    party: str
    exceptions: list[ExceptionSpec] = Field(min_length=1)
    method: FilingMethod = FilingMethod.E_FILING


class Certify(_Event):
    act: Literal["certification"]


class Sweep(_Event):
    act: Literal["sweep"]


class ChallengeSpec(_Strict):
    voter: str
    challenged_by: str
    ground: str
    disputed_void: bool = False


class RegisterChallenges(_Event):
    act: Literal["register-challenges"]
    challenges: list[ChallengeSpec] = Field(min_length=1)


class RuleOnChallenges(_Event):
    act: Literal["rule-on-challenges"]
    status: Literal["sustained", "overruled"]
    voters: list[str] = Field(default_factory=list)
    ground: str | None = None
    all_pending: bool = False
    by: str = "Regional Director"
    reason: str = ""


class RevisedTally(_Event):
    act: Literal["revised-tally"]
    counted: dict[str, int] = Field(default_factory=dict)
    counted_against: int = 0
    opened: int | None = None
    sustained: int | None = None
    note: str = ""


class DirectRunoff(_Event):
    act: Literal["direct-runoff"]
    held_from_on: date | None = None
    held_to_on: date | None = None
    note: str = ""


Event = Annotated[
    Union[RecordTally, FileObjections, NoticeHearing, ConsolidateWithUlp, OpenHearing, CloseHearing, DecisionSpec,
          FileExceptions, Certify, Sweep, RegisterChallenges, RuleOnChallenges, RevisedTally, DirectRunoff],
    Field(discriminator="act"),
]


class Scenario(_Strict):
    casefile_scenario: Literal[1] = Field(alias="casefile-scenario")
    title: str
    sources: list[str] = Field(default_factory=list)
    case: CaseSpec
    parties: list[PartySpec] = Field(min_length=2)
    events: list[Event] = Field(min_length=1)
    until: date | None = None  # final sweep and deadline listing as of this date (default: last event)


def load_scenario(path: Path) -> Scenario:
    """Read and validate a scenario file. Raises InvalidScenario naming the file, the event (number
    and act) and the field that is wrong."""
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InvalidScenario(f"{path}: cannot read the scenario file ({exc.strerror})") from exc
    except yaml.YAMLError as exc:
        raise InvalidScenario(f"{path}: not valid YAML: {exc}") from exc
    if not isinstance(raw, dict):
        raise InvalidScenario(f"{path}: a scenario is a mapping with casefile-scenario, case, parties, events")
    if raw.get("casefile-scenario") != FORMAT_VERSION:
        raise InvalidScenario(f"{path}: casefile-scenario must be {FORMAT_VERSION} (got {raw.get('casefile-scenario')!r})")
    try:
        scenario = Scenario.model_validate(raw)
    except ValidationError as exc:
        raise InvalidScenario(_explain(path, raw, exc)) from exc
    dates = [e.on for e in scenario.events]
    for i, (a, b) in enumerate(zip(dates, dates[1:], strict=False), start=2):
        if b < a:
            raise InvalidScenario(f"{path}: event {i} ({scenario.events[i - 1].act}) is dated {b} before the event before it ({a})")
    return scenario


def explain_validation(exc: ValidationError) -> str:
    """The first validation error as "field 'x': what is wrong" (for files that are not scenarios)."""
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "(top level)"
    return f"field {where!r}: {err['msg']}"


def _explain(path: Path, raw: dict[str, Any], exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc = list(err["loc"])
    where = ".".join(str(p) for p in loc)
    if loc and loc[0] == "events" and len(loc) > 1 and isinstance(loc[1], int):
        index = loc[1]
        event = raw["events"][index] if index < len(raw.get("events", [])) else {}
        act = event.get("act", "?") if isinstance(event, dict) else "?"
        field_path = ".".join(str(p) for p in loc[3:]) or "act"
        return (f"{path}: event {index + 1} ({act}, dated {event.get('date', '?') if isinstance(event, dict) else '?'}): "
                f"field {field_path!r}: {err['msg']}")
    return f"{path}: {where or '(top level)'}: {err['msg']}"


@dataclass
class ReplayReport:
    """What a replay did: the case, each act's result, the instant the replay ended at."""

    case_number: str
    acts: list[str] = field(default_factory=list)
    documents: list[str] = field(default_factory=list)
    ended_at: datetime | None = None


def event_instant(event: Any, tz: str) -> datetime:
    """The instant an event is recorded at: its ``at`` if given, else noon on ``on`` in the receiving office's zone."""
    if event.at is not None:
        return event.at
    return datetime.combine(event.on, time(12, 0), tzinfo=ZoneInfo(tz))


def replay(path: Path, *, on_event: Callable[[int, int, str], None] | None = None) -> ReplayReport:
    """Replay a scenario file through the flows (each act one flow run, the sweep before each act).

    ``on_event(i, n, label)`` is called before each event (progress display). Raises
    InvalidScenario (naming the file and event) for a malformed file or an act the case refuses;
    acts before the refused one stay recorded, as they would in life.
    """
    from casefile.prefect_env import flow_runtime

    scenario = load_scenario(path)  # a malformed file is refused before Prefect starts
    with flow_runtime():
        return _replay(path, scenario, on_event)


def _replay(path: Path, scenario: Scenario, on_event: Callable[[int, int, str], None] | None) -> ReplayReport:
    import flows
    from casefile.rules.offices import office_for
    from casefile.services.cases import CaseIn, PartyIn

    spec = scenario.case
    case_in = CaseIn(
        number=spec.number, name=spec.name, agreement=spec.agreement, petition_filed_on=spec.petition_filed_on,
        office=spec.office, unit_description=spec.unit_description, notes=tuple(spec.notes), rule_set=spec.rule_set,
        parties=tuple(PartyIn(**p.model_dump()) for p in scenario.parties),
    )
    from casefile.rules.case_numbers import parse_case_number

    number = str(parse_case_number(spec.number))
    tz = office_for(parse_case_number(spec.number).region, spec.office).tz
    report = ReplayReport(case_number=number)
    first = scenario.events[0]
    flows.open_case_flow(case_in=case_in, as_of=event_instant(first, tz))
    n = len(scenario.events)
    election = 0  # each act applies to the election of the latest tally before it
    for i, event in enumerate(scenario.events, start=1):
        as_of = event_instant(event, tz)
        if on_event:
            on_event(i, n, f"{event.on} {event.act}")
        flows.sweep_flow(as_of=as_of)
        if event.act == "record-tally":
            election += 1
        try:
            result = _run(number, event, as_of, election or None)
        except CasefileError as exc:
            raise InvalidScenario(f"{path}: event {i} ({event.act}, dated {event.on}) refused: {exc}") from exc
        if result is not None:
            report.acts.append(f"{event.on} {event.act}")
            report.documents.extend(result.documents)
    end = scenario.until or scenario.events[-1].on
    report.ended_at = datetime.combine(end, time(23, 59, 59), tzinfo=ZoneInfo(tz)) if scenario.until else event_instant(
        scenario.events[-1], tz)
    flows.sweep_flow(as_of=report.ended_at)
    return report


def _run(number: str, event: Any, as_of: datetime, election: int | None) -> Any:
    import flows
    from casefile.services.challenges import ChallengeIn, ChallengeRuling, RevisedTallyIn
    from casefile.services.decisions import DecisionIn, ExceptionPoint, ExceptionsIn
    from casefile.services.hearings import HearingIn
    from casefile.services.objections import ObjectionsIn, Witness
    from casefile.services.runoffs import DirectionIn
    from casefile.services.tallies import ElectionIn

    received_at = event.at
    runners: Mapping[str, Callable[[], Any]] = {
        "record-tally": lambda: flows.record_tally_flow(
            case_number=number, kind=event.kind, prepared_on=event.on, as_of=as_of,
            counts={"choices": event.choices, "against": event.against, "challenged": event.challenged,
                    "void": event.void, "eligible": event.eligible, "eligible_exact": event.eligible_exact,
                    "runoff_ballot": event.kind is TallyKind.RUNOFF},
            election_in=ElectionIn(**event.election.model_dump())),
        "file-objections": lambda: flows.file_objections_flow(
            case_number=number, election_sequence=election, as_of=as_of, objections_in=ObjectionsIn(
                party=event.party, statements=tuple(event.objections), received_on=event.on, received_at=received_at,
                method=event.method, note=_with_uncertainty(event.note, event),
                offer_of_proof=tuple(Witness(objection=w.objection, name=w.witness, summary=w.summary)
                                     for w in event.offer_of_proof))),
        "notice-hearing": lambda: flows.notice_hearing_flow(case_number=number, election_sequence=election, as_of=as_of, hearing_in=_hearing_in(HearingIn, event)),
        "consolidate-with-ulp": lambda: flows.consolidate_with_ulp_flow(
            case_number=number, election_sequence=election, as_of=as_of, hearing_in=_hearing_in(HearingIn, event, ulp_cases=tuple(event.ulp_cases))),
        "open-hearing": lambda: flows.open_hearing_flow(case_number=number, election_sequence=election, opened_on=event.on, as_of=as_of),
        "close-hearing": lambda: flows.close_hearing_flow(case_number=number, election_sequence=election, closed_on=event.on, as_of=as_of),
        "ho-report": lambda: flows.ho_report_flow(case_number=number, election_sequence=election, as_of=as_of, decision_in=_decision_in(DecisionIn, event)),
        "rd-decision": lambda: flows.rd_decision_flow(case_number=number, election_sequence=election, as_of=as_of, decision_in=_decision_in(DecisionIn, event)),
        "alj-decision": lambda: flows.alj_decision_flow(case_number=number, election_sequence=election, as_of=as_of, decision_in=_decision_in(DecisionIn, event)),
        "file-exceptions": lambda: flows.file_exceptions_flow(
            case_number=number, election_sequence=election, as_of=as_of, exceptions_in=ExceptionsIn(
                party=event.party, exceptions=tuple(ExceptionPoint(**e.model_dump()) for e in event.exceptions),
                received_on=event.on, received_at=received_at,
                method=event.method)),
        "certification": lambda: flows.certification_flow(case_number=number, election_sequence=election, issued_on=event.on, as_of=as_of),
        "register-challenges": lambda: flows.register_challenges_flow(
            case_number=number, election_sequence=election, as_of=as_of,
            challenges=[ChallengeIn(**c.model_dump()) for c in event.challenges]),
        "rule-on-challenges": lambda: flows.rule_on_challenges_flow(
            case_number=number, election_sequence=election, as_of=as_of, ruling=ChallengeRuling(
                ruled_on=event.on, status=event.status, voters=tuple(event.voters), ground=event.ground,
                all_pending=event.all_pending, by=event.by, reason=event.reason)),
        "revised-tally": lambda: flows.revised_tally_flow(
            case_number=number, election_sequence=election, as_of=as_of, revised_in=RevisedTallyIn(
                prepared_on=event.on, counted=event.counted, counted_against=event.counted_against, opened=event.opened,
                sustained=event.sustained, note=_with_uncertainty(event.note, event))),
        "direct-runoff": lambda: flows.direct_runoff_flow(
            case_number=number, election_sequence=election, as_of=as_of, direction_in=DirectionIn(
                directed_on=event.on, held_from_on=event.held_from_on, held_to_on=event.held_to_on,
                note=_with_uncertainty(event.note, event))),
        "sweep": lambda: None,
    }
    return runners[event.act]()


def _hearing_in(cls: Any, event: Any, **extra: Any) -> Any:
    return cls(issued_on=event.on, opens_on=event.opens_on, place=event.place, presiding=event.presiding,
               objections=event.objections, challenges=event.challenges, note=_with_uncertainty(event.note, event), **extra)


def _decision_in(cls: Any, event: Any) -> Any:
    return cls(issued_on=event.on, result=event.result, issuer=event.issuer, rulings=event.rulings,
               at_fault=event.at_fault, summary=event.summary, note=_with_uncertainty(event.note, event))


def _with_uncertainty(note: str, event: Any) -> str:
    if event.uncertain:
        return (note + " " if note else "") + f"UNCERTAIN: {event.uncertain}"
    return note


class StatedSpec(_Strict):
    """Lines transcribed from a tally form; each given one must agree with the computation."""

    valid: int | None = None
    valid_plus_challenged: int | None = None
    determinative: bool | None = None


class TallyFile(_TallyCountsSpec):
    """A tally file for ``casefile tally record``: the case, the tally's kind and date, the counts,
    and optionally the lines as transcribed from the form (``stated``), which must agree."""

    case_number: str
    prepared_on: date
    stated: StatedSpec | None = None
