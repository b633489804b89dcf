"""The web side of how an organization comes to a case (issue 14, item 3), on the Bessemer world:
watching only a case one sees (the form answers the same for a hidden case and a missing number),
a Region admin's Admin page with its Region's organizations, links and cases only, and the Link
requests page (ask; the holder's admin sees the request, the operator decides). Each refusal stores nothing."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from starlette.exceptions import StarletteDeprecationWarning

from tests.accounts.world import NUMBER, PASSWORD, World
from tests.authority.snapshots import record_snapshot

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient


@pytest.fixture
def browser(world: World) -> Iterator[Any]:
    from casefile.server import create_app

    with TestClient(create_app(on_committed=lambda entry_id, as_of: None), base_url="http://127.0.0.1") as c:
        yield c


def csrf(client: Any, path: str) -> str:
    match = re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).text)
    assert match, f"no CSRF token on {path}"
    return match.group(1)


def sign_in(client: Any, email: str) -> None:
    answer = client.post("/sign-in", data={"email": email, "password": PASSWORD, "csrf_token": csrf(client, "/sign-in")},
                         follow_redirects=False)
    assert answer.status_code == 303, answer.text[-500:]


def add_user(email: str, org: str, role: str) -> None:
    from casefile.accounts.users import add_user as add
    from casefile.record.db import write_session

    with write_session(by="operator:tests") as session:
        add(session, email=email, organization=org, role=role, password=PASSWORD, as_of=datetime.now(UTC))


def error_text(html: str) -> str:
    """The error summary's words, with the number asked about taken out."""
    found = re.search(r'class="error-summary.*?</div>', html, re.S)
    assert found, "no error summary"
    return re.sub(r"\d\d-RC-\d+", "N", re.sub(r"<[^>]+>", "", found.group(0)))


def test_watching_a_hidden_case_is_refused_as_a_missing_number_is(browser: Any, world: World) -> None:
    """Before: an admin typed any case number and watched it (the hidden case became visible) and
    the form said which numbers exist. Now a watch is only of a case the organization sees."""
    add_user("admin@other-firm.example.org", "other-firm", "admin")
    sign_in(browser, "admin@other-firm.example.org")
    token = csrf(browser, "/admin")
    before = record_snapshot()
    answers = []
    for number in (NUMBER, "10-RC-999999"):
        answer = browser.post("/admin/links", data={"csrf_token": token, "action": "watch", "watch-case": number})
        answers.append((answer.status_code, error_text(answer.text)))
    assert answers[0] == answers[1] and answers[0][0] == 422, answers
    assert record_snapshot() == before
    assert browser.get(f"/cases/{NUMBER}").status_code == 404


def test_a_region_admins_page_lists_its_regions_organizations_and_cases_only(browser: Any, client: Any,
                                                                               world: World) -> None:
    """Before: a Region admin's Admin page listed every organization's links, other Regions' cases
    included. Now: the organizations linked to its Region's cases, with those links only."""
    from tests.acts.procedure import scenario

    spec = scenario()
    opening = {"act": "open-case", "date": "2021-04-09",
               "case": {**spec.case.model_dump(mode="json"), "number": "15-RC-123456", "office": "New Orleans"},
               "parties": [p.model_dump(mode="json") for p in spec.parties]}
    opened = client.post("/api/v1/cases/15-RC-123456/acts", json=opening,
                         params={"as_of": "2021-04-09T12:00:00-05:00", "party": "amazon"},
                         headers=world.headers("employer-counsel"))
    assert opened.status_code == 201, opened.text
    add_user("admin@region-10.example.org", "region-10", "admin")
    sign_in(browser, "admin@region-10.example.org")
    page = browser.get("/admin").text
    table = page.split("Organizations and their links", 1)[1].split("</table>", 1)[0]
    # organizations by name (the admin page shows no keys)
    assert "RWDSU Legal Department" in table and "Employer&#39;s Counsel LLP" in table and "AFL-CIO Legal" in table
    assert f"{NUMBER} amazon" in table and f"{NUMBER} rwdsu" in table
    assert "15-RC-123456" not in page and "Another Firm LLP" not in table


