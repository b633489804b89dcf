"""Writing an import: one executemany INSERT per table (and per wave of revised tallies), the docket
rows chained just before they are inserted, every row of the cases sealed."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import insert, update
from sqlmodel import Session, col, select

from casefile.importers.records import READING_WORDS
from casefile.jobs.imports.stored import existing_deadlines
from casefile.jobs.imports.work import CaseWork, KnownTally, Round, chunks
from casefile.record.deadlines import configured_calendar
from casefile.record.integrity import seal_rows
from casefile.record.models import Case, Deadline, DocketEntry, Election, Party, Tally
from casefile.record.refs import RecordTable, Ref
from casefile.record.sealing import note_whole_prior, seal_whole_cases
from casefile.record.stored_outcome import reachable_facts
from casefile.record.workflow import RECORDED_BY
from casefile.rules.deadlines import compute_deadline
from casefile.rules.offices import office_named
from casefile.rules.rule_sets import rule_set_by_id
from casefile.vocab import (
    TERMINAL_STAGES,
    Actor,
    CaseType,
    DeadlineKind,
    DeadlineStatus,
    DocketActName,
    PartyRole,
    Stage,
    TallyKind,
    TriggerKind,
)


def _insert(session: Session, model: type[Any], rows: list[dict[str, Any]]) -> None:
    """Insert ``rows`` (every column given) into ``model``'s table in one executemany.

    A Core insert, not the ORM's: the ORM bulk insert leaves out None values and splits the batch
    wherever the pattern of None values changes (one statement per docket entry here), and an ordered
    RETURNING makes it insert row by row on SQLite; the new ids are read back by natural key instead."""
    if rows:
        session.execute(insert(model.__table__), rows)


def write_cases(session: Session, works: list[CaseWork], as_of: datetime) -> None:
    # The cases that exist already, as they are before the import writes: their rows must match their seals
    # (casefile.record.sealing.refuse_altered), since the commit seals every one of them again.
    note_whole_prior(session, [w.id for w in works if not w.new])
    new_cases = [w for w in works if w.new]
    _insert(session, Case, [w.row for w in new_cases])
    by_number = {w.number: w for w in new_cases}
    for numbers in chunks(list(by_number)):
        for case_id, number in session.exec(select(col(Case.id), col(Case.number)).where(col(Case.number).in_(numbers))):
            by_number[number].id = case_id
    _insert(session, Party, [p for w in new_cases for p in _parties(w)])
    new_rounds = {(w.id, r.sequence): r for w in works for r in w.rounds if r.new}
    _insert(session, Election, [{**r.row, "case_id": case_id, "stage": r.stage, "stage_entered_at": as_of}
                                for (case_id, _), r in new_rounds.items()])
    for chunk in chunks(sorted({w.id for w in works if w.id is not None})):
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
    existing = existing_deadlines(session, [r.id for w in works for r, _ in w.new_tallies if not r.new])
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


def _read_tally_ids(session: Session, wave: list[tuple[Round, KnownTally]]) -> None:
    """Set the ids of the tallies just inserted: one tally per election, kind and date (the import's key)."""
    wanted = {(r.id, t.kind, t.prepared_on): t for r, t in wave}
    for chunk in chunks(sorted({r.id for r, _ in wave if r.id is not None})):
        for tally_id, election_id, kind, prepared_on in session.exec(
            select(col(Tally.id), col(Tally.election_id), col(Tally.kind), col(Tally.prepared_on))
            .where(col(Tally.election_id).in_(chunk))
        ):
            known = wanted.get((election_id, kind, prepared_on))
            if known is not None and known.id is None:
                known.id = tally_id


def _parties(work: CaseWork) -> list[dict[str, Any]]:
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


def _tally_row(round_: Round, known: KnownTally) -> dict[str, Any]:
    record, analysis = known.record, known.analysis
    assert record is not None and analysis is not None
    counts = analysis.counts
    return {
        "election_id": round_.id, "kind": record.kind, "prepared_on": record.prepared_on, "eligible": counts.eligible,
        "eligible_exact": False, "void": counts.void, "votes": [[n, v] for n, v in counts.choices],
        "against": counts.against, "challenged": counts.challenged, "valid": analysis.valid,
        "valid_plus_challenged": analysis.valid_plus_challenged, "determinative": analysis.determinative,
        "majority_for": analysis.majority_for, "outcome": analysis.outcome.kind.value,
        "outcome_text": analysis.outcome.describe(), "reachable": reachable_facts(analysis.reachable),
        "warnings": list(analysis.warnings), "runoff_ballot": counts.runoff_ballot,
        "revises_id": known.revises.id if known.revises else None, "opened": 0, "source": record.source,
    }


def _entries(work: CaseWork, as_of: datetime, by: str) -> list[dict[str, Any]]:
    """The docket entries of the import, as ``casefile.record.workflow.docket`` writes them (same
    columns and keys), each naming ``by``, who imported it."""
    first = work.first
    entries: list[dict[str, Any]] = []

    def entry(occurred_on: date, act: DocketActName, act_key: str, actor: Actor, summary: str, election_id: int | None = None,
              to_stage: Stage | None = None, ref: Ref | None = None) -> None:
        entries.append({"case_id": work.id, "election_id": election_id, "act_key": act_key, "act": act, "actor": actor,
                        "recorded_by": by, "occurred_on": occurred_on, "recorded_at": as_of, "summary": summary, "from_stage": None,
                        "to_stage": to_stage, "ref": ref, "document_id": None})

    if work.new:
        entry(first.filed_on, DocketActName.IMPORT_CASE, "import:case", Actor.PARTY,
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
        entry(record.prepared_on, DocketActName.IMPORT_TALLY, record.act_key, Actor.BOARD_AGENT,
              f"Tally of Ballots ({record.kind.value}, unit {record.unit_id}, election {round_.sequence}) imported from "
              f"{record.source}: {votes}{against}; {counts.void:,} void; {counts.challenged:,} challenged "
              f"({'determinative' if analysis.determinative else 'not determinative'}); "
              f"{analysis.outcome.describe()}{revises}.{total}{stage}",
              election_id=round_.id, to_stage=round_.stage if opening else None, ref=Ref(RecordTable.TALLY, known.id))  # type: ignore[arg-type]  # its id: read back once inserted
    if work.new and first.closed_on is not None and first.status.strip().casefold() == "closed":
        entry(first.closed_on, DocketActName.IMPORT_CASE_CLOSED, f"import:closed:{first.closed_on.isoformat()}",
              Actor.REGIONAL_DIRECTOR,
              f"Case closed {first.closed_on.isoformat()}: {first.reason_closed or 'no reason given'} (NLRB export)")
    return entries


def _deadlines(work: CaseWork, as_of: datetime, existing: set[tuple[int, DeadlineKind, date]]) -> list[dict[str, Any]]:
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
        rows.append({
            "case_id": work.id, "election_id": round_.id, "kind": kind, "for_whom": "all parties",
            "trigger_kind": (TriggerKind.REVISED_TALLY if revised else TriggerKind.TALLY).value, "trigger_ref": None,
            "trigger_on": known.prepared_on, "due_on": computed.due_on, "cutoff_at": computed.cutoff_at,
            "citation": computed.citation, "rules": list(computed.rules), "rule_set_id": computed.rule_set_id, "office_key": computed.office_key,
            "calendar_id": computed.calendar_id, "derivation": list(computed.derivation),
            "preceding_due_on": computed.preceding.due_on if computed.preceding else None,
            "status": DeadlineStatus.MOOTED if mooted else DeadlineStatus.OPEN, "closed_at": as_of if mooted else None,
        })
    return rows
