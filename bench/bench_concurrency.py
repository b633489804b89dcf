"""Four processes performing acts at once through the front door, 50 acts each, on SQLite and on
PostgreSQL (when reachable at CASEFILE_TEST_POSTGRES_URL): on one case and across cases.

    .venv/bin/python bench/bench_concurrency.py

Prints, for each database and mode: acts attempted, filed, found already recorded (the same
filing sent by several processes), refused (by code), tracebacks, and what was stored — objections,
duplicate numbers, duplicate docket keys — with the wall time. Goal: 0 lost, 0 duplicated, 0
"database is locked" or traceback reaching a user.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.acts.concurrency import check, prepare, worker

WORKERS, ACTS = 4, 50
PG = os.environ.get("CASEFILE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def plan(w: int, cases: int) -> list[tuple[int, int]]:
    own = [(k % cases, w * ACTS + k + 2) for k in range(ACTS - 5)]
    shared = [(k % cases, 1_000_000 + k) for k in range(5)]  # sent by every worker: stored once each
    return own + shared


def run(url: str, cases: int) -> None:
    prepare(url, cases)
    t = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(WORKERS) as pool:
        answers = sum(pool.starmap(worker, [(url, w, plan(w, cases)) for w in range(WORKERS)]), Counter())
    wall = time.perf_counter() - t
    stored = check(url)
    distinct = WORKERS * (ACTS - 5) + 5
    lost = distinct - stored["objections"]
    print(f"  {cases} case(s): {WORKERS * ACTS} acts in {wall:.1f} s; answers {dict(answers)}; stored "
          f"{stored['objections']} of {distinct} distinct (lost {lost}); duplicate numbers "
          f"{stored['duplicate_numbers']}, duplicate texts {stored['duplicate_texts']}, duplicate docket keys "
          f"{stored['duplicate_keys']}")


def main() -> None:
    for cases in (1, 8):
        folder = Path(tempfile.mkdtemp(prefix="casefile-conc-"))
        print("SQLite:")
        run(f"sqlite:///{folder / 'casefile.db'}", cases)
    try:
        from sqlalchemy import create_engine, text

        base = create_engine(PG.replace("postgresql+psycopg", "postgresql+psycopg"))
        for cases in (1, 8):
            name = f"casefile_bench_{uuid.uuid4().hex[:8]}"
            with base.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                conn.execute(text(f'CREATE DATABASE "{name}"'))
            print("PostgreSQL:")
            try:
                run(PG.rsplit("/", 1)[0] + f"/{name}", cases)
            finally:
                with base.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                    conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    except Exception as exc:
        print(f"PostgreSQL skipped: {type(exc).__name__}: {exc}")


if __name__ == "__main__":
    main()
