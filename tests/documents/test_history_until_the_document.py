"""A document's procedural history tells only the record's events on or before the document itself: JFK8's
Decision on Objections (2023-01-11) issued after the certification of the same day was recorded (a document
issued later, `documents issue`, or again after a correction) does not list that certification as a past event."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from pypdf import PdfReader
from sqlmodel import select

from casefile import app
from casefile.record.db import read_session
from casefile.record.models import DocketEntry
from tests.acts.real_histories import jfk8_through


def test_the_decision_issued_after_the_certification_does_not_list_it(configured_db: Path) -> None:
    jfk8_through("certification")
    with read_session() as s:
        decision = s.exec(select(DocketEntry).where(DocketEntry.act == "rd-decision")).one()
    assert decision.id is not None
    (doc,) = app.issue_for_entry(decision.id, as_of=datetime.fromisoformat("2023-01-12T10:00:00-07:00"))
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(doc.path).pages))
    history = text.split("PROCEDURAL HISTORY", 1)[1].split(" II. ", 1)[0]
    # the exceptions the public record only implies (inferred_from), told as the record's inference with its absence from the
    # public record said (as in tests/documents/test_histories_from_the_record.py), the last line before the decision
    assert history.endswith("September 16, 2022 The record implies that the Employer, Amazon.com Services LLC, filed exceptions to the Hearing "
                            "Officer's report (the exceptions themselves are not in the public record, nor is the date).")
    # neither the decision itself nor the certification recorded after it
    assert "January 11, 2023" not in history
    assert "certif" not in history.lower()
