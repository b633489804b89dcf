"""Several casefile processes starting Prefect's local mode at once on a new home (reliability trial, 11: four
`casefile remind` started together on a fresh PREFECT_HOME raced on Prefect's own migration — "duplicate column
name: block_type_name", "Application startup failed" — and one ended in "Timed out while attempting to connect to
ephemeral Prefect API server", exit 1). casefile.prefect_env.starting_alone lets one process at a time start its
temporary server on a home; each of three processes released together ends cleanly, without a traceback (three
were enough to fail before)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

START = """
import sys, time
from casefile.prefect_env import flow_runtime
while time.time() < float(sys.argv[1]):  # released together
    time.sleep(0.01)
with flow_runtime():
    pass
print("started")
"""


@pytest.mark.prefect
def test_three_processes_starting_the_local_mode_on_a_new_home_all_start(tmp_path: Path) -> None:
    import time

    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env["PREFECT_HOME"] = str(tmp_path / "prefect-home")
    release = str(time.time() + 15)  # after the three have imported casefile (a loaded machine)
    runs = [subprocess.Popen([sys.executable, "-c", START, release], env=env, cwd=tmp_path, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True) for _ in range(3)]
    outputs = [run.communicate(timeout=600)[0] for run in runs]
    for run, output in zip(runs, outputs, strict=True):
        assert run.returncode == 0 and "Traceback" not in output, output[-3000:]
        assert output.strip().splitlines()[-1] == "started"
    assert (tmp_path / "prefect-home" / ".casefile-start.lock").stat().st_mode & 0o777 == 0o600
