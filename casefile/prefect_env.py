"""Prefect's environment for casefile, set before Prefect is first imported.

Prefect otherwise tries to reach the internet (analytics) and keeps its state in ~/.prefect. We
keep it in the project (``.casefile/prefect``, mode 0700, its database 0600), give the temporary
local server time to start on a small machine, and tell the user whether a running server
(PREFECT_API_URL) or the local mode is used. The server ``casefile serve`` starts is behind
:func:`api_auth_string` (docs/integrity.md, "Prefect behind casefile").
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

_DEFAULTS = {
    "DO_NOT_TRACK": "1",
    "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
    "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "90",
    # A refused act is reported by casefile in one line; Prefect would log it again with a traceback.
    "PREFECT_LOGGING_LEVEL": "CRITICAL",
    "PREFECT_LOGGING_TO_API_ENABLED": "false",
    "PREFECT_RESULTS_PERSIST_BY_DEFAULT": "false",
    "PREFECT_UI_ENABLED": "false",
}


def configure_prefect() -> str:
    """Set Prefect's environment defaults (never overriding what the user set); return a one-line
    description of where flows will run ("Prefect server at URL" or "Prefect local mode")."""
    for key, value in _DEFAULTS.items():
        os.environ.setdefault(key, value)
    default_home = str(Path(".casefile/prefect").resolve())
    home = Path(os.environ.setdefault("PREFECT_HOME", default_home))
    private_home(home, tighten=str(home) == default_home)
    api = os.environ.get("PREFECT_API_URL")
    if api:
        return f"flows run on the Prefect server at {api}"
    if not os.environ.get("PREFECT_API_DATABASE_CONNECTION_URL"):
        private_file(home / "prefect.db")  # the local mode's database: 0600 before Prefect creates it
    return "flows run in Prefect's local mode (a temporary server starts in this process; set PREFECT_API_URL to use a running one)"


def api_auth_string() -> str:
    """The auth string of the Prefect server ``casefile serve`` starts (PREFECT_SERVER_API_AUTH_STRING
    on the server, PREFECT_API_AUTH_STRING for its clients: the runner, the flow runs and the web
    processes): derived from the instance's secret key (casefile.record.secret_key, HKDF with its
    own purpose), so it is never stored, the same in every process that shares the key, and
    unknown to any process that cannot read the key. Raises ConfigurationError (no usable key)."""
    from casefile.record.secret_key import instance_keys

    return instance_keys().prefect_api


def private_file(path: Path) -> None:
    """Create ``path`` empty with mode 0600 when missing, or take group and other access away from
    it (Prefect's SQLite database: SQLite gives its -wal and -shm files the database's mode)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if path.stat().st_mode & 0o077:
            os.chmod(path, 0o600)
        return
    os.close(fd)


def private_home(home: Path, *, tighten: bool) -> None:
    """Create Prefect's home (and missing parents) with mode 0700: its database holds flow runs and
    their states. ``tighten``: also take group and other access away from an existing folder
    (casefile's own default; a folder the user named is left as it is, unless casefile creates it)."""
    missing = []
    current = home
    while not current.exists():
        missing.append(current)
        current = current.parent
    for folder in reversed(missing):
        folder.mkdir(mode=0o700, exist_ok=True)
        os.chmod(folder, 0o700)
    if tighten and home.stat().st_mode & 0o077:
        os.chmod(home, 0o700)


