"""Where the text of a PDF lies, read from the PDF itself (PyMuPDF spans and their bounding boxes).

The printable area is the page less print.css's margins (1 in left and right): every span, running
header and footer included, must lie between x = 72 pt and x = 540 pt on a US Letter page; vertically
every span must lie inside the page at least 0.25 in from its edges (the header and footer sit in the
top and bottom margins by design, the body between them).
"""

from __future__ import annotations

from dataclasses import dataclass

import pymupdf

PAGE_WIDTH, PAGE_HEIGHT = 612.0, 792.0
LEFT = RIGHT = 72.0  # print.css @page margin: 1in left and right
TOP_BODY, BOTTOM_BODY = 72.0, 0.9 * 72  # 1in top, 0.9in bottom: the body area; the header and footer sit in these margins
EDGE = 18.0  # no text within 0.25 in of the paper's edge (a printer's unprintable band)
TOLERANCE = 0.75  # pt: glyph bounding boxes include side bearings


@dataclass(frozen=True)
class Span:
    page: int  # 1-based
    text: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def in_body(self) -> bool:
        """The span lies in the body area (not the running header or footer)."""
        return self.y0 >= TOP_BODY - TOLERANCE and self.y1 <= PAGE_HEIGHT - BOTTOM_BODY + TOLERANCE


def spans(pdf: bytes) -> list[Span]:
    """Every non-blank text span of ``pdf``, page by page."""
    found = []
    with pymupdf.open(stream=pdf, filetype="pdf") as document:
        for page in document:
            for block in page.get_text("dict")["blocks"]:
                for line in block.get("lines", ()):
                    for span in line["spans"]:
                        if span["text"].strip():
                            x0, y0, x1, y1 = span["bbox"]
                            found.append(Span(page.number + 1, span["text"], x0, y0, x1, y1))
    return found


def lines_by_page(pdf: bytes, *, body_only: bool = True) -> dict[int, list[str]]:
    """The text lines of each page (spans on one baseline joined), body area only by default."""
    pages: dict[int, list[str]] = {}
    with pymupdf.open(stream=pdf, filetype="pdf") as document:
        for page in document:
            rows: list[str] = []
            for block in page.get_text("dict")["blocks"]:
                for line in block.get("lines", ()):
                    _x0, y0, _x1, y1 = line["bbox"]
                    if body_only and not (y0 >= TOP_BODY - TOLERANCE and y1 <= PAGE_HEIGHT - BOTTOM_BODY + TOLERANCE):
                        continue
                    text = " ".join(" ".join(s["text"] for s in line["spans"]).split())
                    if text:
                        rows.append(text)
            pages[page.number + 1] = rows
    return pages


def overflow(pdf: bytes) -> list[tuple[Span, float]]:
    """The spans outside the printable area, each with how far (pt) it lies past the nearest limit."""
    out = []
    for span in spans(pdf):
        past = max(LEFT - span.x0, span.x1 - (PAGE_WIDTH - RIGHT), EDGE - span.y0, span.y1 - (PAGE_HEIGHT - EDGE))
        if past > TOLERANCE:
            out.append((span, round(past, 1)))
    return out


def page_count(pdf: bytes) -> int:
    with pymupdf.open(stream=pdf, filetype="pdf") as document:
        return document.page_count
