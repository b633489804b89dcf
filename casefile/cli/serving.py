"""``casefile serve``: the one command for a team (issue 8) — the web pages and the API (uvicorn, a
child process), a Prefect server (the one PREFECT_API_URL names, or a local ``prefect server
start`` it starts), and a runner serving the deployments: the sweep and the reminders on
schedules, and ``act/issue-documents``, the flow run that issues an act's documents after the act
commits in a web or API request (casefile.server.ACT_DEPLOYMENT).

The local Prefect server runs on 127.0.0.1 only, its API behind an auth string derived from the
instance's secret key (PREFECT_SERVER_API_AUTH_STRING; its clients here get PREFECT_API_AUTH_STRING),
with its own PREFECT_HOME (``$PREFECT_HOME/server``, else ``.casefile/prefect-server``: 0700, its
database 0600).
The web application listens on 127.0.0.1 unless told otherwise (``--host``), port ``--port``
(default CASEFILE_WEB_PORT, 8000; 0: a free one), and its URL is printed. ``--demo`` loads the
Bessemer case (when it is not in the database) and makes demo accounts for both sides, printing how
to sign in. Ctrl-C (or SIGTERM) stops the runner first (its schedules are paused, runs in flight
are canceled), then the web server, then the local Prefect server: every child process, within
casefile.cli.stopping.STOP_GRACE seconds at most (then each is killed), whatever the moment.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import typer

from casefile.cli.app import app, console, err_console
from casefile.cli.stopping import Stopper

#: Where the reminders flow lives once written; served only when the module exists.
REMINDERS_MODULE = "flows.deadline_reminders"
DEPLOYMENT_NAME = "scheduled"
#: The deployment of document issuance: flow "act" (flows.act.act_flow), deployment "issue-documents".
ACT_DEPLOYMENT_NAME = "issue-documents"
#: Seconds the web server and the local Prefect server get to exit after SIGTERM before SIGKILL.
STOP_CHILD_SECONDS = 5.0


#: Said when Prefect's UI is served (docs/integrity.md, "Prefect behind casefile").
UI_WARNING = ("[bold]warning:[/] the auth string typed into Prefect's UI is as good as this service's account, and the "
              "UI keeps it in the browser for this origin, which also serves /docs (script from cdn.jsdelivr.net, "
              "unpinned) and a UI that calls Amplitude's analytics; Prefect has no setting to turn them off. Use a "
              "browser profile of its own and clear the site's storage when done.")


@app.command("serve")
def serve(
    port: int | None = typer.Option(None, "--port", min=0, max=65535,
                                    help="Port of the web pages and the API (default CASEFILE_WEB_PORT, 8000; 0: a free one)."),
    host: str | None = typer.Option(None, "--host", help="Address the web server listens on (default "
                                    "CASEFILE_WEB_HOST, 127.0.0.1: this machine only)."),
    demo: bool = typer.Option(False, "--demo", help="Load the Bessemer case if missing and make demo accounts for "
                              "both sides (their password is printed); the calculators need no account."),
    sweep_every: float = typer.Option(900.0, "--sweep-every", min=1.0,
                                      help="Seconds between sweeps (default 900: every 15 minutes)."),
    remind_every: float = typer.Option(3600.0, "--remind-every", min=1.0,
                                       help="Seconds between reminder runs (default 3600: hourly)."),
    prefect_port: int | None = typer.Option(None, "--prefect-port", help="Port of the local Prefect server (default: "
                                            "a free one). Ignored when PREFECT_API_URL names a server."),
    prefect_ui: bool = typer.Option(False, "--prefect-ui/--no-prefect-ui", help="Serve Prefect's own web UI from the "
                                    "local server (its URL is printed; off by default: see the warning it prints)."),
    web: bool = typer.Option(True, "--web/--no-web", help="Run the web pages and the API (--no-web: the runner only)."),
    limit: int = typer.Option(4, "--limit", min=1, help="At most this many flow runs at once; later ones wait (default "
                              "4: a sweep, a reminders run and document issuance)."),
    print_prefect_auth: bool = typer.Option(False, "--print-prefect-auth", help="Print the auth string of the local "
                                            "Prefect server's API (what its UI asks for) and exit."),
) -> None:
    """Run the web pages and the API, and the sweep, the reminders and document issuance on a Prefect server, until Ctrl-C.

    Each scheduled run is as of its scheduled instant. Everything uses CASEFILE_DATABASE_URL and
    CASEFILE_OUTPUT_DIR as set here (relative SQLite paths and folders are made absolute first)."""
    from casefile.http.settings import get_web_settings
    from casefile.prefect_env import configure_prefect

    # A service says what it does: Prefect's INFO lines (runs submitted, finished) unless the user chose.
    os.environ.setdefault("PREFECT_LOGGING_LEVEL", "INFO")
    _check_database()  # first: an unusable URL or an old schema is refused before anything else is done
    _pin_casefile_paths()
    if print_prefect_auth:
        from casefile.prefect_env import api_auth_string

        typer.echo(api_auth_string())
        return
    settings = get_web_settings()
    web_host, web_port = host or settings.host, settings.port if port is None else port
    if demo:
        _set_up_demo()
    stopper = Stopper(say=err_console.print)  # SIGINT and SIGTERM: an orderly stop, bounded in time
    stopper.install()
    try:
        with prefect_server(port=prefect_port, ui=prefect_ui, groups=stopper.groups) as api_url:
            configure_prefect()
            with web_server(host=web_host, port=web_port, api_url=api_url, demo=demo, enabled=web,
                            groups=stopper.groups):
                _run_deployments(api_url, sweep_every, remind_every, limit, stopper)
    except KeyboardInterrupt:
        err_console.print("interrupted")
        raise typer.Exit(130) from None
    finally:
        stopper.restore()
    console.print("stopped")


def _set_up_demo() -> None:
    """Load Bessemer (unless it is there) and make the demo accounts; say how to sign in."""
    from casefile.cli.demo import NUMBER, load_case, make_accounts

    if load_case():
        console.print(f"demo: replayed the Bessemer case {NUMBER} into the database (documents issued)", soft_wrap=True)
    else:
        console.print(f"demo: the Bessemer case {NUMBER} is already in the database")
    password = make_accounts()
    from casefile.cli.demo import USERS

    console.print("demo accounts (the password of each, made now: [bold]" + password + "[/]); sign in at the web "
                  "address below:", highlight=False, soft_wrap=True)
    for email, name, org, role in USERS:
        console.print(f"  {email:28} {role:8} {org:15} {name}", highlight=False, soft_wrap=True)


@contextmanager
def web_server(*, host: str, port: int, api_url: str, demo: bool, enabled: bool = True,
               startup_timeout: float = 60.0, groups: list[int] | None = None) -> Iterator[str | None]:
    """uvicorn serving casefile.server:create_app as a child process (its own process group, added
    to ``groups``; told to stop if this process dies), its acts' documents issued by flow runs on
    ``api_url``; yields the web URL once it answers, and stops it on the way out (SIGTERM, SIGKILL
    after STOP_CHILD_SECONDS). Raises ConfigurationError when it exits or does not answer within
    ``startup_timeout`` seconds (the port taken, ...), or when the socket listening on the port is not the
    child's (another process held the port and answered the health check: the address is never printed)."""
    from casefile.errors import ConfigurationError
    from casefile.prefect_server import _die_with_parent, free_port, stop_process

    if not enabled:
        yield None
        return
    port = port or free_port(host if host not in ("0.0.0.0", "::") else "127.0.0.1")
    env = dict(os.environ, PREFECT_API_URL=api_url, CASEFILE_WEB_DOCUMENTS="prefect")
    if demo:
        env["CASEFILE_WEB_PUBLIC_CALCULATORS"] = "true"
    log_path = Path(".casefile/web.log").resolve()
    log_path.parent.mkdir(parents=True, exist_ok=True)
    command = uvicorn_command(host=host, port=port)
    with log_path.open("ab") as log:
        process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   start_new_session=True, preexec_fn=_die_with_parent)
    if groups is not None:
        groups.append(process.pid)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    url = f"http://{shown}:{port}"
    try:
        deadline = time.monotonic() + startup_timeout
        while not _answers(f"{url}/healthz"):
            if process.poll() is not None or time.monotonic() > deadline:
                from casefile.prefect_server import _tail

                raise ConfigurationError(f"the web server did not start on {host}:{port} (is the port taken? choose "
                                         f"another with --port); its log ({log_path}) ends:\n{_tail(log_path)}")
            time.sleep(0.3)
        from casefile.listeners import held_by_session

        if held_by_session(port, process.pid) is False:  # another process answered first (attacker trial, 5)
            raise ConfigurationError(f"port {port} on {host} is held by another process, not the web server casefile "
                                     "started: its address is not announced (people would sign in there); stop that "
                                     "process or choose another --port, then start again")
        from casefile.http.settings import get_web_settings

        workers = get_web_settings().workers
        console.print(f"casefile web: [bold]{url}/[/] (API {url}/api/v1, pid {process.pid}, {workers} "
                      f"worker{'s' if workers != 1 else ''}; log {log_path})",
                      highlight=False, soft_wrap=True)
        yield url
    finally:
        err_console.print("[dim]stopping the web server ...[/]")
        stop_process(process, timeout=STOP_CHILD_SECONDS)
        console.print("web server stopped")


