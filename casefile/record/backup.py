"""A copy of casefile's database before it is changed (``casefile db upgrade`` makes one first).

SQLite: SQLite's online backup API (a consistent copy while other processes read and write),
to a new file with mode 0600. PostgreSQL: ``pg_dump --format=custom`` to a new file with mode 0600,
the password passed in the environment (PGPASSWORD), never on the command line; when pg_dump is
not installed, or fails, nothing is changed and the error says so.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine

from casefile.errors import ConfigurationError

#: What a user does when no backup can be made here.
NO_BACKUP_ADVICE = "back the database up yourself, then run `casefile db upgrade --no-backup`"


def default_backup_dir(engine: Engine) -> Path:
    """Where backups go by default: next to a SQLite file; ``.casefile/backups`` for PostgreSQL."""
    if engine.dialect.name == "sqlite" and engine.url.database and engine.url.database != ":memory:":
        return Path(engine.url.database).resolve().parent
    return Path(".casefile/backups")


def backup_database(engine: Engine, *, folder: Path | None = None, now: datetime | None = None) -> Path:
    """Copy the database of ``engine`` to a new timestamped file in ``folder`` (default:
    ``default_backup_dir``) and return its path.

    File names: ``<name>-backup-<YYYYMMDDTHHMMSSZ>.db`` for SQLite (``<name>`` the database
    file's stem), ``<database>-backup-<YYYYMMDDTHHMMSSZ>.dump`` for PostgreSQL (restore with
    ``pg_restore``). ``now`` (aware) names the file; default the current instant. Raises
    ConfigurationError when no backup can be made (an in-memory database, pg_dump missing or
    failing), with what to do."""
    folder = folder or default_backup_dir(engine)
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    if engine.dialect.name == "sqlite":
        database = engine.url.database
        if not database or database == ":memory:":
            raise ConfigurationError("an in-memory SQLite database cannot be backed up (it ends with the process)")
        target = _new_file(folder, f"{Path(database).stem}-backup-{stamp}", ".db")
        try:
            sqlite_backup(Path(database), target)
        except BaseException:
            target.unlink(missing_ok=True)
            raise
        return target
    if engine.dialect.name == "postgresql":
        return _pg_dump(engine, folder, stamp)
    raise ConfigurationError(f"cannot back up a {engine.dialect.name} database; {NO_BACKUP_ADVICE}")


def sqlite_backup(source: Path, target: Path) -> None:
    """SQLite's online backup of ``source`` into the (new, empty, 0600) file ``target``."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()


def _pg_dump(engine: Engine, folder: Path, stamp: str) -> Path:
    executable = shutil.which("pg_dump")
    if executable is None:
        raise ConfigurationError(f"cannot back up the PostgreSQL database: pg_dump is not installed (not on PATH); "
                                 f"{NO_BACKUP_ADVICE}")
    url = engine.url
    target = _new_file(folder, f"{url.database or 'postgres'}-backup-{stamp}", ".dump")
    env = dict(os.environ)
    if url.password:
        env["PGPASSWORD"] = str(url.password)
    uri = url.set(drivername="postgresql", password=None).render_as_string(hide_password=False)
    result = subprocess.run([executable, "--format=custom", "--no-password", f"--file={target}", f"--dbname={uri}"],
                            env=env, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        target.unlink(missing_ok=True)
        reason = (result.stderr.strip().splitlines() or [f"exit status {result.returncode}"])[0]
        if url.password:
            reason = reason.replace(str(url.password), "***")
        raise ConfigurationError(f"cannot back up the PostgreSQL database: pg_dump failed ({reason}); {NO_BACKUP_ADVICE}")
    return target


def _new_file(folder: Path, stem: str, suffix: str) -> Path:
    """Create a new empty file ``folder/stem[-n]suffix`` with mode 0600 (never an existing one); a
    missing folder is made 0700. Raises ConfigurationError naming the folder when it cannot be (a
    file where a folder should be, no permission, a full or read-only disk)."""
    try:
        if not folder.is_dir():
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as exc:
        raise ConfigurationError(f"--backup-dir: cannot make the folder {folder} ({_reason(exc)}); nothing was "
                                 "changed") from None
    for n in range(100):
        path = folder / f"{stem}{f'-{n}' if n else ''}{suffix}"
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            continue
        except OSError as exc:
            raise ConfigurationError(f"--backup-dir: cannot write a backup into {folder} ({_reason(exc)}); nothing "
                                     "was changed") from None
        os.chmod(path, 0o600)  # whatever the umask
        return path
    raise ConfigurationError(f"cannot create a backup file in {folder}: 100 of the same name exist")


def _reason(exc: OSError) -> str:
    import errno

    return {errno.ENOTDIR: "a file is in the way: not a folder", errno.EEXIST: "a file of that name exists",
            errno.ENOSPC: "the disk is full", errno.EROFS: "the file system is read-only",
            errno.EACCES: "permission denied"}.get(exc.errno or 0, exc.strerror or type(exc).__name__)
