"""With whom a filing is filed, as the forms say it (casefile.rules.filed_with): the exceptions form of a
case decided by an Administrative Law Judge says "the Board's Office of the Executive Secretary" in its
banner and its date hint, never the Regional Office; the objections form of the same kind of case
names the Regional Office (Atlanta, GA)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_sessions import client, sign_in  # noqa: F401  (the fixture)
from tests.web.test_trial_words import text_of
from tests.web.world import USERS, noon

DECIDED = "10-RC-300060"  # a case of its own (test_first_hour_trial opens 300020)
RWDSU = "Retail, Wholesale and Department Store Union"


@pytest.fixture(scope="module")
def decided(served: Any) -> str:
    """A Region 10 case (petition 2022-01-10) consolidated with an unfair labor practice case and decided by
    the judge on 2024-11-05, its sides linked to RWDSU's and Amazon's organizations."""
    from casefile import app
    from casefile.accounts.orgs import link_party
    from casefile.acts import Who, parse_act
    from casefile.record.db import write_session

    operator = Who.operator()
    opening = parse_act({"act": "open-case", "date": "2022-03-01", "case": {
        "number": DECIDED, "name": "Magnolia Fulfillment LLC", "petition_filed_on": "2022-01-10"}, "parties": [
        {"key": "employer", "role": "employer", "name": "Magnolia Fulfillment LLC"},
        {"key": "union", "role": "petitioner", "name": RWDSU}]})
    app.perform(opening, case_number=DECIDED, as_of=noon(opening.on), by=operator, documents="none")
    for payload in (
        {"act": "record-tally", "date": "2022-03-31", "kind": "initial", "choices": {RWDSU: 875}, "against": 993,
         "challenged": 16, "void": 59, "election": {"method": "mail"}},
        {"act": "file-objections", "date": "2022-04-05", "party": "union", "objections": ["objection 1"]},
        {"act": "consolidate-with-ulp", "date": "2024-04-25", "opens_on": "2024-04-25", "challenges": False,
         "ulp_cases": ["10-CA-000001"], "objections": {"union": [1]}},
        {"act": "alj-decision", "date": "2024-11-05", "result": "set-aside", "at_fault": "employer"},
    ):
        act = parse_act(payload)
        app.perform(act, case_number=DECIDED, as_of=noon(act.on), by=operator, documents="none")
    with write_session(by="operator:tests") as session:
        link_party(session, organization="rwdsu-legal", case_number=DECIDED, party="union", as_of=noon(opening.on))
        link_party(session, organization="amazon-counsel", case_number=DECIDED, party="employer", as_of=noon(opening.on))
    return DECIDED


def test_exceptions_to_the_judges_decision_go_to_the_board_on_every_line_of_the_form(
        client: Any, decided: str) -> None:  # noqa: F811
    """Counsel's File exceptions form: the E-Filing banner and the date hint name the Board's Office of the
    Executive Secretary; the Regional Office (Atlanta, GA) is named nowhere on it."""
    sign_in(client, USERS["employer-counsel"])
    answer = client.get(f"/cases/{decided}/acts/file-exceptions")
    assert answer.status_code == 200, answer.text[:1500]
    shown = text_of(answer.text)
    assert ("to the Board's Office of the Executive Secretary (Washington, DC) by the cut-off") in shown, shown[:3000]
    assert "The day the Board's Office of the Executive Secretary (Washington, DC) received them." in shown
    assert "Regional Office (Atlanta, GA)" not in shown and "due with the Regional Director" not in shown
