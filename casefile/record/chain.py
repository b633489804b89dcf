"""The docket chain's hash, as a pure function of a row (no database, no models): versions 1 and 2.

Used by casefile.record.integrity (sealing and verifying) and by the migrations that chained the
docket entries of older databases, so all compute exactly the same value. Changing what is hashed
means a new version (a new CHAIN_VERSION and a migration), never an edit of an existing one.

- Version 1 (``CHAIN_VERSION_1``): the entry's columns (:data:`HASHED`), the previous entry's hash and
  the sha256 of the document it issued. Entries recorded before revision ``record_seal`` keep it
  (their ``seal`` column is NULL).
- Version 2 (``CHAIN_VERSION_2``): the same, plus the entry's ``seal``: ``{"rows": {"tally:3":
  <sha256 of the row's canonical form>, ...}, "terms": {<field>: <sha256 of its value>, ...}}`` —
  the record rows the act wrote (:data:`RECORD`, :func:`row_digest`; a deleted row has "") and the
  terms of the act's input model (casefile.record.sealing.act_terms). A changed fact in any of those
  rows no longer matches the digest its entry vouches for.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import json
from collections.abc import Mapping
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import Any

from casefile.record.refs import RowKey
from casefile.vocab import Actor, Stage

#: The hashed columns of a docket entry, in the canonical form's order (version 1 of the chain).
HASHED: tuple[str, ...] = ("case_id", "election_id", "act_key", "act", "actor", "recorded_by", "occurred_on",
                           "recorded_at", "summary", "from_stage", "to_stage", "ref", "document_id")
#: The columns left out: the row's id (the chain fixes the order) and the hashes themselves.
UNHASHED: tuple[str, ...] = ("id", "prev_hash", "chain_hash")
#: The column hashed apart from the canonical content (version 2): what the entry seals.
SEAL = "seal"
CHAIN_VERSION_1 = "casefile-docket-chain-v1"
CHAIN_VERSION_2 = "casefile-docket-chain-v2"
#: The version every entry recorded now is chained with (its hash covers the record: its seal).
CHAIN_VERSION = CHAIN_VERSION_2
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
        elif name in ("recorded_by", "ref") and value is None:
            value = ""
        elif name == "ref":
            value = str(value)  # a Ref as stored ("filing:12"); raw SQL gives the stored text itself
        out[name] = value
    return out


def link_hash(signing_key: bytes, values: Mapping[str, Any], *, prev_hash: str, document_sha256: str = "") -> str:
    """The ``chain_hash`` of an entry with ``values`` following ``prev_hash`` (hex HMAC-SHA256):
    version 2 when ``values`` has a ``seal`` (a mapping, or its JSON text as raw SQL reads it),
    version 1 when it has none (None or missing: an entry recorded before the record was sealed)."""
    seal = values.get("seal")
    if isinstance(seal, str):
        seal = json.loads(seal)
    payload: dict[str, Any] = {"v": version_of(seal), "entry": canonical_content(values), "prev": prev_hash,
                               "document_sha256": document_sha256}
    if seal is not None:
        payload["seal"] = seal
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hmac.new(signing_key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def version_of(seal: Any) -> str:
    """The chain version an entry whose ``seal`` column holds ``seal`` is hashed with: CHAIN_VERSION_1 when it has
    none (None: recorded before the record was sealed), else CHAIN_VERSION_2."""
    return CHAIN_VERSION_1 if seal is None else CHAIN_VERSION_2


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


def _clock(value: Any) -> str | None:
    """A time of day in canonical form, "10:00" (seconds only when there are any), whether read through the models
    (a ``time``) or raw (SQLite's text "10:00:00.000000", an older row's "HH:MM"; "" for none, as before revision
    kinds_as_enums)."""
    if not isinstance(value, time):
        text = str(value).strip()
        if not text:
            return None
        value = time.fromisoformat(text)
    return value.isoformat(timespec="minutes" if not (value.second or value.microsecond) else "auto")


def _iso_instant(value: Any) -> Any:
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if isinstance(value, datetime):
        value = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
        return value.isoformat(timespec="microseconds")
    return value


# --- version 2: the record rows an act wrote --------------------------------------------------------

#: The record's tables and the columns of each row whose canonical form a docket entry seals, with
#: each column's kind (how its value is written canonically). A row belongs to a case by its
#: ``case_id`` (the case row: by its ``id``), or through its election (``election_id``).
#: Left out on purpose (:data:`NOT_SEALED`): what casefile itself changes without an act (a
#: deadline's status, when it closed and the sweep's notes on it), and a person's reminder settings
#: and sign-in link (not record facts; the URLs are encrypted with a random IV).
RECORD: dict[str, dict[str, str]] = {
    "case": {"id": "int", "number": "str", "name": "str", "case_type": "enum", "region": "str", "office_key": "str",
             "agreement": "enum", "petition_filed_on": "date", "rule_set_id": "str", "unit_description": "str",
             "notes": "json", "sources": "json", "created_at": "instant", "petition_filed_on_public": "bool",
             "agreement_public": "bool"},
    "party": {"id": "int", "case_id": "int", "key": "str", "role": "enum", "name": "str"},
    "election": {"id": "int", "case_id": "int", "sequence": "int", "kind": "enum", "follows_id": "int", "reason": "str",
                 "unit_id": "str", "method": "enum", "held_from_on": "date", "held_to_on": "date", "choices": "json",
                 "against_on_ballot": "bool", "next_kind": "enum", "next_choices": "json",
                 "next_against_on_ballot": "bool", "next_held_from_on": "date", "next_held_to_on": "date",
                 "stage": "enum", "stage_entered_at": "instant"},
    "tally": {"id": "int", "election_id": "int", "kind": "enum", "prepared_on": "date", "eligible": "int",
              "eligible_exact": "bool", "void": "int", "votes": "json", "against": "int", "challenged": "int",
              "valid": "int", "valid_plus_challenged": "int", "determinative": "bool", "majority_for": "str",
              "outcome": "str", "winner": "str", "runoff_choices": "json", "outcome_text": "str", "reachable": "json",
              "warnings": "json", "runoff_ballot": "bool", "revises_id": "int", "opened": "int", "source": "str",
              "board_agent": "str", "excluded": "int", "excluded_reason": "enum", "uncertain": "str"},
    "challengedballot": {"id": "int", "election_id": "int", "voter": "str", "challenged_by": "str", "ground": "str",
                         "disputed_void": "bool", "status": "enum", "ruled_by": "str", "ruled_on": "date",
                         "ruling_ref": "str", "reason": "str",
                         "revised_tally_id": "int", "excluded_at_count": "bool"},
    "filing": {"id": "int", "case_id": "int", "election_id": "int", "party_id": "int", "kind": "str",
               "received_at": "instant", "received_on": "date", "method": "enum", "deadline_id": "int", "timely": "bool",
               "timeliness_note": "str", "confidential": "bool", "body": "json", "note": "str", "accompanies_id": "int",
               "uncertain": "str", "received_on_public": "bool", "inferred_from": "str",
               "nlrb": "enum"},
    "objection": {"id": "int", "election_id": "int", "filing_id": "int", "party_id": "int", "number": "int",
                  "text": "str", "disposition": "enum", "disposition_reason": "str"},
    "hearing": {"id": "int", "election_id": "int", "noticed_on": "date", "noticed_opens_on": "date", "opens_on": "date",
                "opens_at": "time",
                "closed_on": "date", "place": "str", "presiding": "str", "issuer": "str", "before_alj": "bool",
                "ulp_cases": "json", "objections_set": "json", "challenges_set": "bool", "note": "str",
                "uncertain": "str", "opening_date_public": "bool", "noticed_on_public": "bool",
                "objection_numbers_public": "bool", "challenges_unresolved": "int", "objections_set_public": "bool",
                "opening_uncertain": "str"},
    "decision": {"id": "int", "election_id": "int", "kind": "str", "issued_on": "date", "issuer": "str", "result": "str",
                 "at_fault_party_id": "int", "condition": "str", "rulings": "json", "summary": "str", "note": "str",
                 "uncertain": "str"},
    "certification": {"id": "int", "election_id": "int", "kind": "str", "issued_on": "date", "union": "str",
                      "uncertain": "str"},
    "deadline": {"id": "int", "case_id": "int", "election_id": "int", "kind": "enum", "for_whom": "str",
                 "trigger_kind": "str", "trigger_ref": "str", "trigger_on": "date", "due_on": "date", "cutoff_at": "instant", "citation": "str", "rules": "json",
                 "rule_set_id": "str", "office_key": "str", "calendar_id": "str", "preceding_due_on": "date",
                 "pinned_by": "str"},
    "document": {"id": "int", "case_id": "int", "election_id": "int", "key": "str", "kind": "enum", "version": "int",
                 "title": "str", "issuer": "str", "issued_on": "date", "path": "str", "sha256": "str",
                 "confidential": "bool", "data": "json", "subject": "str"},
    "servicerecord": {"id": "int", "case_id": "int", "filing_id": "int", "party_id": "int", "person_id": "int",
                      "served": "str", "method": "enum", "address": "str", "served_at": "instant", "served_on": "date",
                      "position": "int"},
    "attachment": {"id": "int", "case_id": "int", "filing_id": "int", "entry_id": "int", "document_id": "int",
                   "kind": "str", "original_name": "str", "file_name": "str", "path": "str", "media_type": "str",
                   "size": "int",
                   "sha256": "str", "confirmation": "str", "confidential": "bool", "attached_at": "instant"},
    "correction": {"id": "int", "case_id": "int", "election_id": "int", "act": "str", "target": "str",
                   "changes": "json", "why": "str", "consequences": "json", "reissues": "json", "entry_id": "int",
                   "recorded_at": "instant"},
    "agencyorder": {"id": "int", "case_id": "int", "election_id": "int", "kind": "str", "issued_on": "date",
                    "issuer": "str", "body": "json", "issued_on_public": "bool", "inferred_from": "str"},
    "person": {"id": "int", "case_id": "int", "party_id": "int", "name": "str", "firm": "str", "address": "str",
               "phone": "str", "bar_number": "str", "counsel": "bool", "position": "int"},
}
#: The columns of the record's tables a seal leaves out, knowingly (see :data:`RECORD`).
NOT_SEALED: dict[str, tuple[str, ...]] = {
    "deadline": ("status", "closed_at", "derivation"),
    "person": ("email", "notify_urls", "created_at", "reminded", "user_id"),
}
#: A person row is part of the record when it is counsel (or other representative) of record; a
#: person entered only to be reminded is not (it is added without an act).
PERSON_OF_RECORD = "counsel"


def row_key(table: str, row_id: int) -> str:
    """How a seal names a row: ``"tally:3"`` (casefile.record.refs.RowKey, which reads it back)."""
    return str(RowKey(table, row_id))


def canonical_row(table: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """The sealed columns of a ``table`` row (:data:`RECORD`) in canonical form, whether read through
    the models (enums, aware datetimes, parsed JSON) or raw (enum names, ISO text or naive UTC
    instants, 0/1 booleans, JSON text when the column is read untyped)."""
    out: dict[str, Any] = {}
    for name, kind in RECORD[table].items():
        value = values.get(name)
        if value is None:
            out[name] = None
        elif kind == "enum":
            out[name] = value.name if isinstance(value, enum.Enum) else str(value)
        elif kind == "date":
            out[name] = _iso_date(value)
        elif kind == "instant":
            out[name] = _iso_instant(value)
        elif kind == "time":
            out[name] = _clock(value)
        elif kind == "bool":
            out[name] = bool(value)
        elif kind == "int":
            out[name] = int(value)
        elif kind == "json":
            out[name] = json.loads(value) if isinstance(value, (str, bytes)) else value
        else:
            out[name] = str(value)
    return out


def row_digest(table: str, values: Mapping[str, Any]) -> str:
    """The sha256 (hex) of a ``table`` row's canonical form (:func:`canonical_row`)."""
    text = json.dumps({"t": table, "row": canonical_row(table, values)}, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def value_digest(value: Any) -> str:
    """The sha256 (hex) of one term of an act's input (its JSON form, canonical)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def record_table(table: str, schema: str | None = None, present: set[str] | None = None) -> Any:
    """A typed SQLAlchemy table for reading the sealed columns of ``table`` (what the runtime, verify
    and the migrations read, so that all see the same values): enums as their stored names, JSON
    parsed, dates and instants typed. ``present``: only these columns (a migration's database, before
    a later revision added the others; they read as None)."""
    import sqlalchemy as sa

    types: dict[str, Any] = {"int": sa.Integer(), "str": sa.String(), "enum": sa.String(), "bool": sa.Boolean(),
                             "time": sa.String(),  # read raw: an older revision's text, or the TIME column
                             "date": sa.Date(), "instant": sa.DateTime(timezone=True), "json": sa.JSON()}
    return sa.table(table, *[sa.column(name, types[kind]) for name, kind in RECORD[table].items()
                             if present is None or name in present], schema=schema)


def file_sha256(path: Path) -> str:
    """The sha256 (hex) of the file at ``path``."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
