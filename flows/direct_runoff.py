"""Flow: the Regional Director directs the runoff election (or the 102.70(d) nullity rerun)."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.runoffs import DirectionIn, direct_runoff
from casefile.vocab import DocumentKind, ElectionKind
from flows.issue_document import issue_document_task
from flows.result import ActResult


@flow(name="direct-runoff", validate_parameters=True, persist_result=False, log_prints=False)
def direct_runoff_flow(case_number: str, direction_in: DirectionIn, as_of: datetime,
                       election_sequence: int | None = None) -> ActResult:
    """Direct the runoff (Notice of Runoff Election) or the nullity rerun. Idempotent."""
    with write_session() as session:
        election = direct_runoff(session, case_number=case_number, direction_in=direction_in, as_of=as_of,
                                 election_sequence=election_sequence)
        runoff = election.next_kind is ElectionKind.RUNOFF
        ref = f"election:{election.id}"
    paths = [issue_document_task(case_number, DocumentKind.NOTICE_OF_RUNOFF_ELECTION, ref, as_of)] if runoff else []
    return ActResult(act="direct-runoff", case_number=case_number, ref=ref, documents=paths)
