"""corrections: the correction table (issue 9, corrections as acts)

Revision ID: corrections
Revises: unknown_counts_conditions
Create Date: 2026-12-01

One row per correction of the record (casefile.record.corrections.Correction): the act, the record
corrected, each field's old and new value, why, the consequences reported, the documents issued
again, and the docket entry that records it. A new table: no existing row changes. Downgrade drops
it (the docket entries of the corrections stay, with their summaries).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'corrections'
down_revision: str | Sequence[str] | None = 'unknown_counts_conditions'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('correction',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('election_id', sa.Integer(), nullable=True),
    sa.Column('act', sa.String(), nullable=False),
    sa.Column('target', sa.String(), nullable=False),
    sa.Column('changes', sa.JSON(), nullable=True),
    sa.Column('why', sa.String(), nullable=False),
    sa.Column('consequences', sa.JSON(), nullable=True),
    sa.Column('reissues', sa.JSON(), nullable=True),
    sa.Column('entry_id', sa.Integer(), nullable=True),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['case_id'], ['case.id'], ),
    sa.ForeignKeyConstraint(['election_id'], ['election.id'], ),
    sa.ForeignKeyConstraint(['entry_id'], ['docketentry.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('correction', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_correction_case_id'), ['case_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('correction', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_correction_case_id'))

    op.drop_table('correction')
