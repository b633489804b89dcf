"""Sessions of the web pages, kept on the server (OWASP ASVS 4.0 V3, level 2; docs/security.md):

- A signed-in browser holds the cookie ``casefile_session`` (``__Host-casefile_session`` over
  HTTPS), whose value is only a random id of 256 bits; the database keeps its sha256
  (casefile.record.logins.WebSignIn), never the id. Every signed-in request looks the row up
  (casefile.web.people.signed_in): a session is over when its row is gone (signed out; the
  password changed or was reset; the account deactivated) or when it is older than
  ``session_hours`` (absolute lifetime) or unused for ``session_idle_minutes`` (idle timeout).
  Nothing else renews it: a message shown on the next page never touches it.
- The visitor's other state — the CSRF token before signing in, and the one-line messages of the
  last action — is in a second, signed cookie ``casefile_visitor`` (itsdangerous, with a key
  derived from the instance's secret), which carries no authority.
- Signing in makes a new session id (and so a new CSRF token) and ends the session the browser
  had: no fixation. The CSRF token of a signed-in session is an HMAC of its id.

Cookies are HttpOnly, SameSite=Lax, Path=/, and Secure when the request came over HTTPS (or
always/never: casefile.http.settings).

CSRF: every form carries the session's token (``csrf_token``); a POST without the same token is
refused (:func:`check_csrf`) — the double check that a form was made by this site for this visitor.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from casefile.errors import CasefileError
from casefile.http.deps import system_database

#: The record as the session store reaches it (a middleware, not a route: recorded by the web itself).
RECORD = system_database("system:web")

COOKIE = "casefile_session"
VISITOR_COOKIE = "casefile_visitor"
#: The prefix of a cookie the browser keeps only for this host, over HTTPS, at Path=/ (ASVS 3.4.4).
HOST_PREFIX = "__Host-"
CSRF_FIELD = "csrf_token"
#: A visitor cookie older than this is not read (its CSRF token and messages are renewed).
VISITOR_MAX_AGE = 24 * 3600
#: last_seen_at is written at most this often (the idle timeout is exact to within it).
TOUCH_EVERY = timedelta(seconds=60)


class CsrfRefused(CasefileError):
    """A form sent without this visitor's CSRF token (an old page, or another site's form): HTTP 403."""

    code = "csrf-refused"
    family = "not-permitted"


def token_hash(token: str) -> str:
    """The sha256 (hex) of a session id, as the database keeps it."""
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


@lru_cache(maxsize=4)
def _keys(signing: bytes) -> tuple[bytes, URLSafeTimedSerializer]:
    csrf_key = hmac.new(signing, b"casefile web csrf v2", hashlib.sha256).digest()
    visitor_key = hmac.new(signing, b"casefile web visitor v2", hashlib.sha256).hexdigest()
    return csrf_key, URLSafeTimedSerializer(visitor_key, salt="casefile-visitor")


def _instance_keys() -> tuple[bytes, URLSafeTimedSerializer]:
    from casefile.record.secret_key import instance_keys

    return _keys(instance_keys().signing)


def serializer() -> URLSafeTimedSerializer:
    """The visitor cookie's serializer of this instance (its key derived from the instance's secret)."""
    return _instance_keys()[1]


def csrf_of(token: str) -> str:
    """The CSRF token of the session whose id is ``token`` (an HMAC of it: nothing to store)."""
    digest = hmac.new(_instance_keys()[0], token.encode("ascii", "replace"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode("ascii")


#: The kinds of message a page shows after an action: a status line, an act's warning, an act's note.
FLASH_KINDS = ("status", "warning", "note")
#: At most so many messages are kept for the next page (an act's summary, its warnings and notes).
FLASH_COUNT = 8
#: A warning or note is kept up to so many characters (the cookie is compressed; its text fits).
FLASH_TEXT = 600


@dataclass(frozen=True)
class Flash:
    """A message for the next page: ``kind`` one of FLASH_KINDS, ``text`` as shown; ``href`` a page of
    this site (a path) where the user does what the message asks, ``link`` the words of that link
    (both "" for none)."""

    kind: str
    text: str
    href: str = ""
    link: str = ""


def _local(href: Any) -> bool:
    """Whether ``href`` is a path of this site ("/cases/..."), never another site's address."""
    return isinstance(href, str) and href.startswith("/") and not href.startswith("//") and "\\" not in href


