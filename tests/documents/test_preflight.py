"""Preflight (casefile.documents.preflight): what it passes and what it refuses, each failure made real."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, NameObject, TextStringObject
from weasyprint import HTML

import tests.documents.document_cases as cases
from casefile.documents.kinds.offer_of_proof import OfferOfProof
from casefile.documents.kinds.tally_of_ballots import TallyOfBallots
from casefile.documents.preflight import DEFAULT_MAX_BYTES, confidential_name_problem, preflight
from casefile.documents.render import render_html, render_pdf

NAME = "2021-04-09_tally-of-ballots.pdf"


@pytest.fixture(scope="module")
def tally_pdf() -> bytes:
    return render_pdf(TallyOfBallots, cases.tally_2021()).pdf


def _rewritten(pdf: bytes, change) -> bytes:  # type: ignore[no-untyped-def]
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    change(writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _content(data: bytes):  # type: ignore[no-untyped-def]
    """A change for :func:`_rewritten`: the first page's content stream replaced by ``data``."""
    def change(writer: PdfWriter) -> None:
        stream = DecodedStreamObject()
        stream.set_data(data)
        writer.pages[0][NameObject("/Contents")] = writer._add_object(stream)
    return change


def _helvetica_page() -> bytes:
    """A one-page US Letter PDF whose text uses Helvetica without embedding it (and has no PDF/A metadata)."""
    writer = PdfWriter()
    page = writer.add_blank_page(612, 792)
    font = DictionaryObject({NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1"),
                             NameObject("/BaseFont"): NameObject("/Helvetica")})
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): DictionaryObject({NameObject("/F1"): writer._add_object(font)})})
    content = DecodedStreamObject()
    content.set_data(b"BT /F1 12 Tf 72 720 Td (Objections of the Petitioner) Tj ET")
    page[NameObject("/Contents")] = writer._add_object(content)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


