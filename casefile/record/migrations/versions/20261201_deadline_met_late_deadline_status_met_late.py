"""deadline status met-late

Revision ID: deadline_met_late
Revises: docket_chain
Create Date: 2026-12-01 09:10:02.986326+00:00

A new member of ``DeadlineStatus`` (casefile.vocab): ``MET_LATE`` ("met-late"), for a date the Region
was to act by and acted on after it — a hearing that opened after its 15-business-day target
(rules.md R-I3; issue 10). Enum columns store member names.

- SQLite stores the name in a VARCHAR(8): ``MET_LATE`` fits; nothing to change.
- PostgreSQL has the native type ``deadlinestatus``: the value is added after ``MET``. It cannot be
  used before this transaction commits, and this revision writes no row with it.

Downgrade: deadlines met late become ``MET`` (the status before this revision) and, on PostgreSQL,
the type is rebuilt without the value (PostgreSQL cannot drop one value of an enum).
"""

from collections.abc import Sequence

from alembic import op

revision: str = 'deadline_met_late'
down_revision: str | Sequence[str] | None = 'docket_chain'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BEFORE = ("OPEN", "MET", "LAPSED", "MOOTED", "EXTENDED")


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TYPE deadlinestatus ADD VALUE IF NOT EXISTS 'MET_LATE' AFTER 'MET'")


def downgrade() -> None:
    op.execute("UPDATE deadline SET status = 'MET' WHERE status = 'MET_LATE'")
    if op.get_bind().dialect.name == "postgresql":
        members = ", ".join(f"'{name}'" for name in _BEFORE)
        op.execute("ALTER TYPE deadlinestatus RENAME TO deadlinestatus_with_met_late")
        op.execute(f"CREATE TYPE deadlinestatus AS ENUM ({members})")
        op.execute("ALTER TABLE deadline ALTER COLUMN status TYPE deadlinestatus USING status::text::deadlinestatus")
        op.execute("DROP TYPE deadlinestatus_with_met_late")
