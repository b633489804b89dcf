"""Flow: Record a Tally of Ballots (initial, rerun, runoff) and issue its record copy."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from prefect import flow

from casefile.record.db import write_session
from casefile.rules.tally import tally_from_mapping
from casefile.services.tallies import ElectionIn, StatedLines, record_tally
from casefile.vocab import DocumentKind, TallyKind
from flows.issue_document import issue_document_task
from flows.result import ActResult


@flow(name="record-tally", validate_parameters=True, persist_result=False, log_prints=False)
def record_tally_flow(case_number: str, kind: TallyKind, prepared_on: date, counts: dict[str, Any], as_of: datetime,
    election_in: ElectionIn | None = None, stated: StatedLines | None = None) -> ActResult:
    """Record a Tally of Ballots (initial, rerun, runoff) and issue its record copy. Idempotent: a re-run finds the act on the docket."""
    with write_session() as session:
        result = record_tally(session, case_number=case_number, kind=kind, prepared_on=prepared_on,
            counts=tally_from_mapping(counts), election_in=election_in or ElectionIn(), stated=stated, as_of=as_of)
    paths: list[str] = []
    paths.append(issue_document_task(case_number, DocumentKind.TALLY_OF_BALLOTS, f"tally:{result.id}", as_of))
    return ActResult(act="record-tally", case_number=case_number, ref=f"tally:{result.id}", documents=paths)
