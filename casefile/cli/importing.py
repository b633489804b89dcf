"""``casefile import nlrb-results FILE`` and ``casefile import tallies-sample FILE``: load an export
file in one database transaction, with a progress bar on a terminal, then print what was loaded,
what was skipped and where the NLRB's own flags disagree with the rules.

In this process by default, as the acts are (no Prefect start-up); as one flow run on the Prefect
server PREFECT_API_URL names, when it names one (the run is then on that server's record). The
file's header is checked first: a file that is not the export exits 2 with the message and stores
nothing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import typer

from casefile.cli.app import console, err_console, import_app
from casefile.cli.timeparse import parse_instant

#: Files at least this large get a progress bar (when stderr is a terminal).
PROGRESS_BAR_FROM_BYTES = 100_000

_FILE_HELP = "The CSV file."
_JSON_HELP = "Machine-readable report (keys: docs/json-output.md)."
_AS_OF_HELP = "When the import is recorded: a date and time, like 2026-03-20T14:00-04:00, or a date (00:00 Eastern); default now."


@import_app.command("nlrb-results")
def nlrb_results(
    file: Path = typer.Argument(..., help="The NLRB 'Recent Election Results' CSV export, as downloaded."),
    as_json: bool = typer.Option(False, "--json", help=_JSON_HELP),
    as_of: str | None = typer.Option(None, "--as-of", help=_AS_OF_HELP),
) -> None:
    """Import the NLRB "Recent Election Results" CSV: cases, elections, tallies (computed by the rules),
    objection deadlines and docket entries; idempotent. Rows that cannot be read are reported, never guessed."""
    from casefile.importers.nlrb_results import check_nlrb_results_header

    check_nlrb_results_header(file)
    _run("nlrb-results", file, as_json=as_json, as_of=as_of)


@import_app.command("tallies-sample")
def tallies_sample(
    file: Path = typer.Argument(..., help="A normalized tallies CSV (tallies-sample.csv format)."),
    as_json: bool = typer.Option(False, "--json", help=_JSON_HELP),
    as_of: str | None = typer.Option(None, "--as-of", help=_AS_OF_HELP),
) -> None:
    """Import a normalized tallies file (one row per tally, explicit zeros, votes_by_choice for several unions)."""
    from casefile.importers.tallies_sample import check_tallies_sample_header

    check_tallies_sample_header(file)
    _run("tallies-sample", file, as_json=as_json, as_of=as_of)


def _run(fmt: str, file: Path, *, as_json: bool, as_of: str | None) -> None:
    moment = parse_instant(as_of, "--as-of")
    show_bar = err_console.is_terminal and file.stat().st_size >= PROGRESS_BAR_FROM_BYTES
    api = os.environ.get("PREFECT_API_URL")
    with _progress_bar(show_bar) as hook:
        if api:
            report = _flow_run(fmt, file, moment, hook)
            where = f"imported by a flow run on the Prefect server at {api} (PREFECT_API_URL)"
        else:
            from casefile.acts import Who
            from casefile.jobs.import_file import import_file

            report = import_file(fmt, file, as_of=moment, progress=hook,  # type: ignore[arg-type]
                                 by=Who.operator().label)
            where = "imported in this process (no Prefect server named: PREFECT_API_URL)"
    if as_json:
        console.print_json(json.dumps(report.as_json()))
    else:
        _print(report)
    err_console.print(f"[dim]{where}[/]")
    if report.nothing_loaded():
        from casefile.errors import InvalidScenario

        raise InvalidScenario(f"{report.source}: nothing was imported: "
                              + (f"every one of its {report.records:,} record(s) was skipped" if report.records
                                 else "it holds no record"))


def _flow_run(fmt: str, file: Path, moment: datetime, hook: Callable[[str, int, int], None] | None) -> Any:
    """The import as one flow run on the Prefect server PREFECT_API_URL names (checked to answer first)."""
    from casefile.errors import ConfigurationError
    from casefile.jobs.imports import reporting_progress
    from casefile.prefect_env import configure_prefect, flow_runtime
    from casefile.prefect_server import is_healthy

    api = os.environ["PREFECT_API_URL"]
    if not is_healthy(api, timeout=5.0):
        raise ConfigurationError(f"PREFECT_API_URL={api}: no Prefect server answers at {api.rstrip('/')}/health; start "
                                 "it, or unset PREFECT_API_URL to import in this process")
    configure_prefect()
    with flow_runtime(), reporting_progress(hook):
        import flows.import_nlrb_results as import_flows

        run = import_flows.import_nlrb_results_flow if fmt == "nlrb-results" else import_flows.import_tallies_sample_flow
        return run(path=str(file), as_of=moment)


@contextmanager
def _progress_bar(enabled: bool) -> Iterator[Callable[[str, int, int], None] | None]:
    """A Rich progress bar on stderr with one line per phase (reading the file, loading it), or nothing."""
    if not enabled:
        yield None
        return
    from rich.progress import BarColumn, Progress, TaskID, TaskProgressColumn, TextColumn, TimeElapsedColumn

    labels = {"parse": "Reading the file", "load": "Loading tallies"}
    with Progress(TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(), TimeElapsedColumn(),
                  console=err_console, transient=True) as bar:
        tasks: dict[str, TaskID] = {}

        def hook(phase: str, done: int, total: int) -> None:
            if phase not in tasks:
                tasks[phase] = bar.add_task(labels.get(phase, phase), total=total)
            bar.update(tasks[phase], completed=done, total=total)

        yield hook


def _print(report: Any) -> None:
    from rich.table import Table

    from casefile.cli.fitting import print_table
    from casefile.rules.calendar import long_date

    n = report.counts()
    other = f", {n['other']:,} other" if n["other"] else ""
    from casefile.documents.wording import instant
    from casefile.vocab import counted

    console.print(f"{report.source}: {counted(n['records'], 'record')} read as of {instant(report.as_of)}: {n['loaded']:,} "
                  f"loaded, {n['present']:,} already present, {n['skipped']:,} skipped{other}", highlight=False)
    loaded = Table("", "new", "already present")
    for name in ("cases", "elections", "tallies"):
        counts = getattr(report, name)
        loaded.add_row(name, f"{counts.new:,}", f"{counts.present:,}")
    print_table(console, loaded)
    if report.skipped:
        console.print(f"Skipped {len(report.skipped)} record(s) (row = record number, header not counted):")
        for s in report.skipped:
            console.print(f"  row {s.row} (line {s.line}) {s.case_number or ''}: {s.reason}", highlight=False)
    if report.disagreements:
        table = Table(title=f"NLRB's own data disagrees with the rules on {len(report.disagreements)} statement(s)")
        for header in ("row", "case", "unit", "tally", "statement", "NLRB says", "computed"):
            table.add_column(header, no_wrap=header in ("row", "case", "unit"))
        for d in report.disagreements:
            table.add_row(str(d.record), d.case_number, d.unit, f"{d.tally_kind.value} tally of {long_date(d.tally_date)}",
                          d.field, d.nlrb or "(blank)", d.computed or "(none)")
        print_table(console, table, heading=(0, 1, 2))
    elif report.nothing_loaded():
        console.print("No tally was analyzed: none was loaded.")
    else:
        console.print("NLRB's own flags agree with the rules on every analyzed tally.")
