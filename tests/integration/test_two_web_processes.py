"""casefile at scale, for real on this machine: two web processes (uvicorn, casefile.server) on one
PostgreSQL database, a Prefect server (on PostgreSQL too) and a process worker of the act deployment
(deploy/prefect.yaml, issue-documents). RWDSU's counsel files its 2021 objections with their offer
of proof through one process; Amazon's counsel files objections through the other; each act commits
in its request, and its documents are issued by the worker's flow runs (the web processes issue
none: CASEFILE_WEB_DOCUMENTS=prefect). Each process then lists the documents of both acts, and
the offer of proof only for RWDSU.

Skips with a message when PostgreSQL (127.0.0.1:5432, database ``test``; CASEFILE_TEST_POSTGRES_URL)
is not there; the databases are made with unique names and dropped afterwards.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from casefile.prefect_server import free_port, local_server, stop_process
from tests.integration.test_prefect_server import (  # noqa: F401  (the fixture)
    POOL,
    REPO,
    api,
    base_env,
    databases,
    tail,
    wait_for_run,
)

pytestmark = [pytest.mark.integration, pytest.mark.postgres]
NUMBER = "10-RC-269250"
SECRET = "casefile-two-processes-secret-0123456789abcdef"
AS_OF = "2021-04-16T18:00:00-04:00"


def prepare(casefile_url: str) -> dict[str, str]:
    """Bessemer's 2021 tally (through the acts) and the two sides' organizations, counsel and API
    tokens; returns who -> token."""
    from casefile.accounts.orgs import add_organization, link_party
    from casefile.accounts.tokens import create_token
    from casefile.accounts.users import add_user
    from casefile.record import migrate
    from casefile.record.db import make_engine, write_session
    from tests.bessemer import TALLY_2021, open_case, record_tally
    from tests.conftest import at

    engine = make_engine(casefile_url)
    migrate.upgrade(engine)
    moment = at("2021-04-09T12:00:00-04:00")
    tokens = {}
    with write_session(engine, by="operator:tests") as s:
        open_case(s, as_of=moment)
        record_tally(s, TALLY_2021, as_of=moment)
    with write_session(engine, by="operator:tests") as s:
        for org, party, email in (("rwdsu-legal", "rwdsu", "counsel@rwdsu.example.org"),
                                  ("amazon-firm", "amazon", "counsel@amazon.example.org")):
            add_organization(s, key=org, name=org, kind="union" if party == "rwdsu" else "firm", as_of=moment)
            link_party(s, organization=org, case_number=NUMBER, party=party, as_of=moment)
            add_user(s, email=email, organization=org, role="counsel", password="correct horse battery staple",
                     as_of=moment)
            tokens[party] = create_token(s, email=email, as_of=moment, name="two-processes")[1]
    engine.dispose()
    return tokens


def call(base: str, path: str, token: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(f"{base}/api/v1{path}", data=None if body is None else json.dumps(body).encode(),
                                     method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(errors="replace")


def wait_until_up(base: str, process: subprocess.Popen[bytes], log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the web process at {base} exited:\n{tail(log)}")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"the web process at {base} did not answer within {timeout:.0f} s:\n{tail(log)}")


def test_acts_through_two_web_processes_get_their_documents_from_the_worker(databases: tuple[str, str],  # noqa: F811
                                                                           tmp_path: Path) -> None:
    from tests.acts.procedure import scenario

    prefect_db, casefile_db = databases
    tokens = prepare(casefile_db)
    out = tmp_path / "out"  # the one documents directory every process and the worker share
    server_env = base_env() | {"PREFECT_API_DATABASE_CONNECTION_URL": prefect_db}
    with local_server(tmp_path / "server-home", env=server_env, startup_timeout=120) as server:
        env = base_env() | {"PREFECT_API_URL": server.api_url, "PREFECT_HOME": str(tmp_path / "client-home")}
        for args in (("work-pool", "create", POOL, "--type", "process"),
                     ("deploy", "--prefect-file", "deploy/prefect.yaml", "--name", "issue-documents", "--pool", POOL)):
            done = subprocess.run([sys.executable, "-m", "prefect", "--no-prompt", *args], env=env, cwd=REPO,
                                  capture_output=True, text=True, timeout=120)
            assert done.returncode == 0, f"prefect {' '.join(args)}:\n{done.stdout}\n{done.stderr}"
        casefile_env = env | {"CASEFILE_DATABASE_URL": casefile_db, "CASEFILE_OUTPUT_DIR": str(out),
                              "CASEFILE_SECRET_KEY": SECRET, "CASEFILE_SOURCE_DIR": str(REPO)}
        processes: list[subprocess.Popen[bytes]] = []
        logs = {"worker": tmp_path / "worker.log"}
        try:
            with logs["worker"].open("ab") as log:
                processes.append(subprocess.Popen(
                    [sys.executable, "-m", "prefect", "worker", "start", "--pool", POOL, "--type", "process"],
                    env=casefile_env | {"PREFECT_WORKER_QUERY_SECONDS": "2", "PREFECT_HOME": str(tmp_path / "worker-home")},
                    cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True))
            bases = []
            for i in range(2):
                port = free_port()
                logs[f"web{i}"] = tmp_path / f"web{i}.log"
                with logs[f"web{i}"].open("ab") as log:
                    processes.append(subprocess.Popen(
                        [sys.executable, "-m", "uvicorn", "--factory", "casefile.server:create_app", "--host",
                         "127.0.0.1", "--port", str(port), "--no-access-log"],
                        env=casefile_env | {"CASEFILE_WEB_DOCUMENTS": "prefect"}, cwd=REPO, stdout=log,
                        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True))
                bases.append(f"http://127.0.0.1:{port}")
            for i, base in enumerate(bases):
                wait_until_up(base, processes[1 + i], logs[f"web{i}"])

            rwdsu = scenario().events[1].model_dump(mode="json", by_alias=True)  # 23 objections + offer of proof
            amazon = {"act": "file-objections", "date": "2021-04-16", "party": "amazon", "method": "e-filing",
                      "objections": ["The Union's agents electioneered near the mailbox (two-processes test)."]}
            first = call(bases[0], f"/cases/{NUMBER}/acts?as_of={AS_OF}", tokens["rwdsu"], rwdsu)
            second = call(bases[1], f"/cases/{NUMBER}/acts?as_of={AS_OF}", tokens["amazon"], amazon)
            assert first[0] == 201 and second[0] == 201, (first, second, tail(logs["web0"]), tail(logs["web1"]))
            assert sorted(first[1]["pending"]) == ["objections", "offer-of-proof"] and second[1]["pending"] == ["objections"]

            deadline = time.monotonic() + 180
            kinds: list[str] = []
            while time.monotonic() < deadline:
                status, docs = call(bases[1], f"/cases/{NUMBER}/documents", tokens["rwdsu"])
                kinds = sorted(d["kind"] for d in docs) if status == 200 else []
                if kinds.count("objections") == 2 and "offer-of-proof" in kinds:
                    break
                time.sleep(2)
            assert kinds.count("objections") == 2 and "offer-of-proof" in kinds, (kinds, tail(logs["worker"]))
            employer = sorted(d["kind"] for d in call(bases[0], f"/cases/{NUMBER}/documents", tokens["amazon"])[1])
            assert employer.count("objections") == 2 and "offer-of-proof" not in employer

            runs = api(f"{server.api_url}/flow_runs/filter", {"flow_runs": {"name": {"like_": "act-entry-"}}})
            assert len(runs) == 2 and {r["state"]["type"] for r in runs} == {"COMPLETED"}, runs
            assert sorted(r["parameters"]["entry_id"] for r in runs) == sorted(
                [first[1]["entry_id"], second[1]["entry_id"]])
            assert all(set(r["parameters"]) == {"entry_id", "as_of"} for r in runs)  # ids, never content
            pdfs = sorted(p.name for p in out.rglob("*.pdf"))
            assert len(pdfs) >= 3, pdfs
        finally:
            for process in reversed(processes):
                stop_process(process)
