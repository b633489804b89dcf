"""deadline kind post-hearing-brief

Revision ID: deadlinekind_post_hearing_brief
Revises: documentkind_party_filings
Create Date: 2026-12-01 13:00:00+00:00

A new member of ``DeadlineKind`` (casefile.vocab): ``POST_HEARING_BRIEF`` ("post-hearing-brief"), the
period for post-hearing briefs to the hearing officer that the close of the hearing keeps (29 CFR
102.69(c)(1)(iii): as the hearing officer allows; under the 2019 text, 5 business days of right; rules.md
R-A1, R-J4; issue 10). Enum columns store member names.

- SQLite stores the name in a VARCHAR: nothing to change (SQLite does not enforce its length).
- PostgreSQL has the native type ``deadlinekind``: the value is added at the end. It cannot be used
  before this transaction commits, and this revision writes no row with it.

Downgrade: the post-hearing brief deadlines are deleted (no earlier kind means the same thing; the
reminders sent for them go with them) and, on PostgreSQL, the type is rebuilt without the value
(PostgreSQL cannot drop one value of an enum).
"""

from collections.abc import Sequence

from alembic import op

revision: str = 'deadlinekind_post_hearing_brief'
down_revision: str | Sequence[str] | None = 'documentkind_party_filings'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BEFORE = ("OBJECTIONS", "OFFER_OF_PROOF", "HEARING_OPENS", "EXCEPTIONS", "ANSWERING_BRIEF", "REVISED_TALLY_OBJECTIONS",
           "REQUEST_FOR_REVIEW", "RFR_OPPOSITION", "RECONSIDERATION", "EARLIEST_CERTIFICATION", "NOTICE_POSTING",
           "ALJ_EXCEPTIONS")


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TYPE deadlinekind ADD VALUE IF NOT EXISTS 'POST_HEARING_BRIEF'")


def downgrade() -> None:
    op.execute("DELETE FROM remindersent WHERE deadline_id IN "
               "(SELECT id FROM deadline WHERE kind = 'POST_HEARING_BRIEF')")
    op.execute("UPDATE filing SET deadline_id = NULL WHERE deadline_id IN "
               "(SELECT id FROM deadline WHERE kind = 'POST_HEARING_BRIEF')")
    op.execute("DELETE FROM deadline WHERE kind = 'POST_HEARING_BRIEF'")
    if op.get_bind().dialect.name == "postgresql":
        members = ", ".join(f"'{name}'" for name in _BEFORE)
        op.execute("ALTER TYPE deadlinekind RENAME TO deadlinekind_with_post_hearing_brief")
        op.execute(f"CREATE TYPE deadlinekind AS ENUM ({members})")
        op.execute("ALTER TABLE deadline ALTER COLUMN kind TYPE deadlinekind USING kind::text::deadlinekind")
        op.execute("DROP TYPE deadlinekind_with_post_hearing_brief")
