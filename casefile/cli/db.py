"""``casefile db status`` and ``casefile db upgrade``: the database's schema revision, and upgrades
that back the database up first (docs/migrations.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from casefile.cli.app import app, console, err_console

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from casefile.record.migrate import SchemaStatus

db_app = typer.Typer(help="The database: its schema revision (status) and upgrades (a backup first).",
                     no_args_is_help=True)
app.add_typer(db_app, name="db")


@db_app.command("status")
def status() -> None:
    """Print the database's revision, this casefile's head revision and the revisions an upgrade would apply."""
    from casefile.record import migrate

    engine, missing = _open()
    try:
        console.print(f"database: {engine.url.render_as_string(hide_password=True)}", highlight=False, soft_wrap=True)
        if missing:
            console.print("current:  none (no database file yet: the first command creates it at head)")
            state = migrate.SchemaStatus("empty", None, migrate.head(), migrate.revisions_after(None))
        else:
            with engine.connect() as connection:
                state = migrate.schema_status(connection)
            console.print(f"current:  {_say_current(state)}", highlight=False, soft_wrap=True)
        console.print(f"head:     {state.head}", highlight=False)
        if state.state in ("ahead", "foreign"):
            console.print(migrate.refusal(state, engine), highlight=False, soft_wrap=True)
            return
        console.print(f"pending:  {len(state.pending) or 'none'}", highlight=False)
        for revision in state.pending:
            console.print(f"  {revision.id}  {revision.message}", highlight=False, soft_wrap=True)
        if state.state in ("behind", "unstamped"):
            console.print(f"run `{migrate.UPGRADE_COMMAND}` (it backs the database up first)")
    finally:
        engine.dispose()


@db_app.command("upgrade")
def upgrade(
    no_backup: bool = typer.Option(False, "--no-backup", help="Upgrade without backing the database up first "
                                   "(when you have made a backup yourself, e.g. where pg_dump is not installed)."),
    backup_dir: Path | None = typer.Option(None, "--backup-dir", help="Folder for the backup (default: next to a "
                                           "SQLite file; .casefile/backups for PostgreSQL)."),
) -> None:
    """Back the database up, then apply the pending migrations in one transaction (an empty database is created at head).

    SQLite is copied with its online backup API to <name>-backup-<UTC time>.db next to it (mode 0600);
    PostgreSQL with pg_dump (custom format, for pg_restore), or, where pg_dump is missing, not at all:
    then back it up yourself and pass --no-backup."""
    from casefile.errors import ConfigurationError
    from casefile.record import migrate
    from casefile.record.backup import backup_database
    from casefile.record.db import make_private, use_wal

    engine, _missing = _open()
    try:
        with engine.connect() as connection:
            state = migrate.schema_status(connection)
        if state.state in ("ahead", "foreign"):
            raise ConfigurationError(migrate.refusal(state, engine))
        if state.state == "current":
            console.print(f"already at head {state.head}: nothing to do", highlight=False)
            return
        if state.state == "empty":
            applied = migrate.upgrade(engine)
            use_wal(engine)
            console.print(f"created the schema at head {state.head} ({len(applied)} revision(s))", highlight=False)
            return
        if no_backup:
            err_console.print("[dim]no backup made (--no-backup)[/]")
        else:
            path = backup_database(engine, folder=backup_dir)
            console.print(f"backed up to {path}", highlight=False, soft_wrap=True)
        applied = migrate.upgrade(engine)
        make_private(engine)  # an older database keeps no mode others can read (0600)
        use_wal(engine)
        was = state.current or f"none (made before migrations; taken as {state.taken_as})"
        console.print(f"upgraded from {was} to {state.head}" + (":" if applied else " (revision recorded)"),
                      highlight=False, soft_wrap=True)
        for revision in applied:
            console.print(f"  {revision.id}  {revision.message}", highlight=False, soft_wrap=True)
    finally:
        engine.dispose()


def _open() -> tuple[Engine, bool]:
    """casefile's engine without the schema check (make_engine, then check_reachable), and whether
    the URL names a SQLite file that does not exist yet (then nothing is connected or created)."""
    from casefile.record.db import check_reachable, make_engine
    from casefile.settings import get_settings

    settings = get_settings()
    engine = make_engine(settings.database_url, busy_timeout_ms=settings.sqlite_busy_timeout_ms, wal=False)
    database = engine.url.database
    if engine.dialect.name == "sqlite" and database and database != ":memory:" and not Path(database).exists():
        return engine, True
    check_reachable(engine)
    return engine, False


def _say_current(state: SchemaStatus) -> str:
    if state.state == "empty":
        return "none (empty: no casefile tables yet)"
    if state.state == "unstamped":
        return f"none (made before migrations, by the 5c710bb release; taken as {state.taken_as})"
    if state.state == "ahead":
        return f"{state.current} (unknown to this casefile: made by a newer casefile)"
    if state.state == "foreign":
        return "none (not a casefile database)"
    return str(state.current)
