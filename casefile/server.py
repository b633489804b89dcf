"""The casefile server: one FastAPI application with the web pages (casefile.web) and the HTTP API
(casefile.api, mounted at /api/v1), for uvicorn (``casefile serve`` runs it).

Settings: casefile.http.settings (``CASEFILE_WEB_HOST`` 127.0.0.1 and ``CASEFILE_WEB_PORT`` 8000 by
default, cookies, sessions, throttling, body limits, public calculators, who issues documents).
Around everything: the body limits (casefile.web.limits) and the API's and static files' headers
(casefile.web.headers). The application keeps no
state in its process: several processes behind any proxy share one database.

After an act commits in a request (web form or API), its documents are issued by the
``on_committed(entry_id, as_of)`` hook: in-process (a background task after the answer) by
default, or — ``CASEFILE_WEB_DOCUMENTS=prefect``, as ``casefile serve`` sets it — a flow run of the
``act/issue-documents`` deployment (flows.act.act_flow) that ``casefile serve``'s runner executes;
its parameters are the docket entry's id and the instant, never the act's content.

    uvicorn --factory casefile.server:create_app
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from fastapi import FastAPI

log = logging.getLogger("casefile.server")

#: The deployment ``casefile serve`` serves for document issuance: flow "act", deployment "issue-documents".
ACT_DEPLOYMENT = "act/issue-documents"

OnCommitted = Callable[[int, datetime], Any]


def issue_in_process(entry_id: int, as_of: datetime) -> None:
    """Issue the act's documents in this process (casefile.app.issue_for_entry)."""
    from casefile import app

    app.issue_for_entry(entry_id, as_of=as_of)


def issue_by_flow_run(entry_id: int, as_of: datetime) -> None:
    """Start a flow run of the act deployment for docket entry ``entry_id`` and return at once
    (``run_deployment(..., timeout=0)``); the runner of ``casefile serve`` issues the documents.
    Needs PREFECT_API_URL (set by ``casefile serve``)."""
    from prefect.deployments import run_deployment

    run = run_deployment(ACT_DEPLOYMENT, parameters={"entry_id": entry_id, "as_of": as_of.isoformat()}, timeout=0,
                         as_subflow=False, flow_run_name=f"act-entry-{entry_id}")
    log.info("documents of docket entry %s: flow run %s", entry_id, getattr(run, "id", "?"))


def create_app(*, on_committed: OnCommitted | None = None, public_calculators: bool | None = None) -> FastAPI:
    """The web pages and the API in one application. ``on_committed`` (default: per the settings,
    in-process or by a Prefect flow run) issues an act's documents after the request;
    ``public_calculators`` (default: the setting) opens the calculators without an account."""
    from casefile.api import PREFIX, create_api
    from casefile.http.settings import get_web_settings
    from casefile.web import install

    settings = get_web_settings()
    if on_committed is None:
        on_committed = issue_by_flow_run if settings.documents == "prefect" else issue_in_process
    public = settings.public_calculators if public_calculators is None else public_calculators
    app = FastAPI(title="casefile", openapi_url=None, docs_url=None, redoc_url=None)
    app.state.on_committed = on_committed
    app.state.public_calculators = public
    app.mount(PREFIX, create_api(on_committed=on_committed, public_calculators=public))
    install(app)
    from casefile.web.headers import SecurityHeadersMiddleware
    from casefile.web.limits import BodyLimitMiddleware

    app.add_middleware(SecurityHeadersMiddleware)
    app.add_middleware(BodyLimitMiddleware)  # outermost: a body is bounded before anything reads it

    @app.get("/healthz", include_in_schema=False)
    async def health() -> dict[str, str]:  # on the event loop: it needs no worker thread to answer
        return {"status": "ok"}

    return app


__all__ = ["ACT_DEPLOYMENT", "create_app", "issue_by_flow_run", "issue_in_process"]
