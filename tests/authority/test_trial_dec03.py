"""The attacker trial of 2026-12-03 (docs/security.md): what a document received or attached tells
the other side (MEDIUM-1), whose entries another party's organization attaches a document to
(MEDIUM-3), and the act forms a user may not use (LOW-1). Each refusal stores nothing (every table
and the output folder before and after)."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import UTC, datetime
from typing import Any

import pytest
from pypdf import PdfWriter

from tests.accounts.world import World
from tests.authority.snapshots import record_snapshot

CASE = "10-RC-400001"
OPENED_AT = "2021-04-09T12:00:00-04:00"
FILED_AT = "2021-04-16T12:00:00-04:00"
AS_OF = "2021-04-20T12:00:00-04:00"
CANARY = "CANARYUNIONRECV objections and offer as filed"  # no character pypdf escapes


def pdf(note: str = "") -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    if note:
        writer.add_metadata({"/Subject": note})
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def multipart(act: dict[str, Any], part: str, content: bytes) -> dict[str, Any]:
    return {"files": [("act", (None, json.dumps(act).encode(), "application/json")),
                      (part, ("submission.pdf", content, "application/pdf"))]}


def _acts() -> str:
    return f"/api/v1/cases/{CASE}/acts"


@pytest.fixture
def shared(client: Any, world: World) -> World:
    """CASE opened by the union naming itself rwdsu, the employer's firm linked to amazon by the
    operator, the tally recorded by the Region."""
    from casefile.accounts.orgs import link_party
    from casefile.record.db import write_session
    from tests.acts.procedure import scenario

    spec = scenario()
    opening = {"act": "open-case", "date": "2021-04-09", "case": {**spec.case.model_dump(mode="json"), "number": CASE},
               "parties": [p.model_dump(mode="json") for p in spec.parties]}
    opened = client.post(_acts(), json=opening, params={"as_of": OPENED_AT, "party": "rwdsu"},
                         headers=world.headers("union-counsel"))
    assert opened.status_code == 201, opened.text
    with write_session(by="operator:tests") as session:
        link_party(session, organization="amazon-firm", case_number=CASE, party="amazon", as_of=datetime.now(UTC))
    tally = scenario().events[0].model_dump(mode="json", by_alias=True)
    recorded = client.post(_acts(), json=tally, params={"as_of": OPENED_AT}, headers=world.headers("region"))
    assert recorded.status_code == 201, recorded.text
    return world


def _export_text(client: Any, world: World, who: str) -> bytes:
    answer = client.get(f"/api/v1/cases/{CASE}/export", headers=world.headers(who))
    assert answer.status_code == 200, answer.text[:400]
    with zipfile.ZipFile(io.BytesIO(answer.content)) as z:
        return b"".join(z.read(name) for name in z.namelist())


class TestTheOfferStaysWithTheObjectingParty:
    """MEDIUM-1: a document received with objections that carry their offer of proof is the
    offer's, not the public objections'."""

    def test_the_union_submission_with_its_offer_is_confidential_to_the_union_and_the_region(
            self, client: Any, shared: World) -> None:
        from tests.acts.procedure import scenario

        world = shared
        objections = scenario().events[1].model_dump(mode="json", by_alias=True)
        objections["offer_of_proof"] = [{"objection": 1, "witness": "Bob W", "summary": "saw the cameras"}]
        objections["witnesses_public"] = True
        filed = client.post(_acts(), params={"as_of": FILED_AT}, headers=world.headers("union-staff"),
                            **multipart(objections, "received", pdf(CANARY)))
        assert filed.status_code == 201, filed.text
        from sqlmodel import select

        from casefile.record.db import read_session
        from casefile.record.models import Case, Filing

        with read_session() as session:
            offer = session.exec(select(Filing).join(Case, Case.id == Filing.case_id).where(  # type: ignore[arg-type]
                Case.number == CASE, Filing.kind == "offer-of-proof")).all()
        assert len(offer) == 1 and offer[0].confidential and offer[0].accompanies_id is not None
        case = client.get(f"/api/v1/cases/{CASE}", headers=world.headers("union-counsel")).json()
        assert [(a["to"], a["confidential"]) for a in case["attachments"]] == [(f"filing:{offer[0].id}", True)]
        union = client.get(f"/api/v1/cases/{CASE}", headers=world.headers("union-counsel")).json()
        assert [a["confidential"] for a in union["attachments"]] == [True]
        employer = client.get(f"/api/v1/cases/{CASE}", headers=world.headers("employer-counsel")).json()
        assert employer["attachments"] == []
        assert CANARY.encode() not in _export_text(client, world, "employer-counsel")
        assert CANARY.encode() in _export_text(client, world, "union-counsel")

    def test_an_offer_whose_witnesses_are_not_in_the_record_keeps_its_submission_confidential(
            self, client: Any, shared: World) -> None:
        from tests.acts.procedure import scenario

        world = shared
        objections = scenario().events[1].model_dump(mode="json", by_alias=True)
        assert objections["witnesses_public"] is False and objections["offer_of_proof"] == []
        filed = client.post(_acts(), params={"as_of": FILED_AT}, headers=world.headers("union-staff"),
                            **multipart(objections, "received", pdf(CANARY)))
        assert filed.status_code == 201, filed.text
        assert client.get(f"/api/v1/cases/{CASE}", headers=world.headers("employer-counsel")).json()["attachments"] == []
        assert CANARY.encode() not in _export_text(client, world, "employer-counsel")
        union = client.get(f"/api/v1/cases/{CASE}", headers=world.headers("union-counsel")).json()
        assert [a["confidential"] for a in union["attachments"]] == [True]

    def test_objections_without_an_offer_keep_their_document_public(self, client: Any, shared: World) -> None:
        from tests.acts.procedure import scenario

        world = shared
        objections = scenario().events[1].model_dump(mode="json", by_alias=True)
        objections["offer_of_proof"], objections["witnesses_public"] = [], True
        filed = client.post(_acts(), params={"as_of": FILED_AT}, headers=world.headers("union-staff"),
                            **multipart(objections, "received", pdf("public objections")))
        assert filed.status_code == 201, filed.text
        employer = client.get(f"/api/v1/cases/{CASE}", headers=world.headers("employer-counsel")).json()
        assert [a["confidential"] for a in employer["attachments"]] == [False]


def _attach(client: Any, world: World, who: str, to: str, content: bytes) -> Any:
    return client.post(_acts(), params={"as_of": AS_OF}, headers=world.headers(who),
                       **multipart({"act": "attach-document", "to": to}, "file", content))


class TestAPartysActsAreItsOwn:
    """MEDIUM-3: entries of a party's act with no filing behind them (a withdrawal of an objection, a
    correction of its party) are that party's: the other side attaches nothing to them."""

    @pytest.fixture
    def entries(self, client: Any, shared: World) -> dict[str, int]:
        from tests.acts.procedure import scenario

        world = shared
        objections = scenario().events[1].model_dump(mode="json", by_alias=True)
        objections["offer_of_proof"], objections["witnesses_public"] = [], True
        filed = client.post(_acts(), json=objections, params={"as_of": FILED_AT}, headers=world.headers("union-staff"))
        assert filed.status_code == 201, filed.text
        out = {}
        for name, act in (("withdrawal", {"act": "withdraw-objection", "party": "rwdsu", "number": 1, "why": "settled"}),
                          ("correction", {"act": "correct-party", "party": "rwdsu", "why": "full name",
                                          "name": "Retail, Wholesale and Department Store Union (RWDSU)"})):
            done = client.post(_acts(), json=act, params={"as_of": AS_OF}, headers=world.headers("union-counsel"))
            assert done.status_code == 201, done.text
            out[name] = done.json()["entry_id"]
        return out

    def test_the_employer_attaches_nothing_to_the_unions_withdrawal_or_correction(
            self, client: Any, shared: World, entries: dict[str, int]) -> None:
        world = shared
        before = record_snapshot()
        for name, entry in entries.items():
            for who in ("employer-counsel", "employer-admin"):
                answer = _attach(client, world, who, f"docket:{entry}", pdf("planted letter"))
                assert answer.status_code == 403, (name, who, answer.text)
                assert "Retail, Wholesale and Department Store Union" in answer.json()["detail"]
                assert "is represented on this casefile: its acts are its own" in answer.json()["detail"]
        assert record_snapshot() == before
        own = _attach(client, world, "union-counsel", f"docket:{entries['withdrawal']}", pdf("the union's letter"))
        assert own.status_code == 201, own.text
        assert own.json()["summary"].startswith("Objection withdrawn as filed attached")


