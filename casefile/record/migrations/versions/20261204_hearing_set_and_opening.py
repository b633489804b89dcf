"""hearing.objections_set_public, hearing.opening_uncertain: what a record copy's hearing order and opening leave open

Revision ID: hearing_set_and_opening
Revises: offer_per_party
Create Date: 2026-12-04 02:35:00+00:00

Issue 16 (a lawyer's third read-through of JFK8 and Bessemer):

- ``hearing.objections_set_public`` (boolean, default true): false when the public record does not show which
  objections the notice or order set for hearing, nor how many (Bessemer's and JFK8's notices: the reports count
  the objections filed, not those set). The documents then list and count none, and say the record does not show
  which (the objections recorded as set stand in for them in the acts).
- ``hearing.opening_uncertain`` (text, default ""): what the sources leave uncertain about the hearing's opening
  (open-hearing's ``uncertain``), kept apart from the notice's ``hearing.uncertain`` so a record copy's annex gives
  each its own labeled note. Existing rows keep their text where it is (an opening's note already joined to the
  notice's stays there).

Existing rows are in the record as they were (the defaults). The record is sealed again into each case's last
entry (the rows' digests change with the new columns), as revision filing_nlrb did.

Downgrade drops the columns and seals the record again.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from casefile.record.migrations.resealing import seal_again

revision: str = 'hearing_set_and_opening'
down_revision: str | Sequence[str] | None = 'offer_per_party'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('hearing', schema=None) as batch_op:
        batch_op.add_column(sa.Column('objections_set_public', sa.Boolean(), nullable=False, server_default=sa.true()))
        batch_op.add_column(sa.Column('opening_uncertain', sa.String(), nullable=False, server_default=''))
    seal_again(op.get_bind())


def downgrade() -> None:
    with op.batch_alter_table('hearing', schema=None) as batch_op:
        batch_op.drop_column('opening_uncertain')
        batch_op.drop_column('objections_set_public')
    seal_again(op.get_bind())
