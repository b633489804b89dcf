"""Prefect's environment for casefile, set before Prefect is first imported.

Prefect otherwise tries to reach the internet (analytics) and keeps its state in ~/.prefect. We
keep it in the project (``.casefile/prefect``), give the temporary local server time to start on
a small machine, and tell the user whether a running server (PREFECT_API_URL) or the local mode
is used.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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
    home = Path(os.environ.setdefault("PREFECT_HOME", str(Path(".casefile/prefect").resolve())))
    home.mkdir(parents=True, exist_ok=True)
    api = os.environ.get("PREFECT_API_URL")
    if api:
        return f"flows run on the Prefect server at {api}"
    return "flows run in Prefect's local mode (a temporary server starts in this process; set PREFECT_API_URL to use a running one)"


@contextmanager
def flow_runtime() -> Iterator[None]:
    """Run flows in this block with casefile's Prefect settings: the environment above, one shared
    API client, and the flow-run heartbeat turned off (its thread is joined at the end of every synchronous flow run,
    about 1 s each; the scheduled deployments of `casefile serve` keep it on for crash detection).
    An environment variable cannot turn it off (the setting takes an int >= 30 or None)."""
    configure_prefect()
    from prefect.context import SyncClientContext
    from prefect.settings import PREFECT_FLOWS_HEARTBEAT_FREQUENCY, temporary_settings

    with temporary_settings(updates={PREFECT_FLOWS_HEARTBEAT_FREQUENCY: None}):
        # One API client for every flow run in the block: otherwise each run builds its own,
        # and with it an SSL context (~45 ms each, even for a plain-http local server).
        with SyncClientContext.get_or_create():
            yield
