"""Flow: Record the Hearing Officer's Report on Objections and open the exceptions period."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.decisions import DecisionIn, issue_ho_report
from casefile.vocab import DocumentKind
from flows.issue_document import issue_document_task
from flows.result import ActResult


@flow(name="ho-report", validate_parameters=True, persist_result=False, log_prints=False)
def ho_report_flow(case_number: str, decision_in: DecisionIn, as_of: datetime, election_sequence: int | None = None) -> ActResult:
    """Record the Hearing Officer's Report on Objections and open the exceptions period. Idempotent: a re-run finds the act on the docket."""
    with write_session() as session:
        result = issue_ho_report(session, case_number=case_number, decision_in=decision_in, election_sequence=election_sequence,
            as_of=as_of)
    paths: list[str] = []
    paths.append(issue_document_task(case_number, DocumentKind.HEARING_OFFICER_REPORT, f"decision:{result.id}", as_of))
    return ActResult(act="ho-report", case_number=case_number, ref=f"decision:{result.id}", documents=paths)
