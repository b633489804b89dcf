"""``casefile serve``: the sweep and the reminders as scheduled Prefect deployments on one machine (issue 4).

The deployments are served with Prefect's ``serve`` (a runner in this process starts each scheduled
run in a subprocess). They need a Prefect server: the one named by PREFECT_API_URL, or a local
``prefect server start`` that this command starts on 127.0.0.1 with its own PREFECT_HOME
(``.casefile/prefect-server``) and stops when it stops. Ctrl-C (or SIGTERM) stops the runner first
(its schedules are paused, runs in flight are cancelled), then the local server.
"""

from __future__ import annotations

import importlib.util
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import typer

from casefile.cli.app import app, console, err_console

#: Where the reminders flow lives once written; served only when the module exists.
REMINDERS_MODULE = "flows.deadline_reminders"
DEPLOYMENT_NAME = "scheduled"


@app.command("serve")
def serve(
    sweep_every: float = typer.Option(900.0, "--sweep-every", min=1.0,
                                      help="Seconds between sweeps (default 900: every 15 minutes)."),
    remind_every: float = typer.Option(3600.0, "--remind-every", min=1.0,
                                       help="Seconds between reminder runs (default 3600: hourly)."),
    port: int | None = typer.Option(None, "--port", help="Port of the local Prefect server (default: a free one). "
                                    "Ignored when PREFECT_API_URL names a server."),
    ui: bool = typer.Option(False, "--ui/--no-ui", help="Serve Prefect's web UI from the local server."),
    limit: int = typer.Option(2, "--limit", min=1, help="At most this many runs at once; later ones wait (default 2: "
                              "a sweep and a reminders run)."),
) -> None:
    """Run the sweep and the deadline reminders on schedules until Ctrl-C, on the Prefect server named by PREFECT_API_URL or on a local one started here.

    Each scheduled run is as of its scheduled instant. The runs use CASEFILE_DATABASE_URL and
    CASEFILE_OUTPUT_DIR as set here (relative SQLite paths and folders are made absolute first)."""
    from casefile.prefect_env import configure_prefect

    # A service says what it does: Prefect's INFO lines (runs submitted, finished) unless the user chose.
    os.environ.setdefault("PREFECT_LOGGING_LEVEL", "INFO")
    _check_database()  # first: an unusable URL or an old schema is refused before anything else is done
    _pin_casefile_paths()
    previous = signal.signal(signal.SIGTERM, _interrupt)  # until the runner installs its own handler
    try:
        with prefect_server(port=port, ui=ui) as api_url:
            configure_prefect()
            _run_deployments(api_url, sweep_every, remind_every, limit)
    except KeyboardInterrupt:
        err_console.print("interrupted")
        raise typer.Exit(130) from None
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    console.print("stopped")


@contextmanager
def prefect_server(*, port: int | None, ui: bool) -> Iterator[str]:
    """The API URL of the Prefect server to use, said on the console: PREFECT_API_URL's (checked to
    answer; ConfigurationError otherwise), or a local server started for the block and stopped after
    it (PREFECT_API_URL is then set to it in this process, for the runner and the runs it starts)."""
    from casefile.prefect_server import check_server, local_server

    named = os.environ.get("PREFECT_API_URL")
    if named:
        check_server(named)
        console.print(f"Prefect server: {named} (from PREFECT_API_URL)")
        yield named
        return
    home = Path(".casefile/prefect-server").resolve()
    err_console.print(f"[dim]starting a local Prefect server (PREFECT_HOME={home}) ...[/]")
    with local_server(home, port=port, ui=ui) as server:
        os.environ["PREFECT_API_URL"] = server.api_url
        console.print(f"Prefect server: {server.api_url} (started here, pid {server.process.pid}; "
                      f"PREFECT_HOME={home}; log {server.log_path})")
        yield server.api_url
        err_console.print("[dim]runner stopped; stopping the local Prefect server ...[/]")
    console.print("local Prefect server stopped")


