"""Schema migrations (Alembic), configured in code: an installed casefile needs no ``alembic.ini``.

The revisions live in ``casefile/record/migrations/versions``; the first, ``baseline_5c710bb``, is
exactly the schema of the release at commit 5c710bb. casefile's Alembic version table is
``casefile_alembic_version``, so that it stays apart from Prefect's ``alembic_version`` when both
live in one PostgreSQL database.

What a database can be (``schema_status``):

- *empty*: none of casefile's tables (other applications' tables, e.g. Prefect's, are ignored):
  ``ensure_current`` brings it to head by running the migrations (the embedded default needs no
  set-up);
- *current*: at head;
- *behind*: at an older revision, or *unstamped*: casefile's tables of the 5c710bb release without
  a version table (made before migrations; taken as the baseline): refused until
  ``casefile db upgrade``;
- *ahead*: at a revision this casefile does not know (made by a newer casefile): refused;
- *foreign*: some of casefile's tables, or other columns than the baseline's, and no version
  table: refused (not a database any release of casefile made).

Every migration runs in one transaction, serialized between processes (SQLite: ``BEGIN
IMMEDIATE``; PostgreSQL: a transaction-level advisory lock), with SQLite's foreign keys off while
tables are rebuilt and ``PRAGMA foreign_key_check`` before the commit.

For developers (docs/migrations.md)::

    .venv/bin/python -m casefile.record.migrate revision -m "add the hearing's room"

autogenerates a revision on top of head (against a scratch SQLite database at head), refusing an
empty one unless ``--empty``; ``upgrade``, ``downgrade``, ``current``, ``history``, ``heads`` and
``check`` run against CASEFILE_DATABASE_URL (or ``--url``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from alembic import command
from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, text

from casefile.errors import ConfigurationError
from casefile.record.schema_version import VERSION_TABLE

#: The revision that is the schema of the release at commit 5c710bb (the last made without migrations).
BASELINE = "baseline_5c710bb"
#: The migrations folder (env.py, script.py.mako, versions/).
MIGRATIONS_DIR = Path(__file__).with_name("migrations")
#: The command a user runs to upgrade (said in every refusal).
UPGRADE_COMMAND = "casefile db upgrade"
#: PostgreSQL advisory lock key that serializes casefile's migrations ("casefile" in ASCII, 8 bytes).
_PG_LOCK_KEY = int.from_bytes(b"casefile", "big") & 0x7FFF_FFFF_FFFF_FFFF

State = Literal["empty", "current", "behind", "unstamped", "ahead", "foreign"]


@dataclass(frozen=True)
class Revision:
    """One revision: its id and its message (the first line of its docstring)."""

    id: str
    message: str


@dataclass(frozen=True)
class SchemaStatus:
    """Where a database stands against this casefile's migrations.

    ``current`` is the database's revision (None: empty, unstamped or foreign; for *unstamped* the
    baseline it is taken as is in ``taken_as``); ``pending`` the revisions an upgrade would apply,
    oldest first; ``detail`` says why a *foreign* database is not casefile's."""

    state: State
    current: str | None
    head: str
    pending: tuple[Revision, ...]
    taken_as: str | None = None
    detail: str = ""


