"""Wall time of one act and of the read commands from the command line, with no casefile server
(issue 7's goals, measured as a person would: the installed `casefile` command in a subprocess).

    .venv/bin/python bench/bench_acts.py

Prints, each the median of ROUNDS runs on a fresh SQLite database, beside `casefile --help` measured
in the same run (interleaved with the acts, so both see the same machine load) and as its ratio to it
(issue 18 item 1):
- `casefile --help` (the floor: Python start-up and the command line's own imports; goal 0.3 s idle);
- an idempotent re-run of `casefile tally record FILE` and a refused act (goal: at most 2 x `--help`);
- an act that stores rows without a document, `counsel add` (goal: at most 3 x);
- a new act with a one-page PDF (`casefile tally record` of a new case; goal: 3 x plus the render);
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

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
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


def timed(args: list[str], env: dict[str, str], cwd: Path, *, exit_code: int = 0) -> float:
    t = time.perf_counter()
    done = subprocess.run(args, env=env, cwd=cwd, capture_output=True)
    elapsed = time.perf_counter() - t
    assert done.returncode == exit_code, (args, done.returncode, done.stderr[-2000:])
    return elapsed


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="casefile-bench-acts-"))
    env = {**os.environ, "CASEFILE_DATABASE_URL": f"sqlite:///{folder / 'casefile.db'}",
           "CASEFILE_OUTPUT_DIR": str(folder / "out")}
    env.pop("CASEFILE_SERVER_URL", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a user's casefile runs from its bytecode cache
    cli = str(Path(sys.executable).with_name("casefile"))
    subprocess.run([cli, "--help"], env=env, cwd=folder, check=True, capture_output=True)  # the bytecode written once
    runs: dict[str, list[float]] = {k: [] for k in ("help", "rerun", "refusal", "rows", "new", "show", "list", "deadlines")}
    for i in range(ROUNDS):
        n = 269250 + i
        (folder / f"case{i}.yaml").write_text(CASE.format(n=n))
        (folder / f"tally{i}.yaml").write_text(TALLY.format(n=n))
        number = f"10-RC-{n:06d}"
        tally = ["tally", "record", f"tally{i}.yaml", "--as-of", "2021-04-09T20:00:00-05:00"]
        runs["help"].append(timed([cli, "--help"], env, folder))
        subprocess.run([cli, "case", "open", f"case{i}.yaml", "--as-of", "2021-04-09T12:00:00-05:00"], env=env,
                       cwd=folder, check=True, capture_output=True)
        runs["new"].append(timed([cli, *tally], env, folder))
        runs["help"].append(timed([cli, "--help"], env, folder))
        runs["rerun"].append(timed([cli, *tally], env, folder))
        runs["refusal"].append(timed([cli, "certify", number, "--issued-on", "2021-04-12", "--as-of",
                                      "2021-04-12T12:00:00-05:00"], env, folder, exit_code=2))
        runs["rows"].append(timed([cli, "counsel", "add", number, "--party", "rwdsu", "--name", "Jordan Alvarez",
                                   "--email", "jalvarez@example.org", "--as-of", "2021-04-10T12:00:00-05:00"], env, folder))
        runs["show"].append(timed([cli, "case", "show", number], env, folder))
        runs["list"].append(timed([cli, "case", "list", "--as-of", "2021-04-12"], env, folder))
        runs["deadlines"].append(timed([cli, "deadlines", "--as-of", "2021-04-12"], env, folder))
    median = {k: statistics.median(v) for k, v in runs.items()}
    h = median["help"]
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(f"casefile --help: median {h:.2f} s of {len(runs['help'])} runs interleaved with the acts (goal <= 0.3 s idle)")
    for key, what, goal in (("rerun", "idempotent re-run of `tally record` (stores nothing)", "<= 2 x"),
                            ("refusal", "refused act (`certify` while objections may be filed)", "<= 2 x"),
                            ("rows", "act storing rows without a document (`counsel add`)", "<= 3 x"),
                            ("new", "act with a one-page document (`tally record`, Tally of Ballots)",
                             "<= 3 x + the render, bench/bench_render.py")):
        print(f"{what}: median {median[key]:.2f} s = {median[key] / h:.1f} x --help (goal {goal})")
    for key, name in (("show", "case show"), ("list", "case list"), ("deadlines", "deadlines")):
        print(f"{name}: median {median[key]:.2f} s = {median[key] / h:.1f} x --help (goal <= 0.6 s)")


if __name__ == "__main__":
    main()
