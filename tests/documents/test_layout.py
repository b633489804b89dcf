"""Layout, read from each PDF's own text positions (PyMuPDF): every kind, with the real cases and with
long real names, 60-character e-mail addresses, a 25-objection filing and a 3,000-ballot register.

No text lies outside the printable area; no page holds only a signature block; running headers are
one line; the Tally of Ballots is one page; a long e-mail address stays in its column."""

from __future__ import annotations

import itertools

import pytest

import tests.documents.document_cases as cases
from casefile.documents.parts import DocumentContext, Signature
from casefile.documents.registry import document_class
from casefile.documents.render import RenderedDocument
from casefile.vocab import DocumentKind
from tests.documents.checked import render_checked
from tests.documents.pdf_layout import LEFT, PAGE_HEIGHT, PAGE_WIDTH, RIGHT, TOP_BODY, lines_by_page, overflow, page_count, spans

KINDS = pytest.mark.parametrize("kind", list(DocumentKind), ids=[kind.value for kind in DocumentKind])
SETS = pytest.mark.parametrize("which", ["real", "long"])
# A party's filing has no running header: 29 CFR 102.5(a) allows nothing in the margins but the page number.
ISSUED_KINDS = pytest.mark.parametrize("kind", [kind for kind in DocumentKind if not document_class(kind).party_filing],
                                       ids=[kind.value for kind in DocumentKind if not document_class(kind).party_filing])


@pytest.fixture(scope="session")
def long_rendered() -> dict[DocumentKind, RenderedDocument]:
    """Every kind rendered from its long-names context (the Hearing Officer's report with 3,000 challenged ballots)."""
    return {kind: render_checked(kind, context) for kind, context in cases.long_contexts().items()}


@pytest.fixture(scope="session")
def real_rendered(rendered: dict[DocumentKind, RenderedDocument]) -> dict[DocumentKind, RenderedDocument]:
    """The real cases' documents (conftest's ``rendered``)."""
    return rendered


@pytest.fixture
def documents(which: str, request: pytest.FixtureRequest) -> dict[DocumentKind, RenderedDocument]:
    return request.getfixturevalue(f"{which}_rendered")


def _signatures(context: DocumentContext) -> list[Signature]:
    found = [value for value in dict(context).values() if isinstance(value, Signature)]
    return found


def _signature_text(context: DocumentContext) -> str:
    """Every line a signature block of ``context`` can print, joined (wrapped lines are substrings of it)."""
    parts = ["Respectfully submitted,", "For the Regional Director:"]
    for signature in _signatures(context):
        parts += [signature.name, f"/s/ {signature.name}", signature.title, signature.organization or "", *signature.contact_lines]
    issued = context.issuance.issued_on
    parts.append(f"Dated: {issued:%B} {issued.day}, {issued.year}" if not isinstance(issued, str) else f"Dated: {issued}")
    if context.issuance.place:
        parts.append(f", at {context.issuance.place}")
    return " ".join(" ".join(parts).split())


class TestPrintableArea:
    @SETS
    @KINDS
    def test_no_text_outside_the_printable_area(self, kind: DocumentKind, which: str,
                                                documents: dict[DocumentKind, RenderedDocument]) -> None:
        """No span lies left of 1 in, right of 7.5 in, or within 0.25 in of the top or bottom edge."""
        past = [(span.page, span.text[:40], points) for span, points in overflow(documents[kind].pdf)]
        assert past == [], f"{kind.value} ({which}): text outside the printable area (page, text, points past): {past[:5]}"

    def test_a_long_email_address_stays_in_its_column(self, long_rendered: dict[DocumentKind, RenderedDocument]) -> None:
        """The 63-character address wraps inside the certificate of service's "Person served and address used"
        column: each of its pieces ends left of where the "Manner and date" column's text begins."""
        pdf = long_rendered[DocumentKind.OBJECTIONS].pdf
        service_page = max(span.page for span in spans(pdf) if span.text.strip() == "Person served and address")
        on_page = [span for span in spans(pdf) if span.page == service_page and span.in_body]
        date_column = min(span.x0 for span in on_page if span.text.strip() == "Manner and date")
        pieces = [span for span in on_page if len(span.text.strip()) >= 4 and span.text.strip() in cases.LONG_EMAIL]
        assert pieces, "the e-mail address is not on the certificate of service"
        assert max(span.x1 for span in pieces) < date_column
        assert "".join(span.text.strip() for span in pieces) == cases.LONG_EMAIL


