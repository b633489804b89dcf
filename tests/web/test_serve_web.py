"""`casefile serve --demo` as a team would start it: the demo loads Bessemer and prints how to sign
in; the web pages answer at the printed address; an act filed through a page commits at once and
its documents are issued by a Prefect flow run of act/issue-documents on the served runner (the
case page says "being issued" until they are there); Ctrl-C stops every child process."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path

import pytest

from casefile.cli.stopping import KILL_AFTER, STOP_GRACE

CASEFILE = Path(sys.executable).parent / "casefile"


# `make test-all` only: its stop after Ctrl-C is bounded now (casefile.cli.stopping; a few seconds measured at a
# load average of 10), but its start-up on a loaded machine (a Prefect server, the web workers, the deployments) takes
# one to three minutes, over the minute `make test` aims for.
@pytest.mark.slow
@pytest.mark.integration
def test_serve_demo_issues_an_acts_documents_by_a_flow_run(tmp_path: Path) -> None:
    import httpx

    from casefile.prefect_server import free_port

    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CASEFILE_", "PREFECT_"))}
    env.update(CASEFILE_SECRET_KEY="casefile-serve-web-test-secret-0123456789", DO_NOT_TRACK="1")
    log = tmp_path / "serve.log"
    with log.open("ab") as out:
        process = subprocess.Popen([str(CASEFILE), "serve", "--demo", "--port", str(port)], cwd=tmp_path, env=env,
                                   stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    closing = ExitStack()
    try:
        deadline = time.monotonic() + 240
        while "Ctrl-C stops." not in log.read_text(errors="replace"):
            assert process.poll() is None and time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
            time.sleep(1)
        said = log.read_text(errors="replace")
        password = re.search(r"made now: (\S+)\)", said).group(1)  # type: ignore[union-attr]
        assert f"casefile web: http://127.0.0.1:{port}/" in said
        web = closing.enter_context(httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30, follow_redirects=True))
        token = re.search(r'name="csrf_token" value="([^"]+)"', web.get("/sign-in").text).group(1)  # type: ignore[union-attr]
        signed = web.post("/sign-in", data={"email": "agent@region10.example.org", "password": password,
                                            "csrf_token": token})
        assert signed.url.path == "/cases" and "10-RC-269250" in signed.text
        made = subprocess.run([str(CASEFILE), "tokens", "create", "agent@region10.example.org"], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=120)
        api = closing.enter_context(httpx.Client(
            base_url=f"http://127.0.0.1:{port}/api/v1", timeout=60,
            headers={"Authorization": f"Bearer {made.stdout.strip().splitlines()[-1]}"}))
        number = "10-RC-777001"
        opened = api.post(f"/cases/{number}/acts", json={
            "act": "open-case", "date": "2026-11-20", "case": {"number": number, "name": "Serve Test Employer",
                                                              "petition_filed_on": "2026-10-01"},
            "parties": [{"key": "employer", "role": "employer", "name": "Serve Test Employer"},
                        {"key": "union", "role": "petitioner", "name": "Serve Test Workers United"}]})
        assert opened.status_code == 201, opened.text
        tally = api.post(f"/cases/{number}/acts", json={"act": "record-tally", "date": "2026-11-24", "kind": "initial",
                                                        "choices": {"Serve Test Workers United": 40}, "against": 30})
        assert tally.status_code == 201 and tally.json()["pending"] == ["tally-of-ballots"], tally.text
        page = web.get(f"/cases/{number}")
        assert page.status_code == 200 and ("Being issued: tally of ballots" in page.text or "Tally of Ballots" in page.text)
        deadline = time.monotonic() + 120
        while not api.get(f"/cases/{number}/documents").json():
            assert time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
            time.sleep(1)
        assert "Being issued" not in web.get(f"/cases/{number}").text
        assert "Flow run 'act-entry-" in log.read_text(errors="replace")
    finally:
        closing.close()
        process.send_signal(signal.SIGINT)
        code = process.wait(timeout=STOP_GRACE + 3 * KILL_AFTER + 10)  # bounded by serve's own deadline
    assert code == 0, log.read_text(errors="replace")[-3000:]  # in order, not at the deadline (1)
    said = log.read_text(errors="replace")
    assert said.index("web server stopped") < said.index("local Prefect server stopped")
