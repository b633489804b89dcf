"""Request bodies bounded before they are parsed or anyone is authenticated (issue 14, security
trial M7: a 120 MB anonymous body cost the server +215 MB), and the headers of the API's answers
and static files (L7) — the server application called directly, in process."""

from __future__ import annotations

import warnings
from typing import Any

import anyio
import pytest
from starlette.exceptions import StarletteDeprecationWarning

from tests.web.conftest import Served

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient

CHUNK = 64 * 1024


def run(func: Any, *args: Any) -> None:
    """``anyio.run(func, *args)`` in a thread of its own (the browser tests' Playwright keeps an event
    loop running in this one)."""
    import threading

    errors: list[BaseException] = []

    def target() -> None:
        try:
            anyio.run(func, *args)
        except BaseException as exc:
            errors.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(120)
    if errors:
        raise errors[0]


@pytest.fixture
def app(served: Served) -> Any:
    from casefile.server import create_app

    return create_app(on_committed=lambda entry_id, as_of: None)


def call(app: Any, *, path: str, content_type: bytes, total: int, declared: bool) -> tuple[int, int, bytes]:
    """POST ``total`` bytes to ``path`` in 64 KiB chunks (with or without Content-Length); returns
    the status, how many bytes the server pulled from the client, and the answer's body."""
    pulled, sent, status = 0, 0, [0]
    body = bytearray()

    async def receive() -> dict[str, Any]:
        nonlocal pulled, sent
        piece = min(CHUNK, total - sent)
        sent += piece
        pulled += piece
        return {"type": "http.request", "body": b"x" * piece, "more_body": sent < total}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            status[0] = message["status"]
        elif message["type"] == "http.response.body":
            body.extend(message.get("body", b""))

    headers = [(b"host", b"127.0.0.1"), (b"content-type", content_type)]
    if declared:
        headers.append((b"content-length", str(total).encode()))
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "", "headers": headers,
             "client": ("203.0.113.20", 5000), "server": ("127.0.0.1", 80)}
    run(app, scope, receive, send)
    return status[0], pulled, bytes(body)


class TestBodyLimits:
    def test_a_huge_anonymous_api_body_is_refused_before_it_is_read(self, app: Any) -> None:
        """120 MB of JSON with no Content-Length, no token, to the acts route (which takes uploads,
        so reads its body itself, after authentication): 401 problem+json having pulled at most the
        1 MiB limit (and one chunk) — never the whole body."""
        status, pulled, body = call(app, path="/api/v1/cases/10-RC-269250/acts", content_type=b"application/json",
                                    total=120 * 1024 * 1024, declared=False)
        assert status == 401 and b'"status":401' in body.replace(b" ", b"")
        assert pulled <= 1024 * 1024 + CHUNK

    def test_a_declared_length_over_the_limit_is_refused_before_reading(self, app: Any) -> None:
        status, pulled, body = call(app, path="/api/v1/cases/10-RC-269250/acts", content_type=b"application/json",
                                    total=50 * 1024 * 1024, declared=True)
        assert (status, pulled) == (413, 0) and b"too-large" in body

    def test_a_web_form_body_is_bounded_too(self, app: Any) -> None:
        status, pulled, body = call(app, path="/sign-in", content_type=b"application/x-www-form-urlencoded",
                                    total=50 * 1024 * 1024, declared=False)
        assert status == 413 and pulled <= 1024 * 1024 + CHUNK and b"too large" in body.lower()

    def test_an_upload_route_takes_a_larger_multipart_body(self, app: Any) -> None:
        """The Import page's multipart upload may pass 1 MiB (it is then refused for want of a
        session's CSRF token, 403, not for its size); past upload_max_bytes it is 413."""
        status, pulled, _ = call(app, path="/import", content_type=b"multipart/form-data; boundary=xyz",
                                 total=3 * 1024 * 1024, declared=True)
        assert status != 413
        status, pulled, _ = call(app, path="/import", content_type=b"multipart/form-data; boundary=xyz",
                                 total=65 * 1024 * 1024, declared=True)
        assert (status, pulled) == (413, 0)

    def test_a_content_length_that_is_not_a_number_is_refused(self) -> None:
        from casefile.web.limits import BodyLimitMiddleware

        async def never(scope: Any, receive: Any, send: Any) -> None:
            raise AssertionError("the application was called")

        sent: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        scope = {"type": "http", "method": "POST", "path": "/sign-in", "headers": [(b"content-length", b"-5")]}
        run(BodyLimitMiddleware(never, limit=lambda s: 1024), scope, None, send)
        assert sent[0]["status"] == 400

    def test_a_small_body_still_works(self, app: Any) -> None:
        with TestClient(app, base_url="http://127.0.0.1") as client:
            answer = client.post("/api/v1/cases/10-RC-269250/acts", json={"act": "record-tally"})
        assert answer.status_code == 401


class TestHeaders:
    def test_api_answers_are_not_stored_and_not_sniffed(self, app: Any) -> None:
        with TestClient(app, base_url="http://127.0.0.1") as client:
            for path in ("/api/v1/cases", "/api/v1/openapi.json", "/api/v1/problems/unknown-case"):
                answer = client.get(path)
                assert answer.headers["cache-control"] == "no-store", path
                assert answer.headers["x-content-type-options"] == "nosniff", path

    def test_static_files_are_not_sniffed(self, app: Any) -> None:
        from casefile.web.render import STATIC

        name = sorted(p.name for p in STATIC.iterdir() if p.is_file())[0]
        with TestClient(app, base_url="http://127.0.0.1") as client:
            answer = client.get(f"/static/{name}")
        assert answer.status_code == 200 and answer.headers["x-content-type-options"] == "nosniff"
