"""``casefile backup DEST`` and ``casefile restore SRC``: the database, the issued documents and the
key, with a manifest of sha256s (docs/integrity.md).

A backup folder holds::

    manifest.json            what is in it: each file's path, size and sha256, the database kind,
                             the key's fingerprint, counts; written last (no manifest: incomplete)
    database/casefile.db     SQLite: the online backup API (a consistent copy while others write)
    database/casefile.pgdump PostgreSQL: pg_dump --format=custom of casefile's tables
    documents/...            the output folder (CASEFILE_OUTPUT_DIR), as it is
    secret.key               the key file, when the key is one (not CASEFILE_SECRET_KEY)

The database is copied before the documents: a document's file is written before its row commits
and never removed, so every Document row in the copy has its file in the copy. Everything is
created 0600 in 0700 folders: the backup holds confidential documents and, with the key file, what
signs the docket and decrypts the notification URLs.

Restoring checks every file against the manifest first, refuses to overwrite a database that holds
any row or an output folder that holds any file (unless ``force``), and writes the documents
atomically (casefile.documents.storage). Stop ``casefile serve`` before restoring over its database.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, inspect, text
from sqlalchemy.engine import URL
from sqlmodel import SQLModel

from casefile.documents.storage import FILE_MODE, inside, private_folder, sync_folder, write_atomically
from casefile.errors import CasefileError
from casefile.jobs.backup_folders import check_backup, check_destination
from casefile.record.backup import sqlite_backup
from casefile.record.chain import file_sha256
from casefile.record.secret_key import InstanceKeys, instance_keys, key_file_for, read_key_file
from casefile.vocab import counted

MANIFEST = "manifest.json"
FORMAT = "casefile-backup-1"
SQLITE_FILE = "database/casefile.db"
PG_FILE = "database/casefile.pgdump"
KEY_FILE = "secret.key"
DOCUMENTS = "documents"
#: casefile's Alembic version table (casefile.record.migrate.VERSION_TABLE), dumped with its tables.
VERSION_TABLE = "casefile_alembic_version"


class BackupError(CasefileError):
    """A backup that cannot be made or restored (the message says which file or setting, and why)."""

    code = "backup"


@dataclass
class BackupReport:
    """What a backup or a restore did."""

    folder: Path
    database: str  # "sqlite" | "postgresql"
    documents: int = 0
    total_bytes: int = 0
    key: str = ""  # what happened to the key, in words
    notes: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [f"{self.database} database and {self.documents} document file(s) ({self.total_bytes:,} bytes): "
                f"{self.folder}", f"key: {self.key}", *self.notes]


def key_fingerprint(keys: InstanceKeys) -> str:
    """A short, public name of the instance key (16 hex digits of an HMAC made with it): tells two
    keys apart without revealing either."""
    import hashlib
    import hmac

    return hmac.new(keys.signing, b"casefile key fingerprint", hashlib.sha256).hexdigest()[:16]


# --- backup -------------------------------------------------------------------------------------

def backup(dest: Path, *, engine: Engine | None = None, output_dir: Path | None = None,
           include_key: bool = True) -> BackupReport:
    """Back the database, the output folder and the key file up into ``dest`` (a new or empty folder).

    ``engine``, ``output_dir``: default the configured ones. ``include_key``: copy the key file
    (when the key is a file; CASEFILE_SECRET_KEY is never written anywhere). Raises BackupError
    (``dest`` not empty, or one another user could change: casefile.jobs.backup_folders; pg_dump
    missing or failing), ConfigurationError."""
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    settings = get_settings()
    engine = engine or get_engine()
    output_dir = output_dir or settings.output_dir
    check_destination(dest, BackupError)
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise BackupError(f"backup: {dest} is not an empty folder (give a new folder for each backup)")
    _private_dir(dest)
    files: list[dict[str, Any]] = []
    url = engine.url
    kind = engine.dialect.name
    if kind == "sqlite":
        if not url.database or url.database == ":memory:":
            raise BackupError("backup: an in-memory SQLite database cannot be backed up")
        target = dest / SQLITE_FILE
        _private_dir(target.parent)
        _sqlite_copy(Path(url.database), target)
    elif kind == "postgresql":
        target = dest / PG_FILE
        _private_dir(target.parent)
        _pg_dump(engine, target)
    else:
        raise BackupError(f"backup: cannot back up a {kind} database")
    files.append(_entry(dest, target))
    counts = _counts(engine)
    documents = 0
    if output_dir.is_dir():
        for path in sorted(output_dir.rglob("*")):
            if path.is_symlink() or not path.is_file() or (path.name.startswith(".") and path.name.endswith(".tmp")):
                continue
            copy = dest / DOCUMENTS / path.relative_to(output_dir)
            _private_dir(copy.parent)
            _copy_private(path, copy)
            files.append(_entry(dest, copy))
            documents += 1
    keys = instance_keys(url.render_as_string(hide_password=False))
    if settings.secret_key is not None:
        key_note = "CASEFILE_SECRET_KEY (not in the backup: restore with the same setting)"
        key_info: dict[str, Any] = {"included": False, "source": "CASEFILE_SECRET_KEY"}
    elif include_key:
        key_path = key_file_for(url.render_as_string(hide_password=False))
        _copy_private(key_path, dest / KEY_FILE)
        files.append(_entry(dest, dest / KEY_FILE))
        key_note = f"the key file {key_path} is in the backup (keep the backup as safe as the key)"
        key_info = {"included": True, "file": KEY_FILE}
    else:
        key_note = f"the key file {keys.source} is NOT in the backup (--without-key): keep it, the backup needs it"
        key_info = {"included": False, "source": "key file"}
    key_info["fingerprint"] = key_fingerprint(keys)
    manifest = {"format": FORMAT, "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
                "casefile_version": _version(), "database": {"kind": kind, "file": target.relative_to(dest).as_posix()},
                "output_dir": str(output_dir), "counts": counts, "key": key_info, "files": files}
    write_atomically(dest / MANIFEST, (json.dumps(manifest, indent=2) + "\n").encode("utf-8"), root=dest)
    sync_folder(dest)
    return BackupReport(folder=dest, database=kind, documents=documents, total_bytes=sum(f["bytes"] for f in files),
                        key=key_note, notes=[f"{counted(counts.get('case', 0), 'case')}, "
                                             f"{counted(counts.get('docketentry', 0), 'docket entry', 'docket entries')}, "
                                             f"{counted(counts.get('document', 0), 'document')} in the database"])


def _sqlite_copy(source: Path, target: Path) -> None:
    """SQLite's online backup of ``source`` into the new file ``target`` (0600)."""
    if not source.exists():
        raise BackupError(f"backup: the database file {source} does not exist")
    os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    sqlite_backup(source, target)
    _fsync(target)


