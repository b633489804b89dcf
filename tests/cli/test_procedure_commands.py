"""`casefile hearing`, `casefile decision`, `casefile exceptions`: each command performs its act on the
Bessemer case (10-RC-269250) through the front door, and a refused act exits 2 with one line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from casefile.cli.app import app
from tests.acts.procedure import carry

runner = CliRunner()
NUMBER = "10-RC-269250"


def ok(*args: str) -> str:
    """Run a command in-process; it must succeed. Returns its standard output."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (result.output, result.exception)
    return result.stdout


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run the console script's entry point in-process: it must exit 2 printing exactly one line. Returns it."""
    from casefile.cli import main

    capsys.readouterr()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sys, "argv", ["casefile", *args])
        with pytest.raises(SystemExit) as exit_:
            main()
    assert exit_.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


class TestHearingNotice:
    def test_notice(self, configured_db: Path) -> None:
        """`hearing notice --objection rwdsu:1-23` records the notice of 2021-04-26 and issues its record copy."""
        carry("objections-2021")
        out = ok("hearing", "notice", NUMBER, "--on", "2021-04-26", "--opens-on", "2021-05-07", "--presiding",
                 "Kerstin Meyers", "--objection", "rwdsu:1-23", "--as-of", "2021-04-26T12:00:00-04:00")
        assert f"{NUMBER}: Notice of Hearing" in out and "(hearing:1)" not in out
        assert "Notice of Hearing on 23 objections; hearing opens May 7, 2021" in out
        assert "2021-04-26_notice-of-hearing.pdf" in out

    def test_unknown_objection(self, configured_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """An objection RWDSU did not file is refused with one line."""
        carry("objections-2021")
        line = refused(capsys, "hearing", "notice", NUMBER, "--on", "2021-04-26", "--objection", "rwdsu:24",
                       "--as-of", "2021-04-26T12:00:00-04:00")
        assert line == "error: no pending objection 24 of party 'rwdsu' in election 1"

    def test_malformed_objection_option(self, configured_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`--objection rwdsu` (no number) names the option and the expected form."""
        carry("objections-2021")
        line = refused(capsys, "hearing", "notice", NUMBER, "--on", "2021-04-26", "--objection", "rwdsu")
        assert line == "error: --objection 'rwdsu': expected 'PARTY:N' or 'PARTY:N-M' (e.g. rwdsu:3 or rwdsu:1-14)"


class TestHearingOpenClose:
    def test_open_then_close(self, configured_db: Path) -> None:
        """`hearing open --on 2021-05-07` then `hearing close --on 2021-05-25`."""
        carry("notice-hearing")
        assert "Hearing opened May 7, 2021" in ok("hearing", "open", NUMBER, "--on", "2021-05-07", "--as-of",
                                                 "2021-05-07T12:00:00-04:00")
        assert "Hearing closed May 25, 2021" in ok("hearing", "close", NUMBER, "--on", "2021-05-25", "--as-of",
                                                 "2021-05-25T12:00:00-04:00")

    def test_open_before_notice(self, configured_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """Opening before the notice's date is refused with one line."""
        carry("notice-hearing")
        line = refused(capsys, "hearing", "open", NUMBER, "--on", "2021-04-23", "--as-of", "2021-04-26T13:00:00-04:00")
        assert line == "error: the hearing's opening is dated April 23, 2021, before the hearing was noticed on April 26, 2021"

    def test_close_before_open(self, configured_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """Closing a hearing that has not opened is refused with one line naming the stage."""
        carry("notice-hearing")
        line = refused(capsys, "hearing", "close", NUMBER, "--on", "2021-05-25", "--as-of", "2021-05-25T12:00:00-04:00")
        assert line == ("error: Closing the hearing is not available now in election 1: the hearing is noticed and has "
                        "not opened. Closing the hearing becomes available when the election is at “Hearing open”; the "
                        "hearing's opening moves the election on.")


class TestHearingConsolidate:
    def test_consolidate(self, configured_db: Path) -> None:
        """`hearing consolidate` sets 14 + 7 objections and the challenged ballots before the ALJ with 10-CA-290001."""
        carry("objections-2022-amazon")
        out = ok("hearing", "consolidate", NUMBER, "--on", "2024-04-25", "--ulp-case", "10-ca-290001", "--objection",
                 "rwdsu:1-14", "--objection", "amazon:1-7", "--challenges", "--as-of", "2024-04-25T12:00:00-04:00")
        assert ("Order consolidating 21 objections and the challenged ballots with 10-CA-290001 for hearing before an "
                "Administrative Law Judge") in out

    def test_not_a_ulp_case(self, configured_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """A representation case number given as the ULP case is refused with one line."""
        carry("objections-2022-amazon")
        line = refused(capsys, "hearing", "consolidate", NUMBER, "--on", "2024-04-25", "--ulp-case", "10-RC-269250")
        assert line == "error: --ulp-case '10-RC-269250': 10-RC-269250 is not an unfair-labor-practice case (C-case)"


class TestDecisions:
    def test_ho_report(self, configured_db: Path) -> None:
        """`decision ho-report` records Kerstin Meyers's report and issues it."""
        carry("open-hearing")
        out = ok("decision", "ho-report", NUMBER, "--on", "2021-08-02", "--result", "set-aside", "--issuer",
                 "Kerstin Meyers", "--at-fault", "amazon", "--ruling", "rwdsu:1=sustained", "--as-of",
                 "2021-08-02T12:00:00-04:00")
        assert "Hearing Officer's Report: recommends that the election be set aside" in out
        assert "2021-08-02_hearing-officer-report.pdf" in out

    def test_ho_report_bad_result(self, configured_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`--result certify` is not a report's result: one line naming the option."""
        carry("open-hearing")
        line = refused(capsys, "decision", "ho-report", NUMBER, "--on", "2021-08-02", "--result", "certify")
        assert line == "error: ho-report: --result must be one of 'set-aside' or 'overrule' (not 'certify')"

    def test_rd(self, configured_db: Path) -> None:
        """`decision rd --result set-aside` sets the first election aside and issues the Direction of Second Election."""
        carry("ho-report")
        out = ok("decision", "rd", NUMBER, "--on", "2021-11-29", "--result", "set-aside", "--issuer", "Lisa Henderson",
                 "--at-fault", "amazon", "--as-of", "2021-11-29T12:00:00-05:00")
        assert "Regional Director's Decision: objections sustained" in out
        assert "2021-11-29_decision-and-direction-of-second-election.pdf" in out

    def test_rd_unknown_objection(self, configured_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """A ruling on an objection RWDSU did not file refuses the decision with one line."""
        carry("ho-report")
        line = refused(capsys, "decision", "rd", NUMBER, "--on", "2021-11-29", "--result", "set-aside", "--ruling",
                       "rwdsu:24=sustained", "--as-of", "2021-11-29T12:00:00-05:00")
        assert line == "error: party 'rwdsu' has no objection 24 in election 1 of 10-RC-269250"

    def test_alj(self, configured_db: Path) -> None:
        """`decision alj` records Judge Silverstein's decision with exceptions to the Board due 2024-12-03."""
        carry("consolidate")
        out = ok("decision", "alj", NUMBER, "--on", "2024-11-05", "--result", "set-aside", "--issuer",
                 "Michael Silverstein", "--at-fault", "amazon", "--as-of", "2024-11-05T12:00:00-05:00")
        assert "Administrative Law Judge's Decision: set aside" in out
        assert "2024-11-05_alj-decision.pdf" in out

    def test_alj_malformed_ruling(self, configured_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`--ruling rwdsu1=sustained` (no colon) names the expected form."""
        carry("consolidate")
        line = refused(capsys, "decision", "alj", NUMBER, "--on", "2024-11-05", "--result", "set-aside", "--ruling",
                       "rwdsu1=sustained")
        assert line == "error: --ruling 'rwdsu1=sustained': expected 'PARTY:N=RULING' (e.g. rwdsu:1=sustained)"

    def test_alj_rules_on_challenged_ballots(self, configured_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`decision alj --challenge-ground` reaches the act's ``challenges`` (it was no option of the command): the
        Bessemer rerun's record holds no pending challenged ballot by ground, so the ruling is refused, naming why."""
        carry("consolidate")
        line = refused(capsys, "decision", "alj", NUMBER, "--on", "2024-11-05", "--result", "set-aside",
                       "--challenge-ground", "supervisor=sustained", "--as-of", "2024-11-05T12:00:00-05:00")
        assert line == "error: no pending challenged ballot has the ground 'supervisor' (pending grounds: none pending)"


class TestExceptionsFile:
    def test_file(self, configured_db: Path) -> None:
        """`exceptions file` files Amazon's exception received Fri 2021-08-13 and issues it with its statement of service."""
        carry("ho-report")
        out = ok("exceptions", "file", NUMBER, "--party", "amazon", "--exception",
                 "The recommendation that the election be set aside|No objectionable conduct affected the results",
                 "--received-at", "2021-08-13T15:00:00-04:00")
        assert "Exceptions of Amazon.com Services LLC to the Hearing Officer's Report (1 exception)" in out
        assert "2021-08-13_exceptions_amazon.pdf" in out

    def test_late(self, configured_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """Received one second after the cut-off: one line naming the due date and cut-off."""
        carry("ho-report")
        line = refused(capsys, "exceptions", "file", NUMBER, "--party", "amazon", "--exception", "Finding 1|Grounds",
                       "--received-at", "2021-08-17T00:00:01-04:00")
        assert line.startswith("error: exceptions of Amazon.com Services LLC received Tue 2021-08-17 12:00 a.m. EDT by "
                               "e-filing after the cut-off: due Mon 2021-08-16, cut-off 11:59 p.m. EDT")
