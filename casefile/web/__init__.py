"""casefile's web pages (issue 8, item 3): server-rendered Jinja2 pages (casefile/web/templates,
apart from the legal documents' templates/) over the front door (casefile.app) and the accounts
(casefile.accounts), thin like the command line: no law, no policy, no state in the process.

:func:`install` adds the pages to an application (casefile.server.create_app mounts the API beside
them): sessions kept on the server (casefile.web.sessions), a CSRF token on every form, errors as HTML pages (a case or a
document the user may not see answers 404, exactly as one that does not exist; 403 where they see
the case but their role may not do the act; a page that needs an account sends to the sign-in page).
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from casefile.errors import CasefileError

log = logging.getLogger("casefile.web")

HEADINGS = {401: "Sign in", 403: "You cannot do this", 404: "Page not found", 409: "This cannot be done now",
            413: "What you sent is too large", 422: "There is a problem", 429: "Too many attempts", 500: "Sorry, there is a problem with casefile"}


def install(app: FastAPI) -> None:
    """Add the web pages, their static files, their session middleware and their error pages to ``app``."""
    from casefile.web import (
        account_pages,
        act_pages,
        admin_pages,
        around,
        auth_pages,
        calculator_pages,
        case_pages,
        draft_pages,
        link_pages,
        open_pages,
        reminder_pages,
    )
    from casefile.web.render import STATIC
    from casefile.web.sessions import SessionMiddleware

    app.add_middleware(SessionMiddleware)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    for module in (auth_pages, account_pages, open_pages, case_pages, act_pages, draft_pages, calculator_pages, admin_pages,
                   link_pages, reminder_pages, around):
        app.include_router(module.router)
    app.add_exception_handler(CasefileError, casefile_error_page)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, http_error_page)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, validation_error_page)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, unexpected_error_page)


def error_page(request: Request, status: int, message: str, back: str | None = None) -> Response:
    from casefile.web.render import page

    if "web_session" not in request.scope.get("state", {}):
        from casefile.web.sessions import WebSession

        request.scope.setdefault("state", {})["web_session"] = WebSession()
    return page(request, "error.html", status=status, title=HEADINGS.get(status, "Error"),
                heading=HEADINGS.get(status, "Error"), message=message, code=status, back=back)


def casefile_error_page(request: Request, exc: CasefileError) -> Response:
    from casefile.http.codes import FAMILIES, family_of

    family = family_of(exc)
    status = FAMILIES.get(family, (500, ""))[0]
    if exc.code == "sign-in-needed":
        from urllib.parse import quote

        return RedirectResponse(f"/sign-in?next={quote(request.url.path)}", status_code=303)
    if exc.code == "too-many-attempts":
        status = 429
    if exc.code == "unknown-case":  # one that does not exist and one not shown read the same
        return error_page(request, 404, no_case_words(str(exc)))
    if status == 404:
        return error_page(request, 404, "If you typed the address, check it is right. A case or document you are not "
                                        "given access to is not shown.")
    if status >= 500:
        log.error("casefile error %s on %s: %s", exc.code, request.url.path, exc)
    return error_page(request, status, str(exc), back=getattr(exc, "back", None))


def no_case_words(message: str) -> str:
    """The page's words for a case not found: the same for a number not in the record and a case
    the user may not see (its existence is not disclosed), with no command-line advice."""
    import re

    found = re.search(r"\bno case (\d{1,2}-[A-Z]{1,2}-\d{1,9})\b", message)
    number = f"case {found.group(1)}" if found else "such case"
    return (f"There is no {number} that you can see. If you typed the address, check the case number; a case is "
            "shown to the organizations of its parties and to its Region.")


def http_error_page(request: Request, exc: StarletteHTTPException) -> Response:
    if exc.status_code == 404:
        return error_page(request, 404, "If you typed the address, check it is right.")
    return error_page(request, exc.status_code, str(exc.detail))


def validation_error_page(request: Request, exc: RequestValidationError) -> Response:
    first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
    where = ".".join(str(p) for p in first.get("loc", ())[1:]) or "the request"
    if first.get("loc", ("",))[0] == "path":
        return error_page(request, 404, "If you typed the address, check it is right.")
    from casefile.validation import problems

    return error_page(request, 422, f"{where}: {problems([first])[0].text}")  # plain words, not pydantic's


def unexpected_error_page(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_page(request, 500, "casefile failed to answer this page (a bug: the server's log has the details). "
                                    "Nothing you sent was stored half-way: try again later.")
