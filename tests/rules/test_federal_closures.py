"""Every full-day Executive Order closure since 2001 (rules.md R-B7; 29 CFR 102.1(i), 102.2(a)): one
test per closure, from the rule text — a period whose last day falls on the closure runs to the
next business day (102.2(a): "unless it does not fall on a business day, in which event the period
runs until the next Agency business day"), and a filing received on that next business day is
timely (102.2(b)). Half-day closings are not full-day closures: the offices were open and e-filing
runs to 11:59 p.m."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import holidays
import pytest

from casefile.errors import UntimelyFiling
from casefile.rules.calendar import KNOWN_CLOSURES, BusinessCalendar
from casefile.rules.deadlines import check_timely, compute_deadline
from casefile.rules.federal_closures import CLOSURE_ORDERS, HALF_DAY_CLOSINGS, executive_order_closures
from casefile.rules.offices import office_for
from casefile.rules.rule_sets import rule_set_for
from casefile.vocab import DeadlineKind as K

ATLANTA = office_for("10")
WITH_EO = BusinessCalendar(KNOWN_CLOSURES)
HOLIDAYS_ONLY = BusinessCalendar(())

# (closure, Executive Order, petition filed on (selects the rule set), tally, next business day).
# Calendar-day eras (pre-2015, 2014 rule): objections are 7 days after the tally, so a tally 7 days
# before the closure ends the period on it. Business-day era: 5 business days, so the tally is set
# where the closure would have been day 5 (the closure is not counted: the period ends a business
# day later).
CLOSURES = [
    (date(2001, 12, 24), "13238", date(2001, 9, 1), date(2001, 12, 17), date(2001, 12, 26)),
    (date(2003, 12, 26), "13320", date(2003, 9, 1), date(2003, 12, 19), date(2003, 12, 29)),
    (date(2004, 6, 11), "13343", date(2004, 3, 1), date(2004, 6, 4), date(2004, 6, 14)),
    (date(2007, 1, 2), "13421", date(2006, 10, 1), date(2006, 12, 26), date(2007, 1, 3)),
    (date(2007, 12, 24), "13453", date(2007, 9, 1), date(2007, 12, 17), date(2007, 12, 26)),
    (date(2008, 12, 26), "13482", date(2008, 9, 1), date(2008, 12, 19), date(2008, 12, 29)),
    (date(2012, 12, 24), "13633", date(2012, 9, 1), date(2012, 12, 17), date(2012, 12, 26)),
    (date(2014, 12, 26), "13682", date(2014, 9, 1), date(2014, 12, 19), date(2014, 12, 29)),
    (date(2018, 12, 5), "13852", date(2018, 9, 1), date(2018, 11, 28), date(2018, 12, 6)),
    (date(2018, 12, 24), "13854", date(2018, 9, 1), date(2018, 12, 17), date(2018, 12, 26)),
    (date(2019, 12, 24), "13900", date(2019, 9, 1), date(2019, 12, 17), date(2019, 12, 26)),
    (date(2020, 12, 24), "13965", date(2020, 9, 1), date(2020, 12, 17), date(2020, 12, 28)),
    (date(2024, 12, 24), "14129", date(2024, 9, 1), date(2024, 12, 17), date(2024, 12, 26)),
    (date(2025, 1, 9), "14133", date(2024, 9, 1), date(2025, 1, 2), date(2025, 1, 10)),
    (date(2025, 12, 24), "14371", date(2025, 9, 1), date(2025, 12, 17), date(2025, 12, 29)),
    # Counted in business days, neither Dec 24 nor Dec 26 is counted: day 4 is Mon Dec 29, day 5 Tue Dec 30.
    (date(2025, 12, 26), "14371", date(2025, 9, 1), date(2025, 12, 18), date(2025, 12, 30)),
]


def test_one_test_row_per_closure_of_the_package() -> None:
    """The rows below cover every closure the holidays package lists (a new one fails here)."""
    assert [row[0] for row in CLOSURES] == [c.on for c in KNOWN_CLOSURES]
    assert {on for on, _, _ in executive_order_closures(2035)} == set(CLOSURE_ORDERS)


@pytest.mark.parametrize(("closed_on", "order", "filed_on", "tally_on", "next_day"), CLOSURES,
                         ids=[row[0].isoformat() for row in CLOSURES])
def test_objections_due_on_a_closure_run_to_the_next_business_day(closed_on: date, order: str, filed_on: date,
                                                                  tally_on: date, next_day: date) -> None:
    """29 CFR 102.2(a): the period would end on the closure; the Agency's offices were closed by the
    Executive Order, so it runs to the next business day, and a filing then is timely (102.2(b))."""
    rule_set = rule_set_for(filed_on)
    without = compute_deadline(K.OBJECTIONS, tally_on, rule_set=rule_set, calendar=HOLIDAYS_ONLY, office=ATLANTA)
    assert without.due_on == closed_on  # the closure is the last day of the period, counted without it
    with_eo = compute_deadline(K.OBJECTIONS, tally_on, rule_set=rule_set, calendar=WITH_EO, office=ATLANTA)
    assert with_eo.due_on == next_day
    reasons = [s.reason for s in with_eo.skipped if s.on == closed_on]
    assert reasons and f"Executive Order {order}" in reasons[0]
    zone = ZoneInfo(ATLANTA.tz)
    check_timely(datetime.combine(next_day, time(15, 0), tzinfo=zone), with_eo, what="objections")
    with pytest.raises(UntimelyFiling):
        check_timely(datetime.combine(next_day + timedelta(days=1), time(0, 5), tzinfo=zone), with_eo,
                     what="objections")


@pytest.mark.parametrize("half_day", sorted(HALF_DAY_CLOSINGS))
def test_half_day_closings_are_business_days(half_day: date) -> None:
    """A half-day closing (EO 13281, 13523, 13713) is listed by the package but the offices opened:
    e-filing runs to 11:59 p.m. (102.2(b)), so it stays a business day."""
    assert half_day in holidays.US(categories=("government",), years=half_day.year)
    assert WITH_EO.is_business_day(half_day)


def test_dec_24_2012_in_the_calculation_shown() -> None:
    """The derivation names the order: a 2014-era count over Monday 2012-12-24 says why it was skipped."""
    computed = compute_deadline(K.OBJECTIONS, date(2012, 12, 17), rule_set=rule_set_for(date(2012, 9, 1)),
                                calendar=WITH_EO, office=ATLANTA)
    assert "Mon 2012-12-24 skipped (Executive order closure: Christmas Eve 2012 (Executive Order 13633, " \
           "FR Doc. 2012-31225, published Dec. 28, 2012))" in computed.derivation
    assert "Tue 2012-12-25 skipped (Christmas Day)" in computed.derivation


def test_rules_md_r_b7_lists_the_closures_the_code_applies() -> None:
    """docs/rules.md R-B7's table names each closure casefile applies, on its weekday, with the order and Federal
    Register document the package cites — no more, no fewer (it once listed only 2020-2025)."""
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text[text.index("**R-B7 "):text.index("**R-B8 ")]
    rows = re.findall(r"^\| (\w{3}) (\d{4}-\d{2}-\d{2}) \| [^|]+ \| EO (\d+)(.*?) \|$", section, flags=re.M)
    assert [(date.fromisoformat(day), weekday, f"Executive Order {order}{rest}") for weekday, day, order, rest in rows] \
        == [(on, on.strftime("%a"), citation) for on, _, citation in executive_order_closures(2035)]
    assert rows[0][:3] == ("Mon", "2001-12-24", "13238") and rows[-1][:3] == ("Fri", "2025-12-26", "14371")
    assert all(f"({order})" in section for order in ("EO 13281", "EO 13523", "EO 13713"))  # the half days, named