def test_ask_to_be_linked_and_the_holder_sees_but_does_not_decide_on_the_web(browser: Any, world: World) -> None:
    from casefile.accounts.links import list_link_requests
    from casefile.record.authority import OPERATOR
    from casefile.record.db import read_session

    add_user("admin@other-firm.example.org", "other-firm", "admin")
    sign_in(browser, "admin@other-firm.example.org")
    token = csrf(browser, "/links")
    assert "opens that party&#39;s offers of proof" in browser.get("/links").text
    sent = []
    for number in (NUMBER, "10-RC-999999"):
        answer = browser.post("/links", data={"csrf_token": token, "case-number": number, "party": "rwdsu"})
        assert answer.status_code == 200
        sent.append(re.sub(r"\d\d-RC-\d+", "N", re.search(r'class="notice".*?</p>', answer.text, re.S).group(0)))  # type: ignore[union-attr]
    assert sent[0] == sent[1] and "with the operator" in sent[0]
    before = record_snapshot()
    bad = browser.post("/links", data={"csrf_token": token, "case-number": "not a number", "party": "rwdsu"})
    assert bad.status_code == 422 and record_snapshot() == before
    with read_session() as session:
        ident = next(r.id for r in list_link_requests(session, OPERATOR) if r.case_number == NUMBER)
    own = browser.post("/links/decide", data={"csrf_token": token, "request": str(ident), "action": "approve"})
    assert own.status_code == 403 and record_snapshot() == before  # the operator's to decide
    holder = TestClient(browser.app, base_url="http://127.0.0.1")
    sign_in(holder, world.emails["union-admin"])
    listed = holder.get("/links").text
    assert "Another Firm LLP" in listed and "10-RC-999999" not in listed and 'action="/links/decide"' not in listed
    declined = holder.post("/links/decide", data={"csrf_token": csrf(holder, "/links"), "request": str(ident),
                                                  "action": "decline"}, follow_redirects=False)
    assert declined.status_code == 403 and "only the operator of this casefile decides" in declined.text
    assert record_snapshot() == before
    assert "pending" in browser.get("/links").text
    assert browser.get(f"/cases/{NUMBER}").status_code == 404


HEADER = ("Region,Case Number,Case Name,Status,Date Filed,Date Closed,Reason Closed,City,States & Territories,Unit ID,"
          "Ballot Type,Tally Type,Tally Date,No of Eligible Voters,Void Ballots,Labor Union1,Votes for Labor Union1,"
          "Labor Union2,Votes for Labor Union2,Labor Union3,Votes for Labor Union3,Votes Against,Total Ballots Counted,"
          "Runoff Required,Challenged Ballots,Challenges are Determinative,Union to Certify,Voting Unit (Unit A),"
          "Voting Unit (Unit B),Voting Unit (Unit C),Voting Unit (Unit D)")
#: The security trial's forged rerun tally of Bessemer: 5 for the union, 245 against.
FORGED = (f'"Region 10, Atlanta, Georgia",{NUMBER},"Amazon.com Services LLC",Open,11/20/2020,,,Bessemer,AL,A,'
          'Single Labor Organization,Rerun,04/15/2021,5867,,"Retail, Wholesale and Department Store Union",5,,,,,245,'
          '250,,0,,,"All full-time and part-time workers",,,')


def test_no_organizations_admin_forges_a_tally_through_the_web_import(browser: Any, world: World) -> None:
    """Before: any organization's admin uploaded an export on the Import page and a rerun tally of
    5–245 became Bessemer's current election, its docket entry naming no one. Now the page is a
    Region admin's, for its own Region's cases: the parties' admins are refused and another Region's
    admin has the row skipped — nothing stored either way."""
    from datetime import UTC, datetime

    from casefile.accounts.orgs import add_organization
    from casefile.record.db import write_session

    with write_session(by="operator:tests") as session:
        add_organization(session, key="region-6", name="NLRB Region 6", kind="region", region="06",
                         as_of=datetime.now(UTC))
    add_user("admin@region-6.example.org", "region-6", "admin")
    export = (HEADER + "\n" + FORGED + "\n").encode("utf-8")
    before = record_snapshot()
    for who in ("union-admin", "employer-admin", "region-6"):
        client = TestClient(browser.app, base_url="http://127.0.0.1")
        sign_in(client, world.emails[who] if who != "region-6" else "admin@region-6.example.org")
        token = csrf(client, "/cases")
        answer = client.post("/import", data={"csrf_token": token},
                             files={"export": ("forged.csv", export, "text/csv")})
        if who == "region-6":
            assert answer.status_code == 200 and "not a case of Region 06" in answer.text, answer.text[-800:]
        else:
            assert answer.status_code == 403, who
        assert record_snapshot() == before, who
