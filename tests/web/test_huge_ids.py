"""404, not 500, for an out-of-range id (issue 14, security trial L6: six web routes answered 500
to an id past 64 bits, SQLite's OverflowError). Every route of the route table is walked with
huge numbers in each of its path parameters, signed in; the routes that take an id in a form field
answer a huge id exactly as a missing one."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.exceptions import StarletteDeprecationWarning
from starlette.routing import Mount, Route

from tests.web.conftest import Served
from tests.web.test_sessions import csrf, sign_in
from tests.web.world import NUMBER, USERS

with warnings.catch_warnings():
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient

HUGE = ("9223372036854775808", "99999999999999999999", "-9223372036854775809")


@pytest.fixture
def app(served: Served) -> Any:
    from casefile.server import create_app

    return create_app(on_committed=lambda entry_id, as_of: None)


@pytest.fixture
def admin(app: Any) -> Iterator[Any]:
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        assert sign_in(client, USERS["union-admin"]).status_code == 303
        yield client


def routes(app: Any, prefix: str = "") -> Iterator[tuple[str, str, list[str]]]:
    """(method, path template, names of its path parameters) of every route, mounts included."""
    for route in app.routes:
        if isinstance(route, Mount) and hasattr(route.app, "routes"):
            yield from routes(route.app, prefix + route.path)
        elif hasattr(route, "original_router"):  # FastAPI's included router
            yield from routes(route.original_router, prefix + (getattr(route.include_context, "prefix", "") or ""))
        elif isinstance(route, Route):
            for method in sorted((route.methods or set()) - {"HEAD"}):
                yield method, prefix + route.path, re.findall(r"{(\w+)(?::\w+)?}", route.path)


def test_every_route_answers_huge_numbers_without_a_server_error(app: Any, admin: Any) -> None:
    walked = 0
    for method, template, params in routes(app):
        if not params:
            continue
        for huge in HUGE:
            path = template
            for name in params:
                path = re.sub(r"{" + name + r"(?::\w+)?}", NUMBER if name == "number" and template.count("{") > 1 else huge,
                              path)
            answer = admin.request(method, path, data={"csrf_token": csrf(admin, "/cases")} if method == "POST" else None,
                                   follow_redirects=False)
            assert answer.status_code < 500, (method, path, answer.status_code)
            walked += 1
    assert walked >= 3 * 15


@pytest.mark.parametrize("path", ["/documents/{id}", f"/cases/{NUMBER}/drafts/{{id}}",
                                  f"/cases/{NUMBER}/deadlines/{{id}}"])
def test_a_huge_id_in_a_path_is_a_404_like_a_missing_one(admin: Any, path: str) -> None:
    missing = admin.get(path.format(id=987654321))
    assert missing.status_code == 404
    for huge in HUGE:
        answer = admin.get(path.format(id=huge))
        assert answer.status_code == 404 and "Page not found" in answer.text, huge


@pytest.mark.parametrize("path", [f"/cases/{NUMBER}/drafts/{{id}}", f"/cases/{NUMBER}/drafts/{{id}}/delete"])
def test_a_huge_draft_id_posted_is_a_404(admin: Any, path: str) -> None:
    for huge in HUGE[:2]:
        answer = admin.post(path.format(id=huge), data={"csrf_token": csrf(admin, "/cases")}, follow_redirects=False)
        assert answer.status_code == 404, huge


@pytest.mark.parametrize(("path", "field"), [("/admin/tokens/revoke", "token"),
                                             (f"/cases/{NUMBER}/assignees/remove", "user_id")])
def test_a_huge_id_in_a_form_answers_as_a_missing_one(admin: Any, path: str, field: str) -> None:
    def send(value: str) -> Any:
        return admin.post(path, data={"csrf_token": csrf(admin, "/cases"), field: value}, follow_redirects=True)

    missing = send("987654321")
    for value in (*HUGE, "²", "0"):
        answer = send(value)
        assert answer.status_code == missing.status_code < 500, value
        assert answer.text.replace(value, "N") .count("no API token") == missing.text.count("no API token")
