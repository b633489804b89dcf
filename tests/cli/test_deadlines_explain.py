"""`casefile deadlines explain ID` prints how a stored deadline was computed (the tolling of the 2025 shutdown
included), and the listings show the ids it takes; an unknown id exits 2 with a message."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from casefile.jobs.sweep import sweep
from casefile.record import migrate
from casefile.record.db import make_engine, write_session
from tests.bessemer import NUMBER, TALLY_2021, case_act, open_case, record_tally, tally_on
from tests.conftest import at

CASEFILE = Path(sys.executable).with_name("casefile")


@pytest.fixture
def db_env(tmp_path: Path) -> dict[str, str]:
    """A SQLite file holding the Bessemer case with its 2021 tally (recorded through the acts)."""
    url = f"sqlite:///{tmp_path / 'casefile.db'}"
    engine = make_engine(url)
    migrate.upgrade(engine)  # the CLI opens it: its schema at the migrations' head
    with write_session(engine, by="operator:tests") as s:
        open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
    engine.dispose()
    return {**os.environ, "CASEFILE_DATABASE_URL": url, "COLUMNS": "200"}


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(CASEFILE), *args], env=env, capture_output=True, text=True, timeout=120)


def ids_by_kind(env: dict[str, str]) -> dict[str, int]:
    """The ids `deadlines --json` lists, by kind of deadline."""
    listing = json.loads(run(env, "deadlines", "--as-of", "2021-04-12", "--json").stdout)
    return {d["kind"]: d["id"] for d in listing["deadlines"]}


class TestExplain:
    def test_text_gives_the_whole_derivation(self, db_env: dict[str, str]) -> None:
        """`deadlines explain` of Bessemer's objections prints case, trigger, rule, office, each day counted and the cut-off."""
        deadline_id = ids_by_kind(db_env)["objections"]
        result = run(db_env, "deadlines", "explain", str(deadline_id), "--as-of", "2021-04-12")
        assert result.returncode == 0, result.stderr
        lines = [" ".join(line.split()) for line in result.stdout.splitlines()]
        for expected in (
            f"Deadline {deadline_id}: Objections and offer of proof — 10-RC-269250 Amazon.com Services LLC, election 1 (initial election)",
            "for all parties",
            "trigger Tally of Ballots prepared April 9, 2021",
            "rule 29 CFR 102.69(a)(8)",
            "rule set 2019 rule as implemented (business days; post-hearing briefs as of right)",
            "receiving office Atlanta, GA (Eastern time)",
            "tally prepared Fri 2021-04-09",
            "5 business days after Fri 2021-04-09; that day is not counted (102.2(a))",
            "Mon 2021-04-12 is day 1",
            "Fri 2021-04-16 is day 5",
            "Due Friday, April 16, 2021; cut-off 11:59 p.m. EDT on Friday, April 16, 2021, the receiving office's time",
            "cut-off 11:59 p.m. EDT",
            "Status as of 12:00 a.m. EDT on April 12, 2021: open",
        ):
            assert expected in lines, expected
        assert ":59:59" not in result.stdout  # "11:59 p.m.", as the Agency writes it
        calendar = next(line for line in lines if line.startswith("calendar "))
        # the calendar in words (the stored id stays in --json): its holidays and how many closure days it lists
        assert re.fullmatch(r"calendar Federal holidays \(holidays 0\.108\) and the \d+ days the Agency's offices were "
                            r"closed by order", calendar), calendar
        assert "us-federal" not in result.stdout and "sha1" not in result.stdout
        view = json.loads(run(db_env, "deadlines", "explain", str(deadline_id), "--json", "--as-of", "2021-04-12").stdout)
        assert view["calendar"].startswith("us-federal(holidays==0.108)+closures:")  # the id as stored
        assert calendar == f"calendar {view['calendar_words']}"

    def test_json(self, db_env: dict[str, str]) -> None:
        """`deadlines explain --json` of the earliest certification gives its chain, office, dates and status."""
        deadline_id = ids_by_kind(db_env)["earliest-certification"]
        result = run(db_env, "deadlines", "explain", str(deadline_id), "--json", "--as-of", "2021-04-12")
        assert result.returncode == 0, result.stderr
        view = json.loads(result.stdout)
        assert {k: view[k] for k in ("id", "kind", "case_number", "election", "for", "trigger_on", "rule_set", "office",
                                     "office_tz", "preceding_due_on", "due_on", "cutoff_at", "status", "closed_at")} == {
            "id": deadline_id, "kind": "earliest-certification", "case_number": NUMBER, "election": 1,
            "for": "Regional Director", "trigger_on": "2021-04-09", "rule_set": "2019-text", "office": "10-atlanta",
            "office_tz": "America/New_York", "preceding_due_on": "2021-04-16", "due_on": "2021-04-19",
            "cutoff_at": "2021-04-19T23:59:59-04:00", "status": "open", "closed_at": None,
        }
        assert view["derivation"][1:3] == [
            "objections due Fri 2021-04-16 (see preceding)",
            "certification may issue forthwith after the objection period if no objections were filed, challenges "
            "are not determinative and no runoff is required (29 CFR 102.69(b))",
        ]
        assert "Mon 2021-04-19 is day 1" in view["derivation"]

    def test_ids_of_case_show_explain_the_same_deadlines(self, db_env: dict[str, str]) -> None:
        """Every id in `case show --json` explains the deadline of that kind and due date."""
        view = json.loads(run(db_env, "case", "show", NUMBER, "--json").stdout)
        listed = view["elections"][0]["deadlines"]
        assert len(listed) == 4
        for d in listed:
            explained = json.loads(run(db_env, "deadlines", "explain", str(d["id"]), "--json").stdout)
            assert (explained["kind"], explained["due_on"], explained["derivation"]) == (d["kind"], d["due_on"], d["derivation"])

    def test_a_closed_deadline_shows_its_status_and_when(self, db_env: dict[str, str]) -> None:
        """After the sweep at midnight, the objections deadline explains as lapsed, closed 2021-04-17 00:00 Eastern."""
        deadline_id = ids_by_kind(db_env)["objections"]
        engine = make_engine(db_env["CASEFILE_DATABASE_URL"])
        with write_session(engine, by="operator:tests") as s:
            sweep(s, as_of=at("2021-04-17T00:00:00-04:00"))
        engine.dispose()
        result = run(db_env, "deadlines", "explain", str(deadline_id))
        assert result.returncode == 0, result.stderr
        status = next(line for line in result.stdout.splitlines() if line.startswith("Status as of "))
        assert status.endswith(": lapsed (closed 12:00 a.m. EDT on April 17, 2021)"), status

    def test_an_unswept_period_past_its_cut_off_is_never_open(self, db_env: dict[str, str]) -> None:
        """One meaning of open (29 CFR 102.2(b): due on or before the last day): the 2021 objections, never swept,
        explain today as lapsed, not open — and `deadlines`, `case show` agree (status as of now)."""
        deadline_id = ids_by_kind(db_env)["objections"]
        view = json.loads(run(db_env, "deadlines", "explain", str(deadline_id), "--json").stdout)
        assert (view["status"], view["open"], view["stored_status"]) == ("lapsed", False, "open")
        assert "the record has not closed it yet" in view["status_note"]
        shown = json.loads(run(db_env, "case", "show", NUMBER, "--json").stdout)["elections"][0]["deadlines"]
        assert {d["kind"]: d["status"] for d in shown} == {
            "objections": "lapsed", "offer-of-proof": "lapsed", "earliest-certification": "passed",
            "hearing-opens": "passed"}
        assert json.loads(run(db_env, "deadlines", "--json").stdout)["deadlines"] == []
        text = run(db_env, "case", "show", NUMBER).stdout
        assert not re.search(rf"^\s*{deadline_id}\s+election 1\s+objections\b", text, flags=re.M)


