"""pytest-alembic's checks of casefile's migrations, on SQLite and on PostgreSQL: one head, an
upgrade from empty to head, each revision up and back down, and the models equal to what the
migrations make (a model changed without its revision fails here, showing the missing operations)."""

from __future__ import annotations

import pytest_alembic
from pytest_alembic.tests import default as checks  # a module name, so that pytest does not collect its test_*
from sqlalchemy import text

from casefile.record import migrate


class TestPytestAlembic:
    def test_single_head(self, alembic_runner: pytest_alembic.MigrationContext) -> None:
        """The revisions have exactly one head (two helpers' revisions on the same parent must be merged)."""
        checks.test_single_head_revision(alembic_runner)

    def test_upgrade_from_empty_to_head(self, alembic_runner: pytest_alembic.MigrationContext) -> None:
        """An empty database upgrades through every revision to head."""
        checks.test_upgrade(alembic_runner)
        assert alembic_runner.current == migrate.head()

    def test_up_and_down(self, alembic_runner: pytest_alembic.MigrationContext) -> None:
        """Each revision upgrades one step at a time and downgrades back to the empty database."""
        checks.test_up_down_consistency(alembic_runner)

    def test_models_match_the_migrations(self, alembic_runner: pytest_alembic.MigrationContext) -> None:
        """Autogenerate finds nothing to do between the models and a database at head."""
        checks.test_model_definitions_match_ddl(alembic_runner)


def test_postgres_enum_types_have_the_models_members(postgres_schema_url: str) -> None:
    """On PostgreSQL each enum column's native type holds exactly its Python enum's members, in order
    (autogenerate does not see a member added to an enum: it needs ALTER TYPE ... ADD VALUE)."""
    from sqlalchemy import Enum
    from sqlmodel import SQLModel

    from casefile.record import models  # noqa: F401  (tables)
    from casefile.record.db import make_engine

    engine = make_engine(postgres_schema_url)
    try:
        migrate.upgrade(engine)
        wanted = {column.type.name: list(column.type.enums) for table in SQLModel.metadata.sorted_tables
                  for column in table.columns if isinstance(column.type, Enum)}
        with engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT t.typname, array_agg(e.enumlabel ORDER BY e.enumsortorder) FROM pg_type t "
                "JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace "
                "WHERE n.nspname = current_schema() GROUP BY t.typname")).all()
        assert {name: list(labels) for name, labels in rows} == wanted
        assert wanted["stage"][:2] == ["TALLY_ISSUED", "OBJECTIONS_PENDING"]
    finally:
        engine.dispose()
