"""``casefile challenges register|rule|open`` on Starbucks Genesee Street (03-RC-282139) and
``casefile runoff`` on Trinity College (01-RC-196511), in-process through the front door: one
real happy path and one refusal (exit 2, one line) each."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import select

from casefile.record.db import read_session
from casefile.record.models import ChallengedBallot, Election, Tally
from casefile.vocab import ChallengeStatus, Stage, TallyKind
from tests.acts.example_cases import ExampleCase, starbucks, trinity
from tests.cli.in_process import casefile

NUMBER = "03-RC-282139"
STORE = "does not work at the Genesee Street store"
REGISTER = ("voter,challenged_by,ground\n"
            + "".join(f"[NOT IN THE PUBLIC RECORD: challenged voter {i}],workers-united,{STORE}\n" for i in range(1, 7))
            + "[NOT IN THE PUBLIC RECORD: challenged voter 7],starbucks,no longer employed\n")


@pytest.fixture
def tallied(configured_db: Path) -> ExampleCase:
    c = starbucks()
    c.carry(1)
    return c


@pytest.fixture
def ruled(configured_db: Path) -> ExampleCase:
    c = starbucks()
    c.carry(4)
    return c


class TestRegister:
    def test_registers_the_csv(self, tallied: ExampleCase, tmp_path: Path) -> None:
        """The Starbucks register of 7 is stored pending and the result printed."""
        register = tmp_path / "register.csv"
        register.write_text(REGISTER, encoding="utf-8")
        ran = casefile("challenges", "register", NUMBER, str(register), "--as-of", "2021-12-09T15:00:00-05:00")
        assert ran.exit_code == 0, ran.stderr
        assert ran.stdout.splitlines()[:1] == [  # the record's id with what it is
            f"{NUMBER}: 7 challenged ballots registered (1 by Starbucks Corporation, "
            "6 by Workers United); the register holds all 7 challenged ballots of the tally"]
        with read_session() as s:
            assert {b.status for b in s.exec(select(ChallengedBallot))} == {ChallengeStatus.PENDING}

    def test_unknown_challenger_exits_2(self, tallied: ExampleCase, tmp_path: Path) -> None:
        """A challenger that is not a party's handle: one error line, exit 2, nothing stored."""
        register = tmp_path / "register.csv"
        register.write_text("voter,challenged_by,ground\nvoter 1,union,supervisor\n", encoding="utf-8")
        ran = casefile("challenges", "register", NUMBER, str(register), "--as-of", "2021-12-09T15:00:00-05:00")
        assert ran.exit_code == 2
        assert ran.error_lines == [f"error: challenge of 'voter 1': 'union' is not a party of {NUMBER} nor the Board "
                                   "agent (one of: board-agent, starbucks, workers-united)"]
        assert ran.stderr.strip() == ran.error_lines[0]
        with read_session() as s:
            assert s.exec(select(ChallengedBallot)).all() == []

    def test_bad_cell_names_line_and_column(self, tallied: ExampleCase, tmp_path: Path) -> None:
        """A register whose second row lacks its ground is refused naming line 3."""
        register = tmp_path / "register.csv"
        register.write_text("voter,challenged_by,ground\nvoter 1,starbucks,x\nvoter 2,starbucks,\n", encoding="utf-8")
        ran = casefile("challenges", "register", NUMBER, str(register))
        assert (ran.exit_code, ran.error_lines) == (2, [f"error: {register}: line 3, column ground: empty"])