@pytest.fixture
def shutdown_env(tmp_path: Path) -> dict[str, str]:
    """A SQLite file holding a Region 10 case tallied Tue 2025-09-30, the day before the 2025 shutdown."""
    url = f"sqlite:///{tmp_path / 'casefile.db'}"
    engine = make_engine(url)
    migrate.upgrade(engine)
    with write_session(engine, by="operator:tests") as s:
        open_case(s, act=case_act(number="10-RC-369250", petition_filed_on=date(2025, 7, 14)),
                  as_of=at("2025-09-30T12:00:00-04:00"))
        record_tally(s, tally_on(date(2025, 9, 30)), case_number="10-RC-369250", as_of=at("2025-09-30T12:00:00-04:00"))
    engine.dispose()
    return {**os.environ, "CASEFILE_DATABASE_URL": url, "COLUMNS": "200"}


class TestTolling:
    def test_explain_shows_the_tolling_step(self, shutdown_env: dict[str, str]) -> None:
        """The objections of a tally of 2025-09-30 explain as counted to Tue 10-07, tolled 43 days to Wed 11-19."""
        listing = json.loads(run(shutdown_env, "deadlines", "--as-of", "2025-10-01", "--json").stdout)
        deadline_id = next(d["id"] for d in listing["deadlines"] if d["kind"] == "objections")
        result = run(shutdown_env, "deadlines", "explain", str(deadline_id))
        assert result.returncode == 0, result.stderr
        lines = [" ".join(line.split()) for line in result.stdout.splitlines()]
        for expected in (
            "Tue 2025-10-07 is day 5",
            "original due date Tue 2025-10-07; closed 43 days",
            "Tue 2025-10-07 + 43 days = Wed 2025-11-19",
            "revised due date Wed 2025-11-19",
            "Tolled: original due date Tue 2025-10-07; closed 43 days; revised due date Wed 2025-11-19",
            "Due Wednesday, November 19, 2025; cut-off 11:59 p.m. EST on Wednesday, November 19, 2025, the receiving office's time",
        ):
            assert expected in lines, expected
        view = json.loads(run(shutdown_env, "deadlines", "explain", str(deadline_id), "--json").stdout)
        assert view["tolling"][0].startswith("the period ran while the Agency was closed 2025-10-01 … 2025-11-12")
        assert view["tolling"][-1] == "revised due date Wed 2025-11-19"
        assert view["due_on"] == "2025-11-19"


