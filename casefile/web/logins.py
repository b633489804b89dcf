"""Signing in through the web pages, throttled so that it slows an attacker without locking the real
user out (OWASP Authentication and Credential Stuffing cheat sheets, "Slow Down Online Guessing
Attacks with Device Cookies"; ASVS 2.2.1; docs/security.md, "Throttling").

Each attempt is of one kind of client (casefile.record.logins.LoginAttempt.client):

- ``device:<id>`` — a browser holding this account's *device cookie*, which casefile gives a
  browser when it signs in to the account (signed: it cannot be forged);
- ``known`` — an address the account signed in from within ``login_known_days``;
- ``untrusted`` — any other.

Failures are counted per key within ``login_window_minutes``: per (account, device) and per
(account, known address), since that key's last success; per account for untrusted clients; and
per address for untrusted clients (a spray across many accounts). The first
``login_failures_per_email`` (``login_failures_per_address`` for an address) failures of a key
are free; after them each attempt must wait a delay that doubles from one second up to
``login_delay_max_seconds`` after that key's last failure, and one sent sooner is refused (429)
without its password being checked. A browser that signed in to the account before, or its
usual address, is never held back by an attacker's failures elsewhere. Counters are keyed by the
email as typed, so an address with no account is throttled exactly like one with an account.

An attempt is stored (as a failure) before its password is checked, so attempts sent at once
count each other; one refused unchecked is deleted again. Attempts are rows of the database, so
every web process counts the same ones.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from sqlmodel import Session, col, delete, select

from casefile.errors import CasefileError
from casefile.http.deps import system_database
from casefile.record.accounts import User
from casefile.record.logins import LoginAttempt

#: The record as the sign-in checks reach it (no request's route: recorded by the web itself).
RECORD = system_database("system:web")

DEVICE_COOKIE = "casefile_device"
#: How long a device cookie is believed, and how many accounts one browser remembers.
DEVICE_MAX_AGE = 365 * 24 * 3600
DEVICE_ACCOUNTS = 8
#: Attempts older than this are deleted (the longest anything looks back is login_known_days).
KEEP_ATTEMPTS = timedelta(days=120)


class TooManyAttempts(CasefileError):
    """Too many failed sign-in attempts for this account or from this address recently (HTTP 429);
    ``wait_seconds`` says how long until the next attempt is checked."""

    code = "too-many-attempts"
    family = "not-authenticated"

    def __init__(self, message: str, *, wait_seconds: int = 0, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.wait_seconds = wait_seconds


@dataclass(frozen=True)
class SignedIn:
    """A successful sign-in: the user, and the device cookie's new value for the browser."""

    user: User
    device_cookie: str


# --- the device cookie --------------------------------------------------------------------------


@lru_cache(maxsize=4)
def _device_keys(signing: bytes) -> tuple[bytes, Any]:
    from itsdangerous import URLSafeTimedSerializer

    email_key = hmac.new(signing, b"casefile device email v1", hashlib.sha256).digest()
    cookie_key = hmac.new(signing, b"casefile device cookie v1", hashlib.sha256).hexdigest()
    return email_key, URLSafeTimedSerializer(cookie_key, salt="casefile-device")


def _keys() -> tuple[bytes, Any]:
    from casefile.record.secret_key import instance_keys

    return _device_keys(instance_keys().signing)


def _email_tag(email: str) -> str:
    return hmac.new(_keys()[0], email.encode("utf-8", "replace"), hashlib.sha256).hexdigest()[:20]


def read_device(raw: str | None) -> tuple[str, list[str]] | None:
    """The device cookie ``raw`` as (nonce, tags of the accounts it signed in to), or None when
    it is missing, forged or older than DEVICE_MAX_AGE."""
    from itsdangerous import BadSignature

    if not raw or len(raw) > 2000:
        return None
    try:
        data = _keys()[1].loads(raw, max_age=DEVICE_MAX_AGE)
    except BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("n"), str) or not isinstance(data.get("a"), list):
        return None
    return data["n"], [str(t) for t in data["a"]][:DEVICE_ACCOUNTS]


def _device_after(device: tuple[str, list[str]] | None, email: str) -> str:
    nonce, tags = device if device is not None else (secrets.token_urlsafe(16), [])
    tag = _email_tag(email)
    tags = [tag] + [t for t in tags if t != tag]
    return str(_keys()[1].dumps({"n": nonce, "a": tags[:DEVICE_ACCOUNTS]}))


def _client(session: Session, *, email: str, address: str, device: tuple[str, list[str]] | None,
            as_of: datetime, known_days: int) -> str:
    if device is not None and _email_tag(email) in device[1]:
        return "device:" + hashlib.sha256(device[0].encode()).hexdigest()[:16]
    if known_days > 0:
        since = as_of - timedelta(days=known_days)
        known = session.exec(select(LoginAttempt.id).where(LoginAttempt.email == email, LoginAttempt.address == address,
                                                           col(LoginAttempt.succeeded).is_(True),
                                                           col(LoginAttempt.at) >= since).limit(1)).first()
        if known is not None:
            return "known"
    return "untrusted"


