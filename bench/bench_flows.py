"""Overhead of running one legal act as a Prefect flow instead of calling its service directly,
measured inside one process after Prefect has started (as during a replay), and `casefile demo`
wall time end to end.

    .venv/bin/python bench/bench_flows.py            # both
    .venv/bin/python bench/bench_flows.py --no-demo  # flow overhead only

The act measured is the sweep (one transaction, no document), so the difference is Prefect's own
cost per flow run: creating the run, state changes, the result, with the heartbeat off.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROUNDS = 30


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="casefile-bench-"))
    os.environ["CASEFILE_DATABASE_URL"] = f"sqlite:///{folder / 'casefile.db'}"
    os.environ["PREFECT_HOME"] = str(folder / "prefect")
    from casefile.record.db import write_session
    from casefile.prefect_env import flow_runtime
    from casefile.jobs.sweep import sweep

    start = datetime(2026, 1, 5, 12, tzinfo=UTC)
    with flow_runtime():
        from flows.sweep import sweep_flow

        t0 = time.perf_counter()
        sweep_flow(as_of=start)  # starts Prefect's local server
        startup = time.perf_counter() - t0
        direct, flowed = [], []
        for i in range(ROUNDS):
            moment = start + timedelta(minutes=i)
            t = time.perf_counter()
            with write_session() as session:
                sweep(session, as_of=moment)
            direct.append(time.perf_counter() - t)
            t = time.perf_counter()
            sweep_flow(as_of=moment)
            flowed.append(time.perf_counter() - t)
    d, f = statistics.median(direct), statistics.median(flowed)
    print(f"Prefect local server start + first flow: {startup:.1f} s")
    print(f"service called directly: median {d * 1000:.1f} ms; as a flow: median {f * 1000:.1f} ms; "
          f"overhead {1000 * (f - d):.1f} ms per act ({ROUNDS} rounds)")
    if "--no-demo" not in sys.argv:
        demo_dir = Path(tempfile.mkdtemp(prefix="casefile-demo-"))
        casefile = Path(sys.executable).with_name("casefile")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CASEFILE_", "PREFECT_HOME"))}
        t = time.perf_counter()
        subprocess.run([str(casefile), "demo"], cwd=demo_dir, env=env, check=True, capture_output=True)
        print(f"casefile demo (fresh database, Prefect local mode): {time.perf_counter() - t:.1f} s wall")


if __name__ == "__main__":
    main()
