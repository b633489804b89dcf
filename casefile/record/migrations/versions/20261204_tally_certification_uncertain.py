"""tally.uncertain, certification.uncertain: what the sources leave open about a count and a certification

Revision ID: tally_cert_uncertain
Revises: trigger_ruling_facts
Create Date: 2026-12-04 19:20:00+00:00

Issue 16 (a lawyer's fifth read-through of JFK8 and Bessemer): the record-tally and certification acts took an
``uncertain`` (what the sources leave open, as every act does) and dropped it, so the documents stated as fact
what the record itself flags:

- ``tally.uncertain`` (text, default ""): e.g. Bessemer's "738 + 1,798 + 505 + 76 = 3,117 ballots, against about
  3,215 received as reported by the union (98 unexplained)": the case status report prints it with the ballots cast.
- ``certification.uncertain`` (text, default ""): e.g. JFK8's "silive.com reports that Amazon could request review
  'by Jan. 25' ...": the certification prints it with the request-for-review date.

Existing rows are in the record as they were (the default: nothing said). The record is sealed again into each
case's last entry (the rows' digests change with the new columns), as revision hearing_set_and_opening did.

Downgrade drops the columns and seals the record again.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from casefile.record.migrations.resealing import seal_again

revision: str = 'tally_cert_uncertain'
down_revision: str | Sequence[str] | None = 'trigger_ruling_facts'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('tally', schema=None) as batch_op:
        batch_op.add_column(sa.Column('uncertain', sa.String(), nullable=False, server_default=''))
    with op.batch_alter_table('certification', schema=None) as batch_op:
        batch_op.add_column(sa.Column('uncertain', sa.String(), nullable=False, server_default=''))
    seal_again(op.get_bind())


def downgrade() -> None:
    with op.batch_alter_table('certification', schema=None) as batch_op:
        batch_op.drop_column('uncertain')
    with op.batch_alter_table('tally', schema=None) as batch_op:
        batch_op.drop_column('uncertain')
    seal_again(op.get_bind())
