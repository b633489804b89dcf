"""An editable copy (Word, DOCX) of each party filing: objections, offer of proof, exceptions, and the
filings around the decisions (request for review, statement in opposition, answering brief,
cross-exceptions, motion for reconsideration, request for an extension of time).

Lawyers finish filings in Word. The copy is written with python-docx from the same context model
the PDF is rendered from (``Document.data`` holds it as JSON, so a stored document's copy needs no
re-rendering): the same caption, title, numbered paragraphs ("Objection 1.", "Exception 1"), closing,
signature block and certificate or statement of service. It follows 29 CFR 102.5(a) for papers
filed: US Letter, 1-inch margins, 12-point proportional type, double-spaced text (headings,
tables and the signature block single-spaced). Facts the record lacks print as their placeholder,
highlighted, for the lawyer to fill.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

from docx import Document as new_docx
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_COLOR_INDEX
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Inches, Pt
from docx.table import _Cell
from docx.text.paragraph import Paragraph

from casefile.documents import wording
from casefile.documents.base import Document
from casefile.documents.kinds.exceptions import ExceptionsContext
from casefile.documents.kinds.objections import ObjectionsContext
from casefile.documents.kinds.offer_of_proof import OfferOfProofContext
from casefile.documents.kinds.party_paper import PartyPaperContext
from casefile.documents.parts import (
    PLACEHOLDER_PATTERN,
    Caption,
    DocumentContext,
    FiledWith,
    ServiceEntry,
    Signature,
    is_placeholder,
)
from casefile.documents.registry import PARTY_FILINGS
from casefile.errors import ProcedureError
from casefile.rules.chronology import long_date
from casefile.vocab import FilingMethod, VotingMethod

_FONT = "Times New Roman"
#: A blank to fill in by hand (templates/_macros.html fill_blank): what the record does not hold.
FILL_BLANK = "____________________"


def render_docx(document: type[Document], context: DocumentContext | dict[str, Any]) -> bytes:
    """The DOCX bytes of the ``document`` filing (a class of casefile.documents.kinds) from its context
    (the model, or its JSON as stored in ``Document.data``). Raises ProcedureError for a document that
    is not a party filing or a context of another document's model; pydantic.ValidationError for stored
    data that is not the document's context."""
    if not document.party_filing:
        raise ProcedureError(f"an editable copy is made of a party's filing ({', '.join(k.value for k in PARTY_FILINGS)}), "
                             f"not of a {document.kind.value}")
    model = document.context
    checked = model.model_validate(context) if isinstance(context, dict) else context
    if type(checked) is not model:
        raise ProcedureError(f"a {document.kind.value} is written from {model.__name__}, not {type(checked).__name__}")

    title = document.title(checked)
    doc = _new_document(checked.caption, title)
    if isinstance(checked, ObjectionsContext):
        _objections(doc, checked, title)
    elif isinstance(checked, OfferOfProofContext):
        _offer_of_proof(doc, checked)
    elif isinstance(checked, ExceptionsContext):
        _exceptions(doc, checked, title)
    elif isinstance(checked, PartyPaperContext):
        _party_paper(doc, checked, title)
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


# --------------------------------------------------------------------------------------------
# The three filings
# --------------------------------------------------------------------------------------------


def _objections(doc: Any, ctx: ObjectionsContext, title: str) -> None:
    method = wording_method(ctx.election.method)
    _body(doc, f"Pursuant to Section 102.69(a)(8) of the Rules and Regulations of the National Labor Relations Board, the "
               f"{ctx.filing_party.label}, {ctx.filing_party.name}, files the following objections to the conduct of the {method}"
               f" election held {_period(ctx)}, and to conduct affecting the results of that election. The Tally of Ballots"
               f" was prepared on {long_date(ctx.tally_prepared_on)}.")
    _heading(doc, "Objections")
    for item in ctx.objections:
        _numbered(doc, f"Objection {item.number}.", item.text)
    _body(doc, f"The written offer of proof required by Section 102.69(a)(8), identifying each witness the "
               f"{ctx.filing_party.label} would call and summarizing each witness's testimony, "
               + wording.offer_of_proof_clause(status=ctx.offer_of_proof, party_label=ctx.filing_party.label,
                                               filed_on=ctx.offer_filed_on, due_on=ctx.offer_due_on))
    if ctx.filing_method is FilingMethod.PAPER and ctx.paper_filing_reason:
        _body(doc, f"Statement on filing: these objections are filed on paper because {ctx.paper_filing_reason} (29 CFR 102.5(c)).")
    _body(doc, ctx.prayer, keep_with_next=True)
    _signature(doc, ctx.signature, dated=ctx.issuance.issued_on, closing="Respectfully submitted,")
    _service(doc, "Certificate of Service", title, ctx.service, ctx.signature, ctx.filed)