class TestPreflight:
    def test_an_issued_tally_passes_and_its_pages_are_counted(self, tally_pdf: bytes) -> None:
        """casefile's tally is PDF/A-3b, embeds its fonts, is US Letter: OK, one page, its size reported."""
        report = preflight(tally_pdf, confidential=False, file_name=NAME)
        assert report.ok, report.failures
        assert (report.pages, report.size) == (1, len(tally_pdf))
        assert report.line().startswith(f"OK    {NAME} (1 page, ")

    def test_a_pdf_that_is_not_pdf_a_fails(self) -> None:
        """The same HTML written without the PDF/A variant has no PDF/A identification, metadata stream or output intent."""
        plain = HTML(string=render_html(TallyOfBallots, cases.tally_2021())).write_pdf()
        failures = preflight(plain, confidential=False, file_name=NAME).failures
        assert "no XMP metadata stream (PDF/A needs one)" in failures
        assert "no PDF/A output intent (sRGB) in the catalog" in failures

    def test_an_unembedded_font_fails(self) -> None:
        """A page whose text uses Helvetica without embedding it names the font."""
        failures = preflight(_helvetica_page(), confidential=False, file_name=NAME).failures
        assert "fonts not embedded: Helvetica" in failures

    def test_casefile_text_is_found_in_the_content_stream(self, tally_pdf: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
        """Every page of casefile's PDFs shows its text in a font with a /ToUnicode map: the check reads it from
        the content stream and never extracts the page's text (the slow part of pypdf)."""
        def no_extraction(*args: object, **kwargs: object) -> str:
            raise AssertionError("extract_text called")
        monkeypatch.setattr(PageObject, "extract_text", no_extraction)
        assert preflight(tally_pdf, confidential=False, file_name=NAME).ok

    def test_a_page_without_text_fails(self, tally_pdf: bytes) -> None:
        """A page that only draws (a filled rectangle, as a scanned image would) has no extractable text."""
        failures = preflight(_rewritten(tally_pdf, _content(b"0 0 0 rg 72 72 468 648 re f")), confidential=False,
                             file_name=NAME).failures
        assert failures == ("no extractable text on page 1",)

    def test_a_page_showing_only_spaces_fails(self, tally_pdf: bytes) -> None:
        """Text shown in the document's own font that maps only to spaces is no text: the content stream does not
        decide it, the extraction does, and finds the page blank."""
        page = PdfReader(io.BytesIO(tally_pdf)).pages[0]
        name, font = next(iter(page["/Resources"]["/Font"].items()))
        cmap = font["/ToUnicode"].get_object().get_data().decode("ascii")
        space = re.search(r"<([0-9a-f]{4})> <0020>", cmap)
        assert space is not None, cmap
        shown = f"BT {name} 12 Tf 72 720 Td <{space.group(1) * 3}> Tj [<{space.group(1)}> -250 <{space.group(1)}>] TJ ET"
        failures = preflight(_rewritten(tally_pdf, _content(shown.encode())), confidential=False, file_name=NAME).failures
        assert failures == ("no extractable text on page 1",)

    def test_text_in_another_font_is_extracted(self) -> None:
        """Helvetica's literal string is not read from the content stream, so the page's text is extracted: it has text."""
        failures = preflight(_helvetica_page(), confidential=False, file_name=NAME).failures
        assert "fonts not embedded: Helvetica" in failures
        assert not any(failure.startswith("no extractable text") for failure in failures)

    def test_a4_pages_fail(self, tally_pdf: bytes) -> None:
        """A page of 595 x 842 pt (A4) is not US Letter."""
        def to_a4(writer: PdfWriter) -> None:
            writer.pages[0].mediabox.upper_right = (595, 842)
        failures = preflight(_rewritten(tally_pdf, to_a4), confidential=False, file_name=NAME).failures
        assert "not US Letter (612 x 792 pt): page 1 (595 x 842 pt)" in failures

    def test_javascript_forms_and_encryption_fail(self, tally_pdf: bytes) -> None:
        """JavaScript, an AcroForm and encryption are each refused."""
        def add_js(writer: PdfWriter) -> None:
            writer._root_object[NameObject("/OpenAction")] = DictionaryObject(
                {NameObject("/S"): NameObject("/JavaScript"), NameObject("/JS"): TextStringObject("app.alert('x');")})
        with_js = _rewritten(tally_pdf, add_js)
        assert "the PDF contains JavaScript" in preflight(with_js, confidential=False, file_name=NAME).failures

        def add_form(writer: PdfWriter) -> None:
            writer._root_object[NameObject("/AcroForm")] = DictionaryObject({NameObject("/Fields"): ArrayObject()})
        with_form = _rewritten(tally_pdf, add_form)
        assert "the PDF has an interactive form (AcroForm)" in preflight(with_form, confidential=False, file_name=NAME).failures
        encrypted = _rewritten(tally_pdf, lambda w: w.encrypt("secret", algorithm="AES-128"))
        assert preflight(encrypted, confidential=False, file_name=NAME).failures == ("the PDF is encrypted",)

    def test_a_file_over_the_size_limit_fails(self, tally_pdf: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
        """The limit is the CASEFILE_EFILING_MAX_BYTES setting (default 20,000,000 bytes)."""
        from casefile.settings import get_settings

        assert get_settings().efiling_max_bytes == DEFAULT_MAX_BYTES == 20_000_000
        monkeypatch.setenv("CASEFILE_EFILING_MAX_BYTES", "10000")
        get_settings.cache_clear()
        try:
            failures = preflight(tally_pdf, confidential=False, file_name=NAME).failures
        finally:
            monkeypatch.delenv("CASEFILE_EFILING_MAX_BYTES")
            get_settings.cache_clear()
        assert failures == (f"{len(tally_pdf):,} bytes is over the e-filing limit of 10,000 bytes (CASEFILE_EFILING_MAX_BYTES)",)

    def test_not_a_pdf_is_one_failure(self) -> None:
        """Bytes that are not a PDF give one failure, never an exception."""
        report = preflight(b"%PDF-1.7 truncated", confidential=False, file_name=NAME)
        assert not report.ok and report.failures[0].startswith("not a readable PDF")


class TestConfidentialNames:
    @pytest.mark.parametrize("name", ["2021-04-16_offer-of-proof_rwdsu.pdf", "2022-04-07_offer-of-proof_amazon_v2.pdf",
                                      "2026-12-01_offer-of-proof_mpc.pdf"], ids=["bessemer", "version", "new-case"])
    def test_date_kind_and_party_key_are_safe(self, name: str) -> None:
        """A name of date, kind, party key and version reveals nothing of the offer's content."""
        assert confidential_name_problem(name) is None

    @pytest.mark.parametrize("name", ["Maria Alvarez testimony.pdf", "2021-04-16_offer-of-proof_rwdsu_witness-maria-alvarez.pdf",
                                      "2021-04-16_witness-list_rwdsu.pdf", "offer of proof (confidential).pdf"],
                             ids=["witness-name", "extra-part", "not-a-kind", "free-text"])
    def test_anything_else_in_the_name_is_refused(self, name: str) -> None:
        """A witness's name, an extra part or a made-up kind in a confidential file's name fails preflight."""
        assert confidential_name_problem(name) is not None
        offer = render_pdf(OfferOfProof, cases.offer_of_proof_2021()).pdf
        assert not preflight(offer, confidential=True, file_name=name).ok
        assert preflight(offer, confidential=False, file_name=name).ok  # the name is checked only for confidential documents
