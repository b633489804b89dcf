"""Acts dated before the act they answer are refused through the front door and store nothing
(casefile.rules.chronology); reports and decisions that contradict themselves are refused
(casefile.rules.consistency). Same-day acts are in order.

Bessemer (10-RC-269250): tally 2021-04-09, RWDSU's objections 2021-04-16, notice of hearing
2021-04-26, hearing opened 2021-05-07, Hearing Officer's Report 2021-08-02, the Regional Director's
decision 2021-11-29. Amazon JFK8 (29-RC-288020): report 2022-09-01, exceptions 2022-09-16, decision
and certification 2023-01-11 (the same day).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from sqlmodel import select

from casefile.errors import InconsistentDecision, OutOfOrder
from casefile.record.db import get_engine, read_session
from casefile.record.models import Decision, Election
from casefile.vocab import Stage
from tests.acts.example_cases import refused_act
from tests.acts.procedure import act, carry, case_id, event, noon, perform, refused
from tests.acts.real_histories import JFK8, JFK8_NUMBER, jfk8_through
from tests.acts.snapshot import snapshot


def _moved(name: str, on: date) -> object:
    return event(name).model_copy(update={"on": on})


class TestOutOfOrder:
    def test_notice_before_the_objections_stores_nothing(self, configured_db: Path) -> None:
        """A notice of hearing dated April 15, 2021, the day before RWDSU's objections: refused, and every
        table is as it was (rows compared before and after)."""
        carry("objections-2021")
        notice = _moved("notice-hearing", date(2021, 4, 15))
        from casefile import app

        app.sweep_case(case_id(), as_of=noon(notice))  # type: ignore[arg-type]
        before = snapshot(get_engine())
        with pytest.raises(OutOfOrder) as caught:
            perform(notice)  # type: ignore[arg-type]
        assert snapshot(get_engine()) == before
        assert str(caught.value) == ("the notice of hearing is dated April 15, 2021, before the objections it sets for "
                                     "hearing were filed on April 16, 2021")
        assert (caught.value.code, caught.value.field) == ("out-of-order", "date")
        with read_session() as s:
            assert s.exec(select(Election)).one().stage is Stage.OBJECTIONS_PENDING

    def test_opening_before_the_notice(self, configured_db: Path) -> None:
        carry("notice-hearing")
        error = refused(_moved("open-hearing", date(2021, 4, 23)), OutOfOrder)  # type: ignore[arg-type]
        assert str(error) == "the hearing's opening is dated April 23, 2021, before the hearing was noticed on April 26, 2021"

    def test_report_before_the_hearing_closed(self, configured_db: Path) -> None:
        """The hearing closed on 2021-05-25 (a stand-in date): a report of 2021-05-20 is refused naming the close."""
        carry("open-hearing")
        perform(act({"act": "close-hearing", "date": date(2021, 5, 25)}))
        error = refused(_moved("ho-report", date(2021, 5, 20)), OutOfOrder)  # type: ignore[arg-type]
        assert str(error) == ("the hearing officer's report is dated May 20, 2021, before the hearing closed on "
                              "May 25, 2021")

    def test_report_on_the_day_the_hearing_closed_is_in_order(self, configured_db: Path) -> None:
        carry("open-hearing")
        perform(act({"act": "close-hearing", "date": date(2021, 5, 25)}))
        assert perform(_moved("ho-report", date(2021, 5, 25))).summary.startswith("Hearing Officer's Report")  # type: ignore[arg-type]

    def test_decision_before_the_report(self, configured_db: Path) -> None:
        carry("ho-report")
        error = refused(_moved("rd-decision", date(2021, 7, 30)), OutOfOrder)  # type: ignore[arg-type]
        assert str(error) == ("the Regional Director's decision is dated July 30, 2021, before the hearing officer's "
                              "report issued on August 2, 2021")

    def test_exceptions_before_the_report(self, configured_db: Path) -> None:
        """JFK8: Amazon's exceptions received August 31, 2022, the day before the report."""
        case = jfk8_through("ho-report")
        early = case.events[JFK8["exceptions"]].model_copy(update={"on": date(2022, 8, 31), "at": None})
        error = refused_act(early, OutOfOrder, case_number=JFK8_NUMBER, as_of=case.at_noon(date(2022, 8, 31)))
        assert str(error).endswith("were received August 31, 2022, before the hearing officer's report issued on "
                                   "September 1, 2022")
        assert str(error).startswith("the exceptions of Amazon.com Services LLC")

    def test_amendment_before_the_objection_was_received(self, configured_db: Path) -> None:
        """RWDSU's objections were received at 10:00 on April 16, 2021: an amendment of objection 2 received at 9:00
        that day is refused (the instants decide within the day)."""
        from datetime import datetime

        carry("tally-2021")
        filed = event("objections-2021").model_copy(update={"on": None,
                                                             "at": datetime.fromisoformat("2021-04-16T10:00:00-04:00")})
        perform(filed)
        early = datetime.fromisoformat("2021-04-16T09:00:00-04:00")
        amend = act({"act": "amend-objection", "party": "rwdsu", "number": 2, "text": "Surveillance in the break rooms.",
                     "at": early, "why": "the full statement"})
        error = refused(amend, OutOfOrder, as_of=datetime.fromisoformat("2021-04-16T11:00:00-04:00"))
        assert error.field == "at"  # type: ignore[attr-defined]
        assert str(error) == ("the amendment of objection 2 of Retail, Wholesale and Department Store Union was received "
                              "April 16, 2021 at 2021-04-16T09:00-04:00, before the objection was received on April 16, "
                              "2021 at 2021-04-16T10:00-04:00")

    def test_order_fixing_a_date_before_the_period_opened(self, configured_db: Path) -> None:
        """JFK8: an order extending the offer of proof dated March 31, 2022, the day before the tally."""
        case = jfk8_through("objections")
        pin = case.events[JFK8["pin"]].model_copy(update={"on": date(2022, 3, 31)})
        error = refused_act(pin, OutOfOrder, case_number=JFK8_NUMBER, as_of=case.at_noon(date(2022, 4, 8)))
        assert str(error) == ("the order fixing the date is dated March 31, 2022, before the tally of ballots issued on "
                              "April 1, 2022")

    def test_certification_before_the_decision_and_on_its_day(self, configured_db: Path) -> None:
        """JFK8: certified the day of the decision (in order); a day earlier is refused."""
        case = jfk8_through("rd-decision")
        cert = case.events[JFK8["certification"]]
        error = refused_act(cert.model_copy(update={"on": date(2023, 1, 10)}), OutOfOrder, case_number=JFK8_NUMBER,
                            as_of=case.at_noon(date(2023, 1, 11)))
        assert str(error) == ("the certification is dated January 10, 2023, before the Regional Director's decision "
                              "issued on January 11, 2023")
        assert case.perform(cert).summary.startswith("Certification of Representative")


