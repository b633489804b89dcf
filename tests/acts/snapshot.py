"""What a refused act must leave as it found: every table's rows and the output folder's files.

``snapshot()`` reads every table of the models (SQLModel.metadata.sorted_tables, ``SELECT *``
ordered by id) and the sha256 of every file under the output folder. Take it, attempt the act
through the front door, take it again, and compare: a refused act stores nothing, its pre-act
sweep included (it runs in the act's transaction).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, inspect, select
from sqlmodel import SQLModel


def snapshot(engine: Engine, out: Path | None = None) -> dict[str, Any]:
    """Every row of every table (as tuples, in id order) and every file under ``out`` (path → sha256)."""
    tables: dict[str, list[tuple[Any, ...]]] = {}
    with engine.connect() as connection:
        present = set(inspect(connection).get_table_names())
        for table in SQLModel.metadata.sorted_tables:
            if table.name not in present:
                continue
            order = [table.c.id] if "id" in table.c else list(table.primary_key.columns)
            tables[table.name] = [tuple(row) for row in connection.execute(select(table).order_by(*order))]
    files: dict[str, str] = {}
    if out is not None and out.exists():
        files = {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
                 for p in sorted(out.rglob("*")) if p.is_file()}
    return {"tables": tables, "files": files}


def default_snapshot() -> dict[str, Any]:
    """The snapshot of the configured database and output folder (the ``configured_db`` fixture's)."""
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    return snapshot(get_engine(), get_settings().output_dir)
