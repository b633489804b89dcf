"""orders and their documents (issue 10): table ``agencyorder``, six document kinds

Revision ID: documentkind_orders
Revises: people_service
Create Date: 2026-12-01

- ``agencyorder`` (casefile.record.orders): the orders that are acts of their own and had no table —
  an order fixing or extending a date, transferring a case, approving the withdrawal of a petition,
  dismissing a petition — with what each says (``body``), so that its document is built from the
  record. New and empty: orders recorded before this revision keep their docket line and issue no
  document.
- New members of ``DocumentKind`` (casefile.vocab), after ``NOTICE_OF_RUNOFF_ELECTION``:
  ``DECISION_ON_OBJECTIONS``, ``ORDER_EXTENDING_TIME``, ``ORDER_TRANSFERRING_CASE``, ``BOARD_ORDER``,
  ``ORDER_APPROVING_WITHDRAWAL``, ``ORDER_DISMISSING_PETITION``. SQLite stores the member name in a
  VARCHAR: nothing to change. PostgreSQL has the native type ``documentkind``: the values are added
  (none is used by this revision).

Downgrade drops ``agencyorder``; it is refused while a document of one of the new kinds exists
(issued documents are never deleted: restore the backup made before the upgrade instead). On
PostgreSQL the type is rebuilt without the new values.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'documentkind_orders'
down_revision: str | Sequence[str] | None = 'people_service'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BEFORE = ('TALLY_OF_BALLOTS', 'OBJECTIONS', 'OFFER_OF_PROOF', 'NOTICE_OF_HEARING', 'HEARING_OFFICER_REPORT', 'EXCEPTIONS',
           'DECISION_AND_DIRECTION_OF_SECOND_ELECTION', 'ALJ_DECISION', 'CERTIFICATION_OF_RESULTS',
           'CERTIFICATION_OF_REPRESENTATIVE', 'CASE_STATUS_REPORT', 'REVISED_TALLY_OF_BALLOTS', 'NOTICE_OF_RUNOFF_ELECTION')
_ADDED = ('DECISION_ON_OBJECTIONS', 'ORDER_EXTENDING_TIME', 'ORDER_TRANSFERRING_CASE', 'BOARD_ORDER',
          'ORDER_APPROVING_WITHDRAWAL', 'ORDER_DISMISSING_PETITION')


def upgrade() -> None:
    op.create_table('agencyorder',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('election_id', sa.Integer(), nullable=True),
    sa.Column('kind', sa.String(), nullable=False),
    sa.Column('issued_on', sa.Date(), nullable=False),
    sa.Column('issuer', sa.String(), nullable=False),
    sa.Column('body', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['case_id'], ['case.id'], ),
    sa.ForeignKeyConstraint(['election_id'], ['election.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('agencyorder', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_agencyorder_case_id'), ['case_id'], unique=False)
    if op.get_bind().dialect.name == "postgresql":
        previous = _BEFORE[-1]
        for name in _ADDED:
            op.execute(f"ALTER TYPE documentkind ADD VALUE IF NOT EXISTS '{name}' AFTER '{previous}'")
            previous = name


def downgrade() -> None:
    bind = op.get_bind()
    names = ", ".join(f"'{name}'" for name in _ADDED)
    issued = bind.execute(sa.text(f"SELECT count(*) FROM document WHERE kind IN ({names})")).scalar_one()
    if issued:
        raise RuntimeError(f"cannot downgrade below documentkind_orders: {issued} issued documents are of kinds this "
                           "revision added, and issued documents are never deleted; restore the backup made before "
                           "the upgrade instead")
    with op.batch_alter_table('agencyorder', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_agencyorder_case_id'))
    op.drop_table('agencyorder')
    if bind.dialect.name == "postgresql":
        members = ", ".join(f"'{name}'" for name in _BEFORE)
        op.execute("ALTER TYPE documentkind RENAME TO documentkind_with_orders")
        op.execute(f"CREATE TYPE documentkind AS ENUM ({members})")
        op.execute("ALTER TABLE document ALTER COLUMN kind TYPE documentkind USING kind::text::documentkind")
        op.execute("DROP TYPE documentkind_with_orders")
