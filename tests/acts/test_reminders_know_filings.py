"""Reminders that know who has already filed what (issue 10, item 3): a party that filed its objections
is not reminded of them, nor of its offer of proof once filed; a party that has filed nothing is.

Amazon JFK8 (29-RC-288020): tally Fri 2022-04-01, objections and offer of proof due Fri 2022-04-08 at
Brooklyn. The filing dates here (objections Wed 04-06, offer Thu 04-07) are earlier than the real ones
so that reminders fall between them; the people reminded are the tests' own."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from casefile.jobs.people import add_person
from casefile.jobs.reminders import select_due_reminders
from casefile.record.db import read_session, write_session
from casefile.rules.calendar import BusinessCalendar
from tests.acts.real_histories import JFK8, JFK8_NUMBER, jfk8


def _due(as_of: datetime) -> set[tuple[str, str]]:
    with read_session() as s:
        return {(r.person_name, r.kind.value) for r in select_due_reminders(
            s, as_of=as_of, lead_days=(1,), calendar=BusinessCalendar(), default_urls=["json://localhost"])}


def test_a_party_is_not_reminded_of_what_it_filed(configured_db: Path) -> None:
    case = jfk8()
    case.open()
    case.perform(case.events[JFK8["tally"]])
    with write_session(by="operator:tests") as s:
        for party, name in (("amazon", "Counsel for Amazon"), ("alu", "Counsel for the union")):
            add_person(s, case_number=JFK8_NUMBER, party=party, name=name, as_of=case.at_noon(date(2022, 4, 1)),
                       default_urls=["json://localhost"])
    thursday = datetime.fromisoformat("2022-04-07T08:30:00-04:00")  # lead 1 for Fri 04-08
    assert _due(thursday) == {("Counsel for Amazon", "objections"), ("Counsel for the union", "objections"),
                              ("Counsel for Amazon", "offer-of-proof"), ("Counsel for the union", "offer-of-proof")}
    case.perform(case.events[JFK8["objections"]].model_copy(update={"on": date(2022, 4, 6)}))
    # Amazon filed its objections (without the offer): it is not reminded of them; the offer is the objecting party's,
    # Amazon's alone now, and still due.
    assert _due(thursday) == {("Counsel for the union", "objections"), ("Counsel for Amazon", "offer-of-proof")}
    offer = case.events[JFK8["offer"]].model_copy(update={"on": date(2022, 4, 7)})
    case.perform(offer, as_of=case.at_noon(date(2022, 4, 7)))
    friday = datetime.fromisoformat("2022-04-08T08:30:00-04:00")  # the due day's morning
    assert _due(friday) == {("Counsel for the union", "objections")}
