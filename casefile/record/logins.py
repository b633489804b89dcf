"""Sign-in attempts of the web application, kept in the database so that every web process
behind a proxy counts the same attempts (issue 8: "login attempts rate-limited"; no state in a
process). One row per attempt: the email tried (lower-case, as typed), the client's address, when,
and whether it succeeded. casefile.web.logins reads the recent failures per email and per address.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

from casefile.record.models import _instant


class LoginAttempt(SQLModel, table=True):
    """One sign-in attempt: ``email`` as tried (lower-cased, at most 254 characters), ``address``
    the client's IP address, ``at`` when (aware UTC), ``succeeded`` whether it signed in."""

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(index=True)
    address: str = Field(index=True)
    at: datetime = _instant(nullable=False, index=True)
    succeeded: bool = False


class CalendarSubscription(SQLModel, table=True):
    """A user's calendar subscription URL (``/calendar/{secret}.ics``): only the sha256 of its
    secret is stored; ``revoked_at`` ends it (a new one can be made). Live: the feed is built from
    the record when the calendar application fetches it."""

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="useraccount.id", index=True)
    secret_hash: str = Field(unique=True, index=True)
    prefix: str
    created_at: datetime = _instant(nullable=False)
    revoked_at: datetime | None = _instant(nullable=True)
    last_fetched_at: datetime | None = _instant(nullable=True)


__all__ = ["CalendarSubscription", "LoginAttempt"]
