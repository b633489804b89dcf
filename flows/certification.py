"""Flow: Record the Certification of Representative or of Results."""

from __future__ import annotations

from datetime import date, datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.decisions import issue_certification
from casefile.vocab import DocumentKind
from flows.issue_document import issue_document_task
from flows.result import ActResult


@flow(name="certification", validate_parameters=True, persist_result=False, log_prints=False)
def certification_flow(case_number: str, issued_on: date, as_of: datetime, election_sequence: int | None = None) -> ActResult:
    """Record the Certification of Representative or of Results. Idempotent: a re-run finds the act on the docket."""
    with write_session() as session:
        result = issue_certification(session, case_number=case_number, issued_on=issued_on, election_sequence=election_sequence,
            as_of=as_of)
    paths: list[str] = []
    kind = (DocumentKind.CERTIFICATION_OF_REPRESENTATIVE if result.kind == "representative"
            else DocumentKind.CERTIFICATION_OF_RESULTS)
    paths.append(issue_document_task(case_number, kind, f"certification:{result.id}", as_of))
    return ActResult(act="certification", case_number=case_number, ref=f"certification:{result.id}", documents=paths)
