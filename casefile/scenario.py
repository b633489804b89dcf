"""Scenario files: a real case written down as a dated list of acts, replayed through the front
door (docs/scenario-format.md, version 1).

A scenario's ``case:`` and ``parties:`` sections open the case; each event is an act model (the
same shape ``casefile act`` and the API take) or a ``sweep``. Before each act the front door
sweeps the case as of the act's instant, as the scheduled job would have, so a case replayed
date by date gets the same record as one lived through. A replay touches only its own case.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, time
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo

from pydantic import Field, PrivateAttr, ValidationError

from casefile.acts import ActIn, models, parse_act
from casefile.acts.base import Count, LegalDate, Line, Strict, Text, Who, midday
from casefile.acts.open_case import CaseIn, OpenCase, PartyIn
from casefile.acts.record_tally import ElectionSpec, StatedLines, TallyCountsIn
from casefile.errors import CasefileError, InvalidScenario, SeveralProblems
from casefile.record.uploads import Uploads
from casefile.vocab import ExcludedReason

FORMAT_VERSION = 1


class Sweep(ActIn):
    """A scenario event that only sweeps the case as of its date (what the schedule would do)."""

    act: Literal["sweep"] = "sweep"


class Scenario(Strict):
    """A scenario file: the case, its parties, the dated events (act models), and the date the
    replay ends at (``until``: the final sweep and listings; default the last event)."""

    casefile_scenario: Literal[1] = Field(alias="casefile-scenario")
    title: Text
    sources: list[Line] = Field(default_factory=list)  # the opening act's source: each as long as a Line
    case: CaseIn
    parties: list[PartyIn] = Field(min_length=2, max_length=50)
    events: list[Any] = Field(min_length=1)
    until: LegalDate | None = None
    _uploads: dict[int, Uploads] = PrivateAttr(default_factory=dict)  # event index -> the files it names

    def uploads(self, index: int) -> Uploads | None:
        """The files event ``index`` (0-based) carries, read from this machine when the file was loaded."""
        return self._uploads.get(index)

    def opening(self) -> OpenCase:
        """The act that opens the scenario's case, dated like its first event; its ``source`` is the
        scenario's ``sources`` (a case kept from public sources: its documents are record copies)."""
        first = self.events[0]
        return OpenCase(case=self.case, parties=self.parties, date=first.on, at=first.at, source=list(self.sources))


def read_file(path: Path, *, what: str) -> Any:
    """The data of a YAML (or JSON) file, read strictly (casefile.importers.strict_yaml: no octal
    or sexagesimal numbers, no yes/no booleans, no duplicate keys, UTF-8 only). Raises
    InvalidScenario naming the file (and the line, for a syntax error)."""
    from casefile.importers.strict_yaml import load_yaml

    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InvalidScenario(f"{path}: cannot read the {what} ({exc.strerror})") from exc
    return load_yaml(data, source=str(path))


def load_scenario(path: Path) -> Scenario:
    """Read and validate a scenario file. Raises InvalidScenario naming the file, the event
    (number, act and date) and the field that is wrong."""
    raw = read_file(path, what="scenario file")
    if not isinstance(raw, dict):
        raise InvalidScenario(f"{path}: a scenario is a mapping with casefile-scenario, case, parties, events")
    if raw.get("casefile-scenario") != FORMAT_VERSION:
        raise InvalidScenario(f"{path}: casefile-scenario must be {FORMAT_VERSION} (got {raw.get('casefile-scenario')!r})")
    try:
        scenario = Scenario.model_validate({**raw, "events": raw.get("events") or []})
    except ValidationError as exc:
        raise InvalidScenario(f"{path}: {explain_validation(exc, model=Scenario)}") from exc
    events: list[Any] = []
    uploads: dict[int, Uploads] = {}
    problems: list[str] = []  # every event's problems, reported at once (up to casefile.validation.LIMIT)
    for i, event in enumerate(scenario.events, start=1):
        label = _event_label(i, event)
        if not isinstance(event, dict):
            problems.append(f"{label}: an event is a mapping with act and date")
            continue
        if event.get("act") not in (*models(), "sweep"):
            known = ", ".join([*models(), "sweep"])
            from casefile.validation import did_you_mean

            hint = did_you_mean(event.get("act"), [*models(), "sweep"])
            problems.append(f"{label}: unknown act {event.get('act')!r}{hint} (acts: {known})")
            continue
        if event.get("act") == "open-case":
            problems.append(f"{label}: the case is opened by the case: and parties: sections")
            continue
        if event.get("date") is None:
            problems.append(f"{label}: field 'date': every event of a scenario is dated")
            continue
        try:
            files = _local_files(path, event)
            if files:
                uploads[len(events)] = files
            events.append(Sweep.model_validate(event) if event.get("act") == "sweep" else parse_act(event))
        except ValidationError as exc:
            problems.append(f"{label}: {explain_validation(exc, skip=1, model=models().get(event['act']))}")
        except CasefileError as exc:
            problems.append(f"{label}: {exc}")
    if problems:
        from casefile.validation import LIMIT

        rest = len(problems) - LIMIT
        more = f"; and {rest} more event(s) with problems" if rest > 0 else ""
        lead = f"{len(problems)} events have problems: " if len(problems) > 1 else ""
        raise InvalidScenario(f"{path}: {lead}{'; '.join(problems[:LIMIT])}{more}")
    for i, (a, b) in enumerate(itertools.pairwise(events), start=2):
        if b.on < a.on:
            raise InvalidScenario(f"{path}: event {i} ({b.act_name}) is dated {b.on} before the event before it ({a.on})")
    loaded = scenario.model_copy(update={"events": events})
    loaded._uploads = uploads
    try:
        loaded.opening()  # the act that opens the case: refused now, not after Prefect started
    except ValidationError as exc:
        raise InvalidScenario(f"{path}: the case cannot be opened: {explain_validation(exc)}") from exc
    return loaded


