"""file-motion and rule-on-motion: a party's motion during the proceeding and its ruling, by whom (29 CFR
102.65(a), (c)). Real case: Amazon JFK8 (29-RC-288020), the Employer's motion to close the hearing to the public,
denied by the hearing officer (reported in June 2022); the day (the hearing's opening, 2022-06-13) and the words are
the test's own."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from sqlmodel import select

from casefile.errors import OutOfOrder, ProcedureError
from casefile.record.db import read_session
from casefile.record.models import DocketEntry, Filing
from casefile.vocab import Actor
from tests.acts.real_histories import JFK8, jfk8_through

MOTION = {"act": "file-motion", "date": date(2022, 6, 13), "party": "amazon", "subject": "to close the hearing to the public",
          "to": "hearing officer", "oral": True}


def _opened():  # type: ignore[no-untyped-def]
    case = jfk8_through("notice")
    case.perform(case.events[JFK8["open"]])
    return case


def test_a_motion_and_its_ruling_by_the_hearing_officer(configured_db: Path) -> None:
    case = _opened()
    made = case.perform(case.act(MOTION))
    assert made.summary == ("Motion of Amazon.com Services LLC to close the hearing to the public, stated on the record to "
                            "the hearing officer (June 13, 2022)")
    ruled = case.perform(case.act({"act": "rule-on-motion", "date": date(2022, 6, 13), "ruling": "denied"}))
    assert ruled.summary == "Motion to close the hearing to the public denied by the hearing officer"
    with read_session() as s:
        entry = s.exec(select(DocketEntry).where(DocketEntry.act == "rule-on-motion")).one()
        motion = s.exec(select(Filing).where(Filing.kind == "motion")).one()
    assert (entry.actor, entry.occurred_on, motion.received_on) == (Actor.HEARING_OFFICER, date(2022, 6, 13),
                                                                    date(2022, 6, 13))
    assert case.retried(case.act({"act": "rule-on-motion", "date": date(2022, 6, 13), "ruling": "denied"})).entry_id \
        == ruled.entry_id


def test_refusals_store_nothing(configured_db: Path) -> None:
    """A ruling with no motion pending, a second ruling, and one dated before the motion are refused; nothing stored."""
    case = _opened()
    case.refused(case.act({"act": "rule-on-motion", "date": date(2022, 6, 13), "ruling": "denied"}), ProcedureError)
    case.perform(case.act(MOTION))
    case.refused(case.act({"act": "rule-on-motion", "date": date(2022, 6, 12), "ruling": "denied"}), OutOfOrder)
    case.perform(case.act({"act": "rule-on-motion", "date": date(2022, 6, 13), "ruling": "denied"}))
    with read_session() as s:
        motion_id = s.exec(select(Filing.id).where(Filing.kind == "motion")).one()
    case.refused(case.act({"act": "rule-on-motion", "date": date(2022, 6, 14), "ruling": "granted", "motion": motion_id}),
                 ProcedureError)


def test_a_bare_verb_or_a_leading_motion_reads_as_the_motion_to(configured_db: Path) -> None:
    """A trial's "--subject 'postpone the hearing'" read "Motion of Cascade Freight LLC postpone the hearing" and "granted
    the motion postpone the hearing": the request is worded "to postpone ..." in the docket and the ruling; "Motion for a
    continuance" keeps its "for"."""
    case = _opened()
    made = case.perform(case.act({**MOTION, "subject": "Postpone  the hearing one week", "oral": False}))
    assert made.summary.startswith("Motion of Amazon.com Services LLC to postpone the hearing one week, filed to the hearing officer")
    ruled = case.perform(case.act({"act": "rule-on-motion", "date": date(2022, 6, 13), "ruling": "granted"}))
    assert ruled.summary == "Motion to postpone the hearing one week granted by the hearing officer"
    again = case.perform(case.act({**MOTION, "subject": "Motion for a continuance", "date": date(2022, 6, 14)}))
    assert again.summary.startswith("Motion of Amazon.com Services LLC for a continuance, stated on the record")


def test_motion_request_words() -> None:
    from casefile.acts.file_motion import motion_request

    assert [motion_request(s) for s in ("to close the hearing", "Motion to close the hearing", "postpone it",
                                        "that the hearing be closed", "in limine")] == [
        "to close the hearing", "to close the hearing", "to postpone it", "that the hearing be closed", "in limine"]
