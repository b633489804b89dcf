"""Flow: the sweep — closes lapsed periods and marks acts that have fallen due (scheduled job)."""

# Annotations are evaluated here (no `from __future__ import annotations`): casefile serve's runner sends the
# flow to its run's process by value (casefile.runner), where names used only in string annotations
# (`datetime`) would not resolve and Prefect's parameter validation would fail.

from datetime import UTC, datetime

from prefect import flow
from prefect.runtime import flow_run
from prefect.states import Completed, Failed

from casefile.jobs.sweep import sweep
from casefile.record.db import write_session
from flows.instants import future_instant, run_started
from flows.registered import refuse_tampered_deployment

#: Who the sweep's docket entries name (the scheduled job).
SWEEP_BY = "system:sweep"


@flow(name="sweep", validate_parameters=True, persist_result=False, log_prints=False)
def sweep_flow(as_of: datetime | None = None, case_id: int | None = None,  # type: ignore[no-untyped-def]
               region: str | None = None):
    """Run one sweep pass as of ``as_of`` (aware), over every case, one case (``case_id``) or the
    cases of one Region (``region``, e.g. "10"). Without ``as_of`` the pass is as of the flow run's
    scheduled start time: a scheduled sweep sweeps the instant it was scheduled for, whenever a
    worker picks it up. A pass with nothing to do ends in a state named "Skipped"; one asked for
    an instant later than the run's start ends Failed, nothing read or stored (flows.instants)."""
    refuse_tampered_deployment("sweep")  # a deployment changed through Prefect's API: fails here (flows.registered)
    moment = as_of if as_of is not None else scheduled_instant()
    if (refused := future_instant(moment, started=run_started(), flow="sweep")) is not None:
        return Failed(message=refused)
    with write_session(by=SWEEP_BY) as session:  # its docket entries name the sweep
        report = sweep(session, as_of=moment, case_id=case_id, region=region)
    if not report.did_something:
        return Completed(message="nothing lapsed", name="Skipped", data=report)
    return report


def scheduled_instant() -> datetime:
    """The current flow run's scheduled start time, as a plain aware ``datetime`` in UTC."""
    s = flow_run.scheduled_start_time.astimezone(UTC)
    return datetime(s.year, s.month, s.day, s.hour, s.minute, s.second, s.microsecond, tzinfo=UTC)