def alembic_config(*, connection: Connection | Engine | None = None, url: str | None = None) -> Config:
    """An Alembic Config for casefile's migrations, without an ini file.

    ``connection`` (a Connection already in a transaction, or an Engine) is handed to env.py via
    ``config.attributes["connection"]``; otherwise env.py opens ``url`` (default:
    CASEFILE_DATABASE_URL)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("version_locations", str(MIGRATIONS_DIR / "versions"))
    config.set_main_option("file_template", "%%(year)d%%(month).2d%%(day).2d_%%(rev)s_%%(slug)s")
    config.set_main_option("timezone", "UTC")
    config.set_main_option("path_separator", "os")
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def script_directory() -> ScriptDirectory:
    """The revisions, as Alembic reads them (read once per process and migrations folder)."""
    return _script_directory(str(MIGRATIONS_DIR))


@lru_cache(maxsize=4)
def _script_directory(folder: str) -> ScriptDirectory:
    script = ScriptDirectory.from_config(alembic_config())
    script.revision_map.heads  # noqa: B018  (parse every revision file now, once)
    return script


def head() -> str:
    """The head revision (there is exactly one: tests/migrations checks it)."""
    heads = script_directory().get_heads()
    if len(heads) != 1:
        raise ConfigurationError(f"casefile's migrations have {len(heads)} heads ({', '.join(heads)}); merge them")
    return heads[0]


def revisions_after(revision: str | None) -> tuple[Revision, ...]:
    """The revisions after ``revision`` (None: all) up to head, oldest first."""
    script = script_directory()
    lower = revision or "base"
    found = [
        Revision(id=rev.revision, message=(rev.doc or "").strip().splitlines()[0] if rev.doc else "")
        for rev in script.walk_revisions(base=lower, head="heads")
        if rev.revision != revision
    ]
    return tuple(reversed(found))


def schema_status(connection: Connection) -> SchemaStatus:
    """Where the database on ``connection`` stands (see the module's docstring for the states)."""
    head_ = head()
    schema = translated_schema(connection)
    context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE, "version_table_schema": schema})
    heads = context.get_current_heads()
    if heads:
        current = heads[0]
        if len(heads) > 1:
            return SchemaStatus("foreign", None, head_, (), detail=f"{VERSION_TABLE} holds several revisions: {', '.join(heads)}")
        if current == head_:
            return SchemaStatus("current", current, head_, ())
        known = {rev.revision for rev in script_directory().walk_revisions()}
        if current not in known:
            return SchemaStatus("ahead", current, head_, ())
        if connection.dialect.name == "sqlite":  # a SQLite file is casefile's alone (as below)
            strangers = sorted(name for name in set(inspect(connection).get_table_names(schema=schema))
                               - tables_casefile_made() - {VERSION_TABLE} if not name.startswith("sqlite_"))
            if strangers:
                return SchemaStatus("foreign", None, head_, (), detail="; ".join(
                    f"a table {name!r} no casefile made" for name in strangers))
        return SchemaStatus("behind", current, head_, revisions_after(current))
    inspector = inspect(connection)
    have = set(inspector.get_table_names(schema=schema))
    baseline = _baseline_columns()
    ours = have & set(baseline)
    if not ours:
        return SchemaStatus("empty", None, head_, revisions_after(None))
    problems = []
    for table in sorted(baseline):
        if table not in have:
            problems.append(f"no table {table!r}")
            continue
        columns = {c["name"] for c in inspector.get_columns(table, schema=schema)}
        if columns != baseline[table]:
            missing, extra = sorted(baseline[table] - columns), sorted(columns - baseline[table])
            problems.append(f"table {table!r}" + (f" lacks {', '.join(missing)}" if missing else "")
                            + (" and" if missing and extra else "") + (f" has {', '.join(extra)}" if extra else ""))
    # A SQLite file is casefile's alone: a table no casefile made means it is not (or no longer only) casefile's.
    # A PostgreSQL schema may be shared with another program's tables (Prefect's): those are left alone.
    if connection.dialect.name == "sqlite":
        problems += [f"a table {name!r} no casefile made" for name in sorted(have - set(baseline))
                     if not name.startswith("sqlite_")]
    if problems:
        return SchemaStatus("foreign", None, head_, (), detail="; ".join(problems))
    return SchemaStatus("unstamped", None, head_, revisions_after(BASELINE), taken_as=BASELINE)


@lru_cache(maxsize=1)
def tables_casefile_made() -> frozenset[str]:
    """Every table any casefile migration creates (read from the migration scripts), those a later
    revision drops included: a database behind head may hold any of them, and no other."""
    import re

    made: set[str] = set()
    for script in sorted((MIGRATIONS_DIR / "versions").glob("*.py")):
        made.update(re.findall(r"create_table\(\s*['\"](\w+)['\"]", script.read_text(encoding="utf-8")))
    return frozenset(made)


