"""casefile.cli.stopping: a serve process that does not stop in order is stopped by its deadline, every child
with it — here a process standing for serve whose orderly stop hangs (as it did on a starved Prefect API),
with a child in a session of its own that ignores SIGTERM (as a server stuck in its shutdown) and a
grandchild (as a uvicorn worker)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from casefile.cli.stopping import descendants

#: The process standing for serve: a Stopper with a 1 s deadline; its orderly stop hangs.
SERVE = textwrap.dedent("""
    import os, subprocess, sys, time
    from casefile.cli.stopping import Stopper

    stopper = Stopper(grace=float(sys.argv[1]), kill_after=1.0)
    stopper.install()
    stopper.on_stop = lambda: None  # asked to stop in order ... and never does
    stuck = subprocess.Popen([sys.executable, "-c", "import signal, subprocess, sys, time; "
                              "signal.signal(signal.SIGTERM, signal.SIG_IGN); "
                              "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)']); "
                              "time.sleep(600)"], start_new_session=True)
    stopper.groups.append(stuck.pid)
    print("ready", flush=True)
    while True:
        time.sleep(600)
""")


def start(tmp_path: Path, grace: float) -> tuple[subprocess.Popen[str], list[int]]:
    process = subprocess.Popen([sys.executable, "-c", SERVE, str(grace)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    assert process.stdout is not None and process.stdout.readline() == "ready\n"
    deadline = time.monotonic() + 60
    while len(descendants(process.pid)) < 2:  # the stuck child and its grandchild, once both have started
        assert time.monotonic() < deadline, "the child processes did not start"
        time.sleep(0.05)
    return process, descendants(process.pid)


def gone(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process tree from /proc")
class TestDeadline:
    def test_an_orderly_stop_that_hangs_ends_at_the_deadline_with_every_child(self, tmp_path: Path) -> None:
        """SIGINT, then nothing stops: 1 s later the children get SIGTERM, 1 s after that SIGKILL (the stuck
        one ignores SIGTERM), and the process exits 1 saying why; no child is left."""
        process, children = start(tmp_path, grace=1.0)
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 1
        took = time.monotonic() - sent
        said = process.communicate()[1]
        assert 1.0 <= took < 10.0, took
        assert "not stopped 1 s after the signal" in said
        deadline = time.monotonic() + 10
        while not all(gone(pid) for pid in children):
            assert time.monotonic() < deadline, [pid for pid in children if not gone(pid)]
            time.sleep(0.05)

    def test_a_second_signal_stops_at_once(self, tmp_path: Path) -> None:
        """SIGTERM, then Ctrl-C: the deadline (60 s) is not waited for; exit 130, no child left."""
        process, children = start(tmp_path, grace=60.0)
        sent = time.monotonic()
        process.send_signal(signal.SIGTERM)
        time.sleep(0.2)  # the two signals apart, as a person's second Ctrl-C
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 130
        assert time.monotonic() - sent < 10.0
        assert "SIGINT again" in process.communicate()[1]
        deadline = time.monotonic() + 10
        while not all(gone(pid) for pid in children):
            assert time.monotonic() < deadline, [pid for pid in children if not gone(pid)]
            time.sleep(0.05)


def test_descendants_reads_the_tree_children_first() -> None:
    """A child and its grandchild are found, the child before the grandchild; this process is not one."""
    child = subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time; "
                              "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); "
                              "print(p.pid, flush=True); time.sleep(60)"], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        grandchild = int(child.stdout.readline())
        found = descendants(os.getpid())
        assert child.pid in found and grandchild in found and os.getpid() not in found
        assert found.index(child.pid) < found.index(grandchild)
    finally:
        os.kill(grandchild, signal.SIGKILL)
        child.kill()
        child.communicate(timeout=30)
