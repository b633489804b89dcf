"""A deadline's state at a past instant follows the legal dates, not the day they were entered (new
user's trial, item 1): a case recorded on 2026-12-03 whose objections were received 2021-04-16 has
no earliest certification open on 04-17, and its objection period was not yet met on 04-10."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Engine
from sqlmodel import select

from casefile.cli.deadlines_explain import deadline_explanation
from casefile.record.db import read_session, write_session
from casefile.record.deadline_list import open_deadlines
from casefile.record.models import Deadline
from casefile.record.queries import case_view
from casefile.vocab import DeadlineKind
from tests.bessemer import NUMBER, RWDSU, TALLY_2021, file_objections, objections_act, open_case, record_tally
from tests.conftest import at

ENTERED = at("2026-12-03T01:35:14.445193-06:00")  # the day a user typed the 2021 case in


def _entered_late(engine: Engine) -> None:
    """Bessemer 2021 (tally Fri 04-09, the union's objections received Fri 04-16), every act entered at ENTERED."""
    with write_session(engine, by="operator:tests") as s:
        open_case(s, as_of=ENTERED)
        record_tally(s, TALLY_2021, as_of=ENTERED)
        file_objections(s, objections_act("rwdsu", ["collection box"], on=date(2021, 4, 16)), as_of=ENTERED)


def test_earliest_certification_mooted_on_the_day_the_objections_were_received(engine: Engine) -> None:
    _entered_late(engine)
    with read_session(engine) as s:
        before = {d.kind for d in open_deadlines(s, as_of=at("2021-04-15T12:00:00-05:00"), case_number=NUMBER)}
        after = [(d.kind, d.status) for d in open_deadlines(s, as_of=at("2021-04-17T12:00:00-05:00"),
                                                               case_number=NUMBER)]
        certification = s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.EARLIEST_CERTIFICATION)).one()
        explained = deadline_explanation(s, certification.id, as_of=at("2021-04-17T12:00:00-05:00"))
    assert DeadlineKind.EARLIEST_CERTIFICATION.value in before  # still to come on 04-15
    assert DeadlineKind.EARLIEST_CERTIFICATION.value not in {k for k, _ in after}, after
    assert (explained["status"], explained["open"]) == ("mooted", False)
    assert explained["closed_at"] == "2021-04-16T00:00:00-04:00"  # the legal day, in the office's zone; no microseconds


def test_a_filing_received_after_the_instant_has_not_met_the_period(engine: Engine) -> None:
    _entered_late(engine)
    with read_session(engine) as s:
        earlier = case_view(s, NUMBER, as_of=at("2021-04-12T12:00:00-05:00")).elections[-1].deadlines
        later = case_view(s, NUMBER, as_of=at("2021-04-16T17:00:00-05:00")).elections[-1].deadlines
    objections = next(d for d in earlier if d.kind == DeadlineKind.OBJECTIONS.value)
    assert (objections.status, objections.met_by, objections.status_note) == ("open", [], None)
    met = next(d for d in later if d.kind == DeadlineKind.OBJECTIONS.value)
    assert (met.status, met.met_by) == ("open", [RWDSU]), met
