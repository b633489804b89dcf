"""Flow runs a killed casefile process left RUNNING (a replay killed with SIGKILL) are marked Crashed by the
next process that runs flows; a live process's runs, and runs of no casefile process, are left alone."""

from __future__ import annotations

import subprocess
import sys

import pytest

from casefile.prefect_env import flow_runtime, process_tag

pytestmark = pytest.mark.prefect


def _dead_pid() -> int:
    """The pid of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _running_run(client: object, name: str, tags: list[str]) -> object:
    from prefect import flow
    from prefect.states import Running

    @flow(name=name)
    def placeholder() -> None:
        return None

    run = client.create_flow_run(placeholder, tags=tags)  # type: ignore[attr-defined]
    client.set_flow_run_state(run.id, Running(), force=True)  # type: ignore[attr-defined]
    return run


def test_a_killed_processs_running_run_is_marked_crashed(prefect_server: None) -> None:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.objects import StateType

    with get_client(sync_client=True) as client:
        killed = _running_run(client, "killed-replay", [process_tag(_dead_pid())])
        alive = _running_run(client, "live-replay", [process_tag()])
        foreign = _running_run(client, "not-casefile", ["someone-else"])
    with flow_runtime():
        pass
    with get_client(sync_client=True) as client:
        states = {name: client.read_flow_run(run.id).state.type  # type: ignore[attr-defined]
                  for name, run in (("killed", killed), ("alive", alive), ("foreign", foreign))}
        message = client.read_flow_run(killed.id).state.message  # type: ignore[attr-defined]
    assert states == {"killed": StateType.CRASHED, "alive": StateType.RUNNING, "foreign": StateType.RUNNING}
    assert "ended without finishing it" in message
