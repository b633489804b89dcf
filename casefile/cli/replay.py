"""``casefile demo`` and ``casefile replay``: a scenario replayed through the flows, with a progress
bar, then the docket and the deadlines as tables; ``casefile report`` issues a case status report."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from casefile.cli.app import app, console, err_console
from casefile.vocab import counted

DEMO_SCENARIO = "bessemer-10-RC-269250.yaml"


def examples_dir() -> Path:
    """The example scenarios shipped with casefile (the repository's examples/, installed as casefile.examples)."""
    from importlib.resources import files

    return Path(str(files("casefile.examples")))


def _replay(path: Path) -> None:
    from casefile.prefect_env import configure_prefect
    from casefile.scenario import load_scenario

    load_scenario(path)  # refuse a malformed file before Prefect starts
    err_console.print(f"[dim]{configure_prefect()}[/]")
    report = _run_with_progress(path)
    _print_result(report)


def _run_with_progress(path: Path):  # type: ignore[no-untyped-def]
    from casefile.scenario import replay

    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TimeElapsedColumn(), console=err_console, transient=False) as progress:
        task = progress.add_task("starting Prefect", total=None)

        def on_event(i: int, n: int, label: str) -> None:
            progress.update(task, total=n, completed=i - 1, description=f"replaying {label}")

        report = replay(path, on_event=on_event)
        progress.update(task, completed=progress.tasks[0].total, description="status report")
        from casefile import app as front

        assert report.ended_at is not None
        report.documents.append(front.status_report(report.case_number, as_of=report.ended_at).path)
        progress.update(task, description="done")
    return report


def _print_result(report) -> None:  # type: ignore[no-untyped-def]
    """The case as replayed (case show's tables, every deadline) and the documents issued, within the
    terminal's width (casefile.cli.fitting)."""
    from casefile import app as front
    from casefile.cli.cases import print_case

    view = front.case(report.case_number).model_dump(mode="json", by_alias=True)
    print_case(view, all_deadlines=True)
    from rich.table import Table

    from casefile.cli.fitting import print_table
    from casefile.rules.calendar import short_date

    table = Table(title=f"{counted(len(report.acts), 'act')} replayed; documents issued under {Path(report.documents[-1]).parent}")
    table.add_column("Issued", no_wrap=True)
    table.add_column("Document")
    table.add_column("File", no_wrap=True)  # a file name whole, never split across lines
    table.add_column("sha256 begins", no_wrap=True)  # the whole sha256 is in "Documents issued" above
    for doc in view["documents"]:
        title = doc["title"] + (" (confidential)" if doc["confidential"] else "")
        table.add_row(short_date(date.fromisoformat(doc["issued_on"])), title, Path(doc["path"]).name, doc["sha256"][:12])
    print_table(console, table, heading=(0, 1))


@app.command("replay")
def replay_cmd(file: Path = typer.Argument(..., help="Scenario file (docs/scenario-format.md).")) -> None:
    """Replay a scenario file act by act through the front door (documents issued by Prefect flow runs); print docket and deadlines."""
    _replay(file)


@app.command("demo")
def demo() -> None:
    """Replay the real Bessemer case, 10-RC-269250: PDFs under out/10-RC-269250/, docket and deadlines printed."""
    _replay(examples_dir() / DEMO_SCENARIO)


@app.command("report")
def report_cmd(case_number: str = typer.Argument(...),
               as_of: str | None = typer.Option(None, help="Instant or date of the report; default now."),
               prepared_for: str = typer.Option("", "--prepared-for", help="Whom the report is for (the client), as printed.")) -> None:
    """Issue a case status report for a client (docket, deadlines, outcome arithmetic) as PDF."""
    from casefile import app as front
    from casefile.cli.perform import now
    from casefile.errors import BadInput

    if len(prepared_for) > 500:
        raise BadInput("--prepared-for: at most 500 characters", field="prepared_for")
    moment = now() if as_of is None else front.read_instant(as_of, what="--as-of", case_number=case_number)
    console.print(str(front.status_report(case_number, as_of=moment, prepared_for=prepared_for).path), markup=False,
                  highlight=False, soft_wrap=True)
    if not prepared_for.strip():
        err_console.print("[yellow]warning:[/] the report names no client: give --prepared-for NAME to print "
                          "\"Prepared for\" on it", highlight=False)
