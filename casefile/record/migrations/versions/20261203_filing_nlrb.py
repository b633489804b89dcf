"""filing.nlrb: whether a recorded filing was e-filed with the NLRB or only prepared in casefile

Revision ID: filing_nlrb
Revises: facts_public
Create Date: 2026-12-03 14:20:00+00:00

New-user trial F7/F16/F31: a filing recorded on the web was counted as meeting its period although the page said
it was not yet filed with the NLRB. ``filing.nlrb`` (text, default "e-filed") says which: "e-filed" (the Region or
the Board received it, on ``received_on``/``received_at``) or "prepared" (recorded and its PDF made in casefile,
not yet e-filed: it meets no period, casefile.rules.efiling). Every existing row records real history and is
"e-filed" (the default). The record is sealed again into each case's last entry (the rows' digests change with
the new column), as revision facts_public did.

Downgrade drops the column and seals the record again.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from casefile.record.migrations.resealing import seal_again

revision: str = 'filing_nlrb'
down_revision: str | Sequence[str] | None = 'facts_public'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('filing', schema=None) as batch_op:
        batch_op.add_column(sa.Column('nlrb', sa.String(), nullable=False, server_default='e-filed'))
    seal_again(op.get_bind())


def downgrade() -> None:
    with op.batch_alter_table('filing', schema=None) as batch_op:
        batch_op.drop_column('nlrb')
    seal_again(op.get_bind())
