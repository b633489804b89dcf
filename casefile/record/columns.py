"""The column types every table of the record shares: instants stored as aware UTC datetimes
(``*_at``), and JSON lists read and written whole. Below the tables (casefile.record.models and the
modules whose tables it registers: accounts, around, corrections, logins), so none of them imports
another for a column type."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, DateTime
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


def _instant(**kw: Any) -> Any:
    return Field(sa_column=Column(UTCDateTime(), **kw))


def _json(**kw: Any) -> Any:
    return Field(default_factory=list, sa_column=Column(JSON, **kw))
