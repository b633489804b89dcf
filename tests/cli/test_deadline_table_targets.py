"""The deadlines table: a party's period shows its cut-off ("11:59 p.m. EST", under the due date); the Region's own target date (the
hearing's opening, Mon 2026-12-21) shows none — it is the date the Region aims at, not a filing cut-off."""

from __future__ import annotations

import re

from casefile.cli.app import console
from casefile.cli.cases import print_deadlines


def test_a_target_date_has_no_cut_off() -> None:
    rows = [{"id": 1, "case_number": "13-RC-400123", "kind": "hearing-opens", "for": "Regional Director",
             "due_on": "2026-12-21", "cutoff_at": "2026-12-21T23:59:59-06:00", "office": "13-chicago", "status": "open"},
            {"id": 2, "case_number": "13-RC-400123", "kind": "exceptions", "for": "all parties",
             "due_on": "2026-12-22", "cutoff_at": "2026-12-22T23:59:59-06:00", "office": "13-chicago", "status": "open"}]
    width = console._width  # None: the console follows the terminal (COLUMNS); put back as it was, not fixed
    console.width = 120  # one row per line, whatever the terminal running the tests
    try:
        with console.capture() as captured:
            print_deadlines(rows, title="Deadlines")
    finally:
        console._width = width
    lines: dict[str, str] = {}  # each row's lines (the cut-off is under the due date), by its first word
    for line in captured.get().splitlines():
        if line.split()[:1] and line.split()[0].isdigit():  # an ID starts a row (not "11:59" under a date)
            row = lines[line.split()[2]] = line
        elif lines and line.strip():
            lines[row.split()[2]] += "\n" + line
    # the one table of deadline names (casefile.documents.wording.DEADLINE_NOUNS), as pages and documents say them
    assert "Hearing, if set (or as soon as practicable)" in lines["Hearing,"]
    assert "(target date)" in lines["Hearing,"] and "p.m." not in lines["Hearing,"]
    assert "Exceptions to the Hearing Officer's Report" in lines["Exceptions"]
    assert "11:59 p.m. CST" in lines["Exceptions"]
    # the due date short and in words, never ISO (casefile.rules.calendar.short_date)
    assert "Dec 21, 2026" in " ".join(lines["Hearing,"].split()) and "Dec 22, 2026" in " ".join(lines["Exceptions"].split())
    assert not re.search(r"\d{4}-\d\d-\d\d", captured.get())


def test_at_80_columns_words_are_never_split() -> None:
    """The deadline and its status are words, wrapped between words at 80 columns ("Offer of proof", "met late";
    never "offer-of-p roof", "Statu", "met-lat")."""
    rows = [{"id": 12, "case_number": f"29-RC-28802{i}", "kind": kind, "for": "Amazon.com Services LLC",
             "due_on": "2022-04-22", "cutoff_at": "2022-04-22T23:59:59-07:00", "office": "28-phoenix", "status": status}
            for i, (kind, status) in enumerate((("offer-of-proof", "met-late"), ("rfr-opposition", "open"),
                                                ("exceptions", "lapsed")))]
    width = console._width
    console.width = 80
    try:
        with console.capture() as captured:
            print_deadlines(rows, title="Deadlines")
    finally:
        console._width = width
    words = captured.get().split()
    assert all(len(line) <= 80 for line in captured.get().splitlines())
    for word in ("Offer", "proof", "Status", "met", "late", "Opposition", "request", "review", "Exceptions", "Hearing",
                 "Officer's", "Report", "lapsed",
                 "29-RC-288020", "Amazon.com", "Services", "LLC"):
        assert word in words
    assert not [w for w in words if w in ("offer-of-p", "roof", "Statu", "met-lat", "offer-of-proof")]
    assert {"Apr", "22,", "2022"} <= set(words) and not re.search(r"\d{4}-\d\d-\d\d", captured.get())
