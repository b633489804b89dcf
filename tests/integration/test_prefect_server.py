"""The scaled-out path for real on this machine, without Docker: a Prefect server on PostgreSQL, a
process worker in a work pool, the sweep deployed from deploy/prefect.yaml, one run triggered with
an instant in 2021, and its effect in casefile's own PostgreSQL database.

Everything Prefect runs in subprocesses (server, CLI, worker, the flow run the worker starts); the
test talks to the server over its REST API, so no Prefect client lives in the test process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy.engine import URL, make_url
from sqlmodel import Session, select

from casefile.prefect_server import QUIET, local_server, stop_process
from casefile.record import migrate
from casefile.record.db import make_engine, write_session
from casefile.record.models import Deadline, Election
from casefile.vocab import DeadlineKind, DeadlineStatus, Stage
from tests.bessemer import TALLY_2021, open_case, record_tally
from tests.conftest import POSTGRES_URL, at

pytestmark = [pytest.mark.integration, pytest.mark.postgres]
REPO = Path(__file__).resolve().parents[2]
POOL = "casefile-it"
TERMINAL = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}


def base_env() -> dict[str, str]:
    """This environment without any Prefect or casefile setting (other tests set some in os.environ)."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "CASEFILE_"))} | QUIET


def api(url: str, body: dict[str, Any] | None = None) -> Any:
    """GET (or POST ``body`` as JSON) on the Prefect REST API; the decoded JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        payload = response.read()
    return json.loads(payload) if payload else None


def tail(path: Path, lines: int = 40) -> str:
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) if path.exists() else "(no log)"


@pytest.fixture
def databases() -> Iterator[tuple[str, str]]:
    """Two fresh PostgreSQL databases, Prefect's and casefile's (SQLAlchemy URLs), dropped afterwards."""
    admin = make_url(POSTGRES_URL)
    conninfo = admin.set(drivername="postgresql").render_as_string(hide_password=False)
    try:
        conn = psycopg.connect(conninfo, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as exc:
        pytest.skip(f"PostgreSQL not reachable at {admin} ({type(exc).__name__}); start it or set CASEFILE_TEST_POSTGRES_URL")
    if conn.execute("select 1 from pg_available_extensions where name = 'pg_trgm'").fetchone() is None:
        conn.close()
        pytest.skip("PostgreSQL lacks the pg_trgm extension that Prefect's server needs (install postgresql-contrib)")
    suffix = uuid.uuid4().hex[:10]
    names = (f"prefect_it_{suffix}", f"casefile_it_{suffix}")
    try:
        for name in names:
            conn.execute(f'CREATE DATABASE "{name}"')
        yield (url_for(admin, "postgresql+asyncpg", names[0]), url_for(admin, "postgresql+psycopg", names[1]))
    finally:
        for name in names:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.close()


def url_for(admin: URL, driver: str, database: str) -> str:
    return admin.set(drivername=driver, database=database).render_as_string(hide_password=False)


def record_bessemer_tally(casefile_url: str) -> None:
    """Bessemer's 2021 tally, recorded through the acts: its objection period ran out on 2021-04-16."""
    engine = make_engine(casefile_url)
    migrate.upgrade(engine)  # the served flows open it: its schema at the migrations' head
    with write_session(engine, by="operator:tests") as s:
        open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
    engine.dispose()


class TestSweepOnAPrefectServerWithAWorker:
    def test_deployed_sweep_runs_on_the_worker_and_closes_the_period(self, databases: tuple[str, str],
                                                                      tmp_path: Path) -> None:
        """The sweep deployed (with the reminders) from deploy/prefect.yaml to a process pool, run by a worker as of
        2021-04-20, lapses Bessemer's objection period and marks the certification due in casefile's PostgreSQL database."""
        prefect_db, casefile_db = databases
        record_bessemer_tally(casefile_db)
        server_env = base_env() | {"PREFECT_API_DATABASE_CONNECTION_URL": prefect_db}
        with local_server(tmp_path / "server-home", env=server_env, startup_timeout=120) as server:
            env = base_env() | {"PREFECT_API_URL": server.api_url, "PREFECT_HOME": str(tmp_path / "client-home")}

            def prefect(*args: str) -> str:
                done = subprocess.run([sys.executable, "-m", "prefect", "--no-prompt", *args], env=env, cwd=REPO,
                                      capture_output=True, text=True, timeout=120)
                assert done.returncode == 0, f"prefect {' '.join(args)}:\n{done.stdout}\n{done.stderr}"
                return done.stdout

            prefect("work-pool", "create", POOL, "--type", "process")
            for name in ("sweep", "reminders"):  # by name: with --all, prefect deploy ignores --pool
                prefect("deploy", "--prefect-file", "deploy/prefect.yaml", "--name", name, "--pool", POOL)
            reminders = api(f"{server.api_url}/deployments/name/deadline-reminders/reminders")
            deployment = api(f"{server.api_url}/deployments/name/sweep/sweep")
            assert [(d["entrypoint"], d["work_pool_name"], [s["schedule"]["interval"] for s in d["schedules"]])
                    for d in (deployment, reminders)] == [("flows/sweep.py:sweep_flow", POOL, [900.0]), (
                        "flows/deadline_reminders.py:deadline_reminders_flow", POOL, [3600.0])]
            # Only the run triggered below may sweep: pausing removes the runs the schedules made.
            for paused in (deployment, reminders):
                api(f"{server.api_url}/deployments/{paused['id']}/pause_deployment", {})

            worker_log = tmp_path / "worker.log"
            worker_env = env | {"CASEFILE_DATABASE_URL": casefile_db, "CASEFILE_OUTPUT_DIR": str(tmp_path / "out"),
                                "CASEFILE_SOURCE_DIR": str(REPO), "PREFECT_WORKER_QUERY_SECONDS": "2",
                                "PREFECT_HOME": str(tmp_path / "worker-home")}
            with worker_log.open("ab") as log:
                worker = subprocess.Popen([sys.executable, "-m", "prefect", "worker", "start", "--pool", POOL,
                                           "--type", "process"], env=worker_env, cwd=tmp_path, stdout=log,
                                          stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
            try:
                run = api(f"{server.api_url}/deployments/{deployment['id']}/create_flow_run",
                          {"parameters": {"as_of": "2021-04-20T00:00:00-04:00"}})
                state = wait_for_run(server.api_url, run["id"], timeout=120)
                assert (state["type"], state["name"]) == ("COMPLETED", "Completed"), (
                    f"flow run ended {state['type']} ({state['name']}): {state.get('message')}\n{tail(worker_log)}")
            finally:
                stop_process(worker)

        engine = make_engine(casefile_db)
        with Session(engine) as s:
            election = s.exec(select(Election)).one()
            objections = s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.OBJECTIONS)).one()
            assert election.stage is Stage.CERTIFICATION_DUE
            assert objections.status is DeadlineStatus.LAPSED
            assert objections.closed_at == datetime(2021, 4, 20, 4, 0, tzinfo=UTC)
        engine.dispose()


def wait_for_run(api_url: str, run_id: str, timeout: float) -> dict[str, Any]:
    """Poll a flow run until its state is terminal; its final state (fails the test after ``timeout`` s)."""
    deadline = time.monotonic() + timeout
    state: dict[str, Any] = {}
    while time.monotonic() < deadline:
        state = api(f"{api_url}/flow_runs/{run_id}")["state"] or {}
        if state.get("type") in TERMINAL:
            return state
        time.sleep(1)
    pytest.fail(f"flow run {run_id} not finished after {timeout:.0f} s (state {state.get('type')} {state.get('name')})")
