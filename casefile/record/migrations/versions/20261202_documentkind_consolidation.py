"""document kind of the Regional Director's order consolidating cases and notice of hearing

Revision ID: documentkind_consolidation
Revises: documentkind_conditional
Create Date: 2026-12-02 07:00:00+00:00

A new member of ``DocumentKind`` (casefile.vocab) (issue 16): the Order Consolidating Cases and Notice of
Hearing the consolidate-with-ulp act issues. Enum columns store member names.

- SQLite stores the name in a VARCHAR(41): ORDER_CONSOLIDATING_CASES (25 characters) fits; nothing to change.
- PostgreSQL has the native type ``documentkind``: the value is added (unused before this transaction commits;
  this revision writes no row with it).

Downgrade: documents of this kind are deleted from the register (their PDFs stay in the output folder) and, on
PostgreSQL, the type is rebuilt without the value; the members of the revisions before this one are kept.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'documentkind_consolidation'
down_revision: str | Sequence[str] | None = 'documentkind_conditional'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ADDED = ("ORDER_CONSOLIDATING_CASES",)


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for name in _ADDED:
            op.execute(f"ALTER TYPE documentkind ADD VALUE IF NOT EXISTS '{name}'")


def downgrade() -> None:
    added = ", ".join(f"'{name}'" for name in _ADDED)
    op.execute(f"DELETE FROM document WHERE kind IN ({added})")
    if op.get_bind().dialect.name == "postgresql":
        bind = op.get_bind()
        kept = [row[0] for row in bind.execute(sa.text(
            "SELECT enumlabel FROM pg_enum WHERE enumtypid = 'documentkind'::regtype ORDER BY enumsortorder"))
            if row[0] not in _ADDED]  # the type of this schema (the search path), not one of the same name elsewhere
        members = ", ".join(f"'{name}'" for name in kept)
        op.execute("ALTER TYPE documentkind RENAME TO documentkind_with_consolidation")
        op.execute(f"CREATE TYPE documentkind AS ENUM ({members})")
        op.execute("ALTER TABLE document ALTER COLUMN kind TYPE documentkind USING kind::text::documentkind")
        op.execute("DROP TYPE documentkind_with_consolidation")
