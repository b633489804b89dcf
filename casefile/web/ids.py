"""Record ids as the web pages take them: in a path (``WebId``: 1 to ID_MAX, else the page is a
404 like any address that names nothing) or in a form field (:func:`form_id`). A number past a
64-bit column's range never reaches the database (SQLite raises OverflowError, PostgreSQL an
out-of-range error: both were answered 500)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path

#: Largest id a record can have (a 64-bit signed integer column's largest value).
ID_MAX = 2**63 - 1

WebId = Annotated[int, Path(ge=1, le=ID_MAX)]


def form_id(text: object) -> int | None:
    """The id a form field holds (ASCII digits, 1 to ID_MAX), or None when it holds none."""
    raw = str(text or "").strip()
    if not raw or len(raw) > 19 or not (raw.isascii() and raw.isdigit()):
        return None
    value = int(raw)
    return value if 1 <= value <= ID_MAX else None
