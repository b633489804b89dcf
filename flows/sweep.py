"""Flow: the sweep — closes lapsed periods and marks acts that have fallen due (scheduled job)."""

from __future__ import annotations

from datetime import datetime

from prefect import flow
from prefect.states import Completed

from casefile.db import write_session
from casefile.services.sweep import sweep


@flow(name="sweep", validate_parameters=True, persist_result=False, log_prints=False)
def sweep_flow(as_of: datetime, case_id: int | None = None):  # type: ignore[no-untyped-def]
    """Run one sweep pass as of ``as_of`` (aware). A pass with nothing to do ends in a state named "Skipped"."""
    with write_session() as session:
        report = sweep(session, as_of=as_of, case_id=case_id)
    if not report.did_something:
        return Completed(message="nothing lapsed", name="Skipped", data=report)
    return report
