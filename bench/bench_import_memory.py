"""Peak memory of an NLRB import against the file's size: the 300-record sample's first record copied
until the file reaches SIZE bytes (the reliability trial's 63 MB, 100,000 copies of one record), parsed
and loaded into a fresh SQLite database in a child process measured by ``/usr/bin/time -v`` (maximum
resident set size), without Prefect.

    .venv/bin/python bench/bench_import_memory.py [SIZE_MB ...]      # default: 6.3 and 63

Measured on the 2-core development machine, load average 11-16 (other work running), 2026-12-01,
63 MB file (99,526 records):

=====================================  ==================  ===========
                                       peak resident size  wall time
=====================================  ==================  ===========
before (commit 669ce71, whole text,    844 MB (13 x file)  2 min 44 s
every record held until deduplicated)
after (a line at a time; an exact      137 MB              2 min 4 s
repeat kept as its record number)
=====================================  ==================  ===========

After, 6.3 MB (9,952 records): 91 MB. What still grows with such a file is the report: one problem
line per repeated record (99,525 of them at 63 MB), not the records. Through `casefile import
nlrb-results` (then its Prefect flow) the trial saw 2,091 MB before.
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
    """Write the sample's header and its first record repeated until ``size`` bytes; the record count."""
    reader = csv.reader(io.StringIO(SAMPLE.read_text(encoding="utf-8"), newline=""))
    header, record = next(reader), next(reader)
    line = io.StringIO()
    writer = csv.writer(line, lineterminator="\r\n")
    writer.writerow(record)
    row = line.getvalue()
    head = io.StringIO()
    csv.writer(head, lineterminator="\r\n").writerow(header)
    count = 0
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write(head.getvalue())
        while out.tell() < size:
            out.write(row)
            count += 1
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
