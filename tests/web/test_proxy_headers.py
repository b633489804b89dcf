"""Proxy headers only when configured (issue 14, security trial L1): uvicorn, as ``casefile serve``
starts it, trusted X-Forwarded-For from loopback with CASEFILE_WEB_TRUST_FORWARDED off, so a
client could pick the address the sign-in throttle counts. One real server (the rewrite is
uvicorn's, outside the application), and the command for the setting on."""

from __future__ import annotations

import os
import re
import subprocess
import time
from typing import Any

import pytest

from tests.web.conftest import Served


@pytest.fixture
def trust(monkeypatch: pytest.MonkeyPatch) -> Any:
    from casefile.http.settings import get_web_settings

    def set_to(on: bool, ips: str = "127.0.0.1") -> None:
        monkeypatch.setenv("CASEFILE_WEB_TRUST_FORWARDED", "true" if on else "false")
        monkeypatch.setenv("CASEFILE_WEB_FORWARDED_ALLOW_IPS", ips)
        get_web_settings.cache_clear()

    yield set_to
    monkeypatch.undo()
    get_web_settings.cache_clear()


def test_the_command_turns_proxy_headers_on_only_with_the_setting(trust: Any) -> None:
    from casefile.cli.serving import uvicorn_command

    trust(False)
    off = uvicorn_command(host="127.0.0.1", port=8000)
    assert "--no-proxy-headers" in off and "--proxy-headers" not in off and "--forwarded-allow-ips" not in off
    trust(True, "10.0.0.5,192.168.0.0/16")
    on = uvicorn_command(host="127.0.0.1", port=8000)
    assert on[on.index("--proxy-headers") + 1:on.index("--proxy-headers") + 3] == [
        "--forwarded-allow-ips", "10.0.0.5,192.168.0.0/16"]


def test_a_forwarded_for_header_from_loopback_is_not_believed(served: Served, trust: Any) -> None:
    """The server started as casefile serve starts it, setting off: a failed sign-in sent from
    127.0.0.1 with X-Forwarded-For 10.9.8.7 is counted against 127.0.0.1."""
    import httpx
    from sqlmodel import select

    from casefile.cli.serving import uvicorn_command
    from casefile.prefect_server import free_port
    from casefile.record.db import read_session
    from casefile.record.logins import LoginAttempt

    trust(False)
    port = free_port()
    env = dict(os.environ, CASEFILE_PASSWORD_HASH_COST="low")
    process = subprocess.Popen(uvicorn_command(host="127.0.0.1", port=port), env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=20) as web:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if web.get("/healthz").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert process.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
            token = re.search(r'name="csrf_token" value="([^"]+)"', web.get("/sign-in").text).group(1)  # type: ignore[union-attr]
            answer = web.post("/sign-in", data={"email": "spoofer@example.org", "password": "wrong wrong wrong",
                                                "csrf_token": token},
                              headers={"X-Forwarded-For": "10.9.8.7", "X-Forwarded-Proto": "https"})
            assert answer.status_code == 422
            assert "secure" not in answer.headers.get("set-cookie", "").lower()
    finally:
        process.terminate()
        process.wait(timeout=20)
    with read_session() as db:
        rows = db.exec(select(LoginAttempt).where(LoginAttempt.email == "spoofer@example.org")).all()
    assert [r.address for r in rows] == ["127.0.0.1"]
