"""Business days: Monday–Friday except Federal holidays (observed) and Agency closure days.

Federal holidays come from the ``holidays`` library (US, observed days: a Saturday holiday is
observed the Friday before, a Sunday holiday the Monday after; 5 U.S.C. 6103). Closures ordered by
executive order are not holidays but the Agency is not open on them, so they are not business days
either; they are data (:data:`KNOWN_CLOSURES`) that an operator can add to or remove from, and every
calendar carries a :attr:`BusinessCalendar.calendar_id` naming the holiday table and the closure list
it used, so a stored due date can say which calendar produced it.

**Per office.** Each office that receives filings has its own calendar (:meth:`BusinessCalendar.for_office`),
and a deadline is counted on the calendar of the office that receives the filing (29 CFR 102.1(i):
a business day is a day the Agency's offices are open). Two things differ between offices:

* Inauguration Day (January 20 of each fourth year after 1965; the next day when the 20th is a
  Sunday) is a holiday for employees in the Washington, DC area only (5 U.S.C. 6103(c)): it closes the
  Board's Office of the Executive Secretary (requests for review, oppositions) and Region 5's
  Washington office, not the Regional Offices elsewhere. Next on a weekday: Thursday 2033-01-20.
  (rules.md R-B6 calls this "a configurable closure for DC-based filings" [U]; the statute makes it a
  holiday by place of work, so it is built in for those offices.)
* A closure may name the offices it closes (a weather or emergency closure of one Regional Office,
  ``2027-01-15@birmingham=weather``); one that names none closes every office (an executive order).

The 2025 shutdown is *not* a list of closure days: tolling adds the closed days to the original due
date instead (:mod:`casefile.rules.tolling`, rules.md R-B8), which would count them twice if they
were closures too.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import cached_property, lru_cache
from types import MappingProxyType

from casefile.errors import CasefileError, InvalidCalendar
from casefile.rules.federal_closures import executive_order_closures
from casefile.rules.offices import DEFAULT_TABLE, Office, OfficeTable, in_washington_area

_WEEKEND = {5: "Saturday", 6: "Sunday"}
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")  # not %a: locale-independent


@dataclass(frozen=True)
class Closure:
    """A day the Agency's offices were closed by executive order (or other order), with the reason.

    ``offices``: keys of the offices it closed (``("10-birmingham",)`` for a weather closure of one
    Regional Office, ``("board",)`` for the Board's office); empty = every office (an executive order).
    """

    on: date
    reason: str
    offices: tuple[str, ...] = ()

    def closes(self, office_key: str | None) -> bool:
        """Whether this closure closes the office ``office_key`` (None: the calendar common to all offices)."""
        return not self.offices or (office_key is not None and office_key in self.offices)


@dataclass(frozen=True)
class SkippedDay:
    """A day passed over while counting or rolling a period, with why it is not a business day."""

    on: date
    reason: str


@lru_cache(maxsize=1)
def known_closures() -> tuple[Closure, ...]:
    """Every full-day closure of the agencies by Executive Order since 2001 (rules.md R-B7), from the
    ``holidays`` package's US government category with each order cited
    (:mod:`casefile.rules.federal_closures`); half-day closings are not in it. Whether the NLRB closed on
    each is assumed from the orders' terms (rules.md §9 item 4); operators add/remove days through the
    calendar's ``closures``. Read from the package on first use (a command that counts no business day
    never loads it), then kept. Also :data:`KNOWN_CLOSURES`."""
    return tuple(
        Closure(on, f"{name}{' ' + str(on.year) if name in ('Christmas Eve', 'Day After Christmas') else ''} ({citation})")
        for on, name, citation in executive_order_closures(2035)
    )


def __getattr__(name: str) -> tuple[Closure, ...]:
    if name == "KNOWN_CLOSURES":  # known_closures(), computed on first use rather than when the module is imported
        return known_closures()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

def holidays_version() -> str:
    """The version of the ``holidays`` library the Federal holidays come from (it names every
    calendar). Loads the library, and its lunar calendars with it, only when a calendar needs it."""
    import holidays

    return str(holidays.__version__)


def day_label(day: date) -> str:
    """``"Fri 2026-06-19"``: weekday abbreviation and ISO date, as used in derivations.

    Authority: none (display only).
    """
    return f"{_WEEKDAYS[day.weekday()]} {day.isoformat()}"


_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")  # not %B: locale-independent


def clock_label(instant: datetime) -> str:
    """The time of day of an aware instant as the Agency writes it: ``"11:59 p.m. EDT"``, ``"12:01 a.m. CST"``;
    always minutes, never seconds (a cut-off at 23:59:59 reads "11:59 p.m."). The zone is the abbreviation
    of the instant's own zone (convert to the receiving office's zone first); a fixed offset without a
    name prints as "UTC-04:00". The one clock: the rules' messages, the documents, the web's countdowns and the
    command line all print a time of day with it. Raises TypeError for a naive datetime.

    Authority: none (display only).
    """
    if instant.tzinfo is None:
        raise TypeError(f"clock_label expects an aware datetime, got naive {instant!r}")
    text = time_of_day(instant.time())
    zone = instant.tzname() or ""
    if not zone or zone.startswith("UTC") or zone[0] in "+-":
        offset = instant.strftime("%z")
        zone = "UTC" if offset in ("+0000", "") else f"UTC{offset[:3]}:{offset[3:]}"
    return f"{text} {zone}"


def long_date(day: date) -> str:
    """``date(2022, 3, 3)`` → ``"March 3, 2022"``: a date as the Agency's documents write it, the one long date
    of the rules' messages, the documents, the web and the command line, in English whatever the locale (never
    ``%B``). Never a datetime (convert to the office's date first): raises TypeError. Authority: none (display
    only)."""
    if isinstance(day, datetime) or not isinstance(day, date):
        raise TypeError(f"long_date expects a date, got {day!r}")
    return f"{_MONTHS[day.month - 1]} {day.day}, {day.year}"


#: The months as a short date writes them ("Jul 3, 2026"); the web's countdowns and charts use the same.
SHORT_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")  # not strftime's


def short_date(day: date) -> str:
    """``date(2026, 7, 3)`` → ``"Jul 3, 2026"``: the one short date, for a table's date column that must stay
    narrow (the command line at 80 columns), in English whatever the locale (never strftime's abbreviated month). Never a datetime
    (convert to the office's date first): raises TypeError. Authority: none (display only)."""
    if isinstance(day, datetime) or not isinstance(day, date):
        raise TypeError(f"short_date expects a date, got {day!r}")
    return f"{SHORT_MONTHS[day.month - 1]} {day.day}, {day.year}"


_WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")  # not %A


def weekday_date(day: date) -> str:
    """``date(2021, 5, 4)`` → ``"Tuesday, May 4, 2021"``: the long date with its weekday, as a refusal or a
    reminder names a last day, in English whatever the locale. Raises TypeError for a datetime (long_date).
    Authority: none (display only)."""
    return f"{_WEEKDAY_NAMES[day.weekday()]}, {long_date(day)}"


def time_of_day(moment: time) -> str:
    """``time(9, 30)`` → ``"9:30 a.m."``, ``time(23, 59, 59)`` → ``"11:59 p.m."``: clock_label's time of day, for a time
    the record holds without its zone (a hearing's opening); never strftime's locale-dependent AM and PM.
    Authority: none (display only)."""
    hour = moment.hour % 12 or 12
    return f"{hour}:{moment.minute:02d} {'a.m.' if moment.hour < 12 else 'p.m.'}"


def month_day(day: date) -> str:
    """``date(2021, 3, 29)`` → ``"March 29"``: long_date without its year (the first day of a span within one year).
    Authority: none (display only)."""
    return f"{_MONTHS[day.month - 1]} {day.day}"


def instant_label(instant: datetime) -> str:
    """``"11:59 p.m. EDT on April 7, 2022"``: an aware instant's time of day (clock_label) and its date (long_date),
    for a message that does not state the day beside it. Raises TypeError for a naive datetime.
    Authority: none (display only)."""
    return f"{clock_label(instant)} on {long_date(instant.date())}"


@lru_cache(maxsize=256)
def federal_holidays(year: int) -> Mapping[date, str]:
    """The observed Federal holidays that fall in ``year`` (date -> name), including the weekend days themselves.

    Loads ``year`` and ``year + 1`` so that a next-year holiday observed in ``year`` (New Year's Day
    2028, a Saturday, observed Friday 2027-12-31) is present. Results are cached per year.
    Authority: 5 U.S.C. 6103(a), (b); 29 CFR 102.1(i); rules.md R-B6.
    """
    import holidays

    table = holidays.US(observed=True, years=(year, year + 1))
    return MappingProxyType({d: name for d, name in sorted(table.items()) if d.year == year})


def parse_closure(text: str, *, offices: OfficeTable = DEFAULT_TABLE) -> Closure:
    """Parse an operator's closure day: ``DATE[@OFFICE][=REASON]``.

    ``"2026-12-24"`` or ``"2026-12-24=Christmas Eve (EO ...)"`` close every office;
    ``"2027-01-15@birmingham=weather"`` closes one office, named by key or city as
    :meth:`OfficeTable.office_named` takes it (``board`` is the Board's Office of the Executive
    Secretary). Raises InvalidCalendar when the date part is not an ISO date (YYYY-MM-DD), the
    office is unknown or ambiguous, or the reason after ``=`` is empty.
    Authority: rules.md R-B7 (configurable closure list); 29 CFR 102.1(i) (a day the office is open).
    """
    raw = text.strip()
    head, sep, reason = raw.partition("=")
    day_text, at, office_text = head.partition("@")
    day_text = day_text.strip()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", day_text):
        raise InvalidCalendar(f"closure {text!r}: expected YYYY-MM-DD, YYYY-MM-DD=reason or YYYY-MM-DD@office=reason")
    try:
        on = date.fromisoformat(day_text)
    except ValueError as exc:
        raise InvalidCalendar(f"closure {text!r}: {day_text} is not a calendar date ({exc})") from None
    reason = reason.strip()
    if sep and not reason:
        raise InvalidCalendar(f"closure {text!r}: the reason after '=' is empty")
    keys: tuple[str, ...] = ()
    if at:
        if not office_text.strip():
            raise InvalidCalendar(f"closure {text!r}: no office after '@' (e.g. @birmingham, @10-birmingham, @board)")
        try:
            keys = (offices.office_named(office_text.strip()).key,)
        except CasefileError as exc:
            raise InvalidCalendar(f"closure {text!r}: {exc}") from None
    return Closure(on, reason or "closure listed by the operator", keys)


def inauguration_day(year: int) -> date | None:
    """The Inauguration Day holiday of ``year`` for the Washington, DC area, or None in other years.

    January 20 of each fourth year after 1965 (1969, ..., 2029, 2033); when January 20 is a Sunday,
    the next day (the day "selected for the public observance"). A Saturday January 20 is not moved
    (the statute moves only a Sunday; no in-lieu day is given [U: OPM practice]).
    Authority: 5 U.S.C. 6103(c); rules.md R-B6.
    """
    if year <= 1965 or (year - 1965) % 4:
        return None
    day = date(year, 1, 20)
    return day + timedelta(days=1) if day.weekday() == 6 else day


INAUGURATION_REASON = "Inauguration Day (5 U.S.C. 6103(c): a holiday in the Washington, DC area only)"


class BusinessCalendar:
    """Which days are business days for one office: weekdays that are neither Federal holidays nor closure days.

    ``closures``: closure days (default: :func:`known_closures`), each closing every office or the
    offices it names; a day listed twice for the same offices keeps the first reason. ``name``
    prefixes :attr:`calendar_id`. ``office``: the office whose calendar this is (its own closures
    apply, and Inauguration Day when it is in the Washington, DC area); None — the calendar common to
    every office (only closures that close every office). Use :meth:`for_office` to get an office's
    calendar from the common one. Holiday lookups are cached per year.
    Authority: 29 CFR 102.1(i), 102.2(a); 5 U.S.C. 6103(a)-(c); rules.md R-B1, R-B6, R-B7.
    """

    def __init__(self, closures: Iterable[Closure] | None = None, *, name: str = "us-federal",
                 office: Office | None = None) -> None:
        every: dict[tuple[date, tuple[str, ...]], Closure] = {}
        for closure in known_closures() if closures is None else closures:
            every.setdefault((closure.on, tuple(sorted(closure.offices))), closure)
        self.all_closures: tuple[Closure, ...] = tuple(c for _, c in sorted(every.items()))
        self.name = name
        self.office = office
        key = office.key if office is not None else None
        applying: dict[date, Closure] = {}
        for closure in self.all_closures:
            if closure.closes(key):
                applying.setdefault(closure.on, closure)
        self._closures = dict(sorted(applying.items()))
        self.closures: tuple[Closure, ...] = tuple(self._closures.values())
        self.inauguration = office is not None and in_washington_area(office)
        own = [c for c in self.closures if c.offices]
        if self.closures:
            text = "\n".join(f"{c.on.isoformat()}{'@' + ','.join(c.offices) if c.offices else ''}={c.reason}" for c in self.closures)
            digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]
            suffix = f"closures:{len(self.closures)}@sha1:{digest}"
        else:
            suffix = "closures:none"
        self._label = f"{name}@{key}" if (own or self.inauguration) else name
        self._suffix = suffix
        self._offices: dict[str, BusinessCalendar] = {}

    @cached_property
    def calendar_id(self) -> str:
        """Names the holiday table (with the ``holidays`` version) and the closure list this calendar uses,
        e.g. ``us-federal(holidays==0.108)+closures:5@sha1:…``."""
        extra = "+inauguration-day" if self.inauguration else ""
        return f"{self._label}(holidays=={holidays_version()}){extra}+{self._suffix}"

    def __repr__(self) -> str:
        return f"BusinessCalendar({self.calendar_id!r})"

    def for_office(self, office: Office) -> BusinessCalendar:
        """The calendar of ``office``: the same closure list, with the closures of that office and, for
        the Washington, DC area (the Board's office), Inauguration Day. Cached per office.

        An office with no closures of its own outside the Washington area gets a calendar whose
        :attr:`calendar_id` is the common one (nothing differs).
        Authority: 29 CFR 102.1(i), 102.2(b) (the receiving office); 5 U.S.C. 6103(c); rules.md R-B6, R-B7, R-B9.
        """
        if self.office is not None and self.office.key == office.key:
            return self
        found = self._offices.get(office.key)
        if found is None:
            found = BusinessCalendar(self.all_closures, name=self.name, office=office)
            self._offices[office.key] = found
        return found

    def holiday_name(self, day: date) -> str | None:
        """The Federal holiday observed on ``day`` (e.g. ``"Juneteenth National Independence Day (observed)"``), else None.

        On the calendar of a Washington, DC area office, Inauguration Day too (5 U.S.C. 6103(c)).
        Authority: 5 U.S.C. 6103; rules.md R-B6.
        """
        name = federal_holidays(day.year).get(day)
        if name is None and self.inauguration and day == inauguration_day(day.year):
            return INAUGURATION_REASON
        return name

    def closed_reason(self, day: date) -> str | None:
        """Why ``day`` is not a business day (``"Saturday"``, a holiday name, ``"Executive order closure: ..."``), or None.

        A weekend day is reported as the weekend day even when a holiday falls on it (the holiday is
        then observed on a weekday, which is reported under the holiday's name). A closure of this
        office only reads ``"Closure of <office>: <reason>"``.
        Authority: 29 CFR 102.1(i); rules.md R-B1, R-B6, R-B7.
        """
        weekend = _WEEKEND.get(day.weekday())
        if weekend is not None:
            return weekend
        holiday = self.holiday_name(day)
        if holiday is not None:
            return holiday
        closure = self._closures.get(day)
        if closure is not None:
            if closure.offices and self.office is not None:
                return f"Closure of {self.office.name}: {closure.reason}"
            return f"Executive order closure: {closure.reason}"
        return None

    def is_business_day(self, day: date) -> bool:
        """True when the Agency is open on ``day`` (a weekday, not a holiday, not a closure). Authority: 29 CFR 102.1(i); R-B1."""
        return self.closed_reason(day) is None

    def add_business_days(self, start: date, n: int) -> tuple[date, tuple[SkippedDay, ...]]:
        """The ``n``-th business day after ``start`` (``start`` itself is not counted), and the weekdays skipped.

        ``n`` >= 0 (0 returns ``start``). The skipped days are the holidays and closures passed over
        while counting; Saturdays and Sundays are never counted and are not listed.
        Raises InvalidCalendar for a negative ``n``.
        Authority: 29 CFR 102.2(a); rules.md R-B2, R-B3.
        """
        if n < 0:
            raise InvalidCalendar(f"cannot count {n} business days after {start}; use business_days_before")
        day = start
        counted = 0
        skipped: list[SkippedDay] = []
        while counted < n:
            day += timedelta(days=1)
            reason = self.closed_reason(day)
            if reason is None:
                counted += 1
            elif day.weekday() < 5:
                skipped.append(SkippedDay(day, reason))
        return day, tuple(skipped)

    def business_days_before(self, end: date, n: int) -> tuple[date, tuple[SkippedDay, ...]]:
        """The ``n``-th business day before ``end`` (``end`` not counted), and the weekdays skipped on the way back.

        Used for "at least 3 full working days prior to 12:01 a.m. of the day of the election".
        Raises InvalidCalendar for a negative ``n``.
        Authority: 29 CFR 102.67(k); rules.md R-O5.
        """
        if n < 0:
            raise InvalidCalendar(f"cannot count {n} business days before {end}")
        day = end
        counted = 0
        skipped: list[SkippedDay] = []
        while counted < n:
            day -= timedelta(days=1)
            reason = self.closed_reason(day)
            if reason is None:
                counted += 1
            elif day.weekday() < 5:
                skipped.append(SkippedDay(day, reason))
        return day, tuple(skipped)

    def roll_forward(self, day: date) -> tuple[date, tuple[SkippedDay, ...]]:
        """``day`` if it is a business day, else the next business day; with every day passed over (weekends included).

        Authority: 29 CFR 102.2(a) ("the period shall run until the next Agency business day"); rules.md R-B2, R-B4.
        """
        skipped: list[SkippedDay] = []
        while (reason := self.closed_reason(day)) is not None:
            skipped.append(SkippedDay(day, reason))
            day += timedelta(days=1)
        return day, tuple(skipped)

    def next_business_day(self, day: date) -> date:
        """The first business day strictly after ``day``.

        Authority: 29 CFR 102.1(i), 102.2(a); rules.md R-B1, R-H2.
        """
        return self.roll_forward(day + timedelta(days=1))[0]
