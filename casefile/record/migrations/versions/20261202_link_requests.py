"""link_requests: an organization asks to be linked to a party of a case

Revision ID: link_requests
Revises: visible_cases
Create Date: 2026-12-02

Issue 14 (how an organization comes to a case): ``linkrequest`` — the asking organization, the
case number and party as typed (text: a request about a number not on the instance is stored the
same way), a note, its status (pending, approved, declined), who asked and when, who decided, when
and how (shared, replaced, or the reason it was declined). Not part of the case record (no seal).

Downgrade drops the table.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'link_requests'
down_revision: str | Sequence[str] | None = 'visible_cases'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('linkrequest',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('case_number', sa.String(), nullable=False),
    sa.Column('party', sa.String(), nullable=False),
    sa.Column('note', sa.String(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('requested_by', sa.String(), nullable=False),
    sa.Column('requested_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('decided_by', sa.String(), nullable=False),
    sa.Column('decided_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('decision', sa.String(), nullable=False),
    sa.ForeignKeyConstraint(['organization_id'], ['organization.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('linkrequest', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_linkrequest_organization_id'), ['organization_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_linkrequest_case_number'), ['case_number'], unique=False)
        batch_op.create_index(batch_op.f('ix_linkrequest_status'), ['status'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('linkrequest', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_linkrequest_status'))
        batch_op.drop_index(batch_op.f('ix_linkrequest_case_number'))
        batch_op.drop_index(batch_op.f('ix_linkrequest_organization_id'))
    op.drop_table('linkrequest')
