"""Handing an issued document to a user: only one they may see (casefile.record.queries: a
confidential one only to the party that filed it and the Region; for anyone else it does not
exist), its bytes checked against the sha256 it was issued with, and every view or download of a
confidential document logged (who, when, what) before the bytes are handed over.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from casefile.errors import Internal, UnknownRecord
from casefile.record.access import UserViewer
from casefile.record.accounts import AccessAction, AccessLog, AccessLogView
from casefile.record.authority import Principal, document_party_id, sees_case, sees_sealed
from casefile.record.db import read_session, write_session
from casefile.record.models import Case, Document


@dataclass(frozen=True)
class DocumentFile:
    """A document's bytes as handed to a user, with what names it (never its path)."""

    id: int
    case_number: str
    kind: str
    title: str
    file_name: str
    sha256: str
    confidential: bool
    content: bytes
    media_type: str = "application/pdf"


def visible_document(session: Session, viewer: Principal, document_id: int) -> tuple[Document, Case]:
    """Document ``document_id`` and its case, if ``viewer`` may see it (the authority policy:
    casefile.record.authority). Raises UnknownRecord, the same for a document that does not exist
    and one the viewer may not see."""
    from casefile.record.queries import absent_case

    doc = session.get(Document, document_id)
    # The same queries whether the document is missing, hidden or visible (no timing oracle): its
    # case, the viewer's links, and its filing are read in every case, against stand-ins when absent.
    case = session.get(Case, doc.case_id if doc is not None else -1)
    subject = case if case is not None else absent_case("", "")
    seen = sees_case(session, viewer, subject)
    party_id = document_party_id(session, doc if doc is not None else Document(key="absent:filing:-1"), always=True)
    confidential_seen = sees_sealed(session, viewer, subject, party_id)
    if doc is None or case is None or not seen or (doc.confidential and not confidential_seen):
        raise UnknownRecord(f"no document {document_id}", field="id")
    return doc, case


def fetch_document(*, viewer: UserViewer, document_id: int, as_of: datetime,
                   action: AccessAction = AccessAction.DOWNLOAD, via: str = "api",
                   engine: Engine | None = None) -> DocumentFile:
    """The bytes of document ``document_id`` for ``viewer``; a confidential one is logged first
    (in its own transaction: no log, no bytes). Raises UnknownRecord (no such document, or not
    visible), Internal (code document-missing or document-corrupt: the stored file is gone, or
    its sha256 is not the one it was issued with)."""
    with read_session(engine) as session:
        doc, case = visible_document(session, viewer, document_id)
        path, sha, confidential = Path(doc.path), doc.sha256, doc.confidential
        meta = dict(id=doc.id or 0, case_number=case.number, kind=doc.kind.value, title=doc.title,
                    file_name=path.name, sha256=sha, confidential=confidential)
        case_id = case.id
    try:
        content = path.read_bytes()
    except OSError:
        raise Internal(f"document {document_id} ({meta['title']}): its stored file cannot be read; issue it again "
                       "or restore the documents folder", code="document-missing") from None
    if hashlib.sha256(content).hexdigest() != sha:
        raise Internal(f"document {document_id} ({meta['title']}): the stored file is not the one issued (sha256 "
                       "differs); restore it from a backup", code="document-corrupt")
    if confidential:
        with write_session(engine, by=viewer.label()) as session:
            session.add(AccessLog(at=as_of, user_id=viewer.user_id, organization_id=viewer.organization_id,
                                  who=viewer.label(), case_id=case_id, document_id=document_id,  # type: ignore[arg-type]
                                  action=action, via=via))
    return DocumentFile(content=content, **meta)  # type: ignore[arg-type]


def log_view(session: Session, *, viewer: UserViewer, document: Document, as_of: datetime, via: str = "web") -> None:
    """Log that ``viewer`` was shown confidential ``document``'s content (a page that shows an
    offer of proof's witnesses), in the caller's transaction; nothing for a public document."""
    if document.confidential:
        session.add(AccessLog(at=as_of, user_id=viewer.user_id, organization_id=viewer.organization_id,
                              who=viewer.label(), case_id=document.case_id, document_id=document.id,  # type: ignore[arg-type]
                              action=AccessAction.VIEW, via=via))
        session.flush()


def access_log(session: Session, *, organization_id: int | None = None, case_number: str | None = None,
               limit: int = 200) -> list[AccessLogView]:
    """The latest views and downloads of confidential documents (issued documents, and attachments:
    documents as filed or received), newest first (of one organization's users, or on one case,
    when given)."""
    from casefile.record.models import Attachment

    query = (select(AccessLog, Case, Document, Attachment).join(Case, Case.id == AccessLog.case_id)  # type: ignore[arg-type]
             .outerjoin(Document, Document.id == AccessLog.document_id)  # type: ignore[arg-type]
             .outerjoin(Attachment, Attachment.id == AccessLog.attachment_id))  # type: ignore[arg-type]
    if organization_id is not None:
        query = query.where(AccessLog.organization_id == organization_id)
    if case_number is not None:
        from casefile.record.lookups import get_case

        query = query.where(AccessLog.case_id == get_case(session, case_number).id)
    rows = session.exec(query.order_by(col(AccessLog.at).desc(), col(AccessLog.id).desc()).limit(limit)).all()
    return [AccessLogView(at=log.at, who=log.who, case_number=case.number, document_id=doc.id if doc is not None else None,
                          document_title=doc.title if doc is not None else _attachment_title(attachment),
                          attachment_id=log.attachment_id, action=log.action.value, via=log.via)
            for log, case, doc, attachment in rows]


def _attachment_title(attachment: object) -> str:
    """An attachment's line in the access log: its export name and the client's file name."""
    if attachment is None:
        return "(no longer recorded)"
    return f"{getattr(attachment, 'file_name', '') or 'Attachment'} (uploaded as {getattr(attachment, 'original_name', '')})"

