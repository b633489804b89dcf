"""Loading a parsed NLRB export into the case record: one transaction per file, idempotent.

What each record becomes (decisions the export leaves open are said here and in the case's notes):

* **Case**, when the number is not in the database yet: the employer is the case name; the labor
  organizations on the ballot are parties — in an RC case Labor Union1 as petitioner and any other
  as intervenor (the export does not say which union filed); in RM and RD cases every labor
  organization as intervenor, because the employer (RM) or an employee not named in the export (RD)
  filed the petition and casefile has no other role for the union. The election agreement is
  unknown (None); the rule set follows the date filed (R-A1); the receiving office is the office
  handling the case now, from the Region the export lists it under (its latest record) and the case
  number (:func:`casefile.rules.offices.handling_office`): a case listed under another Region than its
  number's was transferred and is recorded with that Region's office (the listed city when it is one
  of its offices, else the main office); a case numbered for a merged Region (24, San Juan) is
  recorded with the office that took it over (12-san-juan, Region 12). ``Case.region`` is that
  office's Region, never the number's prefix. A case already in the database is never changed.
* **Election**, one per unit and round: the initial election of a unit, then each rerun and the
  runoff as later elections of that unit (``follows`` the one before it). A revised tally joins the
  election whose tally it revises. Its stage, set when created (never changed by a later import):

  ========================================  =================================================
  a later election of the unit follows      rerun-directed (rerun) / runoff-directed (runoff)
  case Closed, reason names a withdrawal    withdrawn
  case Closed, reason names a dismissal     dismissed
  case Closed, any other reason             closed (e.g. "Certific. of Representative",
                                            "Certification of Results")
  case not closed                           tally-issued (revised-tally-issued after a
                                            revised tally): the sweep takes it from there
  ========================================  =================================================

* **Tally** with every line computed by the rules (never the NLRB's flags), ``source`` naming the
  export and record, ``revises_id`` for a revised tally when the tally it revises is known.
* **Deadline**: the objections period of each tally (5 business days, 102.69(a)(8); for a revised
  tally 102.69(e)), computed under the case's rule set, so ``casefile deadlines --as-of`` shows the
  post-election clocks still running. For an election imported at a terminal stage the deadline is
  closed as mooted at once (the case has moved past it; whether objections were filed is not in the
  export).
* **Docket**: ``import-case`` (key ``import:case``), one ``import-tally`` per tally (key
  ``import:{unit}:{kind}:{date}``, actor board-agent) and ``import-case-closed`` (key
  ``import:closed:{date}``).

Docket entries and deadlines have the columns ``casefile.record.workflow.docket`` and
``casefile.record.deadlines.keep_deadline`` give them, but are inserted a table at a time:
those functions flush one row each (about 1.3 ms a flush on the development machine, over a second
for the 846 rows of the 300-record sample), and the import must take well under 2 s. The docket
rows are chained (``casefile.record.integrity.seal_rows``) just before they are inserted.

A tally already present (same election, kind and date, whether imported or recorded by
``record_tally``) is counted as present and left alone, so importing a file twice changes nothing.
UD (deauthorization) tallies are not loaded (see :func:`casefile.importers.comparison.not_analysable`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any, TypeVar

from sqlalchemy import insert, update
from sqlmodel import Session, col, select

from casefile.errors import CasefileError
from casefile.importers.comparison import Disagreement, compare_with_nlrb, not_analysable
from casefile.importers.reading import Progress
from casefile.importers.records import READING_WORDS, ImportedTally, ParsedFile
from casefile.record.deadlines import configured_calendar
from casefile.record.integrity import seal_rows
from casefile.record.models import Case, Deadline, DocketEntry, Election, Party, Tally
from casefile.record.refs import RecordTable, Ref
from casefile.record.sealing import seal_whole_cases
from casefile.record.workflow import RECORDED_BY
from casefile.rules.chronology import export_dates_problem
from casefile.rules.deadlines import compute_deadline
from casefile.rules.offices import Office, handling_office, office_for, office_named
from casefile.rules.rule_sets import rule_set_by_id, rule_set_for
from casefile.rules.tally import TallyAnalysis, analyze_tally
from casefile.vocab import (
    TERMINAL_STAGES,
    Actor,
    CaseType,
    DeadlineKind,
    DeadlineStatus,
    ElectionKind,
    PartyRole,
    Stage,
    TallyKind,
)

_CHUNK = 500  # ids / numbers per IN (...) query
T = TypeVar("T")

_progress_hook: ContextVar[Progress | None] = ContextVar("casefile_import_progress", default=None)


@contextmanager
def reporting_progress(progress: Progress | None) -> Iterator[None]:
    """Within the block, imports run by a flow report their progress to ``progress(phase, done, total)``.

    A flow's parameters must be plain data, so a command line passes its progress bar this way."""
    token = _progress_hook.set(progress)
    try:
        yield
    finally:
        _progress_hook.reset(token)


