"""Refusals of the command line name what and where, and store nothing (issue 17; the new user's trial): a tally
whose ballots far exceed its eligible voters (655 against 100), a case number refused in a case or tally file (the
file and its key), given by the options (the option). Each compares every table and the output folder before and
after the refusal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.acts.snapshot import default_snapshot
from tests.cli.in_process import Ran, casefile
from tests.cli.test_first_hour_commands import NUMBER, OPEN, TALLY

pytestmark = pytest.mark.usefixtures("configured_db")

AS_OF = "2026-07-16T15:00:00-07:00"
TALLY_655 = ("case_number: 19-RC-361042\nkind: initial\nprepared_on: 2026-07-16\n"
             "choices: {\"International Brotherhood of Teamsters, Local 117\": 400}\nagainst: 250\nvoid: 5\neligible: 100\n")
SAID_655 = ("line 1 (eligible voters): 655 ballots were counted unchallenged (650 valid votes, 5 void ballots) against "
            "100 eligible voters: a voter not on the eligibility list votes a challenged ballot (line 6: 0)")


def refused(*args: str) -> str:
    """The one error line of a refused command, which stored nothing."""
    before = default_snapshot()
    ran: Ran = casefile(*args)
    assert ran.exit_code == 2, (ran.stdout, ran.stderr)
    assert default_snapshot() == before
    (line,) = ran.error_lines
    return line


def test_655_ballots_against_100_eligible_voters_by_the_options() -> None:
    assert casefile(*OPEN).exit_code == 0
    line = refused("tally", "record", "--case", NUMBER, "--prepared-on", "2026-07-16", "--choice",
                   "International Brotherhood of Teamsters, Local 117=400", "--against", "250", "--void", "5",
                   "--eligible", "100", "--as-of", AS_OF)
    assert line.startswith(f"error: tally record: --eligible: {SAID_655}"), line


def test_655_ballots_against_100_eligible_voters_in_a_tally_file(tmp_path: Path) -> None:
    assert casefile(*OPEN).exit_code == 0
    file = tmp_path / "tally.yaml"
    file.write_text(TALLY_655, encoding="utf-8")
    line = refused("tally", "record", str(file), "--as-of", AS_OF)
    assert line.startswith(f"error: {file}: field 'eligible': {SAID_655}"), line
    (tmp_path / "ok.yaml").write_text(TALLY_655.replace("eligible: 100", "eligible: 700"), encoding="utf-8")
    accepted = casefile("tally", "record", str(tmp_path / "ok.yaml"), "--as-of", AS_OF)
    assert accepted.exit_code == 0, accepted


CASE_FILE = """case:
  number: {number}
  name: "Starbucks Corporation"
  petition_filed_on: 2021-08-30
parties:
  - {{key: starbucks, role: employer, name: "Starbucks Corporation"}}
  - {{key: workers-united, role: petitioner, name: "Workers United"}}
