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

import re
from datetime import datetime
from pathlib import Path

from sqlmodel import Session, col, or_, select

from casefile.documents.build import build_context
from casefile.documents.storage import inside, private_folder, safe_file_part, write_atomically
from casefile.record.db import read_session, write_session
from casefile.record.integrity import lock_case
from casefile.record.lookups import get_case
from casefile.record.models import Document
from casefile.record.workflow import docket
from casefile.vocab import Actor, DocumentKind

_ISSUERS = {"Board Agent": Actor.BOARD_AGENT, "Regional Director": Actor.REGIONAL_DIRECTOR,
            "Hearing Officer": Actor.HEARING_OFFICER, "Administrative Law Judge": Actor.ADMINISTRATIVE_LAW_JUDGE,
            "casefile": Actor.SYSTEM, "Board": Actor.BOARD, "General Counsel": Actor.GENERAL_COUNSEL}


__all__ = ["find_document", "issue_document", "safe_file_part"]


def find_document(session: Session, case_id: int, key: str) -> Document | None:
    return session.exec(select(Document).where(Document.case_id == case_id, Document.key == key)).first()


def current_version(session: Session, document: Document) -> Document:
    """The document as it stands now: ``document``, or the latest version a correction issued of it
    (key ``<its key>:correction:<entry>``) — what a retry of the act that issued it names."""
    later = session.exec(select(Document).where(Document.case_id == document.case_id,
                                                col(Document.key).startswith(f"{document.key}{CORRECTION}"))
                         .order_by(col(Document.version).desc(), col(Document.id).desc())).first()
    return later if later is not None and later.version > document.version else document


def issue_document(*, case_number: str, kind: DocumentKind, subject: str, as_of: datetime,
                   output_dir: Path | None = None, by: str = "system:documents") -> Document:
    """Issue the ``kind`` document for ``subject`` ("table:id" or "as-of:ISO") of the case.

    Writes ``<output_dir>/<case number>/<issued_on>_<kind>[_<party>].pdf`` (``output_dir``
    defaults to the CASEFILE_OUTPUT_DIR setting) and registers it. Idempotent. Raises
    UnknownCase, UnknownRecord, UnsafeFileName (a party key that cannot be in a file name),
    OutsideFolder, DocumentFailed (the PDF fails preflight: nothing stored), and the rendering errors
    of casefile.documents.
    """
    from casefile.documents.preflight import preflight
    from casefile.documents.render import render_pdf
    from casefile.errors import DocumentFailed
    from casefile.settings import get_settings

    key = f"{kind.value}:{subject}"
    with read_session() as session:
        case = get_case(session, case_number)
        if (existing := find_document(session, case.id, key)) is not None:  # type: ignore[arg-type]
            return current_version(session, existing)  # a retry names the current version, not the first
        built = build_context(session, case_number=case_number, kind=kind, subject=subject.partition(CORRECTION)[0])
    rendered = render_pdf(kind, built.context)
    root = output_dir or get_settings().output_dir
    folder = root / safe_file_part(case.number, what="the case number")
    stem = f"{built.issued_on.isoformat()}_{kind.value}" + (
        f"_{safe_file_part(built.party_key, what='the party key')}" if built.party_key else "")
    if kind is DocumentKind.CASE_STATUS_REPORT:
        stem += "_as-of-" + re.sub(r"[^0-9T]", "", subject.partition(":")[2])[:13]
    with write_session(by=by) as session:
        lock_case(session, case.id)  # type: ignore[arg-type]  # one writer of the case's files at a time
        if (existing := find_document(session, case.id, key)) is not None:  # type: ignore[arg-type]
            return existing
        private_folder(root, folder)
        path, version = _free_path(folder, stem, rendered.pdf, first=_first_version(session, case.id, kind, subject))  # type: ignore[arg-type]
        checked = preflight(rendered.pdf, confidential=built.confidential, file_name=path.name)
        if not checked.ok:  # reported, never issued silently: nothing is written or registered
            raise DocumentFailed(f"{rendered.title} of case {case.number} not issued: preflight failed: {'; '.join(checked.failures)}")
        if not path.exists():  # else the same bytes are already there (a run killed before it committed)
            write_atomically(path, rendered.pdf, root=root)
        document = Document(
            case_id=case.id, election_id=built.election_id, key=key, kind=kind, version=version,  # type: ignore[arg-type]
            title=rendered.title, issuer=built.issuer, issued_on=built.issued_on, path=str(path), sha256=rendered.sha256,
            confidential=built.confidential, data=built.context.model_dump(mode="json"),
        )
        session.add(document)
        session.flush()
        docket(session, case.id, election_id=built.election_id, as_of=as_of, occurred_on=built.issued_on,  # type: ignore[arg-type]
               act="issue-document", act_key=f"document:{key}", actor=_ISSUERS.get(built.issuer, Actor.PARTY),
               summary=f"{rendered.title} ({'confidential, ' if built.confidential else ''}sha256 {rendered.sha256[:12]}…)",
               ref=f"document:{document.id}", document_id=document.id)
    return document


#: A document issued again after a correction: the subject of the document it replaces, this, and
#: the correction's docket entry id (casefile.acts.correction_parts). The context is built from the
#: replaced document's subject (the record as corrected) and the version follows the replaced one's.
CORRECTION = ":correction:"


def _first_version(session: Session, case_id: int, kind: DocumentKind, subject: str) -> int:
    """The first version number a document issued for ``subject`` may take: 1, or for a correction's
    new version one more than the latest version issued of the document it replaces."""
    base, mark, _ = subject.partition(CORRECTION)
    if not mark:
        return 1
    prefix = f"{kind.value}:{base}"
    versions = session.exec(select(Document.version).where(
        Document.case_id == case_id,
        or_(Document.key == prefix, col(Document.key).startswith(prefix + CORRECTION, autoescape=True)))).all()
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
