"""``casefile people ...`` and ``casefile remind``: reminders of open deadlines (issue 4, docs/reminders.md).

``people add`` and ``people list`` only touch the database; ``remind`` runs the deadline-reminders
flow (Prefect is imported only then)."""

from __future__ import annotations

import json

import typer
from rich.table import Table

from casefile.cli.app import app, console, err_console, people_app
from casefile.cli.fitting import print_table


@people_app.command("add")
def add(
    case_number: str = typer.Argument(..., help="NLRB case number"),
    party: str = typer.Option(..., "--party", help="The party the person represents: its handle or its role, as `casefile case show` lists them."),
    name: str = typer.Option(..., "--name", help="The person's name."),
    email: str = typer.Option("", "--email", help="Email address (used with the SMTP URL of CASEFILE_NOTIFY_DEFAULT_URLS)."),
    notify: list[str] = typer.Option([], "--notify", help="Apprise URL to remind through, e.g. "
                                     "'mailtos://user:pass@smtp.example.org:587?from=casefile@example.org&to=you@example.org'; "
                                     "repeat for several. Default: CASEFILE_NOTIFY_DEFAULT_URLS."),
) -> None:
    """Add (or update) a person to remind of a party's deadlines in a case, with their channels.

    Each URL is checked with Apprise now; one it cannot use is refused (exit 2), its password masked."""
    from casefile.cli.timeparse import parse_instant
    from casefile.jobs.people import add_person, channels_for, person_urls
    from casefile.record.db import write_session
    from casefile.settings import get_settings

    defaults = get_settings().notify_default_urls
    from casefile.acts import Who

    with write_session(by=Who.operator().label) as session:
        person, created = add_person(session, case_number=case_number, party=party, name=name, email=email,
                                     notify_urls=notify, default_urls=defaults, as_of=parse_instant(None, "now"))
        channels = [c.shown for c in channels_for(person_urls(session, person), person.email, defaults)]
    how = ", ".join(channels) if person.notify_urls else f"{', '.join(channels)} (CASEFILE_NOTIFY_DEFAULT_URLS)"
    console.print(f"{'added' if created else 'updated'}: {person.name} for {party} in {case_number.strip()}, "
                  f"reminded via {how}", highlight=False, soft_wrap=True)


@people_app.command("list")
def list_people(
    case: str | None = typer.Option(None, "--case", help="Only this case."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """List the people to remind, by case and party, with their channels (secrets masked)."""
    from casefile.jobs.people import people_view
    from casefile.record.db import read_session

    with read_session() as session:
        rows = people_view(session, case_number=case)
    if as_json:
        console.print_json(json.dumps({"people": rows}))
        return
    table = Table(title="People to remind")
    for column in ("Case", "Party", "Name", "Email", "Channels"):
        table.add_column(column)
    for row in rows:
        channels = "\n".join(row["channels"]) or "(none: set CASEFILE_NOTIFY_DEFAULT_URLS or add --notify)"
        if row["uses_defaults"] and row["channels"]:
            channels += "\n(defaults)"
        table.add_row(row["case_number"], row["party"], row["name"], row["email"], channels)
    if not rows:
        table.add_row("", "(none)", "", "", "")
    print_table(console, table, heading=(0, 1, 2))


@app.command("remind")
def remind(
    as_of: str | None = typer.Option(None, "--as-of", help="A moment (a date and time, like 2026-03-20T14:00-04:00) or a date (00:00 Eastern); default now."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable report."),
) -> None:
    """Send the reminders of open deadlines that are due (what the schedule runs): one digest per
    person and channel; each reminder once. Exit 1 when a channel failed (retried by the next run)."""
    from casefile.cli.timeparse import parse_instant
    from casefile.prefect_env import configure_prefect, flow_runtime
    from casefile.settings import get_settings

    moment = parse_instant(as_of, "--as-of")
    get_settings()  # a bad CASEFILE_NOTIFY_DEFAULT_URLS is refused here, before Prefect starts
    err_console.print(f"[dim]{configure_prefect()}[/]")
    with flow_runtime():
        from flows.deadline_reminders import RemindersNotDelivered, deadline_reminders_flow

        state = deadline_reminders_flow(as_of=moment, return_state=True)
        result = state.result(raise_on_failure=False, _sync=True)  # never a coroutine, whatever loop runs
    if isinstance(result, RemindersNotDelivered):
        report = result.report
    elif isinstance(result, BaseException):
        raise result
    else:
        report = result
    if as_json:
        console.print_json(json.dumps(report.as_dict()))
    else:
        for line in report.lines():
            (err_console if line.startswith("NOT sent") else console).print(line, highlight=False, soft_wrap=True)
        if not report.did_something:
            from casefile.documents.wording import instant

            console.print(f"no reminder due as of {instant(moment)}")
    if report.failed:
        raise typer.Exit(1)
