"""Around a case through the API: the case file's zip (the offer of proof for the union side
only), and the notice the other side gets — right after the act, in the background — when one
party files through the API (never holding up or failing the act)."""

from __future__ import annotations

import io
import json
import threading
import zipfile
from datetime import UTC, datetime
from typing import Any

import pytest

from tests.accounts.world import NUMBER, World
from tests.api.test_acts import ACTS, AMAZON_OBJECTIONS, AS_OF

EXPORT = f"/api/v1/cases/{NUMBER}/export"


def _manifest(content: bytes) -> dict[str, Any]:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return json.loads(archive.read("manifest.json"))  # type: ignore[no-any-return]


def test_the_export_holds_what_each_side_may_see(client: Any, world: World) -> None:
    union = client.get(EXPORT, headers=world.headers("union-viewer"))
    employer = client.get(EXPORT, headers=world.headers("employer-viewer"))
    assert (union.status_code, employer.status_code) == (200, 200)
    assert union.headers["content-disposition"] == f'attachment; filename="{NUMBER}-case-file.zip"'
    kinds = sorted(f["kind"] for f in _manifest(union.content)["files"])
    assert kinds == ["objections", "offer-of-proof", "tally-of-ballots"]
    assert sorted(f["kind"] for f in _manifest(employer.content)["files"]) == ["objections", "tally-of-ballots"]
    assert _manifest(union.content)["exported_by"] == f"user:{world.emails['union-viewer']}"


def test_the_chain_head_is_the_regions_not_a_partys(client: Any, world: World) -> None:
    """The head covers every docket entry, RWDSU's offer of proof included: the Region is given it
    (the same the operator's verify prints); a party — either side — is not, in the same words, so an
    export tells no one when an entry hidden from it is added (security trial, issue 14)."""
    from casefile.record.db import read_session
    from casefile.record.integrity import chain_head

    with read_session() as session:
        head = chain_head(session, NUMBER).head
    answers = {who: client.get(EXPORT, headers=world.headers(who)) for who in ("region", "union-counsel", "employer-viewer")}
    assert {who: a.status_code for who, a in answers.items()} == dict.fromkeys(answers, 200)
    assert _manifest(answers["region"].content)["chain"]["head"] == head and len(head) == 64
    texts = {}
    for who in ("union-counsel", "employer-viewer"):
        assert _manifest(answers[who].content)["chain"]["head"] is None
        with zipfile.ZipFile(io.BytesIO(answers[who].content)) as archive:
            texts[who] = archive.read("chain-head.txt")
    assert texts["union-counsel"] == texts["employer-viewer"] and head.encode() not in texts["union-counsel"]


def test_the_other_side_is_told_of_a_filing_made_through_the_api(client: Any, world: World,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """RWDSU's counsel opted in; Amazon's counsel files objections through the API (201 at once);
    the notice to RWDSU's counsel goes to the default email URL addressed to them, and names the
    filing as the docket does."""
    from casefile.accounts.around import set_notices
    from casefile.jobs import notices
    from casefile.jobs.notify import Delivery
    from casefile.record.db import write_session

    sent: list[tuple[str, str, str]] = []

    def notifier(url: str, *, title: str, body: str) -> Delivery:
        sent.append((url, title, body))
        return Delivery("masked", True)

    real, default = notices.send_notices, "mailto://127.0.0.1:2525?from=casefile@example.org"
    monkeypatch.setattr(notices, "send_notices",
                        lambda **kw: real(**{**kw, "notifier": notifier, "default_urls": [default]}))
    viewer = world.viewer("union-counsel")
    with write_session(by=viewer.label()) as session:
        set_notices(session, viewer, on=True, as_of=datetime.now(UTC))
    answer = client.post(ACTS, json=AMAZON_OBJECTIONS, params={"as_of": AS_OF}, headers=world.headers("employer-counsel"))
    assert answer.status_code == 201, answer.text
    for thread in threading.enumerate():
        if thread.name == f"casefile-notices-{answer.json()['entry_id']}":
            thread.join(timeout=30)
    (url, title, body), = sent
    assert url == f"mailto://127.0.0.1:2525?from=casefile@example.org&to={world.emails['union-counsel']}"
    assert title == f"casefile notice: {NUMBER} — Objections filed (April 16, 2021)"
    assert "Objections of Amazon.com Services LLC (objection no. 1)" in body
    assert f"Recorded by: user:{world.emails['employer-counsel']}" in body
