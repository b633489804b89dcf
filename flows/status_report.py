"""Flow: issue a case status report for a client (docket, deadlines, outcome arithmetic)."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile import app


@flow(name="status-report", validate_parameters=True, persist_result=False, log_prints=False)
def status_report_flow(case_number: str, as_of: datetime) -> str:
    """Issue the case status report as of ``as_of``; returns the PDF's path (one per case and instant)."""
    return app.status_report(case_number, as_of=as_of).path
