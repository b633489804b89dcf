"""Loading a parsed NLRB export into the case record (:func:`import_tallies`): each record checked
and analyzed, what is stored read, each case planned, then written."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session

from casefile.errors import CasefileError
from casefile.importers.comparison import compare_with_nlrb, not_analysable
from casefile.importers.reading import Progress
from casefile.importers.records import ParsedFile
from casefile.jobs.imports.plan import plan_case
from casefile.jobs.imports.report import ImportReport, Skipped
from casefile.jobs.imports.stored import load_existing
from casefile.jobs.imports.work import CaseWork
from casefile.jobs.imports.write import write_cases
from casefile.rules.chronology import export_dates_problem
from casefile.rules.tally import analyze_tally
from casefile.vocab import TallyKind

#: Cases written at once (casefile.jobs.imports.write.write_cases): each batch's docket entries, deadlines and
#: the other rows it inserts are built, inserted and let go before the next, so what the write holds does not
#: grow with the file (bench/bench_import_memory.py).
WRITE_BATCH = 500


def import_tallies(session: Session, *, parsed: ParsedFile, as_of: datetime, progress: Progress | None = None) -> ImportReport:
    """Load the tallies of ``parsed`` into the database, inside the caller's transaction.

    ``as_of`` (aware) is when the import is recorded (docket ``recorded_at``, ``created_at``). Rows
    the parser refused, UD tallies and records that conflict with what is stored are reported in
    ``skipped``; every record the rules can analyze is compared with the NLRB's flags
    (``disagreements``). Idempotent: importing the same file again adds nothing. Rows are read a few
    queries per batch of cases and written one executemany INSERT per table, not a row at a time.
    ``progress("load", done, total)`` is called per case planned and once more when all is written.
    Raises CasefileError for a naive ``as_of``.
    Authority: 29 CFR 102.69(a)(7), (a)(8), (e); rules.md R-A1, R-C2, R-E3, R-G3, R-G9.
    """
    if as_of.tzinfo is None:
        raise CasefileError(f"import: as_of must be timezone-aware, got {as_of!r}")
    report = ImportReport(source=parsed.source, format=parsed.format, records=parsed.record_count, as_of=as_of)
    report.skipped.extend(Skipped(p.record, p.line, p.case_number, p.reason) for p in parsed.problems)
    works: dict[str, CaseWork] = {}
    today = as_of.astimezone(UTC).date()  # no US office's date is ahead of UTC's
    for record in parsed.records:
        reason = export_dates_problem(record.filed_on, record.prepared_on, record.closed_on, today=today,
                                      revised=record.kind is TallyKind.REVISED) or not_analysable(record)
        if reason is not None:
            report.skipped.append(Skipped(record.record, record.line, record.case_number, reason))
            continue
        analysis = analyze_tally(record.counts())
        report.disagreements.extend(compare_with_nlrb(record, analysis))
        report.total_readings[record.total_reading] = report.total_readings.get(record.total_reading, 0) + 1
        works.setdefault(record.case_number, CaseWork(record.case_number, [])).records.append((record, analysis))
    for variant in parsed.flag_variants:  # loaded once from the record it repeats; its own flags are compared too
        if not_analysable(variant) is None:
            report.disagreements.extend(compare_with_nlrb(variant))
    load_existing(session, works)
    steps = sum(len(w.records) for w in works.values()) + 1  # the last step: writing
    done = 0
    for work in works.values():
        plan_case(work, report, as_of, parsed)
        done += len(work.records)
        if progress is not None:
            progress("load", done, steps)
    writing = [w for w in works.values() if w.new_tallies]
    for start in range(0, len(writing), WRITE_BATCH):  # the rows of a batch of cases built, inserted, let go
        write_cases(session, writing[start:start + WRITE_BATCH], as_of)
    if progress is not None:
        progress("load", steps, steps)
    report.skipped.sort(key=lambda s: (s.row, s.reason))
    report.disagreements.sort(key=lambda d: (d.record, d.field))
    return report
