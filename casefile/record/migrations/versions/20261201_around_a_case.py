"""around a case: assignments, private notes, notices

Revision ID: around_a_case
Revises: documentkind_orders
Create Date: 2026-12-01

Issue 8 ("Around a case"): four new tables (casefile/record/around.py) — assignment, casenote,
noticeoptin, noticesent — and nothing else changed. No database enum: the notice ledger's status
is a VARCHAR.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'around_a_case'
down_revision: str | Sequence[str] | None = 'documentkind_orders'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('casenote',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('author_id', sa.Integer(), nullable=False),
    sa.Column('author', sa.String(), nullable=False),
    sa.Column('text', sa.String(), nullable=False),
    sa.Column('written_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['author_id'], ['useraccount.id'], ),
    sa.ForeignKeyConstraint(['case_id'], ['case.id'], ),
    sa.ForeignKeyConstraint(['organization_id'], ['organization.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('casenote', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_casenote_case_id'), ['case_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_casenote_organization_id'), ['organization_id'], unique=False)

    op.create_table('noticeoptin',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('after_entry_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['useraccount.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('user_id')
    )
    op.create_table('assignment',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('person_id', sa.Integer(), nullable=True),
    sa.Column('assigned_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('assigned_by', sa.String(), nullable=False),
    sa.ForeignKeyConstraint(['case_id'], ['case.id'], ),
    sa.ForeignKeyConstraint(['organization_id'], ['organization.id'], ),
    sa.ForeignKeyConstraint(['person_id'], ['person.id'], ),
    sa.ForeignKeyConstraint(['user_id'], ['useraccount.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('organization_id', 'case_id', 'user_id')
    )
    with op.batch_alter_table('assignment', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_assignment_case_id'), ['case_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_assignment_organization_id'), ['organization_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_assignment_user_id'), ['user_id'], unique=False)

    op.create_table('noticesent',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('entry_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('channel_hash', sa.String(), nullable=False),
    sa.Column('channel', sa.String(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('last_error', sa.String(), nullable=False),
    sa.Column('claim_token', sa.String(), nullable=False),
    sa.Column('claimed_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('sent_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['entry_id'], ['docketentry.id'], ),
    sa.ForeignKeyConstraint(['user_id'], ['useraccount.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('entry_id', 'user_id', 'channel_hash')
    )
    with op.batch_alter_table('noticesent', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_noticesent_status'), ['status'], unique=False)
        batch_op.create_index(batch_op.f('ix_noticesent_user_id'), ['user_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('noticesent', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_noticesent_user_id'))
        batch_op.drop_index(batch_op.f('ix_noticesent_status'))

    op.drop_table('noticesent')
    with op.batch_alter_table('assignment', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_assignment_user_id'))
        batch_op.drop_index(batch_op.f('ix_assignment_organization_id'))
        batch_op.drop_index(batch_op.f('ix_assignment_case_id'))

    op.drop_table('assignment')
    op.drop_table('noticeoptin')
    with op.batch_alter_table('casenote', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_casenote_organization_id'))
        batch_op.drop_index(batch_op.f('ix_casenote_case_id'))

    op.drop_table('casenote')
