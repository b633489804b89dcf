"""Writing issued files: names that cannot be file names are refused, paths stay inside the output
folder, writes are atomic and private, and an issuance interrupted at any step leaves either nothing
or the whole file, which the same issuance again registers as version 1 (never a `_v2`)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from sqlmodel import select

from casefile.documents import issue as issuing
from casefile.documents import storage
from casefile.documents.issue import issue_status_report, safe_file_part
from casefile.documents.storage import OutsideFolder, UnsafeFileName, inside, write_atomically
from casefile.errors import BadInput, DocumentNotWritten
from casefile.record.db import get_engine, read_session
from casefile.record.integrity import verify
from casefile.record.models import Document
from casefile.settings import get_settings
from casefile.vocab import DocumentKind
from tests.conftest import at

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bessemer-10-RC-269250.yaml"
NUMBER = "10-RC-269250"
AS_OF = at("2021-04-12T12:00:00-04:00")


class TestNames:
    @pytest.mark.parametrize("text", ["rwdsu", "union-1", "10-RC-269250", "local_1199.seiu", "A" * 64])
    def test_safe_parts_pass_unchanged(self, text: str) -> None:
        """Party keys and case numbers made of letters, digits, '-', '_' and '.' are file-name parts as they are."""
        assert safe_file_part(text) == text

    @pytest.mark.parametrize("text", ["a/b", "../etc", "..", ".hidden", "", "A" * 65, "two words", "sécu", "a\x00b",
                                      "a\\b", "-x"], ids=["slash", "dotdot-slash", "dotdot", "hidden", "empty",
                                                          "too-long", "space", "non-ascii", "nul", "backslash", "dash-first"])
    def test_unsafe_parts_are_refused_naming_field_and_text(self, text: str) -> None:
        """A key that could escape the folder or hide a file is refused, as bad input naming what it is."""
        with pytest.raises(UnsafeFileName, match=r"the party key .* cannot be part of a file name") as refused:
            safe_file_part(text, what="the party key")
        assert isinstance(refused.value, BadInput)

    def test_a_symbolic_link_out_of_the_folder_is_refused(self, tmp_path: Path) -> None:
        """A path that resolves outside its folder through a link is refused before anything is written."""
        (tmp_path / "out").mkdir()
        (tmp_path / "elsewhere").mkdir()
        (tmp_path / "out" / "10-RC-269250").symlink_to(tmp_path / "elsewhere")
        with pytest.raises(OutsideFolder, match="outside the folder"):
            write_atomically(tmp_path / "out" / "10-RC-269250" / "x.pdf", b"%PDF", root=tmp_path / "out")
        assert list((tmp_path / "elsewhere").iterdir()) == []
        with pytest.raises(OutsideFolder):
            inside(tmp_path / "out", tmp_path / "out" / ".." / "x.pdf")


class TestAtomicWrites:
    def test_file_is_private_whole_and_its_new_folders_private(self, tmp_path: Path) -> None:
        """A written file has exactly the bytes, mode 0600; the folders created for it are 0700."""
        target = tmp_path / "out" / NUMBER / "a.pdf"
        write_atomically(target, b"%PDF-1.7 whole", root=tmp_path / "out")
        assert target.read_bytes() == b"%PDF-1.7 whole" and target.stat().st_mode & 0o777 == 0o600
        assert {(tmp_path / "out").stat().st_mode & 0o777, target.parent.stat().st_mode & 0o777} == {0o700}
        assert [p.name for p in target.parent.iterdir()] == ["a.pdf"]

    def test_a_failure_before_the_rename_leaves_no_file_and_no_temporary(self, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
        """If the rename never happens, the real name does not exist and the temporary file is gone."""
        def killed(src: str, dst: str) -> None:
            raise OSError("killed before the rename")

        monkeypatch.setattr(storage.os, "replace", killed)
        with pytest.raises(OSError, match="killed"):
            write_atomically(tmp_path / NUMBER / "a.pdf", b"%PDF", root=tmp_path)
        assert list((tmp_path / NUMBER).iterdir()) == []

    def test_a_temporary_left_by_a_kill_is_removed_by_the_next_write(self, tmp_path: Path) -> None:
        """A kill -9 mid-write leaves `.<name>.*.tmp` (never a partial file under the name): the next write removes it."""
        folder = tmp_path / NUMBER
        folder.mkdir()
        (folder / ".a.pdf.k1ll3d.tmp").write_bytes(b"%PDF-1.7 half")
        write_atomically(folder / "a.pdf", b"%PDF-1.7 whole", root=tmp_path)
        assert sorted(p.name for p in folder.iterdir()) == ["a.pdf"]


@pytest.fixture
def tallied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Bessemer opened and its first tally recorded (in process, its tally PDF issued), in a temp place."""
    from casefile.scenario import replay

    data = yaml.safe_load(EXAMPLE.read_text())
    data["events"] = data["events"][:1]
    data.pop("until", None)
    scenario = tmp_path / "tally-only.yaml"
    scenario.write_text(yaml.safe_dump(data, sort_keys=False))
    monkeypatch.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{tmp_path / 'casefile.db'}")
    monkeypatch.setenv("CASEFILE_OUTPUT_DIR", str(tmp_path / "out"))
    get_settings.cache_clear()
    get_engine.cache_clear()
    replay(scenario, through_prefect=False)
    yield tmp_path
    get_settings.cache_clear()
    get_engine.cache_clear()


