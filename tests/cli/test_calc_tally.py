"""`casefile tally analyze`: the tally calculator on the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from casefile.cli.app import app
from casefile.cli.calc_tally import parse_choice
from casefile.errors import InvalidTally
from casefile.rules.tally import AGAINST

runner = CliRunner()
# The console script installed beside the interpreter running the tests (.venv/bin/casefile).
CASEFILE = Path(sys.executable).with_name("casefile")


def analyze_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["tally", "analyze", *args, "--json"])
    assert result.exit_code == 0, result.output
    payload: dict[str, Any] = json.loads(result.output)
    return payload


class TestAnalyzeJson:
    def test_bessemer_2022_is_pending(self) -> None:
        """Bessemer 2022 rerun: every JSON key present; determinative; pending between RWDSU and Results."""
        payload = analyze_json(
            "--choice", "RWDSU=875", "--against", "993", "--challenged", "416", "--void", "59", "--eligible", "6153"
        )
        assert payload == {
            "valid": 1868,
            "valid_plus_challenged": 2284,
            "ballots_cast": 2343,
            "determinative": True,
            "outcome": "PENDING",
            "winner": None,
            "runoff_choices": None,
            "majority_for": None,
            "reachable": [
                {"outcome": "REP", "winner": "RWDSU", "runoff_choices": None},
                {"outcome": "RESULTS", "winner": None, "runoff_choices": None},
            ],
            "warnings": [],
            "challenge_analysis": [
                {
                    "outcome": "REP",
                    "winner": "RWDSU",
                    "runoff_choices": None,
                    "fewest_needed": {
                        "count": 119,
                        "of": 416,
                        "distribution": {"RWDSU": 119, AGAINST: 0},
                    },
                    "all_opened": {
                        "count": 268,
                        "of": 416,
                        "distribution": {"RWDSU": 268, AGAINST: 148},
                    },
                    "sentence": "RWDSU needs 119 of the 416 challenged ballots opened and counted for it (the rest sustained); "
                    "with all 416 opened it needs 268.",
                },
                {
                    "outcome": "RESULTS",
                    "winner": None,
                    "runoff_choices": None,
                    "fewest_needed": {
                        "count": 0,
                        "of": 416,
                        "distribution": {"RWDSU": 0, AGAINST: 0},
                    },
                    "all_opened": {
                        "count": 149,
                        "of": 416,
                        "distribution": {"RWDSU": 267, AGAINST: 149},
                    },
                    "sentence": "Certification of Results needs no challenged ballot opened (the count as it stands gives it); "
                    "with all 416 opened the votes against need 149 of them "
                    "(e.g. RWDSU 267, Against 149: a tie is not a majority).",
                },
            ],
        }

    def test_georgia_power_certifies(self) -> None:
        """T20 Georgia Power: 15-8 with one void ballot certifies IBEW Local 84; the name may contain spaces."""
        payload = analyze_json("--choice", "IBEW Local 84=15", "--against", "8", "--void", "1", "--eligible", "30")
        assert payload["outcome"] == "REP"
        assert payload["winner"] == "IBEW Local 84"
        assert payload["majority_for"] == "IBEW Local 84"
        assert payload["determinative"] is False

    def test_runoff_choices_listed_in_ballot_order(self) -> None:
        """T28: A 40, B 20, None 40 gives a runoff between A and "against", as a list."""
        payload = analyze_json("--choice", "A=40", "--choice", "B=20", "--against", "40")
        assert payload["outcome"] == "RUNOFF"
        assert payload["runoff_choices"] == ["A", AGAINST]

    def test_zero_vote_exception_with_exact_count(self) -> None:
        """T18 on the command line: --eligible-exact 72 turns the T17 runoff into Results."""
        common = ["--choice", "ACWA=36", "--choice", "UGW=0", "--against", "36"]
        approximate = analyze_json(*common, "--eligible", "77")
        assert approximate["outcome"] == "RUNOFF"
        assert len(approximate["warnings"]) == 1
        exact = analyze_json(*common, "--eligible", "72", "--eligible-exact")
        assert exact["outcome"] == "RESULTS"
        assert exact["warnings"] == []

    def test_challenge_analysis_multi_choice(self) -> None:
        """T29 (A 51, B 20, against 29, 2 challenged): A needs 0 or 1 of 2; the runoff with "against" needs both opened."""
        payload = analyze_json("--choice", "A=51", "--choice", "B=20", "--against", "29", "--challenged", "2")
        rows = [(row["outcome"], row["winner"], row["runoff_choices"]) for row in payload["challenge_analysis"]]
        assert rows == [("REP", "A", None), ("RUNOFF", None, ["A", AGAINST])]
        rep_row, runoff_row = payload["challenge_analysis"]
        assert (rep_row["fewest_needed"]["count"], rep_row["all_opened"]["count"]) == (0, 1)
        assert (runoff_row["fewest_needed"]["count"], runoff_row["all_opened"]["count"]) == (2, 0)
        assert list(runoff_row["all_opened"]["distribution"].items()) == [("A", 0), ("B", 2), (AGAINST, 0)]

    def test_challenge_analysis_unreachable_is_null(self) -> None:
        """An outcome that opening every challenged ballot cannot give has all_opened null."""
        payload = analyze_json(
            *("--choice", "ACWA=36", "--choice", "UGW=36", "--against", "0", "--challenged", "1"),
            *("--eligible", "72", "--eligible-exact"),
        )
        results = next(row for row in payload["challenge_analysis"] if row["outcome"] == "RESULTS")
        assert results["fewest_needed"]["count"] == 0
        assert results["all_opened"] is None

    def test_challenge_analysis_without_challenges(self) -> None:
        """With no challenged ballots the analysis lists the outcome of the count, needing 0 of 0."""
        payload = analyze_json("--choice", "IBEW Local 84=15", "--against", "8", "--void", "1", "--eligible", "30")
        (only,) = payload["challenge_analysis"]
        assert only["outcome"] == "REP"
        assert only["fewest_needed"]["count"] == only["all_opened"]["count"] == only["fewest_needed"]["of"] == 0

    def test_runoff_ballot_between_two_unions(self) -> None:
        """T37: a runoff ballot between two unions needs no --against and ends 50-50 in Results."""
        payload = analyze_json("--choice", "A=50", "--choice", "B=50", "--runoff-ballot")
        assert payload["outcome"] == "RESULTS"
        assert payload["valid"] == 100


class TestAnalyzeTable:
    def test_table_shows_lines_and_outcome(self) -> None:
        """Without --json a table shows the tally's lines, the statement of line 8 and the outcome."""
        result = runner.invoke(app, ["tally", "analyze", "--choice", "Workers United=15", "--against", "9", "--challenged", "7"])
        assert result.exit_code == 0, result.output
        assert "Tally of Ballots" in result.output
        assert "Valid votes counted" in result.output
        assert "Pending" in result.output
        assert "Certification of Results" in result.output

    def test_challenge_table_and_sentences(self) -> None:
        """With challenged ballots a second table gives both figures per outcome, followed by the sentences."""
        result = runner.invoke(app, ["tally", "analyze", "--choice", "RWDSU=875", "--against", "993", "--challenged", "416"])
        assert result.exit_code == 0, result.output
        text = " ".join(result.output.split())
        assert "What each outcome needs from the 416 challenged ballots" in text
        assert "119 of 416" in text
        assert "268 of 416" in text
        assert "149 of 416" in text
        assert (
            "RWDSU needs 119 of the 416 challenged ballots opened and counted for it (the rest sustained); "
            "with all 416 opened it needs 268." in text
        )

    def test_no_challenge_table_without_challenges(self) -> None:
        """Without challenged ballots no challenge table is printed."""
        result = runner.invoke(app, ["tally", "analyze", "--choice", "U=15", "--against", "8"])
        assert result.exit_code == 0, result.output
        assert "What each outcome needs" not in result.output

    def test_warning_printed(self) -> None:
        """A5: ballots cast above the approximate eligible count is printed as a warning."""
        result = runner.invoke(app, ["tally", "analyze", "--choice", "U=15", "--against", "8", "--void", "1", "--eligible", "20"])
        assert result.exit_code == 0, result.output
        assert "warning:" in result.output


