"""Time the reminder selection over 100,000 open deadlines across 20,000 cases (target: under 1 s),
on SQLite and on PostgreSQL.

    .venv/bin/python bench/bench_reminders.py                 # both databases
    .venv/bin/python bench/bench_reminders.py --sqlite-only

The data are made with bulk inserts: 20,000 cases in offices of every time zone, two parties and
two people each (40,000 people), 100,000 open deadlines due over the next six months (for all
parties, one party, the objecting party or the Regional Director), objections filed in 5% of
elections, and a ledger in which a third of what is due now was already sent. ``ANALYZE`` runs
after loading, as it would on a live database. The selection is
``casefile.jobs.reminders.select_due_reminders``, as of a fixed instant; the figures are the
first run and the median and best of the next runs. PostgreSQL: CASEFILE_BENCH_POSTGRES_URL
(default postgresql+psycopg://postgres@127.0.0.1:5432/test), in a scratch schema dropped afterwards.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, insert, text
from sqlmodel import Session, SQLModel

from casefile.jobs.reminders import select_due_reminders
from casefile.record import models
from casefile.record.db import make_engine
from casefile.rules.calendar import BusinessCalendar
from casefile.rules.offices import DEFAULT_TABLE
from casefile.vocab import (
    CaseType,
    DeadlineKind,
    DeadlineStatus,
    ElectionKind,
    PartyRole,
    ReminderStatus,
    Stage,
)

CASES = 20_000
DEADLINES = 100_000
AS_OF = datetime(2026, 6, 15, 13, 0, tzinfo=UTC)  # Monday 9:00 a.m. Eastern
ROUNDS = 5
POSTGRES_URL = os.environ.get("CASEFILE_BENCH_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
DERIVATION = ["tally prepared Fri 2026-06-12", "5 business days after Fri 2026-06-12; that day is not counted (102.2(a))",
              "Mon 2026-06-15 is day 1", "Tue 2026-06-16 is day 2", "Wed 2026-06-17 is day 3", "Thu 2026-06-18 is day 4",
              "Fri 2026-06-19 skipped (Juneteenth National Independence Day)", "Mon 2026-06-22 is day 5",
              "due Mon 2026-06-22", "cut-off 11:59 p.m. America/Chicago (2026-06-22T23:59:59-05:00)"]


def _rows(model: type[SQLModel], items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Full rows (the model's Python-side defaults filled in) for a Core bulk insert."""
    defaults = {name: f.get_default(call_default_factory=True) for name, f in model.model_fields.items()
                if not f.is_required() and name != "id"}
    return [{**defaults, **item} for item in items]


def load(engine: Engine) -> int:
    """Fill the database; returns the number of open deadlines."""
    rng = random.Random(20260615)
    offices = [o for o in DEFAULT_TABLE.all_offices() if o.region is not None]
    created = datetime(2026, 1, 2, tzinfo=UTC)
    calendar = BusinessCalendar()
    cases, parties, elections, people = [], [], [], []
    for n in range(1, CASES + 1):
        office = offices[n % len(offices)]
        cases.append({"id": n, "number": f"{office.region}-RC-{300000 + n:06d}", "name": f"Employer {n} LLC",
                      "case_type": CaseType.RC, "region": office.region, "office_key": office.key,
                      "rule_set_id": "2023-rule", "created_at": created})
        parties += [{"id": 2 * n - 1, "case_id": n, "key": "employer", "role": PartyRole.EMPLOYER, "name": f"Employer {n} LLC"},
                    {"id": 2 * n, "case_id": n, "key": "union", "role": PartyRole.PETITIONER, "name": f"Local {n}"}]
        elections.append({"id": n, "case_id": n, "sequence": 1, "kind": ElectionKind.INITIAL,
                          "stage": Stage.TALLY_ISSUED, "stage_entered_at": created})
        people += [{"id": 2 * n - 1, "case_id": n, "party_id": 2 * n - 1, "name": f"Counsel {n}A",
                    "email": f"a{n}@example.org", "notify_urls": [f"mailto://127.0.0.1:25?from=c@example.org&to=a{n}@example.org"],
                    "created_at": created},
                   {"id": 2 * n, "case_id": n, "party_id": 2 * n, "name": f"Counsel {n}B", "email": f"b{n}@example.org",
                    "notify_urls": [], "created_at": created}]
    kinds = [k for k in DeadlineKind]
    whom = ["all parties"] * 6 + ["union", "employer", "objecting party", "Regional Director"]
    deadlines = []
    start = AS_OF.date()
    for n in range(1, DEADLINES + 1):
        case_id = (n - 1) // (DEADLINES // CASES) + 1  # five deadlines per case, of five different kinds
        office = offices[case_id % len(offices)]
        due_on = calendar.roll_forward(start + timedelta(days=rng.randint(0, 180)))[0]
        cutoff = datetime.combine(due_on, datetime.min.time()).replace(hour=23, minute=59, second=59, tzinfo=UTC)
        deadlines.append({"id": n, "case_id": case_id, "election_id": case_id, "kind": kinds[n % len(kinds)],
                          "for_whom": whom[n % len(whom)], "trigger_kind": "tally-prepared", "trigger_on": due_on - timedelta(days=10),
                          "due_on": due_on, "cutoff_at": cutoff + timedelta(hours=5), "citation": "29 CFR 102.69(a)(8)",
                          "rule_set_id": "2023-rule", "office_key": office.key, "calendar_id": calendar.calendar_id,
                          "derivation": DERIVATION, "status": DeadlineStatus.OPEN})
    filings = [{"id": n, "case_id": n, "election_id": n, "party_id": 2 * n, "kind": "objections",
                "received_on": date(2026, 6, 1)} for n in range(1, CASES + 1, 20)]
    with Session(engine) as session:
        for model, items in ((models.Case, cases), (models.Party, parties), (models.Election, elections),
                             (models.Person, people), (models.Deadline, deadlines), (models.Filing, filings)):
            session.execute(insert(model), _rows(model, items))  # type: ignore[arg-type]
        session.commit()
        due = select_due_reminders(session, as_of=AS_OF, lead_days=[7, 3, 1], calendar=calendar, default_urls=[
            "mailto://127.0.0.1:25?from=c@example.org"])
        ledger = [{"deadline_id": r.deadline_id, "lead_days": r.lead_days, "person_id": r.person_id,
                   "channel_hash": uuid.uuid4().hex, "channel": "mailto://127.0.0.1:25", "status": ReminderStatus.SENT,
                   "attempts": 1, "claim_token": "bench", "claimed_at": AS_OF, "sent_at": AS_OF, "scheduled_at": AS_OF}
                  for r in due[::3]]
        session.execute(insert(models.ReminderSent), _rows(models.ReminderSent, ledger))  # type: ignore[arg-type]
        session.commit()
    with engine.begin() as conn:
        conn.execute(text("ANALYZE"))
    return len(deadlines)


