"""The docket chain covers the record: on a replayed case (Bessemer, in process), a fact changed in the
database with raw SQL — a tally figure, an objection's text, the offer of proof's body, a party's
name — is found by `casefile verify`, which names the row and the act that recorded it; erasing the
last act whole is found against the heads published before (`--heads` / `--expect-heads`, or
`--expect-head`)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from casefile.cli.app import app
from casefile.record.db import get_engine
from casefile.record.secret_key import clear_cache
from casefile.settings import get_settings

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bessemer-10-RC-269250.yaml"
NUMBER = "10-RC-269250"
runner = CliRunner()


def _use(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{root / 'db' / 'casefile.db'}")
    monkeypatch.setenv("CASEFILE_OUTPUT_DIR", str(root / "out"))
    monkeypatch.delenv("CASEFILE_SECRET_KEY", raising=False)
    monkeypatch.delenv("CASEFILE_VERIFY_NOTIFY_URLS", raising=False)
    get_settings.cache_clear()
    get_engine.cache_clear()
    clear_cache()


def _cli(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def origin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Bessemer replayed in process (documents issued, no Prefect), with its heads published to a file."""
    from casefile.scenario import replay

    root = tmp_path_factory.mktemp("sealed")
    with pytest.MonkeyPatch.context() as mp:
        _use(root, mp)
        replay(EXAMPLE, through_prefect=False)
        get_engine.cache_clear()
        code, output = _cli("verify", "--heads", str(root / "heads.json"))
        assert code == 0, output
        yield root
    get_settings.cache_clear()
    get_engine.cache_clear()
    clear_cache()


