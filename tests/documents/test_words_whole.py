"""No word breaks across lines inside a table (issue 16 items 4 and 7): a header cell wrapped "Gro" / "up" in
the Hearing Officer's report's table of challenged ballots. Read from the PDFs — every document of every example
history as a replay issues it, and every document kind rendered from the real cases (``document_cases``) — with
PyMuPDF's words: where a line of a text block ends with a piece that is no word of any document and, joined to
the first word of the next line, makes one, the word was split.

Long tokens with no word inside them (e-mail addresses, hashes, file names) may still wrap where they must; a
word of the language never does."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import pymupdf
import pytest

from casefile.documents.render import RenderedDocument
from casefile.vocab import DocumentKind
from tests.documents.record_replay import Replayed

_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")


@dataclass(frozen=True)
class _Line:
    """One line of text on a page: its words and the box around them (pt)."""

    words: tuple[str, ...]
    x0: float
    y0: float
    x1: float
    y1: float


def _pages(pdf: bytes) -> list[list[_Line]]:
    """Each page's lines (PyMuPDF's words grouped by block and line)."""
    pages = []
    with pymupdf.open(stream=pdf, filetype="pdf") as document:
        for page in document:
            lines: dict[tuple[int, int], list[tuple[float, float, float, float, str]]] = {}
            for x0, y0, x1, y1, word, block, line, _n in page.get_text("words"):
                lines.setdefault((block, line), []).append((x0, y0, x1, y1, word))
            pages.append([_Line(tuple(w[4] for w in ws), min(w[0] for w in ws), min(w[1] for w in ws),
                                max(w[2] for w in ws), max(w[3] for w in ws)) for ws in lines.values()])
    return pages


def _next_line(line: _Line, page: list[_Line]) -> _Line | None:
    """The line that continues ``line`` in its column (a table cell's or a paragraph's): the nearest line
    below it starting within its width, one line height down at most."""
    height = line.y1 - line.y0
    below = [m for m in page if line.y0 + 0.5 * height < m.y0 < line.y1 + height and line.x0 - 2 <= m.x0 <= line.x1]
    return min(below, key=lambda m: (m.y0, m.x0), default=None)


def _letters(token: str) -> str:
    """A token's letters, for comparing words: "up," -> "up"; "" when it holds anything but a word."""
    found = _WORD.fullmatch(token.strip(".,;:()[]\"'"))
    return found.group(0).lower() if found else ""


def vocabulary(pdfs: Iterable[bytes], html: Iterable[str] = ()) -> set[str]:
    """Words of the documents: every word standing inside a line (not its first or last) of any PDF, and every
    word of the HTML the PDFs were rendered from (a piece of a split word only ever ends or starts a line)."""
    words = {_letters(w) for text in html for w in re.sub(r"<[^>]+>", " ", text).split()}
    for pdf in pdfs:
        for page in _pages(pdf):
            for line in page:
                words.update(_letters(w) for w in line.words[1:-1])
    return words - {""}


def split_words(pdf: bytes, words: set[str]) -> list[str]:
    """Each word of ``pdf`` split across lines, as "Gro|up" (or "Gr|ou|p" over three lines)."""
    found = []
    for page in _pages(pdf):
        for line in page:
            end = line.words[-1]
            if end.endswith("-") or not _letters(end) or _letters(end) in words:
                continue  # a break after a hyphen is a break between words; a whole word ends the line
            pieces, joined, at = [end], _letters(end), line
            for _ in range(3):
                following = _next_line(at, page)
                if following is None or not _letters(following.words[0]):
                    break
                pieces.append(following.words[0])
                joined += _letters(following.words[0])
                if joined in words:
                    found.append("|".join(pieces))
                    break
                if len(following.words) > 1:
                    break
                at = following
    return found


def test_the_check_finds_a_split_header() -> None:
    """The check itself: a header too narrow for its word, allowed to break inside it, is found."""
    from weasyprint import HTML

    html = ('<table style="table-layout: fixed; width: 200pt"><tr><th style="width: 18pt; overflow-wrap: break-word">Group</th>'
            '<th>Ground</th></tr></table><p>Group 1, the ground of the challenge.</p>')
    assert split_words(HTML(string=html).write_pdf(), vocabulary([], [html])) == ["Gr|ou|p"]
    whole = html.replace("overflow-wrap: break-word", "overflow-wrap: normal")
    assert split_words(HTML(string=whole).write_pdf(), vocabulary([], [whole])) == []


def test_no_word_of_any_examples_document_is_split(replayed_examples: dict[str, Replayed]) -> None:
    files = {p.name: p.read_bytes() for r in replayed_examples.values() for p in sorted(r.out.glob("*.pdf"))}
    assert len(files) > 25
    words = vocabulary(files.values())
    assert {name: found for name, pdf in files.items() if (found := split_words(pdf, words))} == {}


def test_no_word_of_any_kind_of_document_is_split(rendered: dict[DocumentKind, RenderedDocument]) -> None:
    words = vocabulary((r.pdf for r in rendered.values()), (r.html for r in rendered.values()))
    assert {kind.value: found for kind, r in rendered.items() if (found := split_words(r.pdf, words))} == {}


@pytest.fixture(scope="module")
def long_rendered() -> dict[DocumentKind, RenderedDocument]:
    """Every kind rendered from its long-names context (the Hearing Officer's report groups 3,000 challenged ballots)."""
    import tests.documents.document_cases as cases
    from tests.documents.checked import render_checked

    return {kind: render_checked(kind, context) for kind, context in cases.long_contexts().items()}


def test_no_word_of_any_long_document_is_split(long_rendered: dict[DocumentKind, RenderedDocument]) -> None:
    """Long real names, 60-character e-mail addresses, the 3,000-ballot register and its table of groups."""
    words = vocabulary((r.pdf for r in long_rendered.values()), (r.html for r in long_rendered.values()))
    assert {kind.value: found for kind, r in long_rendered.items() if (found := split_words(r.pdf, words))} == {}

