"""A reference to one record row — the record a docket entry's act made (``DocketEntry.ref``) — as a
typed value: its table and its id, never a ``"table:id"`` string split apart again.

The column stores the reference in its written form (``"filing:12"``, ``""`` for none), the form the
docket chain hashes and the API shows; :class:`RefColumn` turns it into a :class:`Ref` when a row is
read and back when it is written, the way casefile.record.models.UTCDateTime does for instants. Code
reads ``entry.ref.table`` and ``entry.ref.id``. The one place a written reference is read as text is
:func:`Ref.parse`, for a reference a person types (an act's ``whose`` field, a command-line option).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy import String
from sqlalchemy.types import TypeDecorator

__all__ = ["RecordTable", "Ref", "RefColumn", "ref_to"]


class RecordTable(StrEnum):
    """The record tables a docket entry's act refers to (the value is the table's name)."""

    ATTACHMENT = "attachment"
    CASE = "case"
    CERTIFICATION = "certification"
    CORRECTION = "correction"
    DEADLINE = "deadline"
    DECISION = "decision"
    DOCKET = "docket"  # another docket entry (a closure shown wrong, a filing recorded by its entry)
    DOCUMENT = "document"
    ELECTION = "election"
    FILING = "filing"
    HEARING = "hearing"
    ORDER = "order"
    PERSON = "person"
    TALLY = "tally"


#: The SQL table name of each reference's table where it differs from the reference's word.
_SQL_TABLES = {"docketentry": RecordTable.DOCKET, "agencyorder": RecordTable.ORDER}

_WRITTEN = re.compile(r"([a-z_]+):(\d+)")


@dataclass(frozen=True, order=True)
class Ref:
    """One record row: ``Ref(RecordTable.FILING, 12)``. ``str()`` gives its written form "filing:12"."""

    table: RecordTable
    id: int

    def __str__(self) -> str:
        return f"{self.table.value}:{self.id}"

    def is_a(self, table: RecordTable) -> bool:
        return self.table is table

    @classmethod
    def parse(cls, text: str) -> Ref | None:
        """The reference a person wrote ("filing:12", "docket:40"), or None when ``text`` is not one."""
        match = _WRITTEN.fullmatch(text.strip())
        if match is None or match.group(1) not in RecordTable._value2member_map_:
            return None
        return cls(RecordTable(match.group(1)), int(match.group(2)))


def ref_to(row: Any) -> Ref:
    """The reference to a stored model row (a Filing, a Tally, an AgencyOrder ...)."""
    name = row.__tablename__
    table = _SQL_TABLES.get(name) or RecordTable(name)
    if row.id is None:
        raise ValueError(f"a {name} row without an id cannot be referred to")
    return Ref(table, int(row.id))


class RefColumn(TypeDecorator[Ref]):
    """``DocketEntry.ref``: a :class:`Ref` (or None) in Python, its written form ("" for none) in the
    database."""

    impl = String
    cache_ok = True

    def process_bind_param(self, value: Ref | None, dialect: Any) -> str:
        if value is None:
            return ""
        if not isinstance(value, Ref):
            raise TypeError(f"a docket entry's ref is a Ref, not {value!r}")
        return str(value)

    def process_result_value(self, value: str | None, dialect: Any) -> Ref | None:
        if not value:
            return None
        ref = Ref.parse(value)
        if ref is None:
            raise ValueError(f"not a record reference: {value!r}")
        return ref
