"""The one-query check a process makes before using a database (casefile.record.schema_version):
its HEAD is Alembic's head, and it answers "at head" only for a database whose version table holds
exactly that revision — anything else goes through Alembic (migrate.ensure_current)."""

from __future__ import annotations

from sqlalchemy import Column, Engine, MetaData, String, Table, text

from casefile.record import migrate, schema_version
from casefile.record.migrate import VERSION_TABLE


def test_head_is_the_migrations_head() -> None:
    """A new migration moves Alembic's head: write its revision id into schema_version.HEAD."""
    assert migrate.head() == schema_version.HEAD, (
        f"casefile/record/schema_version.py: HEAD = {schema_version.HEAD!r}, but the migrations' head is "
        f"{migrate.head()!r}: set HEAD to it")


def test_only_a_database_at_head_is_at_head(migration_engine: Engine) -> None:
    """Empty: no. Upgraded: yes. Stamped one revision back, or with a second row, or a revision it does not know: no."""
    assert schema_version.at_head(migration_engine) is False  # no version table at all
    migrate.upgrade(migration_engine)
    assert schema_version.at_head(migration_engine) is True
    previous = migrate.script_directory().get_revision(migrate.head()).down_revision
    assert isinstance(previous, str)
    for rows in ([previous], [schema_version.HEAD, previous], ["from-a-newer-casefile"]):
        with migration_engine.begin() as conn:
            conn.execute(text(f"DELETE FROM {VERSION_TABLE}"))
            for row in rows:
                conn.execute(text(f"INSERT INTO {VERSION_TABLE} (version_num) VALUES (:v)"), {"v": row})
        assert schema_version.at_head(migration_engine) is False, rows
        with migration_engine.connect() as conn:
            assert migrate.schema_status(conn).state != "current"


def test_a_schema_mapped_engine_asks_its_own_schema(engine: Engine) -> None:
    """tests/conftest.py's PostgreSQL engine maps unqualified tables into a schema of its own: the check reads the
    version table there (create_all made none: not at head; once it holds HEAD: at head)."""
    assert schema_version.at_head(engine) is False
    versions = Table(VERSION_TABLE, MetaData(), Column("version_num", String(32), primary_key=True))
    with engine.begin() as conn:
        versions.create(conn)
        conn.execute(versions.insert().values(version_num=schema_version.HEAD))
    assert schema_version.at_head(engine) is True