def current_progress() -> Progress | None:
    """The progress callback set by :func:`reporting_progress`, or None."""
    return _progress_hook.get()


@dataclass
class Loaded:
    """How many records of a kind the import created, and how many it found already present."""

    new: int = 0
    present: int = 0

    def as_json(self) -> dict[str, int]:
        return {"new": self.new, "present": self.present}


@dataclass(frozen=True)
class Skipped:
    """A record that was not loaded: ``row`` is the record number (header not counted), ``line`` where it starts."""

    row: int
    line: int
    case_number: str | None
    reason: str

    def as_json(self) -> dict[str, object]:
        return {"row": self.row, "line": self.line, "case_number": self.case_number, "reason": self.reason}


@dataclass
class ImportReport:
    """What one import did: counts loaded (new vs already present), rows skipped, and every place where
    the NLRB's own flags disagree with the rules' computation."""

    source: str
    format: str
    records: int
    as_of: datetime
    cases: Loaded = field(default_factory=Loaded)
    elections: Loaded = field(default_factory=Loaded)
    tallies: Loaded = field(default_factory=Loaded)
    skipped: list[Skipped] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    total_readings: dict[str, int] = field(default_factory=dict)  # reading of "Total Ballots Counted" -> records analyzed

    def counts(self) -> dict[str, int]:
        """The records read and what became of them: ``loaded`` (new tallies), ``present`` (tallies already
        recorded), ``skipped`` (records not loaded), and ``other`` — the records that are none of these (so
        that the four add up to ``records``; 0 when each record is one tally)."""
        loaded, present, skipped = self.tallies.new, self.tallies.present, len(self.skipped)
        return {"records": self.records, "loaded": loaded, "present": present, "skipped": skipped,
                "other": max(0, self.records - loaded - present - skipped)}

    def nothing_loaded(self) -> bool:
        """Whether the import loaded nothing: no tally new or already present (every record skipped, or none)."""
        return self.tallies.new == 0 and self.tallies.present == 0

    def as_json(self) -> dict[str, Any]:
        """The report as plain data (keys: docs/json-output.md, "casefile import"; ``total_readings``: how many of
        the records read fit each reading of "Total Ballots Counted"; ``counts``: :meth:`counts`)."""
        return {
            "source": self.source, "format": self.format, "as_of": self.as_of.isoformat(), "records": self.records,
            "counts": self.counts(),
            "loaded": {"cases": self.cases.as_json(), "elections": self.elections.as_json(),
                       "tallies": self.tallies.as_json()},
            "skipped": [s.as_json() for s in self.skipped],
            "disagreements": [d.as_json() for d in self.disagreements],
            "total_readings": dict(sorted(self.total_readings.items())),
        }


@dataclass
class _KnownTally:
    kind: TallyKind
    prepared_on: date
    id: int | None = None  # the stored tally's id (an existing one, or a new one once inserted)
    record: ImportedTally | None = None  # set for the tallies this import adds
    analysis: TallyAnalysis | None = None
    revises: _KnownTally | None = None


@dataclass
class _Round:
    """One election of a case as the import sees it: already stored (``id`` set), or to be inserted."""

    unit_id: str
    kind: ElectionKind
    sequence: int
    stage: Stage
    tallies: list[_KnownTally]
    round_on: date | None  # date of its first tally that is not revised: identifies reruns and runoffs
    id: int | None = None
    new: bool = False
    follows: _Round | None = None  # a new rerun or runoff: the election of the unit before it
    row: dict[str, Any] = field(default_factory=dict)  # a new election's columns
    why: str = ""  # a new election: why its stage

    @property
    def first_on(self) -> date:
        return min(t.prepared_on for t in self.tallies)


@dataclass
class _CaseWork:
    number: str
    records: list[tuple[ImportedTally, TallyAnalysis]]
    id: int | None = None
    row: dict[str, Any] = field(default_factory=dict)  # the case's columns (new case), or the ones deadlines need
    new: bool = False
    rounds: list[_Round] = field(default_factory=list)
    act_keys: set[str] = field(default_factory=set)
    new_tallies: list[tuple[_Round, _KnownTally]] = field(default_factory=list)

    @property
    def first(self) -> ImportedTally:
        return min((r for r, _ in self.records), key=lambda r: r.record)

    def next_sequence(self) -> int:
        return max((r.sequence for r in self.rounds), default=0) + 1


