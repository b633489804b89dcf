"""The attacker trial of 2026-12-03, each finding reproduced through the API, the web and the
command line and refused now, storing nothing (every table and the output folder compared before
and after each refused request).

1. Where no Region organization is on the instance, the employer's counsel recorded the Region's
   acts "from a document received" (any PDF) on a case the union also holds: the Regional
   Director's decision overruling the union's objections, the withdrawal of the union's petition,
   a shortened deadline, a dismissal. Now a party's organization records the Agency's and the
   Board's acts only on a case it is alone on (casefile.record.authority, "record while alone"),
   and the withdrawal of the petition is the petitioner's act.
2. ``rule-on-motion`` with ``by: "Board"`` let the employer record the Board's denial of the
   union's motion, which then blocked the real ruling ("already ruled"). The actor named is
   decided by the same rule (the Board's acts are the Agency's).
3. The employer opened a case naming itself the petitioner's party; the operator's plain
   ``orgs approve`` of the union's request shared that party, and the employer read the union's
   offer of proof. Now approve refuses a held party without --share (naming the holder in full),
   and the union's pages say who holds its party beside it.

Cases of Region 15 (no Region organization here): SHARED (the union rwdsu-legal and the employer's
firm amazon-firm both linked), ALONE (only the union)."""

from __future__ import annotations

import io
import json
import re
import warnings
from datetime import UTC, datetime
from typing import Any

import pytest
from pypdf import PdfWriter
from starlette.exceptions import StarletteDeprecationWarning

from tests.accounts.world import PASSWORD, World
from tests.authority.snapshots import record_snapshot

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient

SHARED = "15-RC-400003"
ALONE = "15-RC-400004"
SQUATTED = "15-RC-400005"
AS_OF = "2021-04-20T12:00:00-04:00"
NOT_ALONE = "the Region's users or the operator record it"
#: The Agency's and the Board's acts the employer recorded (or could have) on the union's case.
AGENCY_ACTS: dict[str, dict[str, Any]] = {
    "rd-decision": {"result": "overrule"},
    "pin-deadline": {"kind": "offer-of-proof", "due": "2021-04-21", "order": "RD order shortening the time"},
    "dismiss-petition": {"grounds": "Dismissed."},
    "transfer-case": {"region": "10", "order": "Transferred."},
    "notice-hearing": {},
    "correct-tally": {"why": "Miscounted.", "void": 2},
    "correct-case": {"why": "Typo.", "name": "Renamed LLC"},
    "board-ruling": {"ruling": "denied"},
    "rule-on-motion": {"ruling": "denied", "by": "Board"},
    "count-excluded-ballots": {"ballots": 1, "by": "Board"},
}


def pdf() -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def with_received(act: dict[str, Any]) -> dict[str, Any]:
    """The multipart body of the trial: the act and any PDF as "the document received"."""
    return {"files": [("act", (None, json.dumps(act).encode(), "application/json")),
                      ("received", ("received.pdf", pdf(), "application/pdf"))]}


def body(name: str, fields: dict[str, Any]) -> dict[str, Any]:
    return {"act": name, "date": "2021-04-20", **fields}


def _cases(world: World) -> None:
    """SHARED and ALONE in Region 15, each with the 2021 tally and the union's objections (with
    its offer of proof) and a motion of the union's on SHARED."""
    from casefile import app
    from casefile.accounts.orgs import link_party
    from casefile.acts import Who, parse_act
    from casefile.acts.open_case import OpenCase
    from casefile.record.db import write_session
    from tests.acts.procedure import noon, scenario

    spec = scenario()
    tally, objections = spec.events[0], spec.events[1]
    now = datetime.now(UTC)
    for number in (SHARED, ALONE):
        case = spec.case.model_copy(update={"number": number, "office": "New Orleans"})
        app.perform(OpenCase(case=case, parties=spec.parties, date=tally.on), as_of=noon(tally), by=Who.operator(),
                    documents="none")
        app.perform(tally, case_number=number, as_of=noon(tally), by=Who.operator(), documents="none")
        app.perform(objections, case_number=number, as_of=noon(objections), by=Who.operator(), documents="none")
        with write_session(by="operator:tests") as session:
            link_party(session, organization="rwdsu-legal", case_number=number, party="rwdsu", as_of=now)
    with write_session(by="operator:tests") as session:
        link_party(session, organization="amazon-firm", case_number=SHARED, party="amazon", as_of=now)
    motion = parse_act({"act": "file-motion", "party": "rwdsu", "date": "2021-04-19",
                        "subject": "to postpone the hearing"})
    app.perform(motion, case_number=SHARED, as_of=noon(motion), by=Who.operator(), documents="none")


@pytest.fixture
def cases(world: World) -> World:
    _cases(world)
    return world


