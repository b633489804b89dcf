"""How ``casefile serve`` stops: in bounded time, at any moment, leaving no process behind.

Ctrl-C (SIGINT) and SIGTERM are handled alike. The first one asks for an orderly stop: once the
runner serves, it is told to stop (its schedules are paused, its runs in flight canceled), else the
start-up is interrupted (KeyboardInterrupt); the web server and the local Prefect server are then
stopped by their context managers. Each of those steps talks to the Prefect API, whose client waits
up to a minute a request and retries a refused or timed-out one five times: on a loaded machine, or
with a starved server, an orderly stop had no bound (minutes were seen). So the first signal also
starts a deadline: when the process has not exited ``grace`` seconds later (or at a second signal),
every process it started — the web server's and the Prefect server's process groups, the runner's
flow-run processes, and whatever they started — gets SIGTERM, then SIGKILL after ``kill_after``
seconds, and the process exits at once (status 1 after the deadline, 130 after a second signal).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from types import FrameType

#: Seconds from the first SIGINT/SIGTERM to the forced stop (an orderly stop takes ~3-10 s on a loaded machine).
STOP_GRACE = 20.0
#: Seconds between SIGTERM and SIGKILL in the forced stop.
KILL_AFTER = 3.0


def descendants(pid: int) -> list[int]:
    """The live descendants of ``pid`` (children first), read from /proc; [] where /proc is absent."""
    parents: dict[int, int] = {}
    with suppress(OSError):
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except (OSError, IndexError):
                    continue
                if fields[0] != "Z":
                    parents[int(entry.name)] = int(fields[1])
    found: list[int] = []
    frontier = [pid]
    while frontier:
        frontier = [child for child, parent in parents.items() if parent in frontier and child not in found]
        found.extend(frontier)
    return found


def kill_tree(pid: int, *, groups: Callable[[], list[int]] = list, kill_after: float = KILL_AFTER) -> None:
    """SIGTERM every descendant of ``pid`` and every process group in ``groups()``, wait up to
    ``kill_after`` seconds for them to go, then SIGKILL what is left (a process that ignores or
    is stuck before SIGTERM cannot outlive it)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        targets = descendants(pid)
        for group in groups():
            with suppress(ProcessLookupError, PermissionError):
                os.killpg(group, sig)
        for child in targets:
            with suppress(ProcessLookupError, PermissionError):
                os.kill(child, sig)
        deadline = time.monotonic() + kill_after
        while sig is signal.SIGTERM and descendants(pid) and time.monotonic() < deadline:
            time.sleep(0.1)


class Stopper:
    """SIGINT and SIGTERM for ``casefile serve`` (see the module docstring).

    ``groups`` are the process-group ids of the children started in sessions of their own (the web
    server, the local Prefect server), registered as they start; ``on_stop`` is what asks for an
    orderly stop (set while the runner serves; None: raise KeyboardInterrupt in the main thread)."""

    def __init__(self, *, grace: float = STOP_GRACE, kill_after: float = KILL_AFTER,
                 say: Callable[[str], None] | None = None) -> None:
        self.grace, self.kill_after = grace, kill_after
        self.groups: list[int] = []
        self.on_stop: Callable[[], None] | None = None
        self.signaled_at: float | None = None
        self._say = say or (lambda text: print(text, file=sys.stderr, flush=True))
        self._forced = threading.Event()
        self._saved: dict[int, object] = {}

    def install(self) -> None:
        """Take SIGINT and SIGTERM (main thread only)."""
        for sig in (signal.SIGINT, signal.SIGTERM):
            self._saved[sig] = signal.signal(sig, self.handle)

    def restore(self) -> None:
        """Give SIGINT and SIGTERM back their earlier handlers."""
        for sig, handler in self._saved.items():
            signal.signal(sig, handler)  # type: ignore[arg-type]
        self._saved.clear()

    def handle(self, signum: int, frame: FrameType | None = None) -> None:
        """The handler: the first signal starts the deadline and asks for an orderly stop, a second forces it."""
        if self.signaled_at is not None:
            self.force(f"{signal.Signals(signum).name} again", status=130)
            return
        self.signaled_at = time.monotonic()
        threading.Thread(target=self._deadline, name="casefile-stop-deadline", daemon=True).start()
        if self.on_stop is not None:
            self.on_stop()
        else:
            raise KeyboardInterrupt

    def _deadline(self) -> None:
        if not self._forced.wait(self.grace):
            self.force(f"not stopped {self.grace:g} s after the signal", status=1)

    def force(self, why: str, *, status: int) -> None:
        """Kill every child process (SIGTERM, then SIGKILL) and exit the process with ``status`` at once."""
        self._forced.set()
        with suppress(Exception):
            self._say(f"casefile serve: {why}: stopping every child process now (SIGTERM, then SIGKILL)")
        kill_tree(os.getpid(), groups=lambda: list(self.groups), kill_after=self.kill_after)
        os._exit(status)
