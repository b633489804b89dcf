"""The deadlines table: a party's period shows its cut-off ("11:59 p.m. EST"); the Region's own target date (the
hearing's opening, Mon 2026-12-21) shows none — it is the date the Region aims at, not a filing cut-off."""

from __future__ import annotations

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
    lines = {line.split()[2]: line for line in captured.get().splitlines() if line.strip()[:1].isdigit()}
    assert "(target date)" in lines["hearing-opens"] and "p.m." not in lines["hearing-opens"]
    assert "11:59 p.m. CST" in lines["exceptions"]
