"""`casefile backup`, `casefile restore` and `casefile verify` on a replayed case (Bessemer, in process):
a backup restored into a fresh place verifies with the same chain head; a tampered docket row and a
tampered PDF are each named; restore refuses what it must not overwrite and a damaged backup."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from casefile.cli.app import app
from casefile.jobs.backup import BackupError
from casefile.record.db import get_engine
from casefile.record.secret_key import clear_cache
from casefile.settings import get_settings

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bessemer-10-RC-269250.yaml"
NUMBER = "10-RC-269250"
runner = CliRunner()


@dataclass(frozen=True)
class Place:
    """A casefile installation: its database file, output folder and key file."""

    root: Path

    @property
    def db(self) -> Path:
        return self.root / "db" / "casefile.db"

    @property
    def out(self) -> Path:
        return self.root / "out"

    @property
    def key(self) -> Path:
        return self.root / "db" / "secret.key"


def _use(place: Place, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point the settings at ``place`` (its key file next to its database: no CASEFILE_SECRET_KEY)."""
    monkeypatch.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{place.db}")
    monkeypatch.setenv("CASEFILE_OUTPUT_DIR", str(place.out))
    monkeypatch.delenv("CASEFILE_SECRET_KEY", raising=False)
    get_settings.cache_clear()
    get_engine.cache_clear()
    clear_cache()


def _cli(*args: str) -> tuple[int, str, BaseException | None]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output, result.exception if not isinstance(result.exception, SystemExit) else None


@pytest.fixture(scope="module")
def origin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Place]:
    """Bessemer replayed in process (its documents issued here, no Prefect) into a fresh place."""
    from casefile.scenario import replay

    place = Place(tmp_path_factory.mktemp("origin"))
    with pytest.MonkeyPatch.context() as mp:
        _use(place, mp)
        replay(EXAMPLE, through_prefect=False)
        get_engine.cache_clear()
        yield place
    get_settings.cache_clear()
    get_engine.cache_clear()
    clear_cache()


