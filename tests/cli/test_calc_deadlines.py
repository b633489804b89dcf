"""`casefile deadlines compute`: the deadline calculator on the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from casefile.cli.app import app
from casefile.errors import InvalidCalendar, UnknownRegion

runner = CliRunner()
CASEFILE = Path(sys.executable).with_name("casefile")


def compute_json(*args: str) -> dict:
    result = runner.invoke(app, ["deadlines", "compute", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


class TestComputeJson:
    def test_objections_at_birmingham(self) -> None:
        """DL3 at the Birmingham office: due Mon 2026-06-22, cut-off 23:59:59 Central, Juneteenth skipped."""
        payload = compute_json("objections", "--trigger", "2026-06-12", "--office", "Birmingham")
        assert payload["due_on"] == "2026-06-22"
        assert payload["cutoff_at"] == "2026-06-22T23:59:59-05:00"
        assert payload["citation"] == "29 CFR 102.69(a)(8)"
        assert payload["skipped"] == [{"on": "2026-06-19", "reason": "Juneteenth National Independence Day"}]
        assert payload["office"] == "10-birmingham"
        assert payload["preceding"] is None

    def test_missing_petition_date_assumes_current_rule_and_says_so(self) -> None:
        """Without --petition-filed the 2023 rule applies and the output says it was assumed."""
        payload = compute_json("objections", "--trigger", "2026-03-03", "--region", "10")
        assert payload["rule_set"] == "2023-rule"
        assert any("assuming the current rule (2023-rule" in note for note in payload["notes"])

    def test_answering_brief_shows_preceding_exceptions(self) -> None:
        """DL19: answering brief due Mon 2026-06-08, running from exceptions due Mon 2026-06-01."""
        payload = compute_json("answering-brief", "--trigger", "2026-05-15", "--office", "10-birmingham")
        assert payload["due_on"] == "2026-06-08"
        assert payload["preceding"]["kind"] == "exceptions"
        assert payload["preceding"]["due_on"] == "2026-06-01"

    def test_request_for_review_needs_no_region(self) -> None:
        """DL22: the opposition to a request for review goes to the Board; no Region needed."""
        payload = compute_json("rfr-opposition", "--trigger", "2026-12-17")
        assert (payload["due_on"], payload["office"]) == ("2027-01-11", "board")
        assert payload["preceding"]["due_on"] == "2027-01-04"

    def test_petition_date_selects_2014_rule(self) -> None:
        """DL33 with a 2016 petition: 7 calendar days roll over the observed holiday to Mon 2020-07-06."""
        payload = compute_json("objections", "--trigger", "2020-06-26", "--petition-filed", "2016-06-01", "--region", "10")
        assert (payload["due_on"], payload["rule_set"]) == ("2020-07-06", "2014-rule")
        assert payload["notes"] == []

    def test_rule_set_option(self) -> None:
        """DL35 with --rule-set pre-2015: objections due Thu 1987-08-27."""
        payload = compute_json("objections", "--trigger", "1987-08-20", "--rule-set", "pre-2015", "--region", "1")
        assert payload["due_on"] == "1987-08-27"

    @pytest.mark.parametrize(
        ("extra", "due_on"),
        [([], "2025-12-31"), (["--no-known-closures"], "2025-12-29")],
        ids=["DL11-with-EO-closures", "DL11-without-EO-closures"],
    )
    def test_known_closures_switch(self, extra: list[str], due_on: str) -> None:
        """DL11: the built-in 2025 EO closures move the due date from Mon 12-29 to Wed 12-31."""
        assert compute_json("objections", "--trigger", "2025-12-19", "--region", "10", *extra)["due_on"] == due_on

    def test_closed_days_added(self) -> None:
        """Two --closed days (one with a reason) are skipped and change the calendar id."""
        base = compute_json("objections", "--trigger", "2026-03-03", "--region", "10")
        payload = compute_json("objections", "--trigger", "2026-03-03", "--region", "10",
                               "--closed", "2026-03-05=storm closure", "--closed", "2026-03-06")
        assert payload["due_on"] == "2026-03-12"
        assert [s["on"] for s in payload["skipped"]] == ["2026-03-05", "2026-03-06"]
        assert payload["skipped"][0]["reason"] == "Executive order closure: storm closure"
        assert payload["calendar"] != base["calendar"]


class TestOfficeCalendarsAndTolling:
    """Issue 10: the calculator counts on the receiving office's calendar and tolls the 2025 shutdown."""

    def test_inauguration_day_request_for_review_at_the_board(self) -> None:
        """RD decision Wed 2033-01-05: the request for review is received by the Board's office, closed on
        Inauguration Day (Thu 01-20), so it is due Fri 2033-01-21 (MLK Mon 01-17 skipped too)."""
        payload = compute_json("request-for-review", "--trigger", "2033-01-05", "--region", "10")
        assert (payload["due_on"], payload["office"]) == ("2033-01-21", "board")
        assert payload["cutoff_at"] == "2033-01-21T23:59:59-05:00"
        assert [s["on"] for s in payload["skipped"]] == ["2033-01-17", "2033-01-20"]
        assert payload["skipped"][1]["reason"].startswith("Inauguration Day (5 U.S.C. 6103(c)")
        assert "+inauguration-day" in payload["calendar"]

    def test_regional_filing_of_the_same_period_is_due_on_inauguration_day(self) -> None:
        """The same decision's motion for reconsideration (10 business days, filed with the Region) is due
        Thu 2033-01-20: Inauguration Day does not close the Atlanta office."""
        payload = compute_json("reconsideration", "--trigger", "2033-01-05", "--region", "10")
        assert (payload["due_on"], payload["office"]) == ("2033-01-20", "10-atlanta")
        assert [s["on"] for s in payload["skipped"]] == ["2033-01-17"]

    def test_closure_of_one_office(self) -> None:
        """--closed 2027-01-15@birmingham=weather moves Birmingham's objections to Wed 01-20, not Atlanta's (Tue 01-19)."""
        args = ("objections", "--trigger", "2027-01-11", "--closed", "2027-01-15@birmingham=weather")
        birmingham = compute_json(*args, "--office", "Birmingham")
        atlanta = compute_json(*args, "--region", "10")
        assert (birmingham["due_on"], atlanta["due_on"]) == ("2027-01-20", "2027-01-19")
        assert birmingham["skipped"][0] == {"on": "2027-01-15", "reason": "Closure of Birmingham, AL: weather"}

    def test_shutdown_tolling_of_a_tally_of_2025_09_30(self) -> None:
        """Tally 2025-09-30: objections counted to Tue 10-07, tolled 43 days to Wed 2025-11-19, the tolling in the JSON."""
        payload = compute_json("objections", "--trigger", "2025-09-30", "--region", "10")
        assert payload["due_on"] == "2025-11-19"
        assert payload["tolled"] == {"window": "shutdown-2025", "original_due_on": "2025-10-07", "days_added": 43}
        assert "Tue 2025-10-07 + 43 days = Wed 2025-11-19" in payload["derivation"]

    def test_panel_shows_the_tolling(self) -> None:
        """The panel output names the tolling row."""
        result = runner.invoke(app, ["deadlines", "compute", "objections", "--trigger", "2025-09-30", "--region", "10"])
        assert result.exit_code == 0, result.output
        assert "revised due date Wed 2025-11-19" in result.output
        assert "43 days added (shutdown-2025)" in result.output


