"""`casefile import ...` refuses a file that is not the export before Prefect starts: exit 2, the message,
nothing stored."""

from __future__ import annotations

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
