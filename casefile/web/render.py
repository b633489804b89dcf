"""The web pages' Jinja environment (casefile/web/templates, apart from the legal documents'
templates/) and the one way a page is answered: ``page(request, "cases.html", status=..., **values)``
with what every page shows (who is signed in, the CSRF token, the messages of the last action).
Autoescaping is on for every template."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"


#: Scripts and styles from this site only (the pages need no inline script); forms post here only.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


def field_id(path: str | None) -> str:
    """The id of the form field an error's ``field`` path names ("objections.2" -> "objections-2")."""
    return (path or "").replace(".", "-")


def thousands(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) else str(value)


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(default=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["field_id"] = field_id
    env.filters["thousands"] = thousands
    env.globals["humanize"] = lambda text: str(text).replace("-", " ").replace("_", " ")
    return env


def page(request: Request, template: str, *, status: int = 200, **values: Any) -> HTMLResponse:
    """The HTML page ``template`` with ``values`` and what every page has: ``me`` (the signed-in
    user, or None), ``csrf``, ``flash`` (messages of the last action), ``path``."""
    from casefile.web.sessions import web_session

    session = web_session(request)
    me = getattr(request.state, "me", None)
    context = {"request": request, "me": me, "csrf": session.csrf, "flash": session.take_flash(),
               "path": request.url.path, "title": values.pop("title", "casefile"), "errors": values.pop("errors", []),
               **values}
    html = environment().get_template(template).render(**context)
    return HTMLResponse(html, status_code=status, headers={"Cache-Control": "no-store", "X-Frame-Options": "DENY",
                                                           "X-Content-Type-Options": "nosniff",
                                                           "Referrer-Policy": "same-origin",
                                                           "Content-Security-Policy": CSP})
