"""web: sign-in attempts (rate limit shared by every web process) and calendar subscriptions

Revision ID: web_logins
Revises: accounts_issue8
Create Date: 2026-12-01

Issue 8 (the web application): two new tables (casefile/record/logins.py), nothing else changed.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'web_logins'
down_revision: str | Sequence[str] | None = 'accounts_issue8'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('loginattempt',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('email', sa.String(), nullable=False),
    sa.Column('address', sa.String(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('succeeded', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('loginattempt', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_loginattempt_address'), ['address'], unique=False)
        batch_op.create_index(batch_op.f('ix_loginattempt_at'), ['at'], unique=False)
        batch_op.create_index(batch_op.f('ix_loginattempt_email'), ['email'], unique=False)

    op.create_table('calendarsubscription',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('secret_hash', sa.String(), nullable=False),
    sa.Column('prefix', sa.String(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('last_fetched_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['useraccount.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('calendarsubscription', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_calendarsubscription_secret_hash'), ['secret_hash'], unique=True)
        batch_op.create_index(batch_op.f('ix_calendarsubscription_user_id'), ['user_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('calendarsubscription', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_calendarsubscription_user_id'))
        batch_op.drop_index(batch_op.f('ix_calendarsubscription_secret_hash'))
    op.drop_table('calendarsubscription')
    with op.batch_alter_table('loginattempt', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_loginattempt_email'))
        batch_op.drop_index(batch_op.f('ix_loginattempt_at'))
        batch_op.drop_index(batch_op.f('ix_loginattempt_address'))
    op.drop_table('loginattempt')
