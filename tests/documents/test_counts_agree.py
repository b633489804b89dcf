"""A count and its noun agree, and a count is not said against itself (issue 16 item 4: one vocabulary): the
trial found "7 of 7" (the Genesee register complete: "7 challenged ballots registered (...); 7 of 7"; Bessemer's
rerun "416 of 416"), "the 1 ballots still pending", "(1 point)" and "1 objections". Every count a document, the
docket or the CLI says goes through one pluralizer (casefile.vocab.counted).

Read from the PDFs of every example history as a replay issues them, and from the Genesee status report's
docket (its register and the ballot the Regional Director's ruling left pending)."""

from __future__ import annotations

import re

import pymupdf
import pytest

from casefile.vocab import counted
from tests.documents.record_replay import Replayed

_NOUNS = ("objection", "ballot", "challenged ballot", "void ballot", "vote", "valid vote", "point", "witness",
          "exception", "open period", "period", "day", "voter", "eligible voter", "challenge", "labor organization")
_ONE_PLURAL = re.compile(r"(?<![\d,.])\b1 (?:" + "|".join(re.escape(n) for n in sorted(_NOUNS, key=len, reverse=True)) + r")e?s\b")
_SELF = re.compile(r"(?<![\d,])\b(\d[\d,]*) of \1\b")


def text_of(pdf: bytes) -> str:
    with pymupdf.open(stream=pdf, filetype="pdf") as document:
        return " ".join(" ".join(page.get_text().split()) for page in document)


def test_counted_agrees() -> None:
    assert [counted(1, "objection"), counted(25, "objection"), counted(0, "ballot"), counted(1868, "vote"),
            counted(1, "point of argument", "points of argument"), counted(3, "witness", "witnesses")] == [
        "1 objection", "25 objections", "0 ballots", "1,868 votes", "1 point of argument", "3 witnesses"]
    with pytest.raises(TypeError):
        counted(True, "ballot")


def test_no_document_of_any_example_says_one_with_a_plural_or_a_count_of_itself(
        replayed_examples: dict[str, Replayed]) -> None:
    found = {}
    for replayed in replayed_examples.values():
        for pdf in sorted(replayed.out.glob("*.pdf")):
            text = re.sub(r"Page (\d+) of \1\b", "", text_of(pdf.read_bytes()))
            if hits := [m.group(0) for m in (*_ONE_PLURAL.finditer(text), *_SELF.finditer(text))]:
                found[pdf.name] = hits
    assert found == {}


def test_the_genesee_register_and_the_pending_ballot(replayed_examples: dict[str, Replayed]) -> None:
    replayed = replayed_examples["starbucks-genesee-03-RC-282139.yaml"]
    text = text_of(replayed.pdf("*_case-status-report_*.pdf").read_bytes())
    assert ("7 challenged ballots registered (1 by Starbucks Corporation, 6 by Workers United); the register holds "
            "all 7 challenged ballots of the tally") in text
    assert "the 1 ballot still pending is no longer determinative" in text
