"""Rows a test writes by hand as an earlier casefile (or another act) would have stored them, sealed again: an act
never builds on a row changed outside casefile since its docket entry sealed it (casefile.record.sealing)."""

from __future__ import annotations

from sqlalchemy.engine import Engine


def seal_as_stored(engine: Engine) -> None:
    """Seal every case's rows as they stand into its last docket entry (the migrations' seal_again), on
    SQLite or on the tests' PostgreSQL schema."""
    from casefile.record.migrations.resealing import seal_again
    from casefile.record.sealing import schema_of

    with engine.begin() as conn:
        if (schema := schema_of(conn)) is not None and conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f'SET LOCAL search_path TO "{schema}"')  # as the migrations run
        seal_again(conn)
