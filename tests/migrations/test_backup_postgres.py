"""`casefile db upgrade` on PostgreSQL backs the database up with pg_dump first (a 0600 custom-format
dump that pg_restore reads); without pg_dump it changes nothing and asks for --no-backup."""

from __future__ import annotations

import shutil
import stat
import subprocess
import sys
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy import make_url, text

from casefile.cli import main
from casefile.record import migrate
from casefile.record.db import get_engine, make_engine
from casefile.settings import get_settings
from tests.conftest import POSTGRES_URL, _postgres_engine

pytestmark = pytest.mark.postgres


@pytest.fixture
def pre_migrations_postgres(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A new PostgreSQL database laid out as the 5c710bb release made it (the baseline's tables, no
    version table) holding one case; CASEFILE_DATABASE_URL names it. Dropped afterwards."""
    admin = _postgres_engine().execution_options(isolation_level="AUTOCOMMIT")
    name = f"casefile_backup_{uuid.uuid4().hex[:8]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)
    engine = make_engine(url)
    migrate.upgrade(engine, migrate.BASELINE)
    case = sa.table("case", *[sa.column(c) for c in ("number", "name", "case_type", "region", "office_key",
                                                      "rule_set_id", "unit_description", "created_at")])
    with engine.begin() as conn:
        conn.execute(case.insert().values(number="10-RC-269250", name="Amazon.com Services LLC", case_type="RC",
                                          region="10", office_key="atlanta", rule_set_id="2019-text",
                                          unit_description="", created_at=datetime(2021, 4, 9, 16, tzinfo=UTC)))
        conn.execute(text(f"DROP TABLE {migrate.VERSION_TABLE}"))
    engine.dispose()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CASEFILE_DATABASE_URL", url)
    monkeypatch.setenv("COLUMNS", "200")
    get_settings.cache_clear()
    get_engine.cache_clear()
    yield url
    get_engine.cache_clear()
    get_settings.cache_clear()
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    admin.dispose()


def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["casefile", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    out = capsys.readouterr()
    return int(exited.value.code or 0), out.out, out.err


def _state(url: str) -> tuple[str, list[tuple[str, str]]]:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return (migrate.schema_status(conn).state,
                    [tuple(r) for r in conn.execute(text('SELECT number, name FROM "case"')).all()])
    finally:
        engine.dispose()


@pytest.mark.skipif(shutil.which("pg_dump") is None, reason="pg_dump is not installed here")
def test_upgrade_backs_up_with_pg_dump_or_changes_nothing(pre_migrations_postgres: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Without pg_dump on PATH: exit 2 saying so and naming --no-backup, the database untouched. With it: the
    dump first (mode 0600, pg_restore lists the case table and its data), then the database at head, its row kept."""
    from casefile.record import backup

    with monkeypatch.context() as no_pg_dump:
        no_pg_dump.setattr(backup.shutil, "which", lambda name: None)
        code, _out, err = cli(monkeypatch, capsys, "db", "upgrade")
    assert code == 2
    assert err.strip() == ("error: cannot back up the PostgreSQL database: pg_dump is not installed (not on PATH); "
                           "back the database up yourself, then run `casefile db upgrade --no-backup`")
    assert _state(pre_migrations_postgres) == ("unstamped", [("10-RC-269250", "Amazon.com Services LLC")])

    code, out, err = cli(monkeypatch, capsys, "db", "upgrade", "--backup-dir", str(tmp_path / "backups"))
    assert code == 0, err
    dumps = list((tmp_path / "backups").glob("casefile_backup_*-backup-*.dump"))
    assert len(dumps) == 1 and f"backed up to {dumps[0]}" in out
    assert stat.S_IMODE(dumps[0].stat().st_mode) == 0o600
    assert dumps[0].read_bytes()[:5] == b"PGDMP"
    listing = subprocess.run(["pg_restore", "--list", str(dumps[0])], capture_output=True, text=True, check=True).stdout
    assert "TABLE public case " in listing and "TABLE DATA public case " in listing
    assert _state(pre_migrations_postgres) == ("current", [("10-RC-269250", "Amazon.com Services LLC")])
