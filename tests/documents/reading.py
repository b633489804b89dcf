"""Reading the issued PDFs of the real histories (JFK8 29-RC-288020, Bessemer 10-RC-269250) as a lawyer reads them:
the one home of the helpers the read-through tests share (tests/documents/test_lawyers_*read*.py,
test_histories_from_the_record.py, test_record_documents.py). The replayed cases are the session's
(``replayed_examples``; the ``jfk8`` and ``bessemer`` fixtures of tests/documents/conftest.py)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.documents.pdf_layout import lines_by_page

JFK8 = "amazon-jfk8-29-RC-288020.yaml"
"""The JFK8 history's file in examples/ (Amazon Staten Island, 29-RC-288020)."""
BESSEMER = "bessemer-10-RC-269250.yaml"
"""The Bessemer history's file in examples/ (Amazon Bessemer, 10-RC-269250)."""

RECORD_COPY_NOTE = "RECORD-COPY NOTE"
"""The heading of a record copy's annex: what follows it is no part of the document."""


def words(text: str) -> str:
    """``text`` with every run of whitespace one space (a PDF's line breaks fall anywhere)."""
    return " ".join(text.split())


def text_of(path: Path, *, body_only: bool = False) -> str:
    """The PDF's text, lines joined by spaces (body area only when asked)."""
    pages = lines_by_page(path.read_bytes(), body_only=body_only)
    text = " ".join(" ".join(lines) for lines in pages.values())
    return re.sub(r"(\w)- (\w)", r"\1-\2", text)  # a hyphenated word broken at the end of a line


def body_of(path: Path) -> str:
    """The body text (page furniture left out) without a record-copy annex."""
    return text_of(path, body_only=True).split(RECORD_COPY_NOTE, 1)[0]


def body_of_text(text: str) -> str:
    """The text before the record-copy note."""
    return text.partition(RECORD_COPY_NOTE)[0]


def annex_of(text: str) -> str:
    """The record-copy note and what follows it (the page furniture included)."""
    return text.partition(RECORD_COPY_NOTE)[2]
