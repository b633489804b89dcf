"""Flows: import a whole export file — the NLRB "Recent Election Results" CSV, or the normalized
tallies format — in one flow run and one database transaction (no flow or task per row).

Idempotent: a re-run finds every tally already present and changes nothing. A file that is not the
export fails the run with InvalidImport before anything is written. The command line passes a
progress bar through :func:`casefile.jobs.imports.reporting_progress` (flow parameters stay
plain data: a path and an instant).
"""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.importers.nlrb_results import parse_nlrb_results
from casefile.importers.records import ParsedFile
from casefile.importers.tallies_sample import parse_tallies_sample
from casefile.jobs.imports import ImportReport, current_progress, import_tallies
from casefile.record.db import write_session


@flow(name="import-nlrb-results", validate_parameters=True, persist_result=False, log_prints=False)
def import_nlrb_results_flow(path: str, as_of: datetime) -> ImportReport:
    """Parse the NLRB "Recent Election Results" CSV at ``path`` and load it as of ``as_of`` (aware)."""
    progress = current_progress()
    return _load(parse_nlrb_results(path, progress=progress), as_of)


@flow(name="import-tallies-sample", validate_parameters=True, persist_result=False, log_prints=False)
def import_tallies_sample_flow(path: str, as_of: datetime) -> ImportReport:
    """Parse a normalized tallies file (tallies-sample.csv format) at ``path`` and load it as of ``as_of`` (aware)."""
    progress = current_progress()
    return _load(parse_tallies_sample(path, progress=progress), as_of)


def _load(parsed: ParsedFile, as_of: datetime) -> ImportReport:
    with write_session() as session:
        return import_tallies(session, parsed=parsed, as_of=as_of, progress=current_progress())
