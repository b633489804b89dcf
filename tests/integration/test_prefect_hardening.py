"""Prefect behind casefile, as the security trial attacked it (issue 14, item 5):

- H1: the UI of the local server names its real API (not 127.0.0.1:4200, where any local user could
  listen for the auth string the UI sends); and a deployment changed through Prefect's API (a
  ``run_shell_script`` pull step, as the trial did) is never run by `casefile serve`'s runner: its
  run fails saying so, the pull step's marker file never made;
- L1: the temporary server the command line's flows start answers 401 without its auth string.
"""

from __future__ import annotations

import base64
import contextlib
import http.server
import json
import os
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from casefile.errors import ConfigurationError
from casefile.prefect_server import QUIET, check_ui_settings, free_port, local_server
from tests.integration.test_serve import CASEFILE, auth_string_of, descendants, env_for, prefect_api, wait_for

pytestmark = [pytest.mark.integration]
TERMINAL = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}


def base_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "CASEFILE_"))} | QUIET


def basic(auth: str) -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(auth.encode()).decode(), "Content-Type": "application/json"}


class TestUISettings:
    def test_the_ui_names_the_servers_own_api(self, tmp_path: Path) -> None:
        """Started on a port of its own with its UI, the server's /ui-settings (no auth) names that port's API,
        and says the API wants the auth string."""
        port = free_port()
        env = base_env() | {"PREFECT_SERVER_API_AUTH_STRING": "casefile:ui-test"}
        with (local_server(tmp_path / "home", port=port, ui=True, env=env) as server,
              urllib.request.urlopen(f"http://127.0.0.1:{port}/ui-settings", timeout=30) as answer):
            settings = json.loads(answer.read())
        assert server.api_url == f"http://127.0.0.1:{port}/api"
        assert (settings["api_url"], settings["auth"]) == (server.api_url, "BASIC")

    def test_a_ui_naming_another_api_is_refused(self) -> None:
        """check_ui_settings refuses a UI that would send the auth string to 127.0.0.1:4200."""

        class FourTwoHundred(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = json.dumps({"api_url": "http://127.0.0.1:4200/api", "auth": "BASIC"}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        server = http.server.HTTPServer(("127.0.0.1", 0), FourTwoHundred)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            api_url = f"http://127.0.0.1:{server.server_address[1]}/api"
            with pytest.raises(ConfigurationError, match=r"would send the API auth string to http://127\.0\.0\.1:4200/api"):
                check_ui_settings(api_url)
        finally:
            server.shutdown()
            server.server_close()


class TestPortTakenFirst:
    def test_a_port_another_process_holds_is_refused_before_anything_is_sent(self, tmp_path: Path) -> None:
        """As the re-trial did: another process binds the server's port before the server does and answers its
        health check (and /ui-settings) as Prefect would. local_server refuses to go on, naming the port, so no
        client of casefile's ever sends it the auth string; the squatter saw no Authorization header."""
        heard: list[str | None] = []

        class Squatter(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                heard.append(self.headers.get("Authorization"))
                body = json.dumps({"api_url": f"http://127.0.0.1:{self.server.server_address[1]}/api",
                                   "auth": "BASIC"}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        squatter = http.server.HTTPServer(("127.0.0.1", 0), Squatter)
        threading.Thread(target=squatter.serve_forever, daemon=True).start()
        port = squatter.server_address[1]
        env = base_env() | {"PREFECT_SERVER_API_AUTH_STRING": "casefile:squat-test"}
        try:
            with pytest.raises(ConfigurationError, match=rf"port {port} on 127\.0\.0\.1 is held by another process"), \
                    local_server(tmp_path / "home", port=port, ui=True, env=env):
                pass
        finally:
            squatter.shutdown()
            squatter.server_close()
        assert heard and set(heard) == {None}  # it was asked for its health, never sent the auth string


class TestTemporaryServer:
    def test_it_answers_401_without_its_auth_string(self, tmp_path: Path) -> None:
        """A command line's flows (local mode: Prefect's temporary server on 127.0.0.1:8000-8999) run behind a
        random auth string of the process: its own client reads the flow runs; a request without the string, or
        with another, gets 401; the string is printed nowhere."""
        script = tmp_path / "probe.py"
        script.write_text(
            "import json, urllib.request, urllib.error\n"
            "from casefile.prefect_env import flow_runtime\n"
            "with flow_runtime():\n"
            "    from prefect.context import SyncClientContext\n"
            "    client = SyncClientContext.get().client\n"
            "    url = str(client.api_url).rstrip('/')\n"
            "    statuses = []\n"
            "    for header in ({}, {'Authorization': 'Basic Y2FzZWZpbGU6Z3Vlc3NlZA=='}):\n"
            "        request = urllib.request.Request(url + '/flow_runs/filter', data=b'{}', method='POST',\n"
            "                                         headers={'Content-Type': 'application/json', **header})\n"
            "        try:\n"
            "            statuses.append(urllib.request.urlopen(request, timeout=30).status)\n"
            "        except urllib.error.HTTPError as exc:\n"
            "            statuses.append(exc.code)\n"
            "    print(json.dumps({'url': url, 'statuses': statuses, 'runs': len(client.read_flow_runs())}))\n")
        env = base_env() | {"PREFECT_HOME": str(tmp_path / "prefect"), "PYTHONPATH": str(Path.cwd())}
        done = subprocess.run([sys.executable, str(script)], env=env, cwd=tmp_path, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stderr[-3000:]
        said = json.loads(done.stdout.strip().splitlines()[-1])
        assert said["url"].startswith("http://127.0.0.1:8")
        assert (said["statuses"], said["runs"]) == ([401, 401], 0)
        assert "casefile:" not in done.stdout + done.stderr


@pytest.fixture
def served_runner(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    """`casefile serve --no-web` (its local Prefect server and its runner) in ``tmp_path``; killed with its
    subprocesses at the end."""
    from casefile.record import migrate
    from casefile.record.db import make_engine

    engine = make_engine(f"sqlite:///{tmp_path / 'casefile.db'}")
    migrate.upgrade(engine)
    engine.dispose()
    log = tmp_path / "serve.log"
    with log.open("ab") as out:
        process = subprocess.Popen([str(CASEFILE), "serve", "--no-web", "--sweep-every", "3600"],
                                   env=env_for(tmp_path), cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    yield process, log
    children = descendants(process.pid)
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=60)
    for pid, _ in children:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.slow  # `make test-all`: a whole `casefile serve` start (2-3 min on a loaded 2-core machine), like test_serve
class TestTamperedDeployment:
    def test_a_changed_deployment_is_not_run(self, served_runner: tuple[subprocess.Popen[bytes], Path],
                                             tmp_path: Path) -> None:
        """As the trial did: with the auth string, PATCH the act deployment's pull steps to a shell script that
        writes a marker file, then start a run. The runner runs casefile's flow from memory and the flow refuses:
        the run ends FAILED naming the changed field, and the marker was never written. A run of the sweep
        deployment, unchanged, still completes."""
        process, log = served_runner
        wait_for(lambda: "Ctrl-C stops." in log.read_text(errors="replace"), process, log, what="the runner serving")
        api_url = log.read_text(errors="replace").split("Prefect server: ", 1)[1].split()[0]
        auth = auth_string_of(tmp_path)

        def registered() -> dict[str, Any] | None:
            found = {d["name"]: d for d in prefect_api(f"{api_url}/deployments/filter", {}, auth=auth)}
            return found if "issue-documents" in found else None

        deployments = wait_for(registered, process, log, what="the act deployment registered")
        act, sweep = deployments["issue-documents"], deployments["scheduled"]

        untouched = prefect_api(f"{api_url}/deployments/{sweep['id']}/create_flow_run",
                                {"parameters": {"as_of": "2021-04-20T00:00:00+00:00"}}, auth=auth)
        state = final_state(api_url, untouched["id"], auth, process, log)
        assert state["type"] == "COMPLETED", (state, log.read_text(errors="replace")[-3000:])

        marker = tmp_path / "pwned.txt"
        steps = [{"prefect.deployments.steps.run_shell_script": {"script": f"touch {marker}"}}]
        request = urllib.request.Request(f"{api_url}/deployments/{act['id']}", method="PATCH", headers=basic(auth),
                                         data=json.dumps({"pull_steps": steps}).encode())
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert answer.status == 204
        run = prefect_api(f"{api_url}/deployments/{act['id']}/create_flow_run",
                          {"parameters": {"entry_id": 1, "as_of": "2021-04-20T00:00:00+00:00"}}, auth=auth)
        state = final_state(api_url, run["id"], auth, process, log)
        assert not marker.exists()  # the pull step never ran
        assert state["type"] == "FAILED", (state, log.read_text(errors="replace")[-3000:])
        assert "refused to run" in state["message"] and "(pull_steps)" in state["message"], state["message"]


def final_state(api_url: str, run_id: str, auth: str, process: subprocess.Popen[bytes], log: Path) -> dict[str, Any]:
    """The flow run's state once terminal (waits while serve runs)."""
    def terminal() -> dict[str, Any] | None:
        state = prefect_api(f"{api_url}/flow_runs/{run_id}", auth=auth)["state"] or {}
        return state if state.get("type") in TERMINAL else None

    return wait_for(terminal, process, log, what=f"flow run {run_id} finished")  # type: ignore[no-any-return]
