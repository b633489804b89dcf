"""What the revisions that seal the record again share (record_seal, facts_not_prose, excluded_ballots,
facts_public): the docket's columns as raw SQL reads them, the documents' digests, and sealing each case's
record as it stands into the case's last docket entry.

Loading this loads SQLAlchemy only (the record's modules when it seals), so that reading the revisions, to
find the head, loads nothing more. What it does is part of what each of those revisions does to a database:
a revision that needs another way of sealing writes its own.
"""

from __future__ import annotations

import sqlalchemy as sa

#: The docket entry's columns a revision reads and hashes (its ``seal`` apart: :func:`docket_table`).
ENTRY_COLUMNS = ("id", "case_id", "election_id", "act_key", "act", "actor", "recorded_by", "occurred_on", "recorded_at",
                 "summary", "from_stage", "to_stage", "ref", "document_id", "prev_hash", "chain_hash")
#: How many cases' record rows are digested at once.
CHUNK = 500


def docket_table() -> sa.TableClause:
    """The ``docketentry`` table as the revisions read it (its hashed columns and its ``seal``)."""
    return sa.table('docketentry', *[sa.column(n) for n in ENTRY_COLUMNS], sa.column('seal', sa.JSON()))


def document_shas(bind: sa.Connection) -> dict[int, str]:
    """Each document's sha256, by its id (an entry's hash covers its document's)."""
    document = sa.table('document', sa.column('id'), sa.column('sha256'))
    return dict(bind.execute(sa.select(document.c.id, document.c.sha256)).all())


def seal_again(bind: sa.Connection) -> None:
    """Seal every case's record as it stands into the case's last docket entry and compute that entry's hash
    again (chain version 2), when the entry's hash holds; an entry whose hash does not hold (edited before the
    upgrade, or another key) is left as it is: verify names it. What else the entry's seal holds (the act's
    terms, the documents it is to issue) is kept; an entry not sealed yet (its ``seal`` NULL: revision
    record_seal) is checked against its version-1 hash and gets the rows alone."""
    from casefile.record.chain import link_hash
    from casefile.record.sealing import columns_present, record_digests
    from casefile.record.secret_key import keys_for

    docket = docket_table()
    shas = document_shas(bind)
    key = keys_for(bind).signing
    present = columns_present(bind)  # the columns a later revision adds are not there yet
    last = sa.select(sa.func.max(docket.c.id)).group_by(docket.c.case_id)
    entries = [dict(r) for r in bind.execute(sa.select(docket).where(docket.c.id.in_(last))
                                             .order_by(docket.c.case_id)).mappings()]
    updates = []
    for start in range(0, len(entries), CHUNK):
        chunk = entries[start:start + CHUNK]
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
