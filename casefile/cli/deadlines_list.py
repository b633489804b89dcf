"""``casefile deadlines``: the open deadlines across cases (read-only; no Prefect, no WeasyPrint)."""

from __future__ import annotations

import json

import typer

from casefile.cli.app import console, deadlines_app


@deadlines_app.callback()
def deadlines(
    ctx: typer.Context,
    as_of: str | None = typer.Option(None, "--as-of", help="A moment (a date and time, like 2026-03-20T14:00-04:00) or a date (00:00 at the receiving office); default now."),
    case: str | None = typer.Option(None, "--case", help="Only this case."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """List the deadlines still open (cut-off not passed), soonest first. Subcommand `compute` calculates one."""
    if ctx.invoked_subcommand is not None:
        return
    from casefile import app as front
    from casefile.cli.cases import print_deadlines
    from casefile.cli.perform import now

    moment = now() if as_of is None else front.read_instant(as_of, what="--as-of", case_number=case)
    rows = [d.model_dump(mode="json", by_alias=True) for d in front.deadlines(as_of=moment, case_number=case)]
    if as_json:
        console.print_json(json.dumps({"as_of": moment.isoformat(), "deadlines": rows}))
        return
    from zoneinfo import ZoneInfo

    from casefile.rules.calendar import instant_label
    from casefile.rules.offices import office_named

    offices = {r["office"] for r in rows}  # one receiving office's deadlines: the moment on its clock
    shown = moment.astimezone(ZoneInfo(office_named(offices.pop()).tz)) if len(offices) == 1 else moment
    print_deadlines(rows, title=f"Open deadlines as of {instant_label(shown)}")  # in words; --json keeps the instant
