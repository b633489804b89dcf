"""Passwords: Argon2id hashes (RFC 9106) through pwdlib, and what a password must be.

A hash is a PHC string (``$argon2id$v=19$m=65536,t=3,p=4$salt$hash``) that carries its own
parameters, so raising the cost later still verifies old hashes (and ``verify`` says when one
should be re-hashed). Policy (NIST SP 800-63B §5.1.1.2): at least MIN_LENGTH characters, at most
MAX_LENGTH (a bound on the work one request can cause), no other composition rule.
"""

from __future__ import annotations

import os

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

from casefile.errors import BadInput

#: Shortest and longest password accepted (characters).
MIN_LENGTH = 12
MAX_LENGTH = 1024

#: pwdlib's defaults (about 0.2 s on a small machine): time cost 3, 64 MiB, 4 lanes. The test
#: suite sets CASEFILE_PASSWORD_HASH_COST=low (time cost 1, 8 MiB, 1 lane: about 10 ms) so that its
#: hundreds of sign-ins do not dominate its run; never set it on a real instance.
HASHER = PasswordHash((Argon2Hasher(time_cost=1, memory_cost=8192, parallelism=1)
                       if os.environ.get("CASEFILE_PASSWORD_HASH_COST") == "low" else Argon2Hasher(),))

#: A hash of a password nobody has: verified against when the email is unknown, so that an
#: unknown email takes as long to refuse as a wrong password (no user enumeration by timing).
_DUMMY_HASH: str | None = None


class WeakPassword(BadInput):
    """A password that is too short or too long (the message says the bounds, never the password)."""

    code = "weak-password"


def check_password(password: str) -> str:
    """``password`` if it may be used; raises WeakPassword (field ``password``) otherwise."""
    if not isinstance(password, str) or len(password) < MIN_LENGTH:
        raise WeakPassword(f"a password needs at least {MIN_LENGTH} characters", field="password")
    if len(password) > MAX_LENGTH:
        raise WeakPassword(f"a password may have at most {MAX_LENGTH} characters", field="password")
    return password


def hash_password(password: str) -> str:
    """The Argon2id hash of ``password`` (checked first: raises WeakPassword)."""
    return HASHER.hash(check_password(password))


def verify_password(password: str, password_hash: str | None) -> tuple[bool, str | None]:
    """Whether ``password`` matches ``password_hash``, and a new hash when the stored one uses
    weaker parameters than HASHER's (store it). ``password_hash`` None (no such user) spends the
    same time and answers False. Never raises for a wrong or malformed password."""
    global _DUMMY_HASH
    if password_hash is None:
        if _DUMMY_HASH is None:
            _DUMMY_HASH = HASHER.hash("casefile: no such user, nothing matches this")
        HASHER.verify(password[:MAX_LENGTH] if isinstance(password, str) else "", _DUMMY_HASH)
        return False, None
    if not isinstance(password, str) or len(password) > MAX_LENGTH:
        return False, None
    try:
        ok, new_hash = HASHER.verify_and_update(password, password_hash)
    except Exception:  # a stored hash pwdlib cannot read matches nothing
        return False, None
    return bool(ok), new_hash
