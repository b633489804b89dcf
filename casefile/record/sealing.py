"""Sealing the record (chain version 2): each act's docket entry vouches for the rows the act wrote.

Every write transaction is watched (SQLAlchemy session events on casefile's ``Session``): the rows
of the record's tables (casefile.record.chain.RECORD) that a flush inserts, updates or deletes are
noted with their case. Just before the commit, for each case that got a docket entry in the
transaction, the case's last entry of the transaction receives the seal of those rows — ``{"rows":
{"tally:3": <sha256 of its canonical form>, ...}}`` (a deleted row: "") — and the act's own entry the
digests of its input model's terms (``"terms"``, :func:`act_terms`, set by the front door); then the
transaction's entries are chained again (their hashes cover the seals). Nothing after the commit
changes an entry.

Bulk writers that bypass the ORM (the NLRB import's Core inserts) name the cases they wrote with
:func:`seal_whole_cases`: every row of those cases is sealed into each case's last entry.

``casefile verify`` (casefile.record.integrity) replays the seals of a case's chain in order (a
later seal of a row replaces an earlier one) and compares them with the rows as they are now: a
changed fact names the row and the act whose entry sealed it.

An act never builds on, or re-seals, a row changed outside casefile: before its entry is sealed
(:func:`refuse_altered`, inside the transaction), every already-sealed row of the case the
transaction wrote over (as it was before the transaction first wrote it, read in ``before_flush``),
deleted, or read through the ORM is compared with the digest the latest entry that sealed it
recorded; a difference refuses the act (RecordAltered: nothing is stored). Only those rows are
read, never the whole chain. The last entry also keeps the digests of the rows it wrote over as it
found them (``"found"``), so verify names a change a later writer sealed over.

What a transaction writes without a docket entry of its case is not sealed (the scheduled sweep
closing a deadline: the columns it changes are left out of the seal, chain.NOT_SEALED; a person
added only to be reminded, who is not part of the record).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import bindparam, event, select
from sqlalchemy.orm import attributes
from sqlmodel import Session

from casefile.record.chain import PERSON_OF_RECORD, RECORD, record_table, row_digest, row_key, value_digest
from casefile.record.refs import DocumentKey

#: Session.info keys (cleared when the transaction ends).
_WRITTEN = "casefile_sealing_written"  # {(table, id): (case_id | None, election_id | None, deleted)}
_WHOLE = "casefile_sealing_whole"  # case ids whose every row is sealed (bulk writers)
_ENTRIES = "casefile_sealing_entries"  # {case_id: [entry ids written through the ORM]}
_TERMS = "casefile_sealing_terms"  # {entry_id: {field: digest}}
_OWED = "casefile_sealing_owed"  # {entry_id: [document keys]}
_PRIOR = "casefile_sealing_prior"  # {(table, id): (case_id, election_id, digest | None)}: before the first write
_WHOLE_PRIOR = "casefile_sealing_whole_prior"  # {case_id: {row key: digest}}: a bulk writer's cases before it wrote
_CHECKED = "casefile_sealing_checked"  # row keys (table, id) already compared with their seals
_READ = "casefile_sealing_read"  # {(table, id): (case_id, election_id)}: record rows loaded through the ORM
_CHUNK = 500
#: What record_digests(people="all") puts before the digest of a person who is not of record.
NOT_OF_RECORD = "~"


def act_terms(act: Any, unordered: Iterable[str] = ()) -> dict[str, str]:
    """The digests of an act input model's terms: its JSON form's top-level fields, each hashed
    (sha256 of canonical JSON; the lists named in ``unordered`` — the act module's UNORDERED_TERMS,
    a register whose rows may come in any order — sorted first). Two inputs with the same terms
    have the same digests; a retry whose terms differ is told apart without storing the terms
    themselves (an offer of proof's witnesses stay out of the docket)."""
    data = act.model_dump(mode="json", by_alias=False)
    for name in unordered:
        if isinstance(data.get(name), list):
            data[name] = sorted(data[name], key=value_digest)
    return {name: value_digest(value) for name, value in sorted(data.items())}


#: Fields of an act's input that are not its terms: where the fact comes from and what the sources
#: leave uncertain (provenance, as a replay or a person gives it), and the election selector (the
#: act's key already names the election: the same election named or left to its default is one).
NOT_TERMS = frozenset({"source", "uncertain", "election"})


def not_terms(act: Any) -> frozenset[str]:
    """The fields of ``act`` that are not its terms: NOT_TERMS, less ``election`` where the model's ``election``
    describes the election itself rather than selecting one (ELECTION_IS_TERM: a tally's voting days and method)."""
    return NOT_TERMS - {"election"} if getattr(type(act), "ELECTION_IS_TERM", False) else NOT_TERMS


def different_terms(stored: Mapping[str, str], act: Any, unordered: Iterable[str] = ()) -> list[str]:
    """The fields of ``act`` whose terms differ from the ``stored`` digests (a term missing on
    either side differs unless it is at its default; :func:`not_terms` are not compared)."""
    now = act_terms(act, unordered)
    defaults = {name: value_digest(value) for name, value in _defaults(act).items()}
    names = sorted((set(stored) | set(now)) - not_terms(act))
    return [n for n in names if stored.get(n, defaults.get(n)) != now.get(n, defaults.get(n))]


def _defaults(act: Any) -> dict[str, Any]:
    """The act model's defaults by field (a term a model gained later: absent from older seals)."""
    out: dict[str, Any] = {}
    for name, info in type(act).model_fields.items():
        if not info.is_required():
            value = info.get_default(call_default_factory=True)
            out[name] = value.model_dump(mode="json") if hasattr(value, "model_dump") else value
    return out


def note_terms(session: Session, entry_id: int, act: Any, unordered: Iterable[str] = ()) -> None:
    """Seal ``act``'s terms into docket entry ``entry_id`` (written in this transaction)."""
    session.info.setdefault(_TERMS, {})[entry_id] = act_terms(act, unordered)


def note_owed(session: Session, entry_id: int, keys: Iterable[DocumentKey]) -> None:
    """Seal into docket entry ``entry_id`` the keys of the documents its act is to issue (stored as
    written, "tally-of-ballots:tally:12"; casefile.documents.issue): until each is issued it is listed
    as still to issue (:func:`owed_documents`)."""
    written = [str(key) for key in keys]
    if written:
        session.info.setdefault(_OWED, {})[entry_id] = written


def owed_documents(session: Any, case_id: int) -> list[tuple[Any, DocumentKey]]:
    """The documents the case's acts are to issue that are not issued yet: (docket entry, document
    key), in docket order. A sealed key of another shape (none is written so) is not listed."""
    from sqlmodel import col
    from sqlmodel import select as select_models

    from casefile.record.models import DocketEntry, Document

    owing = [e for e in session.exec(select_models(DocketEntry).where(DocketEntry.case_id == case_id,
                                                               col(DocketEntry.seal).is_not(None))
                                     .order_by(col(DocketEntry.id)))
             if (e.seal or {}).get("documents")]
    if not owing:
        return []
    issued = set(session.exec(select_models(Document.key).where(Document.case_id == case_id)).all())
    owed = [(e, DocumentKey.parse(key)) for e in owing for key in e.seal["documents"] if key not in issued]
    return [(e, key) for e, key in owed if key is not None]


def note_entry(session: Session, case_id: int, entry_id: int | None) -> None:
    """Record that a docket entry of ``case_id`` was written in this transaction (workflow.docket,
    integrity.seal_rows): the case's rows written in it are sealed into its last entry."""
    ids = session.info.setdefault(_ENTRIES, {}).setdefault(case_id, [])
    if entry_id is not None:
        ids.append(entry_id)


def seal_whole_cases(session: Session, case_ids: Iterable[int]) -> None:
    """Seal every row of these cases at the commit (a bulk writer that bypassed the ORM)."""
    session.info.setdefault(_WHOLE, set()).update(i for i in case_ids if i is not None)


# --- watching the unit of work ---------------------------------------------------------------------

@event.listens_for(Session, "loaded_as_persistent")
def _loaded(session: Session, obj: Any) -> None:
    """Note each record row loaded through the ORM (what an act, or a document's builder, read)."""
    table = getattr(obj, "__tablename__", None)
    if table in RECORD:
        values = obj.__dict__  # as loaded (no attribute instrumentation: this runs for every row read)
        owner = (values.get("id"), None) if table == "case" else (values.get("case_id"), values.get("election_id"))
        session.info.setdefault(_READ, {})[(table, values.get("id"))] = owner


@event.listens_for(Session, "before_flush")
def _before_flush(session: Session, _context: Any, _instances: Any) -> None:
    """Note the digest of each record row this flush is the first of the transaction to update or
    delete, as the database holds it before the write (what :func:`refuse_altered` compares with its
    seal)."""
    if not session.dirty and not session.deleted:
        return
    prior: dict[tuple[str, int], tuple[int | None, int | None, str | None]] = session.info.get(_PRIOR, {})
    written = session.info.get(_WRITTEN, {})
    wanted: dict[str, list[Any]] = defaultdict(list)
    for group, dirty in ((session.dirty, True), (session.deleted, False)):
        for obj in group:
            table = getattr(obj, "__tablename__", None)
            if table not in RECORD or getattr(obj, "id", None) is None or (dirty and not session.is_modified(obj)):
                continue
            if (table, obj.id) in prior or (table, obj.id) in written:  # seen already, or inserted by this transaction
                continue
            wanted[table].append(obj)
    if not wanted:
        return
    prior = session.info.setdefault(_PRIOR, prior)
    for table, objs in wanted.items():
        digests = _digests_by_id(session, table, [o.id for o in objs])
        for obj in objs:
            prior[(table, obj.id)] = (*_owner(table, obj), digests.get(row_key(table, obj.id)))


@event.listens_for(Session, "after_flush")
def _after_flush(session: Session, _context: Any) -> None:
    """Note the record rows this flush wrote (with their case, or election) for the commit's seal."""
    written = session.info.get(_WRITTEN)
    for group, deleted in ((session.new, False), (session.dirty, False), (session.deleted, True)):
        for obj in group:
            table = getattr(obj, "__tablename__", None)
            if table not in RECORD or (group is session.dirty and not session.is_modified(obj)):
                continue
            if written is None:
                written = session.info.setdefault(_WRITTEN, {})
            written[(table, obj.id)] = (*_owner(table, obj), deleted)


def _owner(table: str, obj: Any) -> tuple[int | None, int | None]:
    if table == "case":
        return obj.id, None
    return getattr(obj, "case_id", None), getattr(obj, "election_id", None)


@event.listens_for(Session, "before_commit")
def _before_commit(session: Session) -> None:
    if not session.info.get(_ENTRIES):
        _forget(session)
        return
    session.flush()
    refuse_altered(session)
    seal_transaction(session)


@event.listens_for(Session, "after_commit")
def _after_commit(session: Session) -> None:
    _forget(session)


@event.listens_for(Session, "after_soft_rollback")
def _after_rollback(session: Session, _previous: Any) -> None:
    _forget(session)


def _forget(session: Session) -> None:
    for key in (_WRITTEN, _WHOLE, _ENTRIES, _TERMS, _OWED, _PRIOR, _WHOLE_PRIOR, _CHECKED, _READ):
        session.info.pop(key, None)


# --- sealing ---------------------------------------------------------------------------------------

def seal_transaction(session: Session) -> None:
    """Put the seals of this transaction's writes into its docket entries and chain them again."""
    from casefile.record.models import Election

    entries: dict[int, list[int]] = session.info.get(_ENTRIES, {})
    written: dict[tuple[str, int], tuple[int | None, int | None, bool]] = session.info.get(_WRITTEN, {})
    whole: set[int] = session.info.get(_WHOLE, set())
    terms: dict[int, dict[str, str]] = session.info.get(_TERMS, {})
    owed: dict[int, list[str]] = session.info.get(_OWED, {})
    elections = {e for (_, _), (case, e, _) in written.items() if case is None and e is not None}
    election_case: dict[int, int] = {}
    if elections:
        table = Election.__table__  # type: ignore[attr-defined]
        election_case = dict(session.execute(select(table.c.id, table.c.case_id)  # type: ignore[arg-type]
                                             .where(table.c.id.in_(sorted(elections)))).all())
    by_case: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    deleted: dict[int, list[str]] = defaultdict(list)
    for (table, row_id), (case_id, election_id, gone) in written.items():
        owner = case_id if case_id is not None else election_case.get(election_id) if election_id is not None else None
        if owner is None or owner not in entries or owner in whole:
            continue
        if gone:
            deleted[owner].append(row_key(table, row_id))
        else:
            by_case[owner][table].append(row_id)
    seals: dict[int, dict[str, str]] = {case_id: {} for case_id in entries}
    for case_id, tables in by_case.items():
        for table, ids in tables.items():
            seals[case_id].update(_digests_by_id(session, table, ids))
    for case_id, keys in deleted.items():
        seals[case_id].update({k: "" for k in keys})
    whole_cases = sorted(whole & set(entries))
    for start in range(0, len(whole_cases), _CHUNK):
        for case_id, rows in record_digests(session, whole_cases[start:start + _CHUNK]).items():
            seals[case_id].update(rows)
    found: dict[int, dict[str, str]] = defaultdict(dict)
    for (table, row_id), (case_id, election_id, digest) in session.info.get(_PRIOR, {}).items():
        owner = case_id if case_id is not None else election_case.get(election_id) if election_id is not None else None
        if digest is not None and owner in entries and owner not in whole:
            found[owner][row_key(table, row_id)] = digest
    _write_seals(session, entries, seals, terms, owed, found)


def schema_of(bind: Any) -> str | None:
    """The schema unqualified tables are mapped to on ``bind`` (a Session or Connection; tests put
    PostgreSQL's tables in a schema of their own with schema_translate_map), else None."""
    connection = bind.connection() if isinstance(bind, Session) else bind
    return (connection.get_execution_options().get("schema_translate_map") or {}).get(None)


def _digests_by_id(session: Session, table: str, ids: list[int]) -> dict[str, str]:
    t = record_table(table, schema_of(session))
    out: dict[str, str] = {}
    unique = sorted(set(ids))
    for start in range(0, len(unique), _CHUNK):
        for row in session.execute(select(t).where(t.c.id.in_(unique[start:start + _CHUNK]))).mappings():
            if table == "person" and not row[PERSON_OF_RECORD]:
                continue  # reminded only: not part of the record
            out[row_key(table, row["id"])] = row_digest(table, dict(row))
    return out


def record_digests(session: Any, case_ids: list[int], *, people: str = "record",
                   present: Mapping[str, set[str]] | None = None) -> dict[int, dict[str, str]]:
    """Every record row of these cases, as ``{case_id: {"tally:3": digest, ...}}`` (chain.RECORD):
    read through the same typed tables the seals were made from. ``people``: "record" (counsel of
    record only) or "all" (every person row, for comparing against a seal that names one; a person
    not of record has NOT_OF_RECORD before the digest). ``present``: the columns each table has
    (:func:`columns_present`), for a migration that runs before a later one added columns."""
    import sqlalchemy as sa

    out: dict[int, dict[str, str]] = {case_id: {} for case_id in case_ids}
    if not case_ids:
        return out
    schema = schema_of(session)
    election = sa.table("election", sa.column("id", sa.Integer()), sa.column("case_id", sa.Integer()), schema=schema)
    election_case = dict(session.execute(select(election.c.id, election.c.case_id)
                                         .where(election.c.case_id.in_(case_ids))).all())
    for table in RECORD:
        t = record_table(table, schema, present.get(table) if present is not None else None)
        if table == "case":
            query = select(t).where(t.c.id.in_(case_ids))
        elif "case_id" in t.c:
            query = select(t).where(t.c.case_id.in_(case_ids))
        else:
            if not election_case:
                continue
            query = select(t).where(t.c.election_id.in_(sorted(election_case)))
        for row in session.execute(query).mappings():
            mark = ""
            if table == "person" and not row[PERSON_OF_RECORD]:
                if people == "record":
                    continue
                mark = NOT_OF_RECORD
            owner = row["id"] if table == "case" else row["case_id"] if "case_id" in row else election_case[row["election_id"]]
            out[owner][row_key(table, row["id"])] = mark + row_digest(table, row)
    return out


def columns_present(bind: Any) -> dict[str, set[str]]:
    """The columns each record table (chain.RECORD) has in ``bind``'s database as it is now."""
    import sqlalchemy as sa

    inspector = sa.inspect(bind)
    schema = schema_of(bind)
    return {table: {c["name"] for c in inspector.get_columns(table, schema=schema)} for table in RECORD}


def _write_seals(session: Session, entries: dict[int, list[int]], seals: dict[int, dict[str, str]],
                 terms: dict[int, dict[str, str]], owed: dict[int, list[str]],
                 found: Mapping[int, dict[str, str]]) -> None:
    """Give each case's last entry of the transaction its rows' seal (and the digests of the rows it
    wrote over as it found them; the act's entry its terms), then recompute the hashes of the
    transaction's entries of that case in id order."""
    from sqlalchemy import func

    from casefile.record.chain import HASHED, link_hash
    from casefile.record.models import DocketEntry
    from casefile.record.secret_key import keys_for

    table = DocketEntry.__table__  # type: ignore[attr-defined]
    key = keys_for(session).signing
    unknown = sorted(case_id for case_id, ids in entries.items() if not ids)  # Core-inserted entries: the last one
    last_of: dict[int, int] = {}
    for start in range(0, len(unknown), _CHUNK):
        last_of.update(session.execute(select(table.c.case_id, func.max(table.c.id))
                                       .where(table.c.case_id.in_(unknown[start:start + _CHUNK]))
                                       .group_by(table.c.case_id)).all())
    ids_of = {case_id: sorted(ids) if ids else ([last_of[case_id]] if case_id in last_of else [])
              for case_id, ids in entries.items()}
    all_ids = sorted({i for ids in ids_of.values() for i in ids})
    rows: dict[int, dict[str, Any]] = {}
    for start in range(0, len(all_ids), _CHUNK):
        for row in session.execute(select(table).where(table.c.id.in_(all_ids[start:start + _CHUNK]))).mappings():
            rows[row["id"]] = dict(row)
    shas = document_shas(session, [r["document_id"] for r in rows.values()])
    updates = []
    for case_id, ids in ids_of.items():
        if not ids:
            continue
        prev = rows[ids[0]]["prev_hash"]
        for entry_id in ids:
            entry_row = rows[entry_id]
            seal: dict[str, Any] = dict(entry_row.get("seal") or {})
            if entry_id == ids[-1]:
                seal["rows"] = {**seal.get("rows", {}), **seals.get(case_id, {})}
                if found.get(case_id):
                    seal["found"] = {**seal.get("found", {}), **found[case_id]}
            if entry_id in terms:
                seal["terms"] = terms[entry_id]
            if entry_id in owed:
                seal["documents"] = owed[entry_id]
            seal.setdefault("rows", {})
            values = {name: entry_row[name] for name in HASHED} | {"seal": seal}
            chain = link_hash(key, values, prev_hash=prev, document_sha256=shas.get(entry_row["document_id"], "")
                              if entry_row["document_id"] is not None else "")
            if (chain, prev, seal) != (entry_row["chain_hash"], entry_row["prev_hash"], entry_row.get("seal")):
                updates.append({"row_id": entry_id, "seal_value": seal, "prev": prev, "chain": chain})
            prev = chain
    if not updates:
        return
    # In id order (an executemany runs them in list order): each entry's new link is written after the
    # entry before it has its new hash, so the unique (case_id, prev_hash) index never sees two alike.
    session.execute(table.update().where(table.c.id == bindparam("row_id"))
                    .values(seal=bindparam("seal_value"), prev_hash=bindparam("prev"), chain_hash=bindparam("chain")),
                    sorted(updates, key=lambda u: u["row_id"]))
    # Keep the ORM's copies of those entries as they now are (never flushed again).
    by_id = {u["row_id"]: u for u in updates}
    for obj in list(session.identity_map.values()):
        if isinstance(obj, DocketEntry) and obj.id in by_id:
            u = by_id[obj.id]
            attributes.set_committed_value(obj, "seal", u["seal_value"])
            attributes.set_committed_value(obj, "prev_hash", u["prev"])
            attributes.set_committed_value(obj, "chain_hash", u["chain"])


def document_shas(session: Session, document_ids: Iterable[int | None]) -> dict[int | None, str]:
    """The stored sha256 of each document named (by id; None and unknown ids are left out)."""
    from sqlmodel import col
    from sqlmodel import select as select_rows

    from casefile.record.models import Document

    ids = sorted({i for i in document_ids if i is not None})
    out: dict[int | None, str] = {}
    for start in range(0, len(ids), _CHUNK):
        out.update(session.exec(select_rows(Document.id, Document.sha256).where(col(Document.id).in_(ids[start:start + _CHUNK]))).all())
    return out


# --- refusing to build on a row changed outside casefile -------------------------------------------

#: What a refused act is told after naming the row (RecordAltered).
REFUSED = "the act is refused and nothing was stored; run `casefile verify`"


def note_whole_prior(session: Session, case_ids: Iterable[int | None]) -> None:
    """A bulk writer (the NLRB import) about to write into cases that exist already, whose every row
    its commit seals again (:func:`seal_whole_cases`): their rows as they are before it writes, which
    :func:`refuse_altered` compares with their seals."""
    ids = sorted({i for i in case_ids if i is not None})
    held: dict[int, dict[str, str]] = session.info.setdefault(_WHOLE_PRIOR, {})
    for start in range(0, len(ids), _CHUNK):
        held.update(record_digests(session, ids[start:start + _CHUNK]))


def refuse_altered(session: Session, *, consequence: str = REFUSED) -> None:
    """Raise RecordAltered when a row the transaction's acts write over, delete or read (through the
    ORM), of a case they docket, no longer matches the digest the latest docket entry that sealed it
    recorded. Runs before the commit seals the transaction (and wherever a writer is about to put a
    file on disk inside it: casefile.acts.attaching); each row is compared once per transaction.
    A row no entry sealed (a case sealed before chain version 2, a person entered only to be
    reminded) is not compared: verify names a row on no docket entry."""
    entries: dict[int, list[int]] = session.info.get(_ENTRIES, {})
    if not entries:
        return
    session.flush()
    checked: set[tuple[str, int]] = session.info.setdefault(_CHECKED, set())
    prior: dict[tuple[str, int], tuple[int | None, int | None, str | None]] = session.info.get(_PRIOR, {})
    written = session.info.get(_WRITTEN, {})
    found: dict[tuple[str, int], tuple[int | None, int | None, str | None]] = {
        key: value for key, value in prior.items() if key not in checked and value[2] is not None}
    for key, owner in session.info.get(_READ, {}).items():
        if key not in checked and key not in prior and key not in written:
            found[key] = (*owner, None)
    by_case = _by_case(session, found, set(entries))
    missing: dict[str, list[int]] = defaultdict(list)  # the rows read: their digests as the database holds them
    for rows in by_case.values():
        for (table, row_id), digest in rows.items():
            if digest is None:
                missing[table].append(row_id)
    now: dict[str, str] = {}
    for table, ids in missing.items():
        now.update(_digests_by_id(session, table, ids))
    compare: dict[int, dict[str, str]] = defaultdict(dict)
    for case_id, rows in by_case.items():
        for (table, row_id), digest in rows.items():
            digest = digest if digest is not None else now.get(row_key(table, row_id))
            if digest is not None:
                compare[case_id][row_key(table, row_id)] = digest
    for case_id, held in session.info.get(_WHOLE_PRIOR, {}).items():
        if case_id in entries:
            compare[case_id].update(held)
    checked.update(found)
    session.info.pop(_WHOLE_PRIOR, None)
    problems = [p for case_id in sorted(compare) for p in altered(session, case_id, compare[case_id])]
    if problems:
        from casefile.errors import RecordAltered

        more = f" (and {len(problems) - 1} other row{'s' if len(problems) > 2 else ''})" if len(problems) > 1 else ""
        raise RecordAltered(f"{problems[0]}{more}: {consequence}")


def _by_case(session: Session, rows: Mapping[tuple[str, int], tuple[int | None, int | None, str | None]],
             cases: set[int]) -> dict[int, dict[tuple[str, int], str | None]]:
    """``rows`` ({(table, id): (case, election, digest)}) by the case they belong to, of ``cases`` only."""
    from casefile.record.models import Election

    elections = sorted({e for (case, e, _) in rows.values() if case is None and e is not None})
    election_case: dict[int, int] = {}
    table = Election.__table__  # type: ignore[attr-defined]
    for start in range(0, len(elections), _CHUNK):
        election_case.update(session.execute(select(table.c.id, table.c.case_id)  # type: ignore[arg-type]
                                             .where(table.c.id.in_(elections[start:start + _CHUNK]))).all())
    out: dict[int, dict[tuple[str, int], str | None]] = defaultdict(dict)
    for key, (case_id, election_id, digest) in rows.items():
        owner = case_id if case_id is not None else election_case.get(election_id) if election_id is not None else None
        if owner in cases:
            out[owner][key] = digest  # type: ignore[index]
    return out


def altered(session: Any, case_id: int, rows: Mapping[str, str]) -> list[str]:
    """Which of ``rows`` ({"objection:2": digest as the row is}) of the case differ from the digest the
    latest docket entry that sealed them recorded (a sentence each, in table and id order). Reads the
    seals of the case's entries from the last back, only until every row is found."""
    from casefile.record.models import DocketEntry

    table = DocketEntry.__table__  # type: ignore[attr-defined]
    wanted = set(rows)
    latest: dict[str, tuple[str, int, str, Any]] = {}
    query = (select(table.c.id, table.c.act, table.c.occurred_on, table.c.seal)
             .where(table.c.case_id == case_id, table.c.seal.is_not(None)).order_by(table.c.id.desc()))
    for entry_id, act, occurred_on, seal in session.execute(query):
        for key, digest in ((seal or {}).get("rows") or {}).items():
            if key in wanted and key not in latest:
                latest[key] = (digest, entry_id, act, occurred_on)
        if len(latest) == len(wanted):
            break
    out = []
    for key in sorted(latest, key=_key_order):
        digest, entry_id, act, occurred_on = latest[key]
        if digest == rows[key]:
            continue
        named = _named(key)
        day = occurred_on.isoformat() if hasattr(occurred_on, "isoformat") else str(occurred_on)
        if digest == "":
            out.append(f"{named} was deleted by docket entry #{entry_id} ({act} {day}) and was put back outside casefile")
        else:
            out.append(f"{named} was changed outside casefile after docket entry #{entry_id} ({act} {day}) recorded it")
    return out


def _named(key: str) -> str:
    from casefile.record.refs import RowKey

    row = RowKey.parse(key)
    return f"{row.table} #{row.id}" if row is not None else key


def _key_order(key: str) -> tuple[str, int]:
    from casefile.record.refs import RowKey

    row = RowKey.parse(key)
    return (row.table, row.id) if row is not None else (key, 0)


def refuse_altered_read(session: Session, case_id: int, *, consequence: str) -> None:
    """Raise RecordAltered when a record row of the case that ``session`` read through the ORM (what a
    document's builder read: casefile.documents.issue) no longer matches its latest seal."""
    read = {key: (*owner, None) for key, owner in session.info.get(_READ, {}).items()}
    rows = _by_case(session, read, {case_id}).get(case_id, {})
    ids: dict[str, list[int]] = defaultdict(list)
    for table, row_id in rows:
        ids[table].append(row_id)
    now: dict[str, str] = {}
    for table, row_ids in ids.items():
        now.update(_digests_by_id(session, table, row_ids))
    problems = altered(session, case_id, now)
    if problems:
        from casefile.errors import RecordAltered

        more = f" (and {len(problems) - 1} other row{'s' if len(problems) > 2 else ''})" if len(problems) > 1 else ""
        raise RecordAltered(f"{problems[0]}{more}: {consequence}")
