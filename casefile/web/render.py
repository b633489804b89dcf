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


#: The zone of a time shown where no office's is at hand (the Agency's headquarters, Washington).
DEFAULT_ZONE = "America/New_York"


def when(value: Any, zone: str | None = None) -> str:
    """An instant in words in ``zone`` (an office's, else DEFAULT_ZONE): "December 2, 2026, 7:18 a.m.
    CST". A naive value is UTC (as the record stores it); None is a dash."""
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    from casefile.rules.calendar import clock_label
    from casefile.rules.chronology import long_date

    if value is None:
        return "—"
    if not isinstance(value, datetime):
        return str(value)
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    local = value.astimezone(ZoneInfo(zone or DEFAULT_ZONE))
    return f"{long_date(local.date())}, {clock_label(local)}"


def office_name(key: str) -> str:
    """A receiving office's name for people ("Birmingham, AL"), from its key ("10-birmingham"); the
    key itself when the office table no longer knows it."""
    from casefile.errors import CasefileError
    from casefile.rules.offices import office_named

    try:
        return office_named(key).name
    except CasefileError:
        return key


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(default=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["field_id"] = field_id
    env.filters["thousands"] = thousands
    env.filters["when"] = when
    env.filters["office_name"] = office_name
    env.globals["humanize"] = lambda text: str(text).replace("-", " ").replace("_", " ")
    from casefile.web.words import install

    install(env)  # stage_words, deadline_words, act_title, docket_words
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
