"""Full-day closures of the executive departments and agencies by Executive Order since 2001.

The days come from the ``holidays`` package (its US ``government`` category: the federal holidays
plus the days an Executive Order closed the agencies), never from a hand list of dates; this module
adds only what the package does not give as data — the order that closed each day — and leaves out
what is not a full-day closure:

* a **half-day closing** (Christmas Eve 2002, EO 13281; 2009, EO 13523; 2015, EO 13713): the offices
  were open the first half of the day, and an e-filed document is due by 11:59 p.m. (29 CFR
  102.2(b)), so the day stays a business day [I: casefile's reading of 102.1(i) "open normal
  business operating hours" for e-filing; a paper filing made after noon on such a day is the
  operator's to judge];
* the federal holidays themselves (5 U.S.C. 6103(a)), which the calendar takes from the package's
  public holidays.

Each closure is a day "Agency offices" were not open (29 CFR 102.1(i)), so it is not a business day
and a period whose last day falls on it runs to the next business day (102.2(a)); whether the NLRB,
an independent agency, closed with the executive departments is assumed from the orders' terms,
which close "all executive departments and agencies" (rules.md R-B7 and §9 item 4 ask that it be
confirmed). The citations are those the ``holidays`` package gives for each day (its
``UnitedStatesStaticHolidays`` references: the Federal Register documents of the orders).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from functools import lru_cache
from types import MappingProxyType

__all__ = ["CLOSURE_ORDERS", "FIRST_YEAR", "HALF_DAY_CLOSINGS", "executive_order_closures"]

#: The first year covered: casefile's oldest supported cases (pre-2015 rule) reach back this far.
FIRST_YEAR = 2001

#: The Executive Order that closed each day, as the Federal Register published it (date -> citation).
CLOSURE_ORDERS: Mapping[date, str] = MappingProxyType({
    date(2001, 12, 24): "Executive Order 13238, FR Doc. 01-30624, published Dec. 10, 2001",
    date(2003, 12, 26): "Executive Order 13320, FR Doc. 03-30913, published Dec. 12, 2003",
    date(2004, 6, 11): "Executive Order 13343, FR Doc. 04-13123, published June 8, 2004",
    date(2007, 1, 2): "Executive Order 13421, FR Doc. 06-9993, published Jan. 4, 2007",
    date(2007, 12, 24): "Executive Order 13453, FR Doc. 07-6022, published Dec. 11, 2007",
    date(2008, 12, 26): "Executive Order 13482, FR Doc. E8-30042, published Dec. 16, 2008",
    date(2012, 12, 24): "Executive Order 13633, FR Doc. 2012-31225, published Dec. 28, 2012",
    date(2014, 12, 26): "Executive Order 13682, FR Doc. 2014-29121, published Dec. 10, 2014",
    date(2018, 12, 5): "Executive Order 13852, FR Doc. 2018-26552, published Dec. 4, 2018",
    date(2018, 12, 24): "Executive Order 13854, FR Doc. 2018-27945, published Dec. 21, 2018",
    date(2019, 12, 24): "Executive Order 13900, FR Doc. 2019-27678, published Dec. 20, 2019",
    date(2020, 12, 24): "Executive Order 13965, FR Doc. 2020-27807, published Dec. 16, 2020",
    date(2024, 12, 24): "Executive Order 14129, FR Doc. 2024-31143, published Dec. 26, 2024",
    date(2025, 1, 9): "Executive Order 14133, FR Doc. 2024-31766, published Jan. 3, 2025",
    date(2025, 12, 24): "Executive Order 14371 of Dec. 18, 2025",
    date(2025, 12, 26): "Executive Order 14371 of Dec. 18, 2025",
})

#: Half-day closings: the package lists them; they are not full-day closures (module docstring).
HALF_DAY_CLOSINGS: Mapping[date, str] = MappingProxyType({
    date(2002, 12, 24): "Executive Order 13281, FR Doc. 02-32518, published Dec. 23, 2002",
    date(2009, 12, 24): "Executive Order 13523, FR Doc. E9-30020, published Dec. 16, 2009",
    date(2015, 12, 24): "Executive Order 13713, FR Doc. 2015-31749, published Dec. 16, 2015",
})


@lru_cache(maxsize=4)
def executive_order_closures(last_year: int) -> tuple[tuple[date, str, str], ...]:
    """The full-day Executive Order closures from :data:`FIRST_YEAR` through ``last_year``, in date
    order, as ``(day, name, citation)``: the days of the ``holidays`` package's US ``government``
    category that are neither federal holidays (observed) nor half-day closings, each with the order
    that closed it (:data:`CLOSURE_ORDERS`).

    Raises LookupError naming the day when the package lists a closure this module has no order
    for (a newer ``holidays`` release added one: add its citation here, never a date alone).
    Authority: 29 CFR 102.1(i), 102.2(a); the Executive Orders cited; rules.md R-B7.
    """
    import holidays  # with its lunar calendars: loaded when a calendar is first needed, not at import

    years = range(FIRST_YEAR, last_year + 1)
    public = holidays.US(observed=True, years=years)
    government = holidays.US(categories=("government",), observed=True, years=years)
    found: list[tuple[date, str, str]] = []
    for day, name in sorted(government.items()):
        if day in public or day in HALF_DAY_CLOSINGS or "half-day" in name:
            continue
        citation = CLOSURE_ORDERS.get(day)
        if citation is None:
            raise LookupError(f"holidays=={holidays.__version__} lists a closure on {day.isoformat()} ({name}) "
                              "with no Executive Order cited in casefile.rules.federal_closures.CLOSURE_ORDERS")
        found.append((day, name, citation))
    return tuple(found)
