"""Deadlines whose basis changes: a closure day added moves open deadlines (docketed old → new); a
date fixed by an order is pinned and never recomputed; objection periods cannot be extended."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from sqlalchemy import Engine
from sqlmodel import select

from casefile.record.db import read_session, write_session
from casefile.errors import ProcedureError
from casefile.record.models import Deadline, DocketEntry
from casefile.services.cases import open_case
from casefile.services.deadline_changes import pin_deadline, recompute_open_deadlines
from casefile.record.deadlines import _calendar
from casefile.services.tallies import record_tally
from casefile.settings import get_settings
from casefile.vocab import DeadlineKind, TallyKind
from tests.conftest import at
from tests.services.bessemer import CASE_IN, ELECTION_2021, NUMBER, TALLY_2021


@pytest.fixture
def tallied(engine: Engine) -> Engine:
    with write_session(engine) as s:
        open_case(s, case_in=CASE_IN, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, case_number=NUMBER, kind=TallyKind.INITIAL, prepared_on=date(2021, 4, 9), counts=TALLY_2021,
                     election_in=ELECTION_2021, as_of=at("2021-04-09T12:00:00-04:00"))
    return engine


@pytest.fixture
def closure_on_apr_14(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("CASEFILE_EXTRA_CLOSURES", "2021-04-14=hypothetical closure for the test")
    get_settings.cache_clear()
    _calendar.cache_clear()
    yield
    get_settings.cache_clear()
    _calendar.cache_clear()


def _deadline(engine: Engine, kind: DeadlineKind) -> Deadline:
    with read_session(engine) as s:
        return s.exec(select(Deadline).where(Deadline.kind == kind)).one()


class TestDeadlineChanges:
    def test_new_closure_day_moves_open_deadlines(self, tallied: Engine, closure_on_apr_14: None) -> None:
        """A closure on Wed 2021-04-14 moves objections from Fri 04-16 to Mon 04-19, docketed old → new."""
        with write_session(tallied) as s:
            changes = recompute_open_deadlines(s, as_of=at("2021-04-12T09:00:00-04:00"))
        moved = {c.kind: (c.old_due_on, c.new_due_on) for c in changes}
        assert moved["objections"] == (date(2021, 4, 16), date(2021, 4, 19))
        assert _deadline(tallied, DeadlineKind.OBJECTIONS).cutoff_at == at("2021-04-19T23:59:59-04:00")
        with read_session(tallied) as s:
            summaries = [e.summary for e in s.exec(select(DocketEntry).where(DocketEntry.act == "recompute-deadline"))]
        assert any(x.startswith("objections deadline recomputed: due 2021-04-16 → 2021-04-19") for x in summaries)

    def test_pinned_date_is_never_recomputed(self, tallied: Engine, closure_on_apr_14: None) -> None:
        """The offer of proof extended by order to 2021-04-23 stays there when the calendar changes."""
        offer = _deadline(tallied, DeadlineKind.OFFER_OF_PROOF)
        with write_session(tallied) as s:
            pin_deadline(s, deadline_id=offer.id, due_on=date(2021, 4, 23), order="RD order of 2021-04-15 (R-G5)",  # type: ignore[arg-type]
                         as_of=at("2021-04-15T12:00:00-04:00"))
            changes = recompute_open_deadlines(s, as_of=at("2021-04-15T13:00:00-04:00"))
        assert "offer-of-proof" not in {c.kind for c in changes}
        assert _deadline(tallied, DeadlineKind.OFFER_OF_PROOF).due_on == date(2021, 4, 23)

    def test_objection_period_cannot_be_extended(self, tallied: Engine) -> None:
        """Pinning the objections deadline is refused (102.69(a)(8); R-G6)."""
        objections = _deadline(tallied, DeadlineKind.OBJECTIONS)
        with pytest.raises(ProcedureError, match="cannot be extended"), write_session(tallied) as s:
            pin_deadline(s, deadline_id=objections.id, due_on=date(2021, 4, 23), order="x",  # type: ignore[arg-type]
                         as_of=at("2021-04-15T12:00:00-04:00"))
