"""Flow: Record the order consolidating objections and challenged ballots with an unfair-labor-practice case before an ALJ."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.hearings import HearingIn, consolidate_with_ulp
from flows.result import ActResult


@flow(name="consolidate-with-ulp", validate_parameters=True, persist_result=False, log_prints=False)
def consolidate_with_ulp_flow(case_number: str, hearing_in: HearingIn, as_of: datetime, election_sequence: int | None = None) -> ActResult:
    """Record the order consolidating objections and challenged ballots with an unfair-labor-practice case before an ALJ. Idempotent: a re-run finds the act on the docket."""
    with write_session() as session:
        result = consolidate_with_ulp(session, case_number=case_number, hearing_in=hearing_in, election_sequence=election_sequence,
            as_of=as_of)
    paths: list[str] = []
    return ActResult(act="consolidate-with-ulp", case_number=case_number, ref=f"hearing:{result.id}", documents=paths)
