"""The docket's tamper evidence: a keyed hash chain per case, and checking it with the issued files.

Each docket entry carries ``prev_hash`` (the ``chain_hash`` of the case's entry before it, in id
order; empty for the case's first entry) and ``chain_hash``:

    chain_hash = HMAC-SHA256(signing key, canonical JSON of {the entry's content, prev_hash,
                                                              sha256 of the document it issued})

The content is every column of the entry except its id and the two hashes (:data:`HASHED`; a test
checks that every column of the table is hashed or named in UNHASHED), each written in one canonical
form (casefile.record.chain: enums by stored name, dates ISO, instants in UTC to the microsecond),
so the hash is the same on SQLite and PostgreSQL and after a backup and restore. The key is the instance's (casefile.record.secret_key): a plain
hash could be recomputed by whoever edits a row; an HMAC cannot be without the key.

What the chain shows: an entry whose content was edited (its hash no longer matches), an entry
removed or inserted in the middle (the next entry's ``prev_hash`` no longer follows), an issued
document replaced (its entry covers the sha256, and the file is checked against it). What it cannot
show alone: entries removed from the end of a chain. For that, write down the chain head
(``casefile verify --head CASE``) and compare it later (``--expect-head``).

Concurrency: :func:`seal` reads the case's last hash in the caller's write transaction after
locking the case row (SELECT ... FOR UPDATE on PostgreSQL; on SQLite the write transaction is
BEGIN IMMEDIATE, one writer at a time), and a unique index on (case_id, prev_hash) makes a fork
impossible even for a writer that skipped the lock: it fails instead.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from casefile.record.chain import CHAIN_VERSION, HASHED, UNHASHED, canonical_content, file_sha256, link_hash, version_of
from casefile.record.models import Case, DocketEntry, Document
from casefile.record.refs import RowKey
from casefile.record.sealing import NOT_OF_RECORD, document_shas, note_entry, owed_documents
from casefile.record.secret_key import keys_for
from casefile.vocab import counted

__all__ = ["CHAIN_VERSION", "HASHED", "UNHASHED", "canonical_content", "chain_head", "link_hash", "lock_case", "seal",
           "seal_rows", "verify"]

_CHUNK = 500


def entry_values(entry: DocketEntry) -> dict[str, Any]:
    """The hashed columns of an ORM docket entry, and its seal (chain version 2; None: version 1)."""
    return {name: getattr(entry, name, None) for name in HASHED} | {"seal": entry.seal}


# --- writing: one entry, or many at once (the NLRB import) --------------------------------------------

def lock_case(session: Session, case_id: int) -> None:
    """Lock the case row until the transaction ends (PostgreSQL: SELECT ... FOR UPDATE; SQLite: the
    write transaction already holds the database's write lock). Every writer of a case's chain takes
    it before reading the chain's last hash."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(select(Case.id).where(Case.id == case_id).with_for_update())


def head_hash(session: Session, case_id: int) -> str:
    """The ``chain_hash`` of the case's last docket entry (by id), or "" for a case without entries."""
    value = session.exec(select(DocketEntry.chain_hash).where(DocketEntry.case_id == case_id)
                         .order_by(col(DocketEntry.id).desc()).limit(1)).first()
    return value or ""


def seal(session: Session, entry: DocketEntry) -> None:
    """Set ``entry.prev_hash`` and ``entry.chain_hash`` (before it is added to ``session``), in the
    caller's write transaction: the case row is locked, then its last hash read. Raises
    ConfigurationError when the instance key cannot be read."""
    keys = keys_for(session)
    lock_case(session, entry.case_id)
    prev = head_hash(session, entry.case_id)
    sha = document_shas(session, [entry.document_id]).get(entry.document_id, "") if entry.document_id else ""
    if entry.seal is None:
        entry.seal = {"rows": {}}  # version 2; the commit puts the rows the act wrote in it (casefile.record.sealing)
    entry.prev_hash = prev
    entry.chain_hash = link_hash(keys.signing, entry_values(entry), prev_hash=prev, document_sha256=sha)


def seal_rows(session: Session, rows: Sequence[dict[str, Any]]) -> None:
    """Chain docket-entry rows that are about to be inserted together (a Core executemany, in list
    order): each row gets ``prev_hash`` and ``chain_hash``, following its case's last stored hash,
    then the row before it of the same case. Missing hashed columns are filled with the table's
    defaults, so that what is inserted is what was hashed. Locks the cases' rows (in id order)."""
    if not rows:
        return
    keys = keys_for(session)
    table = DocketEntry.__table__  # type: ignore[attr-defined]
    defaults = {c.name: c.default.arg for c in table.columns
                if c.name in HASHED and c.default is not None and c.default.is_scalar}
    for row in rows:
        for name in HASHED:
            if name not in row:
                row[name] = defaults.get(name)
        row.setdefault("seal", {"rows": {}})
    case_ids = sorted({row["case_id"] for row in rows})
    if session.get_bind().dialect.name == "postgresql":
        for start in range(0, len(case_ids), _CHUNK):
            session.execute(select(Case.id).where(col(Case.id).in_(case_ids[start:start + _CHUNK]))
                            .order_by(col(Case.id)).with_for_update())
    heads = _heads(session, case_ids)
    shas = document_shas(session, [row["document_id"] for row in rows if row.get("document_id")])
    for row in rows:
        prev = heads.get(row["case_id"], "")
        row["prev_hash"] = prev
        row["chain_hash"] = link_hash(keys.signing, row, prev_hash=prev,
                                      document_sha256=shas.get(row.get("document_id"), "") if row.get("document_id") else "")
        heads[row["case_id"]] = row["chain_hash"]
    for case_id in case_ids:
        note_entry(session, case_id, None)  # the commit seals the rows written with them into each case's last entry


def _heads(session: Session, case_ids: Sequence[int]) -> dict[int, str]:
    heads: dict[int, str] = {}
    for start in range(0, len(case_ids), _CHUNK):
        last = (select(func.max(DocketEntry.id)).where(col(DocketEntry.case_id).in_(case_ids[start:start + _CHUNK]))
                .group_by(col(DocketEntry.case_id)))
        for case_id, chain in session.exec(select(DocketEntry.case_id, DocketEntry.chain_hash)
                                           .where(col(DocketEntry.id).in_(last))):
            heads[case_id] = chain
    return heads


# --- reading: the head, and verifying ---------------------------------------------------------------

@dataclass(frozen=True)
class ChainHead:
    """The end of a case's chain: how many entries it has, the last one's id and its hash, and the chain version
    that hash is computed with (casefile.record.chain.version_of: CHAIN_VERSION_2 for an entry that seals the
    record, CHAIN_VERSION_1 for one recorded before; CHAIN_VERSION, the version of what is recorded now, for an
    empty chain)."""

    case_number: str
    entries: int
    last_entry_id: int | None
    head: str
    version: str = CHAIN_VERSION

    def line(self) -> str:
        return f"{self.case_number} head {self.head or '(empty chain)'} ({counted(self.entries, 'docket entry', 'docket entries')})"


@dataclass(frozen=True)
class Problem:
    """Something that does not match: in ``case_number``, a docket entry or an issued file (``what``),
    with a sentence saying which and how."""

    case_number: str
    what: str  # "entry" | "record" | "file" | "head" | "pending" (a document its act is still to issue)
    message: str

    def line(self) -> str:
        return f"{self.case_number}: {self.message}"


@dataclass
class VerifyReport:
    """What ``verify`` checked: cases, docket entries and files that match, and the problems found
    (for each case the first entry that does not match; every file that does not)."""

    cases: int = 0
    entries: int = 0
    files: int = 0
    rows: int = 0
    problems: list[Problem] = field(default_factory=list)
    hint: str = ""
    heads: list[ChainHead] = field(default_factory=list)  # each case's chain as it ends now (published: record_head)

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        return (f"verified: {counted(self.cases, 'case')}, {counted(self.entries, 'entry', 'entries')}, "
                f"{counted(self.rows, 'record row')}, {counted(self.files, 'file')}")

    def heads_file(self) -> dict[str, Any]:
        """The heads to keep elsewhere (``casefile verify --heads FILE``), read back by ``--expect-heads``."""
        return {"record_head": self.record_head(),
                "cases": {h.case_number: {"head": h.head, "entries": h.entries} for h in self.heads}}

    def record_head(self) -> str:
        """One digest of every case's chain head (sha256 of "number head count" lines, by number): what
        to keep, or send elsewhere, to see later that nothing was removed from the end of any chain."""
        text = "\n".join(f"{h.case_number} {h.head} {h.entries}" for h in sorted(self.heads, key=lambda h: h.case_number))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def lines(self) -> list[str]:
        if self.ok:
            return [self.summary()]
        out = [p.line() for p in self.problems]
        if self.hint:
            out.append(self.hint)
        out.append(f"NOT verified: {counted(len(self.problems), 'problem')} in "
                   f"{counted(len({p.case_number for p in self.problems}), 'case')}; {self.summary().removeprefix('verified: ')} checked")
        return out

    def as_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "cases": self.cases, "entries": self.entries, "rows": self.rows, "files": self.files,
                "record_head": self.record_head(),
                "heads": [{"case_number": h.case_number, "head": h.head, "entries": h.entries} for h in self.heads],
                "problems": [{"case_number": p.case_number, "what": p.what, "message": p.message} for p in self.problems],
                "hint": self.hint}


