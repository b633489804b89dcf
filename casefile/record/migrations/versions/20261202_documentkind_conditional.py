"""document kinds of a conditional direction of a second election and of the direction that follows it

Revision ID: documentkind_conditional
Revises: facts_not_prose
Create Date: 2026-12-02 06:10:00+00:00

New members of ``DocumentKind`` (casefile.vocab) (issue 15): the Decision on Objections and Conditional
Direction of Second Election, issued on the conditional decision's own date, and the Supplemental Decision
and Direction of Second Election, issued on the date of the revised tally that meets its condition. Enum
columns store member names.

- SQLite stores the name in a VARCHAR(41) (the longest member, DECISION_AND_DIRECTION_OF_SECOND_ELECTION):
  both new names fit (34 and 35 characters); nothing to change.
- PostgreSQL has the native type ``documentkind``: the values are added. They cannot be used before
  this transaction commits, and this revision writes no row with them.

Downgrade: documents of these kinds are deleted from the register (their PDFs stay in the output
folder) and, on PostgreSQL, the type is rebuilt without the values (PostgreSQL cannot drop one
value of an enum); the members of the revisions before this one are kept.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'documentkind_conditional'
down_revision: str | Sequence[str] | None = 'facts_not_prose'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ADDED = ("DECISION_AND_CONDITIONAL_DIRECTION", "SUPPLEMENTAL_DECISION_AND_DIRECTION")


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
        op.execute("ALTER TYPE documentkind RENAME TO documentkind_with_conditional")
        op.execute(f"CREATE TYPE documentkind AS ENUM ({members})")
        op.execute("ALTER TABLE document ALTER COLUMN kind TYPE documentkind USING kind::text::documentkind")
        op.execute("DROP TYPE documentkind_with_conditional")
