"""The canary crawl through Prefect (issue 14, items 5 and 6): with RWDSU's offer of proof, private note
and draft holding unique strings, the flows `casefile serve` runs — the act flow issuing the offer of
proof's document, the sweep, the reminders, a status report — run against a Prefect server started
the way `casefile serve` starts it (loopback, API auth string). Then:

- without the auth string (or with a wrong one) every route of Prefect's API but its two health
  probes answers 401, whatever the method;
- with it, every flow run's parameters, states and logs, every task run, artifact and variable, the
  server's log and the bytes of its database hold no canary (flow parameters are ids and instants);
- the server listens on 127.0.0.1 only, its home is 0700 and its database 0600."""

from __future__ import annotations

import base64
import json
import socket
import stat
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from tests.accounts.world import NUMBER, World
from tests.authority.shared_world import module_world
from tests.authority.test_canary_crawl import AS_OF, DRAFT, NOTE, OFFER, _plant

pytestmark = pytest.mark.prefect
CANARIES = (OFFER, NOTE, DRAFT)
AUTH = "casefile:canary-test-auth-7f3a"
#: Prefect's own unauthenticated probes (prefect/server/api/server.py, token_validation).
PROBES = {"/health", "/ready"}


def _call(url: str, method: str = "GET", body: Any = None, auth: str | None = AUTH) -> tuple[int, bytes]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    if auth is not None:
        request.add_header("Authorization", "Basic " + base64.b64encode(auth.encode()).decode())
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@pytest.fixture(scope="module")
def prefect_world(bessemer_template: World, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[World, Any]]:
    """The canary world (SQLite), and a Prefect server as `casefile serve` starts it, after the flows ran."""
    import os

    from prefect.settings import PREFECT_API_AUTH_STRING, PREFECT_API_URL, temporary_settings

    from casefile.prefect_env import configure_prefect
    from casefile.prefect_server import local_server

    home = tmp_path_factory.mktemp("prefect-serve-home")
    with module_world(bessemer_template, tmp_path_factory, _plant) as world:
        configure_prefect()
        with local_server(home, env=dict(os.environ, PREFECT_SERVER_API_AUTH_STRING=AUTH)) as server, \
                temporary_settings(updates={PREFECT_API_URL: server.api_url, PREFECT_API_AUTH_STRING: AUTH}):
            from flows.act import act_flow
            from flows.deadline_reminders import deadline_reminders_flow
            from flows.status_report import status_report_flow
            from flows.sweep import sweep_flow

            moment = datetime.fromisoformat(AS_OF)
            act_flow(entry_id=world.documents["offer-entry"], as_of=moment)
            sweep_flow(as_of=moment)
            deadline_reminders_flow(as_of=moment, return_state=True)
            status_report_flow(case_number=NUMBER, as_of=moment)
            yield world, server


def test_every_prefect_route_but_the_probes_needs_the_auth_string(prefect_world: tuple[World, Any]) -> None:
    _, server = prefect_world
    status, schema = _call(f"{server.api_url}/openapi.json")
    assert status == 200
    paths = json.loads(schema)["paths"]
    assert len(paths) > 100  # the whole API, not a stub
    open_routes = []
    for path, methods in paths.items():
        route = path.removeprefix("/api")
        concrete = route.replace("{id}", "00000000-0000-0000-0000-000000000000")
        for method in methods:
            for auth in (None, "casefile:guessed"):
                status, _ = _call(f"{server.api_url}{concrete}", method.upper(), {} if method != "get" else None, auth)
                if status != 401 and route not in PROBES:
                    open_routes.append((method, route, auth, status))
    assert open_routes == []
    assert _call(f"{server.api_url}/health", auth=None)[0] == 200


def test_no_canary_in_what_prefect_holds(prefect_world: tuple[World, Any]) -> None:
    _, server = prefect_world
    runs = json.loads(_call(f"{server.api_url}/flow_runs/filter", "POST", {})[1])
    assert {run["name"] for run in runs} and {r["flow_id"] for r in runs}
    flows = {f["id"]: f["name"] for f in json.loads(_call(f"{server.api_url}/flows/filter", "POST", {})[1])}
    assert {"act", "sweep", "deadline-reminders", "status-report"} <= set(flows.values())
    for run in runs:  # parameters are ids and instants
        assert set(run["parameters"]) <= {"entry_id", "as_of", "case_id", "region", "case_number"}, flows[run["flow_id"]]
    held = [json.dumps(runs)]
    for route in ("task_runs/filter", "logs/filter", "artifacts/filter", "variables/filter", "flow_run_states/",
                  "block_documents/filter", "deployments/filter"):
        method, query = ("GET", "?flow_run_id=" + runs[0]["id"]) if route == "flow_run_states/" else ("POST", "")
        status, body = _call(f"{server.api_url}/{route}{query}", method, {} if method == "POST" else None)
        assert status == 200, route
        held.append(body.decode())
    home = Path(server.log_path).parent
    held += [home.joinpath("prefect.db").read_bytes().decode("latin-1"), Path(server.log_path).read_text()]
    for path in home.rglob("*"):
        if path.is_file() and path.stat().st_size < 50_000_000:
            held.append(path.read_bytes().decode("latin-1"))
    assert any(NUMBER in text for text in held[-3:])  # the scan reads the server's data: the status report's case
    assert [c for c in CANARIES for text in held if c in text] == []


def test_prefect_is_private_to_the_operator(prefect_world: tuple[World, Any]) -> None:
    world, server = prefect_world
    home = Path(server.log_path).parent
    assert stat.S_IMODE(home.stat().st_mode) == 0o700
    assert stat.S_IMODE(home.joinpath("prefect.db").stat().st_mode) == 0o600
    port = int(server.api_url.rsplit(":", 1)[1].split("/")[0])
    addresses = {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)} - {"127.0.0.1"}
    for address in addresses:  # every other address this machine has
        with socket.socket() as probe:
            probe.settimeout(2)
            assert probe.connect_ex((address, port)) != 0, address
    # the offer of proof's document was issued by the act flow (so the crawl above saw a real run)
    assert list(world.out.rglob("*offer-of-proof*.pdf"))
