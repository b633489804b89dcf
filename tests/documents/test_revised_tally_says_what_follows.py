"""A Revised Tally of Ballots tells what follows it from the rules' outcome of its count and what the record
directs on it (29 CFR 102.69(e); rules.md R-L2, R-M2): when it meets a conditional direction's condition the
election stays set aside and the next election is directed the same day — it promises no certification; and its
"Type of election" is the election's own (a rerun's direction), as the Tally of Ballots says."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from pypdf import PdfReader

from tests.acts import procedure as bessemer
from tests.acts.real_histories import IBEW, conditional_direction, cornell_dubilier


def _text(path: str) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(path).pages))


def test_a_revised_tally_meeting_the_condition_promises_no_certification(configured_db: Path) -> None:
    """Cornell-Dubilier (1957): the conditional direction of 1956-11-08, the six ballots counted (3 for the IBEW: the
    split is not in the decision) — 529-536, no majority: the Supplemental Decision directs the second election the
    same day, and the Revised Tally says so instead of promising a certification of results."""
    case = cornell_dubilier()
    case.carry(2)
    case.perform(case.act(conditional_direction()))
    done = case.perform(case.act({"act": "revised-tally", "date": date(1957, 2, 20), "opened": 6, "sustained": 16,
                                  "counted": {IBEW: 3}, "counted_against": 3}), documents="issue")
    kinds = {d.kind: d for d in done.documents}
    assert "supplemental-decision-and-direction" in kinds
    text = _text(kinds["revised-tally-of-ballots"].path)
    assert "issue a certification" not in text and "certification of results" not in text.lower()
    assert ("the condition of the Regional Director's decision of November 8, 1956 is met: the election remains set "
            "aside and a second election is directed (Supplemental Decision and Direction of Second Election issued "
            "February 20, 1957); no certification follows this revised tally") in text


def test_a_revised_tally_of_a_rerun_says_the_rerun(configured_db: Path) -> None:
    """Bessemer's 2022 rerun (real tally 875-993, 416 challenged), its challenged ballots counted (hypothetical:
    100 for, 316 against): the Revised Tally's type of election is the rerun's direction, and a certification of
    results follows."""
    bessemer.carry("tally-2022")
    done = bessemer.perform(bessemer.act({"act": "revised-tally", "date": date(2022, 5, 2), "opened": 416, "sustained": 0,
                                          "counted": {bessemer.RWDSU: 100}, "counted_against": 316}), documents="issue")
    (doc,) = [d for d in done.documents if d.kind == "revised-tally-of-ballots"]
    text = _text(doc.path)
    assert "Type of election Rerun election: Decision and Direction of Second Election; mail-ballot election" in text
    assert "Decision and Direction of Election;" not in text
    assert "the Regional Director will forthwith issue a certification of results of election (29 CFR 102.69(e))" in text
