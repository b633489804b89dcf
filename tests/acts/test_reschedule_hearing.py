"""reschedule-hearing: the Regional Director's order postponing a noticed hearing (29 CFR 102.69(c)(1)(ii)).
Real case: Amazon JFK8 (29-RC-288020), the Notice of Hearing set Monday 2022-05-23; the hearing opened Monday
2022-06-13 (examples/amazon-jfk8-29-RC-288020.yaml). The order's date (2022-05-20) and words are hypothetical (the
public record reports the postponement, not the order)."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from pypdf import PdfReader
from sqlmodel import select

from casefile.errors import BadInput, IllegalTransition, OutOfOrder
from casefile.record.db import read_session
from casefile.record.models import Hearing
from tests.acts.real_histories import JFK8, jfk8_through

ORDER = "Regional Director's order postponing the hearing on the Employer's motion (hypothetical)"


def _reschedule(case, **fields):  # type: ignore[no-untyped-def]
    return case.act({"act": "reschedule-hearing", "date": date(2022, 5, 20), "opens_on": date(2022, 6, 13),
                     "order": ORDER, **fields})


def _hearing() -> Hearing:
    with read_session() as s:
        return s.exec(select(Hearing)).one()


def test_the_noticed_date_is_kept_and_the_new_one_is_its_own(configured_db: Path) -> None:
    case = jfk8_through("notice")
    done = case.perform(_reschedule(case))
    assert done.summary == ("Hearing postponed: set to open Monday, June 13, 2022, not Monday, May 23, 2022, by order: "
                            f"{ORDER}")
    assert (_hearing().noticed_opens_on, _hearing().opens_on) == (date(2022, 5, 23), date(2022, 6, 13))
    case.perform(case.events[JFK8["open"]])  # opened Monday 2022-06-13
    assert (_hearing().noticed_opens_on, _hearing().opens_on) == (date(2022, 5, 23), date(2022, 6, 13))


def test_the_documents_tell_both_dates(configured_db: Path) -> None:
    """The Hearing Officer's report's procedural history: the notice set May 23, 2022; the order rescheduled it to
    June 13, 2022; the hearing opened on June 13, 2022 — not "set to open on June 13"."""
    case = jfk8_through("notice")
    case.perform(_reschedule(case))
    case.perform(case.events[JFK8["open"]])
    report = case.perform(case.events[JFK8["ho-report"]], documents="issue")
    doc = next(d for d in report.documents if d.kind == "hearing-officer-report")
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(doc.path).pages))
    assert "the hearing was set to open on May 23, 2022" in text
    assert "The Regional Director rescheduled the hearing from May 23, 2022 to June 13, 2022." in text
    assert "The hearing opened on June 13, 2022." in text
    assert "set to open on June 13" not in text


def test_refusals_store_nothing(configured_db: Path) -> None:
    """The date already set, a new date before the order, and a hearing already opened are refused; nothing stored."""
    case = jfk8_through("notice")
    case.refused(_reschedule(case, opens_on=date(2022, 5, 23)), BadInput)
    case.refused(_reschedule(case, opens_on=date(2022, 5, 19)), OutOfOrder)
    case.perform(case.events[JFK8["open"]].model_copy(update={"on": date(2022, 5, 23)}))
    case.refused(_reschedule(case), IllegalTransition)


def test_a_retry_stores_nothing(configured_db: Path) -> None:
    case = jfk8_through("notice")
    first = case.perform(_reschedule(case))
    assert case.retried(_reschedule(case)).entry_id == first.entry_id


def test_an_opening_before_the_rescheduled_date_names_the_order(configured_db: Path) -> None:
    """Opened on Friday 2022-06-10, before the date the order of 2022-05-20 set (Monday 2022-06-13): the warning names
    that order and its date, and the date the Notice of Hearing had set (Monday 2022-05-23) — not the notice for the
    rescheduled date."""
    case = jfk8_through("notice")
    case.perform(_reschedule(case))
    done = case.perform(case.events[JFK8["open"]].model_copy(update={"on": date(2022, 6, 10)}))
    assert done.warnings == [
        "The hearing is recorded as opened on Friday, June 10, 2022, before the date the order of Friday, May 20, 2022 "
        "rescheduled it to (Monday, June 13, 2022; the Notice of Hearing of Friday, April 29, 2022 had set Monday, May 23, "
        "2022): if an order rescheduled it or the parties agreed to an earlier date (29 CFR 102.69(c)(1)(ii)), attach it "
        "to the docket; if the date is mistyped, correct it (casefile correct hearing 29-RC-288020 --opened-on DATE "
        "--why REASON)."]
