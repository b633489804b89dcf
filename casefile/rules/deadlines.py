"""Due dates and cut-off instants of the post-election procedure, with their derivation and citation.

A deadline is computed from the act that starts its chain (the tally, the hearing officer's report,
the certification, ...), a rule set (:mod:`casefile.rules.rule_sets`), a business calendar
(:mod:`casefile.rules.calendar`), the receiving office (:mod:`casefile.rules.offices`) and the closure
windows that toll due dates (:mod:`casefile.rules.tolling`). The days are counted on the calendar of
the office that receives the filing (:func:`office_calendar`), so a Washington, DC closure such as
Inauguration Day moves a request for review and not the Region's periods. The result records every
step a person would check: the days counted, the days skipped and why, the tolling, the due date,
and the cut-off instant (11:59:59 p.m. in the receiving office's zone).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from casefile.errors import InvalidCalendar, UnknownRegion, UntimelyFiling
from casefile.rules.calendar import BusinessCalendar, SkippedDay, clock_label, day_label
from casefile.rules.deadline_names import DEADLINE_NAMES
from casefile.rules.offices import BOARD_OFFICE, Office
from casefile.rules.rule_sets import Period, RuleSet
from casefile.rules.tolling import SHUTDOWN_2025, TOLLING_WINDOWS, ClosureWindow, toll, toll_for_shutdown
from casefile.vocab import DeadlineKind, DeadlineStatus, FilingKind, FilingMethod, zone_words

#: The closure window of the 2025 shutdown; the name kept for callers of the earlier module layout.
ShutdownWindow = ClosureWindow

__all__ = [
    "NOUNS",
    "SHUTDOWN_2025",
    "DeadlineComputation",
    "ShutdownWindow",
    "SkippedDay",
    "check_timely",
    "compute_deadline",
    "contingent_on",
    "met_status",
    "office_calendar",
    "toll_for_shutdown",
]

K = DeadlineKind

# What starts each chain (the trigger_on the caller passes), as written in the derivation.
_TRIGGER = {
    K.OBJECTIONS: "tally prepared",
    K.OFFER_OF_PROOF: "tally prepared",
    K.HEARING_OPENS: "tally prepared",
    K.EARLIEST_CERTIFICATION: "tally prepared",
    K.EXCEPTIONS: "hearing officer's report issued",
    K.ANSWERING_BRIEF: "hearing officer's report issued",
    K.REVISED_TALLY_OBJECTIONS: "revised tally made available",
    K.REQUEST_FOR_REVIEW: "final disposition (certification or dismissal) issued",
    K.RFR_OPPOSITION: "final disposition (certification or dismissal) issued",
    K.RECONSIDERATION: "decision served",
    K.NOTICE_POSTING: "election on",
    K.ALJ_EXCEPTIONS: "order transferring the case to the Board served",
    K.POST_HEARING_BRIEF: "hearing closed",
}

#: Periods that run only once a party's filing is on record: a statement in opposition answers a request for review,
#: so no one owes one, and no period runs, until a request is filed — though its last day is counted from the last
#: day for the request (29 CFR 102.67(f); rules.md R-N6).
_CONTINGENT_ON: dict[K, FilingKind] = {K.RFR_OPPOSITION: FilingKind.REQUEST_FOR_REVIEW}


def contingent_on(kind: DeadlineKind) -> FilingKind | None:
    """The filing whose receipt a period of ``kind`` runs only after: ``request-for-review`` for the opposition to a
    request for review (29 CFR 102.67(f): "any party may file ... a statement in opposition" to the request filed);
    None for a period that runs from the act that starts it whoever files. A contingent period is kept (and listed)
    only once its filing is on record. Authority: 29 CFR 102.67(f); rules.md R-N6."""
    return _CONTINGENT_ON.get(kind)


#: Periods that run from an act no act of casefile records: exceptions to an Administrative Law Judge's decision run
#: from service of the order transferring the case to the Board (29 CFR 102.46(a), 102.69(c)(2)), which the Board
#: issues after the decision. The date kept for them assumes the order was served the day the decision issued, so
#: a document states the period, never that date as the order's.
TRIGGER_NOT_RECORDED = frozenset({K.ALJ_EXCEPTIONS})

#: What is due, in the field's words: a column of the one table of deadline names (casefile.rules.deadline_names).
NOUNS: dict[DeadlineKind, str] = {kind: name.noun for kind, name in DEADLINE_NAMES.items()}

_END_OF_DAY = time(23, 59, 59)
_POSTING_TIME = time(0, 1)  # "12:01 a.m. of the day" (102.67(k))


@dataclass(frozen=True)
class DeadlineComputation:
    """One computed deadline and how it was reached.

    ``trigger_on``: the act that starts the chain; ``due_on``: the last day (for notice posting, the
    day by whose 12:01 a.m. the notice must be up; for earliest certification, the first day it may
    issue); ``cutoff_at``: aware instant in the receiving office's zone (23:59:59 on ``due_on``;
    00:01 for notice posting); ``preceding``: for responsive periods, the deadline this one runs from.
    """

    kind: DeadlineKind
    trigger_on: date
    due_on: date
    cutoff_at: datetime
    citation: str
    rule_set_id: str
    office_key: str
    calendar_id: str
    skipped: tuple[SkippedDay, ...]
    derivation: tuple[str, ...]
    preceding: DeadlineComputation | None = None
    tolled_from_on: date | None = None
    tolled_by: str | None = None
    days_tolled: int = 0
    rules: tuple[str, ...] = ()  # casefile's own entries for the period (rules.md), apart from the citation

    @property
    def office_tz(self) -> str:
        """IANA name of the receiving office's zone (the zone of ``cutoff_at``)."""
        return str(self.cutoff_at.tzinfo)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form: dates ISO, ``cutoff_at`` ISO with its UTC offset, ``preceding`` nested or None."""
        return {
            "kind": self.kind.value,
            "trigger_on": self.trigger_on.isoformat(),
            "due_on": self.due_on.isoformat(),
            "cutoff_at": self.cutoff_at.isoformat(),
            "citation": self.citation,
            "rule_set": self.rule_set_id,
            "office": self.office_key,
            "office_tz": self.office_tz,
            "calendar": self.calendar_id,
            "skipped": [{"on": s.on.isoformat(), "reason": s.reason} for s in self.skipped],
            "derivation": list(self.derivation),
            "preceding": self.preceding.to_dict() if self.preceding is not None else None,
            "tolled": None if self.tolled_from_on is None else {
                "window": self.tolled_by, "original_due_on": self.tolled_from_on.isoformat(),
                "days_added": self.days_tolled},
        }


def compute_deadline(
    kind: DeadlineKind,
    trigger_on: date,
    *,
    rule_set: RuleSet,
    calendar: BusinessCalendar,
    office: Office,
    tolling: Sequence[ClosureWindow] = TOLLING_WINDOWS,
    preceding_fixed: tuple[date, str] | None = None,
) -> DeadlineComputation:
    """Compute the deadline of ``kind`` from the act ``trigger_on`` (a date) that starts its chain.

    ``trigger_on`` is the tally (objections, offer of proof, hearing opens, earliest certification),
    the hearing officer's report (exceptions *and* answering brief), the final disposition (request
    for review *and* opposition), the revised tally, the decision served (reconsideration), the
    election date (notice posting: 3 full working days before 12:01 a.m. of election day) or the
    transfer order (ALJ exceptions). Responsive periods run from the *due date* of the document they
    answer, which is computed too and returned as ``preceding`` (R-B5). Business-day periods count
    business days only; calendar-day periods add calendar days and roll forward (R-B3, R-B4).
    ``office`` is the case's receiving office; filings the rule set sends to the Board (request for
    review, opposition) are received by :data:`BOARD_OFFICE` whatever office is passed (R-B9).
    ``calendar``: the closure list (an office's calendar or the common one); the days are counted on
    the receiving office's calendar (:func:`office_calendar`). ``tolling``: the closure windows whose
    closed days toll a period that ran on them (default: the 2025 shutdown; :func:`casefile.rules.tolling.toll`).
    ``preceding_fixed``: for a responsive period, ``(due_on, order)`` when an order fixed or extended
    the date of the document it answers: the period then runs from that date, "the last date on which
    exceptions ... may be filed" (102.69(c)(1)(iii)), "the last day on which the request for review
    must be filed" (102.67(f)), "the date the preceding document was required to be received" (102.2(a))
    — the last day of any extension granted (102.2(b)) — and ``preceding`` is None (the order's date
    is not computed); ignored for a period that runs from its trigger.
    Raises InvalidCalendar when ``rule_set`` has no period for ``kind``, or the calendar lists
    closures inside a tolling window the period ran on.
    Authority: 29 CFR 102.1(i), 102.2(a)-(b), 102.67, 102.69; 5 U.S.C. 6103(c); NLRB notice on
    reopening (2025-11-13); rules.md R-B1–R-B9, R-G3, R-G9, R-H2, R-I3, R-K1, R-K2, R-K6, R-N2, R-N6, R-O5.
    """
    kind = DeadlineKind(kind)
    period = rule_set.period(kind)
    if period.receiving == "region" and office.region is None:
        raise UnknownRegion(
            f"{NOUNS[kind]} are received by the Regional Office, not by {office.name}; give the case's Region or office (29 CFR 102.2(b))"
        )
    receiving = BOARD_OFFICE if period.receiving == "board" else office
    calendar = office_calendar(calendar, receiving)
    lines: list[str] = [f"{_TRIGGER[kind]} {day_label(trigger_on)}"]
    preceding: DeadlineComputation | None = None
    start = trigger_on
    if period.runs_from is not None and preceding_fixed is not None:
        start, order = preceding_fixed
        earlier = NOUNS[period.runs_from]
        lines.append(f"{earlier} due {day_label(start)}: the date fixed by order ({order}), the last day on which "
                     f"the {earlier} may be filed (102.2(a), (b))")
        lines.append(f"runs from the last day the {earlier} could be filed, extended, not from the day filed nor "
                     "the date first computed (29 CFR 102.2(a))")
    elif period.runs_from is not None:
        preceding = compute_deadline(period.runs_from, trigger_on, rule_set=rule_set, calendar=calendar, office=office,
                                     tolling=tolling)
        start = preceding.due_on
        earlier = NOUNS[period.runs_from]
        lines.append(f"{earlier} due {day_label(start)} (see preceding)")
        if kind is K.EARLIEST_CERTIFICATION:
            lines.append("certification may issue forthwith after the objection period if no objections were filed, "
                         "challenges are not determinative and no runoff is required (29 CFR 102.69(b))")
        else:
            lines.append(f"runs from the last day the {earlier} could be filed, not from the day filed (29 CFR 102.2(a))")

    if period.direction == "before":
        due_on, skipped, steps = _count_before(calendar, start, period)
    elif period.unit == "business":
        due_on, skipped, steps = _count_business(calendar, start, period)
    else:
        due_on, skipped, steps = _count_calendar(calendar, start, period)
    lines.extend(steps)
    tolled, notes = toll(kind, start, due_on, calendar=calendar, windows=tolling)
    lines.extend(notes)
    counted_on = due_on
    if tolled is not None:
        lines.extend(tolled.derivation)
        due_on, skipped = tolled.due_on, skipped + tolled.skipped

    zone = ZoneInfo(receiving.tz)
    if kind is K.NOTICE_POSTING:
        cutoff_at = datetime.combine(due_on, _POSTING_TIME, tzinfo=zone)
        lines.append(f"notice of election posted by 12:01 a.m. of {day_label(due_on)}")
        lines.append(f"cut-off {clock_label(cutoff_at)} ({cutoff_at.isoformat()})")
    else:
        cutoff_at = datetime.combine(due_on, _END_OF_DAY, tzinfo=zone)
        if kind in (K.EARLIEST_CERTIFICATION, K.HEARING_OPENS):
            lines.append(f"Regional Office {receiving.name} ({zone_words(receiving.tz)})")
        elif receiving is BOARD_OFFICE and office.key != BOARD_OFFICE.key:
            lines.append(f"received by the Board's {BOARD_OFFICE.name} ({zone_words(BOARD_OFFICE.tz)}), not by the "
                         f"Regional Office in {office.name} (29 CFR 102.2(b); copy to the Regional Director)")
        else:
            lines.append(f"received by {receiving.name} ({zone_words(receiving.tz)}) (29 CFR 102.2(b))")
        if kind is K.EARLIEST_CERTIFICATION:
            lines.append(f"certification may issue from {day_label(due_on)}")
        elif kind is K.HEARING_OPENS:
            lines.append(f"hearing opens {day_label(due_on)} or as soon as practicable thereafter")
        else:
            lines.append(f"due {day_label(due_on)}")
        lines.append(f"cut-off {clock_label(cutoff_at)} ({cutoff_at.isoformat()})")

    return DeadlineComputation(
        kind=kind,
        trigger_on=trigger_on,
        due_on=due_on,
        cutoff_at=cutoff_at,
        citation=period.citation,
        rules=period.rules,
        rule_set_id=rule_set.id,
        office_key=receiving.key,
        calendar_id=calendar.calendar_id,
        skipped=skipped,
        derivation=tuple(lines),
        preceding=preceding,
        tolled_from_on=counted_on if tolled is not None else None,
        tolled_by=tolled.window.key if tolled is not None else None,
        days_tolled=tolled.days_added if tolled is not None else 0,
    )


def office_calendar(calendar: BusinessCalendar, office: Office) -> BusinessCalendar:
    """The calendar a deadline received by ``office`` is counted on: ``office``'s own calendar built from
    ``calendar``'s closure list (its closures, and Inauguration Day for the Board's office and the
    other Washington, DC area offices). A calendar already made for another office is re-scoped.
    Authority: 29 CFR 102.1(i) (business day: the offices are open), 102.2(b) (receiving office);
    5 U.S.C. 6103(c); rules.md R-B6, R-B7, R-B9.
    """
    return calendar.for_office(office)


def met_status(due_on: date, done_on: date | None) -> DeadlineStatus:
    """How a date the Region was to act by is closed when the act is done on ``done_on``: ``met``, or
    ``met-late`` when done after ``due_on`` (a hearing that opened weeks after the 15-business-day
    target: the rule allows "as soon as practicable thereafter", but the target was not met).
    ``done_on`` None (the date of the act is not in the record): ``met``.
    Authority: 29 CFR 102.69(c)(1)(ii); rules.md R-I3.
    """
    if done_on is not None and done_on > due_on:
        return DeadlineStatus.MET_LATE
    return DeadlineStatus.MET


def _count_business(
    calendar: BusinessCalendar, start: date, period: Period
) -> tuple[date, tuple[SkippedDay, ...], list[str]]:
    days = "business day" if period.count == 1 else "business days"
    lines = [f"{period.count} {days} after {day_label(start)}; that day is not counted (102.2(a))"]
    skipped: list[SkippedDay] = []
    day, counted = start, 0
    while counted < period.count:
        day += timedelta(days=1)
        reason = calendar.closed_reason(day)
        if reason is None:
            counted += 1
            lines.append(f"{day_label(day)} is day {counted}")
        elif day.weekday() < 5:
            skipped.append(SkippedDay(day, reason))
            lines.append(f"{day_label(day)} skipped ({reason})")
    return day, tuple(skipped), lines


def _count_calendar(
    calendar: BusinessCalendar, start: date, period: Period
) -> tuple[date, tuple[SkippedDay, ...], list[str]]:
    last = start + timedelta(days=period.count)
    lines = [f"{day_label(start)} + {period.count} calendar days = {day_label(last)} (102.2(a))"]
    due_on, skipped = calendar.roll_forward(last)
    for skip in skipped:
        lines.append(f"{day_label(skip.on)} skipped ({skip.reason})")
    if skipped:
        lines.append(f"last day is not a business day: runs to the next business day {day_label(due_on)} (102.2(a))")
    return due_on, skipped, lines


def _count_before(
    calendar: BusinessCalendar, start: date, period: Period
) -> tuple[date, tuple[SkippedDay, ...], list[str]]:
    lines = [f"{period.count} full working days before 12:01 a.m. of {day_label(start)} "
             "(working days exclude Saturdays, Sundays, holidays and closures)"]
    skipped: list[SkippedDay] = []
    day, counted = start, 0
    while counted < period.count:
        day -= timedelta(days=1)
        reason = calendar.closed_reason(day)
        if reason is None:
            counted += 1
            lines.append(f"{day_label(day)} is working day {counted} before the election")
        elif day.weekday() < 5:
            skipped.append(SkippedDay(day, reason))
            lines.append(f"{day_label(day)} skipped ({reason})")
    return day, tuple(skipped), lines


def check_timely(
    received_at: datetime,
    deadline: DeadlineComputation,
    *,
    method: FilingMethod = FilingMethod.E_FILING,
    postmarked_on: date | None = None,
    office_closes_at: time = time(17, 0),
    what: str = "filing",
    extension_request: bool = False,
) -> None:
    """Return None if a filing received at ``received_at`` (aware datetime) meets ``deadline``; else raise UntimelyFiling.

    E-filing and fax: timely when received at or before ``deadline.cutoff_at`` (to the second).
    Paper (hand delivery, delivery service, mail): timely when received before the due date, or on
    it before the receiving office's closing time ``office_closes_at`` (local wall time), or when
    ``postmarked_on`` (the postmark / delivery-service date) is the day before the due date or
    earlier — except for requests for extension of time (``extension_request=True``), which must be
    received. The UntimelyFiling message names ``what``, the receipt in local time, the due date,
    the cut-off and the rule. Raises InvalidCalendar for a naive ``received_at``.
    Authority: 29 CFR 102.2(b), 102.5, 102.111; rules.md R-B9, R-B11; Emerson Electric (1953).
    """
    if received_at.tzinfo is None or received_at.utcoffset() is None:
        raise InvalidCalendar(f"{what}: receipt time {received_at.isoformat()} has no time zone; give an aware datetime")
    zone = ZoneInfo(deadline.office_tz)  # the receiving office's zone: "EDT", not a bare offset
    local = received_at.astimezone(zone)
    cutoff = deadline.cutoff_at.astimezone(zone)
    shown = f"{day_label(local.date())} {clock_label(local)} ({deadline.office_tz})"  # "Sat 2021-04-17 12:00 a.m. EDT"
    rule = f"{deadline.citation}; 29 CFR 102.2(b)"
    method = FilingMethod(method)
    if method in (FilingMethod.E_FILING, FilingMethod.FAX):
        if local.replace(microsecond=0) <= deadline.cutoff_at:
            return
        raise UntimelyFiling(
            f"{what} received {shown} by {method.value} after the cut-off: due {day_label(deadline.due_on)}, "
            f"cut-off {clock_label(cutoff)} ({rule})"
        )
    local_day = local.date()
    if local_day < deadline.due_on:
        return
    if local_day == deadline.due_on and local.time() < office_closes_at:
        return
    if postmarked_on is not None and not extension_request and postmarked_on <= deadline.due_on - timedelta(days=1):
        return
    if extension_request and postmarked_on is not None:
        postmark_note = "; a request for extension of time must be received by the due date, the postmark does not count"
    elif postmarked_on is not None:
        postmark_note = f"; postmarked {day_label(postmarked_on)}, not the day before the due date or earlier"
    else:
        postmark_note = "; no postmark the day before the due date or earlier"
    raise UntimelyFiling(
        f"{what} (paper) received {shown}, after the office's closing time "
        f"{clock_label(datetime.combine(deadline.due_on, office_closes_at, tzinfo=zone))} on the due date "
        f"{day_label(deadline.due_on)}{postmark_note} (cut-off for e-filing {clock_label(cutoff)}; {rule})"
    )
