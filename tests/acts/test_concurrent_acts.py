"""Four processes file objections at once through the front door, on one case and across cases,
on SQLite and on PostgreSQL: nothing lost, nothing filed twice, no "database is locked" or
traceback reaching a user (issue 9, item 7; the full size is bench/bench_concurrency.py)."""

from __future__ import annotations

import multiprocessing
import os
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from tests.acts.concurrency import check, prepare, worker
from tests.conftest import POSTGRES_URL, _postgres_engine

WORKERS, ACTS = 4, 8


def _plan(worker_no: int, cases: int) -> list[tuple[int, int]]:
    """Worker w files objections w*ACTS+2 ... on case (k % cases), and every worker also retries
    objection 1 of case 0 (the same filing four times at once: stored once)."""
    own = [((k % cases), worker_no * ACTS + k + 2) for k in range(ACTS - 1)]
    return [(0, 1), *own] if worker_no else [*own, (0, 1)]


def _run(url: str, cases: int) -> tuple[Counter[str], dict]:
    """Prepare, run the workers, check; the test process's CASEFILE_DATABASE_URL (which prepare and check
    point at ``url``) is put back after, so the next test file on this worker does not find a dropped database."""
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    before = os.environ.get("CASEFILE_DATABASE_URL")
    try:
        prepare(url, cases)
        with multiprocessing.get_context("spawn").Pool(WORKERS) as pool:
            results = pool.starmap(worker, [(url, w, _plan(w, cases)) for w in range(WORKERS)])
        return sum(results, Counter()), check(url)
    finally:
        if before is None:
            os.environ.pop("CASEFILE_DATABASE_URL", None)
        else:
            os.environ["CASEFILE_DATABASE_URL"] = before
        get_settings.cache_clear()
        get_engine.cache_clear()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh database on the test PostgreSQL server (the workers connect to it by URL)."""
    base = _postgres_engine()
    name = f"casefile_conc_{uuid.uuid4().hex[:8]}"
    with base.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield POSTGRES_URL.rsplit("/", 1)[0] + f"/{name}"
    with base.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    base.dispose()


@pytest.mark.parametrize("cases", [1, 4], ids=["one-case", "four-cases"])
def test_sqlite(tmp_path: Path, cases: int) -> None:
    """SQLite file: every distinct filing stored once, the retried one once, numbers unique per election."""
    answers, stored = _run(f"sqlite:///{tmp_path / 'casefile.db'}", cases)
    _assert_clean(answers, stored)


@pytest.mark.postgres
@pytest.mark.parametrize("cases", [1, 4], ids=["one-case", "four-cases"])
def test_postgres(postgres_url: str, cases: int) -> None:
    """PostgreSQL: the same, with row locks instead of SQLite's write lock."""
    answers, stored = _run(postgres_url, cases)
    _assert_clean(answers, stored)


def _assert_clean(answers: Counter[str], stored: dict) -> None:
    distinct = WORKERS * (ACTS - 1) + 1
    assert answers == Counter({"filed": distinct, "repeated": WORKERS - 1}), answers
    assert stored["objections"] == distinct
    assert (stored["duplicate_numbers"], stored["duplicate_texts"], stored["duplicate_keys"]) == (0, 0, 0)