def _offer_of_proof(doc: Any, ctx: OfferOfProofContext) -> None:
    _centered(doc, "CONFIDENTIAL", bold=True, size=14)
    _centered(doc, "Submitted to the Regional Director only; not served on other parties (29 CFR 102.69(a)(8))", size=10)
    _body(doc, f"To: {ctx.submitted_to}")
    _body(doc, f"Pursuant to Section 102.69(a)(8) of the Board's Rules and Regulations, the {ctx.filing_party.label},"
               f" {ctx.filing_party.name}, submits this offer of proof in support of its objections filed on"
               f" {long_date(ctx.objections_filed_on)}. For each objection it identifies each witness it would call and"
               " summarizes that witness's expected testimony.")
    for item in ctx.objections_with_evidence:
        _heading(doc, f"Objection {item.number}", level=3)
        _body(doc, item.text)
        rows = [(w.witness, w.summary) for w in ctx.witnesses if w.objection_number == item.number]
        _table(doc, ("Witness", "Summary of expected testimony"), rows, widths=(2.0, 4.5))
    missing = ctx.objections_without_evidence
    if ctx.evidence_due_on is not None and missing:
        _heading(doc, "Evidence to follow")
        numbers = wording_join([str(o.number) for o in missing])
        _body(doc, f"The Regional Director has extended to {long_date(ctx.evidence_due_on)} the time to submit the offer"
                   f" of proof on {'Objection' if len(missing) == 1 else 'Objections'} {numbers} (29 CFR 102.69(a)(8)); the witnesses"
                   " and the summary of their testimony will be submitted by that date.")
    if ctx.documents:
        _heading(doc, "Documents")
        for line in ctx.documents:
            _body(doc, f"• {line}")
    _signature(doc, ctx.signature, dated=ctx.issuance.issued_on, closing="Respectfully submitted,")


def _exceptions(doc: Any, ctx: ExceptionsContext, title: str) -> None:
    due = f", within the time allowed ({long_date(ctx.due.due_on)}, {ctx.due.citation})" if ctx.due is not None else ""
    _body(doc, f"Pursuant to {ctx.rule_section} of the Board's Rules and Regulations, the {ctx.filing_party.label},"
               f" {ctx.filing_party.name}, files the following exceptions to {ctx.excepted_title}"
               f" issued on {long_date(ctx.report_issued_on)}{due}. Each exception identifies the finding or"
               " recommendation excepted to and states its grounds.")
    _heading(doc, "Exceptions")
    for item in ctx.exceptions:
        _numbered(doc, f"Exception {item.number}.", f"Excepted to: {item.excepted_to}")
        _body(doc, f"Grounds: {item.grounds}", indent=0.5)
    _body(doc, wording.exceptions_filing(brief_filed=ctx.brief_filed, method=ctx.filed.method if ctx.filed is not None else None,
                                         with_board=ctx.to_alj))
    _body(doc, f"WHEREFORE, the {ctx.filing_party.label} requests that {ctx.decides} decline to adopt the findings and"
               " recommendations excepted to.", keep_with_next=True)
    _signature(doc, ctx.signature, dated=ctx.issuance.issued_on, closing="Respectfully submitted,")
    _service(doc, "Statement of Service", title, ctx.service, ctx.signature, ctx.filed)



