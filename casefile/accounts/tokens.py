"""API tokens: ``Authorization: Bearer cf_...``. A token is PREFIX + 32 random bytes (URL-safe
base64); only its sha256 is stored (the token carries 256 bits of randomness, so a slow hash adds
nothing), with its first SHOWN characters to tell tokens apart. Shown once, when made; revocable;
its last use recorded (at most once a LAST_USED_EVERY, so that reading does not write on every
request).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from sqlmodel import Session, col, select

from casefile.accounts.users import get_user
from casefile.characters import character_problem
from casefile.errors import BadInput, NotAuthenticated, UnknownRecord
from casefile.record.accounts import ApiToken, TokenView, User

PREFIX = "cf_"
SHOWN = len(PREFIX) + 8
TOKEN_MAX = 200
LAST_USED_EVERY = timedelta(minutes=1)


def token_digest(token: str) -> str:
    """The sha256 (hex) under which ``token`` is stored."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def create_token(session: Session, *, email: str, as_of: datetime, name: str = "") -> tuple[ApiToken, str]:
    """Make an API token for ``email``: returns the stored row and the token (shown once).
    Raises UnknownRecord, BadInput (an inactive user)."""
    user = get_user(session, email)
    if not user.active:
        raise BadInput(f"{user.email} is deactivated: no token can be made for it", field="email")
    if (problem := character_problem(name or "", one_line=True)) is not None:
        raise BadInput(f"the token's name: {problem}", field="name")
    token = PREFIX + secrets.token_urlsafe(32)
    row = ApiToken(user_id=user.id, name=(name or "").strip()[:200], prefix=token[:SHOWN],  # type: ignore[arg-type]
                   token_hash=token_digest(token), created_at=as_of)
    session.add(row)
    session.flush()
    return row, token


def user_for_token(session: Session, *, token: str, as_of: datetime) -> User:
    """The active user whose unrevoked token ``token`` is (its last use recorded). Raises
    NotAuthenticated, the same whatever is wrong."""
    if not token or len(token) > TOKEN_MAX or not token.startswith(PREFIX):
        raise NotAuthenticated("the API token is missing, unknown or revoked (make one with casefile tokens create EMAIL)")
    row = session.exec(select(ApiToken).where(ApiToken.token_hash == token_digest(token))).first()
    user = session.get(User, row.user_id) if row is not None else None
    if row is None or row.revoked_at is not None or user is None or not user.active:
        raise NotAuthenticated("the API token is missing, unknown or revoked (make one with casefile tokens create EMAIL)")
    if row.last_used_at is None or as_of - row.last_used_at >= LAST_USED_EVERY:
        row.last_used_at = as_of
        session.add(row)
        session.flush()
    return user


def needs_write(session: Session, *, token: str, as_of: datetime) -> bool:
    """Whether checking ``token`` now would record its use (so the caller opens a write
    transaction only then)."""
    row = session.exec(select(ApiToken).where(ApiToken.token_hash == token_digest(token or ""))).first()
    return row is not None and (row.last_used_at is None or as_of - row.last_used_at >= LAST_USED_EVERY)


def revoke_token(session: Session, *, token_id: int, as_of: datetime) -> ApiToken:
    """Revoke token ``token_id`` (idempotent: revoking again keeps the first time). Raises UnknownRecord."""
    row = session.get(ApiToken, token_id)
    if row is None:
        raise UnknownRecord(f"no API token {token_id} (casefile tokens list shows them)", field="id")
    if row.revoked_at is None:
        row.revoked_at = as_of
        session.add(row)
        session.flush()
    return row


def list_tokens(session: Session, *, email: str | None = None) -> list[TokenView]:
    """The tokens (of one user, when given), oldest first: prefixes only."""
    query = select(ApiToken, User).join(User, User.id == ApiToken.user_id).order_by(col(ApiToken.id))  # type: ignore[arg-type]
    if email is not None:
        query = query.where(ApiToken.user_id == get_user(session, email).id)
    return [TokenView(id=t.id or 0, user=u.email, name=t.name, prefix=t.prefix, created_at=t.created_at,
                      last_used_at=t.last_used_at, revoked_at=t.revoked_at) for t, u in session.exec(query)]