def _pg_args(url: URL) -> tuple[str, dict[str, str]]:
    """A libpq URI without the password, and an environment carrying it (never on the command line)."""
    env = dict(os.environ)
    if url.password:
        env["PGPASSWORD"] = str(url.password)
    uri = url.set(drivername="postgresql", password=None).render_as_string(hide_password=False)
    return uri, env


def _pg_schema(engine: Engine) -> str:
    mapped = (engine.get_execution_options().get("schema_translate_map") or {}).get(None)
    if mapped:
        return str(mapped)
    with engine.connect() as conn:
        return str(conn.execute(text("select current_schema()")).scalar_one())


def _pg_dump(engine: Engine, target: Path) -> None:
    executable = shutil.which("pg_dump")
    if executable is None:
        raise BackupError("backup: pg_dump is not installed (not on PATH), so the PostgreSQL database cannot be backed "
                          "up; install the PostgreSQL client (e.g. apt-get install postgresql-client)")
    schema = _pg_schema(engine)
    ours = {t.name for t in SQLModel.metadata.sorted_tables} | {VERSION_TABLE}
    with engine.connect() as conn:
        present = set(conn.execute(text("select table_name from information_schema.tables where table_schema = :s"),
                                   {"s": schema}).scalars())
    uri, env = _pg_args(engine.url)
    args = [executable, "--format=custom", "--no-owner", "--no-password", f"--file={target}", f"--schema={schema}"]
    args += [f"--exclude-table={schema}.{name}" for name in sorted(present - ours)]  # e.g. Prefect's, in one database
    os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    result = subprocess.run([*args, f"--dbname={uri}"], env=env, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        target.unlink(missing_ok=True)
        raise BackupError(f"backup: pg_dump failed: {_first_line(result.stderr, engine.url)}")
    _fsync(target)


def _counts(engine: Engine) -> dict[str, int]:
    out: dict[str, int] = {}
    with engine.connect() as conn:
        for name in _tables_present(engine, conn, ("case", "docketentry", "document", "person")):
            out[name] = int(conn.execute(text(f"select count(*) from {_qualified(engine, name)}")).scalar_one())
    return out


def _tables_present(engine: Engine, conn: Any, names: Any) -> list[str]:
    schema = _pg_schema(engine) if engine.dialect.name == "postgresql" else None
    have = set(inspect(conn).get_table_names(schema=schema))
    return [name for name in names if name in have]


def _qualified(engine: Engine, name: str) -> str:
    if engine.dialect.name == "postgresql":
        return f'"{_pg_schema(engine)}"."{name}"'
    return f'"{name}"'


# --- restore ------------------------------------------------------------------------------------

def read_manifest(src: Path) -> dict[str, Any]:
    """The manifest of the backup in ``src``, every file checked against its sha256. Raises
    BackupError naming the first file missing or different (or a folder that is not a backup), or
    a folder or file another user could have changed (casefile.jobs.backup_folders)."""
    check_backup(src, [MANIFEST], BackupError)
    path = src / MANIFEST
    if not path.is_file():
        raise BackupError(f"restore: {src} is not a complete casefile backup (no {MANIFEST})")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BackupError(f"restore: {path} cannot be read ({exc})") from exc
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise BackupError(f"restore: {path} is not a {FORMAT} manifest")
    check_backup(src, [str(item["path"]) for item in manifest["files"]], BackupError)
    for item in manifest["files"]:
        copy = inside(src, src / item["path"])
        if not copy.is_file():
            raise BackupError(f"restore: the backup's file {item['path']} is missing")
        if file_sha256(copy) != item["sha256"]:
            raise BackupError(f"restore: the backup's file {item['path']} does not match its sha256 in the manifest "
                              "(damaged or changed): nothing was restored")
    return manifest


def restore(src: Path, *, engine: Engine | None = None, output_dir: Path | None = None, force: bool = False) -> BackupReport:
    """Restore the backup in ``src`` into the configured database and output folder (or ``engine``,
    ``output_dir``), and its key file next to the database.

    Refuses, before changing anything, a damaged backup, a database that holds any row of
    casefile's tables, an output folder that holds any file, or a key file that differs from the
    backup's — unless ``force``. Raises BackupError, ConfigurationError."""
    from casefile.record.db import make_engine
    from casefile.record.secret_key import clear_cache
    from casefile.settings import get_settings

    settings = get_settings()
    manifest = read_manifest(src)
    engine = engine or make_engine(settings.database_url, wal=False)  # not get_engine(): nothing is created before the checks
    output_dir = output_dir or settings.output_dir
    kind = manifest["database"]["kind"]
    if kind != engine.dialect.name:
        raise BackupError(f"restore: the backup holds a {kind} database; the configured database is "
                          f"{engine.dialect.name} (set CASEFILE_DATABASE_URL)")
    url_text = engine.url.render_as_string(hide_password=False)
    problems = []
    if (rows := _rows(engine)) and not force:
        problems.append(f"the database {engine.url.render_as_string(hide_password=True)} is not empty ({rows})")
    if output_dir.exists() and any(p.is_file() for p in output_dir.rglob("*")) and not force:
        problems.append(f"the output folder {output_dir} is not empty")
    key_info = manifest.get("key", {})
    key_target = key_file_for(url_text)
    backup_key = src / KEY_FILE if key_info.get("included") else None
    if backup_key is not None and settings.secret_key is None and key_target.exists() \
            and read_key_file(key_target) != read_key_file(backup_key) and not force:
        problems.append(f"the key file {key_target} differs from the backup's")
    if problems:
        raise BackupError("restore: refused, nothing changed: " + "; ".join(problems) + " (use --force to overwrite)")

    if kind == "sqlite":
        assert engine.url.database
        engine.dispose()
        _sqlite_restore(src / manifest["database"]["file"], Path(engine.url.database))
    else:
        _pg_restore(engine, src / manifest["database"]["file"], clean=force)
    documents = 0
    total = 0
    prefix = f"{DOCUMENTS}/"
    for item in manifest["files"]:
        if not item["path"].startswith(prefix):
            continue
        target = output_dir / item["path"][len(prefix):]
        data = (src / item["path"]).read_bytes()
        if not (target.is_file() and file_sha256(target) == item["sha256"]):
            write_atomically(target, data, root=output_dir)
        documents += 1
        total += len(data)
    if settings.secret_key is not None:
        key_note = "CASEFILE_SECRET_KEY (the backup's key file, if any, was not written)"
    elif backup_key is not None:
        private_folder(key_target.parent, key_target.parent)
        write_atomically(key_target, backup_key.read_bytes(), root=key_target.parent)
        key_note = f"the backup's key file restored to {key_target}"
    else:
        key_note = f"not in the backup: {key_target} must be the key the backup was made with"
    clear_cache()
    keys = instance_keys(url_text)
    notes = []
    if key_info.get("fingerprint") and key_fingerprint(keys) != key_info["fingerprint"]:
        notes.append(f"warning: the key now in use ({keys.source}) is not the one the backup was made with: "
                     "`casefile verify` will fail and stored notification URLs cannot be read")
    counts = manifest.get("counts", {})
    notes.append(f"{counted(counts.get('case', 0), 'case')}, "
                 f"{counted(counts.get('docketentry', 0), 'docket entry', 'docket entries')}; check them with "
                 "`casefile verify` (a backup of an older casefile: run `casefile db upgrade` first)")
    return BackupReport(folder=src, database=kind, documents=documents, total_bytes=total, key=key_note, notes=notes)


def _rows(engine: Engine) -> str:
    """Which of casefile's tables hold rows in the database ("" when none does, or it does not exist)."""
    if engine.dialect.name == "sqlite":
        database = engine.url.database
        if not database or not Path(database).exists() or Path(database).stat().st_size == 0:
            return ""
    found = []
    with engine.connect() as conn:
        for name in _tables_present(engine, conn, [t.name for t in SQLModel.metadata.sorted_tables]):
            if conn.execute(text(f"select 1 from {_qualified(engine, name)} limit 1")).first() is not None:
                found.append(name)
    return ", ".join(f"table {n} has rows" for n in found[:3])


def _sqlite_restore(copy: Path, target: Path) -> None:
    """Copy the backup's database into ``target`` with SQLite's backup API (safe with the WAL journal)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists():
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    sqlite_backup(copy, target)


def _pg_restore(engine: Engine, dump: Path, *, clean: bool) -> None:
    """pg_restore the dump in one transaction. The schema's own entry is left out when the schema
    exists already (a new database's ``public``: "schema already exists" otherwise), and casefile's
    tables present without rows (a database casefile had already set up) are dropped and made again,
    as with ``clean`` (--force)."""
    import tempfile

    executable = shutil.which("pg_restore")
    if executable is None:
        raise BackupError("restore: pg_restore is not installed (not on PATH); install the PostgreSQL client")
    uri, env = _pg_args(engine.url)
    schema = _pg_schema(engine)
    with engine.connect() as conn:
        schema_exists = conn.execute(text("select 1 from information_schema.schemata where schema_name = :s"),
                                     {"s": schema}).first() is not None
        present = _tables_present(engine, conn, [t.name for t in SQLModel.metadata.sorted_tables]) if schema_exists else []
    listing = subprocess.run([executable, "--list", str(dump)], env=env, capture_output=True, text=True, check=False)
    if listing.returncode != 0:
        raise BackupError(f"restore: pg_restore cannot read the dump: {_first_line(listing.stderr, engine.url)}")
    entries = [line for line in listing.stdout.splitlines()
               if not (schema_exists and re.search(r"\bSCHEMA - \S+\b", line) and not line.startswith(";"))]
    args = [executable, "--no-owner", "--no-password", "--exit-on-error", "--single-transaction"]
    if clean or present:
        args += ["--clean", "--if-exists"]
    with tempfile.NamedTemporaryFile("w", suffix=".list", delete=False) as chosen:
        chosen.write("\n".join(entries) + "\n")
    try:
        result = subprocess.run([*args, f"--use-list={chosen.name}", f"--dbname={uri}", str(dump)], env=env,
                                capture_output=True, text=True, check=False)
    finally:
        Path(chosen.name).unlink(missing_ok=True)
    if result.returncode != 0:
        raise BackupError(f"restore: pg_restore failed: {_first_line(result.stderr, engine.url)}")


# --- helpers ----------------------------------------------------------------------------------

def _private_dir(folder: Path) -> None:
    """``folder`` and each folder made on the way to it 0700 (``mkdir(parents=True)`` would leave the
    parents it makes at the umask's mode: a backup's ``documents/`` 0755)."""
    missing = []
    current = folder
    while not current.exists():
        missing.append(current)
        current = current.parent
    for path in reversed(missing):
        path.mkdir(mode=0o700)
        os.chmod(path, 0o700)
    os.chmod(folder, 0o700)


def _copy_private(source: Path, target: Path) -> None:
    """Copy ``source`` to the new file ``target`` with mode 0600, synced."""
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    with os.fdopen(fd, "wb") as out, source.open("rb") as src:
        shutil.copyfileobj(src, out, 1 << 20)
        out.flush()
        os.fsync(out.fileno())


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _entry(root: Path, path: Path) -> dict[str, Any]:
    return {"path": path.relative_to(root).as_posix(), "bytes": path.stat().st_size, "sha256": file_sha256(path)}


def _first_line(stderr: str, url: URL) -> str:
    line = (stderr.strip().splitlines() or ["no message"])[0]
    return line.replace(str(url.password), "****") if url.password else line


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("casefile")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree without installing
        return "unknown"


