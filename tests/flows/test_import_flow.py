"""The import flow (one flow run and one transaction for the whole file) and `casefile import ... --json`,
against the test Prefect server: the sample loads once, a re-run finds it present, a progress callback
sees both phases."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlmodel import func, select

from casefile.jobs.imports import reporting_progress
from casefile.record.db import read_session
from casefile.record.models import Case, Tally
from tests.conftest import at

pytestmark = pytest.mark.prefect
CASEFILE = Path(sys.executable).with_name("casefile")
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SAMPLE = FIXTURES / "nlrb-recent-election-results-sample.csv"
TALLIES = FIXTURES / "tallies-sample.csv"


class TestImportFlow:
    def test_flow_loads_once_and_reports_progress(self, flows_db: Path) -> None:
        """One flow run loads the sample (282 tallies) and reports parse then load progress; a re-run finds all present."""
        from flows.import_nlrb_results import import_nlrb_results_flow

        seen: list[tuple[str, int, int]] = []
        with reporting_progress(lambda phase, done, total: seen.append((phase, done, total))):
            report = import_nlrb_results_flow(path=str(SAMPLE), as_of=at("2026-11-29T12:00:00-05:00"))
        assert (report.tallies.new, len(report.skipped), len(report.disagreements)) == (283, 17, 10)
        assert seen[0][0] == "parse" and seen[-1] == ("load", 284, 284)  # 284 records planned (one exact repeat loaded once), then the writing
        again = import_nlrb_results_flow(path=str(SAMPLE), as_of=at("2026-11-30T12:00:00-05:00"))
        assert (again.tallies.new, again.tallies.present) == (0, 283)
        with read_session() as s:
            assert s.exec(select(func.count()).select_from(Tally)).one() == 283

    def test_parameters_are_typed(self) -> None:
        """The flow takes plain, typed parameters: the file's path (string) and an instant (date-time)."""
        from flows.import_nlrb_results import import_nlrb_results_flow

        schema = import_nlrb_results_flow.parameters.properties
        assert (schema["path"]["type"], schema["as_of"]["format"]) == ("string", "date-time")


@pytest.fixture(scope="module")
def cli(prefect_server: None, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from prefect.settings import PREFECT_API_URL

    folder = tmp_path_factory.mktemp("import-cli")
    env = {**os.environ, "CASEFILE_DATABASE_URL": f"sqlite:///{folder / 'casefile.db'}",
           "PREFECT_API_URL": str(PREFECT_API_URL.value()), "COLUMNS": "200"}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(CASEFILE), *args], env=env, capture_output=True, text=True, timeout=300, cwd=folder)

    run.url = env["CASEFILE_DATABASE_URL"]  # type: ignore[attr-defined]
    return run


class TestImportCommand:
    def test_json_report(self, cli) -> None:  # type: ignore[no-untyped-def]
        """`import nlrb-results --json` prints the documented keys with the real counts, skipped rows and disagreements."""
        result = cli("import", "nlrb-results", str(SAMPLE), "--json", "--as-of", "2026-11-29T12:00:00-05:00")
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout)
        assert set(report) == {"source", "format", "as_of", "records", "counts", "loaded", "skipped", "disagreements",
                               "total_readings"}
        assert report["counts"] == {"records": 300, "loaded": 283, "present": 0, "skipped": 17, "other": 0}
        assert len(report["skipped"]) == 17
        assert report["loaded"] == {"cases": {"new": 283, "present": 0}, "elections": {"new": 283, "present": 0},
                                    "tallies": {"new": 283, "present": 0}}
        assert report["skipped"][0] == {
            "row": 104, "line": 369, "case_number": "06-UD-170162",
            "reason": "UD (deauthorization) ballot: decided by a majority of the eligible voters, not of the valid "
                      "votes, and the export does not say which column holds the votes to rescind; not analyzed, not loaded"}
        # A blank NLRB flag is unknown, not "N" (issue 10): row 179's blank "Challenges are Determinative"
        # is no longer listed as disagreeing with the rules.
        assert not [d for d in report["disagreements"] if d["row"] == 179 and d["field"] == "challenges_determinative"]

    def test_second_import_finds_everything_present(self, cli) -> None:  # type: ignore[no-untyped-def]
        """Importing the same file again loads nothing new: every case, election and tally is already present."""
        cli("import", "nlrb-results", str(SAMPLE), "--as-of", "2026-11-29T12:00:00-05:00")
        result = cli("import", "nlrb-results", str(SAMPLE), "--json", "--as-of", "2026-12-01T12:00:00-05:00")
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["loaded"]["tallies"] == {"new": 0, "present": 283}

    def test_tallies_sample_and_table_output(self, cli) -> None:  # type: ignore[no-untyped-def]
        """`import tallies-sample` loads the normalized file and prints the loaded table and the disagreements."""
        result = cli("import", "tallies-sample", str(TALLIES), "--as-of", "2026-11-29T12:00:00-05:00")
        assert result.returncode == 0, result.stderr
        assert "tallies-sample.csv: 276 records read as of 12:00 p.m. UTC-05:00 on November 29, 2026: " in result.stdout
        assert "03-RC-283799" in result.stdout
        assert "NLRB's own data disagrees with the rules on 15 statement(s)" in result.stdout
        from casefile.record.db import make_engine

        engine = make_engine(cli.url)
        with read_session(engine) as s:
            assert s.exec(select(Case.number).where(Case.number == "10-RC-269250")).one() == "10-RC-269250"
        engine.dispose()

