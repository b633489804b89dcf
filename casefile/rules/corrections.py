"""The law a correction of the record applies: what a corrected count means for the outcome, how a
filing stands against a deadline that a corrected date moved, and which objections a party may
still withdraw or amend. Pure functions: no I/O, no clock.

A correction fixes a fact as transcribed; it never decides the next act. These functions say what
the corrected fact means so that the correction can report it (the user then decides).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from casefile.errors import ProcedureError, UntimelyFiling
from casefile.rules.calendar import day_label, instant_label
from casefile.rules.deadlines import met_status
from casefile.rules.tally import TallyAnalysis
from casefile.rules.target_dates import REGION_TARGET_DATES
from casefile.rules.timeliness import StoredDeadline, judge_filing
from casefile.vocab import DeadlineKind, DeadlineStatus, Disposition, FilingMethod

__all__ = ["Rejudged", "amendable", "outcome_consequences", "rejudge_filing", "status_after_move", "withdrawable"]


def outcome_consequences(before: TallyAnalysis, after: TallyAnalysis) -> tuple[str, ...]:
    """What a corrected count changes, as sentences: the outcome (changed, or unchanged and which
    it is), whether the challenged ballots are determinative, and line 10's majority.

    ``before`` / ``after``: the analyses of the tally as recorded and as corrected. Always returns
    at least one sentence (the outcome, changed or not). Raises nothing.
    Authority: 29 CFR 102.69(a)(7); rules.md R-C2 (lines 6-10), R-C3, R-D, R-E2, R-E3.
    """
    old, new = before.outcome.describe(), after.outcome.describe()
    out = [f"The corrected count changes the outcome: {old} → {new}." if old != new
           else f"The outcome is unchanged: {new}."]
    if before.determinative != after.determinative:
        c = after.counts.challenged
        ballots = "The challenged ballot is" if c == 1 else f"The {c:,} challenged ballots are"
        out.append(f"{ballots} now sufficient to affect the results (determinative): "
                   f"no certification issues until {'it is' if c == 1 else 'they are'} resolved (29 CFR 102.69(b))."
                   if after.determinative else
                   f"{ballots} no longer sufficient to affect the results (not determinative).")
    if before.majority_for != after.majority_for:
        out.append(f"Line 10 changes: {after.majority_statement}")
    return tuple(out)


def status_after_move(kind: DeadlineKind, old: DeadlineStatus, *, due_on: date, cutoff_at: datetime, as_of: datetime,
                      hearing_opened_on: date | None = None) -> tuple[DeadlineStatus, str]:
    """The status of a deadline a correction moved to ``due_on`` / ``cutoff_at`` (aware), judged at
    ``as_of``, and the sentence that says what changed ("" when nothing needs saying).

    - A party's period that had lapsed and whose corrected cut-off is still ahead runs again: open
      (a timely filing can be received; the election's stage is not changed by the correction).
    - An open period whose corrected cut-off has passed stays open until the sweep closes it (met
      if a filing came in, else lapsed): said.
    - The hearing target met (or met late) is judged again against the corrected date and the day
      the hearing opened (R-I3).
    Other statuses stay. Raises nothing.
    Authority: 29 CFR 102.69(a)(8), (c)(1)(ii); rules.md R-G3, R-I3.
    """
    words = kind.value.replace("-", " ")
    if old is DeadlineStatus.LAPSED and cutoff_at > as_of:
        return DeadlineStatus.OPEN, (f"The {words} period had lapsed on the recorded date; on the corrected date it runs "
                                     f"until {instant_label(cutoff_at)}, so it is open again (the election's stage is not "
                                     "changed: a timely filing would be received as the rules allow).")
    if old is DeadlineStatus.OPEN and cutoff_at < as_of and kind not in REGION_TARGET_DATES:
        return old, (f"On the corrected date the {words} period ended {instant_label(cutoff_at)}, before this correction: "
                     "the next sweep closes it (met if a filing was made, else lapsed) and the procedure moves on as the "
                     "rules say; the correction itself moves nothing.")
    if old in (DeadlineStatus.MET, DeadlineStatus.MET_LATE) and kind is DeadlineKind.HEARING_OPENS:
        status = met_status(due_on, hearing_opened_on)
        if status is not old:
            opened = day_label(hearing_opened_on) if hearing_opened_on else "(date not in the record)"
            return status, f"The hearing target is now {status.value} (the hearing opened {opened})."
    return old, ""


@dataclass(frozen=True)
class Rejudged:
    """A filing judged again against a moved deadline: ``timely`` and the sentence that says why."""

    timely: bool
    note: str


def rejudge_filing(deadline: StoredDeadline, *, what: str, trigger_on: date, received_on: date,
                   received_at: datetime | None, method: FilingMethod) -> Rejudged:
    """Judge a filing already recorded against its deadline as a correction moved it (the stored
    deadline, R-G3 and 29 CFR 102.2), and against the corrected date that starts the period: a
    filing received before the act it answers (``trigger_on``: e.g. objections before the tally
    was prepared) is premature and said so. A postmark is not in the record of a filing, so a
    paper filing is judged by its receipt. Returns Rejudged; raises nothing (an untimely filing is
    flagged, never refused: it is already in the record).
    Authority: 29 CFR 102.69(a)(8); 102.2(a),(b); rules.md R-G3, R-G6.
    """
    if received_on < trigger_on:
        return Rejudged(False, f"{what} received {day_label(received_on)}, before the corrected date "
                        f"{day_label(trigger_on)} that starts the period: premature")
    try:
        note = judge_filing(deadline, what=what, received_on=received_on, received_at=received_at, method=method,
                            extendable=False).note
    except UntimelyFiling as exc:
        return Rejudged(False, str(exc))
    return Rejudged(True, note)


#: Dispositions of an objection not yet ruled on: it may still be withdrawn or amended.
UNDECIDED = frozenset({Disposition.PENDING, Disposition.SET_FOR_HEARING})


def withdrawable(disposition: Disposition, *, number: int, party: str) -> None:
    """Whether a party's objection may be withdrawn now: only one not yet ruled on (pending, or set
    for hearing: the withdrawal is then requested of the Regional Director or the hearing officer).
    Raises ProcedureError (field ``number``) for one withdrawn, overruled, sustained or moot.
    Authority: 29 CFR 102.69(a)(8), (c); NLRB Casehandling Manual, Part Two (Representation
    Proceedings), objections: a party may withdraw its objections before they are decided.
    """
    if disposition in UNDECIDED:
        return
    if disposition is Disposition.WITHDRAWN:
        raise ProcedureError(f"objection {number} of {party} is already withdrawn: nothing to withdraw",
                             field="number")
    raise ProcedureError(f"objection {number} of {party} has been ruled on ({disposition.value}): a decided "
                         "objection cannot be withdrawn (ask for review or reconsideration of the ruling instead)",
                         field="number")


def amendable(disposition: Disposition, *, number: int, party: str) -> None:
    """Whether a party's objection may be amended: only one still pending (an objection set for
    hearing or decided stands as filed; one withdrawn is no longer before the Region). The period
    is judged apart (amendments are due within the objection period, which cannot be extended).
    Raises ProcedureError (field ``number``).
    Authority: 29 CFR 102.69(a)(8); rules.md R-G3, R-G6.
    """
    if disposition is Disposition.PENDING:
        return
    raise ProcedureError(f"objection {number} of {party} is {disposition.value}: only a pending objection can be "
                         "amended", field="number")
