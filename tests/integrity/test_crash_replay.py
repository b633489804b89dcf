"""Fault injection: `casefile replay` killed with SIGKILL at random moments (its whole process group,
Prefect's temporary server included), then run again to the end, leaves no duplicate row, no document
row without its file nor file without its row, no partial PDF, a chain that verifies, the same record
as a replay never interrupted, and no process behind.

The small version (two kills in one place) runs with the integration tests; the ten-kill version is
``slow`` (``make test-all``). Set CASEFILE_FAULT_SEED to repeat a run's kill moments."""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bessemer-10-RC-269250.yaml"
CASEFILE = Path(sys.executable).with_name("casefile")
NUMBER = "10-RC-269250"
TIMEOUT = 900


@dataclass
class Run:
    killed: bool
    seconds: float
    returncode: int | None
    leftovers: int  # processes of the run still alive after the kill (killed then)


@dataclass
class Figures:
    """What the fault injection found, in the probe's terms."""

    kills: int = 0
    duplicates: int = 0
    rows_without_file: int = 0
    files_without_row: int = 0
    corrupt_files: int = 0
    temporaries_left: int = 0
    processes_left: int = 0
    verify_failures: int = 0
    differences: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"kills {self.kills} / duplicates {self.duplicates} / corrupt files {self.corrupt_files} / rows without "
                f"file {self.rows_without_file} / files without row {self.files_without_row} / temporaries left "
                f"{self.temporaries_left} / processes left {self.processes_left} / verify failures "
                f"{self.verify_failures} / differences from an uninterrupted replay {len(self.differences)}")


def _env(place: Path) -> dict[str, str]:
    env = {**os.environ, "CASEFILE_DATABASE_URL": f"sqlite:///{place / 'casefile.db'}",
           "CASEFILE_OUTPUT_DIR": str(place / "out"), "PREFECT_HOME": str(place / "prefect"), "COLUMNS": "200"}
    for name in ("PREFECT_API_URL", "CASEFILE_SECRET_KEY"):
        env.pop(name, None)
    return env


def _processes_of(session_id: int, prefect_home: Path) -> list[int]:
    """Live processes in the run's session, or started with its PREFECT_HOME (a server that left the session)."""
    found = []
    marker = f"PREFECT_HOME={prefect_home}".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            fields = stat.rpartition(")")[2].split()
            state, sid = fields[0], int(fields[3])
            if state == "Z":
                continue
            if sid == session_id or marker in (entry / "environ").read_bytes().split(b"\0"):
                found.append(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue
    return found


def _entries(db: Path) -> int:
    """How many docket entries the replay has committed so far (0 before the table exists)."""
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1) as conn:
            return int(conn.execute("select count(*) from docketentry").fetchone()[0])
    except sqlite3.Error:
        return 0