def _party_paper(doc: Any, ctx: PartyPaperContext, title: str) -> None:
    """A request for review, statement in opposition, answering brief, cross-exceptions, motion for
    reconsideration or request for an extension of time: the same sentences as its PDF (the context's)."""
    _body(doc, ctx.opening)
    _heading(doc, ctx.heading)
    for item in ctx.paragraphs:
        if item.grounds is not None:
            _numbered(doc, f"{ctx.item_label} {item.number}.", f"Excepted to: {item.text}")
            _body(doc, f"Grounds: {item.grounds}", indent=0.5)
        else:
            _numbered(doc, ctx.number_label(item), item.text)
    for copy in ctx.copies:
        _body(doc, f"A copy is also served on {copy}.")
    _body(doc, ctx.relief, keep_with_next=True)
    _signature(doc, ctx.signature, dated=ctx.issuance.issued_on, closing="Respectfully submitted,")
    _service(doc, ctx.service_heading, title, ctx.service, ctx.signature, ctx.filed)

def wording_method(method: VotingMethod | str) -> str:
    """The election's voting method as an adjective ("mail-ballot"); a placeholder passes through."""
    from casefile.documents.render import method_name

    return method_name(method)


def wording_join(items: list[str]) -> str:
    return wording.join_and(items)


def _period(ctx: ObjectionsContext) -> str:
    return wording.election_period(ctx.election)


# --------------------------------------------------------------------------------------------
# Building blocks
# --------------------------------------------------------------------------------------------


def _new_document(caption: Caption, title: str) -> Any:
    doc = new_docx()
    section = doc.sections[0]
    section.page_width, section.page_height = Inches(8.5), Inches(11)
    for side in ("left_margin", "right_margin", "top_margin", "bottom_margin"):
        setattr(section, side, Inches(1))
    normal = doc.styles["Normal"]
    normal.font.name = _FONT
    normal.font.size = Pt(12)
    normal.element.rPr.rFonts.set(qn("w:eastAsia"), _FONT)
    # 29 CFR 102.5(a): nothing in the margins but the page number — no running header (the PDF has none either);
    # the offer of proof says CONFIDENTIAL once, at the top of its first page.
    footer = section.footer.paragraphs[0]
    footer.alignment = WD_ALIGN_PARAGRAPH.CENTER
    footer.add_run("Page ")
    _field(footer, "PAGE")
    footer.add_run(" of ")
    _field(footer, "NUMPAGES")
    _caption(doc, caption)
    _centered(doc, title.upper(), bold=True, size=12, space_after=12)
    return doc


def _caption(doc: Any, c: Caption) -> None:
    """UNITED STATES OF AMERICA / BEFORE THE NLRB / REGION, then the parties and the case number side by side."""
    for line in ("UNITED STATES OF AMERICA", "BEFORE THE NATIONAL LABOR RELATIONS BOARD", (c.forum or c.region).upper()):
        _centered(doc, line, bold=True, space_after=0)
    doc.add_paragraph()
    table = doc.add_table(rows=1, cols=2)
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    left, right = table.rows[0].cells
    left.width, right.width = Inches(3.9), Inches(2.6)
    first = True
    names = [(c.employer, c.employer_label), (c.petitioner, c.petitioner_label), *((i, c.intervenor_label) for i in c.intervenors)]
    for name, label in names:
        if not first:
            _cell_line(left, "and", indent=0.6)
        _cell_line(left, name.upper(), bold=True, replace_first=first)
        _cell_line(left, label, italic=True, indent=1.7)
        first = False
    numbers = wording_join(list(c.all_case_numbers))
    _cell_line(right, f"{'Cases' if c.other_case_numbers else 'Case'} {numbers}", bold=True, replace_first=True)
    _border(left, "right")
    _border(left, "bottom")
    doc.add_paragraph()


def _cell_line(cell: _Cell, text: str, *, bold: bool = False, italic: bool = False, indent: float = 0.0,
               replace_first: bool = False) -> None:
    paragraph = cell.paragraphs[0] if replace_first else cell.add_paragraph()
    _runs(paragraph, text, bold=bold, italic=italic)
    paragraph.paragraph_format.space_after = Pt(0)
    if indent:
        paragraph.paragraph_format.left_indent = Inches(indent)


