"""An act never builds on, or re-seals, a row changed outside casefile (issue 17, "every fact under the
chain"): on Bessemer replayed through its objections (in process), a fact changed with raw SQL — an
objection's text, a tally figure, a party's name — refuses the next act that touches its row, naming the
row and the docket entry that recorded it; nothing is stored (every table and the output folder are as
they were), and `casefile verify` still names the change. A writer that does seal over a change (one that
skipped the check) is named by verify from the digests its entry found; a document is not built from a
changed row."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from casefile.cli.app import app
from casefile.errors import CasefileError
from casefile.record.db import get_engine
from casefile.record.secret_key import clear_cache
from casefile.settings import get_settings

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bessemer-10-RC-269250.yaml"
NUMBER = "10-RC-269250"
runner = CliRunner()

NOTICE = ("hearing", "notice", NUMBER, "--on", "2021-04-26", "--opens-on", "2021-05-07", "--place", "Videoconference",
          "--presiding", "Kerstin Meyers", "--issuer", "Lisa Henderson", "--as-of", "2021-04-26")
#: The edit, the act that touches the row after it, and what the refusal names.
CASES = {
    "objection": ("update objection set text = 'The Employer did nothing wrong.' where id = 2", NOTICE,
                  "objection #2", "docket entry #4 (file-objections 2021-04-16)"),
    "tally": ("update tally set against = 17 where id = 1",
              ("correct", "tally", NUMBER, "--challenged", "504", "--why", "mistyped", "--on", "2021-04-20",
               "--as-of", "2021-04-20"),
              "tally #1", "docket entry #2 (record-tally 2021-04-09)"),
    "party": ("update party set name = 'Someone Else Inc.' where key = 'amazon'",
              ("correct", "party", NUMBER, "amazon", "--address", "1 Main Street, Bessemer AL", "--why", "moved",
               "--on", "2021-04-20", "--as-of", "2021-04-20"),
              "party #1", "docket entry #1 (open-case 2020-11-20)"),
}


def _use(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{root / 'db' / 'casefile.db'}")
    monkeypatch.setenv("CASEFILE_OUTPUT_DIR", str(root / "out"))
    monkeypatch.delenv("CASEFILE_SECRET_KEY", raising=False)
    monkeypatch.delenv("CASEFILE_VERIFY_NOTIFY_URLS", raising=False)
    monkeypatch.delenv("CASEFILE_SERVER_URL", raising=False)
    get_settings.cache_clear()
    get_engine.cache_clear()
    clear_cache()


def _cli(*args: str) -> tuple[int, str]:
    """Run a command in process; a CasefileError is what casefile.cli.main prints (one line, exit 2)."""
    result = runner.invoke(app, list(args))
    if isinstance(result.exception, CasefileError):
        return 2, f"error: {result.exception}"
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def origin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Bessemer's first two acts (its tally and the union's 23 objections) replayed in process."""
    from casefile.scenario import replay

    root = tmp_path_factory.mktemp("altered")
    scenario = yaml.safe_load(EXAMPLE.read_text())
    scenario["events"] = scenario["events"][:2]
    (root / "scenario.yaml").write_text(yaml.safe_dump(scenario, sort_keys=False, allow_unicode=True))
    with pytest.MonkeyPatch.context() as mp:
        _use(root, mp)
        replay(root / "scenario.yaml", through_prefect=False)
        get_engine.cache_clear()
        code, output = _cli("verify")
        assert code == 0, output
        yield root
    get_settings.cache_clear()
    get_engine.cache_clear()
    clear_cache()


