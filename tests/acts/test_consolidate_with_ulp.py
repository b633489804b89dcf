"""consolidate-with-ulp: the Bessemer rerun's objections and challenged ballots consolidated with
the unfair-labor-practice case before an Administrative Law Judge (2024-04-25), through the front door."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from pydantic import ValidationError
from sqlmodel import select

from casefile.errors import AlreadyRecorded, IllegalTransition, UnknownRecord
from casefile.record.db import read_session
from casefile.record.models import Deadline, Election, Hearing, Objection
from casefile.vocab import DeadlineKind, DeadlineStatus, Disposition, Stage
from tests.acts.procedure import act, carry, event, perform, refused, unchanged_by_retry

ORDER = {"act": "consolidate-with-ulp", "date": date(2024, 4, 25), "opens_on": date(2024, 4, 25), "challenges": True,
         "ulp_cases": ["10-CA-000001"], "objections": {"rwdsu": list(range(1, 15)), "amazon": list(range(1, 8))}}


@pytest.fixture
def cross_objections(configured_db: Path) -> Path:
    carry("objections-2022-amazon")
    return configured_db


class TestConsolidateWithUlp:
    def test_sets_objections_and_challenges_before_the_judge(self, cross_objections: Path) -> None:
        """14 RWDSU and 7 Amazon objections and the 416 determinative challenges go before the ALJ; the rest stay pending."""
        result = perform(event("consolidate"))
        assert result.documents == []
        assert result.ref == "hearing:2"
        assert result.summary.startswith("Order consolidating 21 objections and the challenged ballots with ")
        with read_session() as s:
            hearing = s.get(Hearing, 2)
            assert hearing is not None
            assert (hearing.before_alj, hearing.challenges_set, len(hearing.objections_set)) == (True, True, 21)
            assert hearing.presiding == "Michael Silverstein, Administrative Law Judge"
            rerun = s.exec(select(Election).where(Election.sequence == 2)).one()
            assert rerun.stage is Stage.ALJ_CONSOLIDATED
            counts = {d: len(s.exec(select(Objection).where(Objection.election_id == rerun.id,
                                                             Objection.disposition == d)).all())
                      for d in (Disposition.SET_FOR_HEARING, Disposition.PENDING)}
            assert counts == {Disposition.SET_FOR_HEARING: 21, Disposition.PENDING: 8}
            target = s.exec(select(Deadline).where(Deadline.election_id == rerun.id,
                                                   Deadline.kind == DeadlineKind.HEARING_OPENS)).one()
            assert (target.due_on, target.status) == (date(2022, 4, 21), DeadlineStatus.MET_LATE)

    def test_retry_is_found(self, cross_objections: Path) -> None:
        """The same order recorded twice is one docket entry; with another ULP case it is refused."""
        first = perform(act(ORDER))
        assert unchanged_by_retry(act(ORDER)).entry_id == first.entry_id
        error = refused(act({**ORDER, "ulp_cases": ["10-CA-000002"]}), AlreadyRecorded)
        assert "unfair labor practice cases: 10-CA-000001 → 10-CA-000002" in str(error)

    def test_unknown_objection_is_refused(self, cross_objections: Path) -> None:
        """Amazon filed 8 objections: setting its 9th for hearing is refused and nothing is stored."""
        error = refused(act({**ORDER, "objections": {"amazon": [9]}}), UnknownRecord)
        assert error.field == "objections.amazon.0"  # type: ignore[attr-defined]

    def test_needs_a_ulp_case(self) -> None:
        """An order consolidating with no unfair-labor-practice case is not an act (the model refuses it)."""
        with pytest.raises(ValidationError, match="ulp_cases"):
            act({**ORDER, "ulp_cases": []})

    def test_at_tally_issued_is_refused(self, configured_db: Path) -> None:
        """Right after the rerun tally (no objections yet) there is nothing to consolidate."""
        carry("tally-2022")
        error = refused(act({**ORDER, "date": date(2022, 4, 4), "opens_on": None, "objections": None}),
                        IllegalTransition)
        assert "now in election 2: the objection period on the tally runs until " in str(error)

    def test_malformed_ulp_case_is_refused_by_the_model(self) -> None:
        """A joined case that is no NLRB case number (the new user's "13-CA-00000 [hypothetical]") is refused
        when the act is read, naming which one and why: the judge's decision, whose caption names these cases,
        would otherwise fail when built, after the order was stored. A number is normalized; the record copy's
        placeholder is kept."""
        from casefile.accounts.acting import InvalidAct, act_from

        with pytest.raises(InvalidAct) as caught:
            act_from({**ORDER, "ulp_cases": ["10-CA-000001", "13-CA-00000 [hypothetical]"]})
        assert str(caught.value) == (
            "consolidate-with-ulp: field 'ulp_cases': the second unfair-labor-practice case: '13-CA-00000 [hypothetical]' "
            "is not an NLRB case number: expected RR-TT-NNNNNN, e.g. 10-RC-269250")
        assert caught.value.field == "ulp_cases"
        placeholder = "[NOT IN THE PUBLIC RECORD: unfair-labor-practice case numbers]"
        assert act({**ORDER, "ulp_cases": ["5-ca-123", placeholder]}).ulp_cases == [  # type: ignore[attr-defined]
            "05-CA-123", placeholder]

    def test_malformed_ulp_case_stores_nothing(self, cross_objections: Path) -> None:
        """Refused before the front door is reached: the rerun stays where it was, with no hearing before a judge."""
        from casefile.accounts.acting import InvalidAct, act_from

        with read_session() as s:
            before = (len(s.exec(select(Hearing)).all()), s.exec(select(Election).where(Election.sequence == 2)).one().stage)
        with pytest.raises(InvalidAct):
            act_from({**ORDER, "ulp_cases": ["13-CA-00000 [hypothetical]"]})
        with read_session() as s:
            assert (len(s.exec(select(Hearing)).all()),
                    s.exec(select(Election).where(Election.sequence == 2)).one().stage) == before
