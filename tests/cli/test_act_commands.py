"""Commands that perform a legal act through the front door, in this process (no casefile server,
no Prefect): the act is done once, and bad input exits 2 with the message and stores nothing. The
commands run as subprocesses, as a person runs them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import func
from sqlmodel import Session, select

from casefile.record.db import make_engine
from casefile.record.models import DocketEntry, Document, Filing, Tally

CASEFILE = Path(sys.executable).with_name("casefile")
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bessemer-10-RC-269250.yaml"

CASE_YAML = """
case: {number: 10-RC-269250, name: "Amazon.com Services LLC", agreement: directed, petition_filed_on: 2020-11-20}
parties:
  - {key: amazon, role: employer, name: "Amazon.com Services LLC"}
  - {key: rwdsu, role: petitioner, name: "Retail, Wholesale and Department Store Union", email: counsel@example.org}
"""
TALLY_YAML = """
case_number: 10-RC-269250
kind: initial
prepared_on: 2021-04-09
choices: {"Retail, Wholesale and Department Store Union": 738}
against: 1798
challenged: 505
void: 76
eligible: 5867
election: {method: mail, held_from_on: 2021-02-08, held_to_on: 2021-03-29}
"""


@pytest.fixture(scope="module")
def cli(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("cli")
    env = {k: v for k, v in os.environ.items() if k not in ("CASEFILE_SERVER_URL", "PREFECT_API_URL")}
    env |= {"CASEFILE_DATABASE_URL": f"sqlite:///{folder / 'casefile.db'}", "CASEFILE_OUTPUT_DIR": str(folder / "out"),
            "COLUMNS": "200"}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(CASEFILE), *args], env=env, capture_output=True, text=True, timeout=300, cwd=folder)

    (folder / "case.yaml").write_text(CASE_YAML)
    (folder / "tally.yaml").write_text(TALLY_YAML)
    opened = run("case", "open", "case.yaml", "--as-of", "2021-04-09T12:00:00-04:00")
    assert opened.returncode == 0, opened.stderr
    recorded = run("tally", "record", "tally.yaml", "--as-of", "2021-04-09T12:00:00-04:00")
    assert recorded.returncode == 0, recorded.stderr
    assert "performed" not in recorded.stderr and "CASEFILE_SERVER_URL" not in recorded.stderr
    run.folder = folder  # type: ignore[attr-defined]
    run.engine = make_engine(env["CASEFILE_DATABASE_URL"])  # type: ignore[attr-defined]
    return run


def counts(cli) -> tuple[int, ...]:  # type: ignore[no-untyped-def]
    with Session(cli.engine) as s:
        return tuple(s.exec(select(func.count()).select_from(m)).one() for m in (DocketEntry, Tally, Filing, Document))


def said(result: subprocess.CompletedProcess[str]) -> str:
    return " ".join(result.stderr.split())


class TestActsOnTheCommandLine:
    def test_tally_recorded_once_with_its_document(self, cli) -> None:  # type: ignore[no-untyped-def]
        """`tally record` stored one tally and issued its PDF; recording the same file again changes nothing."""
        before = counts(cli)
        again = cli("tally", "record", "tally.yaml", "--as-of", "2021-04-09T12:00:00-04:00")
        assert again.returncode == 0, again.stderr
        assert counts(cli) == before
        assert before[1] == 1 and before[3] == 1
        assert (cli.folder / "out" / "10-RC-269250" / "2021-04-09_tally-of-ballots.pdf").exists()

    def test_tally_that_does_not_add_up_exits_2(self, cli) -> None:  # type: ignore[no-untyped-def]
        """A rerun tally file whose transcribed valid line is wrong is refused naming line 5; nothing stored."""
        bad = cli.folder / "bad-tally.yaml"
        bad.write_text(TALLY_YAML.replace("kind: initial", "kind: rerun").replace("2021-04-09", "2022-03-31")
                       + "stated: {valid: 2537}\n")
        before = counts(cli)
        result = cli("tally", "record", str(bad))
        assert result.returncode == 2, result.stderr
        assert "line 5 (valid votes counted): stated 2537, but the counts give 2536 valid" in said(result)
        assert counts(cli) == before

    def test_late_objections_exit_2_naming_due_date_cutoff_and_rule(self, cli) -> None:  # type: ignore[no-untyped-def]
        """Objections received one minute after the cut-off are refused; the message names due date, cut-off, rule.
        Nothing is stored beyond what the sweep as of that instant records (the period lapsing)."""
        assert cli("sweep", "--as-of", "2021-04-17T00:00:30-04:00").returncode == 0
        before = counts(cli)
        result = cli("objections", "file", "10-RC-269250", "--party", "rwdsu", "--objection", "collection box",
                     "--received-at", "2021-04-17T00:00:30-04:00")
        assert result.returncode == 2, result.stderr
        message = said(result)
        assert "due Fri 2021-04-16, cut-off 11:59 p.m. EDT" in message and "102.69(a)(8)" in message  # no ISO instant
        assert "cannot be extended" in message
        assert counts(cli) == before

    def test_certification_while_the_objection_period_runs_exits_2(self, cli) -> None:  # type: ignore[no-untyped-def]
        """The new user's trial (issue 15): a certification dated Mon 2021-04-12, recorded now, years after the objection
        period closed on Fri 2021-04-16, is refused for its date — the date given and the period's last day in long
        dates, the first day it may be dated, and not "while the objection period is open" (it is not, now); the
        record is as it was (29 CFR 102.69(a), (b))."""
        before = counts(cli)
        result = cli("certify", "10-RC-269250", "--issued-on", "2021-04-12")
        assert result.returncode == 2
        assert said(result) == ("error: the certification's date, April 12, 2021, is before the objection period closes on "
                                "April 16, 2021 (29 CFR 102.69(a)): a certification issues only after the time for "
                                "objections has passed (102.69(b)); date it on or after Monday, April 19, 2021, the next "
                                "business day")
        assert counts(cli) == before

    def test_timely_objections_filed_with_documents(self, cli) -> None:  # type: ignore[no-untyped-def]
        """Objections at 4:00 p.m. Central on the due date are filed; objections and offer of proof PDFs are issued."""
        result = cli("objections", "file", "10-RC-269250", "--party", "rwdsu", "--objection", "collection box",
                     "--objection", "captive-audience meetings", "--received-at", "2021-04-16T16:00:00-05:00",
                     "--witness", "1|[witness]|saw the box installed")
        assert result.returncode == 0, result.stderr
        folder = cli.folder / "out" / "10-RC-269250"
        assert (folder / "2021-04-16_objections_rwdsu.pdf").exists()
        assert (folder / "2021-04-16_offer-of-proof_rwdsu.pdf").exists()

    def test_objections_retried_without_a_receipt_time_file_once(self, cli) -> None:  # type: ignore[no-untyped-def]
        """The same objections sent twice (the second a retry) are one filing: the key is their content, not the clock."""
        args = ("objections", "file", "10-RC-269250", "--party", "rwdsu", "--objection", "captive-audience meetings",
                "--received-at", "2021-04-16T18:00:00-05:00")
        first = cli(*args)
        assert first.returncode == 0, first.stderr
        before = counts(cli)
        second = cli(*args)
        assert second.returncode == 0, second.stderr
        assert "already recorded: nothing new stored" in second.stdout
        assert counts(cli) == before

    def test_any_act_from_a_file_and_its_refusal_is_the_replays_message(self, cli) -> None:  # type: ignore[no-untyped-def]
        """`casefile act CASE FILE` takes one scenario event; a refused one prints the same sentence a replay prints.
        The notice of hearing needs objections before the Regional Director: RWDSU's, timely on April 16 (the same
        filing as the retry test's, so filed once whichever runs first); without them the objection period lapses
        and the certification is due (102.69(b)), and the notice is refused."""
        objections = cli("objections", "file", "10-RC-269250", "--party", "rwdsu", "--objection",
                         "captive-audience meetings", "--received-at", "2021-04-16T18:00:00-05:00")
        assert objections.returncode == 0, objections.stderr
        notice = cli.folder / "notice.yaml"
        notice.write_text("act: notice-hearing\ndate: 2021-04-26\nopens_on: 2021-05-10\nplace: by videoconference\n")
        result = cli("act", "10-RC-269250", str(notice), "--as-of", "2021-04-26T12:00:00-04:00")
        assert result.returncode == 0, result.stderr
        assert "10-RC-269250: Notice of Hearing" in result.stdout and "(hearing:" not in result.stdout
        assert "2021-04-26_notice-of-hearing.pdf" in result.stdout
        close = cli.folder / "close.yaml"
        close.write_text("act: close-hearing\ndate: 2021-04-27\n")
        before = counts(cli)
        refused = cli("act", "10-RC-269250", str(close), "--as-of", "2021-04-27T12:00:00-04:00")
        assert refused.returncode == 2
        assert said(refused) == ("error: Closing the hearing is not available now in election 1: the hearing is noticed "
                                 "and has not opened. Closing the hearing becomes available when the election is at "
                                 "“Hearing open”; the hearing's opening moves the election on.")
        assert counts(cli) == before

    def test_act_file_with_an_unknown_field_names_it(self, cli) -> None:  # type: ignore[no-untyped-def]
        """A misspelt field in an act file is refused naming the file, the act and the field."""
        bad = cli.folder / "bad-act.yaml"
        bad.write_text("act: open-hearing\ndate: 2021-05-07\nopend_on: 2021-05-07\n")
        result = cli("act", "10-RC-269250", str(bad))
        assert result.returncode == 2
        assert (f"{bad}: open-hearing: field 'opend_on': 'opend_on' is not a field of the act (the fields are: date, "
                "at, election, date_public, challenges_unresolved)") in said(result)


class TestReadCommandsAndRefusalsStayLight:
    def test_unknown_party_is_refused_before_weasyprint_or_prefect_is_imported(self, cli) -> None:  # type: ignore[no-untyped-def]
        """A refused act is reported without loading the PDF renderer or Prefect (the one-act path stays fast)."""
        code = ("import sys\nfrom casefile.cli import main\nsys.argv=['casefile','objections','file','10-RC-269250',"
                "'--party','nobody','--objection','x','--received-at','2021-04-16T16:00:00-05:00']\n"
                "try:\n    main()\nexcept SystemExit as e:\n    print('exit', e.code)\n"
                "print('weasyprint' in sys.modules, 'prefect' in sys.modules)")
        env = {**os.environ, "CASEFILE_DATABASE_URL": f"sqlite:///{cli.folder / 'casefile.db'}",
               "CASEFILE_OUTPUT_DIR": str(cli.folder / "out")}
        result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
        assert result.stdout.split() == ["exit", "2", "False", "False"], result.stderr
        assert "has no party 'nobody' (parties: amazon (employer: Amazon.com Services LLC), rwdsu (petitioner: Retail, Wholesale and Department Store Union))" in " ".join(result.stderr.split())

    def test_version_and_bare_deadlines(self, cli) -> None:  # type: ignore[no-untyped-def]
        """`--version` names the release; bare `casefile deadlines` lists the deadlines open now (none in 2026 here)."""
        version = cli("--version")
        assert version.returncode == 0 and version.stdout.startswith("casefile ")
        listing = cli("deadlines")
        assert listing.returncode == 0, listing.stderr
        assert "Open deadlines as of" in listing.stdout and "(none)" in listing.stdout

    def test_case_list_gives_stage_and_next_deadline(self, cli) -> None:  # type: ignore[no-untyped-def]
        """`case list --as-of` shows the case with its stage and the next deadline open then."""
        import json

        result = cli("case", "list", "--as-of", "2021-04-12", "--json")
        assert result.returncode == 0, result.stderr
        rows = json.loads(result.stdout)["cases"]
        assert [(r["case_number"], r["next_deadline"]["kind"], r["next_deadline"]["due_on"]) for r in rows] == [
            ("10-RC-269250", "objections", "2021-04-16")]

    def test_opening_the_case_again_with_other_details_names_the_difference(self, cli) -> None:  # type: ignore[no-untyped-def]
        """`case open` with a changed e-mail is refused, naming what differs; with the same details it changes nothing."""
        same = cli("case", "open", "case.yaml")
        assert same.returncode == 0 and "nothing changed" in same.stdout
        changed = cli.folder / "changed.yaml"
        changed.write_text(CASE_YAML.replace("counsel@example.org", "new@example.org"))
        before = counts(cli)
        result = cli("case", "open", str(changed))
        assert result.returncode == 2
        assert "party rwdsu email: 'counsel@example.org' → 'new@example.org'" in said(result)
        assert counts(cli) == before
