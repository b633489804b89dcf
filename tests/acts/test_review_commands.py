"""The command line of issue 10's acts (casefile/cli/review_commands.py): each command builds its act and
performs it through the front door; a refusal is one line and exit 2. On Amazon JFK8 (29-RC-288020)
carried to the day before each command, as the scenario file has it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from sqlmodel import select
from typer.testing import CliRunner

from casefile.cli.app import app
from casefile.record.db import read_session
from casefile.record.models import Case, Election, Filing
from casefile.record.orders import AgencyOrder
from casefile.vocab import Stage
from tests.acts.real_histories import JFK8_NUMBER, jfk8_through

runner = CliRunner()


def _run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), catch_exceptions=False)


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
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


def test_case_transfer(configured_db: Path) -> None:
    jfk8_through("offer")
    result = _run("case", "transfer", JFK8_NUMBER, "--region", "28", "--office", "Phoenix", "--on", "2022-04-29",
                  "--order", "Order transferring the case to Region 28", "--issuer", "Jane  Q. Signer",
                  "--as-of", "2022-04-29T12:00:00-04:00")
    assert result.exit_code == 0, result.output
    with read_session() as s:
        assert s.exec(select(Case)).one().office_key == "28-phoenix"
        assert s.exec(select(AgencyOrder.issuer).where(AgencyOrder.kind == "transfer")).one() == "Jane Q. Signer"


def test_objections_offer_of_proof_and_extension_request(configured_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    jfk8_through("objections")
    request = _run("deadlines", "request-extension", JFK8_NUMBER, "--party", "amazon", "--kind", "offer-of-proof",
                   "--until", "2022-04-22", "--reasons", "Witnesses unavailable (hypothetical)",
                   "--received-at", "2022-04-08T15:00:00-04:00")
    assert request.exit_code == 0, request.output
    late = refused(capsys, "objections", "offer-of-proof", JFK8_NUMBER, "--party", "amazon", "--witness",
                   "1|A witness|What they saw", "--received-at", "2022-04-22T15:00:00-04:00")
    assert "untimely" in late or "after the cut-off" in late
    pin = _run("deadlines", "pin", str(_offer_deadline_id()), "--due", "2022-04-22", "--order", "RD order (hypothetical)",
               "--on", "2022-04-11", "--as-of", "2022-04-11T12:00:00-04:00")
    assert pin.exit_code == 0, pin.output
    ok = _run("objections", "offer-of-proof", JFK8_NUMBER, "--party", "amazon", "--witness", "1|A witness|What they saw",
              "--received-at", "2022-04-22T15:00:00-04:00")
    assert ok.exit_code == 0, ok.output
    with read_session() as s:
        assert s.exec(select(Filing).where(Filing.kind == "offer-of-proof")).one().body[0]["witness"] == "A witness"


def _offer_deadline_id() -> int:
    from casefile.record.models import Deadline
    from casefile.vocab import DeadlineKind

    with read_session() as s:
        ident = s.exec(select(Deadline.id).where(Deadline.kind == DeadlineKind.OFFER_OF_PROOF)).one()
    assert ident is not None
    return ident


def test_a_bad_witness_option_is_one_line(configured_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    jfk8_through("pin")
    line = refused(capsys, "objections", "offer-of-proof", JFK8_NUMBER, "--party", "amazon", "--witness", "one witness",
                   "--received-at", "2022-04-22")
    assert "--witness" in line


def test_review_request_oppose_and_ruling(configured_db: Path) -> None:
    jfk8_through("certification")
    request = _run("review", "request", JFK8_NUMBER, "--party", "amazon", "--ground", "Hypothetical ground",
                   "--received-at", "2023-01-26T16:00:00-05:00")
    assert request.exit_code == 0, request.output
    oppose = _run("review", "oppose", JFK8_NUMBER, "--party", "alu", "--point", "Hypothetical point",
                  "--received-at", "2023-02-01T16:00:00-05:00")
    assert oppose.exit_code == 0, oppose.output
    ruling = _run("review", "ruling", JFK8_NUMBER, "--ruling", "denied", "--on", "2023-02-06",
                  "--as-of", "2023-02-06T12:00:00-05:00")
    assert ruling.exit_code == 0, ruling.output
    with read_session() as s:
        assert s.exec(select(Election)).one().stage is Stage.CLOSED


@pytest.mark.parametrize(("args", "field"), [
    (("review", "ruling", JFK8_NUMBER, "--ruling", "affirmed", "--on", "2023-02-06"), "--ruling"),
    (("petition", "withdraw", JFK8_NUMBER, "--party", "amazon", "--consented-by", "RD", "--on", "2022-09-02"), "petitioner"),
])
def test_refusals_are_one_line(configured_db: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                               field: str) -> None:
    jfk8_through("ho-report")
    assert field in refused(capsys, *args)


def test_petition_dismiss(configured_db: Path) -> None:
    jfk8_through("ho-report")
    result = _run("petition", "dismiss", JFK8_NUMBER, "--grounds", "Hypothetical grounds", "--on", "2022-09-02",
                  "--as-of", "2022-09-02T12:00:00-07:00")
    assert result.exit_code == 0, result.output
    with read_session() as s:
        assert s.exec(select(Election)).one().stage is Stage.DISMISSED


def test_petition_withdraw_with_its_signer(configured_db: Path) -> None:
    jfk8_through("ho-report")
    result = _run("petition", "withdraw", JFK8_NUMBER, "--party", "alu", "--consented-by", "Regional Director, Region 28",
                  "--issuer", "Cornele A. Overstreet", "--on", "2022-09-02", "--as-of", "2022-09-02T12:00:00-07:00")
    assert result.exit_code == 0, result.output
    with read_session() as s:
        assert s.exec(select(Election)).one().stage is Stage.WITHDRAWN
        assert s.exec(select(AgencyOrder.issuer).where(AgencyOrder.kind == "withdrawal")).one() == "Cornele A. Overstreet"
