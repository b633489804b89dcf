"""Shared fixtures: a database per test on SQLite (a temp file) and on the machine's PostgreSQL.

PostgreSQL: CASEFILE_TEST_POSTGRES_URL (default postgresql+psycopg://postgres@127.0.0.1:5432/test).
Tests marked `postgres` skip with a clear message when that server does not answer.

Hypothesis: the profile `check` (``--hypothesis-profile=check``, `make check`) runs a fifth of each
property test's examples (tests/strategies.py ``examples``); `make test` runs them all (the default).
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

# Cheap password hashes for the suite's many test accounts (casefile/accounts/passwords.py); set
# before casefile.accounts is imported, and inherited by the commands the tests run.
os.environ.setdefault("CASEFILE_PASSWORD_HASH_COST", "low")

from hypothesis import HealthCheck, settings
from sqlalchemy import Engine, text
from sqlmodel import SQLModel

from casefile.record import models  # noqa: F401  (tables)
from casefile.record.db import make_engine

# No per-example deadline and no too-slow health check anywhere in the suite: on a shared 2-core machine an
# example's time says the machine's load, not the code's (speed goals live in bench/, not in timed tests).
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")
settings.register_profile("check", parent=settings.get_profile("suite"), max_examples=20)  # the fast loop; registered
# before the plugin loads it

POSTGRES_URL = os.environ.get("CASEFILE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
CENTRAL = ZoneInfo("America/Chicago")
EASTERN = ZoneInfo("America/New_York")


def at(text_: str) -> datetime:
    """An aware instant from ISO text (must carry an offset)."""
    value = datetime.fromisoformat(text_)
    assert value.tzinfo is not None
    return value


def _postgres_engine() -> Engine:
    engine = make_engine(POSTGRES_URL)
    try:
        with engine.connect() as conn:
            conn.execute(text("select 1"))
    except Exception as exc:
        engine.dispose()
        pytest.skip(f"PostgreSQL not reachable at {POSTGRES_URL} ({type(exc).__name__}); start it or set "
                    "CASEFILE_TEST_POSTGRES_URL")
    return engine


@pytest.fixture(scope="session")
def tables_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite database holding every table (``create_all``, WAL journal), made once per test
    process and copied by :func:`sqlite_engine`: a copy costs a few milliseconds, ``create_all`` on a
    new file (each table's DDL synced) a few hundred on a loaded machine."""
    database = tmp_path_factory.mktemp("tables") / "casefile.db"
    engine = make_engine(f"sqlite:///{database}")
    SQLModel.metadata.create_all(engine)
    engine.dispose()  # the last connection checkpoints the WAL: the file alone is the database
    return database


@pytest.fixture
def sqlite_engine(tmp_path: Path, tables_template: Path) -> Iterator[Engine]:
    shutil.copy(tables_template, tmp_path / "casefile.db")  # mode 0600 kept
    engine = make_engine(f"sqlite:///{tmp_path / 'casefile.db'}")
    yield engine
    engine.dispose()


@pytest.fixture(scope="session")
def postgres_schema() -> Iterator[tuple[Engine, str]]:
    """A schema in the test PostgreSQL database holding every table, made once per test process and
    dropped at its end; :func:`postgres_engine` empties it for each test (the admin engine, its name)."""
    base = _postgres_engine()
    schema = f"t_{uuid.uuid4().hex[:10]}"
    _new_schema(base, schema)
    yield base, schema
    with base.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
    base.dispose()


def _new_schema(base: Engine, schema: str) -> None:
    with base.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    engine = base.execution_options(schema_translate_map={None: schema})
    SQLModel.metadata.create_all(engine)


def _emptied(base: Engine, schema: str) -> None:
    """``schema`` as :func:`_new_schema` leaves it: every row deleted and every sequence restarted (a
    few milliseconds; ``CREATE SCHEMA`` with every table's DDL, or ``TRUNCATE``, takes about a second
    on a loaded machine). A schema whose tables are not casefile's (a test made or dropped one) is made anew."""
    tables = SQLModel.metadata.sorted_tables
    with base.begin() as conn:
        present = set(conn.execute(text("SELECT table_name FROM information_schema.tables WHERE table_schema = :s"),
                                   {"s": schema}).scalars())
        if present == {t.name for t in tables}:
            sequences = conn.execute(text("SELECT sequence_name FROM information_schema.sequences "
                                          "WHERE sequence_schema = :s"), {"s": schema}).scalars().all()
            for table in reversed(tables):  # dependents first
                conn.execute(text(f'DELETE FROM "{schema}"."{table.name}"'))
            for sequence in sequences:
                conn.execute(text(f'ALTER SEQUENCE "{schema}"."{sequence}" RESTART'))
            return
    _new_schema(base, schema)


@pytest.fixture
def postgres_engine(postgres_schema: tuple[Engine, str]) -> Iterator[Engine]:
    """The worker's PostgreSQL schema (:func:`postgres_schema`), empty, as a fresh ``create_all`` leaves it."""
    base, schema = postgres_schema
    _emptied(base, schema)
    engine = make_engine(POSTGRES_URL).execution_options(schema_translate_map={None: schema})
    yield engine
    engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def engine(request: pytest.FixtureRequest) -> Engine:
    """The same test on SQLite and on PostgreSQL."""
    return request.getfixturevalue(f"{request.param}_engine")


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite database at the migrations' head, as the front door leaves a new one (WAL
    journal), made once per test process (each xdist worker has its own) and copied by
    :func:`configured_db` instead of running every migration again for each test."""
    from casefile.record.db import make_engine, use_wal
    from casefile.record.migrate import ensure_current

    database = tmp_path_factory.mktemp("template") / "casefile.db"
    engine = make_engine(f"sqlite:///{database}", wal=False)
    ensure_current(engine)
    use_wal(engine)
    engine.dispose()  # the last connection checkpoints the WAL: the file alone is the database
    return database


@pytest.fixture
def configured_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, migrated_template: Path) -> Iterator[Path]:
    """Point the settings (database, output dir) at a temp folder, for code that uses the default
    engine; its database is a copy of :func:`migrated_template` (at head, no rows)."""
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    shutil.copy(migrated_template, tmp_path / "casefile.db")  # mode 0600 kept
    monkeypatch.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{tmp_path / 'casefile.db'}")
    monkeypatch.setenv("CASEFILE_OUTPUT_DIR", str(tmp_path / "out"))
    get_settings.cache_clear()
    get_engine.cache_clear()
    yield tmp_path
    get_settings.cache_clear()
    get_engine.cache_clear()
