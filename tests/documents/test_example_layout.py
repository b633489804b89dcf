"""Every line inside the page (issue 16 item 7), read from the PDFs themselves: every document of every
example history, as a replay issues it, placeholders included — each text span's box, from PyMuPDF,
lies inside the printable area (1 in left and right, 0.25 in from the top and bottom edges;
tests/documents/pdf_layout.py). The examples are replayed once per session (conftest's
``replayed_examples``) and their files read here.

Found by the last trial: "[NOT IN THE PUBLIC RECO" ran to x ≈ 614 pt of 612 in the figure column of
the Tally of Ballots, the Revised Tally and the Certification of a case whose record lacks the void
ballots or the eligible voters (Genesee, Trinity, JFK8)."""

from __future__ import annotations

import pytest

from tests.documents.pdf_layout import PAGE_WIDTH, RIGHT, overflow, spans
from tests.documents.record_replay import EXAMPLE_NAMES, Replayed

#: What each example must at least have issued (so that the test cannot pass on an empty folder).
AT_LEAST = {
    "amazon-jfk8-29-RC-288020.yaml": {"tally-of-ballots", "objections", "notice-of-hearing", "hearing-officer-report",
                                      "decision-on-objections", "certification-of-representative", "case-status-report"},
    "bessemer-10-RC-269250.yaml": {"tally-of-ballots", "objections", "offer-of-proof", "notice-of-hearing",
                                   "hearing-officer-report", "decision-and-direction-of-second-election",
                                   "alj-decision", "case-status-report"},
    "starbucks-genesee-03-RC-282139.yaml": {"tally-of-ballots", "objections", "revised-tally-of-ballots", "case-status-report"},
    "trinity-college-01-RC-196511.yaml": {"tally-of-ballots", "notice-of-runoff-election", "certification-of-representative",
                                          "case-status-report"},
}


def _kind(file_name: str) -> str:
    """"2021-04-09_tally-of-ballots.pdf" -> "tally-of-ballots" (a party's key and a version after it left off)."""
    return file_name.removesuffix(".pdf").split("_")[1]


@pytest.mark.parametrize("name", EXAMPLE_NAMES, ids=[n.split("-")[0] for n in EXAMPLE_NAMES])
def test_every_line_of_every_document_lies_inside_the_page(name: str, replayed_examples: dict[str, Replayed]) -> None:
    """No span of any issued PDF of the example lies outside the printable area; the example issued its documents."""
    replayed = replayed_examples[name]
    files = sorted(replayed.out.glob("*.pdf"))
    assert AT_LEAST[name] <= {_kind(p.name) for p in files}, [p.name for p in files]
    outside = {p.name: [(s.page, s.text[:40], points) for s, points in overflow(p.read_bytes())] for p in files}
    assert {file: found for file, found in outside.items() if found} == {}


@pytest.mark.parametrize("name", EXAMPLE_NAMES, ids=[n.split("-")[0] for n in EXAMPLE_NAMES])
def test_placeholders_wrap_inside_their_column(name: str, replayed_examples: dict[str, Replayed]) -> None:
    """Every placeholder piece ("[NOT IN THE PUBLIC RECORD: ...]", wrapped or not) ends left of the right margin."""
    replayed = replayed_examples[name]
    pieces = [(p.name, s.text, round(s.x1, 1)) for p in sorted(replayed.out.glob("*.pdf")) for s in spans(p.read_bytes())
              if "NOT IN THE PUBLIC" in s.text or "[NOT" in s.text]
    assert [piece for piece in pieces if piece[2] > PAGE_WIDTH - RIGHT + 0.75] == []
