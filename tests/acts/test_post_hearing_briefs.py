"""The post-hearing brief period (29 CFR 102.69(c)(1)(iii); rules.md R-A1, R-J4) through the front door:
kept when the hearing closes, swept, reminded, honored by file-post-hearing-brief.

- Bessemer (10-RC-269250, petition 2020-11-20: the 2019 text, a brief as of right within 5 business days
  after the close, extendable before the close by up to 10 more). The hearing opened 2021-05-07; its close
  date is not public: Tuesday 2021-05-25 stands in → due Wednesday 2021-06-02 (over Memorial Day); the
  extension to 2021-06-08 is a stand-in too.
- The same history under the 2014 rule (its petition date moved to 2015-06-01 for the test): briefs only
  with the hearing officer's permission.
- Amazon JFK8 (29-RC-288020, petition 2021-12-22: the 2019 text). The hearing opened 2022-06-13; Friday
  2022-07-01 stands in for its close: 5 business days over Independence Day → Monday 2022-07-11, at the
  Phoenix office the case was transferred to.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from sqlmodel import select

from casefile import app
from casefile.errors import AlreadyRecorded, BadInput, OutOfOrder, ProcedureError, UntimelyFiling
from casefile.jobs.people import add_person
from casefile.jobs.reminders import select_due_reminders
from casefile.record.db import read_session, write_session
from casefile.record.models import Case, Deadline, Filing
from casefile.rules.calendar import BusinessCalendar
from casefile.vocab import DeadlineKind, DeadlineStatus
from tests.acts.example_cases import ExampleCase, from_example, refused_act
from tests.acts.procedure import EVENTS, act, carry, case_id, perform, refused
from tests.acts.real_histories import JFK8_NUMBER, jfk8_through

CLOSE = {"act": "close-hearing", "date": date(2021, 5, 25)}
EXTENDED = {**CLOSE, "briefs_due_on": date(2021, 6, 8)}


def brief(on: date, party: str = "amazon") -> dict[str, object]:
    return {"act": "file-post-hearing-brief", "date": on, "party": party,
            "points": ["The Postal Service collection box did not interfere with the election."]}


def _brief_deadlines() -> list[Deadline]:
    with read_session() as s:
        return list(s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.POST_HEARING_BRIEF)))


class TestAsOfRightBessemer:
    def test_five_business_days_without_an_allowance(self, configured_db: Path) -> None:
        carry("open-hearing")
        result = perform(act(CLOSE))
        assert result.summary == ("Hearing closed May 25, 2021; post-hearing briefs due June 2, 2021 (as of right, 5 "
                                  "business days after the close of the hearing (29 CFR 102.69(c)(1)(iii), 2019 text))")
        (deadline,) = _brief_deadlines()
        assert (deadline.trigger_on, deadline.due_on, deadline.for_whom, deadline.status, deadline.pinned_by) == (
            date(2021, 5, 25), date(2021, 6, 2), "all parties", DeadlineStatus.OPEN, "")
        assert deadline.cutoff_at == datetime.fromisoformat("2021-06-02T23:59:59-04:00")

    def test_the_extension_is_stored_as_fixed(self, configured_db: Path) -> None:
        carry("open-hearing")
        perform(act(EXTENDED))
        (deadline,) = _brief_deadlines()
        assert (deadline.due_on, deadline.status) == (date(2021, 6, 8), DeadlineStatus.OPEN)
        assert deadline.cutoff_at == datetime.fromisoformat("2021-06-08T23:59:59-04:00")
        assert deadline.pinned_by == "the hearing officer's allowance at the close of the hearing on 2021-05-25"

    def test_an_extension_beyond_ten_business_days_is_refused(self, configured_db: Path) -> None:
        carry("open-hearing")
        error = refused(act({**CLOSE, "briefs_due_on": date(2021, 6, 17)}), BadInput)
        assert error.field == "briefs_due_on"  # type: ignore[attr-defined]
        assert "no more than 10 business days, to June 16, 2021 at the latest, not June 17, 2021" in str(error)

    def test_a_timely_brief_meets_it_and_a_late_one_is_refused(self, configured_db: Path) -> None:
        carry("open-hearing")
        perform(act(EXTENDED))
        done = perform(act(brief(date(2021, 6, 7))))
        assert done.summary.startswith("Post-hearing brief of Amazon.com Services LLC to the hearing officer (1 point of argument)")
        with read_session() as s:
            filing = s.exec(select(Filing).where(Filing.kind == "post-hearing-brief")).one()
            assert (filing.received_on, filing.timely) == (date(2021, 6, 7), True)
        lines = app.sweep_case(case_id(), as_of=datetime.fromisoformat("2021-06-09T12:00:00-04:00"))
        assert "10-RC-269250: post-hearing brief due June 8, 2021: met" in lines
        assert _brief_deadlines()[0].status is DeadlineStatus.MET
        error = refused(act(brief(date(2021, 6, 9), party="rwdsu")), UntimelyFiling)
        assert "2021-06-08" in str(error)

    def test_a_brief_before_the_close_is_out_of_order(self, configured_db: Path) -> None:
        carry("open-hearing")
        perform(act(EXTENDED))
        error = refused(act(brief(date(2021, 5, 24))), OutOfOrder)
        assert str(error) == ("the post-hearing brief of Amazon.com Services LLC was received May 24, 2021, before the "
                              "hearing closed on May 25, 2021")

    def test_an_allowance_ending_before_the_close_is_refused(self, configured_db: Path) -> None:
        carry("open-hearing")
        error = refused(act({**CLOSE, "briefs_due_on": date(2021, 5, 24)}), OutOfOrder)
        assert error.field == "briefs_due_on"  # type: ignore[attr-defined]
        assert str(error) == ("the time the hearing officer allowed for post-hearing briefs ends May 24, 2021, before "
                              "the hearing closed on May 25, 2021")

    def test_retry_with_another_date_is_refused(self, configured_db: Path) -> None:
        carry("open-hearing")
        perform(act(EXTENDED))
        error = refused(act({**CLOSE, "briefs_due_on": date(2021, 6, 15)}), AlreadyRecorded)
        assert "already recorded with post-hearing briefs due June 8, 2021" in str(error)

    def test_the_report_before_the_due_date_moots_it(self, configured_db: Path) -> None:
        carry("open-hearing")
        perform(act(EXTENDED))
        perform(act({"act": "ho-report", "date": date(2021, 6, 1), "result": "set-aside", "at_fault": "amazon"}))
        (deadline,) = _brief_deadlines()
        assert deadline.status is DeadlineStatus.MOOTED
        assert deadline.derivation[-1] == "mooted: the hearing officer's report issued on June 1, 2021"


def _bessemer_2014_rule() -> ExampleCase:
    case = from_example("bessemer-10-RC-269250.yaml")
    opening = case.opening.model_copy(update={"case": case.opening.case.model_copy(
        update={"petition_filed_on": date(2015, 6, 1)})})
    moved = ExampleCase(opening, case.events)
    moved.open()
    for name in ("tally-2021", "objections-2021", "notice-hearing", "open-hearing"):
        moved.perform(moved.events[EVENTS[name]])
    return moved


class TestOnlyByPermission:
    def test_no_allowance_no_period_and_no_brief(self, configured_db: Path) -> None:
        case = _bessemer_2014_rule()
        with read_session() as s:
            assert s.exec(select(Case.rule_set_id)).one() == "2014-rule"
        assert case.perform(act(CLOSE)).summary == "Hearing closed May 25, 2021"
        assert _brief_deadlines() == []
        error = refused(act(brief(date(2021, 6, 1))), ProcedureError)
        assert "only with the hearing officer's permission" in str(error)

    def test_the_allowance_is_the_period(self, configured_db: Path) -> None:
        case = _bessemer_2014_rule()
        result = case.perform(act(EXTENDED))
        assert result.summary == ("Hearing closed May 25, 2021; post-hearing briefs due June 8, 2021 (by special permission "
                                  "of the hearing officer, within the time allowed (29 CFR 102.69(c)(1)(iii)))")
        (deadline,) = _brief_deadlines()
        assert (deadline.due_on, deadline.rule_set_id) == (date(2021, 6, 8), "2014-rule")


class TestAsOfRight2019:
    @pytest.fixture
    def closed(self, configured_db: Path) -> object:
        case = jfk8_through("open")
        case.perform(case.act({"act": "close-hearing", "date": date(2022, 7, 1)}))
        return case

    def test_five_business_days_computed_and_reminded(self, closed: object) -> None:
        (deadline,) = _brief_deadlines()
        assert (deadline.due_on, deadline.pinned_by, deadline.office_key) == (date(2022, 7, 11), "", "28-phoenix")
        assert deadline.cutoff_at == datetime.fromisoformat("2022-07-11T23:59:59-07:00")
        with write_session(by="operator:tests") as s:
            for party, name in (("amazon", "Counsel for Amazon"), ("alu", "Counsel for the union")):
                add_person(s, case_number=JFK8_NUMBER, party=party, name=name,
                           as_of=datetime.fromisoformat("2022-07-01T12:00:00-07:00"), default_urls=["json://localhost"])
        with read_session() as s:
            due = {(r.person_name, r.kind.value) for r in select_due_reminders(
                s, as_of=datetime.fromisoformat("2022-07-08T09:00:00-07:00"), lead_days=(1,),
                calendar=BusinessCalendar(), default_urls=["json://localhost"])}
        assert due == {("Counsel for Amazon", "post-hearing-brief"), ("Counsel for the union", "post-hearing-brief")}

    def test_unfiled_it_lapses(self, closed: object) -> None:
        with read_session() as s:
            cid = s.exec(select(Case.id).where(Case.number == JFK8_NUMBER)).one()
        lines = app.sweep_case(cid, as_of=datetime.fromisoformat("2022-07-12T09:00:00-07:00"))  # type: ignore[arg-type]
        assert "29-RC-288020: post-hearing brief due July 11, 2022: lapsed" in lines

    def test_an_extension_beyond_ten_business_days_is_refused(self, configured_db: Path) -> None:
        case = jfk8_through("open")
        close = case.act({"act": "close-hearing", "date": date(2022, 7, 1), "briefs_due_on": date(2022, 7, 26)})
        error = refused_act(close, BadInput, case_number=JFK8_NUMBER, as_of=case.at_noon(date(2022, 7, 1)))
        assert "no more than 10 business days, to July 25, 2022 at the latest" in str(error)
