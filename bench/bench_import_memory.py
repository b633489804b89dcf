"""Peak memory of an NLRB import against the file's size: the 300-record sample's records written over and over,
each as a case of its own (a case number of its own: Region and case type kept, serial 000001, 000002, ...), until
the file reaches SIZE bytes; parsed and loaded into a fresh SQLite database in a child process measured by
``/usr/bin/time -v`` (maximum resident set size), without Prefect.

    nice -n 10 .venv/bin/python bench/bench_import_memory.py [SIZE_MB ...]      # default: 6.3 and 63

Until 2026-12-04 the file was the sample's first record repeated (9,951 of 9,952 records at 6.3 MB were
repeats of one, reported and dropped): it measured the reading, not the loading. bench/README.md ("NLRB import
memory") has the figures of distinct records: memory grows with the file (about 11 MB per MB of export), since
the parsed records, each case's plan and the commit's seals of every case are held at once.
"""

from __future__ import annotations

import csv
import io
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

SAMPLE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "nlrb-recent-election-results-sample.csv"
CHILD = """
import sys, time, tempfile
from datetime import UTC, datetime
from pathlib import Path
from sqlmodel import SQLModel
from casefile.importers.nlrb_results import parse_nlrb_results
from casefile.jobs.imports import import_tallies
from casefile.record.db import make_engine, write_session
engine = make_engine(f"sqlite:///{Path(tempfile.mkdtemp()) / 'x.db'}")
SQLModel.metadata.create_all(engine)
t0 = time.perf_counter()
parsed = parse_nlrb_results(sys.argv[1])
with write_session(engine, by="operator:bench") as s:
    report = import_tallies(s, parsed=parsed, as_of=datetime(2026, 11, 29, 17, tzinfo=UTC))
print(f"{parsed.record_count} records, {len(report.skipped)} skipped, {time.perf_counter() - t0:.1f} s")
"""


def make_file(path: Path, size: int) -> int:
    """Write the sample's header and its records, over and over, until ``size`` bytes; the record count. Every
    record written is a case of its own: its case number keeps the sample record's Region and case type and gets
    a serial number of its own (000001, 000002, ...), so each is a new case and tally to load, not a repeat
    the import reports and drops (the benchmark measured 9,951 repeats of one record before)."""
    reader = csv.reader(io.StringIO(SAMPLE.read_text(encoding="utf-8"), newline=""))
    header = next(reader)
    records = list(reader)
    number = [name.strip() for name in header].index("Case Number")
    head = io.StringIO()
    csv.writer(head, lineterminator="\r\n").writerow(header)
    count = 0
    line = io.StringIO()
    writer = csv.writer(line, lineterminator="\r\n")
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write(head.getvalue())
        while out.tell() < size:
            record = list(records[count % len(records)])
            region, kind, _ = record[number].split("-")
            count += 1
            record[number] = f"{region}-{kind}-{count:06d}"
            line.seek(0)
            line.truncate()
            writer.writerow(record)
            out.write(line.getvalue())
    return count


def main() -> None:
    sizes = [float(a) for a in sys.argv[1:]] or [6.3, 63.0]
    env = dict(os.environ, CASEFILE_SECRET_KEY="bench-import-memory-secret-0123456789abcdef")
    for mb in sizes:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "export.csv"
            records = make_file(path, int(mb * 1_000_000))
            done = subprocess.run(["/usr/bin/time", "-v", sys.executable, "-c", CHILD, str(path)], env=env,
                                  capture_output=True, text=True, check=True)
            peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr).group(1))  # type: ignore[union-attr]
            print(f"{mb:>6.1f} MB, {records:,} records: peak {peak / 1024:,.0f} MB; {done.stdout.strip()}")


if __name__ == "__main__":
    main()
