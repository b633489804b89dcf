"""Sessions of the web pages: a signed cookie (itsdangerous), nothing kept in the process, so any
web process behind a proxy answers any request.

The cookie ``casefile_session`` carries ``{"u": user id, "t": when signed in (epoch seconds),
"c": CSRF token}`` — an anonymous visitor's only the CSRF token — signed with a key derived from
the instance's secret (casefile.record.secret_key: CASEFILE_SECRET_KEY or the key file), so every
process of one instance reads the others' cookies. It is HttpOnly, SameSite=Lax, and Secure when
the request came over HTTPS (or always/never: casefile.web.settings). A session signed in before
the user's password changed (or the account was deactivated) is refused; it lasts
``session_hours``.

CSRF: every form carries the session's token (``csrf_token``); a POST without the same token is
refused (:func:`check_csrf`) — the double check that a form was made by this site for this visitor.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from casefile.errors import CasefileError

COOKIE = "casefile_session"
CSRF_FIELD = "csrf_token"


class CsrfRefused(CasefileError):
    """A form sent without this visitor's CSRF token (an old page, or another site's form): HTTP 403."""

    code = "csrf-refused"
    family = "not-permitted"


@dataclass
class WebSession:
    """The visitor's session as read from the cookie; ``changed`` when it must be sent again."""

    user_id: int | None = None
    signed_in_at: float | None = None
    csrf: str = ""
    changed: bool = False
    flash: list[str] = field(default_factory=list)

    def sign_in(self, user_id: int) -> None:
        """Start a new session for ``user_id`` (a new CSRF token: no fixation)."""
        self.user_id, self.signed_in_at = user_id, time.time()
        self.csrf = secrets.token_urlsafe(24)
        self.changed = True

    def sign_out(self) -> None:
        self.user_id = self.signed_in_at = None
        self.csrf = secrets.token_urlsafe(24)
        self.changed = True

    def add_flash(self, text: str) -> None:
        """A one-line message shown on the next page (e.g. "Objections filed")."""
        self.flash.append(text[:300])
        self.changed = True

    def take_flash(self) -> list[str]:
        out, self.flash = self.flash, []
        if out:
            self.changed = True
        return out

    def dump(self) -> dict[str, Any]:
        data: dict[str, Any] = {"c": self.csrf}
        if self.user_id is not None:
            data.update(u=self.user_id, t=self.signed_in_at)
        if self.flash:
            data["f"] = self.flash[-3:]
        return data


@lru_cache(maxsize=4)
def _serializer(signing: bytes) -> URLSafeTimedSerializer:
    key = hmac.new(signing, b"casefile web session v1", hashlib.sha256).hexdigest()
    return URLSafeTimedSerializer(key, salt="casefile-session")


def serializer() -> URLSafeTimedSerializer:
    """The cookie serializer of this instance (its key derived from the instance's secret)."""
    from casefile.record.secret_key import instance_keys

    return _serializer(instance_keys().signing)


def read_session(raw: str | None, *, max_age: float) -> WebSession:
    """The session in cookie value ``raw`` (a fresh anonymous one when missing, forged or expired)."""
    if raw:
        try:
            data = serializer().loads(raw, max_age=max_age)
        except BadSignature:
            data = None
        if isinstance(data, dict) and isinstance(data.get("c"), str):
            user = data.get("u")
            return WebSession(user_id=user if isinstance(user, int) else None,
                              signed_in_at=float(data["t"]) if isinstance(data.get("t"), (int, float)) else None,
                              csrf=data["c"], flash=[str(f) for f in data.get("f", [])][:3])
    return WebSession(csrf=secrets.token_urlsafe(24), changed=True)


def is_https(scope: Scope, *, trust_forwarded: bool) -> bool:
    """Whether the request came over HTTPS: its own scheme, or X-Forwarded-Proto from a trusted proxy."""
    if scope.get("scheme") == "https":
        return True
    if trust_forwarded:
        for name, value in scope.get("headers", []):
            if name == b"x-forwarded-proto":
                return value.decode("latin-1").split(",")[0].strip().lower() == "https"
    return False


class SessionMiddleware:
    """Reads the session cookie into ``request.state.web_session`` and sends it back when changed
    (HttpOnly, SameSite=Lax, Secure per the settings). Only for the web pages: the API (mounted
    apart) authenticates with tokens and never sees this cookie's session."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("path", "").startswith(("/api/", "/static/")):
            await self.app(scope, receive, send)
            return
        from casefile.web.settings import get_web_settings

        settings = get_web_settings()
        request = Request(scope)
        session = read_session(request.cookies.get(COOKIE), max_age=settings.session_hours * 3600)
        scope.setdefault("state", {})["web_session"] = session
        secure = settings.secure_cookies == "always" or (
            settings.secure_cookies == "auto" and is_https(scope, trust_forwarded=settings.trust_forwarded))

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start" and session.changed:
                response = Response()
                response.set_cookie(COOKIE, serializer().dumps(session.dump()), max_age=int(settings.session_hours * 3600),
                                    httponly=True, samesite="lax", secure=secure, path="/")
                headers = list(message.get("headers", []))
                headers += [(k, v) for k, v in response.raw_headers if k == b"set-cookie"]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, sending)


def web_session(request: Request) -> WebSession:
    """The request's session (set by SessionMiddleware)."""
    return request.state.web_session  # type: ignore[no-any-return]


def check_csrf(request: Request, form: Any) -> None:
    """Raise CsrfRefused unless the form's ``csrf_token`` is the session's."""
    sent = form.get(CSRF_FIELD) if form is not None else None
    if not isinstance(sent, str) or not hmac.compare_digest(sent, web_session(request).csrf):
        raise CsrfRefused("this form has expired or was not made by this site: reload the page and send it again")


def session_valid_for(user: Any, session: WebSession) -> bool:
    """Whether ``session`` may still act for ``user``: active, and signed in after the password last changed."""
    if user is None or not user.active or session.signed_in_at is None:
        return False
    changed = user.password_changed_at
    if changed.tzinfo is None:
        changed = changed.replace(tzinfo=UTC)
    return session.signed_in_at >= changed.timestamp()


def now() -> datetime:
    """The moment the server answers."""
    return datetime.now(UTC)
