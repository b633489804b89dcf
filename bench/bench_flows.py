"""What running an act's documents as a Prefect flow costs, against the front door doing it all in
process, measured inside one process after Prefect has started (as a server's worker would), and
`casefile demo` wall time end to end.

    .venv/bin/python bench/bench_flows.py            # both
    .venv/bin/python bench/bench_flows.py --no-demo  # flow overhead only

Every act is performed by the front door (casefile.app.perform) in one transaction; only issuing
its documents may run as the one act flow (flows/act.py: ``act_flow(entry_id, as_of)``). The act
measured is the Bessemer 2021 tally (record-tally: one Tally of Ballots PDF), each round on a case
of its own, two ways:

- in process: ``app.perform(act, documents="issue")`` (the act, then its PDF rendered here);
- as a flow: ``app.perform(act, documents="defer")``, then ``act_flow(entry_id, as_of)``.

Then the flow's own cost alone: ``act_flow`` again on an entry whose document is already issued
(found, not rendered) against ``app.issue_for_entry`` doing the same without Prefect. Prefect's
cost per flow run is creating the run, its task run, the state changes and the result.
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

ROUNDS = 15
BASE = 269300  # case numbers 10-RC-269300 ... (one case per round and way)
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "bessemer-10-RC-269250.yaml"


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="casefile-bench-"))
    os.environ["CASEFILE_DATABASE_URL"] = f"sqlite:///{folder / 'casefile.db'}"
    os.environ["CASEFILE_OUTPUT_DIR"] = str(folder / "out")
    os.environ["PREFECT_HOME"] = str(folder / "prefect")
    from casefile import app
    from casefile.acts import Who
    from casefile.prefect_env import flow_runtime
    from casefile.scenario import load_scenario

    bessemer = load_scenario(EXAMPLE)
    opening, tally = bessemer.opening(), bessemer.events[0]
    by = Who(label="operator:bench")
    as_of = datetime(2021, 4, 9, 16, tzinfo=UTC)  # noon Eastern, the tally's day

    def open_case(n: int) -> str:
        number = f"10-RC-{BASE + n:06d}"
        app.perform(opening.model_copy(update={"case": opening.case.model_copy(update={"number": number})}),
                    as_of=as_of, by=by, documents="none")
        return number

    app.perform(tally, case_number=open_case(0), as_of=as_of, by=by, documents="issue")  # warm: imports, fonts
    with flow_runtime():
        from flows.act import act_flow

        t0 = time.perf_counter()
        warm = app.perform(tally, case_number=open_case(1), as_of=as_of, by=by, documents="defer")
        act_flow(entry_id=warm.entry_id, as_of=as_of)  # starts Prefect's local server
        startup = time.perf_counter() - t0
        direct, flowed, entries = [], [], []
        for i in range(ROUNDS):
            moment = as_of + timedelta(minutes=i)
            number = open_case(2 + 2 * i)
            t = time.perf_counter()
            result = app.perform(tally, case_number=number, as_of=moment, by=by, documents="issue")
            direct.append(time.perf_counter() - t)
            assert [d.kind for d in result.documents] == ["tally-of-ballots"]
            number = open_case(3 + 2 * i)
            t = time.perf_counter()
            deferred = app.perform(tally, case_number=number, as_of=moment, by=by, documents="defer")
            issued = act_flow(entry_id=deferred.entry_id, as_of=moment)
            flowed.append(time.perf_counter() - t)
            assert [d.kind for d in issued] == ["tally-of-ballots"]
            entries.append((deferred.entry_id, moment))
        found_direct, found_flow = [], []
        for entry_id, moment in entries:
            t = time.perf_counter()
            app.issue_for_entry(entry_id, as_of=moment)
            found_direct.append(time.perf_counter() - t)
            t = time.perf_counter()
            act_flow(entry_id=entry_id, as_of=moment)
            found_flow.append(time.perf_counter() - t)
    d, f = statistics.median(direct), statistics.median(flowed)
    fd, ff = statistics.median(found_direct), statistics.median(found_flow)
    print(f"Prefect local server start + first act flow: {startup:.1f} s")
    print(f"record-tally with its PDF in process (app.perform): median {d * 1000:.0f} ms; the act, then its PDF "
          f"by act_flow: median {f * 1000:.0f} ms; overhead {1000 * (f - d):.0f} ms per act ({ROUNDS} rounds)")
    print(f"documents already issued, found: app.issue_for_entry median {fd * 1000:.1f} ms; act_flow median "
          f"{ff * 1000:.1f} ms; Prefect's own cost {1000 * (ff - fd):.1f} ms per flow run")
    if "--no-demo" not in sys.argv:
        demo_dir = Path(tempfile.mkdtemp(prefix="casefile-demo-"))
        casefile = Path(sys.executable).with_name("casefile")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CASEFILE_", "PREFECT_HOME"))}
        t = time.perf_counter()
        subprocess.run([str(casefile), "demo"], cwd=demo_dir, env=env, check=True, capture_output=True)
        print(f"casefile demo (fresh database, Prefect local mode): {time.perf_counter() - t:.1f} s wall")


if __name__ == "__main__":
    main()
