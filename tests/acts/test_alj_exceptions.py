"""Exceptions to the Administrative Law Judge's decision in the consolidated Bessemer case
(10-RC-269250): filed with the Board against the stored alj-exceptions deadline (29 CFR 102.46(a),
28 days: due Tue 2024-12-03, received in Washington, DC), the election left where it is until the
Board decides, and the Exceptions document names the decision, the rule and the Board."""

from __future__ import annotations

import html
import re

import pytest
from sqlalchemy import Engine
from sqlmodel import select

from casefile.documents.kinds.exceptions import Exceptions
from casefile.documents.registry import document_class
from casefile.documents.render import render_html
from casefile.errors import UntimelyFiling
from casefile.record.db import read_session
from casefile.record.lookups import get_case, get_election
from casefile.record.models import Deadline, Filing
from casefile.vocab import DeadlineKind, DocumentKind, Stage
from tests.acts.snapshot import snapshot
from tests.bessemer import NUMBER, TALLY_2022, front_door, to_rerun
from tests.conftest import at
from tests.documents.checked import build_for

EXCEPTIONS = {"act": "file-exceptions", "party": "amazon",
              "exceptions": [{"excepted_to": "The finding that the Employer's mailbox interfered with the election.",
                              "grounds": "The record does not support it."}]}


@pytest.fixture
def decided(sqlite_engine: Engine) -> Engine:
    """The 2022 rerun consolidated with the unfair labor practice cases and decided by the judge on 2024-11-05."""
    to_rerun(sqlite_engine)
    front_door(sqlite_engine, TALLY_2022, at("2022-03-31T12:00:00-04:00"))
    front_door(sqlite_engine, {"act": "file-objections", "date": "2022-04-07", "party": "rwdsu",
                               "objections": ["objection 1"]}, at("2022-04-07T12:00:00-04:00"))
    front_door(sqlite_engine, {"act": "consolidate-with-ulp", "date": "2024-04-25", "opens_on": "2024-04-25",
                               "challenges": True, "ulp_cases": ["10-CA-000001"], "objections": {"rwdsu": [1]}},
               at("2024-04-25T12:00:00-04:00"))
    front_door(sqlite_engine, {"act": "alj-decision", "date": "2024-11-05", "result": "set-aside", "at_fault": "amazon"},
               at("2024-11-05T12:00:00-05:00"))
    return sqlite_engine


def test_received_by_the_board_on_the_due_day_is_timely_and_the_stage_stays(decided: Engine) -> None:
    """11:30 p.m. Central on Dec 3 is 12:30 a.m. Dec 4 in Washington: late; 11:30 p.m. Eastern on Dec 3 is timely."""
    with pytest.raises(UntimelyFiling, match=r"December 3, 2024|2024-12-03"):
        front_door(decided, {**EXCEPTIONS, "at": "2024-12-03T23:30:00-06:00"}, at("2024-12-04T09:00:00-05:00"))
    result = front_door(decided, {**EXCEPTIONS, "at": "2024-12-03T23:30:00-05:00"}, at("2024-12-04T09:00:00-05:00"))
    assert result.summary == "Exceptions of Amazon.com Services LLC to the Administrative Law Judge's Decision (1 exception)"
    with read_session(decided) as s:
        election = get_election(s, get_case(s, NUMBER))
        assert election.stage is Stage.ALJ_DECISION_ISSUED
        filing = s.exec(select(Filing).where(Filing.election_id == election.id, Filing.kind == "exceptions")).one()
        judged = s.get(Deadline, filing.deadline_id)
        assert judged is not None and judged.kind is DeadlineKind.ALJ_EXCEPTIONS
        assert filing.received_on.isoformat() == "2024-12-03"
        built = build_for(s, NUMBER, Exceptions, result.ref)
    title = document_class(DocumentKind.EXCEPTIONS).title(built.context)
    assert title == "Employer's Exceptions to the Administrative Law Judge's Decision"
    text = html.unescape(re.sub(r"<[^>]+>", "", render_html(Exceptions, built.context)))
    text = re.sub(r"\s+", " ", text)
    assert "Pursuant to Section 102.46(a) of the Board's Rules and Regulations" in text
    assert "exceptions to the Administrative Law Judge's Decision issued on November 5, 2024" in text
    assert "filed electronically with the Board" in text
    assert "requests that the Board decline to adopt" in text
    assert "Hearing Officer" not in text
    assert "was filed with the Board (Office of the Executive Secretary)" in text  # the statement of service
    assert "filed with the Regional Director" not in text


def test_a_late_filing_stores_nothing(decided: Engine, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Refused after the Board's cut-off: every table as before."""
    before = snapshot(decided, tmp_path)
    with pytest.raises(UntimelyFiling):
        front_door(decided, {**EXCEPTIONS, "date": "2024-12-04"}, at("2024-12-04T09:00:00-05:00"))
    assert snapshot(decided, tmp_path) == before