def post(client: Any, world: World, who: str, number: str, act: dict[str, Any]) -> Any:
    return client.post(f"/api/v1/cases/{number}/acts", params={"as_of": AS_OF}, headers=world.headers(who),
                       **with_received(act))


def offered(client: Any, world: World, who: str, number: str) -> dict[str, list[str]]:
    answer = client.get(f"/api/v1/cases/{number}/acts", params={"as_of": AS_OF}, headers=world.headers(who))
    assert answer.status_code == 200, answer.text
    return {f"{a['act']}/{a['mode']}": a["parties"] for a in answer.json()}


class TestFinding1:
    def test_the_employer_records_no_agency_act_on_the_unions_case_with_no_region_here(
            self, client: Any, cases: World) -> None:
        from casefile.acts import parse_act

        before = record_snapshot()
        for name, fields in AGENCY_ACTS.items():
            parse_act(body(name, fields))  # a valid act: what refuses it is the policy
            answer = post(client, cases, "employer-counsel", SHARED, body(name, fields))
            assert (answer.status_code, answer.json()["code"]) == (403, "not-permitted"), (name, answer.text)
            assert NOT_ALONE in answer.json()["detail"], (name, answer.json()["detail"])
            assert record_snapshot() == before, f"{name} stored something"
        listed = offered(client, cases, "employer-counsel", SHARED)
        assert not {k.split("/")[0] for k in listed} & {*AGENCY_ACTS, "withdraw-petition"}, listed

    def test_nor_the_union_on_the_employers_and_the_union_alone_still_records_them(
            self, client: Any, cases: World) -> None:
        """The rule is the same for both sides; a union alone on its case keeps its own record."""
        before = record_snapshot()
        refused = post(client, cases, "union-counsel", SHARED, body("rd-decision", {"result": "overrule"}))
        assert refused.status_code == 403 and NOT_ALONE in refused.json()["detail"]
        assert record_snapshot() == before
        listed = offered(client, cases, "union-counsel", ALONE)
        assert "rd-decision/record" in listed and "notice-hearing/record" in listed
        recorded = post(client, cases, "union-counsel", ALONE, body("rd-decision", {"result": "overrule"}))
        assert recorded.status_code == 201, recorded.text

    def test_the_withdrawal_of_the_petition_is_the_petitioners(self, client: Any, cases: World) -> None:
        """The employer may not withdraw the union's petition (the union is here); the union does."""
        act = body("withdraw-petition", {"party": "rwdsu", "consented_by": "Regional Director, Region 15"})
        before = record_snapshot()
        answer = post(client, cases, "employer-counsel", SHARED, act)
        assert answer.status_code == 403 and "that party is represented on this casefile" in answer.json()["detail"]
        assert record_snapshot() == before
        assert offered(client, cases, "union-counsel", SHARED)["withdraw-petition/perform"] == ["rwdsu"]
        done = client.post(f"/api/v1/cases/{SHARED}/acts", json=act, params={"as_of": AS_OF},
                           headers=cases.headers("union-counsel"))
        assert done.status_code == 201, done.text
        assert "Petition withdrawn by Retail, Wholesale and Department Store Union" in done.json()["summary"]

    def test_the_web_forms_offer_and_take_no_agency_act(self, cases: World) -> None:
        from casefile.server import create_app

        with TestClient(create_app(on_committed=lambda entry_id, as_of: None), base_url="http://127.0.0.1") as web:
            _sign_in(web, cases.emails["employer-counsel"])
            page = web.get(f"/cases/{SHARED}").text
            token = _csrf(page)
            before = record_snapshot()
            for name in ("rd-decision", "pin-deadline", "dismiss-petition", "rule-on-motion", "withdraw-petition"):
                assert f"/cases/{SHARED}/acts/{name}\"" not in page, name
                assert web.get(f"/cases/{SHARED}/acts/{name}").status_code == 403, name
                sent = web.post(f"/cases/{SHARED}/acts/{name}",
                                data={"csrf_token": token, "date": "2021-04-20", "result": "overrule",
                                      "ruling": "denied", "by": "Board", "party": "rwdsu", "kind": "offer-of-proof",
                                      "due": "2021-04-21", "order": "RD order", "grounds": "x", "consented_by": "RD"},
                                files={"received": ("received.pdf", pdf(), "application/pdf")},
                                follow_redirects=False)
                assert sent.status_code == 403, (name, sent.status_code)
            assert record_snapshot() == before
            _sign_in(web, cases.emails["union-counsel"])
            assert web.get(f"/cases/{ALONE}/acts/rd-decision").status_code == 200


