"""Deadline statuses that tell the truth (issue 10): a hearing opened after its target is "met late", not
"met"; an earliest certification is never open while the challenges are determinative, and a later tally
that overtook it moots it. At the act, and by the sweep for records that an act left open."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Engine
from sqlmodel import select

from casefile.jobs.sweep import sweep
from casefile.record.db import read_session, write_session
from casefile.record.models import Deadline
from casefile.rules.tally import TallyCounts
from casefile.services.cases import CaseIn, PartyIn, open_case
from casefile.services.challenges import ChallengeIn, ChallengeRuling, RevisedTallyIn, issue_revised_tally, register_challenges, rule_on_challenges
from casefile.services.hearings import HearingIn, notice_hearing, open_hearing
from casefile.services.objections import ObjectionsIn, file_objections
from casefile.services.tallies import record_tally
from casefile.vocab import DeadlineKind, DeadlineStatus, ElectionAgreement, PartyRole, TallyKind
from tests.conftest import at
from tests.services.bessemer import CASE_IN, ELECTION_2021, NUMBER, TALLY_2021

SELCK = "13-RC-13325"  # Walter E. Selck (1974): 17-15 with 4 challenged, determinative (rules.md T5)


def _deadline(engine: Engine, kind: DeadlineKind) -> Deadline:
    with read_session(engine) as s:
        return s.exec(select(Deadline).where(Deadline.kind == kind)).one()


def _reopen(engine: Engine, kind: DeadlineKind) -> None:
    """Put a deadline back to open, as an earlier casefile left it (or an act that did not close it)."""
    with write_session(engine) as s:
        deadline = s.exec(select(Deadline).where(Deadline.kind == kind)).one()
        deadline.status, deadline.closed_at = DeadlineStatus.OPEN, None
        s.add(deadline)


def _bessemer_to_hearing(engine: Engine, opened_on: date) -> None:
    """Bessemer 2021: tally Fri 04-09 (hearing target Fri 04-30, 15 business days), objections, hearing noticed and opened."""
    with write_session(engine) as s:
        open_case(s, case_in=CASE_IN, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, case_number=NUMBER, kind=TallyKind.INITIAL, prepared_on=date(2021, 4, 9), counts=TALLY_2021,
                     election_in=ELECTION_2021, as_of=at("2021-04-09T12:00:00-04:00"))
        file_objections(s, case_number=NUMBER, as_of=at("2021-04-16T12:00:00-04:00"), objections_in=ObjectionsIn(
            party="rwdsu", statements=("collection box",), received_on=date(2021, 4, 16)))
        notice_hearing(s, case_number=NUMBER, hearing_in=HearingIn(issued_on=date(2021, 4, 26), opens_on=opened_on),
                       as_of=at("2021-04-26T12:00:00-04:00"))
        open_hearing(s, case_number=NUMBER, opened_on=opened_on, as_of=at(f"{opened_on.isoformat()}T12:00:00-04:00"))


def _selck(engine: Engine) -> None:
    with write_session(engine) as s:
        open_case(s, as_of=at("1974-05-01T12:00:00-05:00"), case_in=CaseIn(
            number=SELCK, name="Walter E. Selck and Co.", agreement=ElectionAgreement.STIPULATED, petition_filed_on=None,
            rule_set="pre-2015", parties=(PartyIn(key="selck", role=PartyRole.EMPLOYER, name="Walter E. Selck and Co."),
                                          PartyIn(key="union", role=PartyRole.PETITIONER, name="Union"))))
        record_tally(s, case_number=SELCK, kind=TallyKind.INITIAL, prepared_on=date(1974, 5, 1),
                     counts=TallyCounts(choices=(("Union", 17),), against=15, challenged=4, eligible=37),
                     as_of=at("1974-05-01T12:00:00-05:00"))
        register_challenges(s, case_number=SELCK, as_of=at("1974-05-01T12:00:00-05:00"), challenges=[
            ChallengeIn(voter=f"voter {i}", challenged_by="union" if i <= 2 else "selck",
                        ground="supervisor" if i <= 2 else "laid off") for i in range(1, 5)])


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
        with write_session(engine) as s:
            report = sweep(s, as_of=at("2021-05-10T00:00:00-04:00"))
        assert "10-RC-269250: hearing-opens due 2021-04-30: met-late" in report.deadlines_closed
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
        with write_session(engine) as s:
            report = sweep(s, as_of=at("1974-05-02T00:00:00-05:00"))
        assert report.deadlines_closed == ["13-RC-13325: earliest-certification from 1974-05-09: mooted"]
        assert _deadline(engine, DeadlineKind.EARLIEST_CERTIFICATION).status is DeadlineStatus.MOOTED

    def test_revised_tally_overtakes_it(self, engine: Engine) -> None:
        """Selck's revised tally of Wed 1974-06-05 (2 ballots opened, 19-15) overtakes the earliest certification from
        the tally of 05-01: the sweep moots it, naming the revised tally."""
        _selck(engine)
        with write_session(engine) as s:
            sweep(s, as_of=at("1974-05-20T00:00:00-05:00"))
            rule_on_challenges(s, case_number=SELCK, as_of=at("1974-06-01T12:00:00-05:00"), ruling=ChallengeRuling(
                ruled_on=date(1974, 6, 1), status="overruled", ground="laid off"))
            issue_revised_tally(s, case_number=SELCK, as_of=at("1974-06-05T12:00:00-05:00"),
                                revised_in=RevisedTallyIn(prepared_on=date(1974, 6, 5), counted={"Union": 2}))
        _reopen(engine, DeadlineKind.EARLIEST_CERTIFICATION)
        with write_session(engine) as s:
            sweep(s, as_of=at("1974-06-06T00:00:00-05:00"))
        deadline = _deadline(engine, DeadlineKind.EARLIEST_CERTIFICATION)
        assert deadline.status is DeadlineStatus.MOOTED
        assert deadline.derivation[-1].startswith("mooted: overtaken by the revised tally of Wed 1974-06-05")
