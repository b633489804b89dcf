"""Re-trial N1/N4 (2026-12-03): each objecting party's offer-of-proof period is its own and
confidential (29 CFR 102.69(a)(8), R-G7; casefile.record.authority.hidden_of): after the employer
filed its objections with their offer, the union sees no employer offer-of-proof period on its case
page, My cases, Deadlines or calendar feed; the employer sees its own met; the Region and the
operator see it."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.web.test_first_hour_trial import _open, _row_of, _tally
from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.test_trial_words import text_of
from tests.web.world import ATLANTA, USERS, noon

#: A case with a tally of yesterday and the employer's objections filed with their offer of proof.
EMPLOYER_FILED = "10-RC-300061"
EMPLOYER_OFFER = "Magnolia Fulfillment LLC's offer of proof"


@pytest.fixture(scope="module")
def employer_filed(served: Any) -> str:
    from casefile import app
    from casefile.acts import Who, parse_act
    from casefile.acts.file_objections import WitnessIn

    today = datetime.now(ATLANTA).date()
    _open(EMPLOYER_FILED, (today - timedelta(days=7)).isoformat())
    _tally(EMPLOYER_FILED, (today - timedelta(days=1)).isoformat())
    objections = parse_act({"act": "file-objections", "party": "employer", "date": today.isoformat(),
                            "objections": ["The Petitioner's agents threatened employees."],
                            "offer_of_proof": [WitnessIn(objection=1, witness="John Roe, loader",
                                                         summary="Was threatened.").model_dump()]})
    app.perform(objections, case_number=EMPLOYER_FILED, as_of=datetime.now(UTC), by=Who.operator(), documents="none")
    return EMPLOYER_FILED


def _offers(number: str, viewer: Any) -> list[tuple[str, str]]:
    from casefile import app

    view = app.case(number, viewer=viewer, as_of=datetime.now(UTC))
    return [(d.for_whom, d.status) for d in view.elections[-1].deadlines if d.kind == "offer-of-proof"]


class TestAnotherPartysOfferPeriodIsNotShown:
    def test_the_union_sees_no_employer_offer_period_anywhere(self, client: Any, employer_filed: str) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        case_page = text_of(client.get(f"/cases/{employer_filed}").text)
        assert "Objections" in case_page and EMPLOYER_OFFER not in case_page, case_page
        my_cases = _row_of(client.get("/cases", params={"q": employer_filed}).text, employer_filed)
        assert "Objections and offer of proof (all parties)" in my_cases and EMPLOYER_OFFER not in my_cases, my_cases
        deadlines = _row_of(client.get("/deadlines").text, employer_filed)
        assert "Objections" in deadlines and EMPLOYER_OFFER not in deadlines, deadlines
        made = client.post("/reminders/calendar", data={"csrf_token": csrf(client, "/reminders"), "action": "make"})
        url = re.search(r'id="calendar-url">([^<]+)<', made.text).group(1)  # type: ignore[union-attr]
        from icalendar import Calendar

        feed = client.get(url.split("127.0.0.1", 1)[1])
        events = {str(e["SUMMARY"]) for e in Calendar.from_ical(feed.content).walk("VEVENT")}
        ours = sorted(s for s in events if employer_filed in s)
        assert ours and not [s for s in ours if EMPLOYER_OFFER in s], ours
        client.post("/reminders/calendar", data={"csrf_token": csrf(client, "/reminders"), "action": "revoke"})

    def test_the_read_model_has_no_employer_period_for_the_union(self, employer_filed: str) -> None:
        from sqlmodel import select

        from casefile.record.access import UserViewer
        from casefile.record.accounts import User
        from casefile.record.authority import OPERATOR
        from casefile.record.db import read_session

        with read_session() as session:
            union = UserViewer.of(session, session.exec(select(User).where(User.email == USERS["union-counsel"])).one())
            employer = UserViewer.of(session, session.exec(select(User).where(
                User.email == USERS["employer-counsel"])).one())
            region = UserViewer.of(session, session.exec(select(User).where(User.email == USERS["region"])).one())
        assert _offers(employer_filed, union) == []
        assert _offers(employer_filed, employer) == [("employer", "met")]
        # the employer's period alone, met by its timely filing: met for whoever may see it (29 CFR 102.69(a)(8))
        assert _offers(employer_filed, region) == [("employer", "met")]
        assert _offers(employer_filed, OPERATOR) == [("employer", "met")]

    def test_the_employer_sees_its_own_met(self, client: Any, employer_filed: str) -> None:  # noqa: F811
        sign_in(client, USERS["employer-counsel"])
        case_page = text_of(client.get(f"/cases/{employer_filed}").text)
        assert f"Met {EMPLOYER_OFFER}" in case_page, case_page

    def test_the_region_sees_it_on_deadlines(self, client: Any, employer_filed: str) -> None:  # noqa: F811
        """The Region's Deadlines page lists the employer's offer of proof while it runs (yesterday noon, before the
        filing); met today by the employer's timely filing, it is due from no one and leaves the list, as it leaves
        every list of running periods (29 CFR 102.69(a)(8)); the case page still shows it, met."""
        sign_in(client, USERS["region"])
        yesterday = noon(datetime.now(ATLANTA).date() - timedelta(days=1))
        before = _row_of(client.get("/deadlines", params={"as_of": yesterday.isoformat()}).text, employer_filed)
        assert EMPLOYER_OFFER in before, before
        today = _row_of(client.get("/deadlines").text, employer_filed)
        assert "Objections" in today and EMPLOYER_OFFER not in today, today
        case_page = text_of(client.get(f"/cases/{employer_filed}").text)
        assert re.search(re.escape(EMPLOYER_OFFER) + r".{0,200}\bmet\b", case_page), case_page



#: A case with a tally of yesterday and the union's objections filed without their offer of proof.
UNION_NO_OFFER = "10-RC-300062"
UNION_OFFER = "Retail, Wholesale and Department Store Union's offer of proof"


@pytest.fixture(scope="module")
def union_no_offer(served: Any) -> str:
    from casefile import app
    from casefile.acts import Who, parse_act

    today = datetime.now(ATLANTA).date()
    _open(UNION_NO_OFFER, (today - timedelta(days=7)).isoformat())
    _tally(UNION_NO_OFFER, (today - timedelta(days=1)).isoformat())
    objections = parse_act({"act": "file-objections", "party": "union", "date": today.isoformat(),
                            "objections": ["The Employer's supervisors threatened closure."]})
    app.perform(objections, case_number=UNION_NO_OFFER, as_of=datetime.now(UTC), by=Who.operator(), documents="none")
    return UNION_NO_OFFER


class TestMissedOfferNamedAndOwn:
    """Re-trial N4: a party sees only its own missed offer of proof, named by the party's name (never its
    key "union"), and the same page's table says it lapsed, not "closed"; the other side sees neither."""

    def test_the_union_sees_its_own_missed_offer_by_name(self, client: Any, union_no_offer: str) -> None:  # noqa: F811
        later = (datetime.now(ATLANTA) + timedelta(days=14)).isoformat()
        sign_in(client, USERS["union-counsel"])
        page = client.get(f"/cases/{union_no_offer}", params={"as_of": later}).text
        mine = text_of(page.split('id="next-for-you"', 1)[1].split("</section>", 1)[0])
        assert f"Missed {UNION_OFFER}: due" in mine and "(union)" not in mine, mine
        table = _row_of(page, union_no_offer) or text_of(page)
        assert re.search(re.escape(UNION_OFFER) + r" Retail, Wholesale and Department Store Union \w+ \d{1,2}, \d{4} lapsed",
                         table), table
        row = _row_of(client.get("/cases", params={"q": union_no_offer, "as_of": later}).text, union_no_offer)
        assert f"Missed {UNION_OFFER}: due" in row and "(union)" not in row, row

    def test_the_employer_sees_no_union_offer(self, client: Any, union_no_offer: str) -> None:  # noqa: F811
        later = (datetime.now(ATLANTA) + timedelta(days=14)).isoformat()
        sign_in(client, USERS["employer-counsel"])
        shown = text_of(client.get(f"/cases/{union_no_offer}", params={"as_of": later}).text)
        assert "Objections" in shown and UNION_OFFER not in shown and "Missed" not in shown, shown
