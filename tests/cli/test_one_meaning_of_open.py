"""One meaning of open (issue 15, item 9): Bessemer's 2021 tally of Friday, April 9, 2021, its objection period
ending Friday, April 16, 2021 at 11:59 p.m. EDT (five business days, 29 CFR 102.69(a)), never swept. Asked as of
the next day, Saturday, April 17, 2021 at 10:00 a.m. EDT, `case show`, `case list`, `deadlines`, `deadlines explain`,
the calendar export and the status report all say the period lapsed / ended — none says it is running or open,
though the stored status is still "open" (29 CFR 102.2(b): due on or before the last day). Asked on the last day,
the same readers still say it runs: the words follow the instant asked about, not the sweep."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest

from casefile.record.db import write_session
from tests.bessemer import NUMBER, TALLY_2021, open_case, record_tally
from tests.cli.in_process import casefile
from tests.conftest import at

#: The day after the cut-off (the period "ended yesterday"), and the last day itself.
AFTER = "2021-04-17T10:00:00-04:00"
LAST_DAY = "2021-04-16T15:00:00-04:00"


@pytest.fixture
def tallied(configured_db: Path) -> Path:
    """Bessemer with its 2021 tally, recorded at noon on April 9, 2021 (no sweep ever run)."""
    with write_session(by="operator:tests") as s:
        open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
    return configured_db


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


class TestAfterTheCutOff:
    def test_case_show_says_the_objection_period_ended(self, tallied: Path) -> None:
        ran = casefile("case", "show", NUMBER, "--as-of", AFTER)
        assert ran.exit_code == 0, ran.stderr
        text = _flat(ran.stdout)
        assert "Election 1 (initial election) — Tally of Ballots issued; objection period ended" in text, text
        assert "running" not in text and "Open deadlines" in text
        view = json.loads(casefile("case", "show", NUMBER, "--as-of", AFTER, "--json").stdout)
        election = view["elections"][0]
        assert (election["stage"], election["stage_name"], election["stage_now"]) == (
            "tally-issued", "Tally of Ballots issued; objection period ended", "the objection period on the tally has ended")
        objections = next(d for d in election["deadlines"] if d["kind"] == "objections")
        assert (objections["due_on"], objections["status"], objections["stored_status"]) == ("2021-04-16", "lapsed", "open")

    def test_case_list_says_ended(self, tallied: Path) -> None:
        ran = casefile("case", "list", "--as-of", AFTER, "--json")
        assert ran.exit_code == 0, ran.stderr
        (row,) = json.loads(ran.stdout)["cases"]
        assert (row["stage"], row["stage_name"]) == ("tally-issued", "Tally of Ballots issued; objection period ended")
        # the next deadline is the Regional Director's earliest certification (Monday, April 19, 2021), not the objections
        assert (row["next_deadline"]["kind"], row["next_deadline"]["due_on"]) == ("earliest-certification", "2021-04-19")

    def test_deadlines_lists_none_open(self, tallied: Path) -> None:
        ran = casefile("deadlines", "--as-of", AFTER, "--json")
        assert ran.exit_code == 0, ran.stderr
        # the Regional Director's target dates (April 19 and 30, 2021: 102.69(b), (c)(1)(ii)) still run; the parties'
        # objections and offer of proof of Friday, April 16, 2021 are not listed
        assert sorted((d["kind"], d["due_on"]) for d in json.loads(ran.stdout)["deadlines"]) == [
            ("earliest-certification", "2021-04-19"), ("hearing-opens", "2021-04-30")]

    def test_explain_says_lapsed(self, tallied: Path) -> None:
        ran = casefile("deadlines", "explain", NUMBER, "objections", "--as-of", AFTER, "--json")
        assert ran.exit_code == 0, ran.stderr
        view = json.loads(ran.stdout)
        assert (view["due_on"], view["cutoff_label"], view["status"], view["open"], view["stored_status"]) == (
            "2021-04-16", "11:59 p.m. EDT on Friday, April 16, 2021", "lapsed", False, "open")
        assert view["status_note"] == ("cut-off 11:59 p.m. EDT on April 16, 2021 passed; the record has not closed it yet "
                                       "(the scheduled sweep stores it lapsed)")
        text = _flat(casefile("deadlines", "explain", NUMBER, "objections", "--as-of", AFTER).stdout)
        assert "lapsed" in text and " open" not in text.replace("open-", ""), text

    def test_calendar_export_has_no_event_for_it(self, tallied: Path, tmp_path: Path) -> None:
        ran = casefile("calendar", "export", "--case", NUMBER, "--as-of", AFTER, "--out", str(tmp_path / "ics"))
        assert ran.exit_code == 0, ran.stderr
        feed = (tmp_path / "ics" / f"{NUMBER}.ics").read_text(encoding="utf-8")
        summaries = sorted(line for line in feed.splitlines() if line.startswith("SUMMARY:"))
        assert len(summaries) == 2 and all("Regional Director" in line for line in summaries), summaries
        assert "20210416" not in feed and "Objections" not in feed

    def test_a_refusal_read_before_the_sweep_says_the_period_ended(self, tallied: Path) -> None:
        """Why closing a hearing is not available, read (not performed: performing sweeps first) at the tally's stage
        after the cut-off: the period is said to have ended on its last day, not to run until it."""
        from casefile import app
        from casefile.record.queries import OPERATOR

        words = app.refusal(NUMBER, "close-hearing", viewer=OPERATOR, as_of=at(AFTER), what="closing the hearing").words
        assert words.startswith("Closing the hearing is not available now in election 1: the objection period on the "
                                "tally ended on Friday, April 16, 2021."), words
        assert "running" not in words and "runs until" not in words
        before = app.refusal(NUMBER, "close-hearing", viewer=OPERATOR, as_of=at(LAST_DAY), what="closing the hearing").words
        assert "the objection period on the tally runs until Friday, April 16, 2021." in before, before


    def test_the_status_report_says_ended(self, tallied: Path) -> None:
        """The case status report as of the next day: its "Stage" row says the period ended; its open deadlines are
        the Regional Director's only (earliest certification April 19, 2021; the hearing, if set, April 30, 2021)."""
        from casefile.documents.kinds.status_report import CaseStatusReport
        from casefile.documents.record_view import CaseRecord
        from casefile.documents.render import render_html
        from casefile.record.db import read_session
        from casefile.record.lookups import get_case

        with read_session() as session:
            for as_of, words, due in ((AFTER, "Tally of Ballots issued; objection period ended",
                                       [date(2021, 4, 19), date(2021, 4, 30)]),
                                      (LAST_DAY, "Tally of Ballots issued; objection period running",
                                       [date(2021, 4, 16), date(2021, 4, 19), date(2021, 4, 30)])):
                built = CaseStatusReport.build(CaseRecord(session, get_case(session, NUMBER)), at(as_of), "RWDSU")
                (election,) = built.context.elections  # type: ignore[attr-defined]
                assert election.stage_words == words
                assert [d.due_on for d in built.context.deadlines] == due  # type: ignore[attr-defined]
                html = render_html(CaseStatusReport, built.context)
                assert f"<tr><th>Stage</th><td>{words}</td></tr>" in html


    def test_a_status_report_of_the_last_day_after_the_sweep_still_lists_the_period(self, tallied: Path) -> None:
        """Swept at 12:00 a.m. on April 17, 2021 (objections stored lapsed), a report as of the last day still lists the
        objections of Friday, April 16, 2021: open then (state_at), whatever the record stored later."""
        from casefile.documents.kinds.status_report import CaseStatusReport
        from casefile.documents.record_view import CaseRecord
        from casefile.jobs.sweep import sweep
        from casefile.record.db import read_session
        from casefile.record.lookups import get_case

        with write_session(by="operator:tests") as session:
            sweep(session, as_of=at("2021-04-17T00:00:00-04:00"))
        with read_session() as session:
            built = CaseStatusReport.build(CaseRecord(session, get_case(session, NUMBER)), at(LAST_DAY), "RWDSU")
            assert [d.due_on for d in built.context.deadlines] == [  # type: ignore[attr-defined]
                date(2021, 4, 16), date(2021, 4, 19), date(2021, 4, 30)]


    def test_a_calendar_of_the_last_day_after_the_sweep_still_has_the_objections(self, tallied: Path,
                                                                                   tmp_path: Path) -> None:
        """Swept at 12:00 a.m. on April 17, 2021, the calendar exported as of the last day still has the objections
        event of Friday, April 16, 2021 (open then: state_at), and the export as of the next day has none."""
        from casefile.jobs.sweep import sweep

        with write_session(by="operator:tests") as session:
            sweep(session, as_of=at("2021-04-17T00:00:00-04:00"))
        for as_of, folder in ((LAST_DAY, "last-day"), (AFTER, "after")):
            ran = casefile("calendar", "export", "--case", NUMBER, "--as-of", as_of, "--out", str(tmp_path / folder))
            assert ran.exit_code == 0, ran.stderr
        last_day = (tmp_path / "last-day" / f"{NUMBER}.ics").read_text(encoding="utf-8")
        assert "SUMMARY:Objections" in last_day and "20210416T235959" in last_day, last_day
        after = (tmp_path / "after" / f"{NUMBER}.ics").read_text(encoding="utf-8")
        assert "SUMMARY:Objections" not in after and "20210416" not in after


class TestOnTheLastDay:
    def test_every_reader_says_it_runs(self, tallied: Path) -> None:
        view = json.loads(casefile("case", "show", NUMBER, "--as-of", LAST_DAY, "--json").stdout)
        assert view["elections"][0]["stage_name"] == "Tally of Ballots issued; objection period running"
        (row,) = json.loads(casefile("case", "list", "--as-of", LAST_DAY, "--json").stdout)["cases"]
        assert (row["stage_name"], row["next_deadline"]["kind"], row["next_deadline"]["due_on"]) == (
            "Tally of Ballots issued; objection period running", "objections", "2021-04-16")
        listed = json.loads(casefile("deadlines", "--as-of", LAST_DAY, "--json").stdout)["deadlines"]
        assert [(d["kind"], d["due_on"], d["status"]) for d in listed if d["kind"] == "objections"] == [
            ("objections", "2021-04-16", "open")]