def replay(place: Path, *, kill_at: tuple[int, float] | None = None) -> Run:
    """Run `casefile replay` in its own session. ``kill_at=(entries, delay)``: once the database holds
    ``entries`` docket entries (0: during start-up), wait ``delay`` seconds and SIGKILL the process
    group — a moment in the replay's progress, whatever the machine's speed."""
    place.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    proc = subprocess.Popen([str(CASEFILE), "replay", str(EXAMPLE)], env=_env(place), cwd=place, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if kill_at is None:
        _, err = proc.communicate(timeout=TIMEOUT)
        assert proc.returncode == 0, err.decode()[-2000:]
        return Run(False, time.monotonic() - started, proc.returncode, 0)
    entries, delay = kill_at
    while proc.poll() is None and _entries(place / "casefile.db") < entries:
        assert time.monotonic() - started < TIMEOUT, "the replay did not progress"
        time.sleep(0.05)
    try:
        proc.communicate(timeout=delay)
        return Run(False, time.monotonic() - started, proc.returncode, 0)  # it ended before the moment came
    except subprocess.TimeoutExpired:
        pass
    os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate()
    time.sleep(0.5)
    left = _processes_of(proc.pid, place / "prefect")
    for pid in left:  # what the process-group kill missed: count it, then end it
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    return Run(True, time.monotonic() - started, None, len(left))


def record_of(place: Path) -> dict[str, object]:
    """The docket act keys and document keys, file names and sha256s of a replayed place."""
    with sqlite3.connect(place / "casefile.db") as conn:
        acts = sorted(r[0] for r in conn.execute("select act_key from docketentry"))
        docs = sorted((r[0], Path(r[1]).name, r[2]) for r in conn.execute("select key, path, sha256 from document"))
    return {"acts": acts, "documents": docs}


def check(place: Path, figures: Figures, reference: dict[str, object]) -> None:
    """Add to ``figures`` what is wrong with ``place`` after a replay ran to its end."""
    folder = place / "out" / NUMBER
    with sqlite3.connect(place / "casefile.db") as conn:
        figures.duplicates += conn.execute("select count(*) from (select case_id, act_key from docketentry "
                                           "group by 1, 2 having count(*) > 1)").fetchone()[0]
        figures.duplicates += conn.execute("select count(*) from (select case_id, key from document "
                                           "group by 1, 2 having count(*) > 1)").fetchone()[0]
        rows = {Path(path).name: sha for path, sha in conn.execute("select path, sha256 from document")}
    files = {p.name: p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")}
    figures.duplicates += sum(1 for name in files if "_v2" in name or "_v3" in name)  # the same document issued again
    figures.temporaries_left += sum(1 for p in folder.iterdir() if p.name.endswith(".tmp"))
    figures.rows_without_file += sum(1 for name in rows if name not in files)
    figures.files_without_row += sum(1 for name in files if name not in rows)
    for name, path in files.items():
        data = path.read_bytes()
        if name in rows and (hashlib.sha256(data).hexdigest() != rows[name] or not data.startswith(b"%PDF-")
                             or b"%%EOF" not in data[-1024:]):
            figures.corrupt_files += 1
    verified = subprocess.run([str(CASEFILE), "verify"], env=_env(place), cwd=place, capture_output=True, text=True,
                              timeout=300)
    figures.verify_failures += verified.returncode != 0
    now = record_of(place)
    for what in ("acts", "documents"):
        if now[what] != reference[what]:
            figures.differences.append(f"{what}: {set(map(str, now[what])) ^ set(map(str, reference[what]))}")  # type: ignore[call-overload]


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The record of an uninterrupted replay (in process, without Prefect: the same acts and documents,
    and the case status report `casefile replay` issues at the end)."""
    place = tmp_path_factory.mktemp("reference")
    code = (f"from pathlib import Path; from casefile.scenario import replay; r = replay(Path({str(EXAMPLE)!r}), "
            "through_prefect=False); from casefile.documents.issue import issue_status_report; "
            "issue_status_report(case_number=r.case_number, as_of=r.ended_at)")
    done = subprocess.run([sys.executable, "-c", code], env=_env(place), cwd=place, capture_output=True, text=True,
                          timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr[-2000:]
    return record_of(place)


def _moments(rng: random.Random, entries: int, n: int) -> list[tuple[int, float]]:
    """``n`` kill moments in increasing order of progress: after 0 (start-up) to ``entries - 1`` docket
    entries, then 0 to 1.5 s more (mid-act, mid-render, mid-write)."""
    return sorted((rng.randrange(entries), rng.uniform(0, 1.5)) for _ in range(n))


def _seed() -> int:
    return int(os.environ.get("CASEFILE_FAULT_SEED") or time.time())


def _assert_clean(figures: Figures) -> None:
    print(f"\nfault injection: {figures.line()}")
    assert (figures.duplicates, figures.rows_without_file, figures.files_without_row, figures.corrupt_files,
            figures.temporaries_left, figures.processes_left, figures.verify_failures, figures.differences) == \
        (0, 0, 0, 0, 0, 0, 0, []), "\n".join([figures.line(), *figures.differences])


@pytest.mark.integration
def test_two_kills_then_a_full_run_leave_a_clean_record(tmp_path: Path, reference: dict[str, object]) -> None:
    """Killed twice at random moments, then run to the end: the record is the uninterrupted replay's, nothing broken."""
    seed = _seed()
    figures = Figures()
    place = tmp_path / "place"
    moments = _moments(random.Random(seed), len(reference["acts"]), 2)  # type: ignore[arg-type]
    for moment in moments:
        run = replay(place, kill_at=moment)
        figures.kills += run.killed
        figures.processes_left += run.leftovers
    replay(place)
    check(place, figures, reference)
    print(f"seed {seed}, kills after (entries, seconds) {[(e, round(d, 2)) for e, d in moments]}")
    assert figures.kills >= 1
    _assert_clean(figures)


@pytest.mark.integration
@pytest.mark.slow
def test_ten_kills_each_followed_by_a_full_run(tmp_path: Path, reference: dict[str, object]) -> None:
    """Ten rounds, each in a fresh place: killed at a random moment, run again to the end, everything checked."""
    seed = _seed()
    figures = Figures()
    moments = _moments(random.Random(seed), len(reference["acts"]), 10)  # type: ignore[arg-type]
    for i, moment in enumerate(moments):
        place = tmp_path / f"round-{i}"
        run = replay(place, kill_at=moment)
        figures.kills += run.killed
        figures.processes_left += run.leftovers
        replay(place)
        check(place, figures, reference)
    print(f"seed {seed}, kills after (entries, seconds) {[(e, round(d, 2)) for e, d in moments]}")
    assert figures.kills >= 8
    _assert_clean(figures)
