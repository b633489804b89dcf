"""Every objection withdrawn: nothing is pending before the Regional Director, and the election moves on by the
stage table's ``withdraw-objection`` rows (29 CFR 102.69(a)(8): objections "within 5 business days after the tally";
102.69(b): "If no timely objections are filed ... and the challenged ballots are insufficient in number to affect
the results ... the Regional Director shall forthwith issue ... a certification of results").

Bessemer 2021 (tally Fri 2021-04-09: 738 for, 1,798 against, 505 challenged, not determinative; objections due
Fri 2021-04-16). RWDSU's one objection, filed 2021-04-14, withdrawn.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from sqlmodel import col, select

from casefile import app
from casefile.record.db import read_session
from casefile.record.models import Deadline, DocketEntry, Election
from casefile.vocab import DeadlineKind, DeadlineStatus, Stage
from tests.acts.procedure import act, carry, case_id, perform


@pytest.fixture
def objected(configured_db: Path) -> Path:
    carry("tally-2021")
    perform(act({"act": "file-objections", "at": "2021-04-14T10:00:00-04:00", "party": "rwdsu",
                 "objections": ["collection box"]}), as_of=datetime.fromisoformat("2021-04-14T11:00:00-04:00"))
    return configured_db


def stage() -> Stage:
    with read_session() as s:
        return s.exec(select(Election)).one().stage


def withdraw(on: str) -> app.ActResult:
    return perform(act({"act": "withdraw-objection", "date": on, "party": "rwdsu", "number": 1, "why": "not pursued"}),
                   as_of=datetime.fromisoformat(f"{on}T12:00:00-04:00"))


def test_withdrawn_while_the_period_runs_back_to_the_tally(objected: Path) -> None:
    """Withdrawn Thu 2021-04-15, the period running to 04-16: back to tally-issued; the sweep after the cut-off moves
    it to certification-due, and the Certification of Results issues."""
    assert stage() is Stage.OBJECTIONS_PENDING
    done = withdraw("2021-04-15")
    assert stage() is Stage.TALLY_ISSUED
    assert ("nothing is pending before the Regional Director; the election moves to stage "
            "“Tally of Ballots issued; objection period running”") in done.summary
    with read_session() as s:
        moved = s.exec(select(DocketEntry).where(DocketEntry.act == "withdraw-objection",
                                                 col(DocketEntry.to_stage).is_not(None))).one()
    assert (moved.from_stage, moved.to_stage, moved.occurred_on) == (Stage.OBJECTIONS_PENDING, Stage.TALLY_ISSUED,
                                                                     date(2021, 4, 15))
    with read_session() as s:
        offer = s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.OFFER_OF_PROOF)).one()
    assert (offer.for_whom, offer.status) == ("rwdsu", DeadlineStatus.MOOTED)  # no objection left for it to support
    assert app.sweep_case(case_id(), as_of=datetime.fromisoformat("2021-04-20T00:00:00-04:00"))[-1] == (
        "10-RC-269250 election 1: Tally of Ballots issued; objection period running → Certification due")
    perform(act({"act": "certification", "date": "2021-04-20"}), as_of=datetime.fromisoformat("2021-04-20T12:00:00-04:00"))
    assert stage() is Stage.CERTIFIED


def test_objections_filed_again_in_the_period_owe_their_offer_again(objected: Path) -> None:
    """Withdrawn 04-15, objections filed again 04-16 within the period: pending again, RWDSU's offer of proof open."""
    withdraw("2021-04-15")
    perform(act({"act": "file-objections", "at": "2021-04-16T10:00:00-04:00", "party": "rwdsu",
                 "objections": ["surveillance"]}), as_of=datetime.fromisoformat("2021-04-16T11:00:00-04:00"))
    assert stage() is Stage.OBJECTIONS_PENDING
    with read_session() as s:
        offer = s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.OFFER_OF_PROOF)).one()
    assert (offer.for_whom, offer.status, offer.closed_at) == ("rwdsu", DeadlineStatus.OPEN, None)


def test_withdrawn_after_the_period_certification_due(objected: Path) -> None:
    """Withdrawn Tue 2021-04-20, the period over and the 505 challenged ballots not determinative: certification-due
    at once (102.69(b)), and the certification is not refused as if objections were pending."""
    withdraw("2021-04-20")
    assert stage() is Stage.CERTIFICATION_DUE
    perform(act({"act": "certification", "date": "2021-04-21"}), as_of=datetime.fromisoformat("2021-04-21T12:00:00-04:00"))
    assert stage() is Stage.CERTIFIED
