"""A case carried through the front door once per test process, then copied: the first test that
carries a case to a point performs every act (``build``) and the database file is saved; every
later test that carries the same case to the same point gets a copy of that file — the same rows,
ids and docket chain the acts would make again — instead of performing them again.

Only a SQLite database that holds no case yet is served from the copy; anything else is built.
The saved files are per process (each xdist worker has its own) and removed when it exits.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Hashable
from contextlib import closing
from pathlib import Path

_SAVED: dict[tuple[Hashable, ...], Path] = {}
_ROOT: list[Path] = []


def carried(key: tuple[Hashable, ...], build: Callable[[], None]) -> None:
    """Bring the configured (empty) database to the state ``build`` makes, ``key`` naming that state."""
    from sqlalchemy import make_url

    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    settings = get_settings()
    url = make_url(settings.database_url)
    database = Path(url.database or "")
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:" or not _empty(database):
        build()
        return
    secret = settings.secret_key.get_secret_value() if settings.secret_key is not None else None
    key = (*key, secret)  # the docket chain is signed with the instance's key: another key, another state
    saved = _SAVED.get(key)
    if saved is None:
        build()
        _SAVED[key] = _save(database)
        return
    get_engine().dispose()
    get_engine.cache_clear()
    for suffix in ("-wal", "-shm"):
        Path(f"{database}{suffix}").unlink(missing_ok=True)
    shutil.copy(saved / "casefile.db", database)  # mode 0600 kept
    if (saved / "secret.key").exists():  # the key file next to the database signed the saved chain
        shutil.copy(saved / "secret.key", database.parent / "secret.key")


def _empty(database: Path) -> bool:
    """Whether the SQLite file holds no case (a missing or new file holds none)."""
    if not database.exists() or database.stat().st_size == 0:
        return True
    with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as connection:
        try:
            return connection.execute('SELECT count(*) FROM "case"').fetchone()[0] == 0
        except sqlite3.OperationalError:  # no table yet
            return True


def _save(database: Path) -> Path:
    if not _ROOT:
        _ROOT.append(Path(tempfile.mkdtemp(prefix="casefile-carried-")))
        atexit.register(shutil.rmtree, _ROOT[0], True)
    folder = Path(tempfile.mkdtemp(dir=_ROOT[0]))
    target = folder / "casefile.db"
    os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    with closing(sqlite3.connect(database)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)  # a consistent copy, what the WAL holds included
    if (database.parent / "secret.key").exists():
        shutil.copy(database.parent / "secret.key", folder / "secret.key")
    return folder
