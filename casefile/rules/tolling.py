"""Closure windows that toll due dates (the 2025 shutdown), as data, and the one function that applies them.

When the Agency's offices close for a lapse in appropriations the Agency tolls due dates instead of
treating the closed days as non-business days: "for each day on which the Agency's offices were
closed for all or any portion of the day, one day is added to the time for filing or service of the
document. If the new due date falls on a weekend or holiday, the new due date will be moved to the
next business day" — its example: due October 7, 2025, shutdown of 43 days, revised due date
November 19, 2025. Due dates "cannot be tolled" for unfair labor practice charges, EAJA applications
and certain representation petitions (NLRB notice on reopening, 2025-11-13; rules.md R-B8, source S6).

How casefile reads it (each reading marked where it is casefile's, not the notice's):

* A due date is tolled when its period *ran on a closed day*: some closed day falls after the day
  the period runs from and on or before the original due date. A due date before the shutdown
  began is not tolled; one long after it is (the NLRB said so expressly of the 2013 shutdown: "a
  due date created prior to the shutdown ... is tolled during the shutdown even if the original due
  date did not fall within the period of the shutdown"; Littler, Oct 2013, quoting the notice) [C2].
* Days added: the closed days after the day the period runs from — all 43 for a period that began
  before October 1, 2025 (the notice's chart adds 43 to every pending due date); for a period that
  began while the offices were closed, only the closed days after its start [I].
* The original due date is computed as if the offices had been open (R-B8): the shutdown days are
  not closure days, which would count them twice.
* A responsive period (an answering brief, an opposition) runs from the *tolled* due date of the
  document it answers (R-B5: from the last day that document could be filed); it then runs after the
  offices reopened and is not tolled again [I].
* The notice's exclusions name documents casefile has no deadline for (charges, EAJA applications,
  petitions); of casefile's deadlines only the notice posting before an election is not tolled: it
  is counted back from the election day, and an election that fell in the shutdown was rescheduled,
  which gives a new posting date [I]. The Region's own target dates (hearing opens, earliest
  certification) are tolled like the filings, since the offices could not act while closed [I].
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from types import MappingProxyType

from casefile.errors import InvalidCalendar, ProcedureError
from casefile.rules.calendar import BusinessCalendar, SkippedDay, day_label
from casefile.vocab import DeadlineKind

__all__ = ["SHUTDOWN_2025", "TOLLING_WINDOWS", "ClosureWindow", "Tolled", "toll", "toll_for_shutdown"]


@dataclass(frozen=True)
class ClosureWindow:
    """A period during which the Agency's offices were closed and due dates were tolled.

    ``first_closed_on`` … ``last_closed_on``: the closed days, both inclusive (closed "for all or any
    portion of the day"); ``cause``: why (in words); ``announcement``: the notice that tolled the due
    dates (citation); ``not_tollable``: the documents the notice says cannot be tolled, in its words;
    ``not_tolled_kinds``: casefile's deadline kinds the tolling does not reach, each with why.
    """

    key: str
    first_closed_on: date
    last_closed_on: date
    cause: str
    announcement: str
    not_tollable: tuple[str, ...] = ()
    not_tolled_kinds: Mapping[DeadlineKind, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def closed_days(self) -> int:
        """Number of days closed for all or part of the day (43 for 2025-10-01 … 2025-11-12)."""
        return (self.last_closed_on - self.first_closed_on).days + 1

    def closed_days_after(self, day: date) -> int:
        """The closed days strictly after ``day`` (the whole window when ``day`` is before it, 0 after it)."""
        first = max(self.first_closed_on, day + timedelta(days=1))
        return max(0, (self.last_closed_on - first).days + 1)

    def ran_on_closed_day(self, runs_from: date, original_due_on: date) -> bool:
        """Whether a period running from ``runs_from`` to ``original_due_on`` (either order: a period counted
        back from an election runs the other way) had a closed day in it, ``runs_from`` itself not counted."""
        low, high = sorted((runs_from, original_due_on))
        if runs_from <= original_due_on:
            return low < self.last_closed_on and high >= self.first_closed_on
        return low <= self.last_closed_on and high > self.first_closed_on


SHUTDOWN_2025 = ClosureWindow(
    key="shutdown-2025",
    first_closed_on=date(2025, 10, 1),
    last_closed_on=date(2025, 11, 12),
    cause="a lapse in appropriations",
    announcement="NLRB notice on reopening 2025-11-13",
    not_tollable=("unfair labor practice charges", "applications for fees and expenses under the Equal Access to "
                  "Justice Act", "certain representation petitions"),
    not_tolled_kinds=MappingProxyType({
        DeadlineKind.NOTICE_POSTING: "counted back from the election day: an election that fell in the shutdown "
                                     "was rescheduled, which gives a new posting date",
    }),
)

#: Every closure window whose due dates casefile tolls, oldest first. Correctable data: pass your own
#: tuple to :func:`toll` (and to :func:`casefile.rules.deadlines.compute_deadline`'s ``tolling``).
TOLLING_WINDOWS: tuple[ClosureWindow, ...] = (SHUTDOWN_2025,)


@dataclass(frozen=True)
class Tolled:
    """A due date moved by tolling: the window, the original and revised dates, the days added, and
    how (``derivation`` lines; ``skipped``: days passed over when rolling to a business day)."""

    window: ClosureWindow
    original_due_on: date
    days_added: int
    due_on: date
    skipped: tuple[SkippedDay, ...]
    derivation: tuple[str, ...]


def toll(
    kind: DeadlineKind,
    runs_from: date,
    original_due_on: date,
    *,
    calendar: BusinessCalendar,
    windows: Sequence[ClosureWindow] = TOLLING_WINDOWS,
) -> tuple[Tolled | None, tuple[str, ...]]:
    """Toll the due date of a ``kind`` deadline whose period ran from ``runs_from`` to ``original_due_on``.

    Returns ``(tolled, notes)``: ``tolled`` is None when no window's closed days fell in the period
    (or the kind is not tolled); ``notes`` are derivation lines for a period that ran on closed days
    but is not tolled (why). For each window in turn (oldest first) whose closed days fell in the
    period: add one day per closed day after ``runs_from``, then roll a day that is not a business
    day of ``calendar`` (the receiving office's) forward. ``calendar`` must not list closure days
    inside the window (they would be counted twice).
    Raises InvalidCalendar when it does.
    Authority: NLRB notice on reopening (2025-11-13); 29 CFR 102.2(a); rules.md R-B8 (vector DL31).
    """
    due_on = original_due_on
    notes: list[str] = []
    result: Tolled | None = None
    for window in windows:
        if not window.ran_on_closed_day(runs_from, due_on):
            continue
        span = f"{window.first_closed_on.isoformat()} … {window.last_closed_on.isoformat()}"
        if kind in window.not_tolled_kinds:
            notes.append(f"the period ran while the Agency was closed {span} for {window.cause} but is not tolled: "
                         f"{window.not_tolled_kinds[kind]} ({window.announcement})")
            continue
        _refuse_doubled(window, calendar)
        added = window.closed_days_after(runs_from)
        shifted = due_on + timedelta(days=added)
        start = (f"{window.closed_days} days" if added == window.closed_days
                 else f"{added} of its {window.closed_days} days after {day_label(runs_from)}")
        lines = [
            f"the period ran while the Agency was closed {span} for {window.cause}: due dates tolled, one day added "
            f"for each day closed ({window.announcement})",
            f"original due date {day_label(due_on)}; closed {start}",
            f"{day_label(due_on)} + {added} days = {day_label(shifted)}",
        ]
        rolled, skipped = calendar.roll_forward(shifted)
        lines.extend(f"{day_label(s.on)} skipped ({s.reason})" for s in skipped)
        lines.append(f"revised due date {day_label(rolled)}")
        earlier = result.derivation if result is not None else ()
        result = Tolled(window=window, original_due_on=result.original_due_on if result else original_due_on,
                        days_added=(result.days_added if result else 0) + added, due_on=rolled,
                        skipped=(result.skipped if result else ()) + skipped, derivation=(*earlier, *lines))
        due_on = rolled
    return result, tuple(notes)


def _refuse_doubled(window: ClosureWindow, calendar: BusinessCalendar) -> None:
    doubled = [c for c in calendar.closures if window.first_closed_on <= c.on <= window.last_closed_on]
    if doubled:
        days = ", ".join(c.on.isoformat() for c in doubled)
        raise InvalidCalendar(
            f"calendar {calendar.calendar_id} lists closures inside the {window.key} window ({days}); "
            "tolling already adds the closed days, so they would be counted twice (the NLRB's notice on reopening, November 13, 2025)"
        )


def toll_for_shutdown(
    original_due_on: date,
    *,
    calendar: BusinessCalendar,
    shutdown: ClosureWindow = SHUTDOWN_2025,
) -> tuple[date, tuple[str, ...]]:
    """The revised due date of a document due ``original_due_on`` whose period began before the shutdown, and the derivation lines.

    ``original_due_on``: the due date computed as if the Agency had been open. Adds one day per
    closed day (43 for 2025-10-01 … 2025-11-12), then rolls a non-business day forward — the NLRB's
    chart of revised due dates. The shutdown days are not closure days: a calendar that lists closures
    inside the shutdown is refused (they would be counted twice). Whether a document is tolled at all
    (not ULP charges, EAJA applications, certain petitions) is for the caller; compute_deadline
    tolls through :func:`toll`, which this calls.
    Raises ProcedureError when ``original_due_on`` is before the shutdown began (nothing to toll);
    InvalidCalendar when the calendar lists closures inside the shutdown.
    Authority: NLRB shutdown notice (Nov 2025); 29 CFR 102.2(a); rules.md R-B8 (vector DL31).
    """
    if original_due_on < shutdown.first_closed_on:
        raise ProcedureError(
            f"due date {day_label(original_due_on)} is before the shutdown began on "
            f"{day_label(shutdown.first_closed_on)}: nothing to toll"
        )
    before = shutdown.first_closed_on - timedelta(days=1)
    tolled, _ = toll(DeadlineKind.OBJECTIONS, before, original_due_on, calendar=calendar, windows=(shutdown,))
    assert tolled is not None
    return tolled.due_on, tolled.derivation
