"""facts the public record lacks, as fields: dates not public, acts inferred, what a hearing order leaves open

Revision ID: facts_public
Revises: excluded_ballots
Create Date: 2026-12-02 18:10:00+00:00

Issue 16 (a lawyer's read-through of JFK8 and Bessemer): what the public record does not show is a field, never
a prefix in a note that a document reads back, and never a guess stated as fact.

- ``hearing.opening_date_public`` (boolean, default true): false when the record holds only the date the hearing
  was set to open, not the day it opened. Until now a part of ``hearing.uncertain`` beginning "Its opening: " said
  so; a hearing with such a part recorded as opened on the date its notice set gets false (the text stays in
  ``uncertain``, for the annex).
- ``hearing.noticed_on_public`` (boolean, default true): false when the notice's or the order's date is not in the
  public record (it is recorded on a date the record implies).
- ``hearing.objection_numbers_public`` (boolean, default true): false when which objections were set for hearing
  (by number) is not in the public record.
- ``hearing.challenges_unresolved`` (integer, NULL): the challenged ballots still unresolved when the order set
  them for hearing, when the record gives that count (NULL: it does not; the tally's challenged line stands).
- ``filing.received_on_public`` (boolean, default true): false when the filing's date is not in the public record.
- ``filing.inferred_from`` (text, default ""): the filing is not in the public record, which only implies it; what
  the record shows instead ("" : the filing is in the record).
- ``agencyorder.issued_on_public`` (boolean, default true), ``agencyorder.inferred_from`` (text, default ""): the
  same for an order.
- ``case.petition_filed_on_public`` (boolean, default true): false when the petition's date is from reports, not
  from the Board's record; ``case.agreement_public`` (boolean, default true): false when the election agreement
  recorded is inferred (the record does not name it).

Existing rows are in the record as they were (the defaults), but for the hearing's opening above. The record is
sealed again into each case's last entry (the rows' digests change with the new columns), as revision
excluded_ballots did; a last entry whose hash does not hold is left as it is: verify names it.

Downgrade drops the columns (a hearing's opening part stays in its ``uncertain``) and seals the record again.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from casefile.record.migrations.resealing import seal_again

revision: str = 'facts_public'
down_revision: str | Sequence[str] | None = 'excluded_ballots'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: The new flags, each true (in the public record) unless a row says otherwise.
_FLAGS = {
    'hearing': ('opening_date_public', 'noticed_on_public', 'objection_numbers_public'),
    'filing': ('received_on_public',),
    'agencyorder': ('issued_on_public',),
    'case': ('petition_filed_on_public', 'agreement_public'),
}
_TEXTS = {'filing': ('inferred_from',), 'agencyorder': ('inferred_from',)}
#: How open-hearing began the part of ``hearing.uncertain`` that said the opening is the scheduled one.
_OPENING_PART = "Its opening: "


def upgrade() -> None:
    bind = op.get_bind()
    for table_name in ('hearing', 'filing', 'agencyorder', 'case'):
        with op.batch_alter_table(table_name, schema=None) as batch_op:
            for name in _FLAGS[table_name]:
                batch_op.add_column(sa.Column(name, sa.Boolean(), nullable=False, server_default=sa.true()))
            for name in _TEXTS.get(table_name, ()):
                batch_op.add_column(sa.Column(name, sa.String(), nullable=False, server_default=''))
            if table_name == 'hearing':
                batch_op.add_column(sa.Column('challenges_unresolved', sa.Integer(), nullable=True))
    hearing = sa.table('hearing', sa.column('id'), sa.column('opens_on'), sa.column('noticed_opens_on'),
                       sa.column('uncertain', sa.String()), sa.column('opening_date_public', sa.Boolean()))
    bind.execute(hearing.update()
                 .where(hearing.c.opens_on.is_not(None), hearing.c.opens_on == hearing.c.noticed_opens_on,
                        hearing.c.uncertain.contains(_OPENING_PART, autoescape=True))
                 .values(opening_date_public=False))
    seal_again(bind)


def downgrade() -> None:
    bind = op.get_bind()
    for table_name in ('case', 'agencyorder', 'filing', 'hearing'):
        with op.batch_alter_table(table_name, schema=None) as batch_op:
            if table_name == 'hearing':
                batch_op.drop_column('challenges_unresolved')
            for name in reversed(_TEXTS.get(table_name, ())):
                batch_op.drop_column(name)
            for name in reversed(_FLAGS[table_name]):
                batch_op.drop_column(name)
    seal_again(bind)