class TestComputePanel:
    def test_panel_shows_derivation(self) -> None:
        """Without --json a panel shows the counted days, the skipped holiday and the due date."""
        result = runner.invoke(app, ["deadlines", "compute", "objections", "--trigger", "2026-06-12", "--region", "10"])
        assert result.exit_code == 0, result.output
        assert "Mon 2026-06-15 is day 1" in result.output
        assert "Juneteenth" in result.output
        assert "due Mon 2026-06-22" in result.output
        assert "assuming the current rule" in result.output
        assert "due Mon 2026-06-22, cut-off 11:59 p.m. EDT (Eastern time)" in " ".join(result.output.split())
        assert ":59:59" not in result.output  # the Agency writes "11:59 p.m."


class TestComputeErrors:
    @pytest.mark.parametrize(
        ("args", "error", "fragment"),
        [
            (["objections", "--trigger", "2026-03-03", "--region", "99"], UnknownRegion, "Region 99"),
            (["objections", "--trigger", "2026-03-03", "--region", "10", "--office", "Montgomery"], UnknownRegion,
             "10-birmingham"),
            (["objections", "--trigger", "2026-03-03"], UnknownRegion, "--region"),
            (["objections", "--trigger", "03/03/2026", "--region", "10"], InvalidCalendar, "--trigger"),
            (["objections", "--trigger", "2026-02-30", "--region", "10"], InvalidCalendar, "not a calendar date"),
            (["objections", "--trigger", "2026-03-03", "--region", "10", "--closed", "someday"], InvalidCalendar, "closure"),
            (["objections", "--trigger", "2026-03-03", "--region", "10", "--closed", "2026-03-05@gotham"], InvalidCalendar,
             "no receiving office named 'gotham'"),
            (["objections", "--trigger", "2026-03-03", "--region", "10", "--rule-set", "2030"], InvalidCalendar, "2023-rule"),
            (["objections", "--trigger", "2026-03-03", "--region", "10", "--rule-set", "2014-rule",
              "--petition-filed", "2024-01-05"], InvalidCalendar, "disagrees"),
            (["hearing-opens", "--trigger", "1987-08-20", "--region", "1", "--rule-set", "pre-2015"], InvalidCalendar,
             "no fixed period"),
        ],
        ids=["unknown-region", "unknown-office", "no-region", "bad-date-format", "impossible-date", "bad-closure",
             "closure-of-unknown-office",
             "unknown-rule-set", "rule-set-disagrees", "no-period-in-rule-set"],
    )
    def test_bad_input_raises_casefile_error(self, args: list[str], error: type[Exception], fragment: str) -> None:
        """Bad input surfaces as a casefile error (which casefile.cli:main turns into exit code 2)."""
        result = runner.invoke(app, ["deadlines", "compute", *args])
        assert isinstance(result.exception, error), result.output
        assert fragment in str(result.exception)

    def test_unknown_kind_is_a_usage_error(self) -> None:
        """An unknown KIND is refused by the command line parser with exit code 2."""
        result = runner.invoke(app, ["deadlines", "compute", "objectionz", "--trigger", "2026-03-03", "--region", "10"])
        assert result.exit_code == 2

    def test_console_script_exits_2_on_unknown_region(self) -> None:
        """The installed `casefile` script prints the error and exits 2 for an unknown Region."""
        proc = subprocess.run(
            [str(CASEFILE), "deadlines", "compute", "objections", "--trigger", "2026-03-03", "--region", "99"],
            capture_output=True, text=True, timeout=120,
        )
        assert proc.returncode == 2, proc.stderr
        assert "Region 99" in proc.stderr


class TestImportLight:
    def test_app_import_does_not_load_rules_or_heavy_libraries(self) -> None:
        """Importing the CLI loads neither the holiday tables nor Prefect or WeasyPrint."""
        code = (
            "import sys, casefile.cli.app; "
            "heavy = [m for m in ('holidays', 'casefile.rules.deadlines', 'prefect', 'weasyprint') "
            "if m in sys.modules]; print(','.join(heavy))"
        )
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.strip() == ""
