"""Deadline statuses that tell the truth (issue 10): a hearing opened after its target is "met late", not
"met"; an earliest certification is never open while the challenges are determinative, and a later tally
that overtook it moots it. At the act, and by the sweep for records that an act left open."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Engine
from sqlmodel import select

from casefile.acts import parse_act
from casefile.jobs.sweep import sweep
from casefile.record.db import read_session, write_session
from casefile.record.models import Deadline
from casefile.vocab import DeadlineKind, DeadlineStatus
from tests.acts.example_cases import selck
from tests.bessemer import TALLY_2021, file_objections, objections_act, open_case, perform, record_tally
from tests.conftest import at

SELCK = "13-RC-13325"  # Walter E. Selck (1974): 17-15 with 4 challenged, determinative (rules.md T5)


def _deadline(engine: Engine, kind: DeadlineKind) -> Deadline:
    with read_session(engine) as s:
        return s.exec(select(Deadline).where(Deadline.kind == kind)).one()


def _reopen(engine: Engine, kind: DeadlineKind) -> None:
    """Put a deadline back to open, as an earlier casefile left it (or an act that did not close it)."""
    with write_session(engine, by="operator:tests") as s:
        deadline = s.exec(select(Deadline).where(Deadline.kind == kind)).one()
        deadline.status, deadline.closed_at = DeadlineStatus.OPEN, None
        s.add(deadline)


def _bessemer_to_hearing(engine: Engine, opened_on: date) -> None:
    """Bessemer 2021: tally Fri 04-09 (hearing target Fri 04-30, 15 business days), objections, hearing noticed and opened."""
    with write_session(engine, by="operator:tests") as s:
        open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
        file_objections(s, objections_act("rwdsu", ["collection box"], on=date(2021, 4, 16)),
                        as_of=at("2021-04-16T12:00:00-04:00"))
        perform(s, parse_act({"act": "notice-hearing", "date": date(2021, 4, 26), "opens_on": opened_on}),
                as_of=at("2021-04-26T12:00:00-04:00"))
        perform(s, parse_act({"act": "open-hearing", "date": opened_on}),
                as_of=at(f"{opened_on.isoformat()}T12:00:00-04:00"))


def _selck(engine: Engine) -> None:
    case = selck()  # opened 1974-05-01, its tally and the register of its 4 challenged ballots
    with write_session(engine, by="operator:tests") as s:
        open_case(s, act=case.opening, as_of=at("1974-05-01T12:00:00-05:00"))
        for act in case.events[:2]:
            perform(s, act, as_of=at("1974-05-01T12:00:00-05:00"), case_number=SELCK)


class TestHearingTarget:
    def test_bessemer_hearing_opened_a_week_after_its_target_is_met_late(self, engine: Engine) -> None:
        """Bessemer's hearing opened Fri 2021-05-07, a week after the 15-business-day target Fri 04-30: met late, and
        the derivation says when it opened."""
        _bessemer_to_hearing(engine, date(2021, 5, 7))
        target = _deadline(engine, DeadlineKind.HEARING_OPENS)
        assert (target.due_on, target.status) == (date(2021, 4, 30), DeadlineStatus.MET_LATE)
        assert target.derivation[-1] == "met late: done Fri 2021-05-07, after Fri 2021-04-30"

    def test_hearing_opened_on_its_target_is_met(self, engine: Engine) -> None:
        """Opened on the target day itself, Fri 2021-04-30: met."""
        _bessemer_to_hearing(engine, date(2021, 4, 30))
        assert _deadline(engine, DeadlineKind.HEARING_OPENS).status is DeadlineStatus.MET

    def test_sweep_closes_a_target_left_open_after_the_hearing_opened(self, engine: Engine) -> None:
        """A hearing-opens target still open after the hearing opened 05-07 is closed met late by the sweep."""
        _bessemer_to_hearing(engine, date(2021, 5, 7))
        _reopen(engine, DeadlineKind.HEARING_OPENS)
        with write_session(engine, by="operator:tests") as s:
            report = sweep(s, as_of=at("2021-05-10T00:00:00-04:00"))
        assert "10-RC-269250: post-election hearing due April 30, 2021: met late" in report.deadlines_closed
        target = _deadline(engine, DeadlineKind.HEARING_OPENS)
        assert target.status is DeadlineStatus.MET_LATE
        assert target.derivation[-1] == "met late: the hearing opened Fri 2021-05-07, after the target Fri 2021-04-30"


class TestEarliestCertification:
    def test_never_open_while_the_challenges_are_determinative(self, engine: Engine) -> None:
        """Selck's 17-15 with 4 challenged ballots: determinative, so the earliest certification is stored mooted."""
        _selck(engine)
        deadline = _deadline(engine, DeadlineKind.EARLIEST_CERTIFICATION)
        assert deadline.status is DeadlineStatus.MOOTED
        assert deadline.derivation[-1].startswith("mooted: the challenged ballots are sufficient to affect the results")

    def test_sweep_moots_one_left_open_with_determinative_challenges(self, engine: Engine) -> None:
        """An earliest certification left open by an earlier casefile on Selck's determinative tally is mooted by the sweep."""
        _selck(engine)
        _reopen(engine, DeadlineKind.EARLIEST_CERTIFICATION)
        with write_session(engine, by="operator:tests") as s:
            report = sweep(s, as_of=at("1974-05-02T00:00:00-05:00"))
        assert report.deadlines_closed == ["13-RC-13325: certification from May 9, 1974: mooted"]
        assert _deadline(engine, DeadlineKind.EARLIEST_CERTIFICATION).status is DeadlineStatus.MOOTED

    def test_revised_tally_overtakes_it(self, engine: Engine) -> None:
        """Selck's revised tally of Wed 1974-06-05 (2 ballots opened, 19-15) overtakes the earliest certification from
        the tally of 05-01: the sweep moots it, naming the revised tally."""
        _selck(engine)
        with write_session(engine, by="operator:tests") as s:
            sweep(s, as_of=at("1974-05-20T00:00:00-05:00"))
            perform(s, parse_act({"act": "rule-on-challenges", "date": date(1974, 6, 1), "status": "overruled",
                                  "ground": "laid off"}), as_of=at("1974-06-01T12:00:00-05:00"), case_number=SELCK)
            perform(s, parse_act({"act": "revised-tally", "date": date(1974, 6, 5), "counted": {"Union": 2}}),
                    as_of=at("1974-06-05T12:00:00-05:00"), case_number=SELCK)
        _reopen(engine, DeadlineKind.EARLIEST_CERTIFICATION)
        with write_session(engine, by="operator:tests") as s:
            sweep(s, as_of=at("1974-06-06T00:00:00-05:00"))
        deadline = _deadline(engine, DeadlineKind.EARLIEST_CERTIFICATION)
        assert deadline.status is DeadlineStatus.MOOTED
        assert deadline.derivation[-1].startswith("mooted: overtaken by the revised tally of Wed 1974-06-05")