@pytest.fixture
def copy(origin: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the replayed installation (database, key, documents) that a test may tamper with."""
    root = tmp_path / "copy"
    shutil.copytree(origin, root)
    _use(root, monkeypatch)
    return root


def _sql(root: Path, statement: str) -> int:
    with sqlite3.connect(root / "db" / "casefile.db") as conn:
        changed = conn.execute(statement).rowcount
    return changed


TAMPERINGS = {
    "a tally figure": ("update tally set against = 17 where id = 1", "tally #1", "record-tally"),
    # The last act that wrote the row is named: the notice of hearing set objection 1 for hearing; Bessemer's
    # offer of proof came with its objections.
    "an objection's text": ("update objection set text = 'Objection rewritten later' where id = 1", "objection #1",
                            "notice-hearing"),
    # (its witnesses are not in the record: an empty body, which a witness is written into)
    "the offer of proof's body": ("update filing set body = '[{\"objection\": 1, \"witness\": \"EDITED\", "
                                  "\"summary\": \"added later\"}]' where kind = 'offer-of-proof'", "filing #",
                                  "file-objections"),
    "a party's name": ("update party set name = 'Someone Else Inc.' where key = 'amazon'", "party #", "open-case"),
}


class TestAChangedFact:
    @pytest.mark.parametrize("what", list(TAMPERINGS), ids=["tally", "objection", "offer-of-proof", "party"])
    def test_is_found_and_the_act_named(self, copy: Path, what: str) -> None:
        """Each of the four edits the reliability trial made passes no longer: verify exits 1, naming the
        row and the docket entry of the act that recorded it (and --expect-head does not hide it)."""
        statement, row, act = TAMPERINGS[what]
        code, before = _cli("verify", NUMBER)
        head = before.strip().splitlines()[-1].split(" head ")[1].split()[0]
        assert code == 0
        assert _sql(copy, statement) == 1
        for args in (("verify",), ("verify", NUMBER, "--expect-head", head)):
            code, output = _cli(*args)
            assert code == 1, output
            problems = [line for line in output.splitlines() if line.startswith(f"{NUMBER}: ")]
            assert len(problems) == 1, output
            assert problems[0].startswith(f"{NUMBER}: {row}") and f"({act} " in problems[0], problems[0]
            assert "was changed after it was recorded" in problems[0]

    def test_a_row_added_by_hand_is_on_no_docket_entry(self, copy: Path) -> None:
        """A record row inserted with raw SQL is named: no act's entry sealed it."""
        _sql(copy, "insert into party (case_id, key, role, name) values (1, 'forged', 'INTERVENOR', 'Forged Union')")
        code, output = _cli("verify")
        assert code == 1 and "party #" in output and "is on no docket entry" in output

    def test_a_row_deleted_by_hand_is_named(self, copy: Path) -> None:
        """An objection deleted with raw SQL: its act's entry sealed it, and it is gone."""
        _sql(copy, "delete from objection where id = (select max(id) from objection)")
        code, output = _cli("verify")
        assert code == 1 and "is no longer in the record" in output and "(file-objections " in output


class TestErasedLastAct:
    def _erase_last_act(self, root: Path) -> None:
        """The last act erased: its docket entries, the document rows they issued and their PDFs (what the
        reliability trial did, which passed verify)."""
        with sqlite3.connect(root / "db" / "casefile.db") as conn:
            last_act = conn.execute("select id from docketentry where act != 'issue-document' "
                                    "order by id desc limit 1").fetchone()
            entries = conn.execute("select id, document_id from docketentry where id >= ?", (last_act[0],)).fetchall()
            assert len(entries) >= 2
            documents = [d for _, d in entries if d is not None]
            paths = [conn.execute("select path from document where id = ?", (d,)).fetchone()[0] for d in documents]
            conn.execute(f"delete from docketentry where id >= {last_act[0]}")
            conn.execute(f"delete from document where id in ({','.join(map(str, documents)) or '0'})")
        for path in paths:
            (root / "out" / NUMBER / Path(path).name).unlink()

    def test_is_found_against_the_published_heads(self, copy: Path) -> None:
        """After the last act is erased, verify alone may pass, but --expect-heads (the file published by an
        earlier verify) names the case whose chain no longer holds its head."""
        self._erase_last_act(copy)
        code, output = _cli("verify", "--expect-heads", str(copy / "heads.json"))
        assert code == 1, output
        assert f"{NUMBER}: the chain no longer holds the head published for it" in output

    def test_is_found_against_the_head_written_down(self, copy: Path) -> None:
        """The same, with the one case's head printed by verify and given back with --expect-head."""
        published = json.loads((copy / "heads.json").read_text())["cases"][NUMBER]["head"]
        self._erase_last_act(copy)
        code, output = _cli("verify", NUMBER, "--expect-head", published)
        assert code == 1 and f"not in the head given ({published})" in output

    def test_a_later_act_still_holds_the_published_head(self, copy: Path) -> None:
        """A head published earlier is still held after more acts are recorded: --expect-heads passes."""
        code, output = _cli("report", NUMBER, "--as-of", "2024-12-02")
        assert code == 0, output
        code, output = _cli("verify", "--expect-heads", str(copy / "heads.json"))
        assert code == 0, output
        before = json.loads((copy / "heads.json").read_text())["cases"][NUMBER]["entries"]
        assert f"{before + 1} docket entries)" in output


class TestPublishedHead:
    def test_verify_prints_the_head_of_one_case(self, copy: Path) -> None:
        """`verify CASE` prints the case's head after the summary (to write down or send elsewhere)."""
        with sqlite3.connect(copy / "db" / "casefile.db") as conn:
            last, count = conn.execute("select (select chain_hash from docketentry order by id desc limit 1), "
                                       "count(*) from docketentry").fetchone()
        code, output = _cli("verify", NUMBER)
        assert code == 0 and output.strip().splitlines()[-1] == f"{NUMBER} head {last} ({count} docket entries)"

    def test_the_heads_file_holds_each_case_and_the_record_head(self, origin: Path) -> None:
        """The --heads file: the record head verify printed, each case's head and entry count."""
        data = json.loads((origin / "heads.json").read_text())
        assert set(data) == {"record_head", "cases"} and list(data["cases"]) == [NUMBER]
        assert len(data["record_head"]) == 64 and data["cases"][NUMBER]["entries"] > 10

    def test_the_result_and_head_are_sent_to_the_notice_channel(self, copy: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
        """With CASEFILE_VERIFY_NOTIFY_URLS set, verify sends its result and the record head there."""
        sent: list[tuple[list[str], str, str]] = []
        import casefile.jobs.notify as notify

        monkeypatch.setattr(notify, "notify", lambda urls, *, title, body: sent.append((list(urls), title, body)) or [])
        monkeypatch.setenv("CASEFILE_VERIFY_NOTIFY_URLS", "json://127.0.0.1:9/verify")
        get_settings.cache_clear()
        code, output = _cli("verify")
        assert code == 0 and len(sent) == 1
        urls, title, body = sent[0]
        assert urls == ["json://127.0.0.1:9/verify"] and title == "casefile verify: verified"
        assert body.splitlines()[-1] == output.strip().splitlines()[-1] and body.splitlines()[-1].startswith("record head ")
