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

With ``--cases N`` (issue 18, "Scale, measured") the database is PostgreSQL instead (127.0.0.1:5432,
database ``casefile_bench_N``, made anew unless ``--reuse`` finds it built): Bessemer and the demo
accounts, then N synthetic NLRB-shaped cases written as rows (tests/record/synthetic.py: parties,
counsel, elections, deadlines, dockets), the union's organization watching every case. Two web
processes (uvicorn workers) serve it, and each page is measured beside a floor in the same run
(``/healthz`` interleaved, and one indexed query): My cases (first page, a search, a stage filter,
page 20), the Bessemer case page, Deadlines; an act through the API; 50 users (``--users``) at
once; the sweep and the reminder selection over every case (in this process, rolled back).

    nice -n 15 .venv/bin/python bench/bench_web.py --cases 2000
    nice -n 15 .venv/bin/python bench/bench_web.py --cases 200000
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
sys.path.insert(0, str(ROOT))  # tests.record.synthetic
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
    from casefile.cli.demo import NUMBER, load_case, make_accounts
    from casefile.importers.nlrb_results import parse_nlrb_results, parse_nlrb_results_text
    from casefile.jobs.imports import import_tallies
    from casefile.record.accounts import Watch
    from casefile.record.db import read_session, write_session
    from casefile.record.models import Case

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


def serve(port: int, folder: Path, workers: int = 1) -> subprocess.Popen[bytes]:
    env = dict(os.environ, CASEFILE_WEB_DOCUMENTS="in-process", CASEFILE_WEB_LOGIN_FAILURES_PER_ADDRESS="100000")
    log = (folder / "web.log").open("ab")
    return subprocess.Popen([sys.executable, "-m", "uvicorn", "--factory", "casefile.server:create_app", "--host",
                             "127.0.0.1", "--port", str(port), "--workers", str(workers), "--no-access-log",
                             "--log-level", "warning"],
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


POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432"
PASSWORD = "bench web password 2026"


def build_postgres(cases: int, folder: Path, reuse: bool) -> tuple[str, int, float]:
    """The PostgreSQL database of ``cases`` cases (Bessemer and synthetic ones), the union watching
    every case. Returns its URL, the case count and the seconds the build took (0 when reused)."""
    from sqlalchemy import create_engine, text

    name = f"casefile_bench_{cases}"
    url = f"{POSTGRES}/{name}"
    os.environ.update(CASEFILE_DATABASE_URL=url, CASEFILE_OUTPUT_DIR=str(folder / "out"),
                      CASEFILE_SECRET_KEY="casefile-bench-web-secret-key-0123456789")
    admin = create_engine(f"{POSTGRES}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        exists = connection.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}).first()
    if reuse and exists:
        probe = create_engine(url)
        with probe.connect() as connection:
            count = int(connection.execute(text('SELECT count(*) FROM "case"')).scalar_one())
        probe.dispose()
        if count >= cases:  # each run's acts open ACTS cases more: still the database built
            admin.dispose()
            return url, count, 0.0
    t0 = time.perf_counter()
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    from sqlmodel import select

    from casefile.accounts.orgs import get_organization
    from casefile.cli.demo import NUMBER, load_case, make_accounts
    from casefile.record.db import get_engine, read_session
    from casefile.record.models import Case
    from tests.record.synthetic import add_synthetic_cases

    load_case()
    make_accounts(password=PASSWORD)
    engine = get_engine()
    add_synthetic_cases(engine, cases - 1, today=datetime.now(UTC).date())
    with read_session() as session:
        org_id = get_organization(session, "rwdsu-legal").id
        count = len(session.exec(select(Case.id)).all())
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO watch (organization_id, case_id, created_at, created_by) "
                                "SELECT :org, id, now(), 'system:bench' FROM \"case\" WHERE number != :n"),
                           {"org": org_id, "n": NUMBER})
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text("VACUUM ANALYZE"))
    return url, count, time.perf_counter() - t0


def beside_floor(client, path: str, rounds: int) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    """``path`` and /healthz, interleaved, ``rounds`` times each (after one warm request)."""
    timed(client, path)
    page, floor = [], []
    for _ in range(rounds):
        floor.append(timed(client, "/healthz"))
        page.append(timed(client, path))
    return page, floor


