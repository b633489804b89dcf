"""Engines: a SQLite file (the embedded default) or PostgreSQL, made and checked; the sessions and
the process's engine at the schema's head are casefile.record.db's (which the migrations, below it,
do not import).

SQLite is set up for a multi-process tool: WAL journal, foreign keys on, a busy timeout, and
``BEGIN IMMEDIATE`` for write transactions (without it two processes that read, then write,
both take a shared lock and one loses its update or fails with "database is locked").
"""

from __future__ import annotations

import os
import sqlite3
import weakref
from contextlib import suppress
from pathlib import Path
from typing import Any

from sqlalchemy import URL, Engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import create_engine

from casefile.errors import ConfigurationError

_WRITE = "casefile_write"
#: SQLite engines whose connections leave the journal mode as the file has it (until use_wal).
_NO_WAL_YET: weakref.WeakSet[Engine] = weakref.WeakSet()


def use_wal(engine: Engine) -> None:
    """Switch a SQLite database to WAL (persistent in the file) now that it is casefile's own and
    current, and have every later connection ask for it. Another process holding the file leaves
    the journal as it is until the next start; PostgreSQL: nothing to do."""
    if engine.dialect.name != "sqlite" or engine not in _NO_WAL_YET:
        return
    _NO_WAL_YET.discard(engine)
    try:  # on the DBAPI connection, outside any transaction: inside the one SQLAlchemy begins, SQLite refuses
        raw = engine.raw_connection()  # the switch ("cannot change into wal mode from within a transaction")
        try:
            cursor = raw.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.close()
        finally:
            raw.close()
    except (SQLAlchemyError, sqlite3.Error):
        pass


def make_private(engine: Engine) -> None:
    """A SQLite database file (and its -wal and -shm files) made 0600, whatever mode it had (an
    older database upgraded, a file copied in with another mode)."""
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:" or database.startswith("file:"):
        return
    for path in (Path(database), Path(f"{database}-wal"), Path(f"{database}-shm")):
        try:
            if path.exists() and path.stat().st_mode & 0o077:
                os.chmod(path, 0o600)
        except OSError:
            pass


def make_engine(url: str, *, busy_timeout_ms: int = 10_000, wal: bool = True) -> Engine:
    """Create an engine for ``url`` (SQLAlchemy URL) with casefile's connection settings.

    A SQLite file's folder is created when missing. Nothing is connected yet (see ``check_reachable``).
    ``wal`` False: SQLite's journal is left as the file has it (a WAL switch changes the file's bytes)
    until :func:`use_wal` — for a database that may yet be refused (an older casefile's).
    Raises ConfigurationError for a URL that cannot be parsed or used; the message never shows
    the URL's password (``mask_url``).
    """
    try:
        parsed = make_url(url)
    except Exception:  # sqlalchemy.exc.ArgumentError, ValueError: its text is not needed (and not shown)
        raise ConfigurationError(f"CASEFILE_DATABASE_URL: cannot parse {mask_url(url)!r} as a database URL "
                                 "(e.g. sqlite:///.casefile/casefile.db or postgresql+psycopg://user@host/db)") from None
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            folder = Path(parsed.database).parent
            try:
                folder.mkdir(parents=True, exist_ok=True, mode=0o700)
                _create_private(Path(parsed.database))  # 0600 (its -wal and -shm files take the same mode)
            except OSError as exc:
                raise ConfigurationError(f"CASEFILE_DATABASE_URL: cannot create the folder {str(folder)!r} of the SQLite "
                                         f"database ({exc.strerror or type(exc).__name__})") from None
        engine = create_engine(parsed, connect_args={"timeout": busy_timeout_ms / 1000})
        if not wal:
            _NO_WAL_YET.add(engine)
        _configure_sqlite(engine, busy_timeout_ms)
        return engine
    if parsed.get_backend_name() == "postgresql":
        if parsed.drivername == "postgresql":
            parsed = parsed.set(drivername="postgresql+psycopg")
        try:
            engine = create_engine(parsed, pool_pre_ping=True)
        except Exception as exc:  # a driver that is not installed, a bad query option
            raise ConfigurationError(f"CASEFILE_DATABASE_URL: cannot use {mask_url(url)!r} "
                                     f"({_masked_error(exc, parsed)})") from None
        event.listen(engine, "connect", _no_jit)
        return engine
    raise ConfigurationError(f"CASEFILE_DATABASE_URL: unsupported database {parsed.get_backend_name()!r} in "
                             f"{mask_url(url)!r} (use sqlite or postgresql)")


def _no_jit(dbapi_connection: Any, _record: Any) -> None:
    """PostgreSQL's JIT compilation off for each new connection (PostgreSQL 11 and later). casefile's
    queries read a page of rows, but the planner misjudges how many rows a correlated condition keeps
    (the stage filter, the visible cases) and compiles them: 110-130 ms of code generation for one page's
    query at 200,000 cases (bench/README.md)."""
    if getattr(getattr(dbapi_connection, "info", None), "server_version", 0) < 110000:
        return
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("SET jit = off")
    finally:
        cursor.close()
    dbapi_connection.commit()


