"""How an organization comes to a case (issue 14, item 3; casefile.accounts.links): opening a case
links the opener to the party it names only while nobody holds it; any later claim is a link
request only the operator approves, warned that it opens that party's offers of proof. Asking tells nothing; each refusal stores nothing.

The security trial's "first come, first linked": an outsider opened a case number first, naming
itself the petitioner; when the real union was later linked to that party (as the 409 advised),
both saw the union's offers of proof."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from tests.accounts.world import NUMBER, World
from tests.authority.snapshots import record_snapshot

NEW = "10-RC-777777"
OPENED_AT = "2021-04-09T12:00:00-04:00"
FILED_AT = "2021-04-16T12:00:00-04:00"
CANARY = "CANARY-FIRSTCOME offer of proof"


def _opening() -> dict[str, Any]:
    from tests.acts.procedure import scenario

    spec = scenario()
    return {"act": "open-case", "date": "2021-04-09", "case": {**spec.case.model_dump(mode="json"), "number": NEW},
            "parties": [p.model_dump(mode="json") for p in spec.parties]}


def _acts(number: str) -> str:
    return f"/api/v1/cases/{number}/acts"


def _claimed_first(client: Any, world: World) -> None:
    """The outsider opens NEW first, naming itself the petitioner (rwdsu); the Region records its tally."""
    from tests.acts.procedure import scenario

    opened = client.post(_acts(NEW), json=_opening(), params={"as_of": OPENED_AT, "party": "rwdsu"},
                         headers=world.headers("outsider"))
    assert opened.status_code == 201, opened.text
    tally = scenario().events[0].model_dump(mode="json", by_alias=True)
    recorded = client.post(_acts(NEW), json=tally, params={"as_of": OPENED_AT}, headers=world.headers("region"))
    assert recorded.status_code == 201, recorded.text


def _offer_of_proof(client: Any, world: World) -> Any:
    from tests.acts.procedure import scenario

    objections = scenario().events[1].model_dump(mode="json", by_alias=True)
    objections["offer_of_proof"] = [{**o, "witness": CANARY} for o in objections["offer_of_proof"]]
    return client.post(_acts(NEW), json=objections, params={"as_of": FILED_AT}, headers=world.headers("union-counsel"))


def _sees(client: Any, world: World, who: str) -> str:
    """Everything ``who`` is shown of NEW through the API ("" when the case is hidden)."""
    case = client.get(f"/api/v1/cases/{NEW}", headers=world.headers(who))
    if case.status_code == 404:
        return ""
    docket = client.get(f"/api/v1/cases/{NEW}/docket", headers=world.headers(who))
    documents = client.get(f"/api/v1/cases/{NEW}/documents", headers=world.headers(who))
    return case.text + docket.text + documents.text


class TestFirstComeFirstLinked:
    def test_the_union_is_linked_in_the_outsiders_place_and_its_offer_of_proof_is_its_own(
            self, client: Any, world: World) -> None:
        """The real union's open-case is refused (409); it asks to be linked; the operator sees who
        holds the party and approves it in the outsider's place; the union's offer of proof is then
        seen by the union and the Region, never by the outsider."""
        from casefile.accounts.links import approve_link, list_link_requests
        from casefile.record.authority import OPERATOR
        from casefile.record.db import read_session, write_session

        _claimed_first(client, world)
        again = client.post(_acts(NEW), json=_opening(), params={"as_of": OPENED_AT, "party": "rwdsu"},
                            headers=world.headers("union-counsel"))
        assert (again.status_code, again.json()["code"]) == (409, "case-already-open")
        asked = client.post("/api/v1/link-requests", json={"case_number": NEW, "party": "petitioner",
                                                           "note": "RWDSU's own counsel"},
                            headers=world.headers("union-counsel"))
        assert asked.status_code == 202, asked.text
        assert asked.json()["status"] == "pending" and asked.json()["held_by"] == []  # the asker learns nothing
        assert _sees(client, world, "union-counsel") == ""  # asking gives nothing
        with read_session() as session:
            pending = list_link_requests(session, OPERATOR, pending_only=True)
        assert [(r.organization, r.case_number, r.party, r.held_by) for r in pending] == [
            ("rwdsu-legal", NEW, "petitioner", ["other-firm"])]
        assert "offers of proof" in pending[0].warning
        with write_session(by="operator:tests") as session:
            done = approve_link(session, OPERATOR, pending[0].id, as_of=datetime.now(UTC), replace=True,
                                by="operator:tests")
        assert done.replaced == ("other-firm",) and done.request.decision == "replaced other-firm"
        filed = _offer_of_proof(client, world)
        assert filed.status_code == 201, filed.text
        assert CANARY not in _sees(client, world, "union-counsel")  # the witnesses are in its PDF, not the docket
        assert _sees(client, world, "outsider") == ""  # unlinked: the case is hidden again
        for who, sees in (("union-viewer", True), ("region", True), ("employer-counsel", None)):
            view = client.get(f"/api/v1/cases/{NEW}", headers=world.headers(who))
            filings = [f["kind"] for e in view.json()["elections"] for f in e["filings"]] if sees else []
            assert ("offer-of-proof" in filings) is bool(sees) and (view.status_code == 200) is bool(sees), who

    def test_the_operator_does_not_link_a_second_organization_to_a_held_party_unknowingly(
            self, client: Any, world: World) -> None:
        """Before: ``casefile orgs link rwdsu-legal NEW rwdsu`` linked the union beside the outsider,
        and both saw the union's offers of proof. Now it is refused (party-held), storing nothing,
        unless the operator says --share."""
        from casefile.accounts.orgs import link_party
        from casefile.errors import PartyHeld
        from casefile.record.db import write_session

        _claimed_first(client, world)
        before = record_snapshot()
        with pytest.raises(PartyHeld, match="other-firm") as refused, write_session(by="operator:tests") as session:
            link_party(session, organization="rwdsu-legal", case_number=NEW, party="rwdsu", as_of=datetime.now(UTC))
        assert "offers of proof" in str(refused.value)
        assert record_snapshot() == before
        with write_session(by="operator:tests") as session:
            link_party(session, organization="rwdsu-legal", case_number=NEW, party="rwdsu", as_of=datetime.now(UTC),
                       share=True)
        assert _offer_of_proof(client, world).status_code == 201
        assert _sees(client, world, "outsider") != ""  # shared knowingly: both are the petitioner's here


class TestAsking:
    def test_asking_about_a_hidden_case_and_a_missing_one_answers_the_same(self, client: Any, world: World) -> None:
        answers = []
        for number in (NUMBER, "10-RC-999999"):
            asked = client.post("/api/v1/link-requests", json={"case_number": number, "party": "rwdsu"},
                                headers=world.headers("outsider"))
            body = asked.json()
            answers.append((asked.status_code, sorted(body), body["status"], body["held_by"], body["warning"]))
        assert answers[0] == answers[1] and answers[0][0] == 202
        listed = client.get("/api/v1/link-requests", headers=world.headers("outsider")).json()
        assert [(r["case_number"], r["status"]) for r in listed] == [(NUMBER, "pending"), ("10-RC-999999", "pending")]
        again = client.post("/api/v1/link-requests", json={"case_number": NUMBER, "party": "rwdsu"},
                            headers=world.headers("outsider"))
        assert again.json()["id"] == listed[0]["id"]  # the same request again is found, not repeated

    @pytest.mark.parametrize("who", ["union-viewer", "union-staff", "region"])
    def test_who_may_not_ask_is_refused_storing_nothing(self, client: Any, world: World, who: str) -> None:
        before = record_snapshot()
        for number in (NUMBER, "10-RC-999999"):
            asked = client.post("/api/v1/link-requests", json={"case_number": number, "party": "rwdsu"},
                                headers=world.headers(who))
            assert (asked.status_code, asked.json()["code"]) == (403, "not-permitted")
        assert record_snapshot() == before

    def test_the_holder_sees_a_request_for_its_party_and_only_the_operator_decides(self, client: Any,
                                                                                  world: World) -> None:
        """A request for RWDSU in Bessemer is shown to RWDSU's admins (not the employer's): every
        user's decision — the holder's admin's included — is refused from the role alone, 403 with
        the same words for a request that exists and one that does not; the operator approves it."""
        from casefile.accounts.links import approve_link
        from casefile.record.authority import OPERATOR
        from casefile.record.db import write_session

        asked = client.post("/api/v1/link-requests", json={"case_number": NUMBER, "party": "petitioner"},
                            headers=world.headers("outsider"))
        ident = asked.json()["id"]
        assert client.get("/api/v1/link-requests", headers=world.headers("employer-admin")).json() == []
        before = record_snapshot()
        for who in ("employer-admin", "outsider", "union-counsel", "union-admin"):
            for target in (ident, ident + 1000):
                answer = client.post(f"/api/v1/link-requests/{target}/decision", json={"decision": "approve"},
                                     headers=world.headers(who))
                assert (answer.status_code, answer.json()["code"]) == (403, "not-permitted"), who
                assert answer.json()["detail"].startswith(f"link request {target}: only the operator of this casefile")
        assert record_snapshot() == before
        awaiting = client.get("/api/v1/link-requests", headers=world.headers("union-admin")).json()
        assert [(r["organization"], r["held_by"], r["resolves_to"]) for r in awaiting] == [
            ("other-firm", ["rwdsu-legal"], "rwdsu (petitioner)")]
        with write_session(by="operator:tests") as session:
            done = approve_link(session, OPERATOR, ident, as_of=datetime.now(UTC), share=True, by="operator:tests")
        assert done.request.decision == "shared"
        assert client.get(f"/api/v1/cases/{NUMBER}", headers=world.headers("outsider")).status_code == 200

    def test_a_declined_request_links_nothing(self, client: Any, world: World) -> None:
        from casefile.accounts.links import decline_link, list_link_requests
        from casefile.record.authority import OPERATOR
        from casefile.record.db import read_session, write_session

        client.post("/api/v1/link-requests", json={"case_number": NUMBER, "party": "amazon"},
                    headers=world.headers("outsider"))
        with read_session() as session:
            ident = list_link_requests(session, OPERATOR)[0].id
        with write_session(by="operator:tests") as session:
            decline_link(session, OPERATOR, ident, as_of=datetime.now(UTC), reason="not Amazon's counsel")
        mine = client.get("/api/v1/link-requests", headers=world.headers("outsider")).json()
        assert [(r["status"], r["decision"]) for r in mine] == [("declined", "not Amazon's counsel")]
        assert client.get(f"/api/v1/cases/{NUMBER}", headers=world.headers("outsider")).status_code == 404


def test_the_cli_lists_approves_and_declines(world: World) -> None:
    """``casefile orgs requests`` shows who holds the party; ``approve --replace`` says whose links
    ended; ``orgs link`` of a held party is refused without --share."""
    from typer.testing import CliRunner

    from casefile.accounts.links import request_link
    from casefile.cli import app
    from casefile.record.db import write_session

    outsider = world.viewer("outsider")
    with write_session(by="operator:tests") as session:
        request_link(session, outsider, case_number=NUMBER, party="rwdsu", as_of=datetime.now(UTC))
    runner = CliRunner()
    listed = runner.invoke(app, ["orgs", "requests", "--json"])
    assert listed.exit_code == 0, listed.output
    assert '"held_by": [\n      "rwdsu-legal"\n    ]' in listed.output
    refused = runner.invoke(app, ["orgs", "link", "other-firm", NUMBER, "rwdsu"])
    assert refused.exit_code != 0
    approved = runner.invoke(app, ["orgs", "approve", "1", "--replace"])
    assert approved.exit_code == 0, approved.output
    assert "in place of rwdsu-legal" in approved.output
