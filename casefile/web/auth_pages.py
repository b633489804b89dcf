"""Signing in and out, and the password reset page that consumes the one-time link
``casefile users reset`` prints (casefile.accounts.users.RESET_PATH).

The handlers read the form on the event loop and do everything that blocks — Argon2, the
database — in a worker thread, a few at once (casefile.web.hashing): sign-ins being hashed never
hold up other requests (the health check included)."""

from __future__ import annotations

from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from casefile.errors import CasefileError
from casefile.http.deps import Database
from casefile.web.hashing import hashing
from casefile.web.people import Db
from casefile.web.render import page
from casefile.web.sessions import check_csrf, now, web_session

router = APIRouter()


def _safe_next(target: str | None) -> str:
    """Where to go after signing in: a path of this site only (never another site)."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/cases"


def client_address(request: Request) -> str:
    """The client's address as the server saw it. Behind a proxy that casefile is told to trust
    (``CASEFILE_WEB_TRUST_FORWARDED`` and ``CASEFILE_WEB_FORWARDED_ALLOW_IPS``), uvicorn has
    already put the address the proxy names there; otherwise X-Forwarded-For is never read."""
    return request.client.host[:64] if request.client else "unknown"


def _device_cookie(request: Request) -> tuple[str, bool]:
    from casefile.http.settings import get_web_settings
    from casefile.web.logins import DEVICE_COOKIE
    from casefile.web.sessions import cookie_name, is_https

    settings = get_web_settings()
    secure = settings.secure_cookies == "always" or (
        settings.secure_cookies == "auto" and is_https(request.scope, trust_forwarded=settings.trust_forwarded))
    return cookie_name(DEVICE_COOKIE, secure=secure), secure


@router.get("/sign-in")
def sign_in_page(request: Request, next: str | None = None) -> Response:
    return page(request, "sign_in.html", title="Sign in", email="", next=_safe_next(next))


@router.post("/sign-in")
async def sign_in(request: Request) -> Response:
    from casefile.web.logins import DEVICE_MAX_AGE, TooManyAttempts
    from casefile.web.logins import sign_in as check
    from casefile.web.sessions import start_session

    form = await request.form()
    check_csrf(request, form)
    email, password = str(form.get("email", ""))[:300], str(form.get("password", ""))[:1100]
    target = _safe_next(str(form.get("next", "")))
    errors = []
    if not email.strip():
        errors.append({"field": "email", "text": "Enter your email address"})
    if not password:
        errors.append({"field": "password", "text": "Enter your password"})
    if not errors:
        device_name, secure = _device_cookie(request)
        session = web_session(request)
        address = client_address(request)

        def work() -> tuple[str, str, int]:  # in a worker thread: Argon2 and the database
            done = check(email=email, password=password, address=address, as_of=now(),
                         device_cookie=request.cookies.get(device_name))
            token = start_session(user_id=done.user.id or 0, as_of=now(), address=address,
                                  user_agent=request.headers.get("user-agent", ""), previous=session.token)
            return token, done.device_cookie, done.user.id or 0

        try:
            token, device, user_id = await hashing(work)
        except TooManyAttempts as exc:
            return page(request, "sign_in.html", status=429, title="Sign in", email=email, next=target,
                        errors=[{"field": "email", "text": str(exc).capitalize()}])
        except CasefileError:
            errors.append({"field": "email", "text": "The email address or password is not right"})
        else:
            session.begin(token, user_id)
            answer = RedirectResponse(target, status_code=303)
            answer.set_cookie(device_name, device, max_age=DEVICE_MAX_AGE, httponly=True, samesite="lax", secure=secure,
                              path="/")
            return answer
    return page(request, "sign_in.html", status=422 if errors else 200, title="Sign in", email=email, next=target,
                errors=errors)


@router.post("/sign-out")
async def sign_out(request: Request) -> Response:
    """End the session on the server (its row deleted: a copy of the cookie no longer works)."""
    from casefile.web.sessions import end_session

    form = await request.form()
    check_csrf(request, form)
    session = web_session(request)
    await run_in_threadpool(end_session, session.token)
    session.sign_out()
    session.add_flash("You have signed out.")
    return RedirectResponse("/sign-in", status_code=303)


@router.get("/account/reset/{token}")
def reset_page(request: Request, db: Db, token: str) -> Response:
    from casefile.accounts.users import InvalidResetToken, pending_reset

    try:
        with db.read() as session:
            _, user = pending_reset(session, token=token[:200], as_of=now())
            email = user.email
    except InvalidResetToken as exc:
        return page(request, "reset.html", status=404, title="Reset your password", invalid=str(exc), email="",
                    token="")
    return page(request, "reset.html", title="Reset your password", invalid="", email=email, token=token)


@router.post("/account/reset/{token}")
async def reset(request: Request, db: Db, token: str) -> Response:
    from casefile.accounts.users import InvalidResetToken

    form = await request.form()
    check_csrf(request, form)
    password, again = str(form.get("password", ""))[:1100], str(form.get("confirm", ""))[:1100]
    errors = []
    if password != again:
        errors.append({"field": "confirm", "text": "The two passwords are not the same"})
    else:
        try:
            await hashing(_complete_reset, db, token[:200], password)
        except InvalidResetToken as exc:
            return page(request, "reset.html", status=404, title="Reset your password", invalid=str(exc), email="",
                        token="")
        except CasefileError as exc:
            errors.append({"field": "password", "text": str(exc).capitalize()})
        else:
            session = web_session(request)
            if session.token:  # a browser signed in as someone else: that session ends too
                from casefile.web.sessions import end_session

                await run_in_threadpool(end_session, session.token)
                session.sign_out()
            session.add_flash("Your password has been changed: sign in with it.")
            return RedirectResponse(f"/sign-in?next={quote('/cases')}", status_code=303)
    return page(request, "reset.html", status=422, title="Reset your password", invalid="", email="", token=token,
                errors=errors)


def _complete_reset(db: Database, token: str, password: str) -> None:
    """Set the new password (in a worker thread; Argon2 before the write transaction); every
    session of the user ends."""
    from casefile.accounts.passwords import hash_password
    from casefile.accounts.users import complete_reset, pending_reset

    with db.read() as session:
        pending_reset(session, token=token, as_of=now())  # an unknown link is refused before any hashing
    hashed = hash_password(password)
    with db.write(by="system:web") as session:  # nobody is signed in by a reset link
        complete_reset(session, token=token, password=password, as_of=now(), password_hash=hashed)
