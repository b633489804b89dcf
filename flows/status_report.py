"""Flow: issue a case status report for a client (docket, deadlines, outcome arithmetic)."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.vocab import DocumentKind
from flows.issue_document import issue_document_task


@flow(name="status-report", validate_parameters=True, persist_result=False, log_prints=False)
def status_report_flow(case_number: str, as_of: datetime) -> str:
    """Issue the case status report as of ``as_of``; returns the PDF's path (one per case and instant)."""
    return issue_document_task(case_number, DocumentKind.CASE_STATUS_REPORT, f"as-of:{as_of.isoformat()}", as_of)
