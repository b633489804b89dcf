"""casefile's HTTP API (issue 8, item 4): a FastAPI application meant to be mounted at
``/api/v1`` (OpenAPI at ``/api/v1/openapi.json``; interactive docs at ``/api/v1/docs`` when
CASEFILE_WEB_API_DOCS is on, their assets served by casefile: casefile.api.docs_page), thin over
the front door (casefile.app) and the accounts (casefile.accounts): it holds no law and no
policy, and keeps no state in its process (tokens and idempotency records are in the database),
so several processes can share one PostgreSQL.

``Authorization: Bearer <token>`` (``casefile tokens create EMAIL``). Routes: ``GET /cases``,
``GET /cases/{number}`` (``/docket``, ``/deadlines``, ``/documents``, ``/export``: a zip), ``GET /deadlines``,
``GET /documents/{id}`` (the PDF), ``POST /cases/{number}/acts``, ``GET /calculators/tally``,
``GET /calculators/deadline``, ``GET /problems/{code}``. Errors are problem+json
(casefile.api.problems).

    from casefile.api import create_api
    web.mount("/api/v1", create_api(on_committed=start_act_flow_run))

or, standalone, ``create_app()`` (the API alone, mounted at /api/v1).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from fastapi import FastAPI

#: Where the API is mounted.
PREFIX = "/api/v1"
VERSION = "1"


def create_api(*, on_committed: Callable[[int, datetime], Any] | None = None,
               public_calculators: bool = False, docs: bool | None = None) -> FastAPI:
    """The API application (mount it at PREFIX).

    ``on_committed(entry_id, as_of)``: called after an act's answer when it has documents to
    issue (default: casefile.api.acts.issue_in_process, in a background task of this process);
    ``public_calculators``: the calculators answer without a token (a demo instance);
    ``docs``: serve the interactive docs page (default: the setting CASEFILE_WEB_API_DOCS, off)."""
    from fastapi import Path

    from casefile.api import acts, calculators, cases, documents, exports, links, problems
    from casefile.api.common import errors
    from casefile.api.models import ProblemType
    from casefile.http.settings import get_web_settings

    api = FastAPI(title="casefile API", version=VERSION, openapi_url="/openapi.json", docs_url=None,
                  redoc_url=None, swagger_ui_oauth2_redirect_url=None,
                  description="NLRB representation cases as the signed-in user may see them: cases, dockets, "
                              "deadlines, documents, and the legal acts. Errors are application/problem+json "
                              "(RFC 9457) with casefile's stable `code` and the `field` at fault.")
    api.state.on_committed = on_committed
    api.state.public_calculators = public_calculators
    problems.install(api)
    if get_web_settings().api_docs if docs is None else docs:
        from casefile.api import docs_page

        docs_page.install(api)
    for module in (cases, exports, acts, documents, calculators, links):
        api.include_router(module.router)

    @api.get("/problems/{code}", response_model=ProblemType, responses=errors(404, 422), tags=["problems"],
             summary="What an error code means")
    def problem_type(code: str = Path(max_length=80, pattern=r"^[a-z0-9-]+$")) -> ProblemType:
        from casefile.errors import UnknownRecord

        described = problems.describe(code)
        if described is None:
            raise UnknownRecord(f"no error code {code!r}", field="code")
        return ProblemType.model_validate(described)

    generate = api.openapi

    def openapi() -> dict[str, Any]:
        if api.openapi_schema is None:
            schema = generate()  # FastAPI's schema (servers from the mount's root path), then errors
            _problem_media_types(schema)
            _act_body(schema)
        return api.openapi_schema  # type: ignore[return-value]

    api.openapi = openapi  # type: ignore[method-assign]
    return api


def _problem_media_types(schema: dict[str, Any]) -> None:
    """Every error answer is documented as application/problem+json with the Problem schema
    (FastAPI documents them as application/json, and 422 as its own validation error)."""
    ref = {"$ref": "#/components/schemas/Problem"}
    for path in schema.get("paths", {}).values():
        for operation in path.values():
            for status, response in operation.get("responses", {}).items():
                if status.isdigit() and int(status) >= 400:
                    response["content"] = {"application/problem+json": {"schema": ref}}
    components = schema.get("components", {}).get("schemas", {})
    for name in ("HTTPValidationError", "ValidationError"):
        components.pop(name, None)


def _act_body(schema: dict[str, Any]) -> None:
    """The body of ``POST /cases/{number}/acts``, read by its own dependency (JSON, or multipart with
    the act's files: casefile.api.acts.act_sent), documented with the act models."""
    from casefile.api.acts import request_body_schema

    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for path in schema.get("paths", {}).values():
        post = path.get("post")
        if post is not None and post.get("operationId", "").startswith("post_act"):
            post["requestBody"] = request_body_schema(components)


def create_app(**options: Any) -> FastAPI:
    """The API alone as an application: ``create_api(**options)`` mounted at PREFIX."""
    app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)
    from casefile.api import problems

    problems.install(app)
    app.mount(PREFIX, create_api(**options))
    return app


__all__ = ["PREFIX", "create_api", "create_app"]