def uvicorn_command(*, host: str, port: int) -> list[str]:
    """The command that runs the web application: CASEFILE_WEB_WORKERS processes (default: one a
    core) of uvicorn, each the application from its import string, with proxy headers off — X-Forwarded-For
    and X-Forwarded-Proto never change the client's address or scheme — unless
    CASEFILE_WEB_TRUST_FORWARDED is on, and then believed only from CASEFILE_WEB_FORWARDED_ALLOW_IPS
    (uvicorn's own default trusts them from 127.0.0.1 whatever casefile's setting says)."""
    from casefile.http.settings import get_web_settings

    settings = get_web_settings()
    proxy = (["--proxy-headers", "--forwarded-allow-ips", settings.forwarded_allow_ips] if settings.trust_forwarded
             else ["--no-proxy-headers"])
    return [sys.executable, "-m", "uvicorn", "--factory", "casefile.server:create_app", "--host", host,
            "--port", str(port), "--workers", str(settings.workers), *proxy, "--no-access-log", "--log-level", "warning"]


def _answers(url: str) -> bool:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=1.0) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError, ValueError):
        return False


@contextmanager
def prefect_server(*, port: int | None, ui: bool, groups: list[int] | None = None) -> Iterator[str]:
    """The API URL of the Prefect server to use, said on the console: PREFECT_API_URL's (checked to
    answer; ConfigurationError otherwise), or a local server started for the block (its process
    group added to ``groups``) and stopped after it (SIGTERM, SIGKILL after STOP_CHILD_SECONDS;
    PREFECT_API_URL is then set to it in this process, for the runner and the runs it starts)."""
    from casefile.prefect_env import api_auth_string
    from casefile.prefect_server import check_server, local_server

    named = os.environ.get("PREFECT_API_URL")
    if named:
        check_server(named)
        console.print(f"Prefect server: {named} (from PREFECT_API_URL)")
        yield named
        return
    home = server_home()
    auth = api_auth_string()  # derived from the instance's key, never stored (docs/integrity.md)
    err_console.print(f"[dim]starting a local Prefect server (PREFECT_HOME={home}) ...[/]")
    with local_server(home, port=port, ui=ui, env=dict(os.environ, PREFECT_SERVER_API_AUTH_STRING=auth),
                      groups=groups, stop_timeout=STOP_CHILD_SECONDS) as server:
        os.environ["PREFECT_API_URL"] = server.api_url
        os.environ["PREFECT_API_AUTH_STRING"] = auth  # the runner, its flow runs and the web processes
        console.print(f"Prefect server: {server.api_url} (started here, pid {server.process.pid}; API behind its "
                      f"auth string; PREFECT_HOME={home}; log {server.log_path})")
        if ui:
            console.print(f"Prefect UI: {server.api_url.removesuffix('/api')}/ (it asks for the API auth string: "
                          "`casefile serve --print-prefect-auth` prints it)")
            err_console.print(UI_WARNING, soft_wrap=True)
        yield server.api_url
        err_console.print("[dim]runner stopped; stopping the local Prefect server ...[/]")
    console.print("local Prefect server stopped")


