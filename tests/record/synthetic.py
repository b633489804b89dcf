"""Many NLRB-shaped cases at once, written as rows (not through acts), for the tests and the bench
that measure how listing costs grow with the record (tests/record/test_case_lists_sql.py,
bench/bench_web.py --cases).

Each case: an RC (some RM, RD) case in one of the Regions' offices, an employer and a petitioning
union (some with an intervenor), a counsel of record each, one election (a tenth a rerun after it), its tally dated some day
in the ten years before ``today`` — so most cases are long certified and their periods closed,
and those tallied in the last weeks have their objections, offer-of-proof and certification
periods running — and a docket of three to five entries. The docket's hashes are stand-ins: a
synthetic record does not verify (nor is it meant to).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import Engine, func, insert, select, text

from casefile.record.models import Case, Deadline, DocketEntry, Election, Party, Person
from casefile.rules.offices import all_offices
from casefile.vocab import Actor, CaseType, DeadlineKind, DeadlineStatus, ElectionKind, PartyRole, Stage

EMPLOYERS = ("Acme Logistics", "Riverside Hospital", "Northern Foods", "Summit Hotels", "Harbor Freight Lines",
             "Pioneer Steel", "Lakeside Nursing", "Metro Transit", "Valley Packaging", "Bright Energy")
UNIONS = ("Teamsters Local 89", "SEIU 1199", "UFCW Local 400", "IBEW Local 26", "USW Local 1010",
          "Workers United", "UAW Local 862", "CWA Local 2100")
TABLES = (Case, Party, Person, Election, Deadline, DocketEntry)


def _stage(recent: bool, rng: random.Random) -> Stage:
    if recent:
        return rng.choice((Stage.TALLY_ISSUED, Stage.TALLY_ISSUED, Stage.OBJECTIONS_PENDING))
    return rng.choices((Stage.CERTIFIED, Stage.RD_DECISION, Stage.SET_ASIDE, Stage.HEARING_CLOSED),
                       weights=(90, 4, 3, 3))[0]


def _deadlines(ids: dict[str, int], case_id: int, election_id: int, office: str, tallied: date, now: datetime,
               rng: random.Random) -> list[dict[str, Any]]:
    out = []
    for kind, days, whom in ((DeadlineKind.OBJECTIONS, 7, "all parties"), (DeadlineKind.OFFER_OF_PROOF, 7, "all parties"),
                             (DeadlineKind.EARLIEST_CERTIFICATION, 10, "Regional Director")):
        due = tallied + timedelta(days=days + (2 if (tallied + timedelta(days=days)).weekday() >= 5 else 0))
        cutoff = datetime.combine(due, time(23, 59), tzinfo=UTC) + timedelta(hours=5)
        running = cutoff >= now
        status = DeadlineStatus.OPEN if running else rng.choices(
            (DeadlineStatus.LAPSED, DeadlineStatus.MET, DeadlineStatus.MOOTED), weights=(80, 15, 5))[0]
        ids["deadline"] += 1
        out.append({"id": ids["deadline"], "case_id": case_id, "election_id": election_id, "kind": kind,
                    "for_whom": whom, "trigger_kind": "tally-prepared", "trigger_on": tallied, "due_on": due,
                    "cutoff_at": cutoff, "citation": "29 CFR 102.69(a)", "rule_set_id": "2023-rule",
                    "office_key": office, "calendar_id": "us-federal", "derivation": [f"tally {tallied}"],
                    "preceding_due_on": None, "status": status, "closed_at": None if running else cutoff + timedelta(hours=1),
                    "pinned_by": ""})
    return out


def _docket(ids: dict[str, int], case_id: int, election_id: int, tallied: date, petition: date, stage: Stage,
            at: datetime) -> list[dict[str, Any]]:
    acts = [("open-case", Actor.PARTY, petition, None, None), ("record-tally", Actor.BOARD_AGENT, tallied, None,
                                                              Stage.TALLY_ISSUED)]
    if stage is not Stage.TALLY_ISSUED:
        acts.append(("sweep", Actor.SYSTEM, tallied + timedelta(days=12), Stage.TALLY_ISSUED, stage))
    out, prev = [], ""
    for n, (act, actor, on, before, after) in enumerate(acts):
        ids["docketentry"] += 1
        chain = f"{case_id:x}-{n}".rjust(64, "0")
        out.append({"id": ids["docketentry"], "case_id": case_id, "election_id": election_id if n else None,
                    "act_key": f"{act}:{n}", "act": act, "actor": actor, "recorded_by": "system:synthetic",
                    "occurred_on": on, "recorded_at": at, "summary": f"{act.replace('-', ' ')} ({on.isoformat()})",
                    "from_stage": before, "to_stage": after, "ref": None, "document_id": None, "prev_hash": prev,
                    "chain_hash": chain, "seal": None})
        prev = chain
    return out


def synthetic_rows(count: int, *, today: date, seed: int = 18, start: dict[str, int] | None = None,
                   now: datetime | None = None) -> Iterator[dict[str, list[dict[str, Any]]]]:
    """The rows of ``count`` cases, a thousand cases at a time (table name -> rows), their ids after
    ``start`` (table name -> the largest id already there). Case numbers 3xxxxx onwards."""
    rng = random.Random(seed)
    offices = [o for o in all_offices() if o.region is not None]
    ids = {t.__tablename__: 0 for t in TABLES} | (start or {})  # type: ignore[attr-defined]
    now = now or datetime.combine(today, time(12), tzinfo=UTC)
    batch: dict[str, list[dict[str, Any]]] = {t.__tablename__: [] for t in TABLES}  # type: ignore[attr-defined]
    for i in range(count):
        office = rng.choice(offices)
        kind = rng.choices((CaseType.RC, CaseType.RM, CaseType.RD), weights=(85, 5, 10))[0]
        recent = rng.random() < 0.04
        tallied = today - timedelta(days=rng.randint(0, 20) if recent else rng.randint(21, 3650))
        petition = tallied - timedelta(days=rng.randint(20, 60))
        ids["case"] += 1
        case_id = ids["case"]
        employer = f"{rng.choice(EMPLOYERS)} {i}"
        at = datetime.combine(petition, time(15), tzinfo=UTC)
        batch["case"].append({"id": case_id, "number": f"{office.region}-{kind.value}-{300000 + i:06d}", "name": employer,
                              "case_type": kind, "region": office.region, "office_key": office.key, "agreement": None,
                              "petition_filed_on": petition, "rule_set_id": "2023-rule", "unit_description": "",
                              "notes": [], "sources": [], "created_at": at})
        parties = [("employer", PartyRole.EMPLOYER, employer), ("union", PartyRole.PETITIONER, rng.choice(UNIONS))]
        if rng.random() < 0.1:
            parties.append(("intervenor", PartyRole.INTERVENOR, rng.choice(UNIONS) + " (intervenor)"))
        for key, role, name in parties:
            ids["party"] += 1
            batch["party"].append({"id": ids["party"], "case_id": case_id, "key": key, "role": role, "name": name})
            ids["person"] += 1
            batch["person"].append({"id": ids["person"], "case_id": case_id, "party_id": ids["party"],
                                    "name": f"Counsel {ids['person']}", "email": f"counsel{ids['person']}@example.org",
                                    "notify_urls": [], "created_at": at, "firm": "", "address": "", "phone": "",
                                    "bar_number": "", "counsel": True, "reminded": True, "position": 0, "user_id": None})
        stage = _stage(recent, rng)
        elections = [(1, ElectionKind.INITIAL, tallied, stage)]
        if not recent and rng.random() < 0.1:
            elections = [(1, ElectionKind.INITIAL, tallied - timedelta(days=120), Stage.SET_ASIDE),
                         (2, ElectionKind.RERUN, tallied, stage)]
        for sequence, election_kind, on, at_stage in elections:
            ids["election"] += 1
            batch["election"].append({
                "id": ids["election"], "case_id": case_id, "sequence": sequence, "kind": election_kind,
                "follows_id": ids["election"] - 1 if sequence > 1 else None, "reason": "", "unit_id": "A", "method": None,
                "held_from_on": on, "held_to_on": on, "choices": [parties[1][2]], "against_on_ballot": True,
                "next_kind": None, "next_choices": [], "next_against_on_ballot": True, "next_held_from_on": None,
                "next_held_to_on": None, "stage": at_stage, "stage_entered_at": datetime.combine(on, time(16), tzinfo=UTC)})
            batch["deadline"] += _deadlines(ids, case_id, ids["election"], office.key, on, now, rng)
        batch["docketentry"] += _docket(ids, case_id, ids["election"], tallied, petition, stage, at)
        if (i + 1) % 1000 == 0 or i == count - 1:
            yield batch
            batch = {t.__tablename__: [] for t in TABLES}  # type: ignore[attr-defined]


def add_synthetic_cases(engine: Engine, count: int, *, today: date, seed: int = 18) -> None:
    """Write ``count`` synthetic cases into ``engine``'s database (after the rows already there), a
    thousand cases a transaction, with multi-row INSERTs; on PostgreSQL the id sequences follow."""
    with engine.connect() as connection:
        start = {t.__tablename__: int(connection.execute(select(func.coalesce(func.max(t.id), 0))).scalar_one())  # type: ignore[attr-defined]
                 for t in TABLES}
    for batch in synthetic_rows(count, today=today, seed=seed, start=start):
        with engine.begin() as connection:
            for table in TABLES:
                rows = batch[table.__tablename__]  # type: ignore[attr-defined]
                if rows:
                    connection.execute(insert(table), rows)
    if engine.dialect.name == "postgresql":
        with engine.begin() as connection:
            for table in TABLES:
                name = table.__tablename__  # type: ignore[attr-defined]
                connection.execute(text(f"SELECT setval(pg_get_serial_sequence('\"{name}\"', 'id'), "
                                        f"(SELECT coalesce(max(id), 1) FROM \"{name}\"))"))