def query_floor(rounds: int) -> list[float]:
    """One indexed query (a case by its number) through the same engine settings, in this process."""
    from sqlalchemy import text

    from casefile.record.db import get_engine

    out = []
    with get_engine().connect() as connection:
        for i in range(rounds):
            t = time.perf_counter()
            connection.execute(text('SELECT id FROM "case" WHERE number = :n'), {"n": f"10-RC-{300000 + i:06d}"}).all()
            out.append(time.perf_counter() - t)
    return out


def jobs_over_all_cases() -> tuple[float, int, float, int]:
    """The sweep as of three days from now (rolled back) and the reminder selection as of now:
    seconds and what each found."""
    from datetime import timedelta

    from sqlmodel import Session

    from casefile.jobs.reminders import select_due_reminders
    from casefile.jobs.sweep import sweep
    from casefile.record.db import get_engine

    now = datetime.now(UTC)
    with Session(get_engine()) as session:
        t = time.perf_counter()
        report = sweep(session, as_of=now + timedelta(days=3))
        session.flush()
        swept = time.perf_counter() - t
        session.rollback()
    with Session(get_engine()) as session:
        t = time.perf_counter()
        due = select_due_reminders(session, as_of=now, lead_days=[7, 3, 1], default_urls=["json://localhost/"])
        reminded = time.perf_counter() - t
    return swept, len(report.deadlines_closed) + len(report.elections_moved), reminded, len(due)


def line(what: str, values: list[float], floor: list[float]) -> str:
    return (f"{what}: p50 {pct(values, .5):.0f} ms, p95 {pct(values, .95):.0f} ms "
            f"(floor /healthz p95 {pct(floor, .95):.0f} ms: {pct(values, .95) / max(pct(floor, .95), 0.1):.1f} x)")


