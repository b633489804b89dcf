"""Engine and sessions: a SQLite file (the embedded default) or PostgreSQL.

SQLite is set up for a multi-process tool: WAL journal, foreign keys on, a busy timeout, and
``BEGIN IMMEDIATE`` for write transactions (without it two processes that read, then write,
both take a shared lock and one loses its update or fails with "database is locked").
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from sqlalchemy import Engine, event
from sqlalchemy.engine import make_url
from sqlmodel import Session, SQLModel, create_engine

from casefile.errors import ConfigurationError

_WRITE = "casefile_write"


def make_engine(url: str, *, busy_timeout_ms: int = 10_000) -> Engine:
    """Create an engine for ``url`` (SQLAlchemy URL) with casefile's connection settings.

    A SQLite file's folder is created when missing. Raises ConfigurationError for an unusable URL.
    """
    try:
        parsed = make_url(url)
    except Exception as exc:  # sqlalchemy.exc.ArgumentError
        raise ConfigurationError(f"CASEFILE_DATABASE_URL: cannot parse {url!r}: {exc}") from exc
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": busy_timeout_ms / 1000})
        _configure_sqlite(engine, busy_timeout_ms)
        return engine
    if parsed.get_backend_name() == "postgresql":
        if parsed.drivername == "postgresql":
            parsed = parsed.set(drivername="postgresql+psycopg")
        return create_engine(parsed, pool_pre_ping=True)
    raise ConfigurationError(f"CASEFILE_DATABASE_URL: unsupported database {parsed.get_backend_name()!r} (use sqlite or postgresql)")


def _configure_sqlite(engine: Engine, busy_timeout_ms: int) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):  # type: ignore[no-untyped-def]
        # Let SQLAlchemy's "begin" event emit BEGIN itself (pysqlite's implicit BEGIN is deferred).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection):  # type: ignore[no-untyped-def]
        if connection.get_execution_options().get(_WRITE):
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            connection.exec_driver_sql("BEGIN")


@lru_cache(maxsize=4)
def get_engine(url: str | None = None) -> Engine:
    """The process's engine for ``url`` (default: the configured CASEFILE_DATABASE_URL), tables created."""
    from casefile.record import models  # noqa: F401  (registers the tables)
    from casefile.settings import get_settings

    settings = get_settings()
    engine = make_engine(url or settings.database_url, busy_timeout_ms=settings.sqlite_busy_timeout_ms)
    SQLModel.metadata.create_all(engine)
    check_schema(engine)
    return engine


def check_schema(engine: Engine) -> None:
    """Refuse, with a clear message, a database made by an older casefile whose tables lack columns
    this version uses (there are no migrations yet: such a database must be moved aside)."""
    from sqlalchemy import inspect

    inspector = inspect(engine)
    for table in SQLModel.metadata.sorted_tables:
        have = {c["name"] for c in inspector.get_columns(table.name)}
        missing = sorted(c.name for c in table.columns if c.name not in have)
        if missing:
            raise ConfigurationError(
                f"CASEFILE_DATABASE_URL: the database {engine.url.render_as_string(hide_password=True)} was made by an "
                f"older casefile (table {table.name!r} lacks {', '.join(missing)}); move it aside (e.g. delete "
                ".casefile/casefile.db for the demo) and replay or re-enter the cases"
            )


@contextmanager
def write_session(engine: Engine | None = None) -> Iterator[Session]:
    """One write transaction: commits on success, rolls back everything on any error.

    On SQLite the transaction starts with BEGIN IMMEDIATE (the write lock is taken up front).
    """
    engine = engine or get_engine()
    with Session(engine, expire_on_commit=False) as session:
        session.connection(execution_options={_WRITE: True})
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise


@contextmanager
def read_session(engine: Engine | None = None) -> Iterator[Session]:
    """A read-only session (no write lock taken)."""
    engine = engine or get_engine()
    with Session(engine, expire_on_commit=False) as session:
        yield session