@contextmanager
def flow_runtime() -> Iterator[None]:
    """Run flows in this block with casefile's Prefect settings: the environment above, one shared
    API client, and the flow-run heartbeat turned off (its thread is joined at the end of every synchronous flow run,
    about 1 s each; the scheduled deployments of `casefile serve` keep it on for crash detection). Each flow
    run is tagged with this process (:func:`process_tag`); runs a killed process left running are marked
    Crashed first (:func:`mark_crashed_runs`). In local mode (no PREFECT_API_URL) the temporary server
    Prefect starts is behind :func:`temporary_auth_string` (unless PREFECT_SERVER_API_AUTH_STRING is set).
    An environment variable cannot turn it off (the setting takes an int >= 30 or None)."""
    configure_prefect()
    from prefect import tags
    from prefect.context import SyncClientContext
    from prefect.settings import (
        PREFECT_API_AUTH_STRING,
        PREFECT_API_URL,
        PREFECT_FLOWS_HEARTBEAT_FREQUENCY,
        PREFECT_SERVER_API_AUTH_STRING,
        temporary_settings,
    )

    updates: dict[Any, Any] = {PREFECT_FLOWS_HEARTBEAT_FREQUENCY: None}
    if not PREFECT_API_URL.value() and not PREFECT_SERVER_API_AUTH_STRING.value():
        # Prefect's temporary server (127.0.0.1, a port in 8000-8999) gets these settings in its environment
        # when the first client starts it: behind this process's own random auth string, never shown.
        updates |= {PREFECT_SERVER_API_AUTH_STRING: temporary_auth_string(),
                    PREFECT_API_AUTH_STRING: temporary_auth_string()}
    # One API client for every flow run in the block: otherwise each run builds its own, and with it an SSL
    # context (~45 ms each, even for a plain-http local server). Each flow run is tagged with this process.
    with ExitStack() as stack:
        stack.enter_context(temporary_settings(updates=updates))
        with starting_alone(None if PREFECT_API_URL.value() else Path(os.environ["PREFECT_HOME"])):
            context = stack.enter_context(SyncClientContext.get_or_create())
            mark_crashed_runs(context.client)
        stack.enter_context(tags(process_tag()))
        yield


@contextmanager
def starting_alone(home: Path | None) -> Iterator[None]:
    """In local mode (``home``: Prefect's home), one process at a time starts its temporary server on that home:
    each server migrates the home's database as it starts, and two migrating at once fail ("duplicate column
    name", "Application startup failed"; the process then ends in "Timed out while attempting to connect to
    ephemeral Prefect API server" — reliability trial, 11: several `casefile remind` started together on a new
    PREFECT_HOME). An exclusive lock on ``home/.casefile-start.lock`` (0600) is held until this process's server
    answers; the others wait for it, then start theirs on the migrated database. ``None``: a running server, no lock."""
    if home is None:
        yield
        return
    import fcntl

    fd = os.open(home / ".casefile-start.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


_TEMPORARY_AUTH: list[str] = []


def temporary_auth_string() -> str:
    """The auth string of the temporary Prefect server this process's flows start in local mode
    (security trial, Prefect L1: without one any local user could read and cancel its flow runs):
    ``casefile:`` and 256 random bits (secrets.token_urlsafe), made on first use and the same for
    the rest of this process (the server lives as long as the process); never stored or printed."""
    if not _TEMPORARY_AUTH:
        import secrets

        _TEMPORARY_AUTH.append("casefile:" + secrets.token_urlsafe(32))
    return _TEMPORARY_AUTH[0]


#: The tag of the flow runs a process runs: ``casefile-process:<host>:<pid>``.
PROCESS_TAG = "casefile-process:"


def process_tag(pid: int | None = None) -> str:
    """The tag naming this process (or ``pid`` on this host) on the flow runs it runs."""
    import socket

    return f"{PROCESS_TAG}{socket.gethostname()}:{pid if pid is not None else os.getpid()}"


def mark_crashed_runs(client: object) -> list[str]:
    """Flow runs left running or pending by a casefile process of this host that no longer exists (a
    killed replay, import or reminders run) are set to Crashed, so they do not stay RUNNING for ever.
    Returns their ids. Never raises: a Prefect API that cannot be asked leaves them as they are."""
    import socket

    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterState, FlowRunFilterStateType
    from prefect.client.schemas.objects import StateType
    from prefect.states import Crashed

    here = f"{PROCESS_TAG}{socket.gethostname()}:"
    marked = []
    try:
        runs = client.read_flow_runs(  # type: ignore[attr-defined]
            flow_run_filter=FlowRunFilter(state=FlowRunFilterState(type=FlowRunFilterStateType(
                any_=[StateType.RUNNING, StateType.PENDING]))), limit=200)
        for run in runs:
            pids = [t[len(here):] for t in run.tags if t.startswith(here)]
            if pids and pids[0].isdigit() and not _alive(int(pids[0])):
                client.set_flow_run_state(run.id, Crashed(message=f"the casefile process {pids[0]} that ran it "  # type: ignore[attr-defined]
                                                          "ended without finishing it (killed)"), force=True)
                marked.append(str(run.id))
    except Exception:  # the cleanup of earlier runs never stops this one
        return marked
    return marked


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
