"""Plausibility as law (issue 17 item 4): the case's time line, stated once in casefile.rules.chronology,
refused the same way by every door — the front door, the command line, a scenario replay, the NLRB import.

Each test is one of the reliability trial's "impossible facts" (../shared/reviews/reliability-trial.md,
defect 4), stored and reported as success before: a tally prepared before voting ended, an election held
before the petition, a petition filed after its tally, runoff tallies before the runoff, a certification
of 2099 in a replay, acts recorded in 2030 and 2100 from the command line (which swept the case as of then),
acts before the case existed, and NLRB export dates in 2099 or out of order. Every refusal is checked to
store nothing (every table and the output folder as they were).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from typing import ClassVar

import pytest
from sqlmodel import select

from casefile import app
from casefile.acts import Who
from casefile.errors import BadInput, InvalidScenario, OutOfOrder
from tests.acts.example_cases import EXAMPLES, trinity
from tests.acts.procedure import NUMBER, carry, event, open_bessemer, refused
from tests.acts.snapshot import default_snapshot
from tests.cli.in_process import casefile

#: The 2021 Bessemer tally file of the trial, with its election's voting days to be filled in.
TALLY_FILE = (f"case_number: {NUMBER}\nkind: initial\nprepared_on: {{prepared}}\n"
              "choices: {{\"Retail, Wholesale and Department Store Union\": 738}}\nagainst: 1798\n"
              "challenged: 505\nvoid: 76\neligible: 5867\n"
              "election: {{method: mail, held_from_on: {first}, held_to_on: {last}}}\n")


def _cli_refused(*args: str) -> str:
    """Run ``casefile ARGS``: exit 2, one error line, nothing stored; returns the error line."""
    before = default_snapshot()
    ran = casefile(*args)
    assert ran.exit_code == 2, ran.stdout + ran.stderr
    assert len(ran.error_lines) == 1, ran.stderr
    assert default_snapshot() == before
    return ran.error_lines[0]


def _tally_file(tmp_path: Path, *, prepared: str, first: str, last: str) -> str:
    file = tmp_path / "t.yaml"
    file.write_text(TALLY_FILE.format(prepared=prepared, first=first, last=last), encoding="utf-8")
    return str(file)


class TestTheTally:
    def test_a_tally_prepared_before_voting_ended_is_refused(self, configured_db: Path, tmp_path: Path) -> None:
        """Prepared March 28, 2021, voting by mail until March 29: exit 2 naming both dates, nothing stored."""
        open_bessemer()
        line = _cli_refused("tally", "record", _tally_file(tmp_path, prepared="2021-03-28", first="2021-02-08",
                                                           last="2021-03-29"), "--as-of", "2021-04-09T12:00:00-04:00")
        assert ("the initial tally is dated March 28, 2021, before voting ended on March 29, 2021: a tally counts "
                "ballots already cast") in line

    def test_the_day_voting_ended_is_in_order(self, configured_db: Path, tmp_path: Path) -> None:
        """A count at the close of the polls: the tally of March 29 for voting until March 29 is recorded."""
        open_bessemer()
        ran = casefile("tally", "record", _tally_file(tmp_path, prepared="2021-03-29", first="2021-02-08",
                                                      last="2021-03-29"), "--as-of", "2021-04-09T12:00:00-04:00")
        assert ran.exit_code == 0, ran.stderr

    def test_an_election_held_before_the_petition_is_refused(self, configured_db: Path, tmp_path: Path) -> None:
        """Held from January 1, 2019 for the petition of November 20, 2020."""
        open_bessemer()
        line = _cli_refused("tally", "record", _tally_file(tmp_path, prepared="2021-04-09", first="2019-01-01",
                                                           last="2021-03-29"), "--as-of", "2021-04-09T12:00:00-04:00")
        assert ("the election is held from January 1, 2019, before the petition was filed on November 20, 2020") in line


class TestThePetition:
    def test_a_petition_filed_after_its_tally_refuses_the_opening(self, configured_db: Path, tmp_path: Path) -> None:
        """Genesee Street with `petition_filed_on: 2022-08-30` and its tally of December 9, 2021: the case is not
        opened (the replay stops before anything is stored)."""
        from casefile.scenario import replay

        text = (EXAMPLES / "starbucks-genesee-03-RC-282139.yaml").read_text(encoding="utf-8")
        assert "petition_filed_on: 2021-08-30" in text
        file = tmp_path / "late-petition.yaml"
        file.write_text(text.replace("petition_filed_on: 2021-08-30", "petition_filed_on: 2022-08-30"), encoding="utf-8")
        before = default_snapshot()
        with pytest.raises(InvalidScenario, match="the case cannot be opened: the petition would be filed on August 30, "
                                                  "2022, after the case's first act \\(December 9, 2021\\)"):
            replay(file, through_prefect=False)
        assert default_snapshot() == before

    def test_a_case_opened_as_of_a_day_before_its_petition_is_refused(self, configured_db: Path) -> None:
        """`case open` as of January 1, 2020 for the petition of November 20, 2020."""
        from tests.acts.procedure import prepare_schema, scenario

        prepare_schema()
        before = default_snapshot()
        with pytest.raises(BadInput, match="after the day the case is recorded \\(January 1, 2020\\)"):
            app.perform(scenario().opening().model_copy(update={"on": None, "at": None}),
                        as_of=datetime(2020, 1, 1, 12, tzinfo=UTC), by=Who.operator(), documents="none")
        assert default_snapshot() == before


class TestTheRunoff:
    def test_a_runoff_tally_before_the_runoff_is_refused(self, configured_db: Path) -> None:
        """Trinity's runoff was directed on May 12, 2017, to be held on May 17: a runoff tally of May 13 is refused."""
        c = trinity()
        c.carry(2)
        runoff = c.events[2]
        assert (runoff.act_name, runoff.on) == ("record-tally", date(2017, 5, 17))
        early = runoff.model_copy(update={"on": date(2017, 5, 13)})
        error = c.refused(early, OutOfOrder)
        assert "the runoff tally is dated May 13, 2017, before the election's first voting day, May 17, 2017" in str(error)

    def test_a_runoff_held_after_its_own_tally_is_refused(self, configured_db: Path) -> None:
        """The runoff directed to be held from May 30, 2017: its tally of May 17 is refused."""
        c = trinity()
        c.carry(1)
        direction = c.events[1]
        c.perform(direction.model_copy(update={"held_from_on": date(2017, 5, 30)}))
        error = c.refused(c.events[2], OutOfOrder)
        assert "before the election's first voting day, May 30, 2017" in str(error)

    def test_trinitys_own_runoff_is_recorded(self, configured_db: Path) -> None:
        c = trinity()
        c.carry(3)


