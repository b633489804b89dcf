"""Flow: File a party's objections with certificate of service, and its confidential offer of proof."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.objections import ObjectionsIn, file_objections
from casefile.vocab import DocumentKind
from flows.issue_document import issue_document_task
from flows.result import ActResult


@flow(name="file-objections", validate_parameters=True, persist_result=False, log_prints=False)
def file_objections_flow(case_number: str, objections_in: ObjectionsIn, as_of: datetime, election_sequence: int | None = None) -> ActResult:
    """File a party's objections with certificate of service, and its confidential offer of proof. Idempotent: a re-run finds the act on the docket."""
    with write_session() as session:
        result = file_objections(session, case_number=case_number, objections_in=objections_in, election_sequence=election_sequence,
            as_of=as_of)
    paths: list[str] = []
    paths.append(issue_document_task(case_number, DocumentKind.OBJECTIONS, f"filing:{result.id}", as_of))
    paths.append(issue_document_task(case_number, DocumentKind.OFFER_OF_PROOF, f"filing:{result.id}", as_of))
    return ActResult(act="file-objections", case_number=case_number, ref=f"filing:{result.id}", documents=paths)