def server_home() -> Path:
    """The local Prefect server's home: ``$PREFECT_HOME/server`` when PREFECT_HOME is set, else
    ``.casefile/prefect-server`` (absolute; made 0700 by casefile.prefect_server.local_server)."""
    named = os.environ.get("PREFECT_HOME")
    return (Path(named).expanduser() / "server" if named else Path(".casefile/prefect-server")).resolve()


def _run_deployments(api_url: str, sweep_every: float, remind_every: float, limit: int, stopper: Stopper) -> None:
    """Build the deployments and serve them on a Prefect runner (at most ``limit`` runs at once)
    until Ctrl-C / SIGTERM: ``stopper`` stops the runner in order once it serves (its own SIGTERM
    handler, installed when it starts, hands the signal to ``stopper`` too)."""
    import asyncio

    from prefect.exceptions import TerminationSignal
    from prefect.runner import Runner
    from prefect.settings import PREFECT_API_AUTH_STRING, PREFECT_API_URL, temporary_settings

    class ServeRunner(Runner):
        def handle_sigterm(self, *args: Any, **kwargs: Any) -> None:
            stopper.handle(signal.SIGTERM)

    updates: dict[Any, Any] = {PREFECT_API_URL: api_url}
    if os.environ.get("PREFECT_API_AUTH_STRING"):
        updates[PREFECT_API_AUTH_STRING] = os.environ["PREFECT_API_AUTH_STRING"]
    with temporary_settings(updates=updates):
        deployments = deployments_to_serve(sweep_every=sweep_every, remind_every=remind_every)
        for deployment in deployments:
            if deployment.schedules:
                every = deployment.schedules[0].schedule.interval
                console.print(f"  {deployment.flow_name}/{deployment.name}: every {_say(every)}")
            else:
                console.print(f"  {deployment.flow_name}/{deployment.name}: on each act submitted (its documents)")
        if not reminders_available():
            console.print(f"  (reminders not served: {REMINDERS_MODULE} is not installed yet)")
        runner = ServeRunner(pause_on_shutdown=True, limit=limit)
        from casefile.runner import register_from_memory

        register_from_memory(runner, deployments)  # runs never execute a deployment's pull steps (flows/registered.py)
        console.print("Ctrl-C stops.")
        try:
            asyncio.run(_serve_until_stopped(runner, stopper))
        except TerminationSignal:
            pass
        finally:
            stopper.on_stop = _closing  # a signal from now on only starts the deadline: the closing is under way


