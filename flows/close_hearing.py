"""Flow: Record that the hearing closed."""

from __future__ import annotations

from datetime import date, datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.hearings import close_hearing
from flows.result import ActResult


@flow(name="close-hearing", validate_parameters=True, persist_result=False, log_prints=False)
def close_hearing_flow(case_number: str, closed_on: date, as_of: datetime, election_sequence: int | None = None) -> ActResult:
    """Record that the hearing closed. Idempotent: a re-run finds the act on the docket."""
    with write_session() as session:
        result = close_hearing(session, case_number=case_number, closed_on=closed_on, election_sequence=election_sequence,
            as_of=as_of)
    paths: list[str] = []
    return ActResult(act="close-hearing", case_number=case_number, ref=f"hearing:{result.id}", documents=paths)
