"""Who decides a link request, and which party it names (attacker trial 2026-12-03: HIGH-1, HIGH-2,
MEDIUM-2, LOW-3; casefile.accounts.links, casefile.record.authority.may_decide_link / may_link_party).

- HIGH-1: the employer's firm opened a case naming itself the union's party, then declined the real
  union's link request itself, so the operator never saw it. Now only the operator decides.
- HIGH-2: the employer renamed its own party "Petitioner" and the union's request for "petitioner"
  named the employer's party. Now a request names a party by its role or handle only.
- MEDIUM-2: the operator's approve linked the employer's firm to the union's party of a case where it
  holds the employer. Now refused, and the operator is shown what the asker holds.
- LOW-3: one party asked for under any spelling, without bound.

Every refusal is checked to store nothing (every table and the output folder before and after)."""

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

SQUATTED = "10-RC-400008"
REGION_OPENED = "10-RC-400009"
OPENED_AT = "2021-04-09T12:00:00-04:00"
ONLY_OPERATOR = "only the operator of this casefile decides link requests"
OPPOSED = "one organization does not represent opposing parties of one case"


def _opening(number: str) -> dict[str, Any]:
    from tests.acts.procedure import scenario

    spec = scenario()
    return {"act": "open-case", "date": "2021-04-09", "case": {**spec.case.model_dump(mode="json"), "number": number},
            "parties": [p.model_dump(mode="json") for p in spec.parties]}


def _open(client: Any, world: World, who: str, number: str, party: str | None) -> None:
    params = {"as_of": OPENED_AT} | ({"party": party} if party else {})
    opened = client.post(f"/api/v1/cases/{number}/acts", json=_opening(number), params=params,
                         headers=world.headers(who))
    assert opened.status_code == 201, opened.text


def _ask(client: Any, world: World, who: str, number: str, party: str) -> Any:
    asked = client.post("/api/v1/link-requests", json={"case_number": number, "party": party},
                        headers=world.headers(who))
    assert asked.status_code == 202, asked.text
    return asked.json()


def _pending() -> list[Any]:
    from casefile.accounts.links import list_link_requests
    from casefile.record.authority import OPERATOR
    from casefile.record.db import read_session

    with read_session() as session:
        return list_link_requests(session, OPERATOR, pending_only=True)


def _holders(number: str, party: str) -> list[str]:
    from casefile.accounts.links import holders
    from casefile.record.db import read_session
    from casefile.record.lookups import get_case, get_party

    with read_session() as session:
        return [o.key for o in holders(session, get_party(session, get_case(session, number), party))]


def _cli(*args: str) -> Any:
    from typer.testing import CliRunner

    from casefile.cli import app

    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def _words(result: Any) -> str:
    return " ".join(f"{result.output} {getattr(result, 'stderr', '')} {result.exception or ''}".split())


@pytest.fixture
def browser(world: World) -> Iterator[Any]:
    from casefile.server import create_app

    with TestClient(create_app(on_committed=lambda entry_id, as_of: None), base_url="http://127.0.0.1") as c:
        yield c


