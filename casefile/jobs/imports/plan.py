"""Deciding what each imported record becomes (no database access): a new case or one already
stored, the election each tally belongs to, the stage of each new election."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime

from casefile.errors import CasefileError
from casefile.importers.records import ImportedTally, ParsedFile
from casefile.jobs.imports.case_notes import import_notes, office_notes, unit_descriptions
from casefile.jobs.imports.report import ImportReport, Skipped
from casefile.jobs.imports.work import CaseWork, KnownTally, Round
from casefile.rules.offices import handling_office
from casefile.rules.rule_sets import rule_set_for
from casefile.vocab import ElectionKind, Stage, TallyKind


def plan_case(work: CaseWork, report: ImportReport, as_of: datetime, parsed: ParsedFile) -> None:
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
                    "unit_description": unit_descriptions(r for r, _ in work.records),
                    "notes": [*import_notes(first, parsed), *office_notes(first, latest, office)], "created_at": as_of}
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
        known = KnownTally(record.kind, record.prepared_on, record=record, analysis=analysis)
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


def _round_for(work: CaseWork, record: ImportedTally) -> Round | str | None:
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


def _new_round(work: CaseWork, record: ImportedTally) -> Round:
    previous = _previous_in_unit(work, record.unit_id, record.prepared_on)
    what = {ElectionKind.INITIAL: "Initial election", ElectionKind.RERUN: "Rerun (second) election",
            ElectionKind.RUNOFF: "Runoff election (102.70)"}[record.election_kind]
    if record.election_kind is ElectionKind.INITIAL:
        reason = f"{what} of unit {record.unit_id}"
    elif previous is not None:
        reason = f"{what} of unit {record.unit_id}, after election {previous.sequence}"
    else:
        reason = f"{what} of unit {record.unit_id}; the earlier election is not in the imported data"
    round_ = Round(unit_id=record.unit_id, kind=record.election_kind, sequence=work.next_sequence(),
                    stage=Stage.TALLY_ISSUED, tallies=[], round_on=None, new=True)
    round_.row = {"sequence": round_.sequence, "kind": record.election_kind, "reason": reason, "unit_id": record.unit_id,
                  "method": record.method, "choices": [name for name, _ in record.unions],
                  "against_on_ballot": record.against is not None}
    work.rounds.append(round_)
    return round_


def _previous_in_unit(work: CaseWork, unit_id: str, before: date) -> Round | None:
    earlier = [r for r in work.rounds if r.unit_id == unit_id and r.tallies and r.first_on < before]
    return max(earlier, key=lambda r: (r.first_on, r.sequence)) if earlier else None


def _revised_one(round_: Round, known: KnownTally) -> KnownTally | None:
    """The tally a revised tally revises: the latest earlier tally of its election, if known."""
    return _latest(t for t in round_.tallies if t.prepared_on <= known.prepared_on)


def _latest(tallies: Iterable[KnownTally]) -> KnownTally | None:
    """The latest tally by date; on the same date the one added last (a revised tally after the one it revises)."""
    ranked = list(enumerate(tallies))
    return max(ranked, key=lambda pair: (pair[1].prepared_on, pair[0]))[1] if ranked else None


def _set_stages(work: CaseWork, record: ImportedTally) -> None:
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