class TestBadInput:
    @pytest.mark.parametrize(
        ("args", "line"),
        [
            pytest.param(["--choice", "U=-3", "--against", "8"], "choices", id="negative-votes"),
            pytest.param(["--choice", "U=15", "--against", "-8"], "against", id="negative-against"),
            pytest.param(["--choice", "U=15"], "against", id="against-omitted"),
            pytest.param(["--choice", "U15", "--against", "8"], "choices", id="no-equals-sign"),
            pytest.param(["--choice", "U=many", "--against", "8"], "choices", id="votes-in-words"),
            pytest.param(["--choice", "=4", "--against", "8"], "choices", id="no-name"),
            pytest.param(
                ["--choice", "U=15", "--against", "8", "--eligible-exact"], "eligible_exact", id="exact-without-eligible"
            ),
            pytest.param(
                ["--choice", "A=1", "--choice", "B=2", "--against", "3", "--runoff-ballot"],
                "runoff_ballot",
                id="runoff-with-three",
            ),
        ],
    )
    def test_raises_invalid_tally(self, args: list[str], line: str) -> None:
        """Bad input raises InvalidTally naming the line (the console entry turns it into exit 2)."""
        result = runner.invoke(app, ["tally", "analyze", *args])
        assert isinstance(result.exception, InvalidTally), result.output
        assert result.exception.line == line

    def test_parse_choice_splits_on_last_equals(self) -> None:
        """NAME=VOTES splits at the last '=' and reads thousands separators."""
        assert parse_choice("A=B Union=1,798") == ("A=B Union", 1798)

    def test_console_script_exits_2_with_message(self) -> None:
        """The installed `casefile` command prints the error and exits 2 on a negative count."""
        assert CASEFILE.exists(), f"console script not installed beside {sys.executable}"
        result = subprocess.run(
            [str(CASEFILE), "tally", "analyze", "--choice", "RWDSU=-875", "--against", "993"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert result.returncode == 2
        assert "cannot be negative" in result.stderr
        assert result.stdout == ""

    def test_console_script_json(self) -> None:
        """The installed command prints parseable JSON for Bessemer 2021 and exits 0."""
        result = subprocess.run(
            [str(CASEFILE), "tally", "analyze", "--choice", "RWDSU=738", "--against", "1798", "--challenged", "505", "--json"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["outcome"] == "RESULTS"


class TestImportWeight:
    def test_calculator_imports_no_heavy_library(self) -> None:
        """Importing the calculator loads neither Prefect, WeasyPrint nor SQLModel."""
        code = (
            "import sys, casefile.cli.calc_tally\n"
            "heavy = {'prefect', 'weasyprint', 'sqlmodel', 'sqlalchemy'}\n"
            "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))"
        )
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert result.stdout.strip() == "[]"


class TestOneChallengedBallot:
    def test_the_challenge_table_says_ballot_not_ballots(self) -> None:
        """2 for U, 1 against, 1 challenged, 1 void: the one challenged ballot is determinative and the table of
        what each outcome needs names it in the singular ("the 1 challenged ballot", "With it opened")."""
        result = runner.invoke(app, ["tally", "analyze", "--choice", "U=2", "--against", "1", "--challenged", "1",
                                     "--void", "1", "--eligible", "10"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        titles = [line.strip() for line in result.output.splitlines() if "What each outcome needs" in line]
        assert titles == ["What each outcome needs from the 1 challenged ballot"], result.output
        assert "With it opened" in result.output
        assert "1 challenged ballots" not in result.output and "With all 1 opened" not in result.output
