"""Flow: Record that the hearing opened."""

from __future__ import annotations

from datetime import date, datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.hearings import open_hearing
from flows.result import ActResult


@flow(name="open-hearing", validate_parameters=True, persist_result=False, log_prints=False)
def open_hearing_flow(case_number: str, opened_on: date, as_of: datetime, election_sequence: int | None = None) -> ActResult:
    """Record that the hearing opened. Idempotent: a re-run finds the act on the docket."""
    with write_session() as session:
        result = open_hearing(session, case_number=case_number, opened_on=opened_on, election_sequence=election_sequence,
            as_of=as_of)
    paths: list[str] = []
    return ActResult(act="open-hearing", case_number=case_number, ref=f"hearing:{result.id}", documents=paths)