class TestNeverAfterNow:
    def test_a_certification_of_2099_in_a_replay_is_refused_at_its_event(self, configured_db: Path,
                                                                        tmp_path: Path) -> None:
        """Trinity with its certification dated 2099: the replay's own clock no longer judges it; the acts before it
        stay recorded, no certification."""
        from casefile.record.db import read_session
        from casefile.record.models import Certification
        from casefile.scenario import replay

        text = (EXAMPLES / "trinity-college-01-RC-196511.yaml").read_text(encoding="utf-8")
        assert text.count("  - date: 2017-06-08") == 1
        file = tmp_path / "2099.yaml"
        file.write_text(text.replace("  - date: 2017-06-08", "  - date: 2099-06-08"), encoding="utf-8")
        with pytest.raises(InvalidScenario, match="event 4 \\(certification, dated 2099-06-08\\) refused: certification "
                                                  "would be recorded as of 2099-06-08T12:00:00-04:00, after now"):
            replay(file, through_prefect=False)
        with read_session() as session:
            assert session.exec(select(Certification)).all() == []

    def test_the_refusal_says_what_stays_and_the_corrected_file_goes_on(self, configured_db: Path,
                                                                         tmp_path: Path) -> None:
        """The new user's trial: a refused replay kept its earlier events without saying so. The message says events 1
        to 3 stay recorded and the corrected file goes on from event 4; replaying it records the certification once."""
        from casefile.record.db import read_session
        from casefile.record.models import Certification, Tally
        from casefile.scenario import replay

        good = (EXAMPLES / "trinity-college-01-RC-196511.yaml").read_text(encoding="utf-8")
        file = tmp_path / "trinity.yaml"
        file.write_text(good.replace("  - date: 2017-06-08", "  - date: 2099-06-08"), encoding="utf-8")
        with pytest.raises(InvalidScenario) as refused:
            replay(file, through_prefect=False)
        assert str(refused.value).endswith("; events 1 to 3 stay recorded, as in life: correct the file and replay it, "
                                           "and the replay goes on from event 4")
        file.write_text(good, encoding="utf-8")
        replay(file, through_prefect=False)
        with read_session() as session:
            assert len(session.exec(select(Certification)).all()) == 1 and len(session.exec(select(Tally)).all()) == 2

    @pytest.mark.parametrize("as_of", ["2030-01-01", "2100-12-31T23:59:59+00:00"])
    def test_an_act_recorded_in_the_future_from_the_command_line_is_refused(self, configured_db: Path,
                                                                           as_of: str) -> None:
        """`counsel add --as-of` in 2030 or at the end of 2100: refused, and the case is not swept as of then (its
        objection period stays open, not LAPSED)."""
        carry("tally-2021")
        line = _cli_refused("counsel", "add", NUMBER, "--party", "rwdsu", "--name", "Richard Rouco", "--as-of", as_of)
        assert "add-counsel would be recorded as of" in line and "after now" in line

    def test_the_front_door_takes_the_interfaces_clock(self, configured_db: Path) -> None:
        """`now` as an argument: the same act recorded as of its own day is refused when the clock says the day before."""
        carry("tally-2021")
        objections = event("objections-2021")
        before = default_snapshot()
        with pytest.raises(BadInput, match="after now \\(2021-04-15T12:00:00-04:00\\)"):
            app.perform(objections, case_number=NUMBER, as_of=datetime.fromisoformat("2021-04-16T12:00:00-04:00"),
                        by=Who.operator(), documents="none",
                        now=datetime.fromisoformat("2021-04-15T12:00:00-04:00"))
        assert default_snapshot() == before

    def test_a_sweep_in_the_future_is_refused(self, configured_db: Path) -> None:
        carry("tally-2021")
        line = _cli_refused("sweep", "--as-of", "2100-12-31T23:59:59+00:00")
        assert "the sweep would be recorded as of 2100-12-31T23:59:59+00:00, after now" in line


