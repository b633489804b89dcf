"""CASEFILE_DATABASE_URL: its password is never shown (an unparsable URL, an unreachable database),
an unreachable database is a clean error (exit 2, one line), and an empty database is brought to
head by the migrations, next to Prefect's own Alembic table when they share one PostgreSQL."""

from __future__ import annotations

import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, inspect, make_url, text

from casefile.cli import main
from casefile.errors import ConfigurationError
from casefile.record import migrate
from casefile.record.db import get_engine, make_engine, mask_url
from casefile.settings import get_settings
from tests.conftest import POSTGRES_URL, _postgres_engine

SECRET = "s3cr3t-Pa55"


@pytest.fixture
def database_url(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[pytest.MonkeyPatch]:
    """Settings and engine caches cleared around a test that sets CASEFILE_DATABASE_URL itself."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CASEFILE_OUTPUT_DIR", str(tmp_path / "out"))
    get_settings.cache_clear()
    get_engine.cache_clear()
    yield monkeypatch
    get_engine.cache_clear()
    get_settings.cache_clear()


def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["casefile", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    out = capsys.readouterr()
    return int(exited.value.code or 0), out.out, out.err


class TestMaskUrl:
    @pytest.mark.parametrize(("url", "shown"), [
        (f"postgresql+psycopg://ann:{SECRET}@db.example.org:5432/casefile",
         "postgresql+psycopg://ann:***@db.example.org:5432/casefile"),
        ("postgresql+psycopg://ann@db.example.org/casefile", "postgresql+psycopg://ann@db.example.org/casefile"),
        ("sqlite:///.casefile/casefile.db", "sqlite:///.casefile/casefile.db"),
        (f"postgres ql://ann:{SECRET}@db/x", "postgres ql://ann:***@db/x"),  # does not parse: masked by position
        (f"ann:{SECRET}@db", "ann:***@db"),
        (f"postgresql://ann:{SECRET}@:@db:99999999/x", "postgresql://ann:***@db:99999999/x"),
        ("not a url at all", "not a url at all"),
    ], ids=["password", "no-password", "sqlite", "unparsable", "no-scheme", "bad-port", "no-url"])
    def test_the_password_is_masked(self, url: str, shown: str) -> None:
        """Parsable URLs are rendered with *** for the password; in unparsable ones, what lies between
        the user's ':' and the last '@' is masked."""
        assert mask_url(url) == shown
        assert SECRET not in mask_url(url)


class TestUnusableUrl:
    def test_an_unparsable_url_is_refused_without_its_password(self, database_url: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
        """An unparsable URL: exit 2, one line naming the setting, the password masked, no traceback."""
        database_url.setenv("CASEFILE_DATABASE_URL", f"postgres ql://ann:{SECRET}@db/casefile")
        code, out, err = cli(database_url, capsys, "deadlines")
        assert code == 2
        assert err.strip() == ("error: CASEFILE_DATABASE_URL: cannot parse 'postgres ql://ann:***@db/casefile' as a "
                               "database URL (e.g. sqlite:///.casefile/casefile.db or postgresql+psycopg://user@host/db)")
        assert SECRET not in out + err

    def test_an_unreachable_postgres_is_a_clean_error(self, database_url: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
        """Nothing listens on the port: exit 2, one line with the URL (password ***) and the driver's reason."""
        import socket

        with socket.socket() as probe:  # a port nothing listens on
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        database_url.setenv("CASEFILE_DATABASE_URL", f"postgresql://ann:{SECRET}@127.0.0.1:{port}/casefile")
        with pytest.raises(ConfigurationError) as refused:
            get_engine()
        assert str(refused.value).startswith(
            f"CASEFILE_DATABASE_URL=postgresql+psycopg://ann:***@127.0.0.1:{port}/casefile: cannot reach the database "
            "(OperationalError: ")
        assert "Connection refused" in str(refused.value) and SECRET not in str(refused.value)
        get_engine.cache_clear()
        code, out, err = cli(database_url, capsys, "db", "status")
        assert code == 2 and err.startswith("error: CASEFILE_DATABASE_URL=postgresql+psycopg://ann:***@")
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and SECRET not in out + err

    @pytest.mark.postgres
    def test_a_refused_login_is_a_clean_error(self, database_url: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
        """The server answers but refuses the role: exit 2, the server's reason, the password never shown."""
        _postgres_engine().dispose()  # skips when the server does not answer
        url = make_url(POSTGRES_URL).set(username="nobody_here", password=SECRET)
        database_url.setenv("CASEFILE_DATABASE_URL", url.render_as_string(hide_password=False))
        code, out, err = cli(database_url, capsys, "deadlines")
        assert code == 2
        assert 'cannot reach the database (OperationalError: connection failed: ' in err
        assert 'role "nobody_here" does not exist' in err and "nobody_here:***@" in err
        assert SECRET not in out + err

    def test_a_sqlite_folder_that_cannot_be_made(self, database_url: pytest.MonkeyPatch, tmp_path: Path) -> None:
        """A SQLite file under a regular file: a ConfigurationError naming the folder, not an OSError."""
        (tmp_path / "plain").write_text("a file, not a folder")
        database_url.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{tmp_path / 'plain' / 'db' / 'casefile.db'}")
        with pytest.raises(ConfigurationError, match=r"cannot create the folder .*plain/db.* of the SQLite database"):
            get_engine()


def _tables(engine: Engine) -> set[str]:
    with engine.connect() as conn:
        return set(inspect(conn).get_table_names(schema=migrate.translated_schema(conn)))


class TestEmptyDatabase:
    def test_the_embedded_default_needs_no_set_up(self, database_url: pytest.MonkeyPatch, tmp_path: Path) -> None:
        """With no CASEFILE_DATABASE_URL, the first engine creates .casefile/casefile.db at head (by the migrations)."""
        database_url.delenv("CASEFILE_DATABASE_URL", raising=False)
        engine = get_engine()
        assert Path(engine.url.database or "").resolve() == tmp_path / ".casefile" / "casefile.db"
        with engine.connect() as conn:
            assert conn.execute(text(f"SELECT version_num FROM {migrate.VERSION_TABLE}")).scalar_one() == migrate.head()
        assert {"case", "docketentry", "person", migrate.VERSION_TABLE} <= _tables(engine)

    def test_two_processes_starting_at_once_migrate_once(self, tmp_path: Path) -> None:
        """Two engines bringing the same empty SQLite file to head at the same moment: both succeed, one version row."""
        url = f"sqlite:///{tmp_path / 'casefile.db'}"
        engines = [make_engine(url), make_engine(url)]
        barrier = threading.Barrier(2)
        errors: list[BaseException] = []

        def start(engine: Engine) -> None:
            barrier.wait()
            try:
                migrate.ensure_current(engine)
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=start, args=(e,)) for e in engines]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        with engines[0].connect() as conn:
            assert conn.execute(text(f"SELECT version_num FROM {migrate.VERSION_TABLE}")).all() == [(migrate.head(),)]
        for e in engines:
            e.dispose()

    @pytest.mark.postgres
    def test_next_to_prefects_alembic_table(self, postgres_schema_url: str) -> None:
        """In a PostgreSQL schema that already holds Prefect's `alembic_version`, casefile creates its tables
        and its own `casefile_alembic_version`, and leaves Prefect's row alone."""
        engine = make_engine(postgres_schema_url)
        try:
            with engine.begin() as conn:
                conn.execute(text("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)"))
                conn.execute(text("INSERT INTO alembic_version VALUES ('3c7f0e4b2a1d')"))
                conn.execute(text("CREATE TABLE flow_run (id INTEGER PRIMARY KEY)"))
            migrate.ensure_current(engine)
            with engine.connect() as conn:
                assert conn.execute(text("SELECT version_num FROM alembic_version")).all() == [("3c7f0e4b2a1d",)]
                assert conn.execute(text(f"SELECT version_num FROM {migrate.VERSION_TABLE}")).all() == [(migrate.head(),)]
                assert migrate.schema_status(conn).state == "current"
            assert {"case", "flow_run", "alembic_version", migrate.VERSION_TABLE} <= _tables(engine)
        finally:
            engine.dispose()

    @pytest.mark.postgres
    def test_a_schema_translate_map_engine(self) -> None:
        """An engine that maps unqualified tables into a schema (as tests/conftest.py's postgres_engine):
        the migrations, the version table and the status all go to that schema."""
        base = _postgres_engine()
        schema = f"m_{uuid.uuid4().hex[:10]}"
        with base.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        engine = make_engine(POSTGRES_URL).execution_options(schema_translate_map={None: schema})
        try:
            migrate.ensure_current(engine)
            with base.connect() as conn:
                found = conn.execute(text("SELECT table_schema FROM information_schema.tables WHERE table_name = :t"),
                                     {"t": migrate.VERSION_TABLE}).scalars().all()
            assert schema in found
            with engine.connect() as conn:
                assert migrate.schema_status(conn).state == "current"
            migrate.ensure_current(engine)  # at head: nothing to do
        finally:
            engine.dispose()
            with base.begin() as conn:
                conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
            base.dispose()