def translated_schema(connection: Connection) -> str | None:
    """The schema that unqualified tables go to on ``connection`` when its engine maps them with
    ``schema_translate_map={None: schema}`` (as tests/conftest.py's PostgreSQL engine does), else None.

    DDL follows the map, reflection does not: the version table and the inspection are given the
    schema explicitly."""
    mapping = connection.get_execution_options().get("schema_translate_map") or {}
    return mapping.get(None)


def ensure_current(engine: Engine) -> None:
    """Make ``engine``'s database usable by this casefile, or refuse it.

    An empty database is brought to head (the migrations run, serialized between processes);
    a database at head is left alone. Raises ConfigurationError (naming the database with its
    password hidden, and the command to run) for a database that is behind, unstamped (made before
    migrations), ahead (made by a newer casefile) or foreign. SQLite: a process that finds the file
    locked by another one migrating it (longer than the busy timeout) waits and looks again, up to
    LOCKED_WAIT_SECONDS, so two processes starting at once both start."""
    import time

    from sqlalchemy.exc import OperationalError

    deadline = time.monotonic() + LOCKED_WAIT_SECONDS
    while True:
        try:
            with engine.connect() as connection:
                status = schema_status(connection)
                connection.rollback()
            if status.state == "current":
                return
            if status.state == "empty":
                upgrade(engine)  # under the lock it looks again: the other process may have done it
                return
            raise ConfigurationError(refusal(status, engine))
        except OperationalError as exc:
            if "database is locked" not in str(exc).lower() or time.monotonic() > deadline:
                raise
            time.sleep(0.5)


#: How long a process waits for another one migrating the same SQLite file (seconds).
LOCKED_WAIT_SECONDS = 300.0


def refusal(status: SchemaStatus, engine: Engine) -> str:
    """The one-line refusal of a database in ``status`` (not current, not empty)."""
    where = f"CASEFILE_DATABASE_URL: the database {engine.url.render_as_string(hide_password=True)}"
    if status.state == "behind":
        return (f"{where} is at schema revision {status.current}, older than this casefile's {status.head} "
                f"({len(status.pending)} migration(s) to apply); run `{UPGRADE_COMMAND}` (it backs the database up first)")
    if status.state == "unstamped":
        then = f" and apply {len(status.pending)} migration(s)" if status.pending else ""
        return (f"{where} was made before casefile had migrations (by the 5c710bb release: revision {status.taken_as}); "
                f"run `{UPGRADE_COMMAND}` to record its revision{then} (it backs the database up first)")
    if status.state == "ahead":
        return (f"{where} is at revision {status.current}, which this casefile does not know (made by a newer "
                f"casefile, head here {status.head}); use that casefile, or restore a backup made before its upgrade")
    return (f"{where} is not a database casefile can upgrade ({status.detail}); point CASEFILE_DATABASE_URL at a "
            "new database (e.g. move .casefile/casefile.db aside) and replay or re-enter the cases")


def upgrade(engine: Engine, target: str = "head") -> tuple[Revision, ...]:
    """Upgrade the database to ``target`` in one transaction; return the revisions applied, oldest first.

    An unstamped (pre-migrations) database is stamped at the baseline first, in the same
    transaction. Raises ConfigurationError for a database that is ahead or foreign."""
    with migration_connection(engine) as connection:
        status = schema_status(connection)  # again, under the lock: another process may have done it
        if status.state in ("ahead", "foreign"):
            raise ConfigurationError(refusal(status, engine))
        if status.state == "current" and target == "head":
            return ()
        config = alembic_config(connection=connection)
        if status.state == "unstamped":
            command.stamp(config, BASELINE)
        _run_upgrade(config, target)
        return status.pending if target == "head" else revisions_after(status.current or status.taken_as)