"""


def test_a_case_number_a_case_file_gives_is_refused_naming_the_file_and_its_key(tmp_path: Path) -> None:
    """03-RC-28213 (a digit dropped) is not a number of a petition filed in 2021: the file and `case.number`."""
    file = tmp_path / "case.yaml"
    file.write_text(CASE_FILE.format(number="03-RC-28213"), encoding="utf-8")
    assert refused("case", "open", str(file)) == (
        f"error: {file}: field 'case.number': 03-RC-28213: its serial number 28213 has 5 digits, not 6 (a petition "
        "filed since 2012 has a number of the form RR-TT-NNNNNN, e.g. 10-RC-269250); check the number on the petition "
        "or the Region's letters")


@pytest.mark.parametrize(("number", "says"), [
    ("19-XX-361042", "'19-XX-361042': XX is not an NLRB case type"),
    ("19-RC-36104", "no case 19-RC-36104 in the database"),
])
def test_a_case_number_a_tally_file_gives_is_refused_naming_the_file_and_its_key(tmp_path: Path, number: str,
                                                                                  says: str) -> None:
    assert casefile(*OPEN).exit_code == 0
    file = tmp_path / "tally.yaml"
    file.write_text(TALLY_655.replace("19-RC-361042", number).replace("eligible: 100", "eligible: 700"), encoding="utf-8")
    for as_of in (AS_OF, "2026-07-16"):  # a date alone is read in the case's zone: the case is looked up first
        line = refused("tally", "record", str(file), "--as-of", as_of)
        assert line.startswith(f"error: {file}: field 'case_number': {says}"), line


def test_a_case_number_the_options_give_is_refused_naming_the_option() -> None:
    line = refused("tally", "record", "--case", "19-RC-36104", "--prepared-on", "2026-07-16", "--choice", "IBT=4",
                   "--against", "3", "--as-of", AS_OF)
    assert line.startswith("error: tally record: --case: no case 19-RC-36104 in the database"), line


@pytest.mark.parametrize(("args", "said"), [
    pytest.param(("tally", "record", "--case", NUMBER, "--prepared-on", "2026-13-01", "--choice", "IBT=4", "--against", "3"),
                 "error: tally record: --prepared-on: 2026-13-01 is not a calendar date (month must be 1–12)",
                 id="prepared-on"),
    pytest.param(("tally", "record", "--case", NUMBER, "--prepared-on", "2026-07-16", "--choice", "IBT=4", "--against", "3",
                  "--held-from", "2026-07-01", "--held-to", "2026-02-30"),
                 "error: tally record: --held-to: 2026-02-30 is not a calendar date (February 2026 has 28 days)",
                 id="held-to"),
    pytest.param(("tally", "record", "--case", NUMBER, "--prepared-on", "2026-07-16", "--choice", "IBT=4", "--against", "3",
                  "--as-of", "2026-13-01"),
                 "error: --as-of: 2026-13-01 is not a calendar date (month must be 1–12)", id="as-of-date"),
    pytest.param(("objections", "file", NUMBER, "--party", "union", "--objection", "Threats.", "--received-at",
                  "2026-13-01T10:00:00-07:00"),
                 "error: --received-at: 2026-13-01T10:00:00-07:00 is not a calendar date (month must be 1–12)",
                 id="received-at-instant"),
    pytest.param(("objections", "file", NUMBER, "--party", "union", "--objection", "Threats.", "--received-at",
                  "2026-07-20T24:00:00-07:00"),
                 "error: --received-at: 2026-07-20T24:00:00-07:00 is not a time of day (hour must be 0–23)",
                 id="received-at-hour"),
    pytest.param(("objections", "file", NUMBER, "--party", "union", "--objection", "Threats.", "--method", "paper",
                  "--postmarked-on", "2026-04-31"),
                 "error: file-objections: --postmarked-on: 2026-04-31 is not a calendar date (April 2026 has 30 "
                 "days)", id="postmarked-on"),
    pytest.param(("certify", NUMBER, "--issued-on", "2026-13-01"),
                 "error: certification: --issued-on: 2026-13-01 is not a calendar date (month must be 1–12)",
                 id="certify-issued-on"),
    pytest.param(("case", "open", "--number", "19-RC-361043", "--employer", "E", "--union", "U", "--petition-filed-on",
                  "2026-00-10"),
                 "error: case open: --petition-filed-on: 2026-00-10 is not a calendar date (month must be 1–12)",
                 id="petition-filed-on"),
    pytest.param(("deadlines", "--as-of", "2026-01-32"),
                 "error: --as-of: 2026-01-32 is not a calendar date (day must be 1–31)", id="deadlines-as-of"),
    pytest.param(("sweep", "--as-of", "2025-02-29"),
                 "error: --as-of: 2025-02-29 is not a calendar date (February 2025 has 28 days)", id="sweep-as-of"),
])
def test_a_date_that_is_not_on_the_calendar_says_why_naming_the_option(args: tuple[str, ...], said: str) -> None:
    assert casefile(*OPEN).exit_code == 0
    assert refused(*args) == said


@pytest.mark.parametrize(("args", "said"), [
    pytest.param(("objections", "file", NUMBER, "--party", "uinon", "--objection", "Threats."),
                 f"error: case {NUMBER} has no party 'uinon': did you mean 'union'? (parties: employer (employer: "
                 "Cascadia Freight Services, Inc.), union (petitioner: International Brotherhood of Teamsters, Local 117))",
                 id="party"),
    pytest.param(("objections", "file", NUMBER, "--party", "union", "--objection", "Threats.", "--method", "efiling"),
                 "error: file-objections: --method must be one of 'e-filing', 'fax' or 'paper' (not 'efiling': "
                 "did you mean 'e-filing'?)", id="method"),
    pytest.param(("tally", "record", "--case", NUMBER, "--prepared-on", "2026-07-16", "--choice", "IBT=4", "--against",
                  "3", "--kind", "runof"),
                 "error: tally record: --kind must be one of 'initial', 'revised', 'runoff' or 'rerun' (not "
                 "'runof': did you mean 'runoff'?)", id="kind"),
    pytest.param(("tally", "record", "--case", NUMBER, "--prepared-on", "2026-07-16", "--choice", "IBT=4", "--against",
                  "3", "--method", "xyz"),
                 "error: tally record: --method must be one of 'manual', 'mail' or 'mixed' (not 'xyz')",
                 id="nothing-close"),
])
def test_an_unknown_name_gets_a_did_you_mean(args: tuple[str, ...], said: str) -> None:
    assert casefile(*OPEN).exit_code == 0
    assert args[0] != "objections" or casefile(*TALLY).exit_code == 0
    assert refused(*args) == said


def test_an_unknown_act_in_an_act_file_gets_a_did_you_mean(tmp_path: Path) -> None:
    """`act: fle-objections`: the act it is close to, then every act; nothing stored."""
    assert casefile(*OPEN).exit_code == 0
    file = tmp_path / "act.yaml"
    file.write_text("act: fle-objections\nparty: union\ndate: 2026-07-20\nobjections: [Threats.]\n", encoding="utf-8")
    line = refused("act", NUMBER, str(file))
    assert line.startswith(f"error: {file}: unknown act 'fle-objections': did you mean 'file-objections'? (acts: "
                           "open-case, add-counsel, record-tally, file-objections,"), line


def test_an_unknown_office_and_deadline_kind_get_a_did_you_mean() -> None:
    assert casefile(*OPEN).exit_code == 0
    office = refused("case", "open", "--number", "19-RC-361043", "--employer", "E", "--union", "U",
                     "--petition-filed-on", "2026-01-13", "--office", "Seatle")
    assert office.startswith("error: case open: --office: Region 19 has no office 'Seatle': did you mean "
                             "'Seattle'? Its offices: 19-seattle (Seattle, WA, America/Los_Angeles); "), office
    kind = casefile("deadlines", "explain", NUMBER, "objectons")
    assert kind.exit_code == 2
    assert kind.error_lines[0].startswith("error: 'objectons' is not a kind of deadline: did you mean 'objections'? "
                                          "(kinds: objections (Objections and offer of proof);"), kind.error_lines