def _csrf(text: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', text)
    assert found
    return found.group(1)


def _sign_in(web: Any, email: str) -> None:
    web.cookies.clear()
    answer = web.post("/sign-in", data={"email": email, "password": PASSWORD, "csrf_token": _csrf(web.get("/sign-in").text)},
                      follow_redirects=False)
    assert answer.status_code == 303, answer.text[-400:]


class TestOnlyTheOperatorDecides:
    """HIGH-1."""

    def test_the_squatter_neither_declines_nor_approves_the_unions_request(self, client: Any, browser: Any,
                                                                           world: World) -> None:
        _open(client, world, "employer-counsel", SQUATTED, "rwdsu")  # the employer's firm names itself the union
        asked = client.post("/api/v1/link-requests", headers=world.headers("union-admin"),
                            json={"case_number": SQUATTED, "party": "rwdsu", "note": "call Jane at 205-555-0100"}).json()
        shown = client.get("/api/v1/link-requests", headers=world.headers("employer-admin")).json()
        assert [(r["id"], r["organization"], r["held_by"], r["note"]) for r in shown] == [
            (asked["id"], "rwdsu-legal", ["amazon-firm"], "")]  # the note is the operator's to read
        before = record_snapshot()
        for decision in ("decline", "approve"):
            for who in ("employer-admin", "union-admin"):
                answer = client.post(f"/api/v1/link-requests/{asked['id']}/decision",
                                     json={"decision": decision, "reason": "not yours"}, headers=world.headers(who))
                assert (answer.status_code, answer.json()["code"]) == (403, "not-permitted"), (who, answer.text)
                assert ONLY_OPERATOR in answer.json()["detail"]
        _sign_in(browser, world.emails["employer-admin"])
        page = browser.get("/links").text
        assert 'action="/links/decide"' not in page and "Only the operator of this casefile decides these" in page
        web = browser.post("/links/decide", data={"csrf_token": _csrf(page), "request": str(asked["id"]),
                                                  "action": "decline"})
        assert web.status_code == 403 and ONLY_OPERATOR in web.text.replace("&#39;", "'")
        assert record_snapshot() == before
        assert [(r.id, r.status, r.held_by, r.note) for r in _pending()] == [
            (asked["id"], "pending", ["amazon-firm"], "call Jane at 205-555-0100")]
        listed = _cli("orgs", "requests")
        assert f"request {asked['id']}: rwdsu of {SQUATTED} is held already by amazon-firm" in _words(listed)
        replaced = _cli("orgs", "approve", str(asked["id"]), "--replace")
        assert replaced.exit_code == 0, replaced.output
        assert _holders(SQUATTED, "rwdsu") == ["rwdsu-legal"]

    def test_a_request_a_holder_declined_before_is_the_operators_again(self, client: Any, world: World) -> None:
        from sqlmodel import select

        from casefile.record.accounts import LinkRequest
        from casefile.record.db import write_session

        _open(client, world, "employer-counsel", SQUATTED, "rwdsu")
        asked = _ask(client, world, "union-admin", SQUATTED, "rwdsu")
        with write_session(by="operator:tests") as session:  # as the holder's decline left it before the fix
            row = session.exec(select(LinkRequest).where(LinkRequest.id == asked["id"])).one()
            row.status, row.decided_by, row.decision = "declined", "user:employer-admin@amazon-firm.example.org", "no"
            row.decided_at = datetime.now(UTC)
            session.add(row)
        assert [(r.id, r.status) for r in _pending()] == [(asked["id"], "declined")]
        listed = _words(_cli("orgs", "requests"))
        assert f"request {asked['id']}: declined by user:employer-admin@amazon-firm.example.org" in listed
        assert _cli("orgs", "approve", str(asked["id"]), "--replace").exit_code == 0
        assert _holders(SQUATTED, "rwdsu") == ["rwdsu-legal"] and _pending() == []


class TestARequestNamesItsPartyByRoleOrHandle:
    """HIGH-2."""

    def test_a_renamed_employer_does_not_capture_the_unions_request_for_the_petitioner(self, client: Any,
                                                                                        world: World) -> None:
        from casefile.accounts.orgs import link_party
        from casefile.record.db import write_session

        _open(client, world, "region", REGION_OPENED, None)
        with write_session(by="operator:tests") as session:
            link_party(session, organization="amazon-firm", case_number=REGION_OPENED, party="amazon",
                       as_of=datetime.now(UTC), by="operator:tests")
        renamed = client.post(f"/api/v1/cases/{REGION_OPENED}/acts", params={"as_of": "2021-04-12T12:00:00-04:00"},
                              json={"act": "correct-party", "party": "amazon", "name": "Petitioner", "why": "x"},
                              headers=world.headers("employer-counsel"))
        assert renamed.status_code == 201, renamed.text
        asked = _ask(client, world, "union-admin", REGION_OPENED, "petitioner")
        by_name = _ask(client, world, "union-admin", REGION_OPENED, "Retail, Wholesale and Department Store Union")
        assert client.get("/api/v1/link-requests", headers=world.headers("employer-admin")).json() == []
        before = record_snapshot()
        refused = client.post(f"/api/v1/link-requests/{asked['id']}/decision", json={"decision": "approve"},
                              headers=world.headers("employer-admin"))
        assert refused.status_code == 403 and ONLY_OPERATOR in refused.json()["detail"]
        assert record_snapshot() == before
        assert [(r.id, r.resolves_to, r.held_by) for r in _pending()] == [
            (asked["id"], "rwdsu (petitioner)", []), (by_name["id"], "", [])]  # a name names no party
        unnamed = _cli("orgs", "approve", str(by_name["id"]))
        assert unnamed.exit_code != 0 and "names no one party" in _words(unnamed)
        assert record_snapshot() == before
        approved = _cli("orgs", "approve", str(asked["id"]))
        assert approved.exit_code == 0, approved.output
        assert "rwdsu-legal represents petitioner" in approved.output
        assert _holders(REGION_OPENED, "rwdsu") == ["rwdsu-legal"] and _holders(REGION_OPENED, "amazon") == ["amazon-firm"]

    def test_a_handle_of_one_party_that_is_anothers_role_names_neither(self, client: Any, world: World) -> None:
        from casefile.accounts.links import resolve
        from casefile.record.db import read_session

        opening = _opening(REGION_OPENED)
        keys = {p["role"]: p["key"] for p in opening["parties"]}
        for p in opening["parties"]:
            if p["role"] == "employer":
                p["key"] = "petitioner"  # the opener chose the employer's handle "petitioner"
        opened = client.post(f"/api/v1/cases/{REGION_OPENED}/acts", json=opening, params={"as_of": OPENED_AT},
                             headers=world.headers("region"))
        assert opened.status_code == 201, opened.text
        with read_session() as session:
            assert resolve(session, REGION_OPENED, "petitioner") is None
            found = resolve(session, REGION_OPENED, keys["petitioner"].upper())
            assert found is not None and found[1].key == keys["petitioner"]
            employer = resolve(session, REGION_OPENED, "Employer")
            assert employer is not None and employer[1].key == "petitioner"


class TestNoOrganizationHoldsBothSides:
    """MEDIUM-2."""

    def test_the_employers_firm_is_not_linked_to_the_unions_party(self, client: Any, browser: Any,
                                                                   world: World) -> None:
        from casefile.accounts.orgs import link_party
        from casefile.errors import NotPermitted
        from casefile.record.db import write_session

        asked = _ask(client, world, "employer-admin", NUMBER, "petitioner")
        assert [(r.id, r.resolves_to, r.held_by, r.asker_holds) for r in _pending()] == [
            (asked["id"], "rwdsu (petitioner)", ["rwdsu-legal"], ["amazon (employer)"])]
        listed = _words(_cli("orgs", "requests"))
        assert f"request {asked['id']}: amazon-firm holds amazon (employer) of {NUMBER} already" in listed
        _sign_in(browser, world.emails["union-admin"])
        row = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", browser.get("/links").text.split("id=\"to-decide\"", 1)[1])).replace("&#39;", "'")
        # the holder's admin reads the organizations and parties by name, never their keys ("amazon-firm", "rwdsu (petitioner)")
        assert "Employer's Counsel LLP 10-RC-269250 Retail, Wholesale and Department Store Union RWDSU Legal Department " \
               "Amazon.com Services LLC" in row, row[:800]
        assert "amazon-firm" not in row and "(petitioner)" not in row
        before = record_snapshot()
        for flag in ("--share", "--replace"):
            refused = _cli("orgs", "approve", str(asked["id"]), flag)
            assert refused.exit_code != 0
            assert "represents the employer of this case already" in _words(refused) and OPPOSED in _words(refused)
            assert record_snapshot() == before, flag
        with pytest.raises(NotPermitted, match=OPPOSED), write_session(by="operator:tests") as session:
            link_party(session, organization="amazon-firm", case_number=NUMBER, party="rwdsu",
                       as_of=datetime.now(UTC), share=True)
        assert record_snapshot() == before
        assert _holders(NUMBER, "rwdsu") == ["rwdsu-legal"]

    def test_a_union_is_not_linked_to_the_employer(self, world: World) -> None:
        from casefile.accounts.orgs import link_party
        from casefile.errors import NotPermitted
        from casefile.record.db import write_session

        before = record_snapshot()
        with pytest.raises(NotPermitted, match="represents a labor organization or an employee, not the employer"), \
                write_session(by="operator:tests") as session:
            link_party(session, organization="aflcio", case_number=NUMBER, party="amazon", as_of=datetime.now(UTC),
                       share=True)
        assert record_snapshot() == before


