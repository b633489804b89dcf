"""the docket chain covers the record (chain version 2)

Revision ID: record_seal
Revises: uploads
Create Date: 2026-12-01

- ``docketentry.seal`` (JSON, NULL for an entry chained before this revision): the digests of the
  record rows the entry's act wrote and of the act's terms (casefile.record.sealing), covered by the
  entry's ``chain_hash`` (casefile.record.chain, version 2).
- The record as it stands is sealed into each case's last entry: every row of the case's record
  tables (casefile.record.chain.RECORD) gets its digest in that entry's seal, and the entry's hash
  is computed again (version 2), so an upgraded database verifies and a fact changed afterwards is
  found. The earlier entries keep their version-1 hashes. A last entry whose version-1 hash does not
  match (edited before the upgrade, or another key) is left as it is: verify names it.

Downgrade chains every case again with version 1 (seals dropped) and drops the column.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from casefile.record.migrations.resealing import docket_table, document_shas, seal_again

revision: str = 'record_seal'
down_revision: str | Sequence[str] | None = 'uploads'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('docketentry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seal', sa.JSON(), nullable=True))
    seal_again(op.get_bind())  # no entry is sealed yet: each last entry's version-1 hash is checked, its seal the rows


def downgrade() -> None:
    _chain_again_v1(op.get_bind())
    with op.batch_alter_table('docketentry', schema=None) as batch_op:
        batch_op.drop_column('seal')


def _chain_again_v1(bind: sa.Connection) -> None:
    """Chain every case's entries in id order with version 1 (what revision docket_chain made)."""
    from casefile.record.chain import link_hash
    from casefile.record.secret_key import keys_for

    docket = docket_table()
    key = keys_for(bind).signing
    shas = document_shas(bind)
    heads: dict[int, str] = {}
    updates = []
    for row in bind.execute(sa.select(docket).order_by(docket.c.id)).mappings():
        prev = heads.get(row['case_id'], '')
        chain = link_hash(key, {**row, 'seal': None}, prev_hash=prev,
                          document_sha256=shas.get(row['document_id'], '') if row['document_id'] is not None else '')
        heads[row['case_id']] = chain
        if (prev, chain) != (row['prev_hash'], row['chain_hash']):
            updates.append({'row_id': row['id'], 'prev': prev, 'chain': chain})
    # The unique (case_id, prev_hash) index: clear the links first, then write them again.
    if updates:
        bind.execute(docket.update().where(docket.c.id == sa.bindparam('row_id')).values(prev_hash=sa.bindparam('tmp')),
                     [{'row_id': u['row_id'], 'tmp': f"-{u['row_id']}"} for u in updates])
        bind.execute(docket.update().where(docket.c.id == sa.bindparam('row_id'))
                     .values(prev_hash=sa.bindparam('prev'), chain_hash=sa.bindparam('chain')), updates)
