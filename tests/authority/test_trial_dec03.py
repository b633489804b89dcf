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
