"""front door: recorded_by, tally outcome, offer of proof link

Revision ID: b7648f7f2339
Revises: deadline_met_late
Create Date: 2026-12-01 09:15:41.241157+00:00

Read before committing (docs/migrations.md): autogenerate does not see renamed tables or columns,
new members of an enum (PostgreSQL needs ALTER TYPE ... ADD VALUE), or data to move; a new NOT NULL
column on a table with rows needs a server_default or a data step.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'b7648f7f2339'
down_revision: str | Sequence[str] | None = 'deadline_met_late'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('docketentry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('recorded_by', sa.String(), nullable=False, server_default=''))

    with op.batch_alter_table('filing', schema=None) as batch_op:
        batch_op.add_column(sa.Column('accompanies_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_filing_accompanies_id_filing', 'filing', ['accompanies_id'], ['id'])

    with op.batch_alter_table('tally', schema=None) as batch_op:
        batch_op.add_column(sa.Column('winner', sa.String(), nullable=True))
        batch_op.add_column(sa.Column('runoff_choices', sa.JSON(), nullable=True))

    # Existing rows: the offer of proof filed with a party's objections (same election, party and
    # day) is linked to them; each stored tally's winner and runoff choices are taken from the
    # outcome the rules stored with it (REP: the union with the majority; RUNOFF: from the text
    # "Runoff: A v. B" that the same rules wrote, the only place older rows kept them).
    bind = op.get_bind()
    filing = sa.table('filing', sa.column('id', sa.Integer), sa.column('kind', sa.String),
                      sa.column('election_id', sa.Integer), sa.column('party_id', sa.Integer),
                      sa.column('received_on', sa.Date), sa.column('accompanies_id', sa.Integer))
    rows = bind.execute(sa.select(filing.c.id, filing.c.kind, filing.c.election_id, filing.c.party_id,
                                  filing.c.received_on).order_by(filing.c.id)).all()
    objections = {(r.election_id, r.party_id, r.received_on): r.id for r in rows if r.kind == 'objections'}
    for r in rows:
        if r.kind == 'offer-of-proof' and (r.election_id, r.party_id, r.received_on) in objections:
            bind.execute(filing.update().where(filing.c.id == r.id).values(
                accompanies_id=objections[(r.election_id, r.party_id, r.received_on)]))
    tally = sa.table('tally', sa.column('id', sa.Integer), sa.column('outcome', sa.String),
                     sa.column('outcome_text', sa.String), sa.column('majority_for', sa.String),
                     sa.column('winner', sa.String), sa.column('runoff_choices', sa.JSON))
    for t in bind.execute(sa.select(tally.c.id, tally.c.outcome, tally.c.outcome_text, tally.c.majority_for)).all():
        winner, pair = None, []
        if t.outcome == 'REP':
            prefix = 'Certification of Representative: '
            winner = t.outcome_text[len(prefix):] if t.outcome_text.startswith(prefix) else t.majority_for
        elif t.outcome == 'RUNOFF' and t.outcome_text.startswith('Runoff: ') and ' v. ' in t.outcome_text:
            pair = t.outcome_text[len('Runoff: '):].split(' v. ', 1)
        bind.execute(tally.update().where(tally.c.id == t.id).values(winner=winner, runoff_choices=pair))


def downgrade() -> None:
    with op.batch_alter_table('tally', schema=None) as batch_op:
        batch_op.drop_column('runoff_choices')
        batch_op.drop_column('winner')

    with op.batch_alter_table('filing', schema=None) as batch_op:
        batch_op.drop_constraint('fk_filing_accompanies_id_filing', type_='foreignkey')
        batch_op.drop_column('accompanies_id')

    with op.batch_alter_table('docketentry', schema=None) as batch_op:
        batch_op.drop_column('recorded_by')
