"""A refused act stores nothing, not even its pre-act sweep; a timely filing recorded after the sweep
closed its period (the record lacked it then) supersedes the closure (issue 9).

Amazon JFK8 (29-RC-288020, examples/amazon-jfk8-29-RC-288020.yaml), through the front door as a
user would: the Hearing Officer's report of 2022-09-01 (exceptions due Fri 2022-09-16), the
Regional Director's certification of 2023-01-11 (request for review due Thu 2023-01-26 at the
Board), and the tally of 2022-04-01 (objections due Fri 2022-04-08, 11:59 p.m. EDT in Brooklyn).
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlalchemy import Engine
from sqlmodel import select

from casefile import app
from casefile.errors import UntimelyFiling
from casefile.record.db import read_session
from casefile.record.models import Deadline, DocketEntry, Election
from casefile.record.refs import RecordTable, Ref
from casefile.rules.closures import PeriodClosure, Receipt, superseded
from casefile.vocab import DeadlineKind, DeadlineStatus, Stage
from tests.acts.real_histories import JFK8, jfk8_through
from tests.acts.snapshot import default_snapshot, snapshot
from tests.bessemer import first_election, front_door

RFR = {"act": "request-for-review", "party": "amazon",
       "grounds": ["[NOT IN THE PUBLIC RECORD: the Employer's grounds for review]"]}
EXCEPTIONS = {"act": "file-exceptions", "party": "amazon",
              "exceptions": [{"excepted_to": "[NOT IN THE PUBLIC RECORD: the findings excepted to]",
                              "grounds": "[NOT IN THE PUBLIC RECORD: the Employer's grounds]"}]}


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _deadline(kind: DeadlineKind) -> Deadline:
    with read_session() as s:
        return s.exec(select(Deadline).where(Deadline.kind == kind)).one()


def _stage() -> Stage:
    with read_session() as s:
        return s.exec(select(Election).where(Election.sequence == 1)).one().stage


def _entries(act: str) -> list[DocketEntry]:
    with read_session() as s:
        return list(s.exec(select(DocketEntry).where(DocketEntry.act == act).order_by(DocketEntry.id)))


class TestTheRule:
    def test_a_timely_receipt_supersedes_a_lapse(self) -> None:
        closure = PeriodClosure(period="objection period", due_on=_at("2022-04-08T00:00").date(), office_tz="America/New_York",
                          status=DeadlineStatus.LAPSED)
        found = superseded(closure, Receipt(what="the objections of Amazon.com Services LLC",
                                            received_on=_at("2022-04-08T00:00").date(),
                                            received_at=_at("2022-04-08T15:00:00-04:00"), timely=True, plural=True))
        assert found is not None and found.status is DeadlineStatus.MET
        assert found.sentence == ("The closure of the objection period ending April 8, 2022 is superseded: the objections "
                                  "of Amazon.com Services LLC received April 8, 2022 at 3:00 p.m. EDT were within it "
                                  "(29 CFR 102.2(a), (b)).")

    def test_a_late_receipt_accepted_by_order_is_met_late(self) -> None:
        closure = PeriodClosure(period="period for exceptions to the Hearing Officer's report",
                          due_on=_at("2022-09-16T00:00").date(), office_tz="America/Phoenix", status=DeadlineStatus.LAPSED)
        found = superseded(closure, Receipt(what="the exceptions of Amazon", received_on=_at("2022-09-19T00:00").date(),
                                            received_at=None, timely=False, plural=True))
        assert found is not None and found.status is DeadlineStatus.MET_LATE
        assert "received September 19, 2022, after it, were accepted by order (29 CFR 102.2(d))" in found.sentence

    def test_a_met_or_mooted_closure_is_not_superseded(self) -> None:
        receipt = Receipt(what="the request for review of Amazon", received_on=_at("2023-01-24T00:00").date(),
                          received_at=None, timely=True)
        for status in (DeadlineStatus.MET, DeadlineStatus.MET_LATE, DeadlineStatus.MOOTED):
            assert superseded(PeriodClosure("period for a request for review", _at("2023-01-26T00:00").date(),
                                      "America/New_York", status), receipt) is None


class TestRequestForReview:
    """The certification of 2023-01-11; the request for review was due at the Board Thu 2023-01-26."""

    def test_a_late_request_refused_stores_not_even_its_sweep(self, configured_db: Path) -> None:
        """Received Mon 2023-01-30 noon: refused as late; the sweep as of that instant (certified →
        closed, the period lapsed, 'the certification is final') is rolled back with it."""
        case = jfk8_through("certification")
        before = default_snapshot()
        at = _at("2023-01-30T12:00:00-05:00")
        with pytest.raises(UntimelyFiling):
            case.perform(case.act({**RFR, "at": at}), as_of=at)
        assert default_snapshot() == before
        assert _stage() is Stage.CERTIFIED and _deadline(DeadlineKind.REQUEST_FOR_REVIEW).status is DeadlineStatus.OPEN
        assert _entries("close") == []

    def test_a_timely_request_entered_after_the_sweep_closed_the_case(self, configured_db: Path) -> None:
        """The scheduled sweep of Fri 2023-01-27 closed the case ('No request for review by 2023-01-26:
        the certification is final'); on 2023-01-30 the user records Amazon's request received by the
        Board on Tue 2023-01-24 at 4:15 p.m.: accepted, rfr-pending, the period met, and the docket
        says the closure is superseded; the status report marks the closure superseded."""
        case = jfk8_through("certification")
        app.sweep_case(case.case_id, as_of=_at("2023-01-27T09:00:00-05:00"))
        assert _stage() is Stage.CLOSED
        assert _deadline(DeadlineKind.REQUEST_FOR_REVIEW).status is DeadlineStatus.LAPSED
        result = case.perform(case.act({**RFR, "at": _at("2023-01-24T16:15:00-05:00")}),
                              as_of=_at("2023-01-30T10:00:00-05:00"))
        assert not result.repeated
        assert _stage() is Stage.RFR_PENDING
        assert _deadline(DeadlineKind.REQUEST_FOR_REVIEW).status is DeadlineStatus.MET
        [entry] = _entries("closure-superseded")
        [closure] = _entries("close")
        assert entry.summary == ("The closure of the period for a request for review ending January 26, 2023 is "
                                 "superseded: the request for review of Amazon.com Services LLC received January 24, "
                                 "2023 at 4:15 p.m. EST was within it (29 CFR 102.2(a), (b)).")
        assert entry.ref == Ref(RecordTable.DOCKET, closure.id)
        assert entry.recorded_by == _entries("request-for-review")[0].recorded_by != closure.recorded_by  # the act's, not the sweep's
        shown = [e for e in app.case(case.number).docket if e.act == "close"]
        assert shown[0].superseded and shown[0].summary.startswith("[Superseded: The closure of the period for a request")
        report = app.status_report(case.number, as_of=_at("2023-01-30T10:30:00-05:00"), prepared_for="Amazon")
        text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(report.path).pages))
        assert "[Superseded: The closure of the period for a request for review ending January 26, 2023" in text
        assert "the certification is final" in text  # only inside the superseded line
        assert text.count("the certification is final") == 1
        assert text.index("[Superseded:") < text.index("the certification is final")


class TestExceptions:
    """The Hearing Officer's report of 2022-09-01; exceptions were due Fri 2022-09-16 (Phoenix, Region 28)."""

    def test_late_exceptions_refused_then_timely_ones_entered_after_the_sweep(self, configured_db: Path) -> None:
        case = jfk8_through("ho-report")
        before = default_snapshot()
        late = _at("2022-09-19T12:00:00-07:00")
        with pytest.raises(UntimelyFiling):
            case.perform(case.act({**EXCEPTIONS, "at": late}), as_of=late)
        assert default_snapshot() == before
        assert _deadline(DeadlineKind.EXCEPTIONS).status is DeadlineStatus.OPEN  # the refusal's sweep is not stored
        app.sweep_case(case.case_id, as_of=_at("2022-09-19T08:00:00-07:00"))  # the scheduled sweep: lapsed
        assert _deadline(DeadlineKind.EXCEPTIONS).status is DeadlineStatus.LAPSED
        case.perform(case.act({**EXCEPTIONS, "at": _at("2022-09-16T14:30:00-07:00")}), as_of=_at("2022-09-20T09:00:00-07:00"))
        assert _deadline(DeadlineKind.EXCEPTIONS).status is DeadlineStatus.MET
        assert _stage() is Stage.EXCEPTIONS_PENDING
        [entry] = _entries("closure-superseded")
        assert entry.summary == ("The closure of the period for exceptions to the Hearing Officer's report ending "
                                 "September 16, 2022 is superseded: the exceptions of Amazon.com Services LLC received "
                                 "September 16, 2022 at 2:30 p.m. MST were within it (29 CFR 102.2(a), (b)).")
        assert entry.ref is not None and entry.ref.table is RecordTable.DEADLINE  # no stage had moved: no closure entry to mark


class TestObjectionsAfterACorrection:
    """The tally of 2022-04-01 (objections due Fri 2022-04-08, 11:59 p.m. EDT in Brooklyn, Region 29)."""

    def test_objections_entered_after_a_correction_swept_the_period(self, configured_db: Path) -> None:
        """A correction of the tally recorded on 2022-04-12, before the objections were entered, swept
        the case first: objection period closed, certification due. Amazon's objections received
        2022-04-08 at 5:00 p.m. EDT, entered on 2022-04-13: accepted, objections-pending, both the
        objection and the offer-of-proof periods met (the offer submitted with them), the closure
        superseded."""
        case = jfk8_through("tally")
        fix = case.act({"act": "correct-tally", "eligible": 8330, "why": "transcription error: the form reads otherwise"})
        case.perform(fix, as_of=_at("2022-04-12T10:00:00-04:00"))
        assert _deadline(DeadlineKind.OBJECTIONS).status is DeadlineStatus.LAPSED
        [closed] = _entries("objection-period-closed")
        assert closed.summary.startswith("No objections by April 8, 2022")
        objections = case.act({"act": "file-objections", "party": "amazon", "at": _at("2022-04-08T17:00:00-04:00"),
                               "objections": list(case.events[JFK8["objections"]].objections),  # type: ignore[attr-defined]
                               "offer_of_proof": [{"objection": 1, "witness": "[NOT IN THE PUBLIC RECORD: a witness]",
                                                   "summary": "[NOT IN THE PUBLIC RECORD: the testimony]"}]})
        case.perform(objections, as_of=_at("2022-04-13T09:00:00-04:00"))
        assert _stage() is Stage.OBJECTIONS_PENDING
        assert _deadline(DeadlineKind.OBJECTIONS).status is DeadlineStatus.MET
        assert _deadline(DeadlineKind.OFFER_OF_PROOF).status is DeadlineStatus.MET
        sentences = [e.summary for e in _entries("closure-superseded")]
        assert ("The closure of the objection period ending April 8, 2022 is superseded: the objections of Amazon.com "
                "Services LLC received April 8, 2022 at 5:00 p.m. EDT were within it (29 CFR 102.2(a), (b)).") in sentences
        assert any(s.startswith("The closure of the period for the offer of proof ending April 8, 2022 is superseded: "
                                "the offer of proof of Amazon.com Services LLC") for s in sentences)
        marked = [e for e in app.case(case.number).docket if e.act == "objection-period-closed"]
        assert marked[0].superseded and marked[0].summary.startswith("[Superseded: The closure of the objection period")


class TestOnBothDatabases:
    """Bessemer (10-RC-269250): tally Fri 2021-04-09, objections due Fri 2021-04-16 (11:59 p.m. EDT,
    Atlanta), on SQLite and PostgreSQL."""

    def test_refusal_rolls_back_its_sweep_and_a_late_entered_filing_supersedes_the_closure(self, engine: Engine) -> None:
        first_election(engine)
        late = {"act": "file-objections", "date": "2021-04-19", "party": "rwdsu", "objections": ["Late objection."]}
        before = snapshot(engine)
        with pytest.raises(UntimelyFiling):
            front_door(engine, late, _at("2021-04-19T12:00:00-04:00"))
        assert snapshot(engine) == before
        app.sweep_case(1, as_of=_at("2021-04-17T06:00:00-04:00"), engine=engine)  # the scheduled sweep: closed
        timely = {"act": "file-objections", "at": "2021-04-16T16:00:00-04:00", "party": "rwdsu",
                  "objections": ["The employer had a mailbox installed near the entrance."]}
        result = front_door(engine, timely, _at("2021-04-20T09:00:00-04:00"))
        assert result.swept == []  # swept as of the receipt: nothing ran out by then
        with read_session(engine) as s:
            deadline = s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.OBJECTIONS)).one()
            stage = s.exec(select(Election)).one().stage
            [entry] = s.exec(select(DocketEntry).where(DocketEntry.act == "closure-superseded")).all()
        assert (deadline.status, stage) == (DeadlineStatus.MET, Stage.OBJECTIONS_PENDING)
        assert entry.summary.startswith("The closure of the objection period ending April 16, 2021 is superseded: the "
                                        "objections of Retail, Wholesale and Department Store Union received April 16, "
                                        "2021 at 4:00 p.m. EDT were within it")
