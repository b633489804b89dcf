"""Wall time of one act and of the read commands from the command line, with no casefile server
(issue 7's goals, measured as a person would: the installed `casefile` command in a subprocess).

    .venv/bin/python bench/bench_acts.py

Prints, each the median of ROUNDS runs on a fresh SQLite database:
- `casefile --help` (the floor: Python start-up and the command line's own imports);
- an idempotent re-run of `casefile tally record FILE` (goal: at most 3 x `--help`);
- a new act with one PDF (`casefile tally record` of a new case; goal: at most 1.5 s idle);
- `casefile case show`, `case list`, `deadlines` (goal: at most 0.6 s each).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROUNDS = 5
CASE = """case:
  number: 10-RC-{n:06d}
  name: Amazon.com Services LLC
  agreement: stipulated
  petition_filed_on: 2020-11-20
parties:
  - key: amazon
    role: employer
    name: Amazon.com Services LLC
  - key: rwdsu
    role: petitioner
    name: Retail, Wholesale and Department Store Union
"""
TALLY = """case_number: 10-RC-{n:06d}
kind: initial
prepared_on: 2021-04-09
choices:
  Retail, Wholesale and Department Store Union: 738
against: 1798
challenged: 505
void: 76
eligible: 5867
"""


def timed(args: list[str], env: dict[str, str], cwd: Path) -> float:
    t = time.perf_counter()
    subprocess.run(args, env=env, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - t


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="casefile-bench-acts-"))
    env = {**os.environ, "CASEFILE_DATABASE_URL": f"sqlite:///{folder / 'casefile.db'}",
           "CASEFILE_OUTPUT_DIR": str(folder / "out")}
    env.pop("CASEFILE_SERVER_URL", None)
    cli = str(Path(sys.executable).with_name("casefile"))
    helps, reruns, news, shows, lists, deadlines = [], [], [], [], [], []
    for i in range(ROUNDS):
        n = 269250 + i
        (folder / f"case{i}.yaml").write_text(CASE.format(n=n))
        (folder / f"tally{i}.yaml").write_text(TALLY.format(n=n))
        helps.append(timed([cli, "--help"], env, folder))
        subprocess.run([cli, "case", "open", f"case{i}.yaml", "--as-of", "2021-04-09T12:00:00-05:00"], env=env,
                       cwd=folder, check=True, capture_output=True)
        news.append(timed([cli, "tally", "record", f"tally{i}.yaml", "--as-of", "2021-04-09T20:00:00-05:00"], env, folder))
        reruns.append(timed([cli, "tally", "record", f"tally{i}.yaml", "--as-of", "2021-04-09T20:00:00-05:00"], env, folder))
        shows.append(timed([cli, "case", "show", f"10-RC-{n:06d}"], env, folder))
        lists.append(timed([cli, "case", "list", "--as-of", "2021-04-12"], env, folder))
        deadlines.append(timed([cli, "deadlines", "--as-of", "2021-04-12"], env, folder))
    h = statistics.median(helps)
    print(f"casefile --help: median {h:.2f} s ({ROUNDS} runs)")
    r = statistics.median(reruns)
    print(f"idempotent re-run of `tally record`: median {r:.2f} s = {r / h:.1f} x --help (goal <= 3 x)")
    print(f"new act with one PDF (`tally record`): median {statistics.median(news):.2f} s (goal <= 1.5 s idle)")
    for name, runs in (("case show", shows), ("case list", lists), ("deadlines", deadlines)):
        print(f"{name}: median {statistics.median(runs):.2f} s (goal <= 0.6 s)")


if __name__ == "__main__":
    main()