def import_tallies(session: Session, *, parsed: ParsedFile, as_of: datetime, progress: Progress | None = None) -> ImportReport:
    """Load the tallies of ``parsed`` into the database, inside the caller's transaction.

    ``as_of`` (aware) is when the import is recorded (docket ``recorded_at``, ``created_at``). Rows
    the parser refused, UD tallies and records that conflict with what is stored are reported in
    ``skipped``; every record the rules can analyze is compared with the NLRB's flags
    (``disagreements``). Idempotent: importing the same file again adds nothing. Rows are read a few
    queries per batch of cases and written one executemany INSERT per table, not a row at a time.
    ``progress("load", done, total)`` is called per case planned and once more when all is written.
    Raises CasefileError for a naive ``as_of``.
    Authority: 29 CFR 102.69(a)(7), (a)(8), (e); rules.md R-A1, R-C2, R-E3, R-G3, R-G9.
    """
    if as_of.tzinfo is None:
        raise CasefileError(f"import: as_of must be timezone-aware, got {as_of!r}")
    report = ImportReport(source=parsed.source, format=parsed.format, records=parsed.record_count, as_of=as_of)
    report.skipped.extend(Skipped(p.record, p.line, p.case_number, p.reason) for p in parsed.problems)
    works: dict[str, _CaseWork] = {}
    today = as_of.astimezone(UTC).date()  # no US office's date is ahead of UTC's
    for record in parsed.records:
        reason = export_dates_problem(record.filed_on, record.prepared_on, record.closed_on, today=today,
                                      revised=record.kind is TallyKind.REVISED) or not_analysable(record)
        if reason is not None:
            report.skipped.append(Skipped(record.record, record.line, record.case_number, reason))
            continue
        analysis = analyze_tally(record.counts())
        report.disagreements.extend(compare_with_nlrb(record, analysis))
        report.total_readings[record.total_reading] = report.total_readings.get(record.total_reading, 0) + 1
        works.setdefault(record.case_number, _CaseWork(record.case_number, [])).records.append((record, analysis))
    for variant in parsed.flag_variants:  # loaded once from the record it repeats; its own flags are compared too
        if not_analysable(variant) is None:
            report.disagreements.extend(compare_with_nlrb(variant))
    _load_existing(session, works)
    steps = sum(len(w.records) for w in works.values()) + 1  # the last step: writing
    done = 0
    for work in works.values():
        _plan(work, report, as_of, parsed)
        done += len(work.records)
        if progress is not None:
            progress("load", done, steps)
    _write(session, [w for w in works.values() if w.new_tallies], as_of)
    if progress is not None:
        progress("load", steps, steps)
    report.skipped.sort(key=lambda s: (s.row, s.reason))
    report.disagreements.sort(key=lambda d: (d.record, d.field))
    return report


# ---- reading what is already stored (a few queries per batch of cases) ----------------------------


def _chunks(items: Sequence[T]) -> Iterable[Sequence[T]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start:start + _CHUNK]


def _load_existing(session: Session, works: dict[str, _CaseWork]) -> None:
    by_id: dict[int, _CaseWork] = {}
    for numbers in _chunks(list(works)):
        for case in session.exec(select(Case).where(col(Case.number).in_(numbers))):
            work = works[case.number]
            work.id = case.id
            work.row = {"rule_set_id": case.rule_set_id, "office_key": case.office_key}
            by_id[case.id] = work  # type: ignore[index]
    rounds: dict[int, _Round] = {}
    for chunk in _chunks(list(by_id)):
        for election in session.exec(select(Election).where(col(Election.case_id).in_(chunk))
                                     .order_by(col(Election.sequence))):
            round_ = _Round(unit_id=election.unit_id, kind=election.kind, sequence=election.sequence, stage=election.stage,
                            tallies=[], round_on=None, id=election.id)
            rounds[election.id] = round_  # type: ignore[index]
            by_id[election.case_id].rounds.append(round_)
        query = (select(col(Tally.id), col(Tally.election_id), col(Tally.kind), col(Tally.prepared_on))
                 .join(Election, col(Election.id) == col(Tally.election_id))
                 .where(col(Election.case_id).in_(chunk)).order_by(col(Tally.prepared_on), col(Tally.id)))
        for tally_id, election_id, kind, prepared_on in session.exec(query):
            round_ = rounds[election_id]
            round_.tallies.append(_KnownTally(kind, prepared_on, id=tally_id))
            if kind is not TallyKind.REVISED and round_.round_on is None:
                round_.round_on = prepared_on
        for case_id, act_key in session.exec(
            select(col(DocketEntry.case_id), col(DocketEntry.act_key)).where(col(DocketEntry.case_id).in_(chunk))
        ):
            by_id[case_id].act_keys.add(act_key)


