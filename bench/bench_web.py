"""Load on the web pages and the API, bounded, against 127.0.0.1 (issue 8, "Measured").

Builds a database of about 2,000 cases — the 300-record NLRB sample imported, plus generated cases
of the same shape (the sample's rows again under other case numbers), and Bessemer replayed — with
the demo accounts; the union's organization watches every imported case, so its My cases holds
them all. Serves the application with uvicorn (one process, documents issued in-process after the
answer) on 127.0.0.1 and a free port, then measures:

- My cases (first page) and the Bessemer case page: p50 / p95 over ROUNDS requests each;
- an act through the API (a tally recorded on a newly opened case, its document issued after the
  answer): p50 / p95 over ACTS acts;
- 20 concurrent signed-in users for 60 s (My cases, a case page, Deadlines in turn): requests,
  errors, p50 / p95.

    .venv/bin/python bench/bench_web.py [--users 20] [--seconds 60] [--copies 6]
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tests" / "fixtures" / "nlrb-recent-election-results-sample.csv"
ROUNDS = 60
ACTS = 30


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000


def generated_export(copies: int) -> str:
    """The sample's rows again ``copies`` times, each copy's case numbers moved to a serial of its own."""
    text = SAMPLE.read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    header, body = rows[0], rows[1:]
    column = header.index("Case Number")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for copy in range(1, copies + 1):
        for row in body:
            row = list(row)
            region, kind, serial = row[column].split("-")
            row[column] = f"{region}-{kind}-{(int(serial) + copy * 100_000) % 1_000_000:06d}"
            writer.writerow(row)
    return out.getvalue()


def build(folder: Path, copies: int) -> tuple[str, int]:
    """The database: imports, Bessemer, accounts, watches. Returns the demo password and the case count."""
    os.environ.update(CASEFILE_DATABASE_URL=f"sqlite:///{folder / 'casefile.db'}", CASEFILE_OUTPUT_DIR=str(folder / "out"),
                      CASEFILE_SECRET_KEY="casefile-bench-web-secret-key-0123456789")
    from sqlmodel import func, select

    from casefile.accounts.orgs import get_organization
    from casefile.importers.nlrb_results import parse_nlrb_results, parse_nlrb_results_text
    from casefile.jobs.imports import import_tallies
    from casefile.record.accounts import Watch
    from casefile.record.db import read_session, write_session
    from casefile.record.models import Case
    from casefile.web.demo import NUMBER, load_case, make_accounts

    as_of = datetime.now(UTC)
    for parsed in (parse_nlrb_results(SAMPLE), parse_nlrb_results_text(generated_export(copies), source="generated.csv")):
        with write_session(by="system:bench") as session:
            import_tallies(session, parsed=parsed, as_of=as_of)
    load_case()
    password = make_accounts(password="bench web password 2026")
    with write_session(by="system:bench") as session:
        org = get_organization(session, "rwdsu-legal")
        ids = session.exec(select(Case.id).where(Case.number != NUMBER)).all()
        session.add_all([Watch(organization_id=org.id, case_id=i, created_at=as_of, created_by="system:bench")
                         for i in ids])  # type: ignore[arg-type]
    with read_session() as session:
        count = int(session.exec(select(func.count()).select_from(Case)).one())
    return password, count


def token_for(email: str) -> str:
    from casefile.accounts.tokens import create_token
    from casefile.record.db import write_session

    with write_session(by="system:bench") as session:
        return create_token(session, email=email, as_of=datetime.now(UTC), name="bench")[1]


def serve(port: int, folder: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, CASEFILE_WEB_DOCUMENTS="in-process", CASEFILE_WEB_LOGIN_FAILURES_PER_ADDRESS="100000")
    log = (folder / "web.log").open("ab")
    return subprocess.Popen([sys.executable, "-m", "uvicorn", "--factory", "casefile.server:create_app", "--host",
                             "127.0.0.1", "--port", str(port), "--no-access-log", "--log-level", "warning"],
                            env=env, stdout=log, stderr=subprocess.STDOUT, cwd=folder, start_new_session=True)


def signed_in(base: str, email: str, password: str):  # type: ignore[no-untyped-def]
    import httpx

    client = httpx.Client(base_url=base, timeout=60)
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/sign-in").text).group(1)  # type: ignore[union-attr]
    answer = client.post("/sign-in", data={"email": email, "password": password, "csrf_token": token})
    assert answer.status_code == 303 and answer.headers["location"] == "/cases", answer.status_code
    return client


def timed(client, path: str) -> float:  # type: ignore[no-untyped-def]
    t0 = time.perf_counter()
    answer = client.get(path)
    elapsed = time.perf_counter() - t0
    if answer.status_code != 200:
        raise RuntimeError(f"GET {path}: {answer.status_code}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--copies", type=int, default=6)
    args = parser.parse_args()
    import httpx

    from casefile.prefect_server import free_port, stop_process

    folder = Path(tempfile.mkdtemp(prefix="casefile-bench-web-"))
    t0 = time.perf_counter()
    password, count = build(folder, args.copies)
    token = token_for("counsel@rwdsu.example.org")
    print(f"database: {count} cases ({folder}); built in {time.perf_counter() - t0:.0f} s")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = serve(port, folder)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise SystemExit(f"the server did not start: see {folder / 'web.log'}")
            time.sleep(0.2)
        client = signed_in(base, "counsel@rwdsu.example.org", password)
        first = client.get("/cases").text
        listed = len(re.findall(r'<tr class="due-|<tr>', first))
        for path in ("/cases", "/cases/10-RC-269250"):
            timed(client, path)  # warm
        cases = [timed(client, "/cases") for _ in range(ROUNDS)]
        case = [timed(client, "/cases/10-RC-269250") for _ in range(ROUNDS)]
        later = [timed(client, "/cases?page=20") for _ in range(ROUNDS // 3)]
        print(f"My cases (page 1 of {count}, {listed} rows): p50 {pct(cases, .5):.0f} ms, p95 {pct(cases, .95):.0f} ms; "
              f"page 20: p95 {pct(later, .95):.0f} ms")
        print(f"case page 10-RC-269250: p50 {pct(case, .5):.0f} ms, p95 {pct(case, .95):.0f} ms")
        api = httpx.Client(base_url=f"{base}/api/v1", timeout=60, headers={"Authorization": f"Bearer {token}"})
        acts = []
        for i in range(ACTS):
            number = f"10-RC-{900000 + i:06d}"
            opened = api.post("/cases/" + number + "/acts", params={"party": "union"}, json={
                "act": "open-case", "date": "2026-11-20", "case": {"number": number, "name": f"Bench Employer {i}",
                                                                 "petition_filed_on": "2026-10-01"},
                "parties": [{"key": "employer", "role": "employer", "name": f"Bench Employer {i}"},
                            {"key": "union", "role": "petitioner", "name": "Bench Workers United"}]})
            assert opened.status_code == 201, opened.text
            t = time.perf_counter()
            answer = api.post("/cases/" + number + "/acts", json={
                "act": "record-tally", "date": "2026-11-24", "kind": "initial",
                "choices": {"Bench Workers United": 40 + i}, "against": 30, "challenged": 3, "void": 1})
            acts.append(time.perf_counter() - t)
            assert answer.status_code == 201 and answer.json()["pending"] == ["tally-of-ballots"], answer.text
        waited = time.perf_counter()
        while api.get(f"/cases/10-RC-{900000 + ACTS - 1:06d}/documents").json() == [] and \
                time.perf_counter() - waited < 120:
            time.sleep(0.2)
        print(f"act through the API (record-tally, {ACTS} cases): p50 {pct(acts, .5):.0f} ms, p95 {pct(acts, .95):.0f} ms; "
              f"last tally document there {time.perf_counter() - waited:.1f} s after the last answer")
        numbers = re.findall(r'href="/cases/(\d\d-R[A-Z]-\d{6})"', first)
        latencies: list[float] = []
        errors: list[str] = []
        lock = threading.Lock()
        stop = time.monotonic() + args.seconds

        def user(n: int) -> None:
            rng = random.Random(n)
            mine = signed_in(base, "counsel@rwdsu.example.org", password)
            paths = ["/cases", "/deadlines"] + [f"/cases/{x}" for x in numbers[:20]] + ["/cases/10-RC-269250"]
            while time.monotonic() < stop:
                path = rng.choice(paths)
                try:
                    took = timed(mine, path)
                    with lock:
                        latencies.append(took)
                except Exception as exc:
                    with lock:
                        errors.append(f"{path}: {exc}")

        threads = [threading.Thread(target=user, args=(n,)) for n in range(args.users)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(f"{args.users} concurrent users for {args.seconds:.0f} s: {len(latencies)} requests "
              f"({len(latencies) / args.seconds:.1f}/s), {len(errors)} errors, p50 {pct(latencies, .5):.0f} ms, "
              f"p95 {pct(latencies, .95):.0f} ms")
        for e in errors[:5]:
            print("  error:", e)
    finally:
        stop_process(process)


if __name__ == "__main__":
    main()
