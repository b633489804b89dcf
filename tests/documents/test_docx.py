"""The editable copy (DOCX) of each party filing, read back with python-docx: caption, case number,
title, numbered paragraphs, signature, certificate of service; made from the stored JSON too."""

from __future__ import annotations

import io
from datetime import date

import docx
import pytest

import tests.documents.document_cases as cases
from casefile.documents.docx import render_docx
from casefile.documents.kinds.exceptions import Exceptions
from casefile.documents.kinds.objections import Objections
from casefile.documents.kinds.offer_of_proof import OfferOfProof
from casefile.documents.registry import document_class
from casefile.errors import ProcedureError
from casefile.vocab import DocumentKind


def _read(data: bytes) -> tuple[list[str], list[list[list[str]]]]:
    """The paragraphs' texts and each table's cell texts of a DOCX."""
    document = docx.Document(io.BytesIO(data))
    tables = [[[cell.text for cell in row.cells] for row in table.rows] for table in document.tables]
    return [p.text for p in document.paragraphs], tables


class TestEditableCopy:
    def test_objections_have_the_caption_and_every_numbered_objection(self) -> None:
        """25 objections, from the context's JSON (as Document.data stores it): same caption, title, numbers and text."""
        context = cases.long_contexts()[DocumentKind.OBJECTIONS]
        paragraphs, tables = _read(render_docx(Objections, context.model_dump(mode="json")))
        assert paragraphs[:3] == ["UNITED STATES OF AMERICA", "BEFORE THE NATIONAL LABOR RELATIONS BOARD", "REGION 10"]
        caption = tables[0][0]
        assert cases.LONG_EMPLOYER.upper() in caption[0] and cases.LONG_UNION.upper() in caption[0]
        assert caption[1] == "Case 10-RC-269250"
        assert "PETITIONER'S OBJECTIONS TO CONDUCT AFFECTING THE RESULTS OF THE ELECTION" in paragraphs
        numbered = [p for p in paragraphs if p.startswith("Objection ")]
        assert [p.split(".", 1)[0] for p in numbered] == [f"Objection {n}" for n in range(1, 26)]
        assert numbered[24] == f"Objection 25. {context.objections[24].text}"
        assert ("WHEREFORE, the Petitioner requests that the Regional Director set these objections for hearing, sustain them,"
                " set the election aside, and direct a second election.") in paragraphs
        assert "/s/ Bartholomew J. Fitzgerald-Okonkwo" in paragraphs and "Alabama Bar No. ASB-1234-R56F" in paragraphs
        service = tables[-1]
        # the PDF's three columns (party; person served and address used; manner and date), each line its own paragraph
        assert service[0] == ["Party served", "Person served and address used", "Manner and date"]
        entry = context.service[0]
        assert service[1] == [f"{entry.party.name} ({entry.party.label})", f"{entry.served or entry.party.representative}\n{cases.LONG_EMAIL}",
                              f"{entry.manner},\nApril 16, 2021"]

    def test_objections_say_the_offer_of_proof_will_follow_an_extension(self) -> None:
        """As the PDF: an offer whose time was extended by order is not "submitted" with the objections (102.69(a)(8))."""
        context = cases.objections_2021().model_copy(update={"offer_of_proof": "extended", "offer_due_on": date(2021, 4, 23)})
        paragraphs, _ = _read(render_docx(Objections, context))
        (offer,) = [p for p in paragraphs if p.startswith("The written offer of proof")]
        assert offer.endswith("testimony, will be filed separately with the Regional Director within the time extended by order"
                              " to April 23, 2021; it goes to the Regional Director only and is not served on the other parties.")

    def test_the_offer_of_proof_is_marked_confidential_and_lists_the_witnesses(self) -> None:
        """CONFIDENTIAL once, in the body; nothing in the header (29 CFR 102.5(a)); only objections with a witness; witness tables."""
        context = cases.long_contexts()[DocumentKind.OFFER_OF_PROOF]
        data = render_docx(OfferOfProof, context)
        paragraphs, tables = _read(data)
        assert paragraphs.count("CONFIDENTIAL") == 1
        assert [p.text for p in docx.Document(io.BytesIO(data)).sections[0].header.paragraphs if p.text] == []
        headings = [p for p in paragraphs if p.startswith("Objection ")]
        assert headings == [f"Objection {n}" for n in range(1, 26) if n % 5]
        assert tables[1][0] == ["Witness", "Summary of expected testimony"]
        assert tables[1][1][0].startswith("Christopher Alexander Montgomery-Wellington (witness 1)")

    def test_exceptions_are_numbered_with_their_grounds(self) -> None:
        """Exception 1 and 2 with what is excepted to and the grounds; the statement of service follows."""
        paragraphs, tables = _read(render_docx(Exceptions, cases.exceptions_2021()))
        assert [p for p in paragraphs if p.startswith("Exception ")] == [
            "Exception 1. Excepted to: The Hearing Officer's recommendation to sustain the objections concerning the United"
            " States Postal Service collection box",
            "Exception 2. Excepted to: The Hearing Officer's recommendation that the election be set aside and a second"
            " election directed"]
        assert "Grounds: [NOT IN THE PUBLIC RECORD: Employer's grounds]" in paragraphs
        assert "STATEMENT OF SERVICE" in paragraphs
        assert tables[-1][1][0] == "Retail, Wholesale and Department Store Union (Petitioner)"

    def test_the_page_follows_102_5_a(self) -> None:
        """US Letter, 1-inch margins, 12-point type, double-spaced text."""
        document = docx.Document(io.BytesIO(render_docx(Objections, cases.objections_2021())))
        section = document.sections[0]
        assert (section.page_width.inches, section.page_height.inches) == (8.5, 11)
        assert {section.left_margin.inches, section.right_margin.inches, section.top_margin.inches, section.bottom_margin.inches} == {1.0}
        assert document.styles["Normal"].font.size.pt == 12
        body = next(p for p in document.paragraphs if p.text.startswith("Pursuant to Section 102.69(a)"))
        assert body.paragraph_format.line_spacing == 2.0

    @pytest.mark.parametrize("kind", [DocumentKind.TALLY_OF_BALLOTS, DocumentKind.HEARING_OFFICER_REPORT], ids=["tally", "ho-report"])
    def test_only_party_filings_have_an_editable_copy(self, kind: DocumentKind) -> None:
        """The Region's own documents are not party filings: refused."""
        with pytest.raises(ProcedureError, match="party's filing"):
            render_docx(document_class(kind), cases.build_contexts(with_documents=False)[kind])
