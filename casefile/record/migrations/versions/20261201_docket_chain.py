"""docket hash chain and encrypted notification URLs

Revision ID: docket_chain
Revises: baseline_5c710bb
Create Date: 2026-12-01 09:08:03.846805+00:00

Tamper evidence and secrets at rest (issue 9, docs/integrity.md):

- ``docketentry`` gains ``prev_hash`` and ``chain_hash`` (text, default ""); the existing entries
  of every case are chained in id order with the instance's key (casefile.record.chain, version 1:
  the same computation as a new entry's), so an upgraded database verifies; then the unique index
  ``ix_docketentry_chain_link`` on (case_id, prev_hash) makes a fork impossible.
- ``person.notify_urls`` (Apprise URLs, which can hold passwords and tokens) are encrypted with the
  instance's key (``sealed:v1:...``, casefile.channels.seal_url).
- The reminder ledger's ``channel`` and ``last_error`` are masked again the new way (Apprise's
  privacy rendering): the older masking left Pushover, Telegram and Pushbullet tokens in clear.

The key is the instance's (CASEFILE_SECRET_KEY, or the key file next to the SQLite database,
generated on first use). The downgrade decrypts the URLs and drops the columns and the index.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'docket_chain'
down_revision: str | Sequence[str] | None = 'baseline_5c710bb'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_HASH_COLUMNS = ("id", "case_id", "election_id", "act_key", "act", "actor", "recorded_by", "occurred_on", "recorded_at",
                 "summary", "from_stage", "to_stage", "ref", "document_id")


def upgrade() -> None:
    with op.batch_alter_table('docketentry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('prev_hash', sa.String(), server_default='', nullable=False))
        batch_op.add_column(sa.Column('chain_hash', sa.String(), server_default='', nullable=False))
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":  # what the rewrites below replace is zeroed in the file, not left in free space
        bind.exec_driver_sql("PRAGMA secure_delete = ON")
    _chain_existing_entries(bind)
    with op.batch_alter_table('docketentry', schema=None) as batch_op:
        batch_op.create_index('ix_docketentry_chain_link', ['case_id', 'prev_hash'], unique=True)
    _remask_ledger(bind)
    _recrypt_urls(bind, seal=True)


def downgrade() -> None:
    bind = op.get_bind()
    _recrypt_urls(bind, seal=False)
    with op.batch_alter_table('docketentry', schema=None) as batch_op:
        batch_op.drop_index('ix_docketentry_chain_link')
        batch_op.drop_column('chain_hash')
        batch_op.drop_column('prev_hash')


def _columns(bind: sa.Connection, table: str) -> set[str]:
    from casefile.record.migrate import translated_schema

    return {c["name"] for c in sa.inspect(bind).get_columns(table, schema=translated_schema(bind))}


def _chain_existing_entries(bind: sa.Connection) -> None:
    """Chain every case's entries in id order (what casefile.record.integrity.seal does for a new one)."""
    from casefile.record.chain import link_hash
    from casefile.record.secret_key import keys_for

    present = _columns(bind, 'docketentry')
    names = [n for n in _HASH_COLUMNS if n in present]  # recorded_by exists once its own revision has run
    docket = sa.table('docketentry', *[sa.column(n) for n in names], sa.column('prev_hash'), sa.column('chain_hash'))
    document = sa.table('document', sa.column('id'), sa.column('sha256'))
    shas = dict(bind.execute(sa.select(document.c.id, document.c.sha256)).all())
    key = keys_for(bind).signing
    heads: dict[int, str] = {}
    updates = []
    for row in bind.execute(sa.select(*[docket.c[n] for n in names]).order_by(docket.c.id)).mappings():
        prev = heads.get(row['case_id'], '')
        chain = link_hash(key, dict(row), prev_hash=prev,
                          document_sha256=shas.get(row['document_id'], '') if row['document_id'] is not None else '')
        heads[row['case_id']] = chain
        updates.append({'row_id': row['id'], 'prev': prev, 'chain': chain})
    if updates:
        bind.execute(docket.update().where(docket.c.id == sa.bindparam('row_id'))
                     .values(prev_hash=sa.bindparam('prev'), chain_hash=sa.bindparam('chain')), updates)


def _remask_ledger(bind: sa.Connection) -> None:
    """Mask each ledger row's channel and error again, from the person's URL when it is theirs (found by
    the row's channel_hash), else from the channel text stored (a default URL, not in the database)."""
    from casefile.channels import channel_hash, mask_url, scrub

    person = sa.table('person', sa.column('id'), sa.column('notify_urls', sa.JSON()))
    ledger = sa.table('remindersent', sa.column('id'), sa.column('person_id'), sa.column('channel_hash'),
                      sa.column('channel'), sa.column('last_error'))
    urls = {pid: {channel_hash(u): u for u in (stored or [])}
            for pid, stored in bind.execute(sa.select(person.c.id, person.c.notify_urls)).all()}
    updates = []
    for row in bind.execute(sa.select(ledger)).mappings():
        url = urls.get(row['person_id'], {}).get(row['channel_hash']) or row['channel']
        channel, error = mask_url(url), scrub(row['last_error'] or '', url)
        if (channel, error) != (row['channel'], row['last_error']):
            updates.append({'row_id': row['id'], 'shown': channel, 'error': error})
    if updates:
        bind.execute(ledger.update().where(ledger.c.id == sa.bindparam('row_id'))
                     .values(channel=sa.bindparam('shown'), last_error=sa.bindparam('error')), updates)


def _recrypt_urls(bind: sa.Connection, *, seal: bool) -> None:
    """Encrypt (``seal``) or decrypt every person's notification URLs."""
    from casefile.channels import is_sealed, open_url, seal_url
    from casefile.record.secret_key import keys_for

    key = keys_for(bind).encryption
    person = sa.table('person', sa.column('id'), sa.column('notify_urls', sa.JSON()))
    updates = []
    for person_id, urls in bind.execute(sa.select(person.c.id, person.c.notify_urls)).all():
        urls = list(urls or [])
        new = [u if is_sealed(u) else seal_url(u, key) for u in urls] if seal else [open_url(u, key) for u in urls]
        if new != urls:
            updates.append({'person_id': person_id, 'urls': new})
    if updates:
        bind.execute(person.update().where(person.c.id == sa.bindparam('person_id'))
                     .values(notify_urls=sa.bindparam('urls', type_=sa.JSON())), updates)
