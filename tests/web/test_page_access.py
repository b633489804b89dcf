"""Who may open which page: every page of the web application, as each role of each side, the
Region, an organization linked to nothing, and an anonymous visitor — each answer checked against
the rules (casefile.record.access): allowed (200), a case or document one may not see (404, as one
that does not exist), seen but not one's to do (403), or sign in first (303 to the sign-in page).
The Region and both parties are represented on this instance: the tally is the Region's own to
record, the objections the party's own to file (casefile.record.authority); the Import page is a
Region admin's (there is none here)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from sqlmodel import col, select

from tests.web.test_sessions import TestClient, add_user, sign_in
from tests.web.world import NUMBER, TALLY_CASE, USERS

CASE = f"/cases/{NUMBER}"
PAGES = ("my-cases", "deadlines", "case", "derivation", "objections-form", "tally-form", "offer-pdf", "objections-pdf",
         "admin", "import", "reminders", "tally-calculator", "drafts")
#: who -> the status of each page, in PAGES' order.
EXPECTED = {
    "anonymous":        (303, 303, 303, 303, 303, 303, 303, 303, 303, 303, 303, 303, 303),
    "union-admin":      (200, 200, 200, 200, 200, 403, 200, 200, 200, 403, 200, 200, 200),
    "union-counsel":    (200, 200, 200, 200, 200, 403, 200, 200, 403, 403, 200, 200, 200),
    "union-staff":      (200, 200, 200, 200, 200, 403, 200, 200, 403, 403, 200, 200, 200),
    "employer-counsel": (200, 200, 200, 200, 200, 403, 404, 200, 403, 403, 200, 200, 200),
    "region":           (200, 200, 200, 200, 403, 200, 200, 200, 403, 403, 200, 200, 200),
    "outsider":         (200, 200, 404, 404, 404, 404, 404, 404, 403, 403, 200, 200, 404),
}


@pytest.fixture(scope="module")
def paths(served: Any) -> dict[str, str]:
    from casefile.accounts.orgs import add_organization
    from casefile.record.db import read_session, write_session
    from casefile.record.models import Deadline, Document
    from casefile.vocab import DocumentKind

    with read_session() as session:
        def first(kind: DocumentKind) -> int:
            return session.exec(select(Document.id).where(Document.kind == kind).order_by(col(Document.id))).first()  # type: ignore[return-value]

        offer, objections = first(DocumentKind.OFFER_OF_PROOF), first(DocumentKind.OBJECTIONS)
        deadline = session.exec(select(Deadline.id).order_by(col(Deadline.id))).first()
    with write_session(by="operator:tests") as session:
        add_organization(session, key="matrix-outsider", name="Outsider LLP", kind="firm", as_of=datetime.now(UTC))
    add_user("outsider@matrix.example.org", org="matrix-outsider", role="counsel")
    return {"my-cases": "/cases", "deadlines": "/deadlines", "case": CASE, "derivation": f"{CASE}/deadlines/{deadline}",
            "objections-form": f"{CASE}/acts/file-objections", "tally-form": f"/cases/{TALLY_CASE}/acts/record-tally",
            "offer-pdf": f"/documents/{offer}", "objections-pdf": f"/documents/{objections}", "admin": "/admin",
            "import": "/import", "reminders": "/reminders", "tally-calculator": "/calculators/tally",
            "drafts": f"{CASE}/drafts"}


@pytest.mark.parametrize("who", list(EXPECTED))
def test_each_page_as_each_principal(who: str, paths: dict[str, str]) -> None:
    from casefile.server import create_app

    with TestClient(create_app(on_committed=lambda entry_id, as_of: None), base_url="http://127.0.0.1") as client:
        if who != "anonymous":
            email = "outsider@matrix.example.org" if who == "outsider" else USERS[who]
            assert sign_in(client, email).status_code == 303
        got = tuple(client.get(paths[page], follow_redirects=False).status_code for page in PAGES)
    assert dict(zip(PAGES, got, strict=True)) == dict(zip(PAGES, EXPECTED[who], strict=True))
