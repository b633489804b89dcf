"""Signing in and out, and the password reset page that consumes the one-time link
``casefile users reset`` prints (casefile.accounts.users.RESET_PATH)."""

from __future__ import annotations

from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from casefile.errors import CasefileError
from casefile.web.render import page
from casefile.web.sessions import check_csrf, now, web_session

router = APIRouter()


def _safe_next(target: str | None) -> str:
    """Where to go after signing in: a path of this site only (never another site)."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/cases"


def client_address(request: Request) -> str:
    from casefile.web.settings import get_web_settings

    if get_web_settings().trust_forwarded:
        forwarded = request.headers.get("x-forwarded-for")
        if forwarded:
            return forwarded.split(",")[0].strip()[:64]
    return request.client.host if request.client else "unknown"


@router.get("/sign-in")
def sign_in_page(request: Request, next: str | None = None) -> Response:
    return page(request, "sign_in.html", title="Sign in", email="", next=_safe_next(next))


@router.post("/sign-in")
async def sign_in(request: Request) -> Response:
    from casefile.web.logins import TooManyAttempts
    from casefile.web.logins import sign_in as check

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
        try:
            user = check(email=email, password=password, address=client_address(request), as_of=now())
        except TooManyAttempts as exc:
            return page(request, "sign_in.html", status=429, title="Sign in", email=email, next=target,
                        errors=[{"field": "email", "text": str(exc).capitalize()}])
        except CasefileError:
            errors.append({"field": "email", "text": "The email address or password is not right"})
        else:
            web_session(request).sign_in(user.id or 0)
            return RedirectResponse(target, status_code=303)
    return page(request, "sign_in.html", status=422 if errors else 200, title="Sign in", email=email, next=target,
                errors=errors)


@router.post("/sign-out")
async def sign_out(request: Request) -> Response:
    form = await request.form()
    check_csrf(request, form)
    session = web_session(request)
    session.sign_out()
    session.add_flash("You have signed out.")
    return RedirectResponse("/sign-in", status_code=303)


@router.get("/account/reset/{token}")
def reset_page(request: Request, token: str) -> Response:
    from casefile.accounts.users import InvalidResetToken, pending_reset
    from casefile.record.db import read_session

    try:
        with read_session() as session:
            _, user = pending_reset(session, token=token[:200], as_of=now())
            email = user.email
    except InvalidResetToken as exc:
        return page(request, "reset.html", status=404, title="Reset your password", invalid=str(exc), email="",
                    token="")
    return page(request, "reset.html", title="Reset your password", invalid="", email=email, token=token)


@router.post("/account/reset/{token}")
async def reset(request: Request, token: str) -> Response:
    from casefile.accounts.users import InvalidResetToken, complete_reset
    from casefile.record.db import write_session

    form = await request.form()
    check_csrf(request, form)
    password, again = str(form.get("password", ""))[:1100], str(form.get("confirm", ""))[:1100]
    errors = []
    if password != again:
        errors.append({"field": "confirm", "text": "The two passwords are not the same"})
    else:
        try:
            with write_session(by="system:web") as session:
                complete_reset(session, token=token[:200], password=password, as_of=now())
        except InvalidResetToken as exc:
            return page(request, "reset.html", status=404, title="Reset your password", invalid=str(exc), email="",
                        token="")
        except CasefileError as exc:
            errors.append({"field": "password", "text": str(exc).capitalize()})
        else:
            web_session(request).add_flash("Your password has been changed: sign in with it.")
            return RedirectResponse(f"/sign-in?next={quote('/cases')}", status_code=303)
    return page(request, "reset.html", status=422, title="Reset your password", invalid="", email="", token=token,
                errors=errors)
