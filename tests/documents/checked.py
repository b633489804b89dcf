"""Render a document for a test and preflight it: every PDF the document tests render must pass."""

from __future__ import annotations

from sqlmodel import Session

from casefile.documents.base import Built, Issue, RecordDocument
from casefile.documents.issue import build
from casefile.documents.parts import DocumentContext, Review
from casefile.documents.preflight import preflight
from casefile.documents.registry import document_class
from casefile.documents.render import RenderedDocument, render_pdf
from casefile.record.lookups import get_case
from casefile.vocab import DocumentKind, ElectionAgreement


def render_checked(kind: DocumentKind, context: DocumentContext) -> RenderedDocument:
    """``render_pdf(document_class(kind), context)``, asserting that the PDF passes preflight (PDF/A-3b, fonts, Letter, ...)
    under the name issuance gives it."""
    rendered = render_pdf(document_class(kind), context)
    issued_on = context.issuance.issued_on
    day = issued_on.isoformat() if not isinstance(issued_on, str) else "2021-01-01"
    party = "_party" if kind in (DocumentKind.OBJECTIONS, DocumentKind.OFFER_OF_PROOF, DocumentKind.EXCEPTIONS) else ""
    report = preflight(rendered.pdf, confidential=kind is DocumentKind.OFFER_OF_PROOF, file_name=f"{day}_{kind.value}{party}.pdf")
    assert report.ok, report.line()
    return rendered


def build_for(session: Session, case_number: str, document: type[RecordDocument], record: str | int) -> Built:
    """The context of ``document`` for ``record`` (its id, or the act's ref "table:id"), from the record in ``session``."""
    ident = record if isinstance(record, int) else int(record.rpartition(":")[2])
    return build(session, get_case(session, case_number), Issue(document, ident))


def review_of(agreement: object) -> Review:
    """Whether the Board reviews the Regional Director's actions under ``agreement`` (a placeholder: not in the record), as the rules answer it."""
    from casefile.rules.review import board_review

    answer = board_review(agreement if isinstance(agreement, ElectionAgreement) else None)
    return Review(available=answer.available, agreement_known=answer.agreement_known, agreement=answer.agreement)