def _flash_of(raw: Any) -> list[Flash]:
    """The messages a visitor cookie carries ([kind, text] pairs, or [kind, text, href, link] with a
    link to a page of this site; a bare string is a status line)."""
    if not isinstance(raw, list):
        return []
    out = []
    for item in raw[:FLASH_COUNT]:
        if isinstance(item, str):
            out.append(Flash("status", item[:300]))
        elif isinstance(item, list) and len(item) == 2 and item[0] in FLASH_KINDS and isinstance(item[1], str):
            out.append(Flash(item[0], item[1][:FLASH_TEXT]))
        elif (isinstance(item, list) and len(item) == 4 and item[0] in FLASH_KINDS and isinstance(item[1], str)
              and _local(item[2]) and isinstance(item[3], str)):
            out.append(Flash(item[0], item[1][:FLASH_TEXT], item[2][:300], item[3][:120]))
    return out


@dataclass
class WebSession:
    """The visitor's session as read from the cookies. ``token`` is the session id the browser
    sent (not yet checked against the database: casefile.web.people.signed_in does that);
    ``user_id`` is set once it has been. ``set_token`` / ``drop_token`` say what to send back."""

    token: str | None = None
    visitor_csrf: str = ""
    flash: list[Flash] = field(default_factory=list)
    user_id: int | None = None
    visitor_changed: bool = False
    set_token: bool = False
    drop_token: bool = False

    @property
    def csrf(self) -> str:
        return csrf_of(self.token) if self.token else self.visitor_csrf

    @property
    def changed(self) -> bool:
        return self.visitor_changed or self.set_token or self.drop_token

    def begin(self, token: str, user_id: int) -> None:
        """Hold the new session ``token`` of ``user_id`` (made by :func:`start_session`)."""
        self.token, self.user_id, self.set_token, self.drop_token = token, user_id, True, False
        self.visitor_csrf = secrets.token_urlsafe(24)
        self.visitor_changed = True

    def sign_out(self) -> None:
        """Forget the session id (the browser's cookie is deleted) and give a new visitor CSRF token.
        The database row is ended by :func:`end_session` (or was already gone)."""
        had = self.token is not None
        self.token = self.user_id = None
        self.visitor_csrf = secrets.token_urlsafe(24)
        self.visitor_changed = True
        self.set_token = False
        self.drop_token = self.drop_token or had

    def add_flash(self, text: str, kind: str = "status", *, href: str = "", link: str = "") -> None:
        """A message shown on the next page (e.g. "Objections filed"); ``kind`` "warning" or "note" for
        what an act's result warns or notes (shown as such). It lives in the visitor cookie: showing it
        never renews the session. A status line is cut at 300 characters, a warning or note at
        FLASH_TEXT; at most FLASH_COUNT messages are kept."""
        kind = kind if kind in FLASH_KINDS else "status"
        href, link = (href[:300], link[:120]) if _local(href) and link else ("", "")
        self.flash.append(Flash(kind, text[:300] if kind == "status" else text[:FLASH_TEXT], href, link))
        self.flash = self.flash[-FLASH_COUNT:]
        self.visitor_changed = True

    def take_flash(self) -> list[Flash]:
        out, self.flash = self.flash, []
        if out:
            self.visitor_changed = True
        return out

    def visitor_dump(self) -> dict[str, Any]:
        data: dict[str, Any] = {"c": self.visitor_csrf}
        if self.flash:
            data["f"] = [[m.kind, m.text, m.href, m.link] if m.href else [m.kind, m.text] for m in self.flash[-FLASH_COUNT:]]
        return data


def read_cookies(session_raw: str | None, visitor_raw: str | None) -> WebSession:
    """The session of a request's cookies: the session id as sent (when it looks like one) and
    the visitor's state (a fresh one when missing, forged or older than VISITOR_MAX_AGE)."""
    session = WebSession()
    if session_raw and 20 <= len(session_raw) <= 100 and session_raw.isascii():
        session.token = session_raw
    data = None
    if visitor_raw:
        try:
            data = serializer().loads(visitor_raw, max_age=VISITOR_MAX_AGE)
        except BadSignature:
            data = None
    if isinstance(data, dict) and isinstance(data.get("c"), str):
        session.visitor_csrf = data["c"]
        session.flash = _flash_of(data.get("f"))
    else:
        session.visitor_csrf = secrets.token_urlsafe(24)
        session.visitor_changed = True
    return session


# --- the sessions table -------------------------------------------------------------------------