# ---- deciding what each record becomes (no database access) ----------------------------------------


def _plan(work: _CaseWork, report: ImportReport, as_of: datetime, parsed: ParsedFile) -> None:
    first = work.first
    if work.id is None:
        latest = max((r for r, _ in work.records), key=lambda r: (r.prepared_on, r.record))
        try:
            office = handling_office(first.region, listed_region=latest.listed_region, listed_office=latest.listed_office)
            rule_set = rule_set_for(first.filed_on)
        except CasefileError as exc:
            for record, _ in work.records:
                report.skipped.append(Skipped(record.record, record.line, record.case_number, f"case not opened: {exc}"))
            return
        assert office.region is not None
        work.row = {"number": first.case_number, "name": first.case_name, "case_type": first.case_type,
                    "region": office.region, "office_key": office.key, "agreement": None,
                    "petition_filed_on": first.filed_on, "rule_set_id": rule_set.id,
                    "unit_description": _unit_descriptions(r for r, _ in work.records),
                    "notes": [*_notes(first, parsed), *_office_notes(first, latest, office)], "created_at": as_of}
        work.new = True
    present_rounds: set[int] = set()
    present = 0
    ordered = sorted(work.records, key=lambda ra: (ra[0].prepared_on, ra[0].kind is TallyKind.REVISED, ra[0].record))
    for record, analysis in ordered:
        found = _round_for(work, record)
        if isinstance(found, str):
            report.skipped.append(Skipped(record.record, record.line, record.case_number, found))
            continue
        if found is not None and (
            any(t.kind is record.kind and t.prepared_on == record.prepared_on for t in found.tallies)
            or record.act_key in work.act_keys
        ):
            present += 1
            if not found.new:
                present_rounds.add(id(found))
            continue
        if found is None:
            found = _new_round(work, record)
        elif not found.new:
            present_rounds.add(id(found))
        known = _KnownTally(record.kind, record.prepared_on, record=record, analysis=analysis)
        known.revises = _revised_one(found, known) if record.kind is TallyKind.REVISED else None
        found.tallies.append(known)
        if found.round_on is None and record.kind is not TallyKind.REVISED:
            found.round_on = record.prepared_on
        work.new_tallies.append((found, known))
    if work.new and not work.new_tallies:
        return  # nothing of the case could be loaded: it is not opened
    report.cases.new += work.new
    report.cases.present += not work.new
    report.elections.new += sum(1 for r in work.rounds if r.new)
    report.elections.present += len(present_rounds)
    report.tallies.new += len(work.new_tallies)
    report.tallies.present += present
    _set_stages(work, first)


def _round_for(work: _CaseWork, record: ImportedTally) -> _Round | str | None:
    """The election the record's tally belongs to; None: a new election; a string: why it cannot be loaded."""
    same = [r for r in work.rounds if r.unit_id == record.unit_id and r.kind is record.election_kind]
    if record.election_kind is ElectionKind.INITIAL:
        if not same:
            return None
        round_ = same[0]
        if record.kind is TallyKind.INITIAL:
            other = [t for t in round_.tallies if t.kind is TallyKind.INITIAL and t.prepared_on != record.prepared_on]
            if other:
                return (f"unit {record.unit_id} of {record.case_number} already has an initial tally dated "
                        f"{other[0].prepared_on.isoformat()}; this one is dated {record.prepared_on.isoformat()}: not loaded")
        return round_
    if record.kind is not TallyKind.REVISED:
        for round_ in same:
            if round_.round_on == record.prepared_on:
                return round_
        for round_ in same:
            if round_.round_on is None and round_.first_on >= record.prepared_on:
                return round_
        if record.election_kind is ElectionKind.RUNOFF and same:
            return (f"unit {record.unit_id} of {record.case_number} already has a runoff election (tally of "
                    f"{same[0].first_on.isoformat()}); 102.70(a) allows one: not loaded")
        return None
    earlier = [r for r in same if (r.round_on or r.first_on) <= record.prepared_on]
    return max(earlier, key=lambda r: (r.round_on or r.first_on, r.sequence)) if earlier else None


