"""What a refused act must leave as it found (tests/acts/snapshot.py), less the bookkeeping of who
signed in: an API token's or a session's "last used" instant, a sign-in attempt — recorded for the
request whatever the act's fate, never part of the case record."""

from __future__ import annotations

from typing import Any

from tests.acts.snapshot import default_snapshot

#: Tables (and columns) that record the request's authentication, not the record.
BOOKKEEPING = {"apitoken": ("last_used_at",), "useraccount": ("last_login_at",)}
SKIPPED_TABLES = frozenset({"loginattempt", "websession", "websignin"})


def record_snapshot() -> dict[str, Any]:
    """Every row of every table but the authentication bookkeeping, and the output folder's files."""
    from sqlalchemy import inspect

    from casefile.record.db import get_engine

    snap = default_snapshot()
    engine = get_engine()
    with engine.connect() as connection:
        columns = {t: [c["name"] for c in inspect(connection).get_columns(t)] for t in BOOKKEEPING
                   if t in snap["tables"]}
    for table, names in columns.items():
        drop = [i for i, n in enumerate(names) if n in BOOKKEEPING[table]]
        snap["tables"][table] = [tuple(v for i, v in enumerate(row) if i not in drop) for row in snap["tables"][table]]
    for table in SKIPPED_TABLES:
        snap["tables"].pop(table, None)
    return snap