@pytest.fixture
def restored(origin: Place, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Place:
    """The origin backed up, then restored into a fresh place (the settings now point there)."""
    _use(origin, monkeypatch)
    code, output, error = _cli("backup", str(tmp_path / "backup"))
    assert (code, error) == (0, None), output
    assert "1 case, " in output and "1 cases" not in output, output  # one case backed up: a count agrees with its noun
    fresh = Place(tmp_path / "fresh")
    _use(fresh, monkeypatch)
    code, output, error = _cli("restore", str(tmp_path / "backup"))
    assert (code, error) == (0, None), output
    get_engine.cache_clear()
    return fresh


def _record_rows(place: Place) -> int:
    """How many rows the record's tables hold (every one of them sealed), counsel of record among the people."""
    from casefile.record.chain import RECORD

    with sqlite3.connect(place.db) as conn:
        return sum(conn.execute(f'select count(*) from "{t}"' + (" where counsel" if t == "person" else "")).fetchone()[0]
                   for t in RECORD)


def _docket_ids(place: Place) -> list[int]:
    with sqlite3.connect(place.db) as conn:
        return [r[0] for r in conn.execute("select id from docketentry order by id")]


class TestVerify:
    def test_a_replayed_case_verifies(self, origin: Place, monkeypatch: pytest.MonkeyPatch) -> None:
        """Every entry of the replay chains and every issued PDF matches: exit 0 and the one-line summary."""
        _use(origin, monkeypatch)
        files = sorted(p.name for p in (origin.out / NUMBER).iterdir())
        code, output, error = _cli("verify")
        assert (code, error) == (0, None)
        summary, head = output.strip().splitlines()
        assert summary == f"verified: 1 case, {len(_docket_ids(origin)):,} entries, {_record_rows(origin):,} record rows, " \
            f"{len(files)} files"
        assert head.startswith("record head ") and head.endswith(f"(1 case, {len(_docket_ids(origin)):,} docket entries)")
        assert len(files) >= 10 and "2021-04-16_offer-of-proof_rwdsu.pdf" in files

    def test_head_is_printed(self, origin: Place, monkeypatch: pytest.MonkeyPatch) -> None:
        """`verify --head CASE` prints the last entry's chain hash and the entry count."""
        _use(origin, monkeypatch)
        with sqlite3.connect(origin.db) as conn:
            last = conn.execute("select chain_hash from docketentry order by id desc limit 1").fetchone()[0]
            count = conn.execute("select count(*) from docketentry").fetchone()[0]
        code, output, _ = _cli("verify", "--head", NUMBER)
        assert code == 0 and output.strip() == f"{NUMBER} head {last} ({count} docket entries)"

    def test_issued_files_and_folders_are_private(self, origin: Place) -> None:
        """Issued PDFs are 0600 and their folders 0700 (an offer of proof is confidential)."""
        assert {p.stat().st_mode & 0o777 for p in (origin.out / NUMBER).iterdir()} == {0o600}
        assert {(origin.out / NUMBER).stat().st_mode & 0o777, origin.out.stat().st_mode & 0o777} == {0o700}


class TestBackupRestore:
    def test_restored_place_verifies_with_the_same_head(self, origin: Place, restored: Place,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
        """The restored database and documents verify, end in the same chain head, and hold the same files."""
        _use(origin, monkeypatch)
        head_before = _cli("verify", "--head", NUMBER)[1]
        _use(restored, monkeypatch)
        code, output, _ = _cli("verify")
        assert code == 0 and output.startswith("verified: 1 case, ")
        assert _cli("verify", "--head", NUMBER)[1] == head_before
        assert sorted(p.name for p in (restored.out / NUMBER).iterdir()) == \
            sorted(p.name for p in (origin.out / NUMBER).iterdir())
        assert restored.key.read_bytes() == origin.key.read_bytes() and restored.key.stat().st_mode & 0o777 == 0o600

    def test_manifest_lists_every_file_with_its_sha256(self, origin: Place, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
        """The manifest names the database copy, each document and the key, each with its sha256; all 0600."""
        import hashlib

        _use(origin, monkeypatch)
        assert _cli("backup", str(tmp_path / "b"))[0] == 0
        manifest = json.loads((tmp_path / "b" / "manifest.json").read_text())
        paths = [f["path"] for f in manifest["files"]]
        assert paths[0] == "database/casefile.db" and "secret.key" in paths
        assert len([p for p in paths if p.startswith(f"documents/{NUMBER}/")]) == len(list((origin.out / NUMBER).iterdir()))
        for item in manifest["files"]:
            copy = tmp_path / "b" / item["path"]
            assert hashlib.sha256(copy.read_bytes()).hexdigest() == item["sha256"]
            assert copy.stat().st_mode & 0o777 == 0o600
        assert manifest["counts"]["case"] == 1 and manifest["counts"]["docketentry"] == len(_docket_ids(origin))

    def test_tampered_row_and_pdf_are_each_named(self, restored: Place, monkeypatch: pytest.MonkeyPatch) -> None:
        """After raw SQL edits one docket row and one byte of one PDF changes, verify exits 1 naming both."""
        ids = _docket_ids(restored)
        target = ids[len(ids) // 2]
        with sqlite3.connect(restored.db) as conn:
            conn.execute("update docketentry set summary = summary || '.' where id = ?", (target,))
        pdf = restored.out / NUMBER / "2021-04-16_offer-of-proof_rwdsu.pdf"
        data = bytearray(pdf.read_bytes())
        data[len(data) // 2] ^= 0x01
        pdf.write_bytes(bytes(data))
        code, output, _ = _cli("verify")
        assert code == 1
        lines = output.strip().splitlines()
        assert lines[0].startswith(f"{NUMBER}: docket entry #{target} (") and "does not match its hash" in lines[0]
        assert "2021-04-16_offer-of-proof_rwdsu.pdf) does not match its sha256" in lines[1]
        assert lines[-1].startswith("NOT verified: 2 problems in 1 case;")

    def test_a_missing_pdf_is_named(self, restored: Place, monkeypatch: pytest.MonkeyPatch) -> None:
        """A deleted issued file is named as missing (exit 1)."""
        (restored.out / NUMBER / "2021-04-09_tally-of-ballots.pdf").unlink()
        code, output, _ = _cli("verify", NUMBER)
        assert code == 1 and "2021-04-09_tally-of-ballots.pdf) is missing" in output

    def test_restore_refuses_a_place_in_use(self, origin: Place, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Restoring over a database with rows or an output folder with files is refused, nothing changed; --force does it."""
        _use(origin, monkeypatch)
        assert _cli("backup", str(tmp_path / "b"))[0] == 0
        before = origin.db.read_bytes()
        code, _, error = _cli("restore", str(tmp_path / "b"))
        assert isinstance(error, BackupError) and "is not empty" in str(error) and "nothing changed" in str(error)
        assert origin.db.read_bytes() == before
        code, output, error = _cli("restore", "--force", str(tmp_path / "b"))
        assert (code, error) == (0, None), output
        assert _cli("verify")[0] == 0

    def test_a_damaged_backup_is_refused_naming_the_file(self, origin: Place, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
        """A backup whose file differs from its manifest is refused before anything is written."""
        _use(origin, monkeypatch)
        assert _cli("backup", str(tmp_path / "b"))[0] == 0
        victim = next((tmp_path / "b" / "documents" / NUMBER).iterdir())
        victim.write_bytes(victim.read_bytes()[:-10])
        fresh = Place(tmp_path / "fresh")
        _use(fresh, monkeypatch)
        _, _, error = _cli("restore", str(tmp_path / "b"))
        assert isinstance(error, BackupError) and f"documents/{NUMBER}/{victim.name} does not match its sha256" in str(error)
        assert not fresh.db.exists() and not fresh.out.exists()

    def test_backup_into_a_used_folder_is_refused(self, origin: Place, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
        """DEST must be new or empty: a backup never mixes with another."""
        _use(origin, monkeypatch)
        (tmp_path / "b").mkdir()
        (tmp_path / "b" / "x").write_text("x")
        _, _, error = _cli("backup", str(tmp_path / "b"))
        assert isinstance(error, BackupError) and "is not an empty folder" in str(error)

    def test_the_key_can_be_left_out(self, origin: Place, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """--without-key writes no key file; restored with another key, verify fails and says the key is not the one."""
        _use(origin, monkeypatch)
        code, output, _ = _cli("backup", "--without-key", str(tmp_path / "b"))
        assert code == 0 and not (tmp_path / "b" / "secret.key").exists() and "NOT in the backup" in output
        _use(Place(tmp_path / "fresh"), monkeypatch)
        code, output, _ = _cli("restore", str(tmp_path / "b"))
        assert code == 0 and "is not the one the backup was made with" in output
        code, output, _ = _cli("verify")
        assert code == 1 and "is not the one that signed this database" in output
        shutil.rmtree(tmp_path / "fresh")


@pytest.mark.postgres
class TestPostgres:
    def test_pg_dump_backup_restores_casefile_tables_only_and_verifies(self, postgres_engine, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        """On PostgreSQL: pg_dump of casefile's tables (not a neighbour's, e.g. Prefect's), restored into an emptied
        schema with pg_restore: the chain verifies with the same head; over a schema with rows it is refused."""
        from sqlalchemy import text

        from casefile.jobs.backup import backup, restore
        from casefile.record.db import read_session
        from casefile.record.integrity import chain_head, verify
        from tests.integrity.conftest import act, new_case

        schema = postgres_engine.get_execution_options()["schema_translate_map"][None]
        case_id = new_case(postgres_engine)
        for n in range(1, 4):
            act(postgres_engine, case_id, n)
        with postgres_engine.begin() as conn:
            conn.execute(text(f'create table "{schema}".flow_run (id int)'))  # a neighbour's table in the schema
        with read_session(postgres_engine) as s:
            head = chain_head(s, NUMBER).head
        report = backup(tmp_path / "b", engine=postgres_engine, output_dir=tmp_path / "out")
        assert report.database == "postgresql" and (tmp_path / "b" / "database" / "casefile.pgdump").stat().st_size > 0
        with pytest.raises(BackupError, match="is not empty"):
            restore(tmp_path / "b", engine=postgres_engine, output_dir=tmp_path / "out2")
        with postgres_engine.begin() as conn:
            conn.execute(text(f'drop schema "{schema}" cascade'))
        restore(tmp_path / "b", engine=postgres_engine, output_dir=tmp_path / "out2")
        with read_session(postgres_engine) as s:
            assert verify(s, output_dir=tmp_path / "out2").lines() == ["verified: 1 case, 4 entries, 1 record row, 0 files"]
            assert chain_head(s, NUMBER).head == head
        with postgres_engine.connect() as conn:
            tables = set(conn.execute(text("select table_name from information_schema.tables where table_schema = :s"),
                                      {"s": schema}).scalars())
        assert "flow_run" not in tables and "docketentry" in tables


def test_every_folder_of_a_backup_is_private(origin: Place, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The backup folder and every folder in it (documents/ too) are 0700, every file 0600."""
    _use(origin, monkeypatch)
    code, output, error = _cli("backup", str(tmp_path / "b"))
    assert (code, error) == (0, None), output
    folders = [tmp_path / "b", *(p for p in (tmp_path / "b").rglob("*") if p.is_dir())]
    files = [p for p in (tmp_path / "b").rglob("*") if p.is_file()]
    assert (tmp_path / "b" / "documents") in folders and len(files) > 10
    assert {p.stat().st_mode & 0o777 for p in folders} == {0o700}
    assert {p.stat().st_mode & 0o777 for p in files} == {0o600}


@pytest.mark.postgres
def test_a_postgres_backup_restores_into_a_new_database_without_force(tmp_path: Path) -> None:
    """`createdb new` then restore into it (its schema public already there): restored without --force, and it
    verifies with the same head ("schema public already exists" before)."""
    import uuid

    from sqlalchemy import text
    from sqlmodel import SQLModel

    from casefile.jobs.backup import backup, restore
    from casefile.record.db import make_engine, read_session
    from casefile.record.integrity import chain_head, verify
    from tests.conftest import POSTGRES_URL, _postgres_engine
    from tests.integrity.conftest import act, new_case

    base = _postgres_engine()
    names = [f"cf_{kind}_{uuid.uuid4().hex[:8]}" for kind in ("src", "new")]
    with base.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        for name in names:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    engines = [make_engine(POSTGRES_URL.rsplit("/", 1)[0] + f"/{name}") for name in names]
    try:
        source, new = engines
        SQLModel.metadata.create_all(source)
        case_id = new_case(source)
        for n in range(1, 3):
            act(source, case_id, n)
        with read_session(source) as s:
            head = chain_head(s, NUMBER).head
        backup(tmp_path / "b", engine=source, output_dir=tmp_path / "out")
        restore(tmp_path / "b", engine=new, output_dir=tmp_path / "out2")
        with read_session(new) as s:
            assert verify(s, output_dir=tmp_path / "out2").ok and chain_head(s, NUMBER).head == head
    finally:
        for engine in engines:
            engine.dispose()
        with base.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            for name in names:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        base.dispose()


OTHER_UID = 12345  # a user that is not the one running the tests (nor root)


def _as_root() -> None:
    import os

    if os.geteuid() != 0:
        pytest.skip("giving a folder to another user (os.chown) needs root: run as root to test folders of others")


def _refused(*args: str) -> str:
    """The command refused with a BackupError: its message."""
    code, output, error = _cli(*args)
    assert code != 0 and isinstance(error, BackupError), (code, output, error)
    return str(error)


class TestFoldersOfOthers:
    """L3 of the security trial (issue 14): root's `casefile backup /tmp/x` into a folder all users may write
    succeeded, so another user could replace the files and manifest.json before a restore."""

    def test_a_backup_into_a_world_writable_folder_is_refused(self, origin: Place, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
        """`mkdir x; chmod 777 x`, then backup into x: refused naming x, its mode and the fix; x left empty, 0777."""
        _use(origin, monkeypatch)
        dest = tmp_path / "x"
        dest.mkdir()
        dest.chmod(0o777)
        message = _refused("backup", str(dest))
        assert message == (f"backup: refused, nothing written: {dest} is writable by its group and all users (mode "
                           "0777): another user could replace the backup's files and its manifest before a restore; "
                           f"`chmod go-w {dest}` or give a new folder")
        assert list(dest.iterdir()) == [] and dest.stat().st_mode & 0o777 == 0o777

    @pytest.mark.parametrize(("mode", "under", "said", "because"), [
        (0o700, "", "{dest} is owned by uid {uid}, not by you (", "could replace the backup's files and its manifest"),
        (0o755, "b", "{dest} is in {theirs}, owned by uid {uid}, not by you (",
         "could move the backup's folder and put another in its place"),
    ], ids=["into-it", "a-new-folder-in-it"])
    def test_a_backup_into_or_under_a_folder_of_another_user_is_refused(
            self, origin: Place, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: int, under: str, said: str,
            because: str) -> None:
        """Another user's folder (0700, even though no one else may write into it; 0755 with a new folder in it
        asked for): backup into it, or into theirs/b, refused naming its owner and what that user could do; nothing
        made in it."""
        _as_root()
        import os

        _use(origin, monkeypatch)
        theirs = tmp_path / "theirs"
        theirs.mkdir(mode=mode)
        os.chown(theirs, OTHER_UID, OTHER_UID)
        dest = theirs / under if under else theirs
        message = _refused("backup", str(dest))
        assert message.startswith("backup: refused, nothing written: " + said.format(dest=dest, theirs=theirs, uid=OTHER_UID))
        assert because in message
        assert list(theirs.iterdir()) == []

    def test_a_new_folder_is_not_made_where_others_may_move_it(self, origin: Place, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
        """backup shared/new/b, shared 0777 without the sticky bit: refused, nothing made; with the sticky bit (as
        /tmp, 1777) others cannot move what is not theirs, and the backup is made."""
        _use(origin, monkeypatch)
        shared = tmp_path / "shared"
        shared.mkdir()
        shared.chmod(0o777)
        dest = shared / "new" / "b"
        message = _refused("backup", str(dest))
        assert message == (f"backup: refused, nothing written: {dest} is in {shared}, writable by its group and all "
                           "users without the sticky bit (mode 0777): another user could move the backup's folder and "
                           f"put another in its place; `chmod go-w {shared}` (or `chmod +t {shared}`), or use a folder "
                           "in one of your own")
        assert list(shared.iterdir()) == []
        shared.chmod(0o1777)
        code, output, error = _cli("backup", str(dest))
        assert (code, error) == (0, None), output
        assert (dest / "manifest.json").is_file()

    @pytest.mark.parametrize("change", ["folder-0777", "manifest-0666", "document-0664", "documents-0777"])
    def test_a_restore_from_a_backup_others_may_write_is_refused(self, origin: Place, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch, change: str) -> None:
        """A backup whose folder, manifest, a document or a folder on the way to one others may write: restore
        refused naming that path, its mode and the fix; nothing restored."""
        _use(origin, monkeypatch)
        backup_dir = tmp_path / "b"
        assert _cli("backup", str(backup_dir))[0] == 0
        document = sorted((backup_dir / "documents" / NUMBER).iterdir())[0]
        path, mode = {"folder-0777": (backup_dir, 0o777), "manifest-0666": (backup_dir / "manifest.json", 0o666),
                      "document-0664": (document, 0o664),
                      "documents-0777": (backup_dir / "documents", 0o777)}[change]
        path.chmod(mode)
        who = "its group and all users" if mode & 0o002 else "its group"
        fresh = Place(tmp_path / "fresh")
        _use(fresh, monkeypatch)
        message = _refused("restore", str(backup_dir))
        assert message.startswith(f"restore: refused, nothing changed: the backup's {path} is writable by {who} "
                                  f"(mode {mode:04o}): another user could have replaced the backup's files and "
                                  "manifest; if you trust it, make it yours: `chown -R ")
        assert message.endswith(f" {backup_dir} && chmod -R go-w {backup_dir}`")
        assert not fresh.db.exists() and not fresh.out.exists()

    def test_a_restore_from_a_backup_of_another_user_is_refused(self, origin: Place, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
        """A backup whose document file another user owns (0600, theirs): refused naming the file and its owner."""
        _as_root()
        import os

        _use(origin, monkeypatch)
        backup_dir = tmp_path / "b"
        assert _cli("backup", str(backup_dir))[0] == 0
        document = sorted((backup_dir / "documents" / NUMBER).iterdir())[0]
        os.chown(document, OTHER_UID, OTHER_UID)
        fresh = Place(tmp_path / "fresh")
        _use(fresh, monkeypatch)
        message = _refused("restore", str(backup_dir))
        assert message.startswith(f"restore: refused, nothing changed: the backup's {document} is owned by uid "
                                  f"{OTHER_UID}, not by you (")
        assert not fresh.db.exists() and not fresh.out.exists()
