"""When the Regional Director may decide on a hearing officer's report: after the time for exceptions, and for
answering briefs to exceptions filed.

29 CFR 102.69(c)(1)(iii): "any party may, within 10 business days from the date of issuance of such report, file
with the Regional Director ... exceptions to such report"; "within 5 business days from the last date on which
exceptions and any supporting brief may be filed, or such further time as the Regional Director may allow, a party
opposing the exceptions may file an answering brief"; and, "if no exceptions are filed to such report, the Regional
Director, upon the expiration of the period for filing such exceptions, may decide the matter forthwith upon the
record". So the Regional Director decides on the report after those times (rules.md R-K1, R-K2, R-K4): a decision
issued while a party may still file would cut its period short — nothing in 102.69 lets the decision do that, and
casefile would otherwise close the running period as mooted by it.

The time runs out for this purpose on the last day of the period (the due date, as extended by order: a filing
received by 11:59 p.m. that day is timely, 102.2(b)), or earlier when no party can still file in it: every party
filed exceptions, or every party that may answer the exceptions filed (a party opposing another's exceptions) filed
its answering brief. A party that waived its right to file exceptions in writing (the Regions' practice, recorded
by the waive-exceptions act: casefile.rules.exceptions_waiver; docs/rules.md X-K8) is no longer waited on for
exceptions; it may still answer another party's exceptions, so the answering-brief wait is unchanged.

Pure: the facts are arguments; no clock, no database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from casefile.errors import ProcedureError
from casefile.rules.calendar import weekday_date
from casefile.vocab import DeadlineKind

__all__ = ["CITATION", "ReportPeriods", "Wait", "check_decision_date", "decision_waits", "wait_words"]

CITATION = "29 CFR 102.69(c)(1)(iii); 102.69(c)(2)"


@dataclass(frozen=True)
class ReportPeriods:
    """The periods of a hearing officer's report, as the record holds them: ``exceptions_due_on`` and
    ``answering_due_on`` their last days (None: no such period, or it was mooted); ``parties`` the case's parties
    (their keys); ``excepted`` the parties whose exceptions are filed, ``answered`` those whose answering brief is
    (e-filed with the NLRB: a filing only prepared in casefile is before no one); ``waived`` those whose written
    waiver of the right to file exceptions is (e-filed; casefile.rules.exceptions_waiver)."""

    exceptions_due_on: date | None
    answering_due_on: date | None
    parties: frozenset[str]
    excepted: frozenset[str] = frozenset()
    answered: frozenset[str] = frozenset()
    waived: frozenset[str] = frozenset()

    @staticmethod
    def of(*, exceptions_due_on: date | None, answering_due_on: date | None, parties: Iterable[str],
           excepted: Iterable[str] = (), answered: Iterable[str] = (), waived: Iterable[str] = ()) -> ReportPeriods:
        return ReportPeriods(exceptions_due_on, answering_due_on, frozenset(parties), frozenset(excepted),
                             frozenset(answered), frozenset(waived))


@dataclass(frozen=True)
class Wait:
    """Why a decision must wait: the period still running (``kind``: exceptions or answering brief) and its last
    day ``until``; ``still`` the parties (keys) that may still file in it."""

    kind: DeadlineKind
    until: date
    still: frozenset[str]


def decision_waits(decided_on: date, periods: ReportPeriods) -> Wait | None:
    """Whether a Regional Director's decision on the report dated ``decided_on`` must wait, and for which period:

    - the exceptions period while ``decided_on`` is on or before its last day and some party has filed none and not
      waived its right to (a waiver in writing, the Regions' practice: docs/rules.md X-K8);
    - once exceptions are filed, the answering-brief period while ``decided_on`` is on or before its last day and
      some party that may answer them (a party other than one whose exceptions are filed) has filed no answering
      brief;
    - else None (no exceptions filed and their time out; every party that could file has filed).

    Raises nothing. Authority: 29 CFR 102.69(c)(1)(iii), 102.2(a)-(b); rules.md R-K1, R-K2, R-K4; the waiver, X-K8."""
    if periods.exceptions_due_on is not None and decided_on <= periods.exceptions_due_on:
        still = periods.parties - periods.excepted - periods.waived
        if still:
            return Wait(DeadlineKind.EXCEPTIONS, periods.exceptions_due_on, still)
    if periods.excepted and periods.answering_due_on is not None and decided_on <= periods.answering_due_on:
        may_answer = frozenset(p for p in periods.parties if periods.excepted - {p})
        still = may_answer - periods.answered
        if still:
            return Wait(DeadlineKind.ANSWERING_BRIEF, periods.answering_due_on, still)
    return None


def _long(day: date) -> str:
    return weekday_date(day)


def wait_words(wait: Wait, names: dict[str, str] | None = None) -> str:
    """The wait in words, a clause: "the time for exceptions to the Hearing Officer's report runs until Monday,
    August 16, 2021, and Amazon.com Services LLC may still file them" (``names``: party key -> its name; a key
    without one is said by the key)."""
    who = sorted((names or {}).get(p, p) for p in wait.still)
    parties = who[0] if len(who) == 1 else ", ".join(who[:-1]) + f" and {who[-1]}"
    if wait.kind is DeadlineKind.EXCEPTIONS:
        return (f"the time for exceptions to the Hearing Officer's report runs until {_long(wait.until)}, and "
                f"{parties} may still file them")
    return (f"the time for answering briefs to the exceptions runs until {_long(wait.until)}, and {parties} may still "
            "file one")


def check_decision_date(decided_on: date, periods: ReportPeriods, names: dict[str, str] | None = None) -> None:
    """Refuse a Regional Director's decision on the report dated ``decided_on`` while a party may still file
    exceptions or an answering brief (:func:`decision_waits`). Raises ProcedureError (field ``date``) naming the
    period, its last day and the first day the decision may issue, or that it may once every party that may still
    file has filed ("has filed or waived" in the exceptions period, where a waiver is possible). Authority: 29 CFR
    102.69(c)(1)(iii); rules.md R-K1, R-K2, R-K4."""
    wait = decision_waits(decided_on, periods)
    if wait is None:
        return
    raise ProcedureError(
        f"the Regional Director decides on the Hearing Officer's report after the time for exceptions and answering "
        f"briefs: {wait_words(wait, names)} ({CITATION}); a decision dated {_long(decided_on)} would cut that period "
        f"short — it may issue after {_long(wait.until)}, or once every party that may still file has "
        f"{'filed or waived' if wait.kind is DeadlineKind.EXCEPTIONS else 'filed'}", field="date")
