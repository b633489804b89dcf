"""A Prefect server as a subprocess: ``prefect server start`` on 127.0.0.1 (loopback only), on a free
port, with its own PREFECT_HOME (0700; its SQLite database and log live there, 0600, unless
PREFECT_API_DATABASE_CONNECTION_URL names another database).

``casefile serve`` starts one when no PREFECT_API_URL is set; the integration tests start one on
PostgreSQL. Importing this module does not import Prefect.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from casefile.errors import ConfigurationError

#: Environment every Prefect subprocess casefile starts gets: no analytics, no phoning home.
QUIET = {"DO_NOT_TRACK": "1", "PREFECT_SERVER_ANALYTICS_ENABLED": "false"}


@dataclass(frozen=True)
class ServerProcess:
    """A running ``prefect server start``: its API URL (``http://127.0.0.1:PORT/api``), process and log file."""

    api_url: str
    process: subprocess.Popen[bytes]
    log_path: Path


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nothing listens on at ``host`` right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def is_healthy(api_url: str, timeout: float = 2.0) -> bool:
    """Whether a Prefect server answers ``GET {api_url}/health`` with 200."""
    try:
        with urllib.request.urlopen(f"{api_url.rstrip('/')}/health", timeout=timeout) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError, ValueError):
        return False


def check_server(api_url: str) -> None:
    """Raise ConfigurationError naming PREFECT_API_URL when no Prefect server answers there."""
    if not is_healthy(api_url, timeout=5.0):
        raise ConfigurationError(f"PREFECT_API_URL={api_url}: no Prefect server answers at {api_url.rstrip('/')}/health; "
                                 "start it, or unset PREFECT_API_URL to let casefile start a local one")


@contextmanager
def local_server(home: Path, *, port: int | None = None, env: Mapping[str, str] | None = None, ui: bool = False,
                 startup_timeout: float = 120.0, stop_timeout: float = 15.0,
                 groups: list[int] | None = None) -> Iterator[ServerProcess]:
    """Start ``prefect server start --host 127.0.0.1`` with PREFECT_HOME=``home``, wait until its API
    answers, yield it, and stop it on the way out (even on error or Ctrl-C): SIGTERM to its process
    group, then SIGKILL after ``stop_timeout`` seconds. Its process group id is added to ``groups``
    as soon as it starts (for a caller that may have to kill it from elsewhere).
    ``home`` is made 0700, its SQLite database and log 0600, and the
    server creates its files with umask 077. ``env`` may carry PREFECT_SERVER_API_AUTH_STRING
    (``casefile serve`` does: every request but the health check then needs it).

    ``env`` (default: this process's environment) is the server's environment, with PREFECT_HOME,
    analytics off, PREFECT_API_URL removed and its own address (:func:`ui_environment`); with
    ``ui``, its UI's settings are checked to name its own API (:func:`check_ui_settings`). The server runs in its own session, so a Ctrl-C in the
    terminal reaches the caller first and the caller stops the server when it is done; on Linux the
    server is also told to stop if the caller dies. Raises ConfigurationError (with the end of the
    server's log) when the server exits or does not answer within ``startup_timeout`` seconds.
    """
    from casefile.prefect_env import private_file, private_home

    private_home(home, tighten=True)  # 0700: its database holds the flow runs and their states
    port = port or free_port()
    api_url = f"http://127.0.0.1:{port}/api"
    server_env = dict(os.environ if env is None else env)
    server_env.pop("PREFECT_API_URL", None)
    server_env.update(QUIET, PREFECT_HOME=str(home))
    server_env.update(ui_environment(port))  # loopback only, and its UI names its own API, whatever the environment says
    if not server_env.get("PREFECT_API_DATABASE_CONNECTION_URL"):
        private_file(home / "prefect.db")  # 0600 before the server creates its tables
    log_path = home / "server.log"
    command = [sys.executable, "-m", "prefect", "server", "start", "--host", "127.0.0.1", "--port", str(port),
               "--ui" if ui else "--no-ui"]
    with os.fdopen(os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), "ab") as log:
        process = subprocess.Popen(command, env=server_env, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True, preexec_fn=_private_child)
    if groups is not None:
        groups.append(process.pid)
    server = ServerProcess(api_url=api_url, process=process, log_path=log_path)
    try:
        _wait_until_healthy(server, startup_timeout)
        if ui:
            check_ui_settings(server.api_url)
        yield server
    finally:
        with _uninterrupted():
            stop_process(process, timeout=stop_timeout)