def _create_private(database: Path) -> None:
    """Create an empty SQLite database file with mode 0600 unless it exists (SQLite would make it 0644)."""
    if not database.exists() and not str(database).startswith("file:"):
        with suppress(FileExistsError):
            os.close(os.open(database, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def mask_url(url: str) -> str:
    """``url`` with its password replaced by ``***``, for messages.

    A parsable URL is rendered by SQLAlchemy with the password hidden; in a string that does not
    parse, anything between the first ``:`` after the scheme and the last ``@`` is masked
    (``postgres ql://ann:s3cret@db/x`` -> ``postgres ql://ann:***@db/x``)."""
    try:
        parsed = make_url(url)
    except Exception:
        start = url.find("://")
        start = start + 3 if start >= 0 else 0
        at = url.rfind("@")
        colon = url.find(":", start, at) if at > start else -1
        return url if colon < 0 else f"{url[:colon + 1]}***{url[at:]}"
    return parsed.render_as_string(hide_password=True)


#: What SQLite says when the database cannot be written at all (not a lock another writer holds).
_SQLITE_UNWRITABLE = ("database or disk is full", "disk i/o error", "attempt to write a readonly database",
                      "unable to open database file")
#: Of those, what SQLite says on opening a database whose disk is full or failing (a WAL database's shared-memory
#: index cannot be made: SQLITE_IOERR), not of a path that leads nowhere ("unable to open database file").
_SQLITE_UNWRITABLE_ON_OPEN = ("database or disk is full", "disk i/o error", "attempt to write a readonly database")


def unwritable(exc: BaseException, *, on_open: bool = False) -> str | None:
    """The reason a database error means the database cannot be written (a full disk, a read-only
    file, an I/O error: SQLite's message, or PostgreSQL's SQLSTATE class 53 or 58), or None. ``on_open``: the
    error came from connecting, where SQLite's "unable to open database file" is a path that leads nowhere."""
    cause = getattr(exc, "orig", None) or exc
    text = str(cause).strip().splitlines()[0] if str(cause).strip() else type(cause).__name__
    state = str(getattr(cause, "sqlstate", "") or "")
    said = _SQLITE_UNWRITABLE_ON_OPEN if on_open else _SQLITE_UNWRITABLE
    if any(m in text.lower() for m in said) or state[:2] in ("53", "58"):
        return text
    return None


def unwritable_error(exc: BaseException, *, on_open: bool = False) -> Exception | None:
    """casefile.errors.DatabaseUnwritable for a database error that means the database cannot be written
    (:func:`unwritable`), else None: "the database cannot be written (disk I/O error: its disk is likely full, or
    failing): nothing was stored; free space on its disk (or make it writable), then run the command again"."""
    from casefile.errors import DatabaseUnwritable

    if (reason := unwritable(exc, on_open=on_open)) is None:
        return None
    if "i/o error" in reason.lower():  # SQLite's SQLITE_IOERR: a write (or the WAL index) the disk refused
        reason = f"{reason}: its disk is likely full, or failing"
    return DatabaseUnwritable(f"the database cannot be written ({reason}): nothing was stored; free space on its disk "
                              "(or make it writable), then run the command again")


def check_reachable(engine: Engine) -> None:
    """Connect once; raise ConfigurationError (the URL with its password hidden, and the driver's
    reason) when the database cannot be reached, instead of the driver's traceback, and
    casefile.errors.DatabaseUnwritable when it is there but its disk is full, failing or read-only
    (SQLite's "disk I/O error" opening a WAL database on a full disk: :func:`unwritable_error`)."""
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql("SELECT 1")
    except SQLAlchemyError as exc:
        engine.dispose()
        if (refusal := unwritable_error(exc, on_open=True)) is not None:
            raise refusal from None
        raise ConfigurationError(f"CASEFILE_DATABASE_URL={engine.url.render_as_string(hide_password=True)}: cannot reach "
                                 f"the database ({_masked_error(exc, engine.url)})") from None


def _masked_error(exc: BaseException, url: URL) -> str:
    """The exception's type and first line, with the URL's password (if any) blanked out."""
    cause = getattr(exc, "orig", None) or exc
    first = (str(cause).strip().splitlines() or [""])[0]
    if url.password:
        first = first.replace(str(url.password), "***")
    return f"{type(cause).__name__}: {first}"


def _ask_for_wal(cursor: Any) -> None:
    """Switch the file to WAL if it is not yet (reading the mode takes no lock). The switch needs
    the file to itself: while another connection holds it open in a transaction the file keeps its
    journal mode for now, without waiting — a later connection switches it."""
    cursor.execute("PRAGMA journal_mode")
    row = cursor.fetchone()
    if row and str(row[0]).lower() == "wal":
        return
    cursor.execute("PRAGMA busy_timeout=0")
    with suppress(sqlite3.OperationalError):
        cursor.execute("PRAGMA journal_mode=WAL")


def _configure_sqlite(engine: Engine, busy_timeout_ms: int) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):  # type: ignore[no-untyped-def]
        # Let SQLAlchemy's "begin" event emit BEGIN itself (pysqlite's implicit BEGIN is deferred).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if engine not in _NO_WAL_YET:
            _ask_for_wal(cursor)
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