class TestPages:
    @SETS
    @KINDS
    def test_no_page_holds_only_a_signature_block(self, kind: DocumentKind, which: str,
                                                  documents: dict[DocumentKind, RenderedDocument],
                                                  contexts: dict[DocumentKind, DocumentContext]) -> None:
        """Every page's body has text besides the signature block: the block is kept with the last paragraph."""
        context = contexts[kind] if which == "real" else cases.long_contexts()[kind]
        signature = _signature_text(context)
        alone = [number for number, lines in lines_by_page(documents[kind].pdf).items()
                 if lines and all(" ".join(line.split()) in signature for line in lines)]
        assert alone == [], f"{kind.value} ({which}): page(s) {alone} hold only a signature block"

    @SETS
    @ISSUED_KINDS
    def test_running_headers_are_one_line(self, kind: DocumentKind, which: str,
                                          documents: dict[DocumentKind, RenderedDocument]) -> None:
        """On every page the running header (title and case number) sits on one baseline, inside the margins."""
        found = spans(documents[kind].pdf)
        for page in range(1, page_count(documents[kind].pdf) + 1):
            header = [span for span in found if span.page == page and span.y1 <= TOP_BODY]
            assert header, f"{kind.value}: page {page} has no running header"
            assert max(s.y1 for s in header) - min(s.y1 for s in header) < 2.5, (
                f"{kind.value} ({which}): page {page}'s header wraps: {[s.text for s in header]}")
            assert min(s.x0 for s in header) >= LEFT - 0.75 and max(s.x1 for s in header) <= PAGE_WIDTH - RIGHT + 0.75

    @pytest.mark.parametrize("context", [cases.tally_2021, cases.tally_2022, lambda: cases.long_contexts()[DocumentKind.TALLY_OF_BALLOTS]],
                             ids=["bessemer-2021", "bessemer-rerun-2022", "long-names"])
    def test_the_tally_of_ballots_is_one_page(self, context) -> None:  # type: ignore[no-untyped-def]
        """The one-page form stays one page, the observers' acknowledgment included."""
        pdf = render_checked(DocumentKind.TALLY_OF_BALLOTS, context()).pdf
        assert page_count(pdf) == 1
        assert "For Amazon.com Services LLC" in " ".join(" ".join(lines) for lines in lines_by_page(pdf).values())

    def test_the_register_of_3000_challenged_ballots_is_in_the_report(self, long_rendered: dict[DocumentKind, RenderedDocument]) -> None:
        """The Hearing Officer's report groups the 3,000 challenged ballots and names every voter."""
        pdf = long_rendered[DocumentKind.HEARING_OFFICER_REPORT].pdf
        text = " ".join(" ".join(lines) for lines in lines_by_page(pdf).values())
        assert "The 3,000 challenged ballots fall into the groups below" in text
        assert all(f"Voter no. {n:04d}" in text for n in (1, 1500, 2999, 3000))


PARTY_FILINGS = pytest.mark.parametrize("kind", [DocumentKind.OBJECTIONS, DocumentKind.OFFER_OF_PROOF, DocumentKind.EXCEPTIONS],
                                        ids=["objections", "offer-of-proof", "exceptions"])
INCH = 72.0


class TestPartyFilingsFollow102_5a:
    """29 CFR 102.5(a): margins of at least one inch on all four sides, nothing in them but page numbers;
    proportional type 12 point or larger for text and footnotes; text double-spaced (headings may be single)."""

    @SETS
    @PARTY_FILINGS
    def test_only_the_page_number_lies_in_the_margins(self, kind: DocumentKind, which: str,
                                                      documents: dict[DocumentKind, RenderedDocument]) -> None:
        pdf = documents[kind].pdf
        total = page_count(pdf)
        in_margin = [(s.page, s.text) for s in spans(pdf)
                     if s.x0 < INCH - 0.75 or s.x1 > PAGE_WIDTH - INCH + 0.75 or s.y0 < INCH - 0.75 or s.y1 > PAGE_HEIGHT - INCH + 0.75]
        assert in_margin == [(n, f"Page {n} of {total}") for n in range(1, total + 1)]

    @SETS
    @PARTY_FILINGS
    def test_every_character_is_12_point_or_larger(self, kind: DocumentKind, which: str,
                                                   documents: dict[DocumentKind, RenderedDocument]) -> None:
        import pymupdf

        with pymupdf.open(stream=documents[kind].pdf, filetype="pdf") as document:
            sizes = {round(span["size"], 1) for page in document for block in page.get_text("dict")["blocks"]
                     for line in block.get("lines", ()) for span in line["spans"] if span["text"].strip()}
        assert min(sizes) >= 12.0, f"{kind.value}: type sizes {sorted(sizes)}"

    @PARTY_FILINGS
    def test_the_opening_paragraph_is_double_spaced(self, kind: DocumentKind, rendered: dict[DocumentKind, RenderedDocument]) -> None:
        """The lines of the first paragraph ("Pursuant to ...") are 24 pt apart: double-spaced 12-point type."""
        import pymupdf

        with pymupdf.open(stream=rendered[kind].pdf, filetype="pdf") as document:
            lines = [line for block in document[0].get_text("dict")["blocks"] for line in block.get("lines", ())]
        texts = [" ".join(s["text"] for s in line["spans"]) for line in lines]
        start = next(i for i, text in enumerate(texts) if "Pursuant to" in text)
        baselines = [lines[i]["spans"][0]["origin"][1] for i in range(start, start + 3)]
        assert [round(b - a) for a, b in itertools.pairwise(baselines)] == [24, 24]
