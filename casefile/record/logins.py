"""Sign-in attempts and signed-in sessions of the web application, kept in the database so that
every web process behind a proxy counts the same attempts and ends the same sessions (no state in
a process).

- LoginAttempt: one row per attempt: the email tried (lower-case, as typed), the client's address,
  which kind of client tried (``client``: a device that signed in to this account before, an
  address it signed in from, or an untrusted one), when, and whether it succeeded.
  casefile.web.logins throttles on them (docs/security.md, "Throttling").
- WebSignIn: one row per signed-in browser session: only the sha256 of the cookie's random id is
  stored, so a copy of the database does not hold working cookies. casefile.web.sessions reads
  it on every signed-in request; signing out, a password change or reset and deactivation delete
  the rows (docs/security.md, "Sessions").
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

from casefile.record.columns import _instant


class LoginAttempt(SQLModel, table=True):
    """One sign-in attempt: ``email`` as tried (lower-cased, at most 254 characters), ``address``
    the client's IP address, ``client`` the kind of client (``device:<16 hex>`` a browser holding
    this account's device cookie, ``known`` an address the account signed in from lately,
    ``untrusted`` any other), ``at`` when (aware UTC), ``succeeded`` whether it signed in (an
    attempt is stored as failed before its password is checked, so that concurrent attempts count
    each other)."""

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(index=True)
    address: str = Field(index=True)
    client: str = Field(default="untrusted", index=True)
    at: datetime = _instant(nullable=False, index=True)
    succeeded: bool = False


class WebSignIn(SQLModel, table=True):
    """A signed-in web session: ``token_hash`` the sha256 (hex) of the random id its cookie
    carries, ``user_id`` who, ``created_at`` when they signed in (the absolute lifetime counts from
    it), ``last_seen_at`` their last request (the idle timeout counts from it; written at most once
    a minute), ``address`` and ``user_agent`` as the sign-in came (shown to the user, never used to
    decide)."""

    __tablename__ = "websignin"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(unique=True, index=True)
    user_id: int = Field(foreign_key="useraccount.id", index=True)
    created_at: datetime = _instant(nullable=False)
    last_seen_at: datetime = _instant(nullable=False)
    address: str = ""
    user_agent: str = ""


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


__all__ = ["CalendarSubscription", "LoginAttempt", "WebSignIn"]
