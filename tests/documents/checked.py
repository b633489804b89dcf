"""Render a document for a test and preflight it: every PDF the document tests render must pass."""

from __future__ import annotations

from casefile.documents.data import DocumentContext
from casefile.documents.preflight import preflight
from casefile.documents.render import RenderedDocument, render_pdf
from casefile.vocab import DocumentKind


def render_checked(kind: DocumentKind, context: DocumentContext) -> RenderedDocument:
    """``render_pdf(kind, context)``, asserting that the PDF passes preflight (PDF/A-3b, fonts, Letter, ...)
    under the name issuance gives it."""
    rendered = render_pdf(kind, context)
    issued_on = context.issuance.issued_on
    day = issued_on.isoformat() if not isinstance(issued_on, str) else "2021-01-01"
    party = "_party" if kind in (DocumentKind.OBJECTIONS, DocumentKind.OFFER_OF_PROOF, DocumentKind.EXCEPTIONS) else ""
    report = preflight(rendered.pdf, confidential=kind is DocumentKind.OFFER_OF_PROOF, file_name=f"{day}_{kind.value}{party}.pdf")
    assert report.ok, report.line()
    return rendered
