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


def test_a_third_election_is_called_third_everywhere(configured_db: Path) -> None:
    """The docket line of the direction (what `case show`, the web and the status report print) names the election
    by its place in the chain: "Third election directed" after the rerun (election 2) is set aside, never
    "Second election directed" (rules.md R-O2; casefile.vocab.ordinal)."""
    from datetime import datetime

    from sqlmodel import select

    from casefile import app
    from casefile.record.db import read_session
    from casefile.record.models import DocketEntry, Election

    bessemer.carry("objections-2022-rwdsu")
    for data in (
        {"act": "notice-hearing", "date": date(2022, 4, 20), "opens_on": date(2022, 7, 11)},
        {"act": "open-hearing", "date": date(2022, 7, 11)},
        {"act": "close-hearing", "date": date(2022, 7, 29)},
        {"act": "ho-report", "date": date(2022, 8, 1), "result": "set-aside"},
        {"act": "rd-decision", "date": date(2022, 8, 26), "result": "set-aside", "issuer": "Lisa Henderson",
         "at_fault": "amazon", "summary": "The rerun election is set aside (hypothetical)."},
    ):
        bessemer.perform(bessemer.act(data))
    with read_session() as s:
        second = s.exec(select(Election).where(Election.sequence == 2)).one()
        lines = [e.summary for e in s.exec(select(DocketEntry).where(DocketEntry.election_id == second.id,
                                                                     DocketEntry.act == "direct-second-election"))]
    assert lines == ["Third election directed (Decision and Direction of Third Election)"]
    view = app.case(bessemer.NUMBER)
    shown = [e.summary for e in view.docket if e.act == "direct-second-election"]
    assert shown[-1].startswith("Third election directed") and shown[0].startswith("Second election directed")
    report = app.status_report(bessemer.NUMBER, as_of=datetime.fromisoformat("2022-08-26T15:00:00-05:00"))
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(report.path).pages))
    assert "Set aside by the Regional Director on August 26, 2022; a third election directed" in text
    assert "Set aside by the Regional Director on November 29, 2021; a second election directed" in text
    # the set-aside rerun's count decides nothing now, and the report says what does (it listed its count's outcomes)
    rerun = text.partition("Second election (rerun)")[2].partition("Open deadlines".upper())[0]
    assert ("Outcomes still reachable None: the election was set aside and a third election directed, whose count "
            "decides the outcome") in rerun
    assert "What the challenged ballots would take" not in rerun
    # the 2021 direction, told three times (the first election's result and outcomes still reachable, the rerun's
    # "Follows"); never the 2022 one
    assert text.lower().count("second election directed") == 3
