"""The canary crawl (issue 14, item 6): a unique string planted in RWDSU's offer of proof, in its
private note and in its draft; then each other principal — the employer's four roles, a watcher,
an outsider, an anonymous visitor, and the Region (which sees offers of proof, never another's
note or draft) — walks every GET route of the application's own route table (FastAPI
``app.routes``: the web pages and the API), with every value a path parameter can take here, its
own calendar feed, both exports (each file inside the zip read too) and the notices it would be
sent: no canary anywhere. A hidden record's 404 is the missing record's, byte for byte (the number
or id asked about aside). One world for the module; the crawl takes a few seconds."""

from __future__ import annotations

import io
import re
import warnings
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.exceptions import StarletteDeprecationWarning

from tests.accounts.world import NUMBER, PASSWORD, World
from tests.authority.shared_world import BACKENDS, world_on

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient

OFFER = "CANARY-OFFER-7f3a"
NOTE = "CANARY-NOTE-7f3a"
DRAFT = "CANARY-DRAFT-7f3a"
MISSING_CASE = "10-RC-999999"
MISSING_ID = 987654
AS_OF = "2021-04-16T18:00:00-04:00"
#: The act forms walked: those that show a party's filings, the offer of proof's own, the Region's.
ACT_FORMS = ("file-objections", "file-offer-of-proof", "record-tally")
#: Routes that hold nothing of a case (the API's schema): walked by the anonymous visitor only.
STATIC_ROUTES = ("/api/v1/openapi.json", "/api/v1/problems/{code}", "/calculators/tally", "/calculators/deadline",
                 "/calculators/tally.json", "/api/v1/calculators/tally", "/api/v1/calculators/deadline", "/healthz")
#: Who crawls, and which canaries they may meet (the Region sees the offer of proof).
CRAWLERS = {"employer-admin": (), "employer-counsel": (), "employer-staff": (), "employer-viewer": (),
            "watcher": (), "outsider": (), "anonymous": (), "region": (OFFER,)}


def _plant(world: World) -> None:
    from datetime import datetime

    from casefile.accounts.acting import act_from, perform_as
    from casefile.accounts.around import add_note, set_notices
    from casefile.accounts.drafts import save_draft
    from casefile.record.db import write_session

    union = world.viewer("union-counsel")
    moment = datetime.fromisoformat(AS_OF)
    viewers = [world.viewer(who) for who in CRAWLERS if who != "anonymous"]
    with write_session(by="operator:tests") as session:  # noticed of what comes next
        for viewer in viewers:
            set_notices(session, viewer, on=True, as_of=moment)
    perform_as(union, act_from({"act": "file-objections", "party": "rwdsu", "at": "2021-04-16T14:00:00-04:00",
                                "objections": ["The Employer's agents surveilled the mailbox on April 1."]}),
               case_number=NUMBER, as_of=moment, documents="none")
    offer = perform_as(union, act_from({"act": "file-offer-of-proof", "party": "rwdsu", "at": "2021-04-16T14:40:00-04:00",
                                        "witnesses": [{"objection": 24, "witness": f"{OFFER} Polled Worker",
                                                       "summary": f"{OFFER} saw the agents"}]}),
                       case_number=NUMBER, as_of=moment, documents="none")
    world.documents["offer-entry"] = offer.entry_id
    with write_session(by=union.label()) as session:
        add_note(session, union, case_number=NUMBER, text=f"{NOTE}: call the witness first", as_of=moment)
        draft = save_draft(session, viewer=union, case_number=NUMBER, as_of=moment,
                           act={"act": "file-exceptions", "party": "rwdsu", "date": "2021-04-16",
                                "exceptions": [f"{DRAFT} the hearing officer erred"]})
        world.documents["draft"] = draft.id or 0


