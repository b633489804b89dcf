"""close-hearing: the Bessemer hearing (opened 2021-05-07) closes, through the front door. The close
date is not public; 2021-05-25 ("about three weeks in May") stands in for it. The petition (2020-11-20)
falls under the 2019 text: post-hearing briefs as of right within 5 business days (tests/acts/
test_post_hearing_briefs.py)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from sqlmodel import select

from casefile.errors import IllegalTransition, NotAllowedNow
from casefile.record.db import read_session
from casefile.record.models import Election, Hearing
from casefile.vocab import Stage
from tests.acts.procedure import act, carry, perform, refused, unchanged_by_retry

CLOSE = {"act": "close-hearing", "date": date(2021, 5, 25)}


@pytest.fixture
def hearing_open(configured_db: Path) -> Path:
    carry("open-hearing")
    return configured_db


class TestCloseHearing:
    def test_closes(self, hearing_open: Path) -> None:
        """Closing on 2021-05-25 moves the election to hearing-closed and records the date on the hearing."""
        result = perform(act(CLOSE))
        assert (result.ref, result.summary) == ("hearing:1", "Hearing closed May 25, 2021; post-hearing briefs due June 2, 2021 "
                                                "(as of right, 5 business days after the close of the hearing "
                                                "(29 CFR 102.69(c)(1)(iii), 2019 text))")
        with read_session() as s:
            assert s.exec(select(Election)).one().stage is Stage.HEARING_CLOSED
            hearing = s.get(Hearing, 1)
            assert hearing is not None
            assert (hearing.opens_on, hearing.closed_on) == (date(2021, 5, 7), date(2021, 5, 25))

    def test_retry_is_found(self, hearing_open: Path) -> None:
        """The same close recorded twice is one docket entry."""
        first = perform(act(CLOSE))
        assert unchanged_by_retry(act(CLOSE)).entry_id == first.entry_id

    def test_closing_before_the_opening_is_refused(self, hearing_open: Path) -> None:
        """A hearing that opened on 2021-05-07 cannot have closed on 2021-05-06."""
        error = refused(act({**CLOSE, "date": date(2021, 5, 6)}), NotAllowedNow)
        assert str(error) == "the hearing's close is dated May 6, 2021, before the hearing opened on May 7, 2021"

    def test_closing_a_hearing_not_open_is_refused(self, configured_db: Path) -> None:
        """A noticed hearing that has not opened cannot close."""
        carry("notice-hearing")
        error = refused(act(CLOSE), IllegalTransition)
        assert "now in election 1: the hearing is noticed and has not opened." in str(error)
