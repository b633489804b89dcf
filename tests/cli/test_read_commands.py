"""Read-only commands (`case show`, `deadlines`) answer from the database without importing Prefect or
WeasyPrint, and bad case numbers exit 2 with the message."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from casefile.record.db import make_engine, write_session
from tests.bessemer import NUMBER, TALLY_2021, open_case, record_tally
from tests.conftest import at

CASEFILE = Path(sys.executable).with_name("casefile")


@pytest.fixture
def db_env(tmp_path: Path) -> dict[str, str]:
    """A SQLite file holding the Bessemer case with its 2021 tally (recorded through the acts)."""
    from casefile.record import migrate

    url = f"sqlite:///{tmp_path / 'casefile.db'}"
    engine = make_engine(url)
    migrate.upgrade(engine)  # the CLI opens it: its schema at the migrations' head
    with write_session(engine, by="operator:tests") as s:
        open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
    engine.dispose()
    return {**os.environ, "CASEFILE_DATABASE_URL": url, "COLUMNS": "200"}


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(CASEFILE), *args], env=env, capture_output=True, text=True, timeout=120)


class TestReadCommands:
    def test_case_show_json(self, db_env: dict[str, str]) -> None:
        """`case show --json` gives the chain of elections, the tally's computed lines and the open deadlines."""
        result = run(db_env, "case", "show", NUMBER, "--json")
        assert result.returncode == 0, result.stderr
        view = json.loads(result.stdout)
        election = view["elections"][0]
        assert (election["sequence"], election["kind"], election["stage"]) == (1, "initial", "tally-issued")
        tally = election["tallies"][0]
        assert (tally["valid"], tally["valid_plus_challenged"], tally["determinative"]) == (2536, 3041, False)
        objections = next(d for d in election["deadlines"] if d["kind"] == "objections")
        assert (objections["due_on"], objections["cutoff_at"]) == ("2021-04-16", "2021-04-16T23:59:59-04:00")

    def test_deadlines_as_of(self, db_env: dict[str, str]) -> None:
        """`deadlines --as-of 2021-04-12` lists the open deadlines soonest first; after the cut-off the objections one is gone."""
        early = json.loads(run(db_env, "deadlines", "--as-of", "2021-04-12", "--json").stdout)
        assert [d["kind"] for d in early["deadlines"]][:3] == ["objections", "offer-of-proof", "earliest-certification"]
        late = json.loads(run(db_env, "deadlines", "--as-of", "2021-04-17T00:00:00-04:00", "--json").stdout)
        assert "objections" not in [d["kind"] for d in late["deadlines"]]
        table = run(db_env, "deadlines", "--as-of", "2021-04-12").stdout
        assert "11:59 p.m. EDT" in table and ":59:59" not in table  # the cut-off column, as the Agency writes it

    def test_read_commands_import_neither_prefect_nor_weasyprint(self, db_env: dict[str, str]) -> None:
        """Running `case show` and `deadlines` leaves prefect and weasyprint unimported."""
        code = (
            "import sys\nfrom casefile.cli import app\n"
            f"app(['case', 'show', '{NUMBER}'], standalone_mode=False)\n"
            "app(['deadlines', '--as-of', '2021-04-12'], standalone_mode=False)\n"
            "print(sorted(m for m in ('prefect', 'weasyprint') if m in sys.modules))"
        )
        result = subprocess.run([sys.executable, "-c", code], env=db_env, capture_output=True, text=True, check=True)
        assert result.stdout.strip().splitlines()[-1] == "[]"

    @pytest.mark.parametrize(("number", "message"), [
        ("10-RC-999999", "no case 10-RC-999999 in the database"),
        ("banana", "'banana' is not an NLRB case number: expected RR-TT-NNNNNN"),
    ], ids=["unknown", "malformed"])
    def test_bad_case_number_exits_2(self, db_env: dict[str, str], number: str, message: str) -> None:
        """An unknown or malformed case number prints the error and exits 2 (no traceback)."""
        result = run(db_env, "case", "show", number)
        assert result.returncode == 2
        assert message in " ".join(result.stderr.split())
        assert "Traceback" not in result.stderr

    def test_malformed_scenario_exits_2_before_prefect(self, db_env: dict[str, str], tmp_path: Path) -> None:
        """`replay` of a scenario with a wrong field names the file and event and exits 2."""
        bad = tmp_path / "bad.yaml"
        source = (Path(__file__).resolve().parents[2] / "examples" / "bessemer-10-RC-269250.yaml").read_text()
        bad.write_text(source.replace("act: record-tally\n    kind: initial", "act: record-tally\n    kind: first", 1))
        result = run(db_env, "replay", str(bad))
        assert result.returncode == 2
        assert "event 1 (record-tally, dated 2021-04-09): field 'kind'" in " ".join(result.stderr.split())


def test_deadlines_as_of_a_past_date_shows_what_was_running_then(db_env: dict[str, str]) -> None:
    """After the sweep closed the objection period, `deadlines --as-of 2021-04-12` still lists it as running that day."""
    from casefile.jobs.sweep import sweep
    from casefile.record.db import write_session

    engine = make_engine(db_env["CASEFILE_DATABASE_URL"])
    with write_session(engine, by="operator:tests") as s:
        sweep(s, as_of=at("2021-04-20T00:00:00-04:00"))
    engine.dispose()
    then = json.loads(run(db_env, "deadlines", "--as-of", "2021-04-12", "--json").stdout)
    assert [(d["kind"], d["due_on"]) for d in then["deadlines"]][:2] == [("objections", "2021-04-16"),
                                                                          ("offer-of-proof", "2021-04-16")]
