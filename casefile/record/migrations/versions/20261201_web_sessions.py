"""web: server-side sessions and the kind of client of a sign-in attempt

Revision ID: web_sessions
Revises: hearing_time_issuer
Create Date: 2026-12-01

Issue 14 (sessions and sign-in):

- new table ``websignin`` (casefile/record/logins.py WebSignIn): one row per signed-in browser
  session, the sha256 of its cookie's random id, its user, when it began and was last used. The
  signed cookies of earlier versions carried the session itself; they are no longer read, so
  everyone signs in again once after the upgrade.
- ``loginattempt.client`` (text, default "untrusted", indexed): which kind of client tried
  (``device:…``, ``known``, ``untrusted``), for throttling that does not lock out the real user.

Downgrade drops both.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'web_sessions'
down_revision: str | Sequence[str] | None = 'hearing_time_issuer'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('websignin',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('token_hash', sa.String(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_seen_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('address', sa.String(), nullable=False),
    sa.Column('user_agent', sa.String(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['useraccount.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('websignin', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_websignin_token_hash'), ['token_hash'], unique=True)
        batch_op.create_index(batch_op.f('ix_websignin_user_id'), ['user_id'], unique=False)
    with op.batch_alter_table('loginattempt', schema=None) as batch_op:
        batch_op.add_column(sa.Column('client', sa.String(), nullable=False, server_default='untrusted'))
        batch_op.create_index(batch_op.f('ix_loginattempt_client'), ['client'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('loginattempt', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_loginattempt_client'))
        batch_op.drop_column('client')
    with op.batch_alter_table('websignin', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_websignin_user_id'))
        batch_op.drop_index(batch_op.f('ix_websignin_token_hash'))
    op.drop_table('websignin')
