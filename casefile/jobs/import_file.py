"""Importing one export file: read it, then load it into the case record in one transaction.

What the command line runs in its own process (``casefile import nlrb-results FILE``, no Prefect
start-up), and what the import flows run on a Prefect server (flows/import_nlrb_results.py): the
same two steps either way, so a file imports the same from both.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from casefile.importers.reading import Progress
    from casefile.importers.records import ParsedFile
    from casefile.jobs.imports import ImportReport

#: The export formats: the NLRB "Recent Election Results" CSV, and the normalized tallies format.
Format = Literal["nlrb-results", "tallies-sample"]


def parser_for(fmt: Format) -> Callable[..., ParsedFile]:
    """The parser of format ``fmt``: ``parse(path, progress=...) -> ParsedFile``. Raises KeyError for another name."""
    if fmt == "nlrb-results":
        from casefile.importers.nlrb_results import parse_nlrb_results

        return parse_nlrb_results
    if fmt == "tallies-sample":
        from casefile.importers.tallies_sample import parse_tallies_sample

        return parse_tallies_sample
    raise KeyError(fmt)


def import_file(fmt: Format, path: str | Path, *, as_of: datetime, progress: Progress | None = None,
                by: str = "") -> ImportReport:
    """Read the export file at ``path`` (format ``fmt``) and load it as of ``as_of`` (aware) in one
    write transaction, recorded by ``by``. ``progress(phase, done, total)`` hears "parse", then "load".

    Idempotent: a file imported again is found present and changes nothing. Raises InvalidImport
    (the file is not text, or not that format: nothing stored) and the database's errors (the
    transaction is rolled back: nothing stored)."""
    from casefile.jobs.imports import import_tallies
    from casefile.record.db import write_session

    parsed = parser_for(fmt)(str(path), progress=progress)
    with write_session(by=by or f"system:import-{fmt}") as session:  # a job with no one named: the job
        return import_tallies(session, parsed=parsed, as_of=as_of, progress=progress)