def _border(cell: _Cell, side: str) -> None:
    properties = cell._tc.get_or_add_tcPr()
    borders = properties.find(qn("w:tcBorders"))
    if borders is None:
        borders = OxmlElement("w:tcBorders")
        properties.append(borders)
    edge = OxmlElement(f"w:{side}")
    for key, value in (("w:val", "single"), ("w:sz", "8"), ("w:space", "0"), ("w:color", "000000")):
        edge.set(qn(key), value)
    borders.append(edge)


def _field(paragraph: Paragraph, code: str) -> None:
    """A Word field (PAGE, NUMPAGES) in ``paragraph``."""
    run = paragraph.add_run()
    for kind, text in (("begin", None), (None, code), ("separate", None), (None, "1"), ("end", None)):
        if kind is not None:
            element = OxmlElement("w:fldChar")
            element.set(qn("w:fldCharType"), kind)
        elif text == code:
            element = OxmlElement("w:instrText")
            element.set(qn("xml:space"), "preserve")
            element.text = f" {code} "
        else:
            element = OxmlElement("w:t")
            element.text = text
        run._r.append(element)


def _runs(paragraph: Paragraph, text: str, *, bold: bool = False, italic: bool = False) -> None:
    """Add ``text`` to ``paragraph``, each placeholder in it a highlighted run (a fact to fill in)."""
    last = 0
    for match in PLACEHOLDER_PATTERN.finditer(text):
        if match.start() > last:
            _run(paragraph, text[last:match.start()], bold=bold, italic=italic)
        run = _run(paragraph, match.group(0), bold=False, italic=True)
        run.font.highlight_color = WD_COLOR_INDEX.GRAY_25
        last = match.end()
    if last < len(text):
        _run(paragraph, text[last:], bold=bold, italic=italic)


def _run(paragraph: Paragraph, text: str, *, bold: bool, italic: bool) -> Any:
    run = paragraph.add_run(text)
    run.bold, run.italic = bold or None, italic or None
    return run


def _centered(doc: Any, text: str, *, bold: bool = False, size: int = 12, space_after: int = 6) -> Paragraph:
    paragraph = doc.add_paragraph()
    paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
    _runs(paragraph, text, bold=bold)
    for run in paragraph.runs:
        run.font.size = Pt(size)
    paragraph.paragraph_format.space_after = Pt(space_after)
    return paragraph


def _heading(doc: Any, text: str, level: int = 2) -> None:
    paragraph = doc.add_paragraph()
    _runs(paragraph, text.upper() if level == 2 else text, bold=True)
    paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER if level == 2 else WD_ALIGN_PARAGRAPH.LEFT
    paragraph.paragraph_format.keep_with_next = True
    paragraph.paragraph_format.space_before = Pt(12)


def _body(doc: Any, text: str, *, indent: float = 0.0, keep_with_next: bool = False) -> Paragraph:
    """A paragraph of text, double-spaced (29 CFR 102.5(a))."""
    paragraph = doc.add_paragraph()
    _runs(paragraph, text)
    paragraph.paragraph_format.line_spacing = 2.0
    paragraph.paragraph_format.first_line_indent = None if indent else Inches(0.5)
    if indent:
        paragraph.paragraph_format.left_indent = Inches(indent)
    paragraph.paragraph_format.keep_with_next = keep_with_next or None
    return paragraph


def _numbered(doc: Any, number: str, text: str) -> None:
    """A numbered paragraph: its number in bold ("Objection 1."), then its text, double-spaced."""
    paragraph = doc.add_paragraph()
    _runs(paragraph, number, bold=True)
    paragraph.add_run(" ")
    _runs(paragraph, text)
    paragraph.paragraph_format.line_spacing = 2.0
    paragraph.paragraph_format.left_indent = Inches(0.5)
    paragraph.paragraph_format.first_line_indent = Inches(-0.5)