def _event_label(number: int, event: Any) -> str:
    """How a problem names the ``number``th event of a file as written: "event 3 (record-tally, dated 2021-04-09)",
    "event 1 (record-tally, with no date)" (``date:`` missing or null), "event 2" (one that is not a mapping)."""
    if not isinstance(event, dict):
        return f"event {number}"
    act = str(event["act"])[:80] if isinstance(event.get("act"), str) and event["act"].strip() else "no act"
    day = event.get("date")
    return f"event {number} ({act}, {'with no date' if day is None else f'dated {str(day)[:40]}'})"


def _local_files(path: Path, event: dict[str, Any]) -> Uploads | None:
    """The files an event names by their path on this machine (attach-document's ``file``, relative
    to the scenario file's folder), read as uploads; the event's field set to each file's ref. A
    scenario file is the local operator's: the only place, with the command line, a path is taken."""
    from casefile.record.uploads import is_ref, local_file, upload_fields, uploads_of
    from casefile.settings import get_settings

    model = models().get(str(event.get("act")))
    if model is None:
        return None
    read = []
    for name in upload_fields(model):
        value = event.get(name)
        if isinstance(value, str) and value and not is_ref(value):
            upload = local_file((path.parent / value).expanduser(), field=name,
                                max_bytes=get_settings().upload_max_bytes)
            event[name] = upload.ref
            read.append(upload)
    return uploads_of(read) if read else None


def explain_validation(exc: ValidationError, *, skip: int = 0, model: Any = None) -> str:
    """Every validation error (up to casefile.validation.LIMIT) as "field 'x': what is wrong",
    joined by "; "; a misspelled field said as unknown. ``skip`` drops leading parts of the
    location (the union tag of a discriminated act)."""
    from casefile.validation import explain

    return explain(exc, skip=skip, model=model)[1]


@dataclass
class ReplayReport:
    """What a replay did: the case, each act performed ("date act"), the documents issued (paths),
    and the instant the replay ended at."""

    case_number: str
    acts: list[str] = field(default_factory=list)
    documents: list[str] = field(default_factory=list)
    ended_at: datetime | None = None


def event_instant(event: ActIn, tz: str) -> datetime:
    """The instant an event is recorded at: its ``at`` if given, else noon on its date in the
    receiving office's zone."""
    if event.at is not None:
        return event.at
    assert event.on is not None
    return midday(event.on, tz)


def replay(path: Path, *, on_event: Callable[[int, int, str], None] | None = None,
           through_prefect: bool = True) -> ReplayReport:
    """Replay a scenario file through the front door, one act after another.

    ``through_prefect``: each act's documents are issued by its act flow run (one Prefect
    start-up shared by the whole replay); False issues them in this process. ``on_event(i, n,
    label)`` is called before each event (progress display). Raises InvalidScenario (naming the
    file and event) for a malformed file or an act the case refuses; acts before the refused one
    stay recorded, as they would in life.
    """
    scenario = load_scenario(path)  # a malformed file is refused before anything runs
    if not through_prefect:
        return _replay(path, scenario, on_event, issue=None)
    from casefile.prefect_env import flow_runtime

    with flow_runtime():
        from flows.act import act_flow

        def issue(entry_id: int, as_of: datetime) -> list[str]:
            return [d.path for d in act_flow(entry_id=entry_id, as_of=as_of)]

        return _replay(path, scenario, on_event, issue=issue)


