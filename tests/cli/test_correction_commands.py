"""`casefile correct tally|party|case` and `casefile objections withdraw|amend`: each builds its act
and performs it through the front door on the Bessemer case (10-RC-269250); a refusal exits 2 with
one `error:` line and stores nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import select

from casefile.acts.correct_party import DetailsOf
from casefile.record.db import read_session
from casefile.record.models import Case, DocketEntry, Objection, Party, Tally
from casefile.vocab import Disposition
from tests.acts.procedure import event, open_bessemer, perform
from tests.cli.in_process import Ran, casefile

NUMBER = "10-RC-269250"
AS_OF = ("--as-of", "2021-04-20T12:00:00-04:00")

pytestmark = pytest.mark.usefixtures("configured_db")


def one_error(ran: Ran) -> str:
    """The refusal's single line (exit 2, nothing on standard output)."""
    assert ran.exit_code == 2, (ran.stdout, ran.stderr)
    assert ran.stdout == ""
    assert len(ran.stderr.strip().splitlines()) == 1, ran.stderr
    return ran.error_lines[0]


def docket_acts() -> list[str]:
    with read_session() as session:
        return list(session.exec(select(DocketEntry.act)))


@pytest.fixture
def bessemer(configured_db: Path) -> None:
    """Bessemer opened, its 2021 tally recorded with 1,789 against (the form reads 1,798), and
    RWDSU's 23 objections filed 2021-04-16; no documents."""
    open_bessemer()
    perform(event("tally-2021").model_copy(update={"against": 1789}))
    perform(event("objections-2021"))


@pytest.mark.usefixtures("bessemer")
def test_correct_tally() -> None:
    ran = casefile("correct", "tally", NUMBER, "--against", "1798", "--why", "the form reads 1,798", *AS_OF)
    assert ran.exit_code == 0, ran.stderr
    assert ran.stdout.startswith(f"{NUMBER}: ") and "(correction:1)" not in ran.stdout
    assert "against 1,789 → 1,798; valid votes 2,527 → 2,536" in ran.stdout
    assert "note: The outcome is unchanged: Certification of Results." in ran.stderr  # information, not a warning
    assert "warning: The outcome is unchanged" not in ran.stderr
    with read_session() as session:
        assert session.exec(select(Tally.against)).one() == 1798
    before = docket_acts()
    line = one_error(casefile("correct", "tally", NUMBER, "--against", "1798", "--why", "again", *AS_OF))
    assert line.startswith(f"error: {NUMBER}: the tally of election 1 already reads what this correction gives "
                           "(against 1798): it corrects nothing")
    line = one_error(casefile("correct", "tally", NUMBER, "--choice", "Teamsters=3", "--why", "w", *AS_OF))
    assert line.startswith("error: 'Teamsters' is not on the ballot of election 1")
    assert one_error(casefile("correct", "tally", NUMBER, "--choice", "RWDSU", "--why", "w")) == (
        "error: --choice 'RWDSU': expected 'NAME=VOTES' (e.g. 'Retail, Wholesale and Department Store Union=738')")
    assert docket_acts() == before


@pytest.mark.usefixtures("bessemer")
def test_correct_party() -> None:
    ran = casefile("correct", "party", NUMBER, "amazon", "--email", "legal@amazon.example", "--why", "missing", *AS_OF)
    assert ran.exit_code == 0, ran.stderr
    assert 'email (none) → "legal@amazon.example"' in ran.stdout
    with read_session() as session:
        amazon = session.exec(select(Party).where(Party.key == "amazon")).one()
        assert DetailsOf(session, amazon).read()["email"] == "legal@amazon.example"
    line = one_error(casefile("correct", "party", NUMBER, "teamsters", "--name", "Teamsters", "--why", "w", *AS_OF))
    assert line == "error: case 10-RC-269250 has no party 'teamsters' (parties: amazon (employer: Amazon.com Services LLC), rwdsu (petitioner: Retail, Wholesale and Department Store Union))"


@pytest.mark.usefixtures("bessemer")
def test_correct_case() -> None:
    ran = casefile("correct", "case", NUMBER, "--name", "Amazon.com Services LLC (BHM1)", "--why", "the facility",
                   *AS_OF)
    assert ran.exit_code == 0, ran.stderr
    assert 'name "Amazon.com Services LLC" → "Amazon.com Services LLC (BHM1)"' in ran.stdout
    with read_session() as session:
        assert session.exec(select(Case.name)).one() == "Amazon.com Services LLC (BHM1)"
    line = one_error(casefile("correct", "case", NUMBER, "--agreement", "directed", "--why", "w", *AS_OF))
    assert line == f"error: {NUMBER}: the case already reads agreement directed: this correction corrects nothing"
    assert one_error(casefile("correct", "case", NUMBER, "--why", "w")).startswith(
        "error: correct-case: give what the case's record should read")


@pytest.mark.usefixtures("bessemer")
def test_objections_withdraw() -> None:
    ran = casefile("objections", "withdraw", NUMBER, "--party", "rwdsu", "--number", "5", "--on", "2021-04-20",
                   "--why", "not pursued", *AS_OF)
    assert ran.exit_code == 0, ran.stderr
    assert "Objection 5 of Retail, Wholesale and Department Store Union withdrawn" in ran.stdout
    with read_session() as session:
        assert session.exec(select(Objection.disposition).where(Objection.number == 5)).one() is Disposition.WITHDRAWN
    line = one_error(casefile("objections", "withdraw", NUMBER, "--party", "rwdsu", "--number", "24", "--why", "w",
                              *AS_OF))
    assert line == ("error: Retail, Wholesale and Department Store Union has no objection 24 in election 1 of "
                    "10-RC-269250 (its objections: 1 to 23)")


@pytest.mark.usefixtures("bessemer")
def test_objections_amend() -> None:
    text = "Surveillance: cameras installed in the break rooms during the voting period."
    ran = casefile("objections", "amend", NUMBER, "--party", "rwdsu", "--number", "2", "--text", text,
                   "--received-at", "2021-04-16T15:00:00-04:00", "--why", "the full statement", *AS_OF)
    assert ran.exit_code == 0, ran.stderr
    assert "Objection 2 of Retail, Wholesale and Department Store Union amended" in ran.stdout
    with read_session() as session:
        assert session.exec(select(Objection.text).where(Objection.number == 2)).one() == text
    line = one_error(casefile("objections", "amend", NUMBER, "--party", "rwdsu", "--number", "3", "--text", "Threats.",
                              "--received-at", "2021-04-19T09:00:00-04:00", "--why", "w", *AS_OF))
    assert line.startswith("error: the amendment of objection 3 of Retail, Wholesale and Department Store Union "
                           "received Mon 2021-04-19 9:00 a.m. EDT by e-filing after the cut-off: due Fri 2021-04-16, cut-off 11:59 p.m. EDT")


@pytest.mark.usefixtures("bessemer")
def test_a_correction_to_an_eligible_count_no_turnout_explains_is_refused() -> None:
    """Bessemer's 2,536 valid votes and 76 void ballots (1,789 against as transcribed: 2,527) against an eligible count
    corrected to 1,000: refused by rules.tally.turnout_refusal, every table and file as before."""
    from tests.acts.snapshot import default_snapshot

    before = default_snapshot()
    line = one_error(casefile("correct", "tally", NUMBER, "--eligible", "1000", "--why", "typo", *AS_OF))
    assert line.startswith("error: the corrected tally is impossible: line 1 (eligible voters): 2,603 ballots were "
                           "counted unchallenged (2,527 valid votes, 76 void ballots) against 1,000 eligible voters"), line
    assert default_snapshot() == before
