"""A reference to one record row — the record a docket entry's act made (``DocketEntry.ref``) — as a
typed value: its table and its id, never a ``"table:id"`` string split apart again.

The column stores the reference in its written form (``"filing:12"``, ``""`` for none), the form the
docket chain hashes and the API shows; :class:`RefColumn` turns it into a :class:`Ref` when a row is
read and back when it is written, the way casefile.record.models.UTCDateTime does for instants. Code
reads ``entry.ref.table`` and ``entry.ref.id``. The one place a written reference is read as text is
:func:`Ref.parse`, for a reference a person types (an act's ``whose`` field, a command-line option).

Two other written forms are kept in the record and read back here, never split apart elsewhere: an
issued document's key (:class:`DocumentKey`, "tally-of-ballots:tally:12", the key of a Document row
and of the documents a docket entry's seal says its act is to issue) and a sealed row's key
(:class:`RowKey`, "challengedballot:7", casefile.record.chain).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy import String
from sqlalchemy.types import TypeDecorator

from casefile.vocab import DocumentKind

__all__ = ["DocumentKey", "RecordTable", "Ref", "RefColumn", "RowKey", "RowKeyColumn", "ref_to"]


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


_DOCUMENT_KEY = re.compile(r"([a-z-]+):([a-z_]+):(\d+)(?::correction:(\d+))?")
_ROW_KEY = re.compile(r"([a-z_]+):(\d+)")


@dataclass(frozen=True)
class DocumentKey:
    """The key of an issued document (unique in its case): its kind, the record it is about and, for a
    version issued after a correction, the correction's docket entry id. ``str()`` gives the stored
    form: "tally-of-ballots:tally:12", "tally-of-ballots:tally:12:correction:40"."""

    kind: DocumentKind
    subject: Ref
    correction: int | None = None

    def __str__(self) -> str:
        return f"{self.kind.value}:{self.subject}" + (f":correction:{self.correction}" if self.correction is not None
                                                      else "")

    @classmethod
    def parse(cls, text: str) -> DocumentKey | None:
        """The key as stored, or None when ``text`` is not one (an unknown kind or table, another shape)."""
        match = _DOCUMENT_KEY.fullmatch(text)
        if (match is None or match.group(1) not in DocumentKind._value2member_map_
                or match.group(2) not in RecordTable._value2member_map_):
            return None
        correction = match.group(4)
        return cls(DocumentKind(match.group(1)), Ref(RecordTable(match.group(2)), int(match.group(3))),
                   int(correction) if correction is not None else None)


@dataclass(frozen=True, order=True)
class RowKey:
    """How a docket entry's seal names a record row: its SQL table's name (casefile.record.chain.RECORD:
    "tally", "challengedballot", "agencyorder" ...) and its id. ``str()`` gives the stored form "tally:3"."""

    table: str
    id: int

    def __str__(self) -> str:
        return f"{self.table}:{self.id}"

    @classmethod
    def of(cls, row: Any) -> RowKey:
        """The key of a stored model row (a Party, a Tally ...): its SQL table's name and its id."""
        if row.id is None:
            raise ValueError(f"a {row.__tablename__} row without an id has no key")
        return cls(row.__tablename__, int(row.id))

    @classmethod
    def parse(cls, text: str) -> RowKey | None:
        """The row key as a seal stores it, or None when ``text`` is not one."""
        match = _ROW_KEY.fullmatch(text)
        return cls(match.group(1), int(match.group(2))) if match is not None else None


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


class RowKeyColumn(TypeDecorator[RowKey]):
    """A column holding one record row's key (``Correction.target``): a :class:`RowKey` in Python, its
    stored form ("party:3") in the database, so no reader splits the text apart."""

    impl = String
    cache_ok = True

    def process_bind_param(self, value: RowKey | None, dialect: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, RowKey):
            raise TypeError(f"a row key is a RowKey, not {value!r}")
        return str(value)

    def process_result_value(self, value: str | None, dialect: Any) -> RowKey | None:
        if value is None:
            return None
        key = RowKey.parse(value)
        if key is None:
            raise ValueError(f"not a row key: {value!r}")
        return key