def _report_rows() -> list[Document]:
    with read_session() as s:
        return list(s.exec(select(Document).where(Document.kind == DocumentKind.CASE_STATUS_REPORT)))


class TestInterruptedIssuance:
    def test_killed_before_the_rename_stores_nothing_and_issuing_again_gives_version_1(
            self, tallied: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """No row and no file after the failure; the same issuance then stores one file, version 1, that verifies."""
        def killed(src: str, dst: str) -> None:
            raise OSError("killed before the rename")

        with monkeypatch.context() as m:
            m.setattr(storage.os, "replace", killed)
            with pytest.raises(DocumentNotWritten, match=r"killed before the rename|OSError"):
                issue_status_report(case_number=NUMBER, as_of=AS_OF)
        folder = tallied / "out" / NUMBER
        assert _report_rows() == [] and [p.name for p in folder.iterdir()] == ["2021-04-09_tally-of-ballots.pdf"]
        document = issue_status_report(case_number=NUMBER, as_of=AS_OF)
        assert (document.version, Path(document.path).name) == (1, "2021-04-12_case-status-report_as-of-20210412T1200.pdf")
        with read_session() as s:
            report = verify(s, output_dir=tallied / "out")
        assert (report.ok, report.cases, report.files) == (True, 1, 2) and report.entries >= 3

    def test_killed_after_the_rename_keeps_the_whole_file_and_issuing_again_registers_it(
            self, tallied: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """The file is in place but the transaction never commits: the same issuance finds the same bytes (no `_v2`)."""
        def killed(*args: object, **kw: object) -> None:
            raise OSError("killed before the commit")

        with monkeypatch.context() as m:
            m.setattr(issuing, "docket", killed)
            with pytest.raises(OSError, match="killed before the commit"):
                issue_status_report(case_number=NUMBER, as_of=AS_OF)
        folder = tallied / "out" / NUMBER
        written = folder / "2021-04-12_case-status-report_as-of-20210412T1200.pdf"
        assert _report_rows() == [] and written.is_file()
        document = issue_status_report(case_number=NUMBER, as_of=AS_OF)
        assert (document.version, Path(document.path)) == (1, written)
        assert sorted(p.name for p in folder.iterdir()) == ["2021-04-09_tally-of-ballots.pdf", written.name]
        with read_session() as s:
            assert verify(s, output_dir=tallied / "out").ok

    def test_a_folder_in_the_way_gets_the_next_version_and_stays_inside(self, tallied: Path) -> None:
        """A directory sitting at the document's name is not written through: the document takes `_v2`, in the case folder."""
        folder = tallied / "out" / NUMBER
        (folder / "2021-04-12_case-status-report_as-of-20210412T1200.pdf").mkdir()
        document = issue_status_report(case_number=NUMBER, as_of=AS_OF)
        assert Path(document.path) == folder / "2021-04-12_case-status-report_as-of-20210412T1200_v2.pdf"
        assert document.version == 2 and os.path.isfile(document.path)


class TestDatabaseFile:
    def test_a_new_sqlite_database_is_private(self, tmp_path: Path) -> None:
        """The database file (and the journal files SQLite makes beside it) are 0600, in a new folder made 0700."""
        from sqlalchemy import text

        from casefile.record.db import make_engine

        engine = make_engine(f"sqlite:///{tmp_path / 'new' / 'casefile.db'}")
        with engine.begin() as conn:
            conn.execute(text("create table t (x)"))
            files = sorted(p.name for p in (tmp_path / "new").iterdir())
            modes = {p.name: p.stat().st_mode & 0o777 for p in (tmp_path / "new").iterdir()}
        engine.dispose()
        assert files[0] == "casefile.db" and set(modes.values()) == {0o600}, modes
        assert (tmp_path / "new").stat().st_mode & 0o777 == 0o700
