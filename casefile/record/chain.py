"""The docket chain's hash, as a pure function of a row (no database, no models): version 1.

Used by casefile.record.integrity (sealing and verifying) and by the migration that chained the
docket entries of older databases, so both compute exactly the same value. Changing what is hashed
means a new version (a new CHAIN_VERSION and a migration), never an edit of this one.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import json
from collections.abc import Mapping
from datetime import UTC, date, datetime
from typing import Any

from casefile.vocab import Actor, Stage

#: The hashed columns of a docket entry, in the canonical form's order (version 1 of the chain).
HASHED: tuple[str, ...] = ("case_id", "election_id", "act_key", "act", "actor", "recorded_by", "occurred_on",
                           "recorded_at", "summary", "from_stage", "to_stage", "ref", "document_id")
#: The columns left out: the row's id (the chain fixes the order) and the hashes themselves.
UNHASHED: tuple[str, ...] = ("id", "prev_hash", "chain_hash")
CHAIN_VERSION = "casefile-docket-chain-v1"
_ENUMS: dict[str, type[enum.Enum]] = {"actor": Actor, "from_stage": Stage, "to_stage": Stage}


def canonical_content(values: Mapping[str, Any]) -> dict[str, Any]:
    """The hashed columns of an entry in canonical form. ``values`` maps column names to values as
    the ORM gives them (enums, dates, aware datetimes) or as raw SQL does (enum names, ISO text,
    naive UTC datetimes); both give the same result: enums by member name (as stored), dates ISO,
    instants UTC ISO to the microsecond. A missing column counts as empty."""
    out: dict[str, Any] = {}
    for name in HASHED:
        value = values.get(name)
        if name in _ENUMS:
            value = _enum_value(_ENUMS[name], value)
        elif name == "occurred_on":
            value = _iso_date(value)
        elif name == "recorded_at":
            value = _iso_instant(value)
        elif name == "recorded_by" and value is None:
            value = ""
        out[name] = value
    return out


def link_hash(signing_key: bytes, values: Mapping[str, Any], *, prev_hash: str, document_sha256: str = "") -> str:
    """The ``chain_hash`` of an entry with ``values`` following ``prev_hash`` (hex HMAC-SHA256)."""
    payload = {"v": CHAIN_VERSION, "entry": canonical_content(values), "prev": prev_hash,
               "document_sha256": document_sha256}
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hmac.new(signing_key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def _enum_value(cls: type[enum.Enum], value: Any) -> Any:
    """An enum as the database stores it: by member name (``SYSTEM``), whether given the member, its
    name or its value."""
    if value is None:
        return None
    if isinstance(value, cls):
        return value.name
    if isinstance(value, str) and value not in cls.__members__:
        try:
            return cls(value).name
        except ValueError:
            return value
    return value


def _iso_date(value: Any) -> Any:
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, str):
        value = date.fromisoformat(value[:10])
    return value.isoformat() if isinstance(value, date) else value


def _iso_instant(value: Any) -> Any:
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if isinstance(value, datetime):
        value = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
        return value.isoformat(timespec="microseconds")
    return value