class TestNeverBeforeTheCase:
    def test_counsel_added_as_of_a_day_before_the_petition_is_refused(self, configured_db: Path) -> None:
        carry("tally-2021")
        line = _cli_refused("counsel", "add", NUMBER, "--party", "rwdsu", "--name", "Richard Rouco",
                            "--as-of", "2020-01-01")
        assert ("the add-counsel act is dated January 1, 2020, before the petition was filed on November 20, 2020: "
                "nothing happens in a case before the petition that begins it") in line

    def test_a_transfer_order_dated_before_the_petition_is_refused(self, configured_db: Path) -> None:
        """`case transfer --on 2020-01-01` on the case petitioned November 20, 2020: no order issued."""
        carry("tally-2021")
        line = _cli_refused("case", "transfer", NUMBER, "--region", "15", "--order", "GC order", "--on", "2020-01-01")
        assert "the transfer-case act is dated January 1, 2020, before the petition was filed on November 20, 2020" in line

    def test_through_the_front_door_too(self, configured_db: Path) -> None:
        """The same refusal for any act, at the front door: the objections dated before the petition."""
        carry("tally-2021")
        early = event("objections-2021").model_copy(update={"on": date(2020, 11, 19), "at": None})
        error = refused(early, OutOfOrder)
        assert "before the petition was filed on November 20, 2020" in str(error)
        assert error.field == "date"  # type: ignore[attr-defined]