class TestRule:
    def test_sustains_by_ground(self, configured_db: Path) -> None:
        """The ruling of 2022-01-10 sustains the six by ground; the seventh stays sealed."""
        c = starbucks()
        c.carry(3)
        ran = casefile("challenges", "rule", NUMBER, "--on", "2022-01-10", "--sustain", "--ground", STORE,
                       "--reason", "not eligible in this unit", "--as-of", "2022-01-10T12:00:00-05:00")
        assert ran.exit_code == 0, ran.stderr
        assert ran.stdout.splitlines()[0] == (f"{NUMBER}: 6 challenged ballots sustained by the Regional Director (ground: "
                                                   f"{STORE}); the 1 ballot still pending is no longer determinative "
                                                   "and stays sealed")  # what was done, in words

    def test_unknown_ground_exits_2(self, configured_db: Path) -> None:
        """A ground no pending ballot has: one error line listing the pending grounds, exit 2."""
        c = starbucks()
        c.carry(3)
        ran = casefile("challenges", "rule", NUMBER, "--on", "2022-01-10", "--sustain", "--ground", "supervisor",
                       "--as-of", "2022-01-10T12:00:00-05:00")
        assert ran.exit_code == 2
        assert ran.error_lines == ["error: no pending challenged ballot has the ground 'supervisor' (pending grounds: "
                                   f"{STORE}; no longer employed)"]


class TestOpen:
    def test_issues_the_revised_tally(self, ruled: ExampleCase) -> None:
        """Nothing to open, six sustained: the Revised Tally of 2022-01-10 (15-9) is recorded and its PDF issued."""
        ran = casefile("challenges", "open", NUMBER, "--on", "2022-01-10", "--as-of", "2022-01-10T12:00:00-05:00")
        assert ran.exit_code == 0, ran.stderr
        assert ran.stdout.splitlines()[0].startswith(f"{NUMBER}: Revised Tally of Ballots")
        assert ran.stdout.splitlines()[-1].endswith("2022-01-10_revised-tally-of-ballots.pdf")
        with read_session() as s:
            revised = s.exec(select(Tally).where(Tally.kind == TallyKind.REVISED)).one()
        assert (revised.votes, revised.against, revised.challenged, revised.winner) == (
            [["Workers United", 15]], 9, 1, "Workers United")

    def test_votes_without_ballots_opened_exit_2(self, ruled: ExampleCase) -> None:
        """No challenge was overruled: a vote counted among the ballots opened is refused."""
        ran = casefile("challenges", "open", NUMBER, "--on", "2022-01-10", "--counted", "Workers United=1",
                       "--as-of", "2022-01-10T12:00:00-05:00")
        assert ran.exit_code == 2
        assert ran.error_lines == ["error: revised tally: the counts opened add up to 1 but 0 ballots were opened"]


class TestRunoff:
    def test_directs_the_trinity_runoff(self, configured_db: Path) -> None:
        """LEOS-PBA v. SPFPA, held 2017-05-17: the Notice of Runoff Election is issued."""
        c = trinity()
        c.carry(1)
        ran = casefile("runoff", "01-RC-196511", "--on", "2017-05-12", "--held-from", "2017-05-17",
                       "--as-of", "2017-05-12T12:00:00-04:00")
        assert ran.exit_code == 0, ran.stderr
        assert ran.stdout.splitlines()[-1].endswith("2017-05-12_notice-of-runoff-election.pdf")
        with read_session() as s:
            assert s.exec(select(Election)).one().stage is Stage.RUNOFF_DIRECTED

    def test_during_the_objection_period_exits_2(self, configured_db: Path) -> None:
        """On 2017-05-08 the objection period still runs: the direction is refused with the stage in one line."""
        c = trinity()
        c.carry(1)
        ran = casefile("runoff", "01-RC-196511", "--on", "2017-05-08", "--as-of", "2017-05-08T12:00:00-04:00")
        assert ran.exit_code == 2
        assert ran.error_lines == [
            "error: Directing a runoff is not available now in election 1: the objection period on the tally runs "
            "until Thursday, May 11, 2017. Directing a runoff becomes available when the election is at “Runoff "
            "election due”; when that period ends with no objections filed, the election moves on to what the tally "
            "calls for (the certification, or the runoff election); objections filed in it are decided first."]
