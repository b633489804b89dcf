"""Flows: import a whole export file — the NLRB "Recent Election Results" CSV, or the normalized
tallies format — in one flow run and one database transaction (no flow or task per row), on a
Prefect server (``casefile import`` runs them there when PREFECT_API_URL names one; without a
server it imports in its own process: casefile.jobs.import_file, the same steps).

Idempotent: a re-run finds every tally already present and changes nothing. A file that is not the
export fails the run with InvalidImport before anything is written. The command line passes a
progress bar through :func:`casefile.jobs.imports.reporting_progress` (flow parameters stay
plain data: a path and an instant).
"""

from __future__ import annotations

from datetime import datetime

from prefect import flow

from casefile.jobs.import_file import import_file
from casefile.jobs.imports import ImportReport, current_progress


@flow(name="import-nlrb-results", validate_parameters=True, persist_result=False, log_prints=False)
def import_nlrb_results_flow(path: str, as_of: datetime) -> ImportReport:
    """Parse the NLRB "Recent Election Results" CSV at ``path`` and load it as of ``as_of`` (aware)."""
    return import_file("nlrb-results", path, as_of=as_of, progress=current_progress())


@flow(name="import-tallies-sample", validate_parameters=True, persist_result=False, log_prints=False)
def import_tallies_sample_flow(path: str, as_of: datetime) -> ImportReport:
    """Parse a normalized tallies file (tallies-sample.csv format) at ``path`` and load it as of ``as_of`` (aware)."""
    return import_file("tallies-sample", path, as_of=as_of, progress=current_progress())