def _run_upgrade(config: Config, target: str) -> None:
    """``alembic upgrade target`` with the revisions read once (script_directory), not per call."""
    script = script_directory()

    def steps(revision: Any, _context: Any) -> Any:
        return script._upgrade_revs(target, revision)

    with EnvironmentContext(config, script, fn=steps, destination_rev=target):
        script.run_env()


@contextmanager
def migration_connection(engine: Engine) -> Iterator[Connection]:
    """A connection in one transaction for migrations: committed on success, rolled back on error.

    SQLite: foreign keys off while tables are rebuilt (a batch migration copies a table, drops the
    old one and renames the copy), ``BEGIN IMMEDIATE`` (casefile's engines) and ``PRAGMA
    foreign_key_check`` before the commit (a violation rolls everything back). PostgreSQL: a
    transaction-level advisory lock, so two processes never migrate at once, and, for an engine that
    maps tables into a schema (``schema_translate_map``), that schema as the transaction's search path."""
    from casefile.record.engine import _WRITE

    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:  # on the DBAPI connection, outside any transaction (inside one the pragma does nothing)
            _sqlite_pragma(connection, "PRAGMA foreign_keys=OFF")
        try:
            connection.execution_options(**{_WRITE: True})
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK_KEY})
                    schema = translated_schema(connection)
                    if schema is not None:  # Alembic's ALTERs ignore the translate map; the search path does not
                        connection.execute(text("SELECT set_config('search_path', :path, true)"),
                                           {"path": connection.dialect.identifier_preparer.quote(schema)})
                yield connection
                if sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
                    if broken:
                        raise ConfigurationError(f"the migration would break {len(broken)} foreign key(s) "
                                                 f"(first: {tuple(broken[0])}); nothing was changed")
        finally:
            if sqlite:
                _sqlite_pragma(connection, "PRAGMA foreign_keys=ON")


def _sqlite_pragma(connection: Connection, pragma: str) -> None:
    dbapi = connection.connection.dbapi_connection
    assert dbapi is not None
    cursor = dbapi.cursor()
    try:
        cursor.execute(pragma)
    finally:
        cursor.close()


def _baseline_columns() -> dict[str, frozenset[str]]:
    """Table name -> column names of the baseline schema (the migrations run to the baseline on a
    scratch in-memory SQLite database; only needed for a database without a version table)."""
    global _BASELINE_COLUMNS
    if _BASELINE_COLUMNS is None:
        from sqlalchemy import create_engine

        scratch = create_engine("sqlite://")
        with scratch.begin() as connection:
            _run_upgrade(alembic_config(connection=connection), BASELINE)
            inspector = inspect(connection)
            _BASELINE_COLUMNS = {
                table: frozenset(c["name"] for c in inspector.get_columns(table))
                for table in inspector.get_table_names() if table != VERSION_TABLE
            }
        scratch.dispose()
    return _BASELINE_COLUMNS


_BASELINE_COLUMNS: dict[str, frozenset[str]] | None = None