def _new_round(work: _CaseWork, record: ImportedTally) -> _Round:
    previous = _previous_in_unit(work, record.unit_id, record.prepared_on)
    what = {ElectionKind.INITIAL: "Initial election", ElectionKind.RERUN: "Rerun (second) election",
            ElectionKind.RUNOFF: "Runoff election (102.70)"}[record.election_kind]
    if record.election_kind is ElectionKind.INITIAL:
        reason = f"{what} of unit {record.unit_id}"
    elif previous is not None:
        reason = f"{what} of unit {record.unit_id}, after election {previous.sequence}"
    else:
        reason = f"{what} of unit {record.unit_id}; the earlier election is not in the imported data"
    round_ = _Round(unit_id=record.unit_id, kind=record.election_kind, sequence=work.next_sequence(),
                    stage=Stage.TALLY_ISSUED, tallies=[], round_on=None, new=True)
    round_.row = {"sequence": round_.sequence, "kind": record.election_kind, "reason": reason, "unit_id": record.unit_id,
                  "method": record.method, "choices": [name for name, _ in record.unions],
                  "against_on_ballot": record.against is not None}
    work.rounds.append(round_)
    return round_


def _previous_in_unit(work: _CaseWork, unit_id: str, before: date) -> _Round | None:
    earlier = [r for r in work.rounds if r.unit_id == unit_id and r.tallies and r.first_on < before]
    return max(earlier, key=lambda r: (r.first_on, r.sequence)) if earlier else None


def _revised_one(round_: _Round, known: _KnownTally) -> _KnownTally | None:
    """The tally a revised tally revises: the latest earlier tally of its election, if known."""
    return _latest(t for t in round_.tallies if t.prepared_on <= known.prepared_on)


def _latest(tallies: Iterable[_KnownTally]) -> _KnownTally | None:
    """The latest tally by date; on the same date the one added last (a revised tally after the one it revises)."""
    ranked = list(enumerate(tallies))
    return max(ranked, key=lambda pair: (pair[1].prepared_on, pair[0]))[1] if ranked else None


def _set_stages(work: _CaseWork, record: ImportedTally) -> None:
    """Stage of each new election: directed elections that a later one followed, else the case's status."""
    for round_ in (r for r in work.rounds if r.new and r.tallies):
        unit = sorted((r for r in work.rounds if r.unit_id == round_.unit_id and r.tallies),
                      key=lambda r: (r.first_on, r.sequence))
        later = unit[unit.index(round_) + 1:]
        if later:
            follower = later[0]
            round_.stage = Stage.RUNOFF_DIRECTED if follower.kind is ElectionKind.RUNOFF else Stage.RERUN_DIRECTED
            round_.why = f"a {follower.kind.value} election followed (tally of {follower.first_on.isoformat()})"
        else:
            latest = _latest(round_.tallies)
            last_revised = latest is not None and latest.kind is TallyKind.REVISED
            round_.stage, round_.why = closing_stage(record.status, record.reason_closed, record.closed_on,
                                                     revised=last_revised)
        if round_.kind is not ElectionKind.INITIAL:
            round_.follows = _previous_in_unit(work, round_.unit_id, round_.first_on)


def closing_stage(status: str, reason_closed: str, closed_on: date | None, *, revised: bool = False) -> tuple[Stage, str]:
    """The stage of an imported election that is the last of its unit, from the case's status in the export, and why.

    Closed: withdrawn if the reason names a withdrawal, dismissed if it names a dismissal, else closed
    (certification of representative or of results, or any other reason). Not closed: tally-issued
    (revised-tally-issued when its last tally is a revised one), from which the sweep moves it on."""
    if status.strip().casefold() == "closed":
        reason = reason_closed.casefold()
        when = f" on {closed_on.isoformat()}" if closed_on else ""
        why = f"the case was closed{when} ({reason_closed or 'no reason given'})"
        if "withdraw" in reason:
            return Stage.WITHDRAWN, why
        if "dismiss" in reason:
            return Stage.DISMISSED, why
        return Stage.CLOSED, why
    stage = Stage.REVISED_TALLY_ISSUED if revised else Stage.TALLY_ISSUED
    status_text = status.strip().lower() or "not closed"
    return stage, f"the case is {status_text} in the export: the objection period runs from the tally"


def _unit_descriptions(records: Iterable[ImportedTally]) -> str:
    by_unit: dict[str, str] = {}
    for record in records:
        if record.unit_description and record.unit_id not in by_unit:
            by_unit[record.unit_id] = record.unit_description
    if len(by_unit) == 1:
        return next(iter(by_unit.values()))
    return "\n\n".join(f"Unit {unit}: {text}" for unit, text in sorted(by_unit.items()))


