"""ballots excluded at the count: on the tally, and as challenged ballots once ordered counted

Revision ID: excluded_ballots
Revises: documentkind_consolidation
Create Date: 2026-12-02 06:40:00+00:00

Issue 15 (Starbucks Walden: ballots excluded at the count and later ordered counted):

- ``tally.excluded`` (integer, default 0): the ballots the Board agent left out of the count (not opened,
  not challenged at it); ``tally.excluded_reason`` (an ``ExcludedReason`` member name — PostgreSQL: the new
  native type ``excludedreason``; SQLite: VARCHAR(17) — NULL: the record does not say why). Existing
  tallies excluded none.
- ``challengedballot.excluded_at_count`` (boolean, default false): a ballot excluded at the count and ordered
  counted, written as a challenged ballot to be opened (not on the tally's challenged line). Existing rows
  are challenges made at the count.
- New member of ``DocumentKind``: ORDER_TO_COUNT_EXCLUDED_BALLOTS (31 characters: SQLite's VARCHAR(41) holds
  it; PostgreSQL's native type ``documentkind`` gets the value).
- The record is sealed again into each case's last entry (the tally's and the challenged ballots' digests
  change with the new columns), as revision facts_not_prose did; a last entry whose hash does not hold is
  left as it is: verify names it.

Downgrade deletes the documents of the new kind from the register (their PDFs stay in the output folder),
drops the columns (a ballot written from an order stays in the register as a challenged ballot) and the type
``excludedreason``, and seals
the record again; on PostgreSQL the enum value stays (PostgreSQL cannot drop one value of an enum, and no
row uses it any more).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from casefile.record.migrations.resealing import seal_again

revision: str = 'excluded_ballots'
down_revision: str | Sequence[str] | None = 'documentkind_consolidation'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_KIND = "ORDER_TO_COUNT_EXCLUDED_BALLOTS"
#: The reason's type: on PostgreSQL the native type ``excludedreason`` (its members' names), on SQLite a VARCHAR(17).
_REASON = sa.Enum('LATE_MAIL_BALLOT', 'UNSIGNED_ENVELOPE', 'NOT_AT_THE_COUNT', 'DAMAGED_ENVELOPE', name='excludedreason')


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        op.execute(f"ALTER TYPE documentkind ADD VALUE IF NOT EXISTS '{_KIND}'")
        _REASON.create(bind, checkfirst=True)
    with op.batch_alter_table('tally', schema=None) as batch_op:
        batch_op.add_column(sa.Column('excluded', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('excluded_reason', _REASON, nullable=True))
    with op.batch_alter_table('challengedballot', schema=None) as batch_op:
        batch_op.add_column(sa.Column('excluded_at_count', sa.Boolean(), nullable=False, server_default=sa.false()))
    seal_again(bind)


def downgrade() -> None:
    bind = op.get_bind()
    op.execute(f"DELETE FROM document WHERE kind = '{_KIND}'")
    with op.batch_alter_table('challengedballot', schema=None) as batch_op:
        batch_op.drop_column('excluded_at_count')
    with op.batch_alter_table('tally', schema=None) as batch_op:
        batch_op.drop_column('excluded_reason')
        batch_op.drop_column('excluded')
    if bind.dialect.name == "postgresql":
        _REASON.drop(bind, checkfirst=True)
    seal_again(bind)