async def _serve_until_stopped(runner: Any, stopper: Stopper) -> None:
    """Run ``runner`` until a signal: ``stopper`` then cancels this task, as asyncio's own Ctrl-C does, and
    the runner leaves its context in order (schedules paused, runs in flight killed: SIGTERM, then SIGKILL);
    returns then. Prefect's own SIGTERM path (``Runner.astop``) was slower: it kept starting the runs it had
    fetched and asked the API about each run it canceled, one after the other."""
    import asyncio

    task, loop = asyncio.current_task(), asyncio.get_running_loop()
    assert task is not None

    def stop() -> None:
        loop.call_soon_threadsafe(task.cancel)

    stopper.on_stop = stop
    try:
        await runner.start()
    except asyncio.CancelledError:
        if stopper.signaled_at is None:
            raise


def deployments_to_serve(*, sweep_every: float, remind_every: float) -> list[Any]:
    """The runner deployments: ``sweep/scheduled`` every ``sweep_every`` seconds,
    ``deadline-reminders/scheduled`` every ``remind_every`` seconds when the reminders flow exists,
    and ``act/issue-documents`` (no schedule: the web application starts one run per act).

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
    from flows.act import act_flow

    deployments.append(act_flow.to_deployment(
        ACT_DEPLOYMENT_NAME, **common,
        description="Issue the documents of one committed act (its docket entry's id); started by the web "
                    "application and the API after the act commits."))
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

    from casefile.errors import ConfigurationError
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    try:
        get_engine()
    except SQLAlchemyError as exc:
        url = make_url(get_settings().database_url)  # str() hides a password
        raise ConfigurationError(f"CASEFILE_DATABASE_URL={url}: cannot open the database "
                                 f"({type(exc).__name__}: {str(exc).splitlines()[0]})") from exc


def _closing() -> None:
    """A signal while serve closes: nothing more to ask (its deadline is running)."""


def _say(every: timedelta) -> str:
    seconds = every.total_seconds()
    if seconds % 3600 == 0:
        return f"{int(seconds // 3600)} h"
    if seconds % 60 == 0:
        return f"{int(seconds // 60)} min"
    return f"{seconds:g} s"