class TestInconsistentDecisions:
    def test_overruling_that_sustains_an_objection(self, configured_db: Path) -> None:
        carry("ho-report")
        decision = event("rd-decision").model_copy(update={"result": "overrule", "at_fault": None,
                                                           "rulings": {"rwdsu": {1: "sustained"}}})
        error = refused(decision, InconsistentDecision)  # type: ignore[arg-type]
        assert error.field == "rulings.rwdsu.1"  # type: ignore[attr-defined]
        assert "overrules the objections but sustains objection 1 of Retail, Wholesale and Department Store Union" \
            in str(error)

    def test_overruling_that_names_a_party_at_fault(self, configured_db: Path) -> None:
        carry("ho-report")
        decision = event("rd-decision").model_copy(update={"result": "overrule"})  # the example names amazon at fault
        error = refused(decision, InconsistentDecision)  # type: ignore[arg-type]
        assert error.field == "at_fault"  # type: ignore[attr-defined]

    def test_set_aside_with_every_objection_overruled(self, configured_db: Path) -> None:
        """Every one of RWDSU's objections ruled overruled, and the election set aside: refused."""
        carry("ho-report")
        with read_session() as s:
            from casefile.record.models import Objection

            numbers = [o.number for o in s.exec(select(Objection))]
        decision = event("rd-decision").model_copy(update={"rulings": {"rwdsu": {n: "overruled" for n in numbers}}})
        error = refused(decision, InconsistentDecision)  # type: ignore[arg-type]
        assert error.field == "result"  # type: ignore[attr-defined]
        assert str(error).startswith("the Regional Director's decision sets the election aside but sustains no objection")
        with read_session() as s:
            assert list(s.exec(select(Decision).where(Decision.kind == "rd-decision"))) == []

    def test_report_recommending_set_aside_with_nothing_sustained(self, configured_db: Path) -> None:
        carry("open-hearing")
        with read_session() as s:
            from casefile.record.models import Objection

            numbers = [o.number for o in s.exec(select(Objection))]
        report = event("ho-report").model_copy(update={"rulings": {"rwdsu": {n: "overruled" for n in numbers}}})
        error = refused(report, InconsistentDecision)  # type: ignore[arg-type]
        assert str(error).startswith("the hearing officer's report recommends setting the election aside")
