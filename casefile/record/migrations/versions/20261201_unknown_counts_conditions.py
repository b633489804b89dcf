"""unknown void counts and voting methods; conditional directions; the General Counsel as actor

Revision ID: unknown_counts_conditions
Revises: web_logins
Create Date: 2026-12-01

Issue 10 (real procedure):

- ``tally.void`` and ``election.method`` become nullable: a void count or voting method the record
  does not give is stored unknown (None) and printed "not in the record", never 0 or "manual".
  Existing rows keep their values (nothing tells a stored 0 or "manual" that was a default from one
  that was recorded).
- ``decision.condition`` (text, default ""): a direction of a second election that waits on a later
  count ("no-union-majority": a new election only if the revised tally shows no majority for a
  labor organization; rules.md R-M1, R-M2).
- A new member of ``Actor``: ``GENERAL_COUNSEL``, who orders a case transferred to another Region
  (29 CFR 102.72(a)). SQLite stores the name in a VARCHAR: nothing to change. PostgreSQL's native
  type ``actor`` gets the value; no row of this upgrade uses it.

Downgrade: unknown void counts become 0 and unknown methods MANUAL (the values before this revision
could not say "unknown"), the condition column is dropped, and docket entries of the General Counsel
become BOARD before PostgreSQL's type is rebuilt without the value.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'unknown_counts_conditions'
down_revision: str | Sequence[str] | None = 'web_logins'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ACTORS_BEFORE = ("BOARD_AGENT", "REGIONAL_DIRECTOR", "HEARING_OFFICER", "ADMINISTRATIVE_LAW_JUDGE", "BOARD", "PARTY",
                  "SYSTEM")
_METHODS = ("MANUAL", "MAIL", "MIXED")


def upgrade() -> None:
    with op.batch_alter_table('tally', schema=None) as batch_op:
        batch_op.alter_column('void', existing_type=sa.Integer(), nullable=True)

    with op.batch_alter_table('election', schema=None) as batch_op:
        batch_op.alter_column('method', existing_type=sa.Enum(*_METHODS, name='votingmethod'), nullable=True)

    with op.batch_alter_table('decision', schema=None) as batch_op:
        batch_op.add_column(sa.Column('condition', sa.String(), nullable=False, server_default=''))

    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TYPE actor ADD VALUE IF NOT EXISTS 'GENERAL_COUNSEL' AFTER 'BOARD'")


def downgrade() -> None:
    op.execute("UPDATE docketentry SET actor = 'BOARD' WHERE actor = 'GENERAL_COUNSEL'")
    if op.get_bind().dialect.name == "postgresql":
        members = ", ".join(f"'{name}'" for name in _ACTORS_BEFORE)
        op.execute("ALTER TYPE actor RENAME TO actor_with_general_counsel")
        op.execute(f"CREATE TYPE actor AS ENUM ({members})")
        op.execute("ALTER TABLE docketentry ALTER COLUMN actor TYPE actor USING actor::text::actor")
        op.execute("DROP TYPE actor_with_general_counsel")

    with op.batch_alter_table('decision', schema=None) as batch_op:
        batch_op.drop_column('condition')

    op.execute("UPDATE election SET method = 'MANUAL' WHERE method IS NULL")
    with op.batch_alter_table('election', schema=None) as batch_op:
        batch_op.alter_column('method', existing_type=sa.Enum(*_METHODS, name='votingmethod'), nullable=False)

    op.execute("UPDATE tally SET void = 0 WHERE void IS NULL")
    with op.batch_alter_table('tally', schema=None) as batch_op:
        batch_op.alter_column('void', existing_type=sa.Integer(), nullable=False)
