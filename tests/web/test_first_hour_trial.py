"""What a new user's first hour on the web found (issue 18 item 4, issue 15 item 9), on cases of
this module's own with a tally of yesterday (so their periods run now): the offer of proof is served
on no one; a period met by a filing shows met on every page and command; what comes next before the
tally; the tally's and the objections' warnings on the form's page; the extension form lists only
the periods running that may be extended."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.web.test_sessions import client, csrf, sign_in  # noqa: F401  (the fixture)
from tests.web.test_trial_words import text_of
from tests.web.world import ATLANTA, USERS, noon

#: A case with a tally of yesterday and the union's objections filed without their offer of proof.
NO_OFFER = "10-RC-300018"
#: A case with a tally of yesterday and no objections.
TALLIED = "10-RC-300019"
#: A case with no tally.
UNTALLIED = "10-RC-300020"


def _open(number: str, on: str) -> None:
    from casefile import app
    from casefile.accounts.orgs import link_party
    from casefile.acts import Who, parse_act
    from casefile.record.db import write_session

    opening = parse_act({"act": "open-case", "date": on, "case": {
        "number": number, "name": "Magnolia Fulfillment LLC", "petition_filed_on": on,
        "unit_description": "All full-time and regular part-time warehouse employees"}, "parties": [
        {"key": "employer", "role": "employer", "name": "Magnolia Fulfillment LLC"},
        {"key": "union", "role": "petitioner", "name": "Retail, Wholesale and Department Store Union"}]})
    at = noon(opening.on)
    app.perform(opening, case_number=number, as_of=at, by=Who.operator(), documents="none")
    with write_session(by="operator:tests") as session:
        link_party(session, organization="rwdsu-legal", case_number=number, party="union", as_of=at)
        link_party(session, organization="amazon-counsel", case_number=number, party="employer", as_of=at)


def _tally(number: str, on: str) -> None:
    from casefile import app
    from casefile.acts import Who, parse_act

    tally = parse_act({"act": "record-tally", "date": on, "kind": "initial", "choices": {
        "Retail, Wholesale and Department Store Union": 40}, "against": 50, "challenged": 2, "void": 1,
        "eligible": 100, "board_agent": "R. Ortiz", "election": {"method": "manual", "held_from_on": on}})
    app.perform(tally, case_number=number, as_of=datetime.now(UTC), by=Who.operator(), documents="none")


@pytest.fixture(scope="module")
def cases(served: Any) -> dict[str, str]:
    """The module's cases (NO_OFFER, TALLIED, UNTALLIED), opened a week ago, tallied yesterday."""
    from casefile import app
    from casefile.acts import Who, parse_act

    today = datetime.now(ATLANTA).date()
    week_ago, yesterday = (today - timedelta(days=7)).isoformat(), (today - timedelta(days=1)).isoformat()
    for number in (NO_OFFER, TALLIED, UNTALLIED):
        _open(number, week_ago)
    for number in (NO_OFFER, TALLIED):
        _tally(number, yesterday)
    objections = parse_act({"act": "file-objections", "party": "union", "date": today.isoformat(),
                            "objections": ["The Employer's supervisors threatened closure."]})
    app.perform(objections, case_number=NO_OFFER, as_of=datetime.now(UTC), by=Who.operator(), documents="none")
    return {"no_offer": NO_OFFER, "tallied": TALLIED, "untallied": UNTALLIED}


class TestOfferOfProofIsServedOnNoOne:
    """29 CFR 102.69(a)(8): the offer of proof goes to the Regional Director only, served on no party."""

    def test_the_form_has_no_service_and_says_it_is_not_served(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        form = f"/cases/{NO_OFFER}/acts/file-offer-of-proof"
        answer = client.get(form)
        assert answer.status_code == 200, answer.text[:2000]
        shown = text_of(answer.text)
        assert "Service on the other parties" not in shown
        assert 'name="service-rows"' not in answer.text and 'id="service-0-party"' not in answer.text
        assert "serve it on the other parties" not in shown
        assert "It is confidential to the Regional Director: it is not served on the other parties" in shown

    def test_the_banner_after_filing_does_not_say_serve(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        sign_in(client, USERS["union-counsel"])
        form = f"/cases/{NO_OFFER}/acts/file-offer-of-proof"
        today = datetime.now(ATLANTA).date().isoformat()
        answer = client.post(form, data={
            "csrf_token": csrf(client, form), "party": "union", "date": today, "method": "e-filing",
            "witnesses-rows": "1", "witnesses-0-objection": "1", "witnesses-0-witness": "Jane Doe, picker",
            "witnesses-0-summary": "Heard the threat.", "witnesses_public": "yes", "file": "1"},
            follow_redirects=False)
        assert answer.status_code == 303, text_of(answer.text)[:2000]
        shown = text_of(client.get(answer.headers["location"]).text)
        assert "Not yet filed with the NLRB" in shown
        assert "serve it on the other parties" not in shown
        assert "It is confidential: not served on the other parties." in shown

    def test_a_served_filing_still_says_serve(self, client: Any, cases: dict[str, str]) -> None:  # noqa: F811
        sign_in(client, USERS["employer-counsel"])
        shown = text_of(client.get(f"/cases/{TALLIED}/acts/file-objections").text)
        assert "and serve it on the other parties." in shown