def start_session(*, user_id: int, as_of: datetime, address: str = "", user_agent: str = "",
                  previous: str | None = None) -> str:
    """A new session of ``user_id`` (its row stored; returns the random id for the cookie). The
    browser's ``previous`` session, if any, ends (a new id at every sign-in: ASVS 3.2.1), and the
    rows of every session that expired unseen are deleted."""
    from sqlmodel import col, delete, or_

    from casefile.http.settings import get_web_settings
    from casefile.record.logins import WebSignIn

    settings = get_web_settings()
    token = secrets.token_urlsafe(32)
    with RECORD.write() as db:
        if previous:
            db.exec(delete(WebSignIn).where(WebSignIn.token_hash == token_hash(previous)))  # type: ignore[call-overload]
        db.exec(delete(WebSignIn).where(or_(  # type: ignore[call-overload]  # sessions that ended unseen: their rows go
            col(WebSignIn.created_at) < as_of - timedelta(hours=settings.session_hours),
            col(WebSignIn.last_seen_at) < as_of - timedelta(minutes=settings.session_idle_minutes))))
        db.add(WebSignIn(token_hash=token_hash(token), user_id=user_id, created_at=as_of, last_seen_at=as_of,
                         address=address[:64], user_agent=user_agent[:200]))
    return token


def end_session(token: str | None) -> None:
    """End the session ``token`` (its row deleted; nothing when there is none)."""
    from sqlmodel import delete

    from casefile.record.logins import WebSignIn

    if token:
        with RECORD.write() as db:
            db.exec(delete(WebSignIn).where(WebSignIn.token_hash == token_hash(token)))  # type: ignore[call-overload]


def live_session(token: str, *, as_of: datetime) -> Any:
    """The session row (casefile.record.logins.WebSignIn) of ``token`` if it is still live at
    ``as_of`` — it exists, began less than ``session_hours`` ago and was used less than
    ``session_idle_minutes`` ago — else None (an expired row is deleted). Records the use (at
    most once a TOUCH_EVERY)."""
    from sqlmodel import select

    from casefile.http.settings import get_web_settings
    from casefile.record.logins import WebSignIn

    settings = get_web_settings()
    digest = token_hash(token)
    with RECORD.read() as db:
        row = db.exec(select(WebSignIn).where(WebSignIn.token_hash == digest)).first()
    if row is None:
        return None
    expired = (as_of - _aware(row.created_at) >= timedelta(hours=settings.session_hours)
               or as_of - _aware(row.last_seen_at) >= timedelta(minutes=settings.session_idle_minutes))
    if expired or as_of - _aware(row.last_seen_at) >= TOUCH_EVERY:
        with RECORD.write() as db:
            current = db.exec(select(WebSignIn).where(WebSignIn.token_hash == digest)).first()
            if current is None:
                return None
            if expired:
                db.delete(current)
                return None
            current.last_seen_at = as_of
            db.add(current)
    return row


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


# --- the middleware -----------------------------------------------------------------------------


def is_https(scope: Scope, *, trust_forwarded: bool) -> bool:
    """Whether the request came over HTTPS: its own scheme, or X-Forwarded-Proto from a trusted proxy."""
    if scope.get("scheme") == "https":
        return True
    if trust_forwarded:
        for name, value in scope.get("headers", []):
            if name == b"x-forwarded-proto":
                return value.decode("latin-1").split(",")[0].strip().lower() == "https"
    return False


def cookie_name(base: str, *, secure: bool) -> str:
    """The cookie's name: ``__Host-`` + ``base`` when it is Secure (ASVS 3.4.4), else ``base``."""
    return HOST_PREFIX + base if secure else base


class SessionMiddleware:
    """Reads the cookies into ``request.state.web_session`` and sends back what changed: the
    session cookie when a session began or ended, the visitor cookie when its CSRF token or
    messages changed. Only for the web pages: the API (mounted apart) authenticates with tokens
    and never sees these cookies."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("path", "").startswith(("/api/", "/static/")):
            await self.app(scope, receive, send)
            return
        from casefile.http.settings import get_web_settings

        settings = get_web_settings()
        secure = settings.secure_cookies == "always" or (
            settings.secure_cookies == "auto" and is_https(scope, trust_forwarded=settings.trust_forwarded))
        request = Request(scope)
        session_name, visitor_name = cookie_name(COOKIE, secure=secure), cookie_name(VISITOR_COOKIE, secure=secure)
        session = read_cookies(request.cookies.get(session_name), request.cookies.get(visitor_name))
        scope.setdefault("state", {})["web_session"] = session

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start" and session.changed:
                response = Response()
                if session.set_token and session.token:
                    response.set_cookie(session_name, session.token, max_age=int(settings.session_hours * 3600),
                                        httponly=True, samesite="lax", secure=secure, path="/")
                elif session.drop_token:
                    response.delete_cookie(session_name, httponly=True, samesite="lax", secure=secure, path="/")
                if session.visitor_changed:
                    response.set_cookie(visitor_name, serializer().dumps(session.visitor_dump()), httponly=True,
                                        samesite="lax", secure=secure, path="/")
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


def now() -> datetime:
    """The moment the server answers."""
    return datetime.now(UTC)