def main_scale(args: argparse.Namespace) -> None:
    """--cases N: the PostgreSQL database, two web processes, every figure beside its floor."""
    import httpx

    from casefile.prefect_server import free_port, stop_process

    folder = Path(tempfile.mkdtemp(prefix="casefile-bench-web-"))
    url, count, took = build_postgres(args.cases, folder, args.reuse)
    if args.build_only:
        print(f"database: {count} cases ({url.rsplit('/', 1)[1]}); built in {took:.0f} s")
        return
    token = token_for("counsel@rwdsu.example.org")
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}; database: {count} cases "
          f"on PostgreSQL ({url.rsplit('/', 1)[1]}); built in {took:.0f} s")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = serve(port, folder, workers=args.workers)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise SystemExit(f"the server did not start: see {folder / 'web.log'}")
            time.sleep(0.2)
        client = signed_in(base, "counsel@rwdsu.example.org", PASSWORD)
        first = client.get("/cases").text
        indexed = query_floor(ROUNDS)
        print(f"floor: one indexed query p50 {pct(indexed, .5):.1f} ms, p95 {pct(indexed, .95):.1f} ms")
        for what, path in (("My cases, first page", "/cases"), ("My cases, a search", "/cases?q=acme"),
                           ("My cases, a stage filter", "/cases?stage=certified"),
                           ("My cases, page 20", "/cases?page=20"), ("case page 10-RC-269250", "/cases/10-RC-269250"),
                           ("Deadlines", "/deadlines")):
            page, floor = beside_floor(client, path, args.rounds)
            print(line(what, page, floor))
        api = httpx.Client(base_url=f"{base}/api/v1", timeout=60, headers={"Authorization": f"Bearer {token}"})
        region = httpx.Client(base_url=f"{base}/api/v1", timeout=60,
                              headers={"Authorization": f"Bearer {token_for('agent@region10.example.org')}"})
        run = int(time.time()) % 90000
        acts = act_through_api(api, region, run=run)
        print(f"act through the API (record-tally, {ACTS} cases): p50 {pct(acts, .5):.0f} ms, p95 {pct(acts, .95):.0f} ms")
        alone = act_through_api(api, region, run=run, settled=True)
        print(f"the same, each act after the last one's document was issued (no render running in the web processes): "
              f"p50 {pct(alone, .5):.0f} ms, p95 {pct(alone, .95):.0f} ms")
        numbers = re.findall(r'href="/cases/(\d\d-R[A-Z]-\d{6})"', first)
        users(base, numbers, args.users, args.seconds)
        swept, changed, reminded, due = jobs_over_all_cases()
        print(f"sweep over {count} cases (as of 3 days on; rolled back): {swept:.2f} s, {changed} deadlines closed "
              f"or elections moved; reminder selection: {reminded:.2f} s, {due} due")
        print(f"load after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    finally:
        stop_process(process)


def act_through_api(api, region, run: int, settled: bool = False) -> list[float]:  # type: ignore[no-untyped-def]
    """ACTS cases opened by the union, then a tally recorded on each by the Region's Board agent (the timed act).
    ``settled``: each case is opened only once the last tally's document is issued (its PDF rendered after the
    answer, in the web process that answered), so that no act is timed beside a render."""
    acts = []
    for i in range(ACTS):
        # serials from 600000: the synthetic cases' are 300000 onwards (one per case), a run's own 2 x ACTS apart
        number = f"10-RC-{600000 + (run * 61) % 390000 + (ACTS if settled else 0) + i:06d}"
        opened = api.post("/cases/" + number + "/acts", params={"party": "union"}, json={
            "act": "open-case", "date": "2026-11-20", "case": {"number": number, "name": f"Bench Employer {i}",
                                                             "petition_filed_on": "2026-10-01"},
            "parties": [{"key": "employer", "role": "employer", "name": f"Bench Employer {i}"},
                        {"key": "union", "role": "petitioner", "name": "Bench Workers United"}]})
        assert opened.status_code == 201, opened.text
        t = time.perf_counter()
        answer = region.post("/cases/" + number + "/acts", json={
            "act": "record-tally", "date": "2026-11-24", "kind": "initial",
            "choices": {"Bench Workers United": 40 + i}, "against": 30, "challenged": 3, "void": 1})
        acts.append(time.perf_counter() - t)
        assert answer.status_code == 201, answer.text
        waited = time.monotonic()
        while settled and api.get(f"/cases/{number}/documents").json() == [] and time.monotonic() - waited < 60:
            time.sleep(0.05)
    return acts


def users(base: str, numbers: list[str], count: int, seconds: float) -> None:
    """``count`` signed-in users for ``seconds`` (My cases, Deadlines, case pages in turn)."""
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    clients = [signed_in(base, "counsel@rwdsu.example.org", PASSWORD) for _ in range(count)]
    stop = time.monotonic() + seconds

    def user(n: int) -> None:
        rng = random.Random(n)
        paths = ["/cases", "/deadlines", "/cases?q=acme", "/cases?stage=certified"] + [
            f"/cases/{x}" for x in numbers[:20]] + ["/cases/10-RC-269250"]
        while time.monotonic() < stop:
            path = rng.choice(paths)
            try:
                took = timed(clients[n], path)
                with lock:
                    latencies.append(took)
            except Exception as exc:
                with lock:
                    errors.append(f"{path}: {exc}")

    threads = [threading.Thread(target=user, args=(n,)) for n in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"{count} concurrent users for {seconds:.0f} s: {len(latencies)} requests ({len(latencies) / seconds:.1f}/s), "
          f"{len(errors)} errors, p50 {pct(latencies, .5):.0f} ms, p95 {pct(latencies, .95):.0f} ms")
    for e in errors[:5]:
        print("  error:", e)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=None, help="concurrent users (default 20; 50 with --cases)")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--copies", type=int, default=6)
    parser.add_argument("--cases", type=int, default=None, help="PostgreSQL with this many cases (issue 18)")
    parser.add_argument("--workers", type=int, default=2, help="web processes with --cases (default 2)")
    parser.add_argument("--rounds", type=int, default=40, help="requests of each page with --cases")
    parser.add_argument("--reuse", action="store_true", help="with --cases: keep a database already built")
    parser.add_argument("--build-only", action="store_true", help="with --cases: build the database, measure nothing")
    args = parser.parse_args()
    if args.cases is not None:
        args.users = 50 if args.users is None else args.users
        main_scale(args)
        return
    args.users = 20 if args.users is None else args.users
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
