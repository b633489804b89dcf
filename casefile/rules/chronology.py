"""The order of a case's acts in time, stated once: no act is dated before an act it answers, before
the petition that began the case, or after the moment it is recorded; nothing is recorded after now;
an election is held after its petition and counted once voting has ended. Every interface (the command
line, the API, the web pages, scenario replays and the NLRB import) is held to these same functions:
the acts through the front door (casefile.app.perform and the act modules), the import through
casefile.jobs.imports.

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
from datetime import date, datetime, timedelta

from casefile.errors import BadInput, OutOfOrder
from casefile.rules.calendar import long_date
from casefile.vocab import DeadlineKind

__all__ = ["CLOCK_SKEW", "PERIOD_OPENED_BY", "Earlier", "before_the_petition", "dated_after_recorded", "dated_before",
           "election_before_petition", "export_dates_problem", "held_before_directed", "long_date", "period_opened",
           "petition_refusal", "received_after_recorded", "recorded_after_now", "tally_before_voting_ended",
           "voting_period_refusal"]


@dataclass(frozen=True)
class Earlier:
    """An earlier act of the election as the record dates it. ``clause`` says what happened, read
    after "before" ("the hearing closed", "the objections were filed"); ``on`` its legal date (None:
    not in the record, nothing to compare); ``at`` its instant when the record has one (a receipt)."""

    clause: str
    on: date | None
    at: datetime | None = None


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


# --- The case's own time line: what no act, of any interface, may contradict ----------------------
#
# Besides the order of an election's acts (dated_before), every act lies on the case's time line: after
# the petition that began the case (29 CFR 102.60-102.61: a representation case is begun by filing a
# petition) and no later than the moment it is recorded, which is itself no later than now (a record
# states what has happened: casefile records acts, it never schedules them). An election is held after
# its petition, and its tally prepared once voting has ended (102.69(a): the tally counts the ballots
# cast). Each function below takes the dates as plain values — ``now`` is an argument, never read here.

#: How far ahead of ``now`` an instant may lie, for clocks that disagree a little.
CLOCK_SKEW = timedelta(minutes=5)


def recorded_after_now(subject: str, recorded_at: datetime, now: datetime, *, field: str = "as_of") -> BadInput | None:
    """The refusal of an act recorded as of an instant after ``now`` (beyond CLOCK_SKEW), or None.
    Whatever instant an interface is told (``--as-of``, a replay's dated event, an API's ``as_of``),
    nothing is recorded as having happened at a moment that has not come: the pre-act sweep would close
    periods still running. Authority: 29 CFR 102.69(a) (the record states acts done); design policy
    (time is an argument; the front door takes ``now`` from the interface's clock)."""
    if recorded_at - now <= CLOCK_SKEW:
        return None
    return BadInput(f"{subject} would be recorded as of {recorded_at.isoformat(timespec='seconds')}, after now "
                    f"({now.astimezone(recorded_at.tzinfo).isoformat(timespec='seconds')}): an act is recorded once it "
                    "has happened, never ahead of the clock", field=field)


def received_after_recorded(subject: str, at: datetime | None, recorded_at: datetime) -> BadInput | None:
    """The refusal of a receipt instant ``at`` later than the moment the act is recorded (beyond
    CLOCK_SKEW), or None: a document cannot be recorded as received before it arrives. Field ``at``.
    Authority: 29 CFR 102.2(b) (a filing is received when it arrives)."""
    if at is None or at - recorded_at <= CLOCK_SKEW:
        return None
    from casefile.rules.calendar import instant_label

    return BadInput(f"{subject}: the time of receipt ({instant_label(at)}) is later than now "
                    f"({instant_label(recorded_at.astimezone(at.tzinfo))}); a receipt cannot be in the future "
                    f"(tolerance {int(CLOCK_SKEW.total_seconds()) // 60} minutes)", field="at")


def dated_after_recorded(subject: str, on: date | None, recorded_at: datetime) -> BadInput | None:
    """The refusal of an act dated after the day it is recorded, or None. One day of tolerance: the
    act's date is the receiving office's, the instant may be written in any zone on Earth. Field
    ``date``. Authority: design policy (an act is recorded once it has happened)."""
    if on is None or on <= (recorded_at + timedelta(days=1)).date():
        return None
    return BadInput(f"{subject}: dated {on.isoformat()}, after the day it is recorded "
                    f"({recorded_at.date().isoformat()}); an act is recorded once it has happened", field="date")


def before_the_petition(subject: str, on: date, petition_filed_on: date | None, *, field: str = "date",
                        verb: str = "is dated") -> OutOfOrder | None:
    """The refusal of ``subject`` dated (``verb``) ``on``, before the petition that began the case was
    filed, or None (in order, the petition's day, or its date not in the record). Authority: 29 CFR
    102.60(a), 102.61 (the petition begins the representation case); rules.md R-A1 (the petition's date
    governs the case)."""
    if petition_filed_on is None or on >= petition_filed_on:
        return None
    return OutOfOrder(f"{subject} {verb} {long_date(on)}, before the petition was filed on {long_date(petition_filed_on)}: "
                      "nothing happens in a case before the petition that begins it", field=field)


def petition_refusal(petition_filed_on: date | None, *, recorded_on: date,
                     recorded_as: str = "the day the case is recorded", first_act_on: date | None = None,
                     first_vote_on: date | None = None, first_tally_on: date | None = None,
                     field: str = "petition_filed_on") -> BadInput | None:
    """The refusal of a petition date after ``recorded_on`` (the day, at the receiving office, the case
    is opened or its petition date corrected: ``recorded_as`` names it), after the case's first act
    (``first_act_on``), its first voting day or its first tally, or None. The petition comes first: it
    begins the case and asks for the election the tally counts. Authority: 29 CFR 102.60-102.62,
    102.69(a); rules.md R-A1."""
    if petition_filed_on is None:
        return None
    for what, day in (("the case's first act", first_act_on), ("the election's first voting day", first_vote_on),
                      ("the case's first tally", first_tally_on)):
        if day is not None and petition_filed_on > day:
            return BadInput(f"the petition would be filed on {long_date(petition_filed_on)}, after {what} "
                            f"({long_date(day)}): the petition comes before its election", field=field)
    if petition_filed_on > recorded_on:
        return BadInput(f"the petition would be filed on {long_date(petition_filed_on)}, after {recorded_as} "
                        f"({long_date(recorded_on)}): a case is recorded from a petition already filed", field=field)
    return None


def election_before_petition(first_day: date | None, petition_filed_on: date | None, *, field: str) -> OutOfOrder | None:
    """The refusal of an election whose first voting day comes before the petition, or None.
    Authority: 29 CFR 102.60, 102.62, 102.67(b) (the election the petition asks for follows it)."""
    if first_day is None or petition_filed_on is None or first_day >= petition_filed_on:
        return None
    return OutOfOrder(f"the election is held from {long_date(first_day)}, before the petition was filed on "
                      f"{long_date(petition_filed_on)}: an election follows the petition that asks for it", field=field)


def tally_before_voting_ended(prepared_on: date, first_day: date | None, last_day: date | None, *,
                              what: str = "tally", field: str = "date") -> OutOfOrder | None:
    """The refusal of a tally (``what``: "initial tally", "runoff tally") prepared before its election's
    first voting day or before its last (``last_day``; the first when only it is known), or None.
    The tally counts the ballots cast, so it is prepared once voting has ended; the same day is in order
    (a count at the close of the polls). Authority: 29 CFR 102.69(a); 102.70 (a runoff is counted as an
    election is); rules.md R-C1, R-C5."""
    ended = last_day or first_day
    if ended is None or prepared_on >= ended:
        return None
    if first_day is not None and prepared_on < first_day:
        why = f"before the election's first voting day, {long_date(first_day)}"
    else:
        why = f"before voting ended on {long_date(ended)}"
    return OutOfOrder(f"the {what} is dated {long_date(prepared_on)}, {why}: a tally counts ballots already cast "
                      "(29 CFR 102.69(a))", field=field)


def held_before_directed(first_day: date | None, directed_on: date, *, field: str = "held_from_on") -> OutOfOrder | None:
    """The refusal of a directed election (a runoff, a rerun) scheduled to be held before the day it is
    directed, or None. Authority: 29 CFR 102.69(c)(1)(iii), 102.70 (the Regional Director directs it,
    then it is held)."""
    if first_day is None or first_day >= directed_on:
        return None
    return OutOfOrder(f"the election directed on {long_date(directed_on)} cannot be held before it, on "
                      f"{long_date(first_day)}", field=field)


def export_dates_problem(filed_on: date, prepared_on: date, closed_on: date | None, *, today: date,
                         revised: bool = False) -> str | None:
    """What is impossible about an NLRB export record's dates — filed, tallied, closed — or None: a date
    after ``today`` (the day of the import), a tally before the petition was filed, a case closed before
    it was filed or before its tally. The record is then reported as a problem, never loaded.
    Authority: 29 CFR 102.60, 102.69(a), (b) (petition, then election and tally, then the case's close)."""
    what = "Revised tally" if revised else "Tally Date"
    for column, day in (("Date Filed", filed_on), (what, prepared_on), ("Date Closed", closed_on)):
        if day is not None and day > today:
            return f"{column} {day.isoformat()} is after the day of the import ({today.isoformat()}): not a date that has come"
    if prepared_on < filed_on:
        return f"{what} {prepared_on.isoformat()} is before Date Filed {filed_on.isoformat()}: a tally follows its petition"
    if closed_on is not None and closed_on < filed_on:
        return f"Date Closed {closed_on.isoformat()} is before Date Filed {filed_on.isoformat()}"
    if closed_on is not None and closed_on < prepared_on:
        return f"Date Closed {closed_on.isoformat()} is before the {what} {prepared_on.isoformat()}: a case closes after its tally"
    return None