def chain_head(session: Session, case_number: str) -> ChainHead:
    """The head of the case's chain. Raises MalformedCaseNumber, UnknownCase."""
    from casefile.record.lookups import get_case

    case = get_case(session, case_number)
    count, last = session.exec(select(func.count(), func.max(DocketEntry.id)).where(DocketEntry.case_id == case.id)).one()
    version = CHAIN_VERSION
    if last is not None:
        version = version_of(session.exec(select(DocketEntry.seal).where(DocketEntry.id == last)).one())
    return ChainHead(case_number=case.number, entries=count, last_entry_id=last, head=head_hash(session, case.id),  # type: ignore[arg-type]
                     version=version)


def verify(session: Session, *, output_dir: Path, case_number: str | None = None,
           expect_head: str | None = None, expect_heads: Mapping[str, tuple[str, int]] | None = None) -> VerifyReport:
    """Check every case's chain (or only ``case_number``'s) and every issued file of those cases.

    For each case: each entry in id order must follow the one before (``prev_hash``) and its
    ``chain_hash`` must be the HMAC of its content; the first one that does not is named (what comes
    after it cannot be vouched for). Each Document must be covered by an entry, and its file, in
    ``output_dir``/<case number>/<its file name>, must exist with the stored sha256; so must each
    document attached as filed or issued (casefile.record.attachments), docketed under its sha256.
    Each record row (casefile.record.chain.RECORD) must match the digest the last entry that wrote
    it sealed (casefile.record.sealing), and every row must have been sealed by one.
    ``expect_head`` (with ``case_number``): the head written down earlier, which the chain must
    still end in. ``expect_heads``: case number → (head, entry count) published earlier
    (:meth:`VerifyReport.heads_file`): each of those chains must still hold that head at that
    position (acts added since are fine; an entry removed from the end, or a case removed, is not).
    Raises MalformedCaseNumber, UnknownCase."""
    from casefile.record.attachments import check_attachments
    from casefile.record.lookups import get_case

    keys = keys_for(session)
    report = VerifyReport()
    if case_number is not None:
        cases = [get_case(session, case_number)]
    else:
        cases = list(session.exec(select(Case).order_by(col(Case.number))))
    first_entry_failures = 0
    current_rows = _RecordRows(session, [c.id for c in cases])  # type: ignore[misc]
    for case in cases:
        report.cases += 1
        documents = {d.id: d for d in session.exec(select(Document).where(Document.case_id == case.id))}
        covered: set[int] = set()
        vouched: set[str] = set()  # act keys of the entries the chain vouches for (attachments: their sha256)
        sealed: dict[str, tuple[str, DocketEntry]] = {}  # row key -> (digest, the entry that sealed it)
        overwritten: list[str] = []  # rows changed after their seal that a later entry sealed again
        prev = ""
        position = 0
        chain_ok = True
        published = (expect_heads or {}).get(case.number)
        at_published = "" if published is None or published[1] else None
        for entry in session.exec(select(DocketEntry).where(DocketEntry.case_id == case.id).order_by(col(DocketEntry.id))):
            position += 1
            problem = _entry_problem(entry, documents, keys.signing, prev)
            if problem is not None:
                first_entry_failures += position == 1 and "does not match its hash" in problem
                report.problems.append(Problem(case.number, "entry", problem))
                chain_ok = False
                break
            if entry.document_id is not None:
                covered.add(entry.document_id)
            vouched.add(entry.act_key)
            for row, digest in ((entry.seal or {}).get("found") or {}).items():
                if row in sealed and sealed[row][0] != digest:  # its act wrote over a row changed since it was sealed
                    overwritten.append(_overwritten(row, sealed[row][1], entry))
            for row, digest in ((entry.seal or {}).get("rows") or {}).items():
                sealed[row] = (digest, entry)
            report.entries += 1
            prev = entry.chain_hash
            if published is not None and position == published[1]:
                at_published = prev
        if expect_head is not None and chain_ok and not hmac.compare_digest(prev, expect_head.strip().lower()):
            report.problems.append(Problem(case.number, "head", (
                f"the chain ends in {prev or '(nothing)'}, not in the head given ({expect_head.strip()}): entries "
                "were removed from its end, or added since the head was written down")))
        if published is not None and chain_ok and (at_published is None
                                                   or not hmac.compare_digest(at_published, published[0])):
            report.problems.append(Problem(case.number, "head", (
                f"the chain no longer holds the head published for it ({published[0]}, after {published[1]} docket "
                f"entries; it has {position} now): entries were removed from its end, or replaced")))
        if chain_ok:
            rows = current_rows.of(case.id)  # type: ignore[arg-type]
            report.problems += [Problem(case.number, "record", m) for m in overwritten]
            report.problems += [Problem(case.number, "record", m) for m in _record_problems(sealed, rows)]
            report.rows += len(rows)
            report.problems += [Problem(case.number, "pending", (
                f"the {key.kind.value} of docket entry #{entry.id} ({entry.act} {entry.occurred_on.isoformat()}) "
                f"is not issued yet: run `casefile documents issue --pending {case.number}`"))
                for entry, key in owed_documents(session, case.id)]  # type: ignore[arg-type]
        report.heads.append(ChainHead(case_number=case.number, entries=position, last_entry_id=None, head=prev))
        for document in sorted(documents.values(), key=lambda d: d.id or 0):
            where = document_file(document, output_dir=output_dir, case_number=case.number)
            named = f"document #{document.id} {document.key!r} (file {where})"
            if document.id not in covered and chain_ok:
                report.problems.append(Problem(case.number, "file", f"{named} is on no docket entry"))
                continue
            if not where.is_file():
                issued_at = "" if Path(document.path).resolve() == where.resolve() else f"; issued as {document.path}"
                report.problems.append(Problem(case.number, "file", f"{named} is missing{issued_at}"))
                continue
            if file_sha256(where) != document.sha256:
                report.problems.append(Problem(case.number, "file", (
                    f"{named} does not match its sha256 {document.sha256[:12]}…: the file was changed or damaged "
                    "after it was issued")))
                continue
            report.files += 1
        matched, wrong = check_attachments(session, case, output_dir=output_dir, covered=vouched)
        report.files += matched
        report.problems += [Problem(case.number, "file", p.message) for p in wrong]
    if expect_heads and case_number is None:
        present = {c.number for c in cases}
        report.problems += [Problem(number, "head", f"the case is no longer in the record (its head {head} was "
                                    f"published after {count} docket entries)")
                            for number, (head, count) in sorted(expect_heads.items()) if number not in present]
    if cases and first_entry_failures == len(cases):
        report.hint = (f"the first entry of every case checked fails: unless all of them were edited, the secret key "
                       f"({keys.source}) is not the one that signed this database (restore its key file, or set the "
                       "CASEFILE_SECRET_KEY it was made with)")
    return report


class _RecordRows:
    """The record rows of the cases being verified, read a chunk of cases at a time (as digests)."""

    def __init__(self, session: Session, case_ids: list[int]) -> None:
        self.session, self.order = session, case_ids
        self.loaded: dict[int, dict[str, str]] = {}
        self.position = {case_id: i for i, case_id in enumerate(case_ids)}

    def of(self, case_id: int) -> dict[str, str]:
        if case_id not in self.loaded:
            from casefile.record.sealing import record_digests

            start = self.position[case_id]
            self.loaded = record_digests(self.session, self.order[start:start + _CHUNK], people="all")
        return self.loaded[case_id]


def _record_problems(sealed: Mapping[str, tuple[str, DocketEntry]], rows: Mapping[str, str]) -> list[str]:
    """What differs between the rows the chain sealed and the record rows as they are (sentences):
    a changed row names the act whose entry sealed it."""
    out = []
    for key in sorted(set(sealed) | set(rows), key=_row_order):
        digest, entry = sealed.get(key, ("", None))
        now = rows.get(key)
        reminded_only = now is not None and now.startswith(NOT_OF_RECORD)
        now = now.removeprefix(NOT_OF_RECORD) if now is not None else None
        row = RowKey.parse(key)
        named = f"{row.table} #{row.id}" if row is not None else key
        if entry is None:
            if now is not None and not reminded_only:
                out.append(f"{named} is on no docket entry: it was added to the record without an act")
            continue
        act = f"docket entry #{entry.id} ({entry.act} {entry.occurred_on.isoformat()}, key {entry.act_key!r})"
        if digest == "" and now is not None:
            out.append(f"{named} was deleted by {act} and is in the record again")
        elif digest and now is None:
            out.append(f"{named}, written by {act}, is no longer in the record")
        elif digest and now != digest:
            out.append(f"{named} does not match what {act}, the last act that wrote it, recorded: it was changed "
                       "after it was recorded")
    return out


