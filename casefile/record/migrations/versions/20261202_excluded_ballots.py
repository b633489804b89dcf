"""ballots excluded at the count: on the tally, and as challenged ballots once ordered counted

Revision ID: excluded_ballots
Revises: documentkind_consolidation
Create Date: 2026-12-02 06:40:00+00:00

Issue 15 (Starbucks Walden: ballots excluded at the count and later ordered counted):

- ``tally.excluded`` (integer, default 0): the ballots the Board agent left out of the count (not opened,
  not challenged at it); ``tally.excluded_reason`` (an ``ExcludedReason`` member name — PostgreSQL: the new
  native type ``excludedreason``; SQLite: VARCHAR(17) — NULL: the record does not say why). Existing
  tallies excluded none.
- ``challengedballot.excluded_at_count`` (boolean, default false): a ballot excluded at the count and ordered
  counted, written as a challenged ballot to be opened (not on the tally's challenged line). Existing rows
  are challenges made at the count.
- New member of ``DocumentKind``: ORDER_TO_COUNT_EXCLUDED_BALLOTS (31 characters: SQLite's VARCHAR(41) holds
  it; PostgreSQL's native type ``documentkind`` gets the value).
- The record is sealed again into each case's last entry (the tally's and the challenged ballots' digests
  change with the new columns), as revision facts_not_prose did; a last entry whose hash does not hold is
  left as it is: verify names it.

Downgrade deletes the documents of the new kind from the register (their PDFs stay in the output folder),
drops the columns (a ballot written from an order stays in the register as a challenged ballot) and the type
``excludedreason``, and seals
the record again; on PostgreSQL the enum value stays (PostgreSQL cannot drop one value of an enum, and no
row uses it any more).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'excluded_ballots'
down_revision: str | Sequence[str] | None = 'documentkind_consolidation'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_KIND = "ORDER_TO_COUNT_EXCLUDED_BALLOTS"
#: The reason's type: on PostgreSQL the native type ``excludedreason`` (its members' names), on SQLite a VARCHAR(17).
_REASON = sa.Enum('LATE_MAIL_BALLOT', 'UNSIGNED_ENVELOPE', 'NOT_AT_THE_COUNT', 'DAMAGED_ENVELOPE', name='excludedreason')
_ENTRY = ("id", "case_id", "election_id", "act_key", "act", "actor", "recorded_by", "occurred_on", "recorded_at",
          "summary", "from_stage", "to_stage", "ref", "document_id", "prev_hash", "chain_hash")
_CHUNK = 500


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        op.execute(f"ALTER TYPE documentkind ADD VALUE IF NOT EXISTS '{_KIND}'")
        _REASON.create(bind, checkfirst=True)
    with op.batch_alter_table('tally', schema=None) as batch_op:
        batch_op.add_column(sa.Column('excluded', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('excluded_reason', _REASON, nullable=True))
    with op.batch_alter_table('challengedballot', schema=None) as batch_op:
        batch_op.add_column(sa.Column('excluded_at_count', sa.Boolean(), nullable=False, server_default=sa.false()))
    _seal_again(bind)


def downgrade() -> None:
    bind = op.get_bind()
    op.execute(f"DELETE FROM document WHERE kind = '{_KIND}'")
    with op.batch_alter_table('challengedballot', schema=None) as batch_op:
        batch_op.drop_column('excluded_at_count')
    with op.batch_alter_table('tally', schema=None) as batch_op:
        batch_op.drop_column('excluded_reason')
        batch_op.drop_column('excluded')
    if bind.dialect.name == "postgresql":
        _REASON.drop(bind, checkfirst=True)
    _seal_again(bind)


def _seal_again(bind: sa.Connection) -> None:
    """Seal every case's record into its last entry again (when that entry's hash holds), keeping
    what else the entry's seal holds (the act's terms, the documents it is to issue)."""
    from casefile.record.chain import link_hash
    from casefile.record.sealing import columns_present, record_digests
    from casefile.record.secret_key import keys_for

    docket = sa.table('docketentry', *[sa.column(n) for n in _ENTRY], sa.column('seal', sa.JSON()))
    document = sa.table('document', sa.column('id'), sa.column('sha256'))
    shas = dict(bind.execute(sa.select(document.c.id, document.c.sha256)).all())
    key = keys_for(bind).signing
    present = columns_present(bind)
    last = sa.select(sa.func.max(docket.c.id)).group_by(docket.c.case_id)
    entries = [dict(r) for r in bind.execute(sa.select(docket).where(docket.c.id.in_(last))
                                             .order_by(docket.c.case_id)).mappings()]
    updates = []
    for start in range(0, len(entries), _CHUNK):
        chunk = entries[start:start + _CHUNK]
        digests = record_digests(bind, [e['case_id'] for e in chunk], present=present)
        for entry in chunk:
            sha = shas.get(entry['document_id'], '') if entry['document_id'] is not None else ''
            if link_hash(key, entry, prev_hash=entry['prev_hash'], document_sha256=sha) != entry['chain_hash']:
                continue  # edited before the upgrade, or another key: verify names it
            before = entry['seal'] if isinstance(entry['seal'], dict) else {}
            seal = {**before, 'rows': {**before.get('rows', {}), **digests[entry['case_id']]}}
            updates.append({'row_id': entry['id'], 'seal_value': seal,
                            'chain': link_hash(key, {**entry, 'seal': seal}, prev_hash=entry['prev_hash'],
                                               document_sha256=sha)})
    if updates:
        bind.execute(docket.update().where(docket.c.id == sa.bindparam('row_id'))
                     .values(seal=sa.bindparam('seal_value', type_=sa.JSON()), chain_hash=sa.bindparam('chain')),
                     updates)
