"""Whether a filing meets its deadline, judged against the deadline as the record holds it.

A filing is always judged against the *stored* deadline — the one computed when its period
opened, or fixed or extended by an order since — never against a fresh computation, so an
extension granted by order is honored. The same rule serves every filing (objections, offers of
proof, exceptions, requests for review, briefs): e-filing and fax by the cut-off instant; paper
by the office's closing time on the due date, or postmarked the day before the due date.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from casefile.errors import BadInput, UntimelyFiling
from casefile.rules.calendar import clock_label, day_label
from casefile.vocab import DeadlineKind, FilingMethod

#: The periods whose filing may be accepted late in a representation case on good cause based on excusable
#: neglect: exceptions, requests for review, motions, briefs and responses to them — not election objections
#: nor their offer of proof (29 CFR 102.2(d)(1); rules.md R-B10, R-G6).
LATE_ON_EXCUSABLE_NEGLECT = frozenset({DeadlineKind.EXCEPTIONS, DeadlineKind.ALJ_EXCEPTIONS, DeadlineKind.ANSWERING_BRIEF,
                                       DeadlineKind.REQUEST_FOR_REVIEW, DeadlineKind.RFR_OPPOSITION,
                                       DeadlineKind.RECONSIDERATION, DeadlineKind.POST_HEARING_BRIEF})


def late_filing_note(kind: DeadlineKind | str) -> str:
    """What may still be filed once the period of ``kind`` has ended, as a clause for an act offered after it (the
    case page's list of acts): a late filing with a motion showing excusable neglect (102.2(d)), or — objections and
    their offer of proof — only a filing received in time, recorded late. Authority: 29 CFR 102.2(d), 102.69(a)(8);
    rules.md R-B10, R-G6."""
    if DeadlineKind(kind) in LATE_ON_EXCUSABLE_NEGLECT:
        return "a late filing is accepted only with a motion showing excusable neglect (29 CFR 102.2(d))"
    return "only a filing received in time can still be recorded (no late filing, 29 CFR 102.69(a)(8))"


def late_filing_way(kind: DeadlineKind | str) -> str:
    """What a party may still do once the period of ``kind`` has passed, as a clause for an untimely filing's
    refusal: for the filings 102.2(d) lets be accepted late, a motion showing good cause based on excusable
    neglect filed with the document; "" for the rest (objections cannot be filed late, R-G6). Authority: 29 CFR
    102.2(d)(1), (2); rules.md R-B10."""
    if DeadlineKind(kind) not in LATE_ON_EXCUSABLE_NEGLECT:
        return ""
    return ("; it may still be accepted late only on good cause based on excusable neglect: file it with a motion that "
            "shows that cause, supported by a sworn statement (“File a motion”; 29 CFR 102.2(d))")

__all__ = ["LATE_ON_EXCUSABLE_NEGLECT", "StoredDeadline", "Timeliness", "judge_filing", "late_filing_note", "late_filing_way"]


@dataclass(frozen=True)
class StoredDeadline:
    """A deadline as the record holds it: the last day, the cut-off instant (aware, in the
    receiving office's zone), the rule it was computed under, and the order that fixed or
    extended it (empty when none)."""

    due_on: date
    cutoff_at: datetime
    citation: str
    office_tz: str
    order: str = ""


@dataclass(frozen=True)
class Timeliness:
    """A timely filing: how its timeliness was judged, in one sentence for the record."""

    note: str


def judge_filing(
    deadline: StoredDeadline,
    *,
    what: str,
    received_on: date,
    received_at: datetime | None = None,
    method: FilingMethod = FilingMethod.E_FILING,
    postmarked_on: date | None = None,
    office_closes_at: time = time(17, 0),
    extension_request: bool = False,
    extendable: bool = True,
    late: str = "",
) -> Timeliness:
    """Judge a filing against ``deadline``; return how it was judged, or raise UntimelyFiling.

    With ``received_at`` (aware): e-filing and fax are timely at or before the cut-off instant
    (to the second); paper is timely before the due date, on it before the office's closing time
    ``office_closes_at`` (local), or when postmarked (or given to a delivery service) the day before
    the due date or earlier — except a request for an extension of time, which must be received.
    With the date alone (``received_at`` None, a record that gives only the day): timely when
    received on or before the due date, or (paper) postmarked the day before it; the note says
    that the time of receipt is not in the record. ``extendable`` False adds that the period
    cannot be extended (objections, 102.69(a)(8)) to the refusal; ``late`` (late_filing_way) what may still be done.
    The UntimelyFiling names
    ``what``, the receipt in the office's local time, the due date, the cut-off, the rule and
    the order that set the date, if any. Raises BadInput for a naive ``received_at``.
    Authority: 29 CFR 102.2(a),(b); 102.5; 102.111; Emerson Electric Co., 103 NLRB 1196 (1953).
    """
    if received_at is not None and (received_at.tzinfo is None or received_at.utcoffset() is None):
        raise BadInput(f"{what}: receipt time {received_at.isoformat()} has no time zone; give an aware instant",
                       field="at")
    zone = ZoneInfo(deadline.office_tz)
    cutoff = deadline.cutoff_at.astimezone(zone)
    due = day_label(deadline.due_on)
    set_by = f"; date set by order: {deadline.order}" if deadline.order else ""
    rule = f"{deadline.citation}; 29 CFR 102.2(b){set_by}"
    tail = ("" if extendable else "; this period cannot be extended") + late
    postmark_ok = (method is FilingMethod.PAPER and postmarked_on is not None and not extension_request
                   and postmarked_on <= deadline.due_on - timedelta(days=1))
    cutoff_words = clock_label(cutoff)  # "11:59 p.m. EDT", on the due date stated beside it
    if received_at is None:
        if received_on <= deadline.due_on or postmark_ok:
            return Timeliness(f"due {due}, cut-off {cutoff_words} ({rule}); received {day_label(received_on)}; "
                              "time of receipt not in the record: timeliness judged by the date received")
        raise UntimelyFiling(f"{what} received {day_label(received_on)}: untimely, due {due}, cut-off "
                             f"{cutoff_words} ({rule}){tail}", field="date")
    local = received_at.astimezone(zone)
    shown = f"{day_label(local.date())} {clock_label(local)}"  # "Sat 2021-04-17 12:00 a.m. EDT"
    if method in (FilingMethod.E_FILING, FilingMethod.FAX):
        if local.replace(microsecond=0) <= cutoff:
            return Timeliness(f"received {shown} by {method.value}; due {due}, cut-off {cutoff_words} ({rule})")
        raise UntimelyFiling(f"{what} received {shown} by {method.value} after the cut-off: due {due}, cut-off "
                             f"{cutoff_words} ({rule}){tail}", field="at")
    if local.date() < deadline.due_on or (local.date() == deadline.due_on and local.time() < office_closes_at) \
            or postmark_ok:
        return Timeliness(f"received {shown} on paper; due {due} ({rule})")
    if extension_request and postmarked_on is not None:
        why = "; a request for extension of time must be received by the due date, the postmark does not count"
    elif postmarked_on is not None:
        why = f"; postmarked {day_label(postmarked_on)}, not the day before the due date or earlier"
    else:
        why = "; no postmark the day before the due date or earlier"
    raise UntimelyFiling(f"{what} (paper) received {shown}, after the office's closing time "
                         f"{clock_label(datetime.combine(deadline.due_on, office_closes_at, tzinfo=zone))} on the due date "
                         f"{due}{why} ({rule}){tail}", field="at")
