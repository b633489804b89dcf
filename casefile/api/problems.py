"""Errors as ``application/problem+json`` (RFC 9457), one mapping for the whole API.

A CasefileError answers with the status of its family (casefile.errors: BadInput 422, NotFound
404, NotAllowedNow 409, Untimely 409, Conflict 409, Internal 500; casefile.record.access:
NotAuthenticated 401, NotPermitted 403) and the members ``type`` (``/api/v1/problems/<code>``,
which describes the code), ``title`` (the family in words), ``status``, ``detail`` (the error's
message, exactly as the command line prints it), ``code``, ``family`` and ``field``; an invalid
tally adds ``line``. A request that does not validate answers 422 with code ``invalid-act`` (a
body) or ``bad-input`` (a query or header) and the field path of the first error; a body that is
not JSON, 422 ``invalid-json`` (field ``body``, the position in words). Anything else
is a bug: 500, code ``internal``, and no detail of the exception (it is logged).

The same table maps an answer back (casefile.http.codes.error_from_problem, for
casefile.cli.remote): the class of ``code``, else of ``family``, with the same message and field.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from casefile.errors import BadInput, CasefileError, Internal
from casefile.http.codes import (
    FAMILIES,
    HTTP_CODES,
    MEDIA_TYPE,
    describe,
    error_classes,
    error_from_problem,
    family_of,
    status_of,
)

log = logging.getLogger("casefile.api")

#: Where a problem's ``type`` points (under the API's root): ``{base}/problems/{code}``.
TYPE_PATH = "/problems/"


def problem(request: Request | None, *, status: int, code: str, family: str, detail: str, field: str | None = None,
            title: str | None = None, headers: dict[str, str] | None = None, **extra: Any) -> JSONResponse:
    """A problem+json response."""
    base = _base(request)
    body: dict[str, Any] = {"type": f"{base}{TYPE_PATH}{code}", "title": title or FAMILIES.get(family, (0, "Error"))[1],
                            "status": status, "detail": detail, "code": code, "family": family, "field": field}
    body.update({k: v for k, v in extra.items() if v is not None})
    return JSONResponse(body, status_code=status, media_type=MEDIA_TYPE, headers=headers)


def _base(request: Request | None) -> str:
    if request is None:
        return ""
    return str(request.scope.get("root_path", "")).rstrip("/")


def casefile_problem(request: Request | None, exc: CasefileError) -> JSONResponse:
    """The answer to ``exc``."""
    family = family_of(exc)
    status = getattr(exc, "http_status", None) or FAMILIES[family][0]
    headers = {"WWW-Authenticate": 'Bearer realm="casefile"'} if status == 401 else None
    if status >= 500:
        log.error("casefile error %s: %s", exc.code, exc)
    found = getattr(exc, "problems", None)
    return problem(request, status=status, code=exc.code, family=family, detail=str(exc), field=exc.field,
                   headers=headers, line=getattr(exc, "line", None), errors=_errors(found) if found else None)


def _errors(found: list[Any]) -> list[dict[str, str]]:
    """Every problem of a body (casefile.validation.Problem), each with its field path."""
    return [{"field": p.path, "detail": p.text} for p in found]


def validation_problem(request: Request, exc: RequestValidationError) -> JSONResponse:
    """422 for a request that does not validate: the first error's field path (a body's path is
    relative to the act, without the act's name)."""
    from casefile.accounts.acting import field_path
    from casefile.validation import in_words, problems

    errors = exc.errors()
    first = errors[0] if errors else {"loc": (), "msg": "invalid request"}
    if first.get("type") == "json_invalid":  # the body is not JSON: its position in words, no field
        return not_json_problem(request, first)
    loc = tuple(first.get("loc", ()))
    in_body = bool(loc) and loc[0] == "body"

    def path_of(where: tuple[Any, ...]) -> str:
        if where and where[0] == "body":
            return field_path(where)
        return ".".join(str(p) for p in where[1:]) or ".".join(str(p) for p in where)

    found = problems([{**e, "loc": tuple(p for p in path_of(tuple(e.get("loc", ()))).split(".") if p)} for e in errors])
    path = found[0].path if found else ""
    detail = in_words(found) if found else f"field {'act' if in_body else 'request'!r}: invalid"
    return problem(request, status=422, code="invalid-act" if in_body else BadInput.code, family=BadInput.family,
                   detail=detail, field=path or None, errors=_errors(found) if found else None)


def not_json_problem(request: Request, error: dict[str, Any]) -> JSONResponse:
    """422 ``invalid-json`` for a body that is not JSON: where it stops being JSON (line and column
    of the body, and the character's position), in words; ``field`` is ``body``."""
    loc = tuple(error.get("loc", ()))
    offset = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else None
    reason = str((error.get("ctx") or {}).get("error") or "not JSON")
    body = _body_text(request)
    if offset is not None and body is not None:
        line = body.count("\n", 0, offset) + 1
        column = offset - (body.rfind("\n", 0, offset) + 1) + 1
        where = f" at line {line}, column {column} (character {offset + 1} of the body)"
    elif offset is not None:
        where = f" at character {offset + 1} of the body"
    else:
        where = ""
    return problem(request, status=422, code="invalid-json", family=BadInput.family, field="body",
                   detail=f"the request's body is not valid JSON{where}: {reason[:1].lower() + reason[1:]} "
                          "(send the act as a JSON object, Content-Type: application/json)")


def _body_text(request: Request) -> str | None:
    raw = getattr(request, "_body", None)  # read already by FastAPI to parse it
    if not isinstance(raw, bytes | bytearray):
        return None
    return bytes(raw).decode("utf-8", errors="replace")


def http_problem(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    if exc.status_code == 400 and "parsing the body" in str(exc.detail):  # FastAPI: a body that is not JSON
        return problem(request, status=422, code="invalid-json", family=BadInput.family, field="body",
                       detail="the request's body is not JSON (send the act as a JSON object, "
                              "Content-Type: application/json)")
    code, family = HTTP_CODES.get(exc.status_code, ("http-error", BadInput.family if exc.status_code < 500
                                                    else Internal.family))
    detail = str(exc.detail) if exc.detail else "error"
    if exc.status_code == 404 and detail == "Not Found":
        detail = f"no such route: {request.method} {request.url.path}"
    return problem(request, status=exc.status_code, code=code, family=family, detail=detail,
                   title=FAMILIES.get(family, (0, "Error"))[1], headers=getattr(exc, "headers", None))


def unexpected_problem(request: Request, exc: Exception) -> JSONResponse:
    log.exception("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
    return problem(request, status=500, code=Internal.code, family=Internal.family,
                   detail="casefile failed to answer this request (a bug: the server's log has the details)")


def install(app: FastAPI) -> None:
    """Answer every error of ``app`` as problem+json."""
    app.add_exception_handler(CasefileError, lambda r, e: casefile_problem(r, e))  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, validation_problem)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, http_problem)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, unexpected_problem)


__all__ = ["FAMILIES", "HTTP_CODES", "MEDIA_TYPE", "describe", "error_classes", "error_from_problem", "family_of",
           "install", "problem", "status_of"]
