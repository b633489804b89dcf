"""A document rendered again later has the same bytes, whichever font subsetter WeasyPrint uses.

Without HarfBuzz-subset WeasyPrint subsets fonts with fontTools, whose ``head`` table is stamped with the
wall clock when saved: the same Tally of Ballots rendered a second later had other bytes (the reliability
probe's replays of a scenario's first event differed from a replay refused after it)."""

from __future__ import annotations

import time

import pytest
from weasyprint.pdf import fonts as weasy_fonts

import tests.documents.document_cases as cases
from casefile.documents.kinds.tally_of_ballots import TallyOfBallots
from casefile.documents.render import render_pdf


@pytest.mark.parametrize("subsetter", ["fontTools", "as installed"])
def test_same_bytes_an_hour_later(monkeypatch: pytest.MonkeyPatch, subsetter: str) -> None:
    if subsetter == "fontTools":
        monkeypatch.setattr(weasy_fonts, "harfbuzz_subset", None)
    first = render_pdf(TallyOfBallots, cases.tally_2021())
    clock = time.time() + 3600.0
    monkeypatch.setattr(time, "time", lambda: clock)
    later = render_pdf(TallyOfBallots, cases.tally_2021())
    assert later.sha256 == first.sha256