class TestActFormsOneMayNotUse:
    """LOW-1: the attach-document form for a viewer or staff, and the open-case form of an open
    case for anyone, answered 500 (the refusal's wording raised); now 403 with the words."""

    def test_the_forms_answer_403_saying_why(self, world: World) -> None:
        import re
        import warnings

        from starlette.exceptions import StarletteDeprecationWarning

        from tests.accounts.world import NUMBER
        from tests.authority.test_link_decisions import _sign_in

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", StarletteDeprecationWarning)
            from fastapi.testclient import TestClient
        from casefile.server import create_app

        with TestClient(create_app(on_committed=lambda entry_id, as_of: None), base_url="http://127.0.0.1",
                        raise_server_exceptions=False) as web:
            for who, path, words in (
                    ("employer-viewer", "attach-document", "a viewer reads"),
                    ("employer-staff", "attach-document", "is represented on this casefile: its acts are its own"),
                    ("union-counsel", "open-case", f"{NUMBER} is open already"),
                    ("region", "open-case", f"{NUMBER} is open already")):
                _sign_in(web, world.emails[who])
                before = record_snapshot()
                answer = web.get(f"/cases/{NUMBER}/acts/{path}")
                text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.text))
                assert answer.status_code == 403 and words in text, (who, path, answer.status_code, text[:600])
                assert record_snapshot() == before