def measure(engine: Engine) -> tuple[float, float, float, int]:
    calendar = BusinessCalendar()

    def once() -> int:
        with Session(engine) as session:
            return len(select_due_reminders(session, as_of=AS_OF, lead_days=[7, 3, 1], calendar=calendar,
                                            default_urls=["mailto://127.0.0.1:25?from=c@example.org"]))

    first, count = _timed(once)
    samples = [_timed(once)[0] for _ in range(ROUNDS)]
    return first, statistics.median(samples), min(samples), count


def measure_sweep(engine: Engine, as_of: datetime) -> tuple[float, float, int]:
    """A sweep pass as of ``as_of`` (rolled back, so every round sees the same data): the indexed
    query for lapsed open deadlines, then whatever it has to close."""
    from casefile.jobs.sweep import sweep

    def once() -> int:
        with Session(engine) as session:
            report = sweep(session, as_of=as_of)
            session.rollback()
            return len(report.deadlines_closed)

    first, count = _timed(once)
    samples = [_timed(once)[0] for _ in range(ROUNDS)]
    return first, statistics.median(samples), count


def _timed(fn: Callable[[], int]) -> tuple[float, int]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def report(name: str, engine: Engine) -> None:
    start = time.perf_counter()
    deadlines = load(engine)
    loaded = time.perf_counter() - start
    first, median, best, count = measure(engine)
    print(f"{name}: {deadlines:,} open deadlines, {CASES:,} cases, {2 * CASES:,} people (loaded in {loaded:.1f} s)")
    print(f"  select_due_reminders as of {AS_OF.isoformat()}: {count:,} reminders due")
    print(f"  first {first * 1000:.0f} ms; median {median * 1000:.0f} ms, best {best * 1000:.0f} ms of {ROUNDS} "
          f"(target < 1000 ms)")
    for label, moment in (("the same instant", AS_OF), ("one day later", AS_OF + timedelta(days=1))):
        s_first, s_median, closed = measure_sweep(engine, moment)
        print(f"  sweep as of {label}: {closed:,} lapsed deadlines closed; first {s_first * 1000:.0f} ms, "
              f"median {s_median * 1000:.0f} ms (target < 1000 ms)")


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="casefile-bench-") as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'casefile.db'}")
        SQLModel.metadata.create_all(engine)
        report("SQLite", engine)
        engine.dispose()
    if "--sqlite-only" in sys.argv:
        return
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    base = make_engine(POSTGRES_URL)
    try:
        with base.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    except Exception as exc:
        print(f"PostgreSQL: not reachable at {POSTGRES_URL} ({type(exc).__name__}); set CASEFILE_BENCH_POSTGRES_URL")
        return
    engine = base.execution_options(schema_translate_map={None: schema})
    try:
        SQLModel.metadata.create_all(engine)
        report("PostgreSQL", engine)
    finally:
        with base.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        base.dispose()


if __name__ == "__main__":
    main()
