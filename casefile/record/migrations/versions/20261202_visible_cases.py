"""indexes for the visible-cases query (My cases, Deadlines, case list: filtered, sorted, paged in SQL)

Revision ID: visible_cases
Revises: record_seal
Create Date: 2026-12-02

- ``ix_case_office_key``, ``ix_case_region``: a Region organization's cases (casefile.record.authority.region_where)
  and the Region filter;
- ``ix_election_stage``: the stage filter (the current election at a stage);
- ``ix_deadline_case_cutoff``: a case's next running deadline (casefile.record.queries.case_summaries).

Indexes only: no record column changes, nothing for the seal.
"""

from collections.abc import Sequence

from alembic import op

revision: str = 'visible_cases'
down_revision: str | Sequence[str] | None = 'record_seal'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_INDEXES = (("ix_case_office_key", "case", ["office_key"]), ("ix_case_region", "case", ["region"]),
            ("ix_election_stage", "election", ["stage"]), ("ix_deadline_case_cutoff", "deadline", ["case_id", "cutoff_at"]))


def upgrade() -> None:
    for name, table, columns in _INDEXES:
        op.create_index(name, table, columns, unique=False)


def downgrade() -> None:
    for name, table, _ in reversed(_INDEXES):
        op.drop_index(name, table_name=table)
