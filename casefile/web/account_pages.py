"""My sign-ins (OWASP ASVS 3.3.4): the signed-in user's live web sessions — when each began, was
last used, from which address and browser — and a button to end any of them, or every one but
this browser's (a laptop left signed in elsewhere, a cookie that may have been copied). Only the
user's own sessions are listed or ended; another user's session id reads as none."""

from __future__ import annotations

from datetime import timedelta

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from casefile.http.deps import Database
from casefile.web.people import Db, Signed
from casefile.web.render import page
from casefile.web.sessions import check_csrf, now, token_hash, web_session

router = APIRouter()


def _live_rows(db: Database, user_id: int, current: str | None) -> list[dict[str, object]]:
    from sqlmodel import col, select

    from casefile.http.settings import get_web_settings
    from casefile.record.logins import WebSignIn

    settings = get_web_settings()
    moment = now()
    mine = token_hash(current) if current else ""
    with db.read() as record:
        rows = record.exec(select(WebSignIn).where(WebSignIn.user_id == user_id).order_by(col(WebSignIn.created_at))).all()
    return [{"id": r.id, "created_at": r.created_at, "last_seen_at": r.last_seen_at, "address": r.address,
             "browser": r.user_agent[:120], "this": r.token_hash == mine,
             "ends_at": min(r.created_at + timedelta(hours=settings.session_hours),
                            r.last_seen_at + timedelta(minutes=settings.session_idle_minutes))}
            for r in rows if min(r.created_at + timedelta(hours=settings.session_hours),
                                 r.last_seen_at + timedelta(minutes=settings.session_idle_minutes)) > moment]


@router.get("/account/sessions")
def sessions_page(request: Request, me: Signed, db: Db) -> Response:
    rows = _live_rows(db, me.viewer.user_id, web_session(request).token)
    return page(request, "account_sessions.html", title="My sign-ins", rows=rows)


@router.post("/account/sessions")
async def end_sessions(request: Request, me: Signed, db: Db) -> Response:
    """``action`` end (the session ``session``, a row id of the user's own) or end-others (every
    session of the user but this browser's)."""
    from sqlmodel import col, delete

    from casefile.record.logins import WebSignIn
    from casefile.web.ids import form_id

    form = await request.form()
    check_csrf(request, form)
    session = web_session(request)
    mine = token_hash(session.token) if session.token else ""
    action = str(form.get("action", ""))
    with db.write() as record:
        query = delete(WebSignIn).where(col(WebSignIn.user_id) == me.viewer.user_id, col(WebSignIn.token_hash) != mine)
        if action == "end":
            query = query.where(col(WebSignIn.id) == (form_id(form.get("session")) or -1))
        elif action != "end-others":
            query = None  # type: ignore[assignment]
        ended = record.exec(query).rowcount if query is not None else 0  # type: ignore[call-overload]
    session.add_flash(f"{ended} other sign-in{'s' if ended != 1 else ''} ended: {'they' if ended != 1 else 'it'} "
                      "must sign in again." if ended else "No other sign-in was ended.")
    return RedirectResponse("/account/sessions", status_code=303)
