"""the record holds facts, not prose: what is uncertain is a field; a document names its subject

Revision ID: facts_not_prose
Revises: link_requests
Create Date: 2026-12-02

Issue 16 (the record stores prose that documents parsed back):

- ``filing.uncertain``, ``hearing.uncertain``, ``decision.uncertain`` (text, default ""): what the
  sources leave uncertain about the record (an act's ``uncertain``), until now appended to ``note``
  as "UNCERTAIN: ..." and split off again by the documents. Each row's note is split here: the text
  before the first marker stays the note, what follows each marker becomes ``uncertain`` (several
  markers: their texts joined by a space).
- ``document.subject`` (text, default ""): the record a document is about, in the form
  ``DocketEntry.ref`` has ("filing:12"; "" for a document of the whole case), taken from the
  document's key ("<kind>:<record>:<id>[:correction:<entry>]"), which the access rules and the
  attachments no longer read.
- ``deadline.rules`` (JSON list, default []): casefile's own entries for a deadline's period ("R-G3"),
  until now written into ``deadline.citation`` after "; rules.md" and removed again by regex before
  printing. Each citation is split here: the law before "; rules.md" stays the citation, the entries
  after it (comma-separated) become ``rules``.
- The record as it stands is sealed again into each case's last docket entry (the rows' digests
  change with the new columns), and that entry's hash computed again, as revision record_seal did;
  a last entry whose hash does not hold (edited before the upgrade, or another key) is left as it
  is: verify names it.

Downgrade puts each uncertain text back into its note after "UNCERTAIN:" and each deadline's entries
back into its citation after "; rules.md", drops the columns and seals the record again.
"""

import re
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from casefile.record.migrations.resealing import seal_again

revision: str = 'facts_not_prose'
down_revision: str | Sequence[str] | None = 'link_requests'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_NOTED = ('filing', 'hearing', 'decision')
_MARKER = 'UNCERTAIN:'
_RULES_MD = '; rules.md '
_SUBJECT = re.compile(r'[a-z-]+:([a-z_]+:\d+)(?::correction:\d+)?')


def upgrade() -> None:
    for name in _NOTED:
        with op.batch_alter_table(name, schema=None) as batch_op:
            batch_op.add_column(sa.Column('uncertain', sa.String(), nullable=False, server_default=''))
    with op.batch_alter_table('document', schema=None) as batch_op:
        batch_op.add_column(sa.Column('subject', sa.String(), nullable=False, server_default=''))
    with op.batch_alter_table('deadline', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rules', sa.JSON(), nullable=True, server_default='[]'))
    bind = op.get_bind()
    deadline = sa.table('deadline', sa.column('id', sa.Integer()), sa.column('citation', sa.String()),
                        sa.column('rules', sa.JSON()))
    split = []
    for ident, citation in bind.execute(sa.select(deadline.c.id, deadline.c.citation)
                                        .where(deadline.c.citation.contains(_RULES_MD))).all():
        law, _, entries = str(citation).partition(_RULES_MD)
        split.append({'row_id': ident, 'citation_value': law.strip().rstrip(';,').strip(),
                      'rules_value': [e.strip() for e in entries.split(',') if e.strip()]})
    if split:
        bind.execute(deadline.update().where(deadline.c.id == sa.bindparam('row_id'))
                     .values(citation=sa.bindparam('citation_value'),
                             rules=sa.bindparam('rules_value', type_=sa.JSON())), split)
    for name in _NOTED:
        rows = sa.table(name, sa.column('id', sa.Integer()), sa.column('note', sa.String()),
                        sa.column('uncertain', sa.String()))
        updates = []
        for ident, note in bind.execute(sa.select(rows.c.id, rows.c.note).where(rows.c.note.contains(_MARKER))).all():
            head, *marked = str(note).split(_MARKER)
            updates.append({'row_id': ident, 'note_value': head.strip(),
                            'uncertain_value': ' '.join(m.strip() for m in marked if m.strip())})
        if updates:
            bind.execute(rows.update().where(rows.c.id == sa.bindparam('row_id'))
                         .values(note=sa.bindparam('note_value'), uncertain=sa.bindparam('uncertain_value')), updates)
    document = sa.table('document', sa.column('id', sa.Integer()), sa.column('key', sa.String()),
                        sa.column('subject', sa.String()))
    subjects = []
    for ident, key in bind.execute(sa.select(document.c.id, document.c.key)).all():
        match = _SUBJECT.fullmatch(str(key))
        if match is not None:
            subjects.append({'row_id': ident, 'subject_value': match.group(1)})
    if subjects:
        bind.execute(document.update().where(document.c.id == sa.bindparam('row_id'))
                     .values(subject=sa.bindparam('subject_value')), subjects)
    seal_again(bind)


def downgrade() -> None:
    bind = op.get_bind()
    for name in _NOTED:
        rows = sa.table(name, sa.column('id', sa.Integer()), sa.column('note', sa.String()),
                        sa.column('uncertain', sa.String()))
        updates = [{'row_id': ident, 'note_value': (f"{note} " if note else "") + f"{_MARKER} {uncertain}"}
                   for ident, note, uncertain in bind.execute(sa.select(rows.c.id, rows.c.note, rows.c.uncertain)
                                                              .where(rows.c.uncertain != '')).all()]
        if updates:
            bind.execute(rows.update().where(rows.c.id == sa.bindparam('row_id')).values(note=sa.bindparam('note_value')),
                         updates)
        with op.batch_alter_table(name, schema=None) as batch_op:
            batch_op.drop_column('uncertain')
    with op.batch_alter_table('document', schema=None) as batch_op:
        batch_op.drop_column('subject')
    deadline = sa.table('deadline', sa.column('id', sa.Integer()), sa.column('citation', sa.String()),
                        sa.column('rules', sa.JSON()))
    joined = [{'row_id': ident, 'citation_value': f"{citation}{_RULES_MD}{', '.join(rules)}"}
              for ident, citation, rules in bind.execute(sa.select(deadline.c.id, deadline.c.citation,
                                                                   deadline.c.rules)).all() if rules]
    if joined:
        bind.execute(deadline.update().where(deadline.c.id == sa.bindparam('row_id'))
                     .values(citation=sa.bindparam('citation_value')), joined)
    with op.batch_alter_table('deadline', schema=None) as batch_op:
        batch_op.drop_column('rules')
    seal_again(bind)