def _office_notes(first: ImportedTally, latest: ImportedTally, office: Office) -> list[str]:
    """Why the case's office is not its number's Region's main office, when it is not (transfer, merged Region)."""
    number_region = first.region
    if office.region == number_region:
        return []
    listed = f"Region {latest.listed_region}" + (f", {latest.listed_office}" if latest.listed_office else "")
    if latest.listed_region is not None and latest.listed_region != number_region:
        if office_for(number_region).region == office.region:  # a former Region's number, listed under its successor
            return [f"The case number names former Region {number_region}; the export lists it under {listed}: "
                    f"recorded with {office.name} ({office.key}), the Region {office.region} office that handles those "
                    "cases now."]
        return [f"Transferred: the case number names Region {number_region}, the export lists it under {listed} (its "
                f"record of {latest.prepared_on.isoformat()}): recorded with {office.name} ({office.key}), the office of "
                f"the Region handling it now. When it was transferred is not in the export."]
    return [f"The case number names former Region {number_region}: recorded with {office.name} ({office.key}), the "
            f"Region {office.region} office that handles those cases now."]


def _notes(record: ImportedTally, parsed: ParsedFile) -> list[str]:
    notes = [f"Imported from {parsed.source} ({parsed.label}).",
             "The election agreement (consent, stipulated or directed) is not in the export: recorded as unknown."]
    if record.case_type is CaseType.RC:
        notes.append("Labor Union1 of the export is recorded as the petitioner and any other labor organization as "
                     "intervenor: the export does not say which union filed the petition.")
    elif record.case_type is CaseType.RM:
        notes.append("RM case: the employer filed the petition; the labor organization(s) on the ballot are recorded "
                     "as intervenor, the role casefile has for a union that did not file.")
    else:
        notes.append("RD case: the petitioner is an employee whom the export does not name (no party recorded); the "
                     "labor organization(s) on the ballot are recorded as intervenor.")
    closed = f"; closed {record.closed_on.isoformat()}" if record.closed_on else ""
    reason = f": {record.reason_closed}" if record.reason_closed else ""
    notes.append(f"NLRB status in the export: {record.status or 'not given'}{closed}{reason}.")
    if record.city or record.state:
        notes.append(f"Location: {', '.join(p for p in (record.city, record.state) if p)}.")
    if record.method is None:
        notes.append("The voting method is not in the export: the elections record it as not known.")
    return notes


# ---- writing: one executemany INSERT per table (and per wave of revised tallies) --------------------


def _insert(session: Session, model: type[Any], rows: list[dict[str, Any]]) -> None:
    """Insert ``rows`` (every column given) into ``model``'s table in one executemany.

    A Core insert, not the ORM's: the ORM bulk insert leaves out None values and splits the batch
    wherever the pattern of None values changes (one statement per docket entry here), and an ordered
    RETURNING makes it insert row by row on SQLite; the new ids are read back by natural key instead."""
    if rows:
        session.execute(insert(model.__table__), rows)


def _write(session: Session, works: list[_CaseWork], as_of: datetime) -> None:
    new_cases = [w for w in works if w.new]
    _insert(session, Case, [w.row for w in new_cases])
    by_number = {w.number: w for w in new_cases}
    for numbers in _chunks(list(by_number)):
        for case_id, number in session.exec(select(col(Case.id), col(Case.number)).where(col(Case.number).in_(numbers))):
            by_number[number].id = case_id
    _insert(session, Party, [p for w in new_cases for p in _parties(w)])
    new_rounds = {(w.id, r.sequence): r for w in works for r in w.rounds if r.new}
    _insert(session, Election, [{**r.row, "case_id": case_id, "stage": r.stage, "stage_entered_at": as_of}
                                for (case_id, _), r in new_rounds.items()])
    for chunk in _chunks(sorted({w.id for w in works if w.id is not None})):
        for election_id, case_id, sequence in session.exec(
            select(col(Election.id), col(Election.case_id), col(Election.sequence)).where(col(Election.case_id).in_(chunk))
        ):
            if (case_id, sequence) in new_rounds:
                new_rounds[(case_id, sequence)].id = election_id
    follows = [{"id": r.id, "follows_id": r.follows.id} for r in new_rounds.values() if r.follows is not None]
    if follows:
        session.execute(update(Election), follows)
    pending = [(r, t) for w in works for r, t in w.new_tallies]
    while pending:  # in waves: a revised tally is inserted after the tally it revises
        wave = [(r, t) for r, t in pending if t.revises is None or t.revises.id is not None]
        assert wave, "a revised tally revises a tally that was not stored"
        _insert(session, Tally, [_tally_row(r, t) for r, t in wave])
        _read_tally_ids(session, wave)
        pending = [(r, t) for r, t in pending if t.id is None]
    entries: list[dict[str, Any]] = []
    deadlines: list[dict[str, Any]] = []
    existing = _existing_deadlines(session, [r.id for w in works for r, _ in w.new_tallies if not r.new])
    by = str(session.info.get(RECORDED_BY, ""))  # who imports: the operator, a Region's user, the import flow
    by = by or "system:import"  # a job no one else is named for: the import itself
    for work in works:
        entries.extend(_entries(work, as_of, by))
        deadlines.extend(_deadlines(work, as_of, existing))
    seal_rows(session, entries)  # each case's hash chain, as workflow.docket writes it (casefile.record.integrity)
    _insert(session, DocketEntry, entries)
    _insert(session, Deadline, deadlines)
    # Core inserts bypass the unit of work: the commit seals every row of these cases into their last entries.
    seal_whole_cases(session, [w.id for w in works if w.id is not None])