# --- The developers' command: python -m casefile.record.migrate ... ---


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m casefile.record.migrate COMMAND``: see docs/migrations.md."""
    parser = argparse.ArgumentParser(prog="python -m casefile.record.migrate",
                                     description="casefile's Alembic migrations (no alembic.ini needed).")
    sub = parser.add_subparsers(dest="command", required=True)
    rev = sub.add_parser("revision", help="write a new revision on top of head, autogenerated from the models")
    rev.add_argument("-m", "--message", required=True)
    rev.add_argument("--empty", action="store_true", help="an empty revision to fill by hand (data migrations)")
    rev.add_argument("--rev-id", default=None, help="the revision id (default: a random one)")
    for name, help_ in (("upgrade", "upgrade a database (default: to head)"), ("downgrade", "downgrade a database")):
        p = sub.add_parser(name, help=help_)
        p.add_argument("revision", nargs="?" if name == "upgrade" else None, default="head")
        p.add_argument("--url", default=None, help="database URL (default: CASEFILE_DATABASE_URL)")
        p.add_argument("--sql", action="store_true", help="print the SQL instead of running it (offline mode)")
    for name, help_ in (("current", "the database's revision"), ("check", "fail if the models differ from head")):
        p = sub.add_parser(name, help=help_)
        p.add_argument("--url", default=None, help="database URL (default: CASEFILE_DATABASE_URL)")
    sub.add_parser("history", help="the revisions, newest first")
    sub.add_parser("heads", help="the head revision(s)")
    args = parser.parse_args(argv)

    if args.command == "revision":
        written = _revision(args.message, empty=args.empty, rev_id=args.rev_id)
        if written == 0:
            _record_head()
        return written
    if args.command in ("history", "heads"):
        getattr(command, args.command)(alembic_config(), **({"verbose": True} if args.command == "history" else {}))
        return 0
    if args.command == "check":
        with _scratch_at_head() as engine:
            command.check(alembic_config(connection=engine))
        print("the models match the migrations' head")
        return 0
    url = args.url
    if url is None:
        from casefile.settings import get_settings

        url = get_settings().database_url
    if getattr(args, "sql", False):
        getattr(command, args.command)(alembic_config(url=url), args.revision, sql=True)
        return 0
    from casefile.record.engine import make_engine

    engine = make_engine(url)
    try:
        if args.command == "upgrade":
            applied = upgrade(engine, args.revision)
            print(f"applied: {', '.join(r.id for r in applied) or 'nothing'}")
        elif args.command == "downgrade":
            with migration_connection(engine) as connection:
                command.downgrade(alembic_config(connection=connection), args.revision)
        else:
            with engine.connect() as connection:
                status = schema_status(connection)
            taken = f" (taken as {status.taken_as})" if status.taken_as else ""
            print(f"{status.state}: current {status.current or 'none'}{taken}, head {status.head}")
    finally:
        engine.dispose()
    return 0


def _revision(message: str, *, empty: bool, rev_id: str | None) -> int:
    """Autogenerate (or, ``empty``, write a blank) revision on top of head; refuse an empty autogenerated one."""
    found_changes: list[bool] = []

    def refuse_empty(context: Any, revision: Any, directives: list[Any]) -> None:
        script = directives[0]
        changed = not script.upgrade_ops.is_empty()
        found_changes.append(changed)
        if not changed:
            directives[:] = []

    if empty:
        command.revision(alembic_config(), message=message, rev_id=rev_id)
        return 0
    with _scratch_at_head() as engine:
        config = alembic_config(connection=engine)
        config.attributes["process_revision_directives"] = refuse_empty
        command.revision(config, message=message, autogenerate=True, rev_id=rev_id)
    if found_changes and not found_changes[0]:
        print("no change between the models and head: no revision written (use --empty for a data migration)",
              file=sys.stderr)
        return 1
    print("read the new revision before committing it (docs/migrations.md: what autogenerate misses)")
    return 0


def _record_head() -> None:
    """Write the new head into casefile/record/schema_version.py (its HEAD: the one-query check every process makes)."""
    import re

    from casefile.record import schema_version

    _script_directory.cache_clear()
    path = Path(schema_version.__file__)
    text_ = path.read_text()
    path.write_text(re.sub(r'^HEAD = ".*"$', f'HEAD = "{head()}"', text_, count=1, flags=re.MULTILINE))
    print(f"{path.name}: HEAD = {head()!r}")


@contextmanager
def _scratch_at_head() -> Iterator[Engine]:
    """A scratch SQLite database upgraded to head, for autogenerate to compare the models with."""
    from casefile.record.engine import make_engine

    with tempfile.TemporaryDirectory(prefix="casefile-migrate-") as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'head.db'}")
        try:
            upgrade(engine)
            yield engine
        finally:
            engine.dispose()


if __name__ == "__main__":
    sys.exit(main())
