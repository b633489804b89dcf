"""Engines for the migration tests: a new SQLite file, or a new schema in the test PostgreSQL
database reached through ``search_path`` (skipped with a clear message when the server does not
answer, like tests/conftest.py's postgres_engine), and pytest-alembic's runner on them.

pytest-alembic's plugin is disabled (``-p no:pytest_alembic`` in pyproject: its test collector
fails on pytest 9.2); its checks are called directly in test_pytest_alembic.py with the runner
built here.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import pytest_alembic
from sqlalchemy import Engine, make_url, text

from casefile.record import migrate
from casefile.record.db import make_engine
from tests.conftest import POSTGRES_URL, _postgres_engine

FIXTURE_5C710BB = Path(__file__).parent.parent / "fixtures" / "casefile-5c710bb.db"


def pytest_configure(config: pytest.Config) -> None:
    # pytest-alembic's checks carry its marker; its plugin, which registers it, is disabled.
    config.addinivalue_line("markers", "alembic: pytest-alembic's checks of the migrations")


@pytest.fixture
def postgres_schema_url() -> Iterator[str]:
    """The URL of a new, empty schema in the test PostgreSQL database (its search_path), dropped afterwards."""
    base = _postgres_engine()  # skips when the server does not answer
    schema = f"m_{uuid.uuid4().hex[:10]}"
    with base.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(POSTGRES_URL).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with base.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        base.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def migration_engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    """An empty database with casefile's connection settings, on SQLite and on PostgreSQL."""
    url = f"sqlite:///{tmp_path / 'casefile.db'}" if request.param == "sqlite" else request.getfixturevalue("postgres_schema_url")
    engine = make_engine(url)
    yield engine
    engine.dispose()


@pytest.fixture
def alembic_runner(migration_engine: Engine) -> Iterator[pytest_alembic.MigrationContext]:
    """pytest-alembic's runner over casefile's migrations (configured in code, no alembic.ini)."""
    config = pytest_alembic.Config.from_raw_config(migrate.alembic_config())
    with pytest_alembic.runner(config=config, engine=migration_engine) as runner:
        yield runner
