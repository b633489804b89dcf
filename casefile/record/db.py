"""Sessions, and the process's engine at the schema's head (engines themselves: casefile.record.engine).

SQLite is set up for a multi-process tool: WAL journal, foreign keys on, a busy timeout, and
``BEGIN IMMEDIATE`` for write transactions (without it two processes that read, then write,
both take a shared lock and one loses its update or fails with "database is locked").
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from sqlalchemy import Engine
from sqlalchemy.exc import OperationalError
from sqlmodel import Session

from casefile.record.engine import (  # noqa: F401  (make_engine and the rest: their callers import them from here too)
    _WRITE,
    check_reachable,
    make_engine,
    make_private,
    mask_url,
    unwritable,
    unwritable_error,
    use_wal,
)


@lru_cache(maxsize=4)
def get_engine(url: str | None = None) -> Engine:
    """The process's engine for ``url`` (default: the configured CASEFILE_DATABASE_URL), its schema at head.

    An empty database is brought to head by running the migrations (the embedded default needs no
    set-up); a database at head is used as it is. Raises ConfigurationError (password hidden) when
    the URL is unusable or the database unreachable, and when its schema is older (the message
    gives the command: ``casefile db upgrade``), newer or not casefile's (casefile.record.migrate)."""
    from casefile.record import models  # noqa: F401  (registers the tables)
    from casefile.record.schema_version import at_head
    from casefile.settings import get_settings

    settings = get_settings()
    engine = make_engine(url or settings.database_url, busy_timeout_ms=settings.sqlite_busy_timeout_ms, wal=False)
    if at_head(engine):  # one query; Alembic is loaded only for a database that is not plainly current
        use_wal(engine)
        return engine
    check_reachable(engine)
    try:
        from casefile.record.migrate import ensure_current

        ensure_current(engine)  # a refused database is left byte for byte as it was (no WAL switch)
    except BaseException:
        engine.dispose()
        raise
    use_wal(engine)
    return engine


@contextmanager
def write_session(engine: Engine | None = None, *, by: str) -> Iterator[Session]:
    """One write transaction: commits on success, rolls back everything on any error.

    ``by`` names who performs the unit of work ("operator:ann", "user:ann@example.org",
    "system:sweep"); every docket entry written in it records that name (required: an entry in a
    session naming no one raises casefile.record.workflow.UnattributedEntry). On SQLite the
    transaction starts with BEGIN IMMEDIATE (the write lock is taken up front).
    """
    engine = engine or get_engine()
    with Session(engine, expire_on_commit=False) as session:
        session.info["casefile_recorded_by"] = by
        try:
            session.connection(execution_options={_WRITE: True})
            yield session
            session.commit()
        except OperationalError as exc:
            session.rollback()
            if (refusal := unwritable_error(exc)) is not None:
                raise refusal from None
            raise
        except BaseException:
            session.rollback()
            raise


@contextmanager
def read_session(engine: Engine | None = None) -> Iterator[Session]:
    """A read-only session (no write lock taken)."""
    engine = engine or get_engine()
    with Session(engine, expire_on_commit=False) as session:
        yield session
