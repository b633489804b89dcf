"""Whether a database is at this casefile's schema head, asked with one query and without Alembic.

Every process that opens the database asks first; only a database that is not plainly at head
(empty, older, newer, made before migrations, not casefile's, busy) loads Alembic and goes through
:func:`casefile.record.migrate.ensure_current`. :data:`HEAD` is the head revision of
``casefile/record/migrations/versions``, written here when a migration is added
(tests/migrations/test_schema_version.py fails until it is).
"""

from __future__ import annotations

from sqlalchemy import Engine, column, select, table
from sqlalchemy.exc import SQLAlchemyError

#: casefile's Alembic version table (Prefect's is ``alembic_version``).
VERSION_TABLE = "casefile_alembic_version"

#: The head revision of casefile's migrations (``python -m casefile.record.migrate heads``).
HEAD = "kinds_as_enums"


def at_head(engine: Engine) -> bool:
    """Whether ``engine``'s database holds exactly one revision in :data:`VERSION_TABLE`, and it is
    :data:`HEAD`. False for anything else — no version table, another revision, several rows, a
    database locked or unreachable — which the caller then examines with Alembic. Never raises
    for the database's state; one SELECT, rolled back."""
    try:
        with engine.connect() as connection:
            mapping = connection.get_execution_options().get("schema_translate_map") or {}
            versions = table(VERSION_TABLE, column("version_num"), schema=mapping.get(None))
            rows = connection.execute(select(versions.c.version_num).limit(2)).all()
            connection.rollback()
    except SQLAlchemyError:
        return False
    return len(rows) == 1 and rows[0][0] == HEAD
