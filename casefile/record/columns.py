"""The column types every table of the record shares: instants stored as aware UTC datetimes
(``*_at``), JSON lists read and written whole, and kinds stored as their words (:class:`EnumValue`). Below the tables (casefile.record.models and the
modules whose tables it registers: accounts, around, corrections, logins), so none of them imports
another for a column type."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Column, DateTime, String
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field


class UTCDateTime(TypeDecorator[datetime]):
    """Aware datetimes in, aware UTC datetimes out, on SQLite and PostgreSQL alike; naive refused."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime refused: casefile stores aware instants only")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class EnumValue(TypeDecorator[StrEnum]):
    """A kind (a :class:`~enum.StrEnum`) stored as its value in a VARCHAR: ``FilingKind.OBJECTIONS``
    in Python, ``"objections"`` in the database — the text the column held before it was typed, so
    neither the rows nor their seals (casefile.record.chain: a "str" column) change. A value that is
    not one of the enum's is refused both ways (ValueError), never stored or read as a bare string."""

    impl = String
    cache_ok = True

    def __init__(self, enum_class: type[StrEnum]) -> None:
        super().__init__()
        self.enum_class = enum_class

    def process_bind_param(self, value: Any, dialect: Any) -> str | None:
        if value is None:
            return None
        return self.enum_class(value).value

    def process_result_value(self, value: str | None, dialect: Any) -> StrEnum | None:
        if value is None:
            return None
        return self.enum_class(value)


def _kind(enum_class: type[StrEnum], **kw: Any) -> Any:
    """A non-null kind column of ``enum_class``, stored as its value (:class:`EnumValue`)."""
    return Field(sa_column=Column(EnumValue(enum_class), nullable=False, **kw))


def _instant(**kw: Any) -> Any:
    return Field(sa_column=Column(UTCDateTime(), **kw))


def _json(**kw: Any) -> Any:
    return Field(default_factory=list, sa_column=Column(JSON, **kw))
