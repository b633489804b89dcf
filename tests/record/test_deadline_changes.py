"""Deadlines whose basis changes: a closure day added moves open deadlines (docketed old → new); a
date fixed by an order (the pin-deadline act) is pinned and never recomputed; objection periods cannot be extended; the 2025
shutdown tolls a stored deadline whose period ran on closed days, at computation and on recompute."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import Engine
from sqlmodel import select

from casefile.acts.pin_deadline import PinDeadline
from casefile.errors import ProcedureError, UntimelyFiling
from casefile.jobs.recompute import recompute_open_deadlines
from casefile.jobs.sweep import sweep
from casefile.record.db import read_session, write_session
from casefile.record.deadlines import _calendar
from casefile.record.models import Deadline, DocketEntry, Election
from casefile.rules.timeliness import StoredDeadline, judge_filing
from casefile.settings import get_settings
from casefile.vocab import DeadlineKind, DeadlineStatus, Stage
from tests.bessemer import (
    TALLY_2021,
    case_act,
    file_objections,
    objections_act,
    open_case,
    perform,
    record_tally,
    tally_on,
)
from tests.conftest import at

#: A Region 10 case tallied the day before the 2025 shutdown (the Bessemer figures, on that date).
SHUTDOWN_NUMBER = "10-RC-369250"
SHUTDOWN_CASE = case_act(number=SHUTDOWN_NUMBER, petition_filed_on=date(2025, 7, 14))
EASTERN = ZoneInfo("America/New_York")


@pytest.fixture
def tallied(engine: Engine) -> Engine:
    with write_session(engine, by="operator:tests") as s:
        open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
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
        with write_session(tallied, by="operator:tests") as s:
            changes = recompute_open_deadlines(s, as_of=at("2021-04-12T09:00:00-04:00"))
        moved = {c.kind: (c.old_due_on, c.new_due_on) for c in changes}
        assert moved["objections"] == (date(2021, 4, 16), date(2021, 4, 19))
        assert _deadline(tallied, DeadlineKind.OBJECTIONS).cutoff_at == at("2021-04-19T23:59:59-04:00")
        with read_session(tallied) as s:
            summaries = [e.summary for e in s.exec(select(DocketEntry).where(DocketEntry.act == "recompute-deadline"))]
        assert any(x.startswith("Objection period recomputed: due April 16, 2021 → April 19, 2021") for x in summaries)

    def test_pinned_date_is_never_recomputed(self, tallied: Engine, closure_on_apr_14: None) -> None:
        """The offer of proof extended by order to 2021-04-23 stays there when the calendar changes."""
        offer = _deadline(tallied, DeadlineKind.OFFER_OF_PROOF)
        with write_session(tallied, by="operator:tests") as s:
            perform(s, PinDeadline(deadline=offer.id, due=date(2021, 4, 23), order="RD order of 2021-04-15 (R-G5)"),
                    as_of=at("2021-04-15T12:00:00-04:00"))
            changes = recompute_open_deadlines(s, as_of=at("2021-04-15T13:00:00-04:00"))
        assert "offer-of-proof" not in {c.kind for c in changes}
        assert _deadline(tallied, DeadlineKind.OFFER_OF_PROOF).due_on == date(2021, 4, 23)

    def test_objection_period_cannot_be_extended(self, tallied: Engine) -> None:
        """Pinning the objections deadline is refused (102.69(a)(8); R-G6)."""
        objections = _deadline(tallied, DeadlineKind.OBJECTIONS)
        with pytest.raises(ProcedureError, match="cannot be extended"), write_session(tallied, by="operator:tests") as s:
            perform(s, PinDeadline(deadline=objections.id, due=date(2021, 4, 23), order="x"),
                    as_of=at("2021-04-15T12:00:00-04:00"))


@pytest.fixture
def tallied_before_the_shutdown(engine: Engine) -> Engine:
    """A tally of Tue 2025-09-30 in Region 10 (Atlanta): its periods ran while the offices were closed."""
    with write_session(engine, by="operator:tests") as s:
        open_case(s, act=SHUTDOWN_CASE, as_of=at("2025-09-30T12:00:00-04:00"))
        record_tally(s, tally_on(date(2025, 9, 30)), case_number=SHUTDOWN_NUMBER, as_of=at("2025-09-30T12:00:00-04:00"))
    return engine


def _stored(engine: Engine, kind: DeadlineKind) -> Deadline:
    with read_session(engine) as s:
        return s.exec(select(Deadline).where(Deadline.kind == kind)).one()


class TestShutdownTolling:
    def test_tally_of_2025_09_30_stores_objections_due_2025_11_19(self, tallied_before_the_shutdown: Engine) -> None:
        """Counted, the objections are due Tue 10-07 (Oct 1, 2, 3, 6, 7); tolled by the 43 closed days (Oct 1 … Nov 12)
        they are stored due Wed 2025-11-19, cut-off 11:59:59 p.m. Eastern, the tolling in the derivation."""
        objections = _stored(tallied_before_the_shutdown, DeadlineKind.OBJECTIONS)
        assert objections.due_on == date(2025, 11, 19)
        assert objections.cutoff_at == datetime(2025, 11, 19, 23, 59, 59, tzinfo=EASTERN)
        assert "Tue 2025-10-07 + 43 days = Wed 2025-11-19" in objections.derivation
        assert _stored(tallied_before_the_shutdown, DeadlineKind.EARLIEST_CERTIFICATION).due_on == date(2025, 11, 20)

    def test_objections_received_2025_11_18_are_timely_through_the_stored_deadline(
            self, tallied_before_the_shutdown: Engine) -> None:
        """Objections e-filed Tue 2025-11-18 at 16:00 Eastern meet the stored deadline (judged against it), and are filed."""
        objections = _stored(tallied_before_the_shutdown, DeadlineKind.OBJECTIONS)
        stored = StoredDeadline(due_on=objections.due_on, cutoff_at=objections.cutoff_at, citation=objections.citation,
                                office_tz="America/New_York")
        received = datetime(2025, 11, 18, 16, 0, tzinfo=EASTERN)
        assert "due Wed 2025-11-19" in judge_filing(stored, what="objections", received_on=received.date(),
                                                    received_at=received).note
        with write_session(tallied_before_the_shutdown, by="operator:tests") as s:
            filing = file_objections(s, objections_act("rwdsu", ["captive-audience meetings"], at=received), as_of=received,
                                     case_number=SHUTDOWN_NUMBER)
            assert (filing.timely, filing.deadline_id) == (True, objections.id)
            assert filing.timeliness_note == ("received Tue 2025-11-18 4:00 p.m. EST by e-filing; due Wed 2025-11-19, "
                                              "cut-off 11:59 p.m. EST (29 CFR 102.69(a)(8); 29 CFR 102.2(b))")
        with pytest.raises(UntimelyFiling):
            judge_filing(stored, what="objections", received_on=date(2025, 11, 20),
                         received_at=datetime(2025, 11, 20, 0, 0, 5, tzinfo=EASTERN))

    def test_recompute_tolls_a_deadline_stored_untolled(self, tallied_before_the_shutdown: Engine) -> None:
        """An open objections deadline stored due 2025-10-07 (as casefile stored it before tolling) is recomputed to
        2025-11-19 and docketed old → new with the reason."""
        _untoll(tallied_before_the_shutdown)
        with write_session(tallied_before_the_shutdown, by="operator:tests") as s:
            changes = recompute_open_deadlines(s, as_of=at("2025-11-13T09:00:00-05:00"))
        moved = {c.kind: (c.old_due_on, c.new_due_on, c.reopened) for c in changes}
        assert moved["objections"] == (date(2025, 10, 7), date(2025, 11, 19), False)
        assert _stored(tallied_before_the_shutdown, DeadlineKind.OBJECTIONS).cutoff_at == datetime(
            2025, 11, 19, 23, 59, 59, tzinfo=EASTERN)
        summary = _docketed(tallied_before_the_shutdown)
        assert summary.startswith("Objection period recomputed: due October 7, 2025 → November 19, 2025 (tolled (shutdown-2025): "
                                  "43 days added because the period ran while the offices were closed")

    def test_recompute_reopens_a_period_lapsed_during_the_shutdown(self, tallied_before_the_shutdown: Engine) -> None:
        """Stored due 10-07 and lapsed by a sweep of 10-08 (election moved to certification-due), the objection period
        runs again on 2025-11-13: tolled to 11-19, reopened, and objections received 11-18 move the election back."""
        _untoll(tallied_before_the_shutdown)
        with write_session(tallied_before_the_shutdown, by="operator:tests") as s:
            sweep(s, as_of=at("2025-10-08T00:30:00-04:00"))
        assert _stored(tallied_before_the_shutdown, DeadlineKind.OBJECTIONS).status is DeadlineStatus.LAPSED
        with write_session(tallied_before_the_shutdown, by="operator:tests") as s:
            changes = recompute_open_deadlines(s, as_of=at("2025-11-13T09:00:00-05:00"))
        assert {c.kind: c.reopened for c in changes} == {"objections": True, "offer-of-proof": True}
        objections = _stored(tallied_before_the_shutdown, DeadlineKind.OBJECTIONS)
        assert (objections.status, objections.due_on, objections.closed_at) == (DeadlineStatus.OPEN, date(2025, 11, 19), None)
        assert "runs again until the tolled date" in _docketed(tallied_before_the_shutdown)
        received = datetime(2025, 11, 18, 16, 0, tzinfo=EASTERN)
        with write_session(tallied_before_the_shutdown, by="operator:tests") as s:
            file_objections(s, objections_act("rwdsu", ["captive-audience meetings"], at=received), as_of=received,
                            case_number=SHUTDOWN_NUMBER)
        with read_session(tallied_before_the_shutdown) as s:
            assert s.exec(select(Election.stage)).one() is Stage.OBJECTIONS_PENDING

    def test_lapsed_period_still_over_after_tolling_stays_lapsed(self, tallied_before_the_shutdown: Engine) -> None:
        """Recomputed on 2025-11-24, after the tolled date, the lapsed objections get their tolled date but stay lapsed."""
        _untoll(tallied_before_the_shutdown)
        with write_session(tallied_before_the_shutdown, by="operator:tests") as s:
            sweep(s, as_of=at("2025-10-08T00:30:00-04:00"))
            changes = recompute_open_deadlines(s, as_of=at("2025-11-24T09:00:00-05:00"))
        assert not [c for c in changes if c.kind == "objections" and c.reopened]
        objections = _stored(tallied_before_the_shutdown, DeadlineKind.OBJECTIONS)
        assert (objections.status, objections.due_on) == (DeadlineStatus.LAPSED, date(2025, 11, 19))


def _untoll(engine: Engine) -> None:
    """Put the tally's objection periods back as an earlier casefile stored them: due 2025-10-07, not tolled."""
    with write_session(engine, by="operator:tests") as s:
        for deadline in s.exec(select(Deadline).where(Deadline.kind.in_([DeadlineKind.OBJECTIONS,  # type: ignore[attr-defined]
                                                                          DeadlineKind.OFFER_OF_PROOF]))):
            deadline.due_on = date(2025, 10, 7)
            deadline.cutoff_at = datetime.combine(date(2025, 10, 7), time(23, 59, 59), tzinfo=EASTERN)
            deadline.derivation = [line for line in deadline.derivation if "2025-11-19" not in line]
            s.add(deadline)
    from tests.resealed import seal_as_stored

    seal_as_stored(engine)  # sealed as that casefile stored them


def _docketed(engine: Engine) -> str:
    with read_session(engine) as s:
        return next(e.summary for e in s.exec(select(DocketEntry).where(DocketEntry.act == "recompute-deadline")
                                              .order_by(DocketEntry.id)) if e.summary.startswith("Objection period"))
