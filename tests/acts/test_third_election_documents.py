"""A rerun set aside in turn directs a THIRD election (R-O2: no numeric cap; "Direction of Third Election"): the
Regional Director's decision setting aside Bessemer's 2022 rerun (hypothetical: in the real case the ALJ did, in
2024) is titled and worded for the third election, and so is its Notice."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from pypdf import PdfReader

from tests.acts import procedure as bessemer


def test_a_set_aside_rerun_directs_a_third_election(configured_db: Path) -> None:
    bessemer.carry("objections-2022-rwdsu")
    for data in (
        {"act": "notice-hearing", "date": date(2022, 4, 20), "opens_on": date(2022, 7, 11)},
        {"act": "open-hearing", "date": date(2022, 7, 11)},
        {"act": "close-hearing", "date": date(2022, 7, 29)},
        {"act": "ho-report", "date": date(2022, 8, 1), "result": "set-aside"},
    ):
        bessemer.perform(bessemer.act(data))
    result = bessemer.perform(bessemer.act({"act": "rd-decision", "date": date(2022, 8, 26), "result": "set-aside",
                                            "issuer": "Lisa Henderson", "at_fault": "amazon",
                                            "summary": "The rerun election is set aside (hypothetical)."}),
                              documents="issue")
    (doc,) = [d for d in result.documents if d.kind == "decision-and-direction-of-second-election"]
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(doc.path).pages))
    assert "DECISION ON OBJECTIONS AND DIRECTION OF THIRD ELECTION" in text.upper()
    assert "is set aside and a third election is directed" in text
    assert "Notice of Third Election".upper() in text.upper()
    assert "second election" not in text.lower().replace("the second election held", "")