def ui_environment(port: int) -> dict[str, str]:
    """What the server started on 127.0.0.1:``port`` is told of its own address (security trial,
    Prefect H1): its UI's ``/ui-settings`` names the API the UI's JavaScript sends the typed auth
    string to, by default ``http://127.0.0.1:4200/api`` whatever ``--port`` says — where any local
    user could listen. Also: no promotional content."""
    base = f"http://127.0.0.1:{port}"
    return {"PREFECT_SERVER_API_HOST": "127.0.0.1", "PREFECT_SERVER_API_PORT": str(port),
            "PREFECT_SERVER_UI_API_URL": f"{base}/api", "PREFECT_UI_API_URL": f"{base}/api", "PREFECT_UI_URL": base,
            "PREFECT_SERVER_UI_SHOW_PROMOTIONAL_CONTENT": "false"}


def check_ui_settings(api_url: str) -> None:
    """Raise ConfigurationError unless the UI served beside ``api_url`` (``http://127.0.0.1:PORT/api``)
    names that same API in its ``/ui-settings`` (no auth): the UI sends the auth string there."""
    import json

    url = f"{api_url.removesuffix('/api')}/ui-settings"
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            named = json.loads(response.read()).get("api_url")
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise ConfigurationError(f"the local Prefect server's UI settings ({url}) could not be read: {exc}") from exc
    if named != api_url:
        raise ConfigurationError(f"the local Prefect server's UI would send the API auth string to {named}, not to "
                                 f"its own API {api_url}; not started")


def stop_process(process: subprocess.Popen[bytes], timeout: float = 15.0) -> None:
    """Stop a subprocess started in its own session (its process group): SIGTERM to the group, wait
    up to ``timeout`` seconds for it to exit, else SIGKILL; then SIGKILL whatever is left in the
    group, and reap it. The group is signaled only while its leader is not yet reaped, so its id
    cannot have been reused by then."""
    if process.poll() is not None:
        return
    _signal_group(process, signal.SIGTERM)
    if not _exited(process, timeout):
        _signal_group(process, signal.SIGKILL)
        _exited(process, timeout)
    _signal_group(process, signal.SIGKILL)  # anything it left behind in its group
    process.wait(timeout=timeout)


def _exited(process: subprocess.Popen[bytes], timeout: float) -> bool:
    """Wait up to ``timeout`` s for the process to exit, without reaping it (WNOWAIT)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                return True
        except ChildProcessError:  # already reaped
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.1)


@contextmanager
def _uninterrupted() -> Iterator[None]:
    """Ignore SIGINT and SIGTERM in this block (main thread only): a second Ctrl-C must not cut the
    stopping of the server short and leave it running (the stop itself is bounded: ~30 s at most)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved = {sig: signal.signal(sig, signal.SIG_IGN) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in saved.items():
            if handler is not None:
                signal.signal(sig, handler)


def _signal_group(process: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, sig)


def _wait_until_healthy(server: ServerProcess, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise ConfigurationError(f"the local Prefect server exited with status {server.process.returncode} before "
                                     f"answering; its log ({server.log_path}) ends:\n{_tail(server.log_path)}")
        if is_healthy(server.api_url, timeout=1.0):
            _check_listener_is_ours(server)
            return
        time.sleep(0.5)
    raise ConfigurationError(f"the local Prefect server did not answer at {server.api_url} within {timeout:.0f} s; "
                             f"its log ({server.log_path}) ends:\n{_tail(server.log_path)}")


def _check_listener_is_ours(server: ServerProcess) -> None:
    """Raise ConfigurationError unless the socket listening on the server's port belongs to a process of
    the server's own session: another local user may bind the port first (it is in the server's command
    line, world-readable) and answer the health check, and casefile's clients would then send it the
    API auth string (security re-trial, port taken at start-up). Linux only: elsewhere nothing is checked."""
    from casefile.listeners import held_by_session

    port = int(server.api_url.rsplit(":", 1)[1].split("/", 1)[0])
    if held_by_session(port, server.process.pid) is False:
        raise ConfigurationError(f"port {port} on 127.0.0.1 is held by another process, not the Prefect server casefile "
                                 "started: nothing was sent to it (its auth string stays unsent); stop that process or "
                                 "choose another --prefect-port, then start again")




def _tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _private_child() -> None:
    """In the server's process, before exec: files it creates are its user's only (umask 077), and
    it stops when its parent dies."""
    os.umask(0o077)
    _die_with_parent()


def _die_with_parent() -> None:
    """In the child, before exec: ask Linux to send SIGTERM when the parent dies (PR_SET_PDEATHSIG),
    so a killed ``casefile serve`` does not leave its server running. No-op elsewhere."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    with suppress(OSError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG
