"""Issuing a document: build its context from the record, render the PDF, store it once, and
register it on the docket with its sha256.

An issued document is never overwritten: issuing the same (kind, subject) again returns the
stored one; a file already at the target path with other content gets a new version's name.
Rendering happens outside the write transaction, so the database is not locked while WeasyPrint
works; the registration re-checks the key inside the transaction (two concurrent issuers store
one document).

The file is written inside that transaction, after the case row is locked (casefile.documents.storage:
a temporary name, fsync, rename into place; 0600 in a 0700 folder; the path checked to lie inside the
output folder, the case number and party key checked by :func:`safe_file_part`). A kill before the
commit leaves at most the whole file without its row; the same command again finds the same bytes
under that name and registers them (no ``_v2``).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from sqlmodel import Session, col, or_, select

from casefile.documents.base import CORRECTION, Built, Document, Issue, RecordDocument
from casefile.documents.storage import inside, private_folder, safe_file_part, write_atomically
from casefile.record.db import read_session, write_session
from casefile.record.integrity import lock_case
from casefile.record.lookups import get_case
from casefile.record.models import Document as DocumentRow
from casefile.record.refs import Ref, ref_to
from casefile.record.sealing import refuse_altered_read
from casefile.record.workflow import docket
from casefile.vocab import DocketActName

if TYPE_CHECKING:
    from casefile.documents.render import RenderedDocument
    from casefile.record.models import Case

__all__ = ["build", "find_document", "issue_document", "issue_status_report", "issued_for", "safe_file_part", "stored_issue",
           "stored_pair"]


def find_document(session: Session, case_id: int, key: str) -> DocumentRow | None:
    return session.exec(select(DocumentRow).where(DocumentRow.case_id == case_id, DocumentRow.key == key)).first()


def current_version(session: Session, document: DocumentRow) -> DocumentRow:
    """The document as it stands now: ``document``, or the latest version a correction issued of it
    (key ``<its key>:correction:<entry>``) — what a retry of the act that issued it names."""
    later = session.exec(select(DocumentRow).where(DocumentRow.case_id == document.case_id,
                                                   col(DocumentRow.key).startswith(f"{document.key}{CORRECTION}"))
                         .order_by(col(DocumentRow.version).desc(), col(DocumentRow.id).desc())).first()
    return later if later is not None and later.version > document.version else document


def build(session: Session, case: Case, issue: Issue) -> Built:
    """The context of the document ``issue`` names, from the record in ``session`` (a correction's new
    version is built from the record as it is now). Raises UnknownRecord when its record is gone."""
    from casefile.documents.record_view import CaseRecord

    rec = CaseRecord(session, case)
    return issue.document.issued(rec, rec.get(issue.document.record, issue.record_id))


def issued_for(document: DocumentRow) -> Issue | None:
    """What a stored document was issued for, read from its key ("<kind>:<record name>:<id>[:correction:<entry>]"):
    None for a status report (issued as of an instant, not for a record) or a key of another shape."""
    return stored_issue(document.kind.value, document.key.removeprefix(f"{document.kind.value}:"))


def stored_issue(kind: str, subject: str) -> Issue | None:
    """The Issue a stored pair names (a document's kind and the rest of its key, "tally:12[:correction:40]",
    as a Correction row's ``reissues`` keep them); None for a pair of another shape. The one reader of
    the stored key format: what is stored stays readable as it was written."""
    from casefile.documents.registry import document_class
    from casefile.vocab import DocumentKind

    cls = document_class(DocumentKind(kind))
    if not issubclass(cls, RecordDocument):
        return None
    first, _, correction = subject.partition(CORRECTION)
    ident = first.removeprefix(f"{cls.record_name}:")
    if not ident.isdigit() or (correction and not correction.isdigit()):
        return None
    return Issue(cls, int(ident), int(correction) if correction else None)


def stored_pair(issue: Issue) -> list[str]:
    """``issue`` as a Correction row keeps it: [kind, "<record name>:<id>[:correction:<entry>]"] (:func:`stored_issue` reads it)."""
    return [issue.kind.value, issue.key.removeprefix(f"{issue.kind.value}:")]


def issue_document(*, case_number: str, issue: Issue, as_of: datetime, output_dir: Path | None = None,
                   by: str = "system:documents") -> DocumentRow:
    """Issue the document ``issue`` names (its class and record; a correction's new version).

    Writes ``<output_dir>/<case number>/<issued_on>_<kind>[_<party>].pdf`` (``output_dir``
    defaults to the CASEFILE_OUTPUT_DIR setting) and registers it. Idempotent. Raises
    UnknownCase, UnknownRecord, UnsafeFileName (a party key that cannot be in a file name),
    OutsideFolder, DocumentFailed (the PDF fails preflight: nothing stored), and the rendering errors
    of casefile.documents.
    """
    with read_session() as session:
        case = get_case(session, case_number)
        if (existing := find_document(session, case.id, issue.key)) is not None:  # type: ignore[arg-type]
            return current_version(session, existing)  # a retry names the current version, not the first
        built = build(session, case, issue)
        # Built only from rows as their acts sealed them: a row changed outside casefile is not printed.
        refuse_altered_read(session, case.id, consequence=(  # type: ignore[arg-type]
            f"the {issue.kind.value} of case {case.number} is not issued (the act that issues it is recorded); "
            "run `casefile verify`"))
    first = 1 if issue.correction is None else None
    return _store(case, issue.document, built, key=issue.key, first_key=issue.first_key, first=first, as_of=as_of,
                  output_dir=output_dir, by=by, subject=issue.subject)


def issue_status_report(*, case_number: str, as_of: datetime, prepared_for: str = "", output_dir: Path | None = None,
                        by: str = "system:documents") -> DocumentRow:
    """Issue the case status report as of ``as_of`` (aware) for ``prepared_for``. Idempotent (one per case,
    instant and client). Raises as :func:`issue_document`."""
    from casefile.documents.kinds.status_report import CaseStatusReport
    from casefile.documents.record_view import CaseRecord

    key = CaseStatusReport.key(as_of, prepared_for)
    with read_session() as session:
        case = get_case(session, case_number)
        if (existing := find_document(session, case.id, key)) is not None:  # type: ignore[arg-type]
            return existing
        rec = CaseRecord(session, case)
        built = CaseStatusReport.build(rec, as_of, prepared_for)
        local = as_of.astimezone(rec.zone)  # the file is named in the zone its text tells the time in (the case's office)
    return _store(case, CaseStatusReport, built, key=key, first_key=key, first=1, as_of=as_of, output_dir=output_dir,
                  by=by, suffix=CaseStatusReport.file_suffix(local))


def _store(case: Case, document: type[Document], built: Built, *, key: str, first_key: str, first: int | None,
           as_of: datetime, output_dir: Path | None, by: str, suffix: str = "", subject: Ref | None = None) -> DocumentRow:
    """Render ``built``, write its PDF once and register it (with its docket entry) under ``key``;
    ``first``: the first version number it may take (None: one more than the latest version of the
    document whose first key is ``first_key``, a correction's new version)."""
    from casefile.documents.preflight import preflight
    from casefile.documents.render import render_pdf
    from casefile.errors import DocumentFailed, DocumentNotWritten
    from casefile.settings import get_settings

    rendered: RenderedDocument = render_pdf(document, built.context)
    root = output_dir or get_settings().output_dir
    folder = root / safe_file_part(case.number, what="the case number")
    stem = f"{built.issued_on.isoformat()}_{document.kind.value}" + (
        f"_{safe_file_part(built.party_key, what='the party key')}" if built.party_key else "") + suffix
    with write_session(by=by) as session:
        lock_case(session, case.id)  # type: ignore[arg-type]  # one writer of the case's files at a time
        if (existing := find_document(session, case.id, key)) is not None:  # type: ignore[arg-type]
            return existing
        try:
            private_folder(root, folder)
            start = first if first is not None else _next_version(session, case.id, first_key)  # type: ignore[arg-type]
            path, version = _free_path(folder, stem, rendered.pdf, first=start)
        except OSError as exc:
            raise DocumentNotWritten(not_written(rendered.title, case.number, folder, exc)) from None
        checked = preflight(rendered.pdf, confidential=built.confidential, file_name=path.name)
        if not checked.ok:  # reported, never issued silently: nothing is written or registered
            raise DocumentFailed(f"{rendered.title} of case {case.number} not issued: preflight failed: {'; '.join(checked.failures)}")
        if not path.exists():  # else the same bytes are already there (a run killed before it committed)
            try:
                write_atomically(path, rendered.pdf, root=root)
            except OSError as exc:  # a full disk, a read-only folder: nothing registered, the act stays recorded
                raise DocumentNotWritten(not_written(rendered.title, case.number, path, exc)) from None
        row = DocumentRow(
            case_id=case.id, election_id=built.election_id, key=key, subject=subject, kind=document.kind, version=version,  # type: ignore[arg-type]
            title=rendered.title, issuer=built.issuer, issued_on=built.issued_on, path=str(path), sha256=rendered.sha256,
            confidential=built.confidential, data=built.context.model_dump(mode="json"),
        )
        session.add(row)
        session.flush()
        docket(session, case.id, election_id=built.election_id, as_of=as_of, occurred_on=built.issued_on,  # type: ignore[arg-type]
               act=DocketActName.ISSUE_DOCUMENT, act_key=f"document:{key}", actor=built.actor,
               summary=f"{rendered.title} ({'confidential, ' if built.confidential else ''}sha256 {rendered.sha256[:12]}…)",
               ref=ref_to(row), document_id=row.id)
    return row


#: The command that issues the documents an act could not (casefile.cli.documents).
RETRY = "casefile documents issue --pending"


def not_written(title: str, case_number: str, where: Path, exc: OSError) -> str:
    """The one line said when a document's file cannot be written (``exc``: the OSError)."""
    import errno

    reason = {errno.ENOSPC: "the disk is full", errno.EROFS: "the file system is read-only",
              errno.EACCES: "permission denied", errno.EPERM: "permission denied",
              errno.EDQUOT: "the disk quota is exceeded"}.get(exc.errno or 0, exc.strerror or type(exc).__name__)
    return (f"{title} of case {case_number} not issued: cannot write {where} ({reason}); the act is recorded: free "
            f"space or fix the folder (CASEFILE_OUTPUT_DIR), then run `{RETRY}`")


def _next_version(session: Session, case_id: int, first_key: str) -> int:
    """The first version number a correction's new version may take: one more than the latest version
    issued of the document whose first version's key is ``first_key``."""
    versions = session.exec(select(DocumentRow.version).where(
        DocumentRow.case_id == case_id,
        or_(DocumentRow.key == first_key, col(DocumentRow.key).startswith(first_key + CORRECTION, autoescape=True)))).all()
    return max(versions, default=0) + 1


def _free_path(folder: Path, stem: str, pdf: bytes, *, first: int = 1) -> tuple[Path, int]:
    """The path for this PDF: the plain name, or ``_v2``, ``_v3``… when another content (or
    something that is not a file) holds it; from ``_v<first>`` when ``first`` > 1 (a correction's
    new version). Raises OutsideFolder for a name that would resolve outside ``folder`` (a symbolic
    link placed there)."""
    version = first
    while True:
        path = inside(folder, folder / (f"{stem}.pdf" if version == 1 else f"{stem}_v{version}.pdf"))
        if not path.exists() and not path.is_symlink():
            return path, version
        if path.is_file() and not path.is_symlink() and path.read_bytes() == pdf:
            return path, version
        version += 1
