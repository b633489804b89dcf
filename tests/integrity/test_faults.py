"""Faults as the promised message: a document that cannot be written (a full disk, an output folder that
cannot be written) is one line, exit 2, the act kept; `casefile verify` and `casefile case show` list the
documents still to issue and `casefile documents issue --pending` issues them. A full database disk is
one line too. Each checked by comparing the database and the output folder before and after."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import pytest

from casefile.documents import storage
from casefile.record.db import get_engine
from casefile.settings import get_settings
from tests.cli.in_process import casefile

NUMBER = "03-RC-282139"
TALLY = """case_number: 03-RC-282139
kind: initial
prepared_on: 2021-12-09
choices: {"Workers United": 15}
against: 9
challenged: 7
void: 0
eligible: 33
election: {method: manual, held_from_on: 2021-12-09, held_to_on: 2021-12-09}
"""


@pytest.fixture
def opened(configured_db: Path, tmp_path: Path) -> Path:
    """Starbucks Genesee Street opened (no tally yet); the tally file to record."""
    from tests.acts.example_cases import starbucks

    starbucks().open()
    (tmp_path / "tally.yaml").write_text(TALLY, encoding="utf-8")
    return tmp_path


def _rows(db: Path, table: str) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute(f'select count(*) from "{table}"').fetchone()[0]


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


def _use_output(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CASEFILE_OUTPUT_DIR", str(folder))
    get_settings.cache_clear()
    get_engine.cache_clear()


def _record_tally(opened: Path) -> object:
    return casefile("tally", "record", str(opened / "tally.yaml"), "--as-of", "2021-12-09T18:00:00-05:00")


class TestADocumentThatCannotBeWritten:
    def test_a_full_disk_is_one_line_the_act_kept_and_issued_later(self, opened: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
        """ENOSPC while the PDF is written: exit 2, one `error:` line naming the document and the retry
        command, no traceback; the tally is recorded, no document row, no file (not even a temporary one);
        verify (exit 1) and case show list the Tally of Ballots still to issue; once space is back,
        `documents issue --pending` issues it and verify exits 0."""
        db, out = opened / "casefile.db", opened / "out"

        def full(handle: object, data: bytes) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        with pytest.MonkeyPatch.context() as fault:
            fault.setattr(storage, "write_bytes", full)
            ran = _record_tally(opened)
        assert ran.exit_code == 2, ran.stderr
        assert len(ran.error_lines) == 1 and ran.stderr.strip() == ran.error_lines[0]
        assert "Traceback" not in ran.stderr + ran.stdout
        line = ran.error_lines[0]
        assert line.startswith("error: Tally of Ballots of case 03-RC-282139 not issued: cannot write ")
        assert "(the disk is full); the act is recorded" in line and "`casefile documents issue --pending`" in line
        assert (_rows(db, "tally"), _rows(db, "document")) == (1, 0)
        assert _files(out) == []
        ran = casefile("verify")
        assert ran.exit_code == 1
        assert [x for x in ran.stderr.splitlines() if "not issued yet" in x] == [
            f"{NUMBER}: the tally-of-ballots of docket entry #2 (record-tally 2021-12-09) is not issued yet: run "
            f"`casefile documents issue --pending {NUMBER}`"]
        shown = casefile("case", "show", NUMBER)
        assert "Documents still to issue (1): run `casefile documents issue --pending 03-RC-282139`" in shown.stdout
        assert "tally of ballots of docket entry #2 (Tally of Ballots, December 9, 2021)" in shown.stdout  # words
        ran = casefile("documents", "issue", "--pending")
        assert ran.exit_code == 0, ran.stderr
        assert ran.stdout.strip().splitlines()[-1] == "1 document(s) issued"
        assert _files(out) == [f"{NUMBER}/2021-12-09_tally-of-ballots.pdf"]
        assert casefile("verify").exit_code == 0
        assert casefile("documents", "issue", "--pending").stdout.startswith("no document to issue")

    def test_an_output_folder_that_cannot_be_made_is_one_line(self, opened: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
        """CASEFILE_OUTPUT_DIR under a regular file (unwritable for root too): exit 2, one line, the act kept."""
        (opened / "a-file").write_text("not a folder")
        _use_output(opened / "a-file" / "out", monkeypatch)
        ran = _record_tally(opened)
        assert ran.exit_code == 2 and len(ran.error_lines) == 1 and "Traceback" not in ran.stderr
        assert "not issued: cannot write" in ran.error_lines[0] and "the act is recorded" in ran.error_lines[0]
        assert _rows(opened / "casefile.db", "tally") == 1

    def test_a_read_only_file_system_is_one_line_for_root_too(self, opened: Path) -> None:
        """EROFS where the temporary file is made (an output folder on a read-only mount, which root cannot write
        either; the trial's `OSError: [Errno 30]` traceback): exit 2, one line, the act kept, no file left."""
        def read_only(*args: object, **kwargs: object) -> tuple[int, str]:
            raise OSError(errno.EROFS, "Read-only file system")

        with pytest.MonkeyPatch.context() as fault:
            fault.setattr(storage.tempfile, "mkstemp", read_only)
            ran = _record_tally(opened)
        assert ran.exit_code == 2 and "Traceback" not in ran.stderr + ran.stdout, ran.stderr
        assert len(ran.error_lines) == 1 and "(the file system is read-only); the act is recorded" in ran.error_lines[0]
        assert (_rows(opened / "casefile.db", "tally"), _rows(opened / "casefile.db", "document")) == (1, 0)
        assert _files(opened / "out") == []

    @pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
    def test_a_read_only_output_folder_is_one_line(self, opened: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """An output folder made read-only (chmod 0500): exit 2, one line naming it, the act kept."""
        out = opened / "out"
        out.mkdir(mode=0o700, exist_ok=True)
        out.chmod(0o500)
        try:
            ran = _record_tally(opened)
        finally:
            out.chmod(0o700)
        assert ran.exit_code == 2 and len(ran.error_lines) == 1 and "(permission denied)" in ran.error_lines[0]


class TestADatabaseThatCannotBeWritten:
    def test_a_full_database_disk_is_one_line_and_nothing_stored(self, opened: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
        """SQLite's "database or disk is full" at the commit: exit 2, one line, nothing stored."""
        from sqlalchemy.exc import OperationalError
        from sqlmodel import Session

        def full(self: Session) -> None:
            raise OperationalError("COMMIT", {}, sqlite3.OperationalError("database or disk is full"))

        with pytest.MonkeyPatch.context() as fault:
            fault.setattr(Session, "commit", full)
            ran = _record_tally(opened)
        assert ran.exit_code == 2 and "Traceback" not in ran.stderr, ran.stderr
        assert ran.error_lines == ["error: the database cannot be written (database or disk is full): nothing was "
                                   "stored; free space on its disk (or make it writable), then run the command again"]
        assert _rows(opened / "casefile.db", "tally") == 0


    def test_a_database_on_a_nearly_full_disk_is_said_to_be_unwritable(self, opened: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
        """The database on a tmpfs with 16 KB left: SQLite cannot make the WAL database's shared-memory index and
        says "disk I/O error" on connecting, which was told as "cannot reach the database (OperationalError: disk
        I/O error)" (with 32 KB or more left the commit fails instead, and the promised line was said). Now the
        same line as a full disk at the commit, naming the likely cause; every table and the output folder as
        they were."""
        import hashlib
        import shutil
        import subprocess

        from casefile.record.engine import make_engine
        from tests.acts.snapshot import snapshot

        if os.geteuid() != 0:
            pytest.skip("mounting a tmpfs needs root")
        get_engine().dispose()
        get_engine.cache_clear()
        disk = opened / "disk"
        disk.mkdir()
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1024k", "tmpfs", str(disk)], capture_output=True).returncode:
            pytest.skip("this machine does not let the tests mount a tmpfs")
        try:
            for part in [*opened.glob("casefile.db*"), *opened.glob("secret.key")]:
                shutil.copy2(part, disk / part.name)
            free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
            (disk / "filler").write_bytes(b"\0" * (free - 16 * 1024))
            assert 12 * 1024 <= os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize <= 16 * 1024
            out = opened / "out"
            before_bytes = hashlib.sha256((disk / "casefile.db").read_bytes()).hexdigest()
            before = snapshot(make_engine(f"sqlite:///{opened / 'casefile.db'}", wal=False), out)
            monkeypatch.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{disk / 'casefile.db'}")
            get_settings.cache_clear()
            get_engine.cache_clear()
            ran = _record_tally(opened)
            get_engine.cache_clear()
            assert ran.exit_code == 2 and "Traceback" not in ran.stderr, ran.stderr
            assert ran.error_lines == ["error: the database cannot be written (disk I/O error: its disk is likely full, "
                                       "or failing): nothing was stored; free space on its disk (or make it "
                                       "writable), then run the command again"]
            assert hashlib.sha256((disk / "casefile.db").read_bytes()).hexdigest() == before_bytes
            (opened / "after").mkdir()
            for part in disk.glob("casefile.db*"):
                shutil.copy2(part, opened / "after" / part.name)
        finally:
            subprocess.run(["umount", str(disk)], check=True)
        assert snapshot(make_engine(f"sqlite:///{opened / 'after' / 'casefile.db'}", wal=False), out) == before


    def test_a_database_that_cannot_be_opened_is_the_settings_fault_not_the_files(self, opened: Path,
                                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
        """A URL naming a folder: "cannot reach the database", not "cannot be written" (no disk is full), and said
        of CASEFILE_DATABASE_URL alone, not of the tally file ("tally.yaml: CASEFILE_DATABASE_URL=...")."""
        (opened / "a-folder").mkdir()
        monkeypatch.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{opened / 'a-folder'}")
        get_settings.cache_clear()
        get_engine.cache_clear()
        ran = _record_tally(opened)
        get_engine.cache_clear()
        assert ran.exit_code == 2 and len(ran.error_lines) == 1, ran.stderr
        assert ran.error_lines[0].startswith(f"error: CASEFILE_DATABASE_URL=sqlite:///{opened / 'a-folder'}: cannot reach "
                                             "the database (OperationalError: unable to open database file)"), ran.stderr


TRINITY = Path(__file__).resolve().parents[2] / "examples" / "trinity-college-01-RC-196511.yaml"


class TestBadOptionValues:
    @pytest.mark.parametrize("as_of", ["9999-12-31", "9999-12-31T23:59:59-05:00", "0001-01-01", "1935-07-04"])
    def test_an_as_of_outside_the_acts_lifetime_is_one_line(self, opened: Path, as_of: str) -> None:
        """`--as-of 9999-12-31` (an OverflowError traceback before): exit 2, one line naming the option."""
        ran = casefile("tally", "record", str(opened / "tally.yaml"), "--as-of", as_of)
        assert ran.exit_code == 2 and "Traceback" not in ran.stderr, ran.stderr
        assert ran.error_lines == [f"error: --as-of: {as_of!r} is outside the National Labor Relations Act's lifetime "
                                   "(1935-07-05 to 2100-12-31)"]
        assert _rows(opened / "casefile.db", "tally") == 0

    def test_a_scenario_whose_first_event_has_no_date_is_refused(self, tmp_path: Path) -> None:
        """`date: null` on the first event (a TypeError before): refused as undated, naming the event."""
        from casefile.errors import InvalidScenario
        from casefile.scenario import load_scenario

        text = TRINITY.read_text(encoding="utf-8")
        assert "- date: 2017-05-04" in text
        (tmp_path / "s.yaml").write_text(text.replace("- date: 2017-05-04", "- date: null", 1), encoding="utf-8")
        with pytest.raises(InvalidScenario, match=r"event 1 \(record-tally, with no date\): field 'date': every event "
                                                  r"of a scenario is dated"):
            load_scenario(tmp_path / "s.yaml")

    def test_a_scenario_source_over_500_characters_is_refused_before_anything_runs(self, tmp_path: Path) -> None:
        """A `sources:` entry of 501 characters (a pydantic traceback after Prefect started, before): refused by
        load_scenario, naming the field."""
        from casefile.errors import InvalidScenario
        from casefile.scenario import load_scenario

        text = TRINITY.read_text(encoding="utf-8")
        assert "\nsources:\n" in text
        (tmp_path / "s.yaml").write_text(text.replace("\nsources:\n", f"\nsources:\n  - \"{'x' * 501}\"\n", 1),
                                         encoding="utf-8")
        with pytest.raises(InvalidScenario, match=r"field 'sources.0': is too long: at most 500 characters"):
            load_scenario(tmp_path / "s.yaml")


class TestTheApiAnswer:
    @pytest.mark.parametrize(("error", "code"), [("DocumentNotWritten", "document-not-written"),
                                                 ("DatabaseUnwritable", "database-unwritable")])
    def test_a_write_fault_is_a_503_problem(self, error: str, code: str) -> None:
        """The API answers a document or database that cannot be written with 503 problem+json naming it."""
        import json

        import casefile.errors as errors
        from casefile.api.problems import casefile_problem

        answer = casefile_problem(None, getattr(errors, error)("cannot write it (the disk is full)"))
        body = json.loads(bytes(answer.body))
        assert (answer.status_code, answer.media_type) == (503, "application/problem+json")
        assert (body["code"], body["detail"]) == (code, "cannot write it (the disk is full)")


def test_a_deadline_trigger_outside_the_acts_lifetime_is_one_line() -> None:
    """`deadlines compute objections --trigger 9999-12-31` (an OverflowError traceback before): exit 2, one line."""
    ran = casefile("deadlines", "compute", "objections", "--trigger", "9999-12-31", "--region", "10")
    assert ran.exit_code == 2 and "Traceback" not in ran.stderr, ran.stderr
    assert ran.error_lines == ["error: --trigger '9999-12-31': outside the National Labor Relations Act's lifetime "
                               "(1935-07-05 to 2100-12-31)"]
