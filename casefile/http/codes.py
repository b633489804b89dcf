"""casefile's error codes as the API publishes them: each CasefileError family's HTTP status and
title, the table from a code to its class, and the way back from a problem+json answer to the
error (casefile.cli.remote). No web framework is imported here."""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

from casefile.errors import (
    BadInput,
    CasefileError,
    Conflict,
    Internal,
    NotAllowedNow,
    NotAuthenticated,
    NotFound,
    NotPermitted,
    Untimely,
)

log = logging.getLogger("casefile.api")

MEDIA_TYPE = "application/problem+json"

#: Family -> (HTTP status, title).
FAMILIES: dict[str, tuple[int, str]] = {
    BadInput.family: (422, "Bad input"),
    NotFound.family: (404, "Not found"),
    NotAllowedNow.family: (409, "Not allowed now"),
    Untimely.family: (409, "Untimely"),
    Conflict.family: (409, "Conflict"),
    Internal.family: (500, "Internal error"),
    NotAuthenticated.family: (401, "Not authenticated"),
    NotPermitted.family: (403, "Not permitted"),
    CasefileError.family: (500, "Internal error"),
}
#: Statuses Starlette answers by itself (no route, wrong method ...): code and family.
HTTP_CODES: dict[int, tuple[str, str]] = {
    404: ("no-such-route", NotFound.family),
    405: ("method-not-allowed", BadInput.family),
    406: ("not-acceptable", BadInput.family),
    413: ("too-large", BadInput.family),
    415: ("unsupported-media-type", BadInput.family),
}


def _all_subclasses(cls: type[CasefileError]) -> list[type[CasefileError]]:
    out = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_all_subclasses(sub))
    return out


def _load_error_modules() -> None:
    """Import the modules that define CasefileError classes outside casefile.errors, so the table
    knows them (an error raised on the server is mapped back on the client by its code)."""
    import importlib

    for name in ("casefile.accounts.passwords", "casefile.accounts.users",
                 "casefile.accounts.acting", "casefile.documents.storage", "casefile.api.idempotency"):
        try:
            importlib.import_module(name)
        except ImportError:  # pragma: no cover - a module moved: its codes map to their family
            log.warning("cannot import %s: its error codes map to their family", name)


@cache
def error_classes() -> dict[str, type[CasefileError]]:
    """Code -> the most specific CasefileError class with that code (families included)."""
    _load_error_modules()
    table: dict[str, type[CasefileError]] = {}
    classes: list[type[CasefileError]] = [CasefileError, *_all_subclasses(CasefileError)]
    for cls in classes:
        code = cls.__dict__.get("code")
        if isinstance(code, str):
            table.setdefault(code, cls)
    return table


def family_of(exc_or_cls: CasefileError | type[CasefileError]) -> str:
    family = getattr(exc_or_cls, "family", CasefileError.family)
    return family if family in FAMILIES else CasefileError.family


def status_of(exc: CasefileError) -> int:
    return FAMILIES[family_of(exc)][0]


def describe(code: str) -> dict[str, Any] | None:
    """What ``code`` means: its family, status, title and the class's docstring; None when unknown."""
    cls = error_classes().get(code)
    if cls is None:
        extra = {c: f for c, f in HTTP_CODES.values()}
        if code not in extra:
            return None
        family = extra[code]
        return {"code": code, "family": family, "status": next(s for s, (c, _) in HTTP_CODES.items() if c == code),
                "title": FAMILIES[family][1], "description": f"the HTTP layer's {code.replace('-', ' ')}"}
    family = family_of(cls)
    status, title = FAMILIES[family]
    doc = " ".join((cls.__doc__ or "").split())
    return {"code": code, "family": family, "status": status, "title": title, "description": doc}


def error_from_problem(body: dict[str, Any], status: int) -> CasefileError:
    """The CasefileError an answer ``body`` (problem+json) stands for: the class of its ``code``
    (else of its ``family``, else by ``status``), with the same message (``detail``) and field."""
    table = error_classes()
    code = str(body.get("code") or "")
    family = str(body.get("family") or "")
    cls = table.get(code) or table.get(family)
    if cls is None:
        by_status = {401: NotAuthenticated, 403: NotPermitted, 404: NotFound, 422: BadInput, 409: Conflict}
        cls = by_status.get(status, Internal)
    detail = str(body.get("detail") or body.get("title") or f"HTTP {status}")
    field = body.get("field")
    try:
        err = cls(detail, field=field)
    except TypeError:  # a class whose constructor takes other arguments: its base's
        err = cls.__new__(cls)
        CasefileError.__init__(err, detail, field=field)
    if code and err.code != code:
        err.code = code
    if body.get("line") is not None:
        err.line = body["line"]  # type: ignore[attr-defined]
    return err
