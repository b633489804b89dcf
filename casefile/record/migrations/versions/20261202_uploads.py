"""uploads: attachments stored content-addressed, their downloads in the access log

Revision ID: uploads
Revises: hearing_noticed_opens_on
Create Date: 2026-12-02

Issue 14 (documents come as uploads, never as paths):

- ``attachment.file_name`` (text, default ""): the name the attachment is exported under
  (``<date>_<kind>[_<party>]_<as-filed|as-issued>.pdf``); its file is now stored content-addressed
  (``attachment.path`` relative to the output folder, ``uploads/<2 hex>/<sha256>.pdf``). An older
  row keeps its absolute path and gets its file's name here.
- ``accesslog.attachment_id`` (nullable, indexed): a download of a confidential attachment is
  logged as one of a confidential document is; ``accesslog.document_id`` becomes nullable (a line
  is about a document or an attachment).

Downgrade drops both columns (and the access log's lines about attachments).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'uploads'
down_revision: str | Sequence[str] | None = 'hearing_noticed_opens_on'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('attachment', schema=None) as batch_op:
        batch_op.add_column(sa.Column('file_name', sa.String(), nullable=False, server_default=''))
    attachment = sa.table('attachment', sa.column('id', sa.Integer()), sa.column('path', sa.String()),
                          sa.column('file_name', sa.String()))
    conn = op.get_bind()
    for ident, path in conn.execute(sa.select(attachment.c.id, attachment.c.path)).all():
        name = str(path).replace("\\", "/").rsplit("/", 1)[-1]
        conn.execute(attachment.update().where(attachment.c.id == ident).values(file_name=name))
    with op.batch_alter_table('accesslog', schema=None) as batch_op:
        batch_op.add_column(sa.Column('attachment_id', sa.Integer(), nullable=True))
        batch_op.alter_column('document_id', existing_type=sa.Integer(), nullable=True)
        batch_op.create_index(batch_op.f('ix_accesslog_attachment_id'), ['attachment_id'], unique=False)
        batch_op.create_foreign_key('fk_accesslog_attachment_id_attachment', 'attachment', ['attachment_id'], ['id'])


def downgrade() -> None:
    accesslog = sa.table('accesslog', sa.column('document_id', sa.Integer()))
    op.get_bind().execute(accesslog.delete().where(accesslog.c.document_id.is_(None)))
    with op.batch_alter_table('accesslog', schema=None) as batch_op:
        batch_op.drop_constraint('fk_accesslog_attachment_id_attachment', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_accesslog_attachment_id'))
        batch_op.alter_column('document_id', existing_type=sa.Integer(), nullable=False)
        batch_op.drop_column('attachment_id')
    with op.batch_alter_table('attachment', schema=None) as batch_op:
        batch_op.drop_column('file_name')
