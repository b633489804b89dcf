"""withdraw-petition and dismiss-petition through the stage machine (29 CFR 102.60(a), 102.71; rules.md
R-S1), on the real Bessemer (10-RC-269250) and JFK8 (29-RC-288020) records up to the day of the act. The
withdrawals and dismissals themselves are hypothetical (neither case ended that way); the dates around
them are the cases' own."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from sqlmodel import select

from casefile.errors import IllegalTransition, ProcedureError
from casefile.record.db import read_session
from casefile.record.models import Deadline, Election
from casefile.vocab import DeadlineKind, DeadlineStatus, Stage
from tests.acts import procedure as bessemer
from tests.acts.real_histories import jfk8_through

WITHDRAWAL = {"act": "withdraw-petition", "date": date(2021, 12, 8), "party": "rwdsu",
              "consented_by": "Regional Director, Region 10 (hypothetical)"}


def _stages() -> list[Stage]:
    with read_session() as s:
        return [e.stage for e in s.exec(select(Election).order_by(Election.sequence))]


def _deadlines() -> dict[DeadlineKind, DeadlineStatus]:
    with read_session() as s:
        return {d.kind: d.status for d in s.exec(select(Deadline).order_by(Deadline.id))}


class TestWithdrawal:
    def test_before_the_rerun_is_held(self, configured_db: Path) -> None:
        """Bessemer's 2021 election set aside, rerun directed (2021-11-29): the union withdraws before the rerun with the
        Regional Director's consent; the election ends withdrawn and the open reconsideration period is mooted."""
        bessemer.carry("rd-decision")
        bessemer.perform(bessemer.act(WITHDRAWAL))
        assert _stages() == [Stage.WITHDRAWN]
        assert _deadlines()[DeadlineKind.RECONSIDERATION] is DeadlineStatus.MOOTED

    def test_while_objections_are_pending(self, configured_db: Path) -> None:
        """JFK8 with Amazon's objections pending (2022-04-20): withdrawn, the extended offer of proof mooted."""
        case = jfk8_through("pin")
        case.perform(case.act({**WITHDRAWAL, "date": date(2022, 4, 20), "party": "alu",
                               "consented_by": "Regional Director, Region 29 (hypothetical)"}))
        assert _stages() == [Stage.WITHDRAWN]
        assert _deadlines()[DeadlineKind.OFFER_OF_PROOF] is DeadlineStatus.MOOTED

    def test_only_by_the_petitioner(self, configured_db: Path) -> None:
        bessemer.carry("rd-decision")
        assert bessemer.refused(bessemer.act({**WITHDRAWAL, "party": "amazon"}), ProcedureError).field == "party"

    def test_not_after_the_certification(self, configured_db: Path) -> None:
        """JFK8 certified on 2023-01-11: a certified election does not end by withdrawal."""
        case = jfk8_through("certification")
        act = case.act({**WITHDRAWAL, "date": date(2023, 1, 13), "party": "alu"})
        assert "before the certification" in str(case.refused(act, IllegalTransition))

    def test_a_retry_stores_nothing(self, configured_db: Path) -> None:
        bessemer.carry("rd-decision")
        bessemer.perform(bessemer.act(WITHDRAWAL))
        assert bessemer.unchanged_by_retry(bessemer.act(WITHDRAWAL)).repeated


class TestDismissal:
    def test_dismissed_with_its_request_for_review_period(self, configured_db: Path) -> None:
        """Bessemer dismissed (hypothetically) on Wed 2021-12-15: the election ends dismissed; the dismissal's request for
        review is due 10 business days later, Thu 2021-12-30 (Christmas observed Fri 12-24 skipped), and the opposition
        5 business days after that, Fri 2022-01-07 (New Year's Day observed Fri 12-31 skipped), both at the Board."""
        bessemer.carry("rd-decision")
        bessemer.perform(bessemer.act({"act": "dismiss-petition", "date": date(2021, 12, 15),
                                       "grounds": "Hypothetical grounds", "issuer": "Lisa Henderson"}))
        assert _stages() == [Stage.DISMISSED]
        with read_session() as s:
            due = {d.kind: (d.due_on, d.office_key, d.status) for d in s.exec(select(Deadline))
                   if d.kind in (DeadlineKind.REQUEST_FOR_REVIEW, DeadlineKind.RFR_OPPOSITION)}
        # the opposition runs only once a request for review is on record (29 CFR 102.67(f))
        assert due == {DeadlineKind.REQUEST_FOR_REVIEW: (date(2021, 12, 30), "board", DeadlineStatus.OPEN)}
        result = bessemer.perform(bessemer.act({"act": "request-for-review", "date": date(2021, 12, 29),
                                                "party": "rwdsu", "grounds": ["Hypothetical"]}))
        with read_session() as s:
            opposition = s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.RFR_OPPOSITION)).one()
        assert (opposition.due_on, opposition.office_key, opposition.status) == (date(2022, 1, 7), "board",
                                                                                DeadlineStatus.OPEN)
        assert "dismissal of the petition" in result.summary
        assert _stages() == [Stage.DISMISSED]

    def test_not_after_the_certification(self, configured_db: Path) -> None:
        case = jfk8_through("certification")
        act = case.act({"act": "dismiss-petition", "date": date(2023, 1, 13), "grounds": "Hypothetical"})
        case.refused(act, IllegalTransition)
