"""Recovery that works the first time: a refused command leaves an older database byte for byte as it was
(no switch to WAL); the refusals docs/migrations.md lists (an extra table: refused); `db upgrade
--backup-dir` under a file is one line, nothing changed; an upgraded database is 0600 whatever mode it had."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.migrations.conftest import FIXTURE_5C710BB
from tests.migrations.test_upgrade_5c710bb import cli, old_db  # noqa: F401  (the fixture)


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _siblings(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir())


def test_a_refused_command_leaves_the_older_database_byte_for_byte(old_db: Path, monkeypatch: pytest.MonkeyPatch,  # noqa: F811
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """`case list` on the 5c710bb database is refused (exit 2) and its file is exactly as before: same sha256,
    still in rollback-journal mode (header bytes 18-19 are 1, not 2), no -wal or -shm file left."""
    before, names = _sha(old_db), _siblings(old_db)
    code, _, err = cli(monkeypatch, capsys, "case", "list")
    assert code == 2 and "casefile db upgrade" in err
    assert _sha(old_db) == before and _siblings(old_db) == names
    assert old_db.read_bytes()[18:20] == b"\x01\x01"


def test_an_extra_table_is_refused(old_db: Path, monkeypatch: pytest.MonkeyPatch,  # noqa: F811
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A database with a table no casefile made is refused by `db upgrade` (exit 2) and left unchanged."""
    with sqlite3.connect(old_db) as conn:
        conn.execute("create table junk (id integer primary key)")
    before = _sha(old_db)
    code, out, err = cli(monkeypatch, capsys, "db", "upgrade")
    assert code == 2 and "a table 'junk' no casefile made" in err, out + err
    assert _sha(old_db) == before


def test_an_extra_table_in_a_stamped_database_behind_head_is_refused(old_db: Path, monkeypatch: pytest.MonkeyPatch,  # noqa: F811
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The same for a database casefile stamped, one revision behind head (the reliability probe's #57: it was
    upgraded): refused, exit 2, naming the table; the file unchanged."""
    from casefile.record.migrate import head, script_directory
    from casefile.record.schema_version import VERSION_TABLE

    code, _, err = cli(monkeypatch, capsys, "db", "upgrade")
    assert code == 0, err
    previous = script_directory().get_revision(head()).down_revision
    with sqlite3.connect(old_db) as conn:
        conn.execute("create table junk (id integer primary key)")
        conn.execute(f"update {VERSION_TABLE} set version_num = ?", (previous,))
    before = _sha(old_db)
    code, out, err = cli(monkeypatch, capsys, "db", "upgrade")
    assert code == 2 and "a table 'junk' no casefile made" in err, out + err
    assert _sha(old_db) == before


def test_a_backup_dir_under_a_file_is_one_line(old_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,  # noqa: F811
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """`db upgrade --backup-dir X/sub` where X is a file: exit 2, one error line naming the folder, nothing changed."""
    (tmp_path / "X").write_text("a file")
    before = _sha(old_db)
    code, _, err = cli(monkeypatch, capsys, "db", "upgrade", "--backup-dir", str(tmp_path / "X" / "sub"))
    assert code == 2 and "Traceback" not in err
    assert err.strip().splitlines() == [f"error: --backup-dir: cannot make the folder {tmp_path / 'X' / 'sub'} (a file "
                                        "is in the way: not a folder); nothing was changed"]
    assert _sha(old_db) == before


def test_an_upgraded_database_is_private(old_db: Path, monkeypatch: pytest.MonkeyPatch,  # noqa: F811
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A 0644 database upgraded by `db upgrade` is 0600 afterwards (its backup too); its -wal and -shm as well."""
    old_db.chmod(0o644)
    code, _, err = cli(monkeypatch, capsys, "db", "upgrade")
    assert code == 0, err
    modes = {p.name: p.stat().st_mode & 0o777 for p in old_db.parent.iterdir()}
    assert modes and set(modes.values()) == {0o600}, modes
    assert any(name.startswith("casefile-backup-") for name in modes)


def test_the_fixture_itself_is_untouched() -> None:
    """(The tests work on copies: the fixture is never given to casefile.)"""
    assert shutil.disk_usage(FIXTURE_5C710BB.parent).free > 0 and FIXTURE_5C710BB.read_bytes()[18:20] == b"\x01\x01"