def _replay(path: Path, scenario: Scenario, on_event: Callable[[int, int, str], None] | None,
            issue: Callable[[int, datetime], list[str]] | None) -> ReplayReport:
    from casefile import app
    from casefile.rules.case_numbers import parse_case_number
    from casefile.rules.offices import office_for

    number = parse_case_number(scenario.case.number)
    tz = office_for(number.region, scenario.case.office).tz
    by = Who.operator()
    report = ReplayReport(case_number=str(number))
    first_at = event_instant(scenario.events[0], tz)
    if scenario.until is not None:  # the final sweep: never as of a day that has not come
        from casefile.rules.chronology import recorded_after_now

        ends = datetime.combine(scenario.until, time(0, 0), tzinfo=ZoneInfo(tz))
        if (refusal := recorded_after_now("the replay's final sweep (until)", ends, app.clock(), field="until")) is not None:
            raise InvalidScenario(f"{path}: {refusal}")
    try:
        app.perform(scenario.opening(), as_of=first_at, by=by, documents="none")
    except CasefileError as exc:
        where = f"field {exc.field!r}: " if exc.field and not isinstance(exc, SeveralProblems) else ""
        raise InvalidScenario(f"{path}: {where}the case cannot be opened: {exc}", field=exc.field) from exc
    case_id = _case_id(str(number))
    n = len(scenario.events)
    sequence = 0  # each act applies to the election of the latest tally before it (a re-run replay too)
    for i, event in enumerate(scenario.events, start=1):
        as_of = event_instant(event, tz)
        if event.act_name == "record-tally":
            sequence += 1
        elif sequence and event.election is None and "election" in type(event).model_fields:
            event = event.model_copy(update={"election": sequence})
        if on_event:
            on_event(i, n, f"{event.on} {event.act_name}")
        if isinstance(event, Sweep):
            from casefile.rules.chronology import recorded_after_now

            if (refusal := recorded_after_now("the sweep", as_of, app.clock())) is not None:
                raise InvalidScenario(f"{path}: event {i} (sweep, dated {event.on}) refused: {refusal}")
            app.sweep_case(case_id, as_of=as_of)
            continue
        try:
            result = app.perform(event, case_number=str(number), as_of=as_of, by=by,
                                 documents="issue" if issue is None else "defer", uploads=scenario.uploads(i - 1))
            paths = [d.path for d in result.documents] if issue is None else (
                issue(result.entry_id, as_of) if result.pending else [])
        except CasefileError as exc:
            before = "the case stays open" if i == 1 else "event 1 stays recorded" if i == 2 else \
                f"events 1 to {i - 1} stay recorded"
            kept = f"; {before}, as in life: correct the file and replay it, and the replay goes on from event {i}"
            raise InvalidScenario(f"{path}: event {i} ({event.act_name}, dated {event.on}) refused: {exc}{kept}") from exc
        if event.act_name == "record-tally":
            sequence = _tally_election(result.ref)  # a repeat (a re-run replay, a duplicate event) is no new election
        report.acts.append(f"{event.on} {event.act_name}")
        report.documents.extend(paths)
    last = scenario.events[-1]
    report.ended_at = (datetime.combine(scenario.until, time(23, 59, 59), tzinfo=ZoneInfo(tz)) if scenario.until
                       else event_instant(last, tz))
    app.sweep_case(case_id, as_of=report.ended_at)
    return report


def _tally_election(ref: str) -> int:
    """The sequence of the election the tally ``ref`` ("tally:3") counts: the election the replay's next
    acts are on, whether the tally was recorded now or found already recorded (a re-run, a repeated event)."""
    from casefile.record.db import read_session
    from casefile.record.models import Election, Tally
    from casefile.record.refs import RecordTable, Ref

    parsed = Ref.parse(ref)
    assert parsed is not None and parsed.table is RecordTable.TALLY, ref
    with read_session() as session:
        tally = session.get(Tally, parsed.id)
        assert tally is not None
        election = session.get(Election, tally.election_id)
        assert election is not None
        return election.sequence


def _case_id(number: str) -> int:
    from casefile.record.db import read_session
    from casefile.record.lookups import get_case

    with read_session() as session:
        case_id = get_case(session, number).id
    assert case_id is not None
    return case_id


class TallyFile(TallyCountsIn):
    """A tally file for ``casefile tally record``: the case, the tally's kind and date, the counts,
    the election it counts, optionally the lines as transcribed from the form (``stated``), which
    must agree, the Board agent who signed it, and the ballots excluded at the count and why
    (``excluded``, ``excluded_reason``: record-tally's fields, R-L5)."""

    case_number: Line
    prepared_on: LegalDate
    election: ElectionSpec | None = None
    stated: StatedLines | None = None
    board_agent: Line = ""
    excluded: Count = 0  # ballots excluded at the count (record-tally's field)
    excluded_reason: ExcludedReason | None = None  # why (None: the record does not say)

    def act(self) -> ActIn:
        """The record-tally act this file describes."""
        data = self.model_dump(exclude={"case_number", "prepared_on", "election", "stated"}, exclude_none=True)
        data.update(act="record-tally", date=self.prepared_on)
        if self.election is not None:
            data["election"] = self.election.model_dump()
        if self.stated is not None:
            data["stated"] = self.stated.model_dump(exclude_none=True)
        return parse_act(data)
