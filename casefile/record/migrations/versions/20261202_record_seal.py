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

revision: str = 'record_seal'
down_revision: str | Sequence[str] | None = 'uploads'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ENTRY = ("id", "case_id", "election_id", "act_key", "act", "actor", "recorded_by", "occurred_on", "recorded_at",
          "summary", "from_stage", "to_stage", "ref", "document_id", "prev_hash", "chain_hash")
_CHUNK = 500


def _docket() -> sa.TableClause:
    return sa.table('docketentry', *[sa.column(n) for n in _ENTRY], sa.column('seal', sa.JSON()))


def upgrade() -> None:
    with op.batch_alter_table('docketentry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seal', sa.JSON(), nullable=True))
    _seal_the_record(op.get_bind())


def downgrade() -> None:
    _chain_again_v1(op.get_bind())
    with op.batch_alter_table('docketentry', schema=None) as batch_op:
        batch_op.drop_column('seal')


def _shas(bind: sa.Connection) -> dict[int, str]:
    document = sa.table('document', sa.column('id'), sa.column('sha256'))
    return dict(bind.execute(sa.select(document.c.id, document.c.sha256)).all())


def _seal_the_record(bind: sa.Connection) -> None:
    """Seal every case's record into its last entry (when that entry's version-1 hash holds)."""
    from casefile.record.chain import link_hash
    from casefile.record.sealing import columns_present, record_digests
    from casefile.record.secret_key import keys_for

    docket = _docket()
    key = keys_for(bind).signing
    shas = _shas(bind)
    present = columns_present(bind)  # columns a later revision adds are not there yet (facts_not_prose)
    last = sa.select(sa.func.max(docket.c.id)).group_by(docket.c.case_id)
    entries = [dict(r) for r in bind.execute(sa.select(docket).where(docket.c.id.in_(last))
                                             .order_by(docket.c.case_id)).mappings()]
    updates = []
    for start in range(0, len(entries), _CHUNK):
        chunk = entries[start:start + _CHUNK]
        digests = record_digests(bind, [e['case_id'] for e in chunk], present=present)
        for entry in chunk:
            sha = shas.get(entry['document_id'], '') if entry['document_id'] is not None else ''
            values = {**entry, 'seal': None}
            if link_hash(key, values, prev_hash=entry['prev_hash'], document_sha256=sha) != entry['chain_hash']:
                continue  # edited before the upgrade, or another key: verify names it
            seal = {'rows': digests[entry['case_id']]}
            updates.append({'row_id': entry['id'], 'seal_value': seal,
                            'chain': link_hash(key, {**entry, 'seal': seal}, prev_hash=entry['prev_hash'],
                                               document_sha256=sha)})
    if updates:
        bind.execute(docket.update().where(docket.c.id == sa.bindparam('row_id'))
                     .values(seal=sa.bindparam('seal_value', type_=sa.JSON()), chain_hash=sa.bindparam('chain')),
                     updates)


def _chain_again_v1(bind: sa.Connection) -> None:
    """Chain every case's entries in id order with version 1 (what revision docket_chain made)."""
    from casefile.record.chain import link_hash
    from casefile.record.secret_key import keys_for

    docket = _docket()
    key = keys_for(bind).signing
    shas = _shas(bind)
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
