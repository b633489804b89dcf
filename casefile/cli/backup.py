"""``casefile backup DEST`` and ``casefile restore SRC`` (docs/integrity.md).

Neither imports Prefect nor WeasyPrint."""

from __future__ import annotations

from pathlib import Path

import typer

from casefile.cli.app import app, console


@app.command("backup")
def backup_cmd(
    dest: Path = typer.Argument(..., help="A new (or empty) folder of your own to write the backup into (not one "
                                "other users may write into, nor in one: docs/integrity.md)."),
    without_key: bool = typer.Option(False, "--without-key", help="Leave the key file out (keep it elsewhere: the "
                                     "backup cannot be verified or its notification URLs read without it)."),
) -> None:
    """Back up the database (SQLite's online backup; pg_dump on PostgreSQL), the issued documents
    (the output folder) and the key file into DEST, with a manifest of sha256s."""
    from casefile.jobs.backup import backup

    report = backup(dest, include_key=not without_key)
    console.print(f"backed up: {report.lines()[0]}", highlight=False, soft_wrap=True)
    for line in report.lines()[1:]:
        console.print(f"  {line}", highlight=False, soft_wrap=True)


@app.command("restore")
def restore_cmd(
    src: Path = typer.Argument(..., help="A folder written by `casefile backup`, yours or root's and writable by "
                               "nobody else."),
    force: bool = typer.Option(False, "--force", help="Overwrite a database, output folder or key file that is not empty."),
) -> None:
    """Restore a backup into the configured database (CASEFILE_DATABASE_URL) and output folder
    (CASEFILE_OUTPUT_DIR), its key file next to the database. Every file is checked against the
    manifest first; a database or output folder that is not empty is refused unless --force."""
    from casefile.jobs.backup import restore

    report = restore(src, force=force)
    console.print(f"restored: {report.lines()[0]}", highlight=False, soft_wrap=True)
    for line in report.lines()[1:]:
        console.print(f"  {line}", highlight=False, soft_wrap=True)
