"""What the seal covers (casefile.record.chain.RECORD): every column of the record's tables is sealed or
knowingly left out, and a row reads the same canonically whether through the models or raw."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlmodel import SQLModel

from casefile.record import models  # noqa: F401  (registers the tables)
from casefile.record.chain import NOT_SEALED, RECORD, canonical_row, row_digest
from casefile.vocab import ElectionKind, Stage


def test_every_column_of_the_record_is_sealed_or_named_as_left_out() -> None:
    """A column added to a record table must be classified (docs/migrations.md)."""
    for table, sealed in RECORD.items():
        columns = {c.name for c in SQLModel.metadata.tables[table].columns}
        assert columns == set(sealed) | set(NOT_SEALED.get(table, ())), (table, columns ^ (set(sealed) | set(NOT_SEALED.get(table, ()))))


def test_every_table_with_a_case_or_an_election_is_classified() -> None:
    """A new table of the record (a case_id or election_id) is sealed, or named here as not part of the record."""
    # The docket itself (chained), and what is about the users of casefile, not the case: who represents or
    # watches whom, drafts, assignments, private notes, the access log.
    outside = {"docketentry", "representation", "watch", "accesslog", "draft", "assignment", "casenote"}
    for name, table in SQLModel.metadata.tables.items():
        if {"case_id", "election_id"} & {c.name for c in table.columns} and name not in outside:
            assert name in RECORD, name


def test_a_row_reads_the_same_raw_or_through_the_models() -> None:
    """Enum member or stored name, aware instant or naive UTC text, parsed JSON or its text, 1 or True."""
    orm = {"id": 3, "case_id": 1, "sequence": 1, "kind": ElectionKind.INITIAL, "stage": Stage.TALLY_ISSUED,
           "held_from_on": date(2021, 2, 8), "choices": ["RWDSU"], "against_on_ballot": True,
           "stage_entered_at": datetime(2021, 4, 9, 16, 0, tzinfo=UTC)}
    raw = {"id": 3, "case_id": 1, "sequence": 1, "kind": "INITIAL", "stage": "TALLY_ISSUED", "held_from_on": "2021-02-08",
           "choices": '["RWDSU"]', "against_on_ballot": 1, "stage_entered_at": "2021-04-09 16:00:00.000000"}
    assert canonical_row("election", orm) == canonical_row("election", raw)
    assert row_digest("election", orm) == row_digest("election", raw)
    assert row_digest("election", {**orm, "choices": ["Someone else"]}) != row_digest("election", orm)
