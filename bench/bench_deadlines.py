"""Time computing every deadline kind of one case (aim: well under 5 ms once the holiday tables are loaded).

Run: ``.venv/bin/python bench/bench_deadlines.py``. Prints the cold time (first computation, which
builds the holiday tables) and the warm time per case (median and best of many repeats).
"""

from __future__ import annotations

import statistics
import time
from datetime import date

from casefile.rules.calendar import BusinessCalendar
from casefile.rules.deadlines import compute_deadline
from casefile.rules.offices import office_for
from casefile.rules.rule_sets import rule_set_for
from casefile.vocab import DeadlineKind

# One case's triggers (Bessemer-like dates, current rule): tally, HO report, certification, ...
TRIGGERS = {
    DeadlineKind.OBJECTIONS: date(2026, 6, 12),
    DeadlineKind.OFFER_OF_PROOF: date(2026, 6, 12),
    DeadlineKind.HEARING_OPENS: date(2026, 6, 12),
    DeadlineKind.EARLIEST_CERTIFICATION: date(2026, 6, 12),
    DeadlineKind.EXCEPTIONS: date(2026, 11, 20),
    DeadlineKind.ANSWERING_BRIEF: date(2026, 11, 20),
    DeadlineKind.REVISED_TALLY_OBJECTIONS: date(2026, 12, 31),
    DeadlineKind.REQUEST_FOR_REVIEW: date(2026, 12, 17),
    DeadlineKind.RFR_OPPOSITION: date(2026, 12, 17),
    DeadlineKind.RECONSIDERATION: date(2026, 6, 18),
    DeadlineKind.NOTICE_POSTING: date(2026, 7, 7),
    DeadlineKind.ALJ_EXCEPTIONS: date(2026, 9, 1),
}


def one_case(calendar: BusinessCalendar) -> int:
    rule_set = rule_set_for(date(2025, 1, 7))
    office = office_for("10", "Birmingham")
    results = [compute_deadline(kind, on, rule_set=rule_set, calendar=calendar, office=office) for kind, on in TRIGGERS.items()]
    return len(results)


def main() -> None:
    calendar = BusinessCalendar()
    start = time.perf_counter()
    count = one_case(calendar)
    cold_ms = (time.perf_counter() - start) * 1000
    samples = []
    for _ in range(500):
        start = time.perf_counter()
        one_case(calendar)
        samples.append((time.perf_counter() - start) * 1000)
    print(f"deadline kinds per case: {count}")
    print(f"cold (builds holiday tables): {cold_ms:.2f} ms")
    print(f"warm per case: median {statistics.median(samples):.3f} ms, best {min(samples):.3f} ms, "
          f"p95 {sorted(samples)[int(len(samples) * 0.95)]:.3f} ms (target < 5 ms)")


if __name__ == "__main__":
    main()
