"""Flow: open the overruled challenged ballots and issue the Revised Tally of Ballots."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.challenges import RevisedTallyIn, issue_revised_tally
from casefile.vocab import DocumentKind
from flows.issue_document import issue_document_task
from flows.result import ActResult


@flow(name="revised-tally", validate_parameters=True, persist_result=False, log_prints=False)
def revised_tally_flow(case_number: str, revised_in: RevisedTallyIn, as_of: datetime,
                       election_sequence: int | None = None) -> ActResult:
    """Issue the Revised Tally of Ballots (R-L1–R-L4) and its record copy. Idempotent."""
    with write_session() as session:
        tally = issue_revised_tally(session, case_number=case_number, revised_in=revised_in, as_of=as_of,
                                    election_sequence=election_sequence)
    path = issue_document_task(case_number, DocumentKind.REVISED_TALLY_OF_BALLOTS, f"tally:{tally.id}", as_of)
    return ActResult(act="revised-tally", case_number=case_number, ref=f"tally:{tally.id}", documents=[path])
