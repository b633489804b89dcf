"""the hearing's opening time and the order's signer

Revision ID: hearing_time_issuer
Revises: deadlinekind_post_hearing_brief
Create Date: 2026-12-01

- ``hearing.opens_at`` (text, default ""): the time of day the notice sets the hearing to open, "HH:MM"
  at the office that has the case ("" — not in the record: a replayed public case prints a placeholder).
- ``hearing.issuer`` (text, default ""): the Regional Director who signed the notice (or the order
  consolidating the hearing with an unfair-labor-practice case).

Downgrade drops both columns.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'hearing_time_issuer'
down_revision: str | Sequence[str] | None = 'deadlinekind_post_hearing_brief'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('hearing', schema=None) as batch_op:
        batch_op.add_column(sa.Column('opens_at', sa.String(), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('issuer', sa.String(), nullable=False, server_default=''))


def downgrade() -> None:
    with op.batch_alter_table('hearing', schema=None) as batch_op:
        batch_op.drop_column('issuer')
        batch_op.drop_column('opens_at')
