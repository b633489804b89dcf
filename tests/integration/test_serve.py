"""`casefile serve` as a user runs it: it starts its own Prefect server, runs the sweep on its schedule
as of each run's scheduled instant, and on Ctrl-C stops the runner, then the server, leaving no process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from sqlmodel import Session, select

from casefile.prefect_server import free_port
from casefile.record import migrate
from casefile.record.db import make_engine, write_session
from casefile.record.models import Deadline, Election
from casefile.vocab import DeadlineKind, DeadlineStatus, Stage
from tests.bessemer import TALLY_2021, open_case, record_tally
from tests.conftest import at

CASEFILE = Path(sys.executable).with_name("casefile")


def env_for(folder: Path) -> dict[str, str]:
    """A clean environment (no Prefect or casefile settings from other tests) on a SQLite database in ``folder``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "CASEFILE_"))}
    # Prefect's server makes the runs of a new schedule on its scheduler loop (every 60 s by default) and
    # the runner polls every 10 s: shortened so the first sweep comes within seconds, not a minute.
    return env | {"PREFECT_SERVER_SERVICES_SCHEDULER_LOOP_SECONDS": "2", "PREFECT_RUNNER_POLL_FREQUENCY": "2","CASEFILE_DATABASE_URL": f"sqlite:///{folder / 'casefile.db'}", "CASEFILE_OUTPUT_DIR": str(folder / "out"),
                  "PREFECT_HOME": str(folder / "prefect-client"), "COLUMNS": "200", "DO_NOT_TRACK": "1",
                  "PREFECT_SERVER_ANALYTICS_ENABLED": "false"}


def descendants(pid: int) -> set[tuple[int, str]]:
    """Every live descendant of ``pid`` as (pid, start time), read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return {(p, started(p)) for p in found}


def started(pid: int) -> str:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[19]
    except OSError:
        return ""


def alive(process: tuple[int, str]) -> bool:
    """Whether that process (same pid, same start time) still runs (a zombie does not)."""
    pid, start = process
    try:
        fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[19] == start and fields[0] != "Z"


@pytest.fixture
def lapsed_case(tmp_path: Path) -> Path:
    """A SQLite database holding Bessemer's 2021 tally, whose objection period ran out long ago."""
    engine = make_engine(f"sqlite:///{tmp_path / 'casefile.db'}")
    migrate.upgrade(engine)  # `casefile serve` opens it: its schema at the migrations' head
    with write_session(engine) as s:
        open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
    engine.dispose()
    return tmp_path


@pytest.fixture
def served(lapsed_case: Path) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    """`casefile serve --sweep-every 5` running in the case's folder; killed (group) if the test leaves it running."""
    log = lapsed_case / "serve.log"
    with log.open("ab") as out:
        process = subprocess.Popen([str(CASEFILE), "serve", "--sweep-every", "5"], env=env_for(lapsed_case),
                                   cwd=lapsed_case, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    yield process, log
    if process.poll() is None:
        for pid, _ in descendants(process.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        process.kill()
        process.wait(timeout=30)


def completed_runs_scheduled_at(api_url: str) -> set[datetime]:
    """The scheduled start times of the sweep runs that did something (state "Completed", not "Skipped")."""
    body = json.dumps({"flow_runs": {"state": {"name": {"any_": ["Completed"]}}}}).encode()
    request = urllib.request.Request(f"{api_url}/flow_runs/filter", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        runs = json.loads(response.read())
    return {datetime.fromisoformat(run["expected_start_time"]) for run in runs}


@pytest.mark.integration
class TestServe:
    def test_sweeps_on_schedule_then_stops_cleanly(self, served: tuple[subprocess.Popen[bytes], Path]) -> None:
        """With a 5 s schedule the served sweep lapses the 2021 objection period as of a run's scheduled instant; SIGINT
        then stops the runner (schedules paused), then the local server, exit 0 within 60 s, no process left."""
        process, log = served
        engine = make_engine(f"sqlite:///{log.parent / 'casefile.db'}")
        deadline = time.monotonic() + 150
        closed_at = None
        while time.monotonic() < deadline and process.poll() is None:
            with Session(engine) as s:
                objections = s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.OBJECTIONS)).one()
                stage = s.exec(select(Election.stage)).one()
            if objections.status is DeadlineStatus.LAPSED and stage is Stage.CERTIFICATION_DUE:
                closed_at = objections.closed_at
                break
            time.sleep(0.5)
        said = log.read_text(errors="replace")
        assert closed_at is not None, f"no sweep took effect (serve exited {process.poll()}):\n{said[-3000:]}"
        api_url = said.split("Prefect server: ", 1)[1].split()[0]
        assert api_url.startswith("http://127.0.0.1:") and "(started here" in said
        assert closed_at in completed_runs_scheduled_at(api_url)

        children = descendants(process.pid)
        assert children, "serve started no subprocess (its Prefect server)"
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=60) == 0, log.read_text(errors="replace")[-3000:]
        said = log.read_text(errors="replace")
        assert said.index("All deployments have been paused") < said.index("local Prefect server stopped")
        time.sleep(1)
        assert not [child for child in children if alive(child)], f"left running: {children}"
        engine.dispose()


class TestServeRefusals:
    def test_named_server_that_does_not_answer(self, tmp_path: Path) -> None:
        """PREFECT_API_URL naming a port where nothing listens is refused at once: exit 2, naming the setting."""
        url = f"http://127.0.0.1:{free_port()}/api"
        done = subprocess.run([str(CASEFILE), "serve"], env=env_for(tmp_path) | {"PREFECT_API_URL": url}, cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2
        assert f"PREFECT_API_URL={url}: no Prefect server answers" in " ".join(done.stderr.split())
        assert "Traceback" not in done.stderr
