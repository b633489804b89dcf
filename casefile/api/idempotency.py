"""``Idempotency-Key`` (draft-ietf-httpapi-idempotency-key-header): the first successful answer
to an act sent with a key is stored in the database (casefile.record.accounts.IdempotentRequest,
per user) and a retry with the same key gets it again, whichever process answers. The request's
fingerprint is the sha256 of the case number and the act (the moment ``as_of`` is not part of
it: a retry a minute later is the same request); the same key with another request is refused
(422). Only successes are stored: a refused act stores nothing, and its retry is judged again
(it is refused again, or — the record having changed meanwhile — performed). A replay is given
only after the user's current rights are asked again (casefile.accounts.acting.authorized_mode):
a stored answer never outlives the role or the link that earned it.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from casefile.errors import BadInput
from casefile.http.deps import Database
from casefile.record.accounts import IdempotentRequest

KEY_MAX = 255


class IdempotencyKeyReused(BadInput):
    """An Idempotency-Key already used by this user for another request (another case or act)."""

    code = "idempotency-key-reused"


def check_key(key: str) -> str:
    """``key`` if it can be one (1 to KEY_MAX visible ASCII characters); BadInput otherwise."""
    if not key or len(key) > KEY_MAX or not all(33 <= ord(c) <= 126 for c in key):
        raise BadInput(f"Idempotency-Key: use 1 to {KEY_MAX} visible ASCII characters", field="Idempotency-Key")
    return key


def fingerprint(case_number: str | None, act: dict[str, Any]) -> str:
    """The sha256 of the request's content (canonical JSON of the case number and the act)."""
    blob = json.dumps({"case": case_number, "act": act}, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()


def stored(db: Database, user_id: int, key: str, request_hash: str) -> tuple[int, dict[str, Any]] | None:
    """The stored answer (status, body) to ``key`` of ``user_id``, or None. Raises
    IdempotencyKeyReused when the key was used for another request."""
    with db.read() as session:
        row = session.exec(select(IdempotentRequest).where(IdempotentRequest.user_id == user_id,
                                                           IdempotentRequest.key == key)).first()
    if row is None:
        return None
    if row.request_hash != request_hash:
        raise IdempotencyKeyReused(f"Idempotency-Key {key[:60]!r} was already used for another request (another case "
                                   "or act): use a new key for a new request", field="Idempotency-Key")
    return row.status_code, dict(row.response)


def store(db: Database, user_id: int, key: str, request_hash: str, status: int, body: dict[str, Any], *,
          as_of: datetime) -> tuple[int, dict[str, Any]]:
    """Keep the answer to ``key``; returns the answer that is kept — this one, or the one a
    concurrent request with the same key stored first."""
    try:
        with db.write(by="system:api") as session:
            session.add(IdempotentRequest(user_id=user_id, key=key, request_hash=request_hash, status_code=status,
                                          response=body, created_at=as_of))
    except IntegrityError:
        first = stored(db, user_id, key, request_hash)
        if first is not None:
            return first
        raise
    return status, body
