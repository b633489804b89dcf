"""Flow: File a party's exceptions to the Hearing Officer's Report."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.decisions import ExceptionsIn, file_exceptions
from casefile.vocab import DocumentKind
from flows.issue_document import issue_document_task
from flows.result import ActResult


@flow(name="file-exceptions", validate_parameters=True, persist_result=False, log_prints=False)
def file_exceptions_flow(case_number: str, exceptions_in: ExceptionsIn, as_of: datetime, election_sequence: int | None = None) -> ActResult:
    """File a party's exceptions to the Hearing Officer's Report. Idempotent: a re-run finds the act on the docket."""
    with write_session() as session:
        result = file_exceptions(session, case_number=case_number, exceptions_in=exceptions_in, election_sequence=election_sequence,
            as_of=as_of)
    paths: list[str] = []
    paths.append(issue_document_task(case_number, DocumentKind.EXCEPTIONS, f"filing:{result.id}", as_of))
    return ActResult(act="file-exceptions", case_number=case_number, ref=f"filing:{result.id}", documents=paths)