@pytest.fixture(scope="module", params=BACKENDS)
def crawl_world(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """One world for the module, on SQLite and (marked postgres) on PostgreSQL."""
    with world_on(request.param, lambda: request.getfixturevalue("bessemer_template"), tmp_path_factory,
                  _plant) as world:
        yield world


def get_routes(app: Any) -> list[str]:
    """Every GET route of ``app``, from its route table (included routers and mounts walked)."""
    def walk(routes: Any, prefix: str) -> Iterator[str]:
        for route in routes:
            kind = type(route).__name__
            if kind == "_IncludedRouter":
                context = getattr(route, "include_context", None)
                yield from walk(route.original_router.routes, prefix + getattr(context, "prefix", ""))
            elif hasattr(route, "app") and getattr(route.app, "routes", None) is not None and not getattr(route, "methods", None):
                yield from walk(route.app.routes, prefix + route.path)
            elif "GET" in (getattr(route, "methods", None) or ()):
                yield prefix + route.path
    return sorted(set(walk(app.routes, "")))


def _values(world: World, who: str, feed: str) -> dict[str, list[str]]:
    """What each path parameter takes: every record of the world (hidden ones included) and one missing."""
    from sqlmodel import select

    from casefile.acts import models
    from casefile.record.db import read_session
    from casefile.record.models import Deadline, Document
    from casefile.vocab import DeadlineKind

    with read_session() as session:
        documents = [str(i) for i in session.exec(select(Document.id)).all()]
        kinds = dict(session.exec(select(Deadline.kind, Deadline.id)).all())  # one of each kind (the offer's included)
        deadlines = [str(kinds[k]) for k in sorted(kinds) if k in (DeadlineKind.OFFER_OF_PROOF, DeadlineKind.OBJECTIONS)]
    return {"number": [NUMBER, MISSING_CASE], "document_id": [*documents, str(MISSING_ID)],
            "deadline_id": [*deadlines, str(MISSING_ID)], "draft_id": [str(world.documents["draft"]), str(MISSING_ID)],
            "act_name": [n for n in ACT_FORMS if n in models()], "name": [feed, "nobody.ics"], "token": ["not-a-reset-token"],
            "code": ["not-permitted"]}


def _paths(route: str, values: dict[str, list[str]]) -> list[str]:
    names = re.findall(r"{(\w+)}", route)
    paths = [route]
    for name in names:
        options = values[name]
        paths = [p.replace("{" + name + "}", v) for p in paths for v in options
                 if not (name == "act_name" and "{number}" not in route and v != options[0])]
        if name == "number" and "{act_name}" in route:
            paths = [p for p in paths if MISSING_CASE not in p or p.endswith(values["act_name"][0])]
    return paths


def _text(response: Any) -> str:
    body = response.content
    if body[:2] == b"PK":
        with zipfile.ZipFile(io.BytesIO(body)) as archive:
            return "\n".join(archive.read(n).decode("utf-8", "replace") for n in archive.namelist())
    return body.decode("utf-8", "replace")


def _blank(text: str, ident: str) -> str:
    """``text`` with the id asked about taken out (not the digits of an entity such as &#39;, nor those of the
    page's random CSRF token, which is taken out first)."""
    text = re.sub(r'(csrf[_-]token"\s+(?:value|content)=")[^"]*', r"\1", text)
    return re.sub(rf"(?<![\w#]){ident}(?!\w)", "I", text)


def _client(world: World, who: str) -> tuple[Any, str]:
    """A browser of ``who`` (signed in on the web; its API token on API routes) and its feed's name."""
    from casefile.server import create_app

    client = TestClient(create_app(on_committed=lambda entry_id, as_of: None), base_url="http://127.0.0.1")
    if who == "anonymous":
        return client, "nobody.ics"
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/sign-in").text).group(1)  # type: ignore[union-attr]
    assert client.post("/sign-in", data={"email": world.emails[who], "password": PASSWORD, "csrf_token": token},
                       follow_redirects=False).status_code == 303
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/reminders").text).group(1)  # type: ignore[union-attr]
    made = client.post("/reminders/calendar", data={"csrf_token": csrf})
    feed = re.search(r"/calendar/([\w-]+\.ics)", made.text)
    assert feed, "no calendar URL"
    client.headers["Authorization"] = f"Bearer {world.tokens[who]}"
    return client, feed.group(1)


@pytest.mark.parametrize("who", list(CRAWLERS))
def test_no_canary_on_any_route_and_hidden_is_missing(who: str, crawl_world: World) -> None:
    client, feed = _client(crawl_world, who)
    with client:
        routes = get_routes(client.app)
        assert "/api/v1/cases/{number}/export" in routes and "/cases/{number}/export.zip" in routes
        values = _values(crawl_world, who, feed)
        seen: dict[str, Any] = {}
        for route in routes:
            if route.startswith("/static") or (route in STATIC_ROUTES and who not in ("anonymous", "employer-viewer")):
                continue
            for path in _paths(route, values):
                response = client.get(path, params={"as_of": AS_OF} if "calculators" not in path else None,
                                      follow_redirects=False)
                assert response.status_code < 500, (path, response.status_code)
                text = _text(response)
                for canary in (OFFER, NOTE, DRAFT):
                    if canary not in CRAWLERS[who]:
                        assert canary not in text, (who, path)
                seen[path] = response
    hidden_doc = str(crawl_world.documents["offer-of-proof"])
    for path, response in seen.items():
        if NUMBER in path and who in ("outsider", "anonymous"):
            missing = seen.get(path.replace(NUMBER, MISSING_CASE))
            if missing is not None:
                assert (response.status_code, _text(response).replace(NUMBER, "N")) == \
                       (missing.status_code, _text(missing).replace(MISSING_CASE, "N")), path
        if who.startswith("employer") and path.endswith(f"/documents/{hidden_doc}"):
            missing = seen[path.rsplit("/", 1)[0] + f"/{MISSING_ID}"]
            assert response.status_code == missing.status_code == 404, path
            assert _blank(_text(response), hidden_doc) == _blank(_text(missing), str(MISSING_ID)), path
        if who != "region" and path.endswith(f"/drafts/{crawl_world.documents['draft']}"):
            missing = seen[path.rsplit("/", 1)[0] + f"/{MISSING_ID}"]
            assert response.status_code == missing.status_code and response.status_code in (303, 404), path


def test_no_canary_in_any_notice(crawl_world: World) -> None:
    """Every notice due for the planted entries, to anyone outside RWDSU: no canary (the Region
    is noticed of the offer of proof, without its witnesses)."""
    from datetime import datetime

    from casefile.jobs.notices import notice_text, select_due_notices
    from casefile.record.db import read_session

    moment = datetime.fromisoformat(AS_OF)
    from sqlmodel import select

    from casefile.record.models import DocketEntry

    with read_session() as session:
        entries = list(session.exec(select(DocketEntry.id)).all())
        due = select_due_notices(session, as_of=moment, entry_ids=entries, default_urls=["json://localhost"])
    assert {n.email for n in due} >= {crawl_world.emails["employer-counsel"], crawl_world.emails["region"]}
    for notice in due:
        title, body = notice_text([notice])
        assert not any(c in title + body for c in (OFFER, NOTE, DRAFT)), notice.email

