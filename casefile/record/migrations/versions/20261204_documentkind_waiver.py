"""document kind of a party's waiver of exceptions

Revision ID: documentkind_waiver
Revises: tally_cert_uncertain
Create Date: 2026-12-04 19:15:00+00:00

New member of ``DocumentKind`` (casefile.vocab) (issue 15): the Waiver of Exceptions a party files with the
waive-exceptions act (the Regions' practice, docs/rules.md X-K8). Enum columns store member names.

- SQLite stores the name in a VARCHAR(41) (the longest member, DECISION_AND_DIRECTION_OF_SECOND_ELECTION):
  WAIVER_OF_EXCEPTIONS (20 characters) fits; nothing to change.
- PostgreSQL has the native type ``documentkind``: the value is added. It cannot be used before this
  transaction commits, and this revision writes no row with it.

The filing itself (``filing.kind`` ``exceptions-waiver``) is a VARCHAR holding the kind's value: no change.

Downgrade: documents of the kind are deleted from the register (their PDFs stay in the output folder) and, on
PostgreSQL, the type is rebuilt without the value (PostgreSQL cannot drop one value of an enum); the members of
the revisions before this one are kept. Waiver filings stay in the register (an older casefile refuses to read
their kind: downgrade only a database that holds none).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'documentkind_waiver'
down_revision: str | Sequence[str] | None = 'tally_cert_uncertain'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ADDED = ("WAIVER_OF_EXCEPTIONS",)


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
        op.execute("ALTER TYPE documentkind RENAME TO documentkind_with_waiver")
        op.execute(f"CREATE TYPE documentkind AS ENUM ({members})")
        op.execute("ALTER TABLE document ALTER COLUMN kind TYPE documentkind USING kind::text::documentkind")
        op.execute("DROP TYPE documentkind_with_waiver")