class TestRequestsAreBounded:
    """LOW-3."""

    def test_spellings_of_one_request_are_one_and_the_operators_decision_closes_other_words(
            self, client: Any, world: World) -> None:
        first = _ask(client, world, "outsider", NUMBER, "rwdsu")
        for spelling in ("RWDSU", "rwdsu ", " Rwdsu"):
            assert _ask(client, world, "outsider", NUMBER, spelling)["id"] == first["id"]
        other = _ask(client, world, "outsider", NUMBER, "petitioner")
        assert other["id"] != first["id"]  # telling the asker both name one party would tell it the case is here
        declined = _cli("orgs", "decline", str(first["id"]), "--reason", "not the union's counsel")
        assert declined.exit_code == 0, declined.output
        mine = client.get("/api/v1/link-requests", headers=world.headers("outsider")).json()
        assert [(r["party"], r["status"], r["decision"]) for r in mine] == [
            ("rwdsu", "declined", "not the union's counsel"), ("petitioner", "declined", f"with link request {first['id']}")]

    def test_an_organization_has_at_most_twenty_pending_requests(self, client: Any, world: World) -> None:
        from casefile.accounts.links import PENDING_MAX

        for n in range(PENDING_MAX):
            _ask(client, world, "outsider", f"10-RC-5000{n:02d}", "petitioner")
        before = record_snapshot()
        refused = client.post("/api/v1/link-requests", json={"case_number": "10-RC-500099", "party": "petitioner"},
                              headers=world.headers("outsider"))
        assert refused.status_code == 422, refused.text
        assert "20 link requests of your organization await the operator's decision already (at most 20)" in \
            refused.json()["detail"]
        assert record_snapshot() == before
        again = client.post("/api/v1/link-requests", json={"case_number": "10-RC-500000", "party": "Petitioner"},
                            headers=world.headers("outsider"))
        assert again.status_code == 202  # the same request again is still found
