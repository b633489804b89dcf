"""`casefile import ...` refuses a file that is not the export: exit 2, the message, nothing stored; without a
Prefect server named it imports in its own process (tests/flows/test_import_flow.py: as a flow run on one)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

CASEFILE = Path(sys.executable).with_name("casefile")
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "CASEFILE_DATABASE_URL": f"sqlite:///{tmp_path / 'casefile.db'}", "COLUMNS": "250",
            "PREFECT_HOME": str(tmp_path / "prefect")}


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(CASEFILE), *args], env=env, capture_output=True, text=True, timeout=120)


class TestImportRefusals:
    @pytest.mark.parametrize(("command", "file", "message"), [
        pytest.param("nlrb-results", "tallies-sample.csv",
                     "error: tallies-sample.csv: not an NLRB 'Recent Election Results' export: the header lacks 'Region', "
                     "'Case Number', 'Case Name', 'Status', 'Date Filed', 'Date Closed' and 22 more", id="nlrb-results"),
        pytest.param("tallies-sample", "nlrb-recent-election-results-sample.csv",
                     "error: nlrb-recent-election-results-sample.csv: not a normalized tallies file (tallies-sample.csv "
                     "format): the header lacks 'case_number'", id="tallies-sample"),
    ])
    def test_wrong_file_exits_2(self, env: dict[str, str], tmp_path: Path, command: str, file: str, message: str) -> None:
        """The other format's file exits 2 with one message naming the missing columns; no database, no Prefect."""
        result = run(env, "import", command, str(FIXTURES / file), "--json")
        assert result.returncode == 2
        assert " ".join(result.stderr.split()).startswith(message)
        assert result.stdout == ""
        assert not (tmp_path / "casefile.db").exists() and not (tmp_path / "prefect").exists()

    def test_missing_file_exits_2(self, env: dict[str, str], tmp_path: Path) -> None:
        """A path that does not exist exits 2 saying it cannot be read."""
        result = run(env, "import", "nlrb-results", str(tmp_path / "nowhere.csv"))
        assert result.returncode == 2
        assert "nowhere.csv: cannot be read (No such file or directory)" in " ".join(result.stderr.split())


class TestImportInProcess:
    def test_loads_the_export_without_prefect(self, env: dict[str, str], tmp_path: Path) -> None:
        """No PREFECT_API_URL: the sample loads in the command's own process (no Prefect home made, no server
        started), with the same counts the import flow gives; run again, every tally is found present."""
        env = {k: v for k, v in env.items() if k != "PREFECT_API_URL"}
        first = run(env, "import", "nlrb-results", str(FIXTURES / "nlrb-recent-election-results-sample.csv"), "--json",
                    "--as-of", "2026-11-29T12:00:00-05:00")
        assert first.returncode == 0, first.stderr
        report = json.loads(first.stdout)
        assert report["loaded"]["tallies"] == {"new": 283, "present": 0} and len(report["skipped"]) == 17
        counts = report["counts"]  # loaded, present and skipped add up to the records read
        assert (counts["loaded"], counts["present"], counts["skipped"], counts["other"]) == (283, 0, 17, 0)
        assert counts["records"] == report["records"] == 300
        assert "imported in this process" in first.stderr
        again = run(env, "import", "nlrb-results", str(FIXTURES / "nlrb-recent-election-results-sample.csv"), "--json",
                    "--as-of", "2026-11-30T12:00:00-05:00")
        assert json.loads(again.stdout)["loaded"]["tallies"] == {"new": 0, "present": 283}
        assert not (tmp_path / "prefect").exists()

    def test_a_named_prefect_server_that_does_not_answer(self, env: dict[str, str], tmp_path: Path) -> None:
        """PREFECT_API_URL naming a port where nothing listens: exit 2 naming the setting, nothing stored."""
        from casefile.prefect_server import free_port

        url = f"http://127.0.0.1:{free_port()}/api"
        result = run(env | {"PREFECT_API_URL": url}, "import", "tallies-sample", str(FIXTURES / "tallies-sample.csv"))
        assert result.returncode == 2
        assert f"error: PREFECT_API_URL={url}: no Prefect server answers" in " ".join(result.stderr.split())
        assert not (tmp_path / "casefile.db").exists()


class TestNothingLoaded:
    def test_a_file_whose_every_record_is_skipped_exits_2_with_its_counts(self, env: dict[str, str],
                                                                          tmp_path: Path) -> None:
        """One record, its case number, tally date and votes broken: the report says 1 read, 0 loaded, 0 present,
        1 skipped, names each of the record's problems, analyzes no tally, and the command exits 2."""
        import csv
        import io

        sample = (FIXTURES / "nlrb-recent-election-results-sample.csv").read_text(encoding="utf-8-sig")
        rows = list(csv.reader(io.StringIO(sample)))
        header, first = rows[0], list(rows[1])
        first[header.index("Case Number")] = "10-RC-39x001"
        first[header.index("Tally Date")] = "13/45/2026"
        first[header.index("Votes for Labor Union1")] = "twelve"
        out = io.StringIO()
        csv.writer(out).writerows([header, first])
        broken = tmp_path / "broken.csv"
        broken.write_text(out.getvalue(), encoding="utf-8")
        env = {k: v for k, v in env.items() if k != "PREFECT_API_URL"}
        result = run(env, "import", "nlrb-results", str(broken), "--as-of", "2026-11-29T12:00:00-05:00")
        assert result.returncode == 2
        said = " ".join(result.stdout.split())
        assert "broken.csv: 1 record read as of 12:00 p.m. UTC-05:00 on November 29, 2026: 0 loaded, 0 already present, 1 skipped" \
            in said, said
        assert "10-RC-39x001" in said and "No tally was analyzed: none was loaded." in said
        assert "Tally Date" in said and "Votes for Labor Union1: 'twelve'" in said, said  # every problem of the row
        assert "error: broken.csv: nothing was imported: every one of its 1 record(s) was skipped" in \
            " ".join(result.stderr.split())
