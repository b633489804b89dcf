"""Headers every answer of the server carries that its route did not set itself (an ASGI
middleware around the web pages and the API):

- the API's answers: ``Cache-Control: no-store`` (a case's record is not kept by a browser or a
  proxy; a download sets its own) and ``X-Content-Type-Options: nosniff``;
- static files: ``X-Content-Type-Options: nosniff``.

The web pages set theirs where they are rendered (casefile.web.render.page: CSP, frame and
referrer policies, no-store, nosniff).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

API_PREFIX = "/api/"
STATIC_PREFIX = "/static/"


class SecurityHeadersMiddleware:
    """Adds the headers above to the answers under /api/ and /static/ (see the module)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if path.startswith(API_PREFIX):
            wanted = ((b"cache-control", b"no-store"), (b"x-content-type-options", b"nosniff"))
        elif path.startswith(STATIC_PREFIX):
            wanted = ((b"x-content-type-options", b"nosniff"),)
        else:
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(name, value) for name, value in wanted if name not in present]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, sending)
