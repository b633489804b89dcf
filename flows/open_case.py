"""Flow: Open a case with its parties (rule set by petition date, receiving office by Region)."""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.record.db import write_session
from casefile.services.cases import CaseIn, open_case
from flows.result import ActResult


@flow(name="open-case", validate_parameters=True, persist_result=False, log_prints=False)
def open_case_flow(case_in: CaseIn, as_of: datetime) -> ActResult:
    """Open a case with its parties (rule set by petition date, receiving office by Region). Idempotent: a re-run finds the act on the docket."""
    with write_session() as session:
        result = open_case(session, case_in=case_in, as_of=as_of)
    paths: list[str] = []
    return ActResult(act="open-case", case_number=case_in.number, ref=f"case:{result.id}", documents=paths)
