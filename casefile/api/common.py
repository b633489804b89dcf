"""What the API's routes share: the clock, reading ``as_of``, the documented error answers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import Request

from casefile.errors import BadInput

#: How far in the future a stated ``as_of`` may lie (clocks that disagree a little).
CLOCK_SKEW = timedelta(minutes=5)
#: Largest id, offset or count a query may carry (a 64-bit signed integer column's largest value).
ID_MAX = 2**63 - 1


def now() -> datetime:
    """The moment the server answers (the API is where a request's clock is read)."""
    return datetime.now(UTC)


def moment(as_of: str | None, *, case_number: str | None = None, what: str = "as_of") -> datetime:
    """The instant a request is as of: ``as_of`` (an ISO instant with its offset, or a date: 00:00
    at the case's receiving office) or now. One in the future (beyond CLOCK_SKEW) is refused:
    nothing is recorded, or read, as of a moment that has not come. Raises BadInput."""
    from casefile import app

    current = now()
    if as_of is None or not as_of.strip():
        return current
    if len(as_of) > 64:
        raise BadInput(f"{what}: {as_of[:64]!r}… is not an instant", field=what)
    try:
        value = app.read_instant(as_of, what=what, case_number=case_number)
    except (OverflowError, ValueError) as exc:
        raise BadInput(f"{what}: {as_of!r} is not an instant ({exc})", field=what) from None
    if value - current > CLOCK_SKEW:
        raise BadInput(f"{what}: {value.isoformat()} is in the future (the server's clock says {current.isoformat()})",
                       field=what)
    return value


def base(request: Request) -> str:
    """The API's root as the client reached it (e.g. ``/api/v1``), for the URLs it is given."""
    return str(request.scope.get("root_path", "")).rstrip("/")


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route for the error statuses it can answer (problem+json)."""
    from casefile.api.models import Problem

    words = {401: "No or a bad API token", 403: "The user sees the case but their role may not do this",
             404: "No such case or record (or one the user may not see)", 409: "Not allowed now, untimely or conflict",
             422: "Bad input (the field at fault is named)", 500: "Internal error"}
    return {s: {"model": Problem, "description": words[s]} for s in statuses}