class TestListingsShowIds:
    def test_deadlines_table_has_an_id_column(self, db_env: dict[str, str]) -> None:
        """`deadlines` prints an ID column whose value for the objections row is the id `explain` takes."""
        deadline_id = ids_by_kind(db_env)["objections"]
        result = run(db_env, "deadlines", "--as-of", "2021-04-12")
        assert result.returncode == 0, result.stderr
        assert any(line.split()[:2] == ["ID", "Case"] for line in result.stdout.splitlines() if line.strip())
        assert any(re.match(rf"\s*{deadline_id}\s+{NUMBER}\s+Objections\b", line) for line in result.stdout.splitlines())

    def test_case_show_table_has_an_id_column(self, db_env: dict[str, str]) -> None:
        """`case show` lists the open deadlines with their ids too."""
        deadline_id = ids_by_kind(db_env)["offer-of-proof"]
        result = run(db_env, "case", "show", NUMBER, "--as-of", "2021-04-12")
        assert result.returncode == 0, result.stderr
        assert any(re.match(rf"\s*{deadline_id}\s+election 1\s+Offer of\b", line) for line in result.stdout.splitlines())


class TestRefusals:
    @pytest.mark.parametrize(("argument", "message"), [
        ("999", "no deadline with id 999 in the database (`casefile deadlines` and `casefile case show CASE` list the ids)"),
        ("objections", "'objections' is not a deadline id; with a case number, give the deadline's kind after it"),
    ], ids=["unknown-id", "not-a-number"])
    def test_bad_id_exits_2(self, db_env: dict[str, str], argument: str, message: str) -> None:
        """An unknown or non-numeric id prints the error and exits 2, without a traceback."""
        result = run(db_env, "deadlines", "explain", argument)
        assert result.returncode == 2
        assert message in " ".join(result.stderr.replace("│", " ").split())
        assert "Traceback" not in result.stderr

    def test_explain_imports_neither_prefect_nor_weasyprint(self, db_env: dict[str, str]) -> None:
        """`deadlines explain` is read-only: prefect and weasyprint stay unimported."""
        code = ("import sys\nfrom casefile.cli import app\n"
                "app(['deadlines', 'explain', '1'], standalone_mode=False)\n"
                "print(sorted(m for m in ('prefect', 'weasyprint') if m in sys.modules))")
        result = subprocess.run([sys.executable, "-c", code], env=db_env, capture_output=True, text=True, check=True)
        assert result.stdout.strip().splitlines()[-1] == "[]"
