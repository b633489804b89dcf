"""Time to parse the NLRB "Recent Election Results" sample (300 records) and load it into a fresh SQLite
database, without Prefect: the first run in the process (it pays for lazy imports such as the holiday
tables) and the median of the next runs, each into a new database file; then a re-import (nothing new).

    .venv/bin/python bench/bench_import.py [FILE]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROUNDS = 10
SAMPLE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "nlrb-recent-election-results-sample.csv"


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else SAMPLE
    from sqlmodel import SQLModel

    from casefile.importers.nlrb_results import parse_nlrb_results
    from casefile.jobs.imports import import_tallies
    from casefile.record.db import make_engine, write_session

    as_of = datetime(2026, 11, 29, 17, tzinfo=UTC)
    folder = Path(tempfile.mkdtemp(prefix="casefile-bench-import-"))
    runs: list[tuple[float, float]] = []
    for i in range(ROUNDS + 1):
        engine = make_engine(f"sqlite:///{folder / f'run{i}.db'}")
        SQLModel.metadata.create_all(engine)
        t0 = time.perf_counter()
        parsed = parse_nlrb_results(path)
        t1 = time.perf_counter()
        with write_session(engine, by="operator:bench") as session:
            report = import_tallies(session, parsed=parsed, as_of=as_of)
        t2 = time.perf_counter()
        runs.append((t1 - t0, t2 - t1))
        if i == ROUNDS:
            t3 = time.perf_counter()
            with write_session(engine, by="operator:bench") as session:
                import_tallies(session, parsed=parse_nlrb_results(path), as_of=as_of)
            again = time.perf_counter() - t3
        engine.dispose()
    (parse0, load0), rest = runs[0], runs[1:]
    parse_ms = statistics.median(p for p, _ in rest) * 1000
    load_ms = statistics.median(load for _, load in rest) * 1000
    print(f"{path.name}: {parsed.record_count} records -> {report.tallies.new} tallies loaded, "
          f"{len(report.skipped)} skipped, {len(report.disagreements)} disagreements")
    print(f"first run in the process: parse {parse0 * 1000:.0f} ms + load {load0 * 1000:.0f} ms = {(parse0 + load0):.2f} s")
    print(f"next {ROUNDS} runs (median): parse {parse_ms:.0f} ms + load {load_ms:.0f} ms = {(parse_ms + load_ms) / 1000:.2f} s")
    print(f"re-import of the same file (everything present): {again * 1000:.0f} ms")


if __name__ == "__main__":
    main()