def _overwritten(key: str, sealer: DocketEntry, writer: DocketEntry) -> str:
    """A row its writer's entry found changed since the entry that sealed it last (the ``"found"``
    digests of a seal): named with both entries, whatever the row holds now."""
    row = RowKey.parse(key)
    named = f"{row.table} #{row.id}" if row is not None else key
    return (f"{named} did not match what {_entry_named(sealer)} recorded: it was changed after it was recorded, and "
            f"{_entry_named(writer)} wrote over the change")


def _entry_named(entry: DocketEntry) -> str:
    return f"docket entry #{entry.id} ({entry.act} {entry.occurred_on.isoformat()}, key {entry.act_key!r})"


def _row_order(key: str) -> tuple[str, int]:
    row = RowKey.parse(key)
    return (row.table, row.id) if row is not None else (key, 0)


def _entry_problem(entry: DocketEntry, documents: Mapping[int | None, Document], signing_key: bytes,
                   prev: str) -> str | None:
    """Why ``entry`` does not continue a chain ending in ``prev`` (a sentence), or None."""
    named = f"docket entry #{entry.id} ({entry.act} {entry.occurred_on.isoformat()}, key {entry.act_key!r})"
    if entry.prev_hash != prev:
        return (f"{named} does not follow the entry before it: an entry was removed, inserted or reordered before "
                "it, or its link was edited")
    document = documents.get(entry.document_id) if entry.document_id is not None else None
    if entry.document_id is not None and document is None:
        return f"{named}: the document #{entry.document_id} it issued is no longer in the record"
    expected = link_hash(signing_key, entry_values(entry), prev_hash=prev,
                         document_sha256=document.sha256 if document is not None else "")
    if not hmac.compare_digest(expected, entry.chain_hash or ""):
        return (f"{named} does not match its hash: it (or the sha256 of the document it issued) was changed after "
                "it was recorded")
    return None


def document_file(document: Document, *, output_dir: Path, case_number: str) -> Path:
    """Where an issued document's file must be: ``output_dir``/<case number>/<its file name> (where
    issuance writes it and ``casefile restore`` puts it back). The path stored when it was issued
    is not used: after a restore or a move it names another installation's copy."""
    return output_dir / case_number / Path(document.path).name