class TestFinding2:
    def test_naming_the_board_does_not_make_the_employer_its_recorder(self, client: Any, cases: World) -> None:
        """The employer's "denied by the Board" is refused and stores nothing; the ruling of the one
        who rules (here the operator, recording the Regional Director's) is then not blocked."""
        from casefile import app
        from casefile.acts import Who, parse_act

        before = record_snapshot()
        for by in ("Board", "Regional Director", "hearing officer"):
            answer = post(client, cases, "employer-counsel", SHARED, body("rule-on-motion", {"ruling": "denied",
                                                                                           "by": by}))
            assert answer.status_code == 403 and NOT_ALONE in answer.json()["detail"], (by, answer.text)
        assert record_snapshot() == before
        ruling = parse_act(body("rule-on-motion", {"ruling": "granted", "by": "Regional Director"}))
        done = app.perform(ruling, case_number=SHARED, as_of=datetime.fromisoformat(AS_OF), by=Who.operator(),
                           documents="none")
        assert "granted by the Regional Director" in done.summary


class TestFinding3:
    def test_the_operator_does_not_share_a_squatted_party_by_default(self, client: Any, world: World) -> None:
        from typer.testing import CliRunner

        from casefile.accounts.links import request_link
        from casefile.cli import app
        from casefile.record.db import write_session
        from tests.acts.procedure import scenario

        spec = scenario()
        opening = {"act": "open-case", "date": "2021-04-09",
                   "case": {**spec.case.model_dump(mode="json"), "number": SQUATTED, "office": "New Orleans"},
                   "parties": [p.model_dump(mode="json") for p in spec.parties]}
        opened = client.post(f"/api/v1/cases/{SQUATTED}/acts", json=opening,
                             params={"as_of": "2021-04-09T12:00:00-04:00", "party": "rwdsu"},
                             headers=world.headers("employer-counsel"))
        assert opened.status_code == 201, opened.text  # a firm may represent either side: its kind says nothing
        with write_session(by="operator:tests") as session:
            request = request_link(session, world.viewer("union-admin"), case_number=SQUATTED, party="rwdsu",
                                   as_of=datetime.now(UTC))
        runner = CliRunner()
        listed = runner.invoke(app, ["orgs", "requests"], env={"COLUMNS": "60"})
        assert listed.exit_code == 0, listed.output
        assert f"request {request.id}: rwdsu of {SQUATTED} is held already by amazon-firm" in \
            " ".join(listed.output.split())
        before = record_snapshot()
        refused = runner.invoke(app, ["orgs", "approve", str(request.id)])
        assert refused.exit_code != 0
        words = " ".join(f"{refused.output} {refused.stderr} {refused.exception or ''}".split())
        assert "held here already by Employer's Counsel LLP (amazon-firm)" in words and "--share" in words, words
        assert record_snapshot() == before
        assert client.get(f"/api/v1/cases/{SQUATTED}", headers=world.headers("union-counsel")).status_code == 404
        shared = runner.invoke(app, ["orgs", "approve", str(request.id), "--share"])
        assert shared.exit_code == 0, shared.output
        assert "beside amazon-firm" in shared.output
        from casefile.server import create_app

        with TestClient(create_app(on_committed=lambda entry_id, as_of: None), base_url="http://127.0.0.1") as web:
            _sign_in(web, world.emails["union-admin"])
            for path in ("/links", "/admin"):
                text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", web.get(path).text)).replace("&#39;", "'")
                assert f"{SQUATTED}, Retail, Wholesale and Department Store Union (rwdsu): also held by " \
                       "Employer's Counsel LLP (amazon-firm)" in text, path
            _sign_in(web, world.emails["employer-admin"])
            assert "id=\"shared-parties\"" in web.get("/links").text  # the squatter is told too

    def test_a_union_does_not_open_a_case_as_the_employer(self, client: Any, world: World) -> None:
        from tests.acts.procedure import scenario

        spec = scenario()
        opening = {"act": "open-case", "date": "2021-04-09",
                   "case": {**spec.case.model_dump(mode="json"), "number": SQUATTED, "office": "New Orleans"},
                   "parties": [p.model_dump(mode="json") for p in spec.parties]}
        before = record_snapshot()
        answer = client.post(f"/api/v1/cases/{SQUATTED}/acts", json=opening,
                             params={"as_of": "2021-04-09T12:00:00-04:00", "party": "amazon"},
                             headers=world.headers("union-counsel"))
        assert answer.status_code == 403 and "not the employer" in answer.json()["detail"], answer.text
        assert record_snapshot() == before


def _csrf(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found, "no CSRF token"
    return found.group(1)


def _sign_in(web: Any, email: str) -> None:
    web.cookies.clear()
    answer = web.post("/sign-in", data={"email": email, "password": PASSWORD, "csrf_token": _csrf(web.get("/sign-in").text)},
                      follow_redirects=False)
    assert answer.status_code == 303, answer.text[-400:]

