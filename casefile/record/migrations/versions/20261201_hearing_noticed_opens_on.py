"""the date the Notice of Hearing set, kept when the hearing is postponed or opens on another day

Revision ID: hearing_noticed_opens_on
Revises: web_sessions
Create Date: 2026-12-01

- ``hearing.noticed_opens_on`` (date, nullable): the opening date the Notice of Hearing set. ``opens_on``
  stays the date the hearing is set to open (after a postponement) or opened. Existing rows get their
  ``opens_on``: the notice's date for a hearing not yet postponed or opened; for one already opened
  on another day the noticed date was not kept and the opening date is the best the record has.

Downgrade drops the column.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'hearing_noticed_opens_on'
down_revision: str | Sequence[str] | None = 'web_sessions'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('hearing', schema=None) as batch_op:
        batch_op.add_column(sa.Column('noticed_opens_on', sa.Date(), nullable=True))
    op.execute("UPDATE hearing SET noticed_opens_on = opens_on")


def downgrade() -> None:
    with op.batch_alter_table('hearing', schema=None) as batch_op:
        batch_op.drop_column('noticed_opens_on')
