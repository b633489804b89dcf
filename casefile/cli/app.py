"""The Typer application and its command groups; command modules register themselves on import."""

from __future__ import annotations

import typer
from rich.console import Console

app = typer.Typer(
    name="casefile",
    help="Carry an NLRB representation election from the tally of ballots through objections, "
    "challenges, hearing and decision to certification or a rerun election.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
tally_app = typer.Typer(help="Tallies of ballots: record one, analyze one.", no_args_is_help=True)
deadlines_app = typer.Typer(help="Deadlines: list open ones (as of now, or --as-of), compute one, explain one.",
                            no_args_is_help=False, invoke_without_command=True)
case_app = typer.Typer(help="Cases: list them, open one, show one.", no_args_is_help=True)
objections_app = typer.Typer(help="Objections to the conduct of an election.", no_args_is_help=True)
import_app = typer.Typer(help="Import tallies of ballots from NLRB export files.", no_args_is_help=True)

app.add_typer(tally_app, name="tally")
app.add_typer(deadlines_app, name="deadlines")
app.add_typer(case_app, name="case")
app.add_typer(objections_app, name="objections")
app.add_typer(import_app, name="import")
challenges_app = typer.Typer(help="Challenged ballots: register, rule, open and count (revised tally).", no_args_is_help=True)
app.add_typer(challenges_app, name="challenges")
calendar_app = typer.Typer(help="Calendar feeds (iCalendar) of open deadlines.", no_args_is_help=True)
app.add_typer(calendar_app, name="calendar")
people_app = typer.Typer(help="People to remind (representatives of the parties) and their channels.", no_args_is_help=True)
app.add_typer(people_app, name="people")

console = Console()
err_console = Console(stderr=True)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        console.print(f"casefile {version('casefile')}")
        raise typer.Exit()


@app.callback()
def _main(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print casefile's version and exit.")) -> None:
    """Carry an NLRB representation election from the tally of ballots through objections, challenges,
    hearing and decision to certification or a rerun election."""

# Command modules: each registers its commands on the groups above when imported.
from casefile.cli import (  # noqa: E402,F401  (registration)  # noqa: E402,F401  (registration)
    accounts,
    acts,
    backup,
    calc_deadlines,
    calc_tally,
    calendar_feed,
    case_export,
    cases,
    challenges,
    corrections,
    counsel,
    db,
    deadline_changes,
    deadline_orders,
    deadlines_explain,
    deadlines_list,
    documents,
    importing,
    integrity,
    link_requests,
    procedure_commands,
    reminders,
    replay,
    review_commands,
    serving,
)
