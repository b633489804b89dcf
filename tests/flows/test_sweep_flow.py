"""The sweep flow: without an instant it sweeps as of its run's scheduled start time; it can be limited to a Region."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import select

from casefile.prefect_env import flow_runtime
from casefile.record.db import read_session, write_session
from casefile.record.models import Deadline, Election
from casefile.vocab import DeadlineKind, DeadlineStatus, Stage
from tests.bessemer import TALLY_2021, open_case, record_tally
from tests.conftest import at

pytestmark = pytest.mark.prefect


@pytest.fixture
def tallied(prefect_server: None, configured_db: Path) -> Iterator[None]:
    """Bessemer's 2021 tally in a fresh database; its objection period ran out on 2021-04-16."""
    with write_session(by="operator:tests") as s:
        open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
    with flow_runtime():
        yield


def objections_deadline() -> Deadline:
    with read_session() as s:
        return s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.OBJECTIONS)).one()


class TestSweepFlow:
    def test_without_as_of_it_sweeps_as_of_the_scheduled_start(self, tallied: None) -> None:
        """A run given no as_of closes the 2021 period with closed_at equal to the run's expected (scheduled) start time."""
        from prefect import get_client

        from flows.sweep import sweep_flow

        state = sweep_flow(return_state=True)
        assert state.name == "Completed"
        with get_client(sync_client=True) as client:
            run = client.read_flow_run(state.state_details.flow_run_id)
        deadline = objections_deadline()
        assert deadline.status is DeadlineStatus.LAPSED
        assert deadline.closed_at == run.expected_start_time

    @pytest.mark.parametrize(("region", "name", "stage"), [
        ("15", "Skipped", Stage.TALLY_ISSUED), ("10", "Completed", Stage.CERTIFICATION_DUE),
    ], ids=["other-region", "its-region"])
    def test_region_parameter(self, tallied: None, region: str, name: str, stage: Stage) -> None:
        """Swept as of 2021-04-20 for Region 15 nothing happens to the Region 10 case ("Skipped"); for Region 10 it moves."""
        from flows.sweep import sweep_flow

        state = sweep_flow(as_of=at("2021-04-20T00:00:00-04:00"), region=region, return_state=True)
        assert state.name == name
        with read_session() as s:
            assert s.exec(select(Election.stage)).one() is stage


class TestFutureInstants:
    """Security finding M5: whoever could start a sweep run "as of" a later instant closed the objection
    period before its cut-off (the interim record false). A run's instant may not lie past its start."""

    def test_a_sweep_as_of_the_future_is_refused_and_stores_nothing(self, tallied: None) -> None:
        """A sweep as of 200 days from now ends Failed, saying why; every table and the output folder are as
        before (the 2021 period, which any sweep of today would close, is still open)."""
        from datetime import UTC, datetime, timedelta

        from flows.sweep import sweep_flow
        from tests.acts.snapshot import default_snapshot

        before = default_snapshot()
        later = datetime.now(UTC) + timedelta(days=200)
        state = sweep_flow(as_of=later, return_state=True)
        assert state.is_failed()
        assert state.message.startswith(f"sweep: refused to act as of {later.isoformat()}, later than the run's start")
        assert default_snapshot() == before
        assert objections_deadline().status is DeadlineStatus.OPEN

    def test_reminders_and_issuance_as_of_the_future_are_refused(self, tallied: None) -> None:
        from datetime import UTC, datetime, timedelta

        from flows.act import act_flow
        from flows.deadline_reminders import deadline_reminders_flow
        from tests.acts.snapshot import default_snapshot

        before = default_snapshot()
        later = datetime.now(UTC) + timedelta(hours=1)
        reminded = deadline_reminders_flow(as_of=later, return_state=True)
        assert reminded.is_failed() and "deadline-reminders: refused to act as of" in reminded.message
        issued = act_flow(entry_id=1, as_of=later, return_state=True)
        assert issued.is_failed() and "act: refused to act as of" in issued.message
        assert default_snapshot() == before
