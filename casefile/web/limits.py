"""Request body limits, enforced before a body is parsed and before anyone is authenticated (an
ASGI middleware around the whole server: the web pages and the API).

A route family has its limit: the routes that take files (UPLOAD_ROUTES, multipart bodies only)
``upload_max_bytes`` (64 MiB), every other request ``body_max_bytes`` (1 MiB: a form or an act's
JSON is a few kilobytes). A body over its limit is refused with 413 — at once when its
``Content-Length`` says so, else as soon as the bytes received pass the limit while it streams
in — and never buffered whole: the application sees at most ``limit`` bytes of it. A
``Content-Length`` that is not a number is refused with 400.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The routes that take files, as (method, path pattern): their multipart bodies may reach
#: ``upload_max_bytes``. The web Import page; an act form or API act carrying a document.
UPLOAD_ROUTES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("POST", re.compile(r"/import")),
    ("POST", re.compile(r"/cases/[^/]{1,40}/acts/[a-z0-9-]{1,60}")),
    ("POST", re.compile(r"/api/v1/cases/[^/]{1,40}/acts")),
    ("POST", re.compile(r"/api/v1/cases/[^/]{1,40}/uploads")),
)


class BodyTooLarge(HTTPException):
    """A request body over its route's limit (HTTP 413); raised while the body is read, so each
    application's own error pages answer it (a web page, or problem+json in the API)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request's body is larger than this route takes ({limit // 1024:,} KiB at most)")
        self.limit = limit


def limit_for(scope: Scope, *, body_max: int, upload_max: int) -> int:
    """The largest body (bytes) request ``scope`` may send."""
    method, path = scope.get("method", "GET"), scope.get("path", "")
    content_type = ""
    for name, value in scope.get("headers", []):
        if name == b"content-type":
            content_type = value.decode("latin-1").lower()
            break
    if content_type.startswith("multipart/form-data") and any(
            method == m and pattern.fullmatch(path) for m, pattern in UPLOAD_ROUTES):
        return upload_max
    return body_max


class BodyLimitMiddleware:
    """Refuses a request body over ``limit(scope)`` bytes with 413 (see the module)."""

    def __init__(self, app: ASGIApp, *, limit: Callable[[Scope], int] | None = None) -> None:
        self.app = app
        self.limit = limit

    def _limit(self, scope: Scope) -> int:
        if self.limit is not None:
            return self.limit(scope)
        from casefile.http.settings import get_web_settings

        settings = get_web_settings()
        return limit_for(scope, body_max=settings.body_max_bytes, upload_max=settings.upload_max_bytes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self._limit(scope)
        declared = None
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                declared = value
                break
        if declared is not None:
            if not declared.isdigit() or len(declared) > 18:
                await refuse(scope, send, 400, "the request's Content-Length is not a number of bytes")
                return
            if int(declared) > limit:
                await refuse(scope, send, 413, BodyTooLarge(limit).detail)
                return
        received = 0
        started = False

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(limit)
            return message

        async def sending(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited, sending)
        except BodyTooLarge as exc:  # not answered inside (a route that reads its body itself)
            if not started:
                await refuse(scope, send, 413, exc.detail)


async def refuse(scope: Scope, send: Send, status: int, detail: str) -> None:
    """Answer ``status`` without reading the body: problem+json under /api/, a small page elsewhere."""
    if scope.get("path", "").startswith("/api/"):
        code = "too-large" if status == 413 else "bad-request"
        body = json.dumps({"type": f"/api/v1/problems/{code}", "title": "Bad input", "status": status, "code": code,
                           "detail": detail}).encode()
        media = b"application/problem+json"
    else:
        title = "Too large" if status == 413 else "Bad request"
        body = (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title} – casefile</title></head>'
                f"<body><h1>{title}</h1><p>{detail}.</p></body></html>").encode()
        media = b"text/html; charset=utf-8"
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", media), (b"content-length", str(len(body)).encode()), (b"connection", b"close"),
        (b"cache-control", b"no-store"), (b"x-content-type-options", b"nosniff")]})
    await send({"type": "http.response.body", "body": body})
