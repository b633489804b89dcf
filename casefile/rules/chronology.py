"""The order of an election's acts in time: no act is dated before an act it answers.

Every act of the post-election procedure answers an earlier one: objections answer the tally
(102.69(a)(8)), a notice of hearing the objections it sets (102.69(c)(1)(ii)), the hearing its
notice, the hearing officer's report the hearing it closes (102.69(c)(1)(iii)), exceptions the
report, the Regional Director's decision the objections, report and exceptions it decides
(102.69(c)(1)(iii), (c)(2)), a revised tally the rulings on the challenged ballots it opens
(102.69(e)), a certification the tally or decision it follows (102.69(b)), a request for review
the action it asks the Board to review, a statement in opposition the request, the Board's ruling
the request (102.67(c)-(g)). An act dated before the act it answers is a transcription error or a
record in the wrong order: it is refused, never stored.

Acts of the same day are in order: real histories have a hearing that opens and closes on one day,
and a report or decision issued the day the hearing closed. When both acts carry an instant (a
filing's receipt), the instants decide within a day. Unknown dates (None) are not compared.

The module is pure: the act modules read the dates of the earlier acts from the record and pass
them here as plain values (:class:`Earlier`); :func:`dated_before` returns the refusal (an
:class:`~casefile.errors.OutOfOrder`, not raised) or None.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from casefile.errors import BadInput, OutOfOrder
from casefile.vocab import DeadlineKind

__all__ = ["PERIOD_OPENED_BY", "Earlier", "dated_before", "long_date", "period_opened", "voting_period_refusal"]


@dataclass(frozen=True)
class Earlier:
    """An earlier act of the election as the record dates it. ``clause`` says what happened, read
    after "before" ("the hearing closed", "the objections were filed"); ``on`` its legal date (None:
    not in the record, nothing to compare); ``at`` its instant when the record has one (a receipt)."""

    clause: str
    on: date | None
    at: datetime | None = None


def long_date(day: date) -> str:
    """``"March 3, 2022"``: a date as the Agency's documents write it. Authority: none (display only)."""
    return f"{day:%B} {day.day}, {day.year}"


def _precedes(on: date, at: datetime | None, earlier: Earlier) -> bool:
    assert earlier.on is not None
    if on != earlier.on:
        return on < earlier.on
    return at is not None and earlier.at is not None and at < earlier.at


def dated_before(subject: str, on: date, earlier: Iterable[Earlier], *, at: datetime | None = None,
                 field: str = "date", verb: str = "is dated") -> OutOfOrder | None:
    """The refusal of an act dated before an act it answers, or None when it is in order.

    ``subject`` names the act ("the hearing officer's report"), ``on`` its legal date and ``at`` its
    instant when known; ``earlier`` the acts it answers. Same day is in order (instants, when both
    acts have one, decide within the day); an earlier act whose date is unknown is not compared.
    Where several earlier acts come after ``on``, the refusal names the latest of them (the first
    given among equals); instants, when shown, are in the zone of ``at``. ``verb`` joins subject and date ("is dated", "were received"); ``field``
    names the input field that holds the date. The refusal is an OutOfOrder (NotAllowedNow, code
    ``out-of-order``) naming both dates, e.g. "the hearing officer's report is dated March 3, 2022,
    before the hearing closed on March 10, 2022".
    Authority: 29 CFR 102.69(a)(8), (b), (c)(1)(ii)-(iii), (c)(2), (e); 102.67(c)-(g); 102.65(e);
    rules.md R-G3, R-I2, R-J1, R-J5, R-K1, R-K2, R-K4, R-K6, R-L1, R-N2, R-N6, R-N7.
    """
    late = [e for e in earlier if e.on is not None and _precedes(on, at, e)]
    if not late:
        return None
    worst = max(late, key=lambda e: (e.on, e.at.timestamp() if e.at is not None else float("-inf")))
    assert worst.on is not None
    when = long_date(on)
    then = long_date(worst.on)
    if on == worst.on and at is not None and worst.at is not None:
        when += f" at {at.isoformat(timespec='minutes')}"
        then += f" at {worst.at.astimezone(at.tzinfo).isoformat(timespec='minutes')}"  # both in the act's zone
    return OutOfOrder(f"{subject} {verb} {when}, before {worst.clause} on {then}", field=field)


#: What opens each period, as a clause after "before" (a filing received before it is out of order).
PERIOD_OPENED_BY: dict[DeadlineKind, str] = {
    DeadlineKind.OBJECTIONS: "the tally of ballots issued",
    DeadlineKind.OFFER_OF_PROOF: "the tally of ballots issued",
    DeadlineKind.HEARING_OPENS: "the tally of ballots issued",
    DeadlineKind.EXCEPTIONS: "the hearing officer's report issued",
    DeadlineKind.ANSWERING_BRIEF: "the hearing officer's report issued",
    DeadlineKind.REVISED_TALLY_OBJECTIONS: "the revised tally of ballots issued",
    DeadlineKind.REQUEST_FOR_REVIEW: "the Regional Director's action it asks the Board to review issued",
    DeadlineKind.RFR_OPPOSITION: "the Regional Director's action under review issued",
    DeadlineKind.RECONSIDERATION: "the Regional Director's decision issued",
    DeadlineKind.EARLIEST_CERTIFICATION: "the tally of ballots issued",
    DeadlineKind.ALJ_EXCEPTIONS: "the Administrative Law Judge's decision issued",
    DeadlineKind.POST_HEARING_BRIEF: "the hearing closed",
}


def period_opened(kind: DeadlineKind | str) -> str:
    """The clause naming the act that opens a period of ``kind`` ("the hearing officer's report
    issued"); "its period opened" for a kind the table does not name. Authority: rules.md §0 table
    (what starts each period), R-B2."""
    try:
        return PERIOD_OPENED_BY[DeadlineKind(kind)]
    except (KeyError, ValueError):
        return "its period opened"


def voting_period_refusal(first_day: date | None, last_day: date | None, *, field: str) -> BadInput | None:
    """The refusal of an election whose last voting day (``last_day``) comes before its first
    (``first_day``), or None (in order, one day, or either date unknown). ``field`` names the input
    field of the last day. The refusal is a BadInput naming both dates: "the election cannot end on
    February 8, 2021, before it begins on March 29, 2021".
    Authority: 29 CFR 102.69(a) (the tally counts the ballots of an election held); rules.md R-C1, R-C5.
    """
    if first_day is None or last_day is None or last_day >= first_day:
        return None
    return BadInput(f"the election cannot end on {long_date(last_day)}, before it begins on {long_date(first_day)}: "
                    "give its first and last voting days in order", field=field)
