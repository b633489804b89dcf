"""A record copy's annex says each note once: the parties' objections to Bessemer's 2022 rerun, filed the same day
(recorded on the last day of the period), carrying the same note on their sources, gave a later report two
identical lines "Uncertain (April 7, 2022, objections filed): …" (the hearing and report are the tests' own)."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from pypdf import PdfReader

from tests.acts import procedure as bessemer

NOTE = "exact filing date not reported (recorded on the last day of the period); texts not in the public record."


def test_one_note_of_two_filings_is_said_once(configured_db: Path) -> None:
    bessemer.carry("objections-2022-rwdsu")
    amazon = bessemer.event("objections-2022-amazon")
    assert bessemer.event("objections-2022-rwdsu").uncertain == NOTE  # the example's own words
    bessemer.perform(amazon.model_copy(update={"uncertain": NOTE}))
    for data in ({"act": "notice-hearing", "date": date(2022, 4, 20), "opens_on": date(2022, 7, 11)},
                 {"act": "open-hearing", "date": date(2022, 7, 11)},
                 {"act": "close-hearing", "date": date(2022, 7, 29)}):
        bessemer.perform(bessemer.act(data))
    report = bessemer.perform(bessemer.act({"act": "ho-report", "date": date(2022, 8, 1), "result": "overrule"}),
                              documents="issue")
    (doc,) = [d for d in report.documents if d.kind == "hearing-officer-report"]
    annex = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(doc.path).pages)).partition("RECORD-COPY NOTE")[2]
    line = ("Uncertain (April 7, 2022, objections filed): exact filing date not reported (recorded on the last day of the "
            "period); texts not in the public record.")
    assert annex.count(line) == 1, annex
    assert "Uncertain (April 16, 2021, objections filed): time of receipt not reported" in annex  # the rest kept, in order
