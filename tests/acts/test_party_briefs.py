"""file-answering-brief, file-cross-exceptions and move-for-reconsideration on Bessemer (10-RC-269250):
Hearing Officer's Report Mon 2021-08-02 (exceptions due Mon 08-16, answering briefs Mon 08-23), the
Regional Director's decision Mon 2021-11-29 (reconsideration due Mon 12-13). Which party excepted and
when is not in the public record: the filings here are hypothetical, on the real periods. (Their
extensions by order: test_extensions_honoured.)"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from sqlmodel import select

from casefile.errors import IllegalTransition, ProcedureError, UntimelyFiling
from casefile.record.db import read_session
from casefile.record.models import Election, Filing
from casefile.vocab import Stage
from tests.acts.procedure import act, carry, perform, refused, unchanged_by_retry
from tests.acts.real_histories import service_of

EXCEPTIONS = [{"excepted_to": "The recommendation that the election be set aside", "grounds": "Hypothetical grounds"}]
BRIEF = {"act": "file-answering-brief", "date": date(2021, 8, 23), "party": "rwdsu", "points": ["Hypothetical point"]}
CROSS = {"act": "file-cross-exceptions", "date": date(2021, 8, 23), "party": "rwdsu", "exceptions": EXCEPTIONS}
MOTION = {"act": "move-for-reconsideration", "date": date(2021, 12, 13), "party": "amazon", "grounds": ["Hypothetical"]}


@pytest.fixture
def excepted(configured_db: Path) -> Path:
    carry("ho-report")
    perform(act({"act": "file-exceptions", "date": date(2021, 8, 16), "party": "amazon", "exceptions": EXCEPTIONS}))
    return configured_db


def _filing(kind: str) -> Filing:
    with read_session() as s:
        return s.exec(select(Filing).where(Filing.kind == kind)).one()


class TestAnsweringBrief:
    def test_on_the_last_day_served_on_the_employer(self, excepted: Path) -> None:
        """Mon 2021-08-23, 5 business days after the last day for exceptions: timely, served on Amazon; the stage stays."""
        perform(act(BRIEF))
        brief = _filing("answering-brief")
        assert "due Mon 2021-08-23" in brief.timeliness_note
        assert service_of(brief.id)[0] == ["Amazon.com Services LLC"]  # type: ignore[arg-type]
        with read_session() as s:
            assert s.exec(select(Election)).one().stage is Stage.EXCEPTIONS_PENDING

    def test_a_day_late(self, excepted: Path) -> None:
        refused(act({**BRIEF, "date": date(2021, 8, 24)}), UntimelyFiling)

    def test_nothing_to_answer(self, configured_db: Path) -> None:
        """No party excepted: an answering brief answers nothing (and the excepting party does not answer itself)."""
        carry("ho-report")
        refused(act(BRIEF), ProcedureError)

    def test_the_excepting_party_does_not_answer_itself(self, excepted: Path) -> None:
        refused(act({**BRIEF, "party": "amazon"}), ProcedureError)

    def test_a_retry_stores_nothing(self, excepted: Path) -> None:
        perform(act(BRIEF))
        assert unchanged_by_retry(act(BRIEF)).repeated


class TestCrossExceptions:
    def test_within_the_answering_brief_period(self, excepted: Path) -> None:
        """RWDSU, which did not except, cross-excepts on Mon 2021-08-23, the answering-brief date; the docket says which
        period it was held to and why (by analogy to 102.46(c))."""
        result = perform(act(CROSS))
        assert "102.46(c)" in result.summary
        cross = _filing("cross-exceptions")
        assert (cross.body, "due Mon 2021-08-23" in cross.timeliness_note) == (EXCEPTIONS, True)

    def test_not_by_the_party_that_excepted(self, excepted: Path) -> None:
        refused(act({**CROSS, "party": "amazon"}), ProcedureError)

    def test_late(self, excepted: Path) -> None:
        refused(act({**CROSS, "date": date(2021, 8, 24)}), UntimelyFiling)

    def test_not_once_the_regional_director_decided(self, excepted: Path) -> None:
        """The decision of Tue 2021-08-24, the day after the answering-brief period (it may not issue before:
        102.69(c)(1)(iii), tests/acts/test_decision_after_exceptions.py): cross-exceptions recorded after it are refused."""
        perform(act({"act": "rd-decision", "date": date(2021, 8, 24), "result": "set-aside", "at_fault": "amazon"}))
        refused(act(CROSS), IllegalTransition)


class TestReconsideration:
    def test_on_the_tenth_business_day_stays_nothing(self, configured_db: Path) -> None:
        carry("rd-decision")
        result = perform(act(MOTION))
        assert result.warnings and "stays nothing" in result.warnings[0]
        assert "due Mon 2021-12-13" in _filing("reconsideration-motion").timeliness_note
        with read_session() as s:
            assert s.exec(select(Election)).one().stage is Stage.RERUN_DIRECTED

    def test_late(self, configured_db: Path) -> None:
        carry("rd-decision")
        refused(act({**MOTION, "date": date(2021, 12, 14)}), UntimelyFiling)

    def test_no_decision_no_motion(self, configured_db: Path) -> None:
        carry("ho-report")
        assert refused(act({**MOTION, "date": date(2021, 8, 10)}), ProcedureError).field == "election"
