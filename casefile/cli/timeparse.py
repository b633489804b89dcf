"""Reading dates and instants typed on the command line (the CLI is where the clock is read).

What a typed instant means is the front door's policy (:func:`casefile.app.read_instant`: a bare
date is 00:00 that day in the case's receiving office zone); this module only adds "default now"
and plain dates.
"""

from __future__ import annotations

from datetime import date, datetime

from casefile.errors import BadInput


def parse_date(text: str, what: str) -> date:
    """An ISO date (YYYY-MM-DD); BadInput naming the option otherwise."""
    try:
        day = date.fromisoformat(text.strip())
    except ValueError as exc:
        from casefile.validation import date_problem

        raise BadInput(f"{what}: {date_problem(text)}", field=what) from exc
    from casefile.importers.reading import FIRST_DATE, LAST_DATE

    if not FIRST_DATE <= day <= LAST_DATE:
        raise BadInput(f"{what}: {text[:40]!r} is outside the National Labor Relations Act's lifetime "
                       f"({FIRST_DATE.isoformat()} to {LAST_DATE.isoformat()})", field=what)
    return day


def parse_instant(text: str | None, what: str, *, case_number: str | None = None) -> datetime:
    """An aware instant from an option: None means now; otherwise :func:`casefile.app.read_instant`
    (ISO datetime with offset, or a bare date = 00:00 in the case's office zone, Eastern when no
    case is named). A datetime without offset is refused."""
    from casefile.cli.perform import now

    if text is None:
        return now()
    from casefile.app import read_instant

    return read_instant(text, what=what, case_number=case_number)
