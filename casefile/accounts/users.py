"""Users: adding one to an organization with a role, signing in, changing and resetting passwords.

Emails are stored lower-case (one account per address). Passwords are Argon2id hashes
(casefile.accounts.passwords); a password reset is a one-time token of 32 random bytes whose
sha256 is stored, valid RESET_VALID_FOR, used once (the link the CLI prints is
``<base URL>`` + RESET_PATH; the web application serves that page). Raises BadInput (an email,
role or password that cannot be used), UnknownRecord (no such user or organization),
AlreadyRecorded (the email is taken), NotAuthenticated (a wrong email or password: never says
which), InvalidResetToken.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import datetime, timedelta

from sqlmodel import Session, col, select

from casefile.accounts.orgs import get_organization
from casefile.accounts.passwords import hash_password, verify_password
from casefile.characters import character_problem
from casefile.errors import AlreadyRecorded, BadInput, NotAuthenticated, UnknownRecord
from casefile.record.accounts import Organization, PasswordReset, User, UserRole, UserView

EMAIL_MAX = 254
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
#: How long a reset link can be used, and the web page that takes it.
RESET_VALID_FOR = timedelta(hours=24)
RESET_PATH = "/account/reset/{token}"


class InvalidResetToken(BadInput):
    """A password reset token that is unknown, already used, expired, or of an inactive user."""

    code = "invalid-reset-token"


def normalize_email(email: str) -> str:
    """``email`` stripped and lower-cased; raises BadInput (field ``email``) when it is not an address."""
    text = (email or "").strip().lower() if isinstance(email, str) else ""
    if len(text) > EMAIL_MAX or not _EMAIL.fullmatch(text):
        raise BadInput(f"{str(email)[:80]!r} is not an email address (name@example.org)", field="email")
    return text


def _role(role: UserRole | str) -> UserRole:
    try:
        return UserRole(role)
    except ValueError:
        raise BadInput(f"role {role!r} is not one of {', '.join(r.value for r in UserRole)}", field="role") from None


def add_user(session: Session, *, email: str, organization: str, role: UserRole | str, password: str,
             as_of: datetime, name: str = "", password_hash: str | None = None) -> User:
    """Add the user ``email`` to ``organization`` (its key) with ``role`` and ``password``
    (``password_hash``: its hash made beforehand, outside the write transaction). Raises
    BadInput, WeakPassword, UnknownRecord (no such organization), AlreadyRecorded (the email has
    an account: change it with set_password / set_role, or start a reset)."""
    address = normalize_email(email)
    the_role = _role(role)
    if (problem := character_problem(name or "", one_line=True)) is not None:
        raise BadInput(f"{address}: name: {problem}", field="name")
    org = get_organization(session, organization)
    if (existing := session.exec(select(User).where(User.email == address)).first()) is not None:
        other = session.get(Organization, existing.organization_id)
        raise AlreadyRecorded(f"{address} already has an account ({other.key if other else '?'}, {existing.role.value}); "
                              "reset its password with casefile users reset", field="email")
    user = User(email=address, name=(name or "").strip()[:200], organization_id=org.id, role=the_role,  # type: ignore[arg-type]
                password_hash=password_hash or hash_password(password), created_at=as_of,
                password_changed_at=as_of)
    session.add(user)
    session.flush()
    return user


def get_user(session: Session, email: str) -> User:
    """The user ``email``. Raises BadInput (not an address), UnknownRecord."""
    address = normalize_email(email)
    user = session.exec(select(User).where(User.email == address)).first()
    if user is None:
        raise UnknownRecord(f"no user {address} (add one with casefile users add)", field="email")
    return user


def authenticate(session: Session, *, email: str, password: str, as_of: datetime) -> User:
    """The active user whose email and password these are (its sign-in time recorded, its hash
    renewed when HASHER's parameters have grown). Raises NotAuthenticated, the same for an
    unknown email, a wrong password and an inactive account (and as slowly). The hash is checked
    in the caller's transaction: a server checks it with :func:`check_credentials` outside any
    write transaction instead, then :func:`record_sign_in`."""
    user, new_hash = check_credentials(session, email=email, password=password)
    return record_sign_in(session, user_id=user.id or 0, as_of=as_of, new_hash=new_hash)


def check_credentials(session: Session, *, email: str, password: str) -> tuple[User, str | None]:
    """The active user whose email and password these are, and a renewed hash to store (or None),
    writing nothing (Argon2 takes ~0.2 s: no write lock is held meanwhile). Raises
    NotAuthenticated, the same for an unknown email, a wrong password and an inactive account,
    after the same work (a password nobody has is checked when the email is unknown)."""
    try:
        address = normalize_email(email)
    except BadInput:
        address = ""
    user = session.exec(select(User).where(User.email == address)).first() if address else None
    ok, new_hash = verify_password(password, user.password_hash if user else None)
    if user is None or not ok or not user.active:
        raise NotAuthenticated("wrong email or password")
    return user, new_hash


def record_sign_in(session: Session, *, user_id: int, as_of: datetime, new_hash: str | None = None) -> User:
    """Record that user ``user_id`` signed in at ``as_of`` (and store ``new_hash`` when given).
    Raises NotAuthenticated when the user is gone or was deactivated meanwhile."""
    user = session.get(User, user_id)
    if user is None or not user.active:
        raise NotAuthenticated("wrong email or password")
    if new_hash:
        user.password_hash = new_hash
    user.last_login_at = as_of
    session.add(user)
    session.flush()
    return user


def end_web_sessions(session: Session, user: User) -> int:
    """End every signed-in web session of ``user`` (their rows deleted: casefile.record.logins.
    WebSignIn), in the caller's transaction; returns how many there were. Called when the
    password changes or is reset and when the account is deactivated (OWASP ASVS 3.3.3)."""
    from sqlmodel import delete, func

    from casefile.record.logins import WebSignIn

    count = int(session.exec(select(func.count()).select_from(WebSignIn).where(WebSignIn.user_id == user.id)).one())
    session.exec(delete(WebSignIn).where(col(WebSignIn.user_id) == user.id))  # type: ignore[call-overload]
    return count


def set_password(session: Session, *, email: str, password: str, as_of: datetime) -> User:
    """Give ``email`` a new password; their web sessions end (and any made before ``as_of`` is
    no longer valid: ``password_changed_at``). Raises WeakPassword, UnknownRecord."""
    user = get_user(session, email)
    user.password_hash = hash_password(password)
    user.password_changed_at = as_of
    end_web_sessions(session, user)
    session.add(user)
    session.flush()
    return user


def set_role(session: Session, *, email: str, role: UserRole | str) -> User:
    """Change ``email``'s role. Raises BadInput, UnknownRecord."""
    user = get_user(session, email)
    user.role = _role(role)
    session.add(user)
    session.flush()
    return user


def set_active(session: Session, *, email: str, active: bool, as_of: datetime) -> User:
    """Deactivate (or reactivate) ``email``: an inactive user cannot sign in and their API tokens
    are refused. Raises UnknownRecord."""
    user = get_user(session, email)
    user.active = active
    if not active:
        user.password_changed_at = as_of  # no session made before stays valid
        end_web_sessions(session, user)
    session.add(user)
    session.flush()
    return user


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def start_reset(session: Session, *, email: str, as_of: datetime, by: str = "") -> tuple[PasswordReset, str]:
    """Start a password reset for ``email`` (an admin's act): returns the stored reset and its
    one-time token (shown once; only its sha256 is kept), valid RESET_VALID_FOR. Earlier unused
    resets of the user are canceled. Raises UnknownRecord, BadInput (an inactive user)."""
    user = get_user(session, email)
    if not user.active:
        raise BadInput(f"{user.email} is deactivated: reactivate the account before resetting its password", field="email")
    for earlier in session.exec(select(PasswordReset).where(PasswordReset.user_id == user.id,
                                                            col(PasswordReset.used_at).is_(None))):
        earlier.used_at = as_of
        session.add(earlier)
    token = secrets.token_urlsafe(32)
    reset = PasswordReset(user_id=user.id, token_hash=_digest(token), created_at=as_of,  # type: ignore[arg-type]
                          expires_at=as_of + RESET_VALID_FOR, created_by=by)
    session.add(reset)
    session.flush()
    return reset, token


def reset_link(token: str, base_url: str) -> str:
    """The link that consumes ``token`` on the web application at ``base_url``."""
    return base_url.rstrip("/") + RESET_PATH.format(token=token)


def pending_reset(session: Session, *, token: str, as_of: datetime) -> tuple[PasswordReset, User]:
    """The unused, unexpired reset ``token`` names, and its user. Raises InvalidResetToken."""
    reset = session.exec(select(PasswordReset).where(PasswordReset.token_hash == _digest(token or ""))).first()
    user = session.get(User, reset.user_id) if reset is not None else None
    if reset is None or user is None or reset.used_at is not None or reset.expires_at <= as_of or not user.active:
        raise InvalidResetToken("this password reset link is unknown, already used or expired: ask an admin for a new one",
                                field="token")
    return reset, user


def complete_reset(session: Session, *, token: str, password: str, as_of: datetime,
                   password_hash: str | None = None) -> User:
    """Set the password of the user the reset ``token`` names, once; every web session of the
    user ends. ``password_hash``: ``hash_password(password)`` made beforehand, outside the write
    transaction (a server does that). Raises InvalidResetToken, WeakPassword (the token stays
    usable)."""
    reset, user = pending_reset(session, token=token, as_of=as_of)
    user.password_hash = password_hash or hash_password(password)
    user.password_changed_at = as_of
    reset.used_at = as_of
    end_web_sessions(session, user)
    session.add(user)
    session.add(reset)
    session.flush()
    return user


def user_view(session: Session, user: User) -> UserView:
    org = session.get(Organization, user.organization_id)
    assert user.id is not None
    return UserView(id=user.id, email=user.email, name=user.name, organization=org.key if org else "", role=user.role.value,
                    active=user.active, created_at=user.created_at, last_login_at=user.last_login_at)


def list_users(session: Session, *, organization: str | None = None) -> list[UserView]:
    """The users (of one organization, when given), by email."""
    query = select(User).order_by(col(User.email))
    if organization is not None:
        query = query.where(User.organization_id == get_organization(session, organization).id)
    return [user_view(session, u) for u in session.exec(query)]
