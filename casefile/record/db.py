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
            if (reason := unwritable(exc)) is not None:
                from casefile.errors import DatabaseUnwritable

                raise DatabaseUnwritable(f"the database cannot be written ({reason}): nothing was stored; free space "
                                         "on its disk (or make it writable), then run the command again") from None
            raise
        except BaseException:
            session.rollback()
            raise


#: What SQLite says when the database cannot be written at all (not a lock another writer holds).
_SQLITE_UNWRITABLE = ("database or disk is full", "disk i/o error", "attempt to write a readonly database",
                      "unable to open database file")


def unwritable(exc: BaseException) -> str | None:
    """The reason a database error means the database cannot be written (a full disk, a read-only
    file, an I/O error: SQLite's message, or PostgreSQL's SQLSTATE class 53 or 58), or None."""
    cause = getattr(exc, "orig", None) or exc
    text = str(cause).strip().splitlines()[0] if str(cause).strip() else type(cause).__name__
    state = str(getattr(cause, "sqlstate", "") or "")
    if any(m in text.lower() for m in _SQLITE_UNWRITABLE) or state[:2] in ("53", "58"):
        return text
    return None


@contextmanager
def read_session(engine: Engine | None = None) -> Iterator[Session]:
    """A read-only session (no write lock taken)."""
    engine = engine or get_engine()
    with Session(engine, expire_on_commit=False) as session:
        yield session