def _read_tally_ids(session: Session, wave: list[tuple[_Round, _KnownTally]]) -> None:
    """Set the ids of the tallies just inserted: one tally per election, kind and date (the import's key)."""
    wanted = {(r.id, t.kind, t.prepared_on): t for r, t in wave}
    for chunk in _chunks(sorted({r.id for r, _ in wave if r.id is not None})):
        for tally_id, election_id, kind, prepared_on in session.exec(
            select(col(Tally.id), col(Tally.election_id), col(Tally.kind), col(Tally.prepared_on))
            .where(col(Tally.election_id).in_(chunk))
        ):
            known = wanted.get((election_id, kind, prepared_on))
            if known is not None and known.id is None:
                known.id = tally_id


def _parties(work: _CaseWork) -> list[dict[str, Any]]:
    names: list[str] = []
    for _, known in work.new_tallies:
        assert known.record is not None
        for name, _ in known.record.unions:
            if name.casefold() not in {n.casefold() for n in names}:
                names.append(name)
    rc = work.row["case_type"] is CaseType.RC
    parties = [{"case_id": work.id, "key": "employer", "role": PartyRole.EMPLOYER, "name": work.row["name"]}]
    for position, name in enumerate(names, start=1):
        role = PartyRole.PETITIONER if rc and position == 1 else PartyRole.INTERVENOR
        parties.append({"case_id": work.id, "key": f"union-{position}", "role": role, "name": name})
    return parties  # no counsel: an NLRB export names none (casefile.record.models.Person)


def _tally_row(round_: _Round, known: _KnownTally) -> dict[str, Any]:
    record, analysis = known.record, known.analysis
    assert record is not None and analysis is not None
    counts = analysis.counts
    return {
        "election_id": round_.id, "kind": record.kind, "prepared_on": record.prepared_on, "eligible": counts.eligible,
        "eligible_exact": False, "void": counts.void, "votes": [[n, v] for n, v in counts.choices],
        "against": counts.against, "challenged": counts.challenged, "valid": analysis.valid,
        "valid_plus_challenged": analysis.valid_plus_challenged, "determinative": analysis.determinative,
        "majority_for": analysis.majority_for, "outcome": analysis.outcome.kind.value,
        "outcome_text": analysis.outcome.describe(), "reachable": [o.describe() for o in analysis.reachable],
        "warnings": list(analysis.warnings), "runoff_ballot": counts.runoff_ballot,
        "revises_id": known.revises.id if known.revises else None, "opened": 0, "source": record.source,
    }


