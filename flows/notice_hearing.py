"""Flow: Record the Regional Director's Notice of Hearing on Objections (and Challenged Ballots)."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.hearings import HearingIn, notice_hearing
from casefile.vocab import DocumentKind
from flows.issue_document import issue_document_task
from flows.result import ActResult


@flow(name="notice-hearing", validate_parameters=True, persist_result=False, log_prints=False)
def notice_hearing_flow(case_number: str, hearing_in: HearingIn, as_of: datetime, election_sequence: int | None = None) -> ActResult:
    """Record the Regional Director's Notice of Hearing on Objections (and Challenged Ballots). Idempotent: a re-run finds the act on the docket."""
    with write_session() as session:
        result = notice_hearing(session, case_number=case_number, hearing_in=hearing_in, election_sequence=election_sequence,
            as_of=as_of)
    paths: list[str] = []
    paths.append(issue_document_task(case_number, DocumentKind.NOTICE_OF_HEARING, f"hearing:{result.id}", as_of))
    return ActResult(act="notice-hearing", case_number=case_number, ref=f"hearing:{result.id}", documents=paths)