class TestTheNlrbExport:
    """Each of the trial's cells, in the sample export's record of 06-RC-311772 (filed February 7, 2023, tallied
    March 30, closed April 7): reported as the record's problem, and nothing of it loaded."""

    TODAY = "the day of the import (2026-12-01): not a date that has come"
    CELLS: ClassVar[list[tuple[dict[str, str], str]]] = [
        ({"Date Filed": "04/01/2023"}, "Tally Date 2023-03-30 is before Date Filed 2023-04-01: a tally follows its petition"),
        ({"Date Filed": "02/07/2099"}, f"Date Filed 2099-02-07 is after {TODAY}"),
        ({"Date Closed": "01/01/2023"}, "Date Closed 2023-01-01 is before Date Filed 2023-02-07"),
        ({"Date Closed": "03/29/2023"}, "Date Closed 2023-03-29 is before the Tally Date 2023-03-30: a case closes after "
                                        "its tally"),
        ({"Date Closed": "01/01/2099"}, f"Date Closed 2099-01-01 is after {TODAY}"),
        ({"Tally Date": "01/01/2023"}, "Tally Date 2023-01-01 is before Date Filed 2023-02-07: a tally follows its petition"),
        ({"Tally Date": "01/06/2023"}, "Tally Date 2023-01-06 is before Date Filed 2023-02-07: a tally follows its petition"),
        ({"Tally Date": "04/08/2023"}, "Date Closed 2023-04-07 is before the Tally Date 2023-04-08: a case closes after "
                                       "its tally"),
        ({"Tally Date": "03/30/2099"}, f"Tally Date 2099-03-30 is after {TODAY}"),
    ]

    @staticmethod
    def _record() -> tuple[list[str], list[str]]:
        import csv

        path = Path(__file__).resolve().parents[1] / "fixtures" / "nlrb-recent-election-results-sample.csv"
        rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
        column = {name.strip(): i for i, name in enumerate(rows[0])}
        [row] = [r for r in rows[1:] if r[column["Case Number"]] == "06-RC-311772"]
        assert (row[column["Date Filed"]], row[column["Tally Date"]], row[column["Date Closed"]]) == \
            ("02/07/2023", "03/30/2023", "04/07/2023")
        return rows[0], row

    def _import(self, tmp_path: Path, cells: dict[str, str]) -> object:
        import csv
        import io

        from casefile.jobs.import_file import import_file
        from tests.acts.procedure import prepare_schema

        header, row = self._record()
        column = {name.strip(): i for i, name in enumerate(header)}
        changed = list(row)
        for name, value in cells.items():
            changed[column[name]] = value
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows([header, changed])
        file = tmp_path / "export.csv"
        file.write_text(out.getvalue(), encoding="utf-8")
        prepare_schema()
        return import_file("nlrb-results", file, as_of=datetime(2026, 12, 1, 12, tzinfo=UTC))

    @pytest.mark.parametrize(("cells", "says"), CELLS)
    def test_an_impossible_date_is_the_records_problem(self, configured_db: Path, tmp_path: Path,
                                                       cells: dict[str, str], says: str) -> None:
        report = self._import(tmp_path, cells)
        assert [(s.case_number, s.reason) for s in report.skipped] == [("06-RC-311772", says)]  # type: ignore[attr-defined]
        assert report.as_json()["loaded"]["tallies"] == {"new": 0, "present": 0}  # type: ignore[attr-defined]

    def test_the_record_as_exported_loads(self, configured_db: Path, tmp_path: Path) -> None:
        report = self._import(tmp_path, {})
        assert report.skipped == []  # type: ignore[attr-defined]
        assert report.as_json()["loaded"]["tallies"] == {"new": 1, "present": 0}  # type: ignore[attr-defined]


def test_a_replays_sweep_event_in_the_future_is_refused(configured_db: Path, tmp_path: Path) -> None:
    """A scenario's own `sweep` event dated 2099 would close the case's periods as of then: refused at that event."""
    from casefile.record.db import read_session
    from casefile.record.models import DocketEntry
    from casefile.scenario import replay

    text = (EXAMPLES / "starbucks-genesee-03-RC-282139.yaml").read_text(encoding="utf-8")
    head, _, _ = text.partition("  - date: 2021-12-09\n    act: register-challenges")
    file = tmp_path / "sweep-2099.yaml"
    file.write_text(head + "  - date: 2099-01-04\n    act: sweep\n", encoding="utf-8")
    with pytest.raises(InvalidScenario, match="event 2 \\(sweep, dated 2099-01-04\\) refused: the sweep would be recorded "
                                              "as of 2099-01-04T12:00:00-05:00, after now"):
        replay(file, through_prefect=False)
    with read_session() as session:
        assert [e.act for e in session.exec(select(DocketEntry))] == ["open-case", "record-tally", "issue-document"]
