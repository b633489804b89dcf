"""Flow: Record the Administrative Law Judge's decision on the consolidated case."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.decisions import DecisionIn, record_alj_decision
from casefile.vocab import DocumentKind
from flows.issue_document import issue_document_task
from flows.result import ActResult


@flow(name="alj-decision", validate_parameters=True, persist_result=False, log_prints=False)
def alj_decision_flow(case_number: str, decision_in: DecisionIn, as_of: datetime, election_sequence: int | None = None) -> ActResult:
    """Record the Administrative Law Judge's decision on the consolidated case. Idempotent: a re-run finds the act on the docket."""
    with write_session() as session:
        result = record_alj_decision(session, case_number=case_number, decision_in=decision_in, election_sequence=election_sequence,
            as_of=as_of)
    paths: list[str] = []
    paths.append(issue_document_task(case_number, DocumentKind.ALJ_DECISION, f"decision:{result.id}", as_of))
    return ActResult(act="alj-decision", case_number=case_number, ref=f"decision:{result.id}", documents=paths)
