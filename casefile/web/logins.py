"""Signing in through the web pages, rate-limited: at most ``login_failures_per_email`` failed
attempts for one email and ``login_failures_per_address`` from one client address within
``login_window_minutes`` (casefile.web.settings); past that, further attempts are refused without
checking the password until the window has passed. Attempts are rows of the database
(casefile.record.logins.LoginAttempt), so every web process counts the same ones.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import Session, col, func, select

from casefile.errors import CasefileError
from casefile.record.accounts import User
from casefile.record.db import write_session
from casefile.record.logins import LoginAttempt


class TooManyAttempts(CasefileError):
    """Too many failed sign-in attempts for this email or from this address recently (HTTP 429)."""

    code = "too-many-attempts"
    family = "not-authenticated"


def _failures(session: Session, *, since: datetime, email: str | None = None, address: str | None = None) -> int:
    query = select(func.count()).select_from(LoginAttempt).where(col(LoginAttempt.at) >= since,
                                                                  col(LoginAttempt.succeeded).is_(False))
    if email is not None:
        query = query.where(LoginAttempt.email == email)
    if address is not None:
        query = query.where(LoginAttempt.address == address)
    return int(session.exec(query).one())


def sign_in(*, email: str, password: str, address: str, as_of: datetime) -> User:
    """The user whose email and password these are, the attempt recorded. Raises TooManyAttempts
    (nothing checked), NotAuthenticated ("wrong email or password": never which)."""
    from casefile.accounts.users import authenticate
    from casefile.record.access import NotAuthenticated
    from casefile.web.settings import get_web_settings

    settings = get_web_settings()
    tried = (email or "").strip().lower()[:254]
    address = (address or "unknown")[:64]
    since = as_of - timedelta(minutes=settings.login_window_minutes)
    with write_session(by="system:web") as session:
        if (_failures(session, since=since, email=tried) >= settings.login_failures_per_email
                or _failures(session, since=since, address=address) >= settings.login_failures_per_address):
            raise TooManyAttempts(f"too many failed sign-in attempts: wait {settings.login_window_minutes} minutes "
                                  "and try again, or ask an admin to reset your password")
    try:
        with write_session(by="system:web") as session:
            user = authenticate(session, email=email, password=password, as_of=as_of)
            session.add(LoginAttempt(email=tried, address=address, at=as_of, succeeded=True))
            return user
    except NotAuthenticated:
        with write_session(by="system:web") as session:
            session.add(LoginAttempt(email=tried, address=address, at=as_of, succeeded=False))
        raise