def _run_deployments(api_url: str, sweep_every: float, remind_every: float, limit: int) -> None:
    """Build the deployments and serve them until Ctrl-C / SIGTERM (Prefect's ``serve`` returns then)."""
    from prefect import serve as prefect_serve
    from prefect.settings import PREFECT_API_URL, temporary_settings

    with temporary_settings(updates={PREFECT_API_URL: api_url}):
        deployments = deployments_to_serve(sweep_every=sweep_every, remind_every=remind_every)
        for deployment in deployments:
            every = deployment.schedules[0].schedule.interval
            console.print(f"  {deployment.flow_name}/{deployment.name}: every {_say(every)}")
        if not reminders_available():
            console.print(f"  (reminders not served: {REMINDERS_MODULE} is not installed yet)")
        console.print("Ctrl-C stops.")
        prefect_serve(*deployments, print_starting_message=False, limit=limit)


def deployments_to_serve(*, sweep_every: float, remind_every: float) -> list[Any]:
    """The runner deployments: ``sweep/scheduled`` every ``sweep_every`` seconds, and
    ``deadline-reminders/scheduled`` every ``remind_every`` seconds when the reminders flow exists.

    Both take their instant from the run's scheduled start time (no ``as_of`` parameter), carry the
    module entrypoint (so they run from any working directory) and are unpaused when served again."""
    from prefect.deployments.runner import EntrypointType

    from flows.sweep import sweep_flow

    common: dict[str, Any] = {"paused": False, "entrypoint_type": EntrypointType.MODULE_PATH, "tags": ["casefile"]}
    deployments = [sweep_flow.to_deployment(
        DEPLOYMENT_NAME, interval=timedelta(seconds=sweep_every), **common,
        description="Close lapsed periods and mark acts that have fallen due, as of the scheduled instant.")]
    if reminders_available():
        module = importlib.import_module(REMINDERS_MODULE)
        deployments.append(module.deadline_reminders_flow.to_deployment(
            DEPLOYMENT_NAME, interval=timedelta(seconds=remind_every), **common,
            description="Send the reminders of open deadlines that are due, as of the scheduled instant."))
    return deployments


def reminders_available() -> bool:
    """Whether the reminders flow module is installed (it is written separately)."""
    return importlib.util.find_spec(REMINDERS_MODULE) is not None


def _pin_casefile_paths() -> None:
    """Make a relative SQLite path and output folder absolute in the environment the runs inherit."""
    from sqlalchemy.engine import make_url

    from casefile.settings import get_settings

    settings = get_settings()
    url = make_url(settings.database_url)
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:" \
            and not Path(url.database).is_absolute():
        os.environ["CASEFILE_DATABASE_URL"] = url.set(database=str(Path(url.database).resolve())).render_as_string(
            hide_password=False)
    os.environ["CASEFILE_OUTPUT_DIR"] = str(settings.output_dir.resolve())
    get_settings.cache_clear()


def _check_database() -> None:
    """Open casefile's database (an empty one is brought to head) before anything is scheduled: a
    wrong CASEFILE_DATABASE_URL, or a database at an older schema (the message gives the command,
    `casefile db upgrade`), is refused here, naming the setting, not in every scheduled run."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from casefile.record.db import get_engine
    from casefile.errors import ConfigurationError
    from casefile.settings import get_settings

    try:
        get_engine()
    except SQLAlchemyError as exc:
        url = make_url(get_settings().database_url)  # str() hides a password
        raise ConfigurationError(f"CASEFILE_DATABASE_URL={url}: cannot open the database "
                                 f"({type(exc).__name__}: {str(exc).splitlines()[0]})") from exc


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _say(every: timedelta) -> str:
    seconds = every.total_seconds()
    if seconds % 3600 == 0:
        return f"{int(seconds // 3600)} h"
    if seconds % 60 == 0:
        return f"{int(seconds // 60)} min"
    return f"{seconds:g} s"