def _signature(doc: Any, s: Signature, *, dated: object = None, closing: str | None = None, co_counsel: bool = True) -> None:
    lines = [closing] if closing else []
    if dated is not None:
        lines.append(f"Dated: {dated if isinstance(dated, str) else long_date(dated)}")  # type: ignore[arg-type]
    if not s.name:
        lines.append("_" * 36)  # a live case's signer not entered: a line to sign on
    else:
        lines.append(s.name if is_placeholder(s.name) or not s.signed else f"/s/ {s.name}")
        if not is_placeholder(s.name) and s.signed:
            lines.append(s.name)
    lines += [s.title, *([s.organization] if s.organization else []), *s.contact_lines]
    for block in s.co_counsel if co_counsel else ():
        lines += ["", *block]
    for i, line in enumerate(lines):
        paragraph = doc.add_paragraph()
        _runs(paragraph, line)
        paragraph.paragraph_format.left_indent = Inches(3.2)
        paragraph.paragraph_format.space_after = Pt(0 if i else 6)
        paragraph.paragraph_format.keep_with_next = i < len(lines) - 1 or None
        paragraph.paragraph_format.keep_together = True


def _service(doc: Any, heading: str, title: str, entries: Iterable[ServiceEntry], signer: Signature,
             filed: FiledWith | None = None) -> None:
    doc.add_page_break()
    _heading(doc, heading)
    if filed is not None:
        how = (" (the manner of filing is not in the public record)" if filed.method is None else
               ", " + {"e-filing": "through the Agency's E-Filing system", "fax": "by facsimile", "paper": "on paper"}[filed.method.value])
        on = filed.filed_on if isinstance(filed.filed_on, str) else long_date(filed.filed_on)
        confirmation = f" (confirmation no. {filed.confirmation})" if filed.confirmation else ""
        _body(doc, f"I hereby certify that on {on} the foregoing {title} was filed with {filed.recipient}{how}{confirmation},"
                   " and that a copy was served on each party listed below, and on its representative of record, on the date,"
                   " in the manner and at the address shown (29 CFR 102.3, 102.4(e), 102.5).")
    else:
        _body(doc, f"I hereby certify that a copy of the foregoing {title} was served on each party listed below, and on its"
                   " representative of record, on the date, in the manner and at the address shown (29 CFR 102.3, 102.4(e), 102.5).")
    # the PDF's three columns (templates/_macros.html filing_service_table): a line of its own for the
    # address under the person served, and for the date under the manner
    rows = []
    for e in entries:
        served_on = e.served_on if isinstance(e.served_on, str) else long_date(e.served_on)
        person = e.served if e.served is not None else (e.party.representative or "No counsel of record entered")
        rows.append((f"{e.party.name} ({e.party.label})", f"{person}\n{e.address or 'Address: ' + FILL_BLANK}",
                     f"{e.manner or 'Manner: ' + FILL_BLANK},\n{served_on}"))
    _table(doc, ("Party served", "Person served and address used", "Manner and date"), rows, widths=(1.75, 2.95, 1.8))
    lacking = list(dict.fromkeys(e.party.name for e in entries if not e.manner or not e.address))
    if lacking:  # a live case's record without them: blanks to fill in (the PDF's filing_service_table says the same)
        when = "filing" if signer.name and signer.signed else "signing"  # a signed paper is filled in, not re-signed
        _body(doc, f"The record does not show the manner or the address of service on {', '.join(lacking)}: fill them "
                   f"in above before {when}.")
    _signature(doc, signer, co_counsel=False)


def _table(doc: Any, header: tuple[str, ...], rows: list[tuple[str, ...]], *, widths: tuple[float, ...]) -> None:
    table = doc.add_table(rows=1, cols=len(header))
    table.style = "Table Grid"
    for cell, text, width in zip(table.rows[0].cells, header, widths, strict=True):
        cell.width = Inches(width)
        _runs(cell.paragraphs[0], text, bold=True)
    for row in rows:
        cells = table.add_row().cells
        for cell, text, width in zip(cells, row, widths, strict=True):
            cell.width = Inches(width)
            first, *more = text.split("\n")  # a line of its own: a paragraph of the cell
            _runs(cell.paragraphs[0], first)
            for line in more:
                _runs(cell.add_paragraph(), line)
    for row in table.rows:
        for cell in row.cells:
            for paragraph in cell.paragraphs:
                for run in paragraph.runs:
                    run.font.size = Pt(10)
    doc.add_paragraph()
