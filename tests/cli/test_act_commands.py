"""Commands that run a legal act through its flow: the act is done once, and bad input exits 2 with
the message and stores nothing. The commands run as subprocesses against the test Prefect server."""

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

pytestmark = pytest.mark.prefect
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
def cli(prefect_server: None, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from prefect.settings import PREFECT_API_URL

    folder = tmp_path_factory.mktemp("cli")
    env = {**os.environ, "CASEFILE_DATABASE_URL": f"sqlite:///{folder / 'casefile.db'}",
           "CASEFILE_OUTPUT_DIR": str(folder / "out"), "PREFECT_API_URL": str(PREFECT_API_URL.value()), "COLUMNS": "200"}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(CASEFILE), *args], env=env, capture_output=True, text=True, timeout=300, cwd=folder)

    (folder / "case.yaml").write_text(CASE_YAML)
    (folder / "tally.yaml").write_text(TALLY_YAML)
    opened = run("case", "open", "case.yaml", "--as-of", "2021-04-09T12:00:00-04:00")
    assert opened.returncode == 0, opened.stderr
    recorded = run("tally", "record", "tally.yaml", "--as-of", "2021-04-09T12:00:00-04:00")
    assert recorded.returncode == 0, recorded.stderr
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
        """Objections received one minute after the cut-off are refused; the message names due date, cut-off, rule."""
        before = counts(cli)
        result = cli("objections", "file", "10-RC-269250", "--party", "rwdsu", "--objection", "collection box",
                     "--received-at", "2021-04-17T00:00:30-04:00")
        assert result.returncode == 2, result.stderr
        message = said(result)
        assert "2021-04-16" in message and "23:59:59" in message and "102.69(a)(8)" in message
        assert counts(cli) == before

    def test_act_the_stage_does_not_allow_exits_2(self, cli) -> None:  # type: ignore[no-untyped-def]
        """A certification while the objection period is still open is refused with the reason."""
        result = cli("certify", "10-RC-269250", "--issued-on", "2021-04-12")
        assert result.returncode == 2
        assert "no certification while the objection period is open" in said(result)

    def test_timely_objections_filed_with_documents(self, cli) -> None:  # type: ignore[no-untyped-def]
        """Objections at 4:00 p.m. Central on the due date are filed; objections and offer of proof PDFs are issued."""
        result = cli("objections", "file", "10-RC-269250", "--party", "rwdsu", "--objection", "collection box",
                     "--objection", "captive-audience meetings", "--received-at", "2021-04-16T16:00:00-05:00",
                     "--witness", "1|[witness]|saw the box installed")
        assert result.returncode == 0, result.stderr
        folder = cli.folder / "out" / "10-RC-269250"
        assert (folder / "2021-04-16_objections_rwdsu.pdf").exists()
        assert (folder / "2021-04-16_offer-of-proof_rwdsu.pdf").exists()