# --- the throttle -------------------------------------------------------------------------------


def address_key(address: str) -> str:
    """The address attempts are counted under: an IPv4 address as it is, an IPv6 address as its /64
    network (one subscriber's: its privacy addresses rotate within it, and an attacker holding a
    /64 does not get 2^64 fresh counters); anything else (a test client's name) as it is."""
    import ipaddress

    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def delay_after(failures: int, *, free: int, max_seconds: int) -> int:
    """Seconds an attempt must wait after the last of ``failures`` failures of one key: none while
    fewer than ``free``; then 1, 2, 4, ... doubling per further failure, at most ``max_seconds``."""
    if failures < free:
        return 0
    return min(max_seconds, 2 ** min(failures - free, 30))


def _wait(session: Session, *, attempt_id: int, email: str, address: str, client: str, as_of: datetime) -> int:
    """Seconds until attempt ``attempt_id`` may be checked (0: now), over every key it counts against."""
    from casefile.http.settings import get_web_settings

    settings = get_web_settings()
    since = as_of - timedelta(minutes=settings.login_window_minutes)
    earlier = (col(LoginAttempt.id) < attempt_id, col(LoginAttempt.at) >= since)
    if client == "untrusted":
        keys = [((LoginAttempt.email == email, LoginAttempt.client == client), settings.login_failures_per_email, False),
                ((LoginAttempt.address == address, LoginAttempt.client == client), settings.login_failures_per_address,
                 False)]
    elif client == "known":
        keys = [((LoginAttempt.email == email, LoginAttempt.address == address, LoginAttempt.client == client),
                 settings.login_failures_per_email, True)]
    else:
        keys = [((LoginAttempt.email == email, LoginAttempt.client == client), settings.login_failures_per_email, True)]
    wait = 0
    for where, free, resets in keys:
        rows = session.exec(select(LoginAttempt.at, LoginAttempt.succeeded).where(*earlier, *where)
                            .order_by(col(LoginAttempt.id))).all()
        if resets:
            last_ok = max((i for i, (_, ok) in enumerate(rows) if ok), default=-1)
            rows = rows[last_ok + 1:]
        failures = [at for at, ok in rows if not ok]
        if not failures:
            continue
        delay = delay_after(len(failures), free=free, max_seconds=settings.login_delay_max_seconds)
        if delay == 0:
            continue
        latest = max(failures)
        if latest.tzinfo is None:
            from datetime import UTC

            latest = latest.replace(tzinfo=UTC)
        wait = max(wait, int((latest + timedelta(seconds=delay) - as_of).total_seconds() + 0.999))
    return wait


def _wait_words(seconds: int) -> str:
    if seconds < 90:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    return f"{(seconds + 59) // 60} minutes"


def sign_in(*, email: str, password: str, address: str, as_of: datetime, device_cookie: str | None = None) -> SignedIn:
    """The user whose email and password these are, the attempt recorded, and the browser's new
    device cookie. Blocking (Argon2 and database writes): call it from a worker thread, never on
    the event loop. Raises TooManyAttempts (nothing checked; the wait is said), NotAuthenticated
    ("wrong email or password": never which, and the same for an address with no account)."""
    from casefile.accounts.users import check_credentials, record_sign_in
    from casefile.http.settings import get_web_settings

    settings = get_web_settings()
    tried = (email or "").strip().lower()[:254]
    address = address_key((address or "unknown")[:64])
    device = read_device(device_cookie)
    with RECORD.write() as session:
        client = _client(session, email=tried, address=address, device=device, as_of=as_of,
                         known_days=settings.login_known_days)
        attempt = LoginAttempt(email=tried, address=address, client=client, at=as_of, succeeded=False)
        session.add(attempt)
        session.flush()
        attempt_id = attempt.id or 0
    with RECORD.read() as session:
        wait = _wait(session, attempt_id=attempt_id, email=tried, address=address, client=client, as_of=as_of)
    if wait > 0:
        with RECORD.write() as session:
            session.exec(delete(LoginAttempt).where(col(LoginAttempt.id) == attempt_id))  # type: ignore[call-overload]
        raise TooManyAttempts(f"too many failed sign-in attempts: wait {_wait_words(wait)} and try again, or ask an "
                              "admin of your organization for a password reset link", wait_seconds=wait)
    with RECORD.read() as session:  # Argon2 with no transaction open; a wrong password: NotAuthenticated, and
        user, new_hash = check_credentials(session, email=email, password=password)  # the failure stays stored
    with RECORD.write() as session:
        user = record_sign_in(session, user_id=user.id or 0, as_of=as_of, new_hash=new_hash)
        row = session.get(LoginAttempt, attempt_id)
        if row is not None:
            row.succeeded = True
            session.add(row)
        session.exec(delete(LoginAttempt).where(col(LoginAttempt.at) < as_of - KEEP_ATTEMPTS))  # type: ignore[call-overload]
    return SignedIn(user=user, device_cookie=_device_after(device, tried))
