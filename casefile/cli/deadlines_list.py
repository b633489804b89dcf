"""``casefile deadlines``: the open deadlines across cases (read-only; no Prefect, no WeasyPrint)."""

from __future__ import annotations

import json

import typer

from casefile.cli.app import console, deadlines_app


@deadlines_app.callback()
def deadlines(
    ctx: typer.Context,
    as_of: str | None = typer.Option(None, "--as-of", help="Instant (ISO with offset) or date (00:00 Eastern); default now."),
    case: str | None = typer.Option(None, "--case", help="Only this case."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """List the deadlines still open (cut-off not passed), soonest first. Subcommand `compute` calculates one."""
    if ctx.invoked_subcommand is not None:
        return
    from casefile.cli.cases import print_deadlines
    from casefile.cli.timeparse import parse_instant
    from casefile.record.db import read_session
    from casefile.record.queries import open_deadlines

    moment = parse_instant(as_of, "--as-of")
    with read_session() as session:
        rows = open_deadlines(session, as_of=moment, case_number=case)
    if as_json:
        console.print_json(json.dumps({"as_of": moment.isoformat(), "deadlines": rows}))
        return
    print_deadlines(rows, title=f"Open deadlines as of {moment.isoformat()}")
