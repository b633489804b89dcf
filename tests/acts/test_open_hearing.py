"""open-hearing: the Bessemer hearing opened on 2021-05-07, through the front door."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from sqlmodel import select

from casefile.errors import IllegalTransition, NotAllowedNow
from casefile.record.db import read_session
from casefile.record.models import Deadline, Election, Hearing
from casefile.vocab import DeadlineKind, DeadlineStatus, Stage
from tests.acts.procedure import act, carry, event, perform, refused, unchanged_by_retry


@pytest.fixture
def noticed(configured_db: Path) -> Path:
    carry("notice-hearing")
    return configured_db


class TestOpenHearing:
    def test_opens_and_meets_the_hearing_target(self, noticed: Path) -> None:
        """Opening on 2021-05-07 moves the election to hearing-open; the hearing-opens date (Fri 2021-04-30) is closed met late (R-I3: the target was not met)."""
        result = perform(event("open-hearing"))
        assert (result.ref, result.summary, result.documents) == ("hearing:1", "Hearing opened May 7, 2021", [])
        with read_session() as s:
            assert s.exec(select(Election)).one().stage is Stage.HEARING_OPEN
            hearing = s.get(Hearing, 1)
            assert hearing is not None
            assert hearing.opens_on == date(2021, 5, 7)
            target = s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.HEARING_OPENS)).one()
            assert (target.due_on, target.status) == (date(2021, 4, 30), DeadlineStatus.MET_LATE)

    def test_retry_is_found(self, noticed: Path) -> None:
        """The same opening recorded twice is one docket entry."""
        first = perform(event("open-hearing"))
        assert unchanged_by_retry(event("open-hearing")).entry_id == first.entry_id

    def test_opening_before_the_notice_is_refused(self, noticed: Path) -> None:
        """A hearing noticed on 2021-04-26 cannot have opened on 2021-04-23."""
        error = refused(act({"act": "open-hearing", "date": date(2021, 4, 23)}), NotAllowedNow, as_of=None)
        assert str(error) == "the hearing's opening is dated April 23, 2021, before the hearing was noticed on April 26, 2021"

    def test_without_a_notice_is_refused(self, configured_db: Path) -> None:
        """With the objections pending and no hearing noticed, there is no hearing to open."""
        carry("objections-2021")
        error = refused(event("open-hearing"), IllegalTransition)
        assert "now in election 1: objections are pending before the Regional Director." in str(error)
