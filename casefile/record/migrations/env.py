"""Alembic's environment for casefile (run by casefile.record.migrate; no alembic.ini).

The connection comes from ``config.attributes["connection"]``: a Connection already in a
transaction (casefile.record.migrate.migration_connection) or an Engine (pytest-alembic's), or else
from the ``sqlalchemy.url`` option or CASEFILE_DATABASE_URL. Revisions are rendered in batch mode
(SQLite rebuilds a table to alter it; on PostgreSQL the same operations are plain ALTERs), with
casefile's column types written as plain SQLAlchemy types so that a revision never imports the
models. Only casefile's tables are compared: another application's tables in the same database
(Prefect's) are left out of autogenerate.
"""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import Connection, Engine
from sqlmodel import SQLModel
from sqlmodel.sql.sqltypes import AutoString

from casefile.record import models  # noqa: F401  (registers the tables)
from casefile.record.columns import UTCDateTime
from casefile.record.migrate import VERSION_TABLE, migration_connection, translated_schema

config = context.config


def render_item(type_: str, obj: Any, autogen_context: Any) -> str | bool:
    """Write casefile's column types as the plain SQLAlchemy types they are stored as."""
    if type_ == "type":
        if isinstance(obj, UTCDateTime):
            return "sa.DateTime(timezone=True)"
        if isinstance(obj, AutoString):
            return f"sa.String(length={obj.length})" if obj.length else "sa.String()"
    return False


def include_object(obj: Any, name: str | None, type_: str, reflected: bool, compare_to: Any) -> bool:
    """Compare only casefile's tables (not Prefect's or anyone else's in a shared database)."""
    return not (type_ == "table" and reflected and compare_to is None)


def _configure(**kw: Any) -> None:
    context.configure(
        target_metadata=SQLModel.metadata,
        version_table=VERSION_TABLE,
        render_as_batch=True,
        render_item=render_item,
        include_object=include_object,
        compare_type=True,
        process_revision_directives=config.attributes.get("process_revision_directives"),
        **kw,
    )


def _run(connection: Connection) -> None:
    _configure(connection=connection, version_table_schema=translated_schema(connection))
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_offline() -> None:
    """``--sql``: print the SQL for the URL's dialect instead of running it."""
    _configure(url=_url(), literal_binds=True, dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connectable = config.attributes.get("connection")
    if isinstance(connectable, Connection):
        _run(connectable)
        return
    engine = connectable
    if engine is None:
        from casefile.record.engine import make_engine

        engine = make_engine(_url())
    assert isinstance(engine, Engine)
    try:
        with migration_connection(engine) as connection:
            _run(connection)
    finally:
        if connectable is None:
            engine.dispose()


def _url() -> str:
    url = config.get_main_option("sqlalchemy.url")
    if url:
        return url
    from casefile.settings import get_settings

    return get_settings().database_url


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
