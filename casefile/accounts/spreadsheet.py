"""CSV files casefile writes (the case file's docket.csv and notes.csv), safe to open in a
spreadsheet: a text cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return
(after any spaces) is a formula to Excel, LibreOffice and Google Sheets, so it is written with a
single quote in front (OWASP, "CSV Injection"): the spreadsheet shows the text, and runs nothing.
Numbers are written as they are."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

#: What a spreadsheet takes as the start of a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """``value`` as a CSV cell that no spreadsheet runs: text beginning (after spaces) with one of
    FORMULA_STARTS gets a leading ``'``; anything else is unchanged."""
    if isinstance(value, str) and value.lstrip(" ").startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(rows: Iterable[Iterable[Any]]) -> str:
    """``rows`` as CSV text (CRLF line ends, RFC 4180), every cell through :func:`safe_cell`."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows([safe_cell(cell) for cell in row] for row in rows)
    return out.getvalue()
