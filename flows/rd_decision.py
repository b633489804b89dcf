"""Flow: Record the Regional Director's decision (set aside and direct a second election, or overrule)."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.decisions import DecisionIn, record_rd_decision
from casefile.vocab import DocumentKind
from flows.issue_document import issue_document_task
from flows.result import ActResult


@flow(name="rd-decision", validate_parameters=True, persist_result=False, log_prints=False)
def rd_decision_flow(case_number: str, decision_in: DecisionIn, as_of: datetime, election_sequence: int | None = None) -> ActResult:
    """Record the Regional Director's decision (set aside and direct a second election, or overrule). Idempotent: a re-run finds the act on the docket."""
    with write_session() as session:
        result = record_rd_decision(session, case_number=case_number, decision_in=decision_in, election_sequence=election_sequence,
            as_of=as_of)
    paths: list[str] = []
    if result.result == "set-aside":
        paths.append(issue_document_task(case_number, DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION,
                                         f"decision:{result.id}", as_of))
    return ActResult(act="rd-decision", case_number=case_number, ref=f"decision:{result.id}", documents=paths)