def _entries(work: _CaseWork, as_of: datetime, by: str) -> list[dict[str, Any]]:
    """The docket entries of the import, as ``casefile.record.workflow.docket`` writes them (same
    columns and keys), each naming ``by``, who imported it."""
    first = work.first
    entries: list[dict[str, Any]] = []

    def entry(occurred_on: date, act: str, act_key: str, actor: Actor, summary: str, election_id: int | None = None,
              to_stage: Stage | None = None, ref: Ref | None = None) -> None:
        entries.append({"case_id": work.id, "election_id": election_id, "act_key": act_key, "act": act, "actor": actor,
                        "recorded_by": by, "occurred_on": occurred_on, "recorded_at": as_of, "summary": summary, "from_stage": None,
                        "to_stage": to_stage, "ref": ref, "document_id": None})

    if work.new:
        entry(first.filed_on, "import-case", "import:case", Actor.PARTY,
              f"Case imported ({first.source}): {first.case_name}, petition filed "
              f"{first.filed_on.isoformat()}; rule set {work.row['rule_set_id']}; receiving office {work.row['office_key']}")
    opened: set[int] = set()
    for round_, known in sorted(work.new_tallies, key=lambda p: (p[1].prepared_on, p[1].kind is TallyKind.REVISED)):
        record, analysis = known.record, known.analysis
        assert record is not None and analysis is not None
        opening = round_.new and id(round_) not in opened
        opened.add(id(round_))
        counts = analysis.counts
        votes = ", ".join(f"{v:,} for {n}" for n, v in counts.choices)
        against = f", {counts.against:,} against" if counts.against is not None else ""
        revises = f"; revises the tally of {known.revises.prepared_on.isoformat()}" if known.revises else ""
        stage = f" Election {round_.sequence} recorded at stage {round_.stage.value}: {round_.why}." if opening else ""
        total = (f" Total Ballots Counted {record.total_counted:,} read as {READING_WORDS[record.total_reading]}."
                 if record.total_counted is not None else "")
        entry(record.prepared_on, "import-tally", record.act_key, Actor.BOARD_AGENT,
              f"Tally of Ballots ({record.kind.value}, unit {record.unit_id}, election {round_.sequence}) imported from "
              f"{record.source}: {votes}{against}; {counts.void:,} void; {counts.challenged:,} challenged "
              f"({'determinative' if analysis.determinative else 'not determinative'}); "
              f"{analysis.outcome.describe()}{revises}.{total}{stage}",
              election_id=round_.id, to_stage=round_.stage if opening else None, ref=Ref(RecordTable.TALLY, known.id))
    if work.new and first.closed_on is not None and first.status.strip().casefold() == "closed":
        entry(first.closed_on, "import-case-closed", f"import:closed:{first.closed_on.isoformat()}",
              Actor.REGIONAL_DIRECTOR,
              f"Case closed {first.closed_on.isoformat()}: {first.reason_closed or 'no reason given'} (NLRB export)")
    return entries


def _existing_deadlines(session: Session, election_ids: list[int | None]) -> set[tuple[int, DeadlineKind, date]]:
    found: set[tuple[int, DeadlineKind, date]] = set()
    for chunk in _chunks(sorted({i for i in election_ids if i is not None})):
        found.update(session.exec(select(col(Deadline.election_id), col(Deadline.kind), col(Deadline.trigger_on))
                                  .where(col(Deadline.election_id).in_(chunk))))
    return found


def _deadlines(work: _CaseWork, as_of: datetime, existing: set[tuple[int, DeadlineKind, date]]) -> list[dict[str, Any]]:
    """The objections period of each new tally (102.69(a)(8); 102.69(e) after a revised tally), computed
    under the case's rule set and office as ``keep_deadline`` does, and stored unless already there."""
    rule_set = rule_set_by_id(work.row["rule_set_id"])
    office = office_named(work.row["office_key"])
    calendar = configured_calendar()
    rows: list[dict[str, Any]] = []
    for round_, known in work.new_tallies:
        revised = known.kind is TallyKind.REVISED
        kind = DeadlineKind.REVISED_TALLY_OBJECTIONS if revised else DeadlineKind.OBJECTIONS
        if (round_.id, kind, known.prepared_on) in existing:
            continue
        existing.add((round_.id, kind, known.prepared_on))  # type: ignore[arg-type]
        computed = compute_deadline(kind, known.prepared_on, rule_set=rule_set, calendar=calendar, office=office)
        mooted = round_.stage in TERMINAL_STAGES
        what = "Revised Tally of Ballots" if revised else "Tally of Ballots"
        rows.append({
            "case_id": work.id, "election_id": round_.id, "kind": kind, "for_whom": "all parties",
            "trigger": f"{what} prepared {known.prepared_on.isoformat()} (imported)",
            "trigger_on": known.prepared_on, "due_on": computed.due_on, "cutoff_at": computed.cutoff_at,
            "citation": computed.citation, "rules": list(computed.rules), "rule_set_id": computed.rule_set_id, "office_key": computed.office_key,
            "calendar_id": computed.calendar_id, "derivation": list(computed.derivation),
            "preceding_due_on": computed.preceding.due_on if computed.preceding else None,
            "status": DeadlineStatus.MOOTED if mooted else DeadlineStatus.OPEN, "closed_at": as_of if mooted else None,
        })
    return rows