@pytest.fixture
def copy(origin: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "copy"
    shutil.copytree(origin, root)
    _use(root, monkeypatch)
    return root


def _sql(root: Path, statement: str) -> None:
    with sqlite3.connect(root / "db" / "casefile.db") as conn:
        assert conn.execute(statement).rowcount == 1


def _state(root: Path) -> tuple[dict[str, list[tuple[object, ...]]], dict[str, str]]:
    """Every table's rows and every file of the output folder (by sha256)."""
    with sqlite3.connect(root / "db" / "casefile.db") as conn:
        tables = [t for (t,) in conn.execute("select name from sqlite_master where type = 'table' order by name")]
        rows = {t: conn.execute(f'select * from "{t}" order by rowid').fetchall() for t in tables}
    files = {str(p.relative_to(root / "out")): hashlib.sha256(p.read_bytes()).hexdigest()
             for p in sorted((root / "out").rglob("*")) if p.is_file()}
    return rows, files


def _problems(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith(f"{NUMBER}: ")]


class TestAnActOnAChangedRow:
    @pytest.mark.parametrize("what", list(CASES))
    def test_is_refused_storing_nothing_and_verify_still_names_it(self, copy: Path, what: str) -> None:
        statement, act, row, entry = CASES[what]
        _sql(copy, statement)
        before = _state(copy)
        code, output = _cli(*act)
        assert code == 2, output
        assert output.strip() == (f"error: {row} was changed outside casefile after {entry} recorded it: the act is "
                                  "refused and nothing was stored; run `casefile verify`")
        assert _state(copy) == before
        code, output = _cli("verify")
        assert code == 1 and len(_problems(output)) == 1, output
        assert _problems(output)[0].startswith(f"{NUMBER}: {row} does not match what {entry[:-1]}, key ")
        assert "the last act that wrote it, recorded: it was changed after it was recorded" in output

    @pytest.mark.parametrize("what", list(CASES))
    def test_the_same_act_on_the_record_as_sealed_is_recorded(self, copy: Path, what: str) -> None:
        """The check refuses only a changed row: untouched, each act is recorded and verify passes."""
        _, act, _, _ = CASES[what]
        code, output = _cli(*act)
        assert code == 0, output
        code, output = _cli("verify")
        assert code == 0, output


class TestAWriterThatSealsOverAChange:
    def test_is_named_by_verify_from_what_its_entry_found(self, copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """With the check taken away (a writer that skipped it), the Notice of Hearing writes over the changed
        objection and seals it again; the row now matches its latest seal, but the entry kept the digest of the
        row as it found it, which is not what entry #4 recorded: verify names both entries."""
        import casefile.record.sealing as sealing

        monkeypatch.setattr(sealing, "refuse_altered", lambda session, **_: None)
        monkeypatch.setattr(sealing, "refuse_altered_read", lambda session, case_id, **_: None)
        import casefile.documents.issue as issuing

        monkeypatch.setattr(issuing, "refuse_altered_read", lambda session, case_id, **_: None)
        _sql(copy, CASES["objection"][0])
        code, output = _cli(*NOTICE)
        assert code == 0, output
        code, output = _cli("verify")
        assert code == 1, output
        problems = _problems(output)
        assert len(problems) == 1, output
        assert problems[0].startswith(f"{NUMBER}: objection #2 did not match what docket entry #4 (file-objections "
                                      "2021-04-16, key 'objections:e1:rwdsu:"), problems[0]
        assert problems[0].endswith("recorded: it was changed after it was recorded, and docket entry #7 "
                                    "(notice-hearing 2021-04-26, key 'notice-hearing:e1:2021-04-26') wrote over the change"), problems[0]


class TestADocumentFromAChangedRow:
    def test_is_not_issued(self, copy: Path) -> None:
        """The Notice of Hearing recorded with its document left to issue; then objection 2 is changed: issuing
        it is refused (the document's builder read the row, which the notice sealed last), no file or row is written, and verify names the
        changed objection and the document still to issue."""
        from casefile import app as front
        from casefile.accounts.acting import act_from
        from casefile.acts.base import Who
        from tests.conftest import at

        act = act_from({"act": "notice-hearing", "date": date(2021, 4, 26).isoformat(), "opens_on": "2021-05-07",
                        "place": "Videoconference", "presiding": "Kerstin Meyers", "issuer": "Lisa Henderson"})
        done = front.perform(act, case_number=NUMBER, as_of=at("2021-04-26T12:00:00-04:00"),
                             by=Who(label="operator:tests"), documents="defer", now=at("2021-04-26T12:00:00-04:00"))
        assert done.pending == ["notice-of-hearing"]
        _sql(copy, CASES["objection"][0])
        before = _state(copy)
        code, output = _cli("documents", "issue", "--pending")
        assert code == 2, output
        assert output.strip() == ("error: objection #2 was changed outside casefile after docket entry #7 "
                                  "(notice-hearing 2021-04-26) recorded it: the notice-of-hearing of case "
                                  f"{NUMBER} is not issued (the act that issues it is recorded); run `casefile verify`")
        assert _state(copy) == before
        code, output = _cli("verify")
        assert code == 1
        assert [p.split(" ")[1:3] for p in _problems(output)] == [["objection", "#2"], ["the", "notice-of-hearing"]]
