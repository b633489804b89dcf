"""A party's waiver of its right to file exceptions: when one is accepted, and what it closes.

29 CFR 102.69(c)(1)(iii) gives the right: "any party may, within [the period the rule set gives] from the date of
issuance of such report, file with the Regional Director ... exceptions to such report", and "if no exceptions are
filed to such report, the Regional Director, upon the expiration of the period for filing such exceptions, may decide
the matter forthwith upon the record". No rule text provides for waiving it. A party may nonetheless give up a right
the rule gives it, and the Regions record a party's written waiver of exceptions (often the parties' joint waiver, so
that the Regional Director may decide at once): this is the Regions' practice, recorded as they record it, not a rule
text (docs/rules.md X-K8). So casefile takes a waiver as ending that party's time for exceptions — it no longer
holds the decision back (casefile.rules.report_periods) — and nothing else: the party may still answer another
party's exceptions (its answering brief is a right of its own, 102.69(c)(1)(iii)).

Refused (each a ProcedureError naming the field to fix):

- after the party filed exceptions in the period: a waiver cannot undo exceptions before the Regional Director
  (``party``);
- received after the last day of the period (the cut-off, 11:59 p.m. at the receiving office, 102.2(b)): the time
  for exceptions has already run out, so there is no right left to waive, and recording one would put in the record
  a waiver that changed nothing while the documents would tell it as the reason the decision could issue (``date``).
  casefile refuses rather than accepting with a warning: the fact would be true only as a letter, never as the act
  the record's readers take it for.

Pure: the facts are arguments; no clock, no database.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from casefile.errors import ProcedureError
from casefile.rules.calendar import weekday_date

__all__ = ["CITATION", "every_party_done", "waiver_refusal"]

#: The right the waiver gives up; the waiver itself is the Regions' practice (docs/rules.md X-K8).
CITATION = "29 CFR 102.69(c)(1)(iii)"


def waiver_refusal(party_name: str, *, received_on: date, due_on: date, after_cutoff: bool,
                   excepted_on: date | None) -> ProcedureError | None:
    """Why a waiver of exceptions by ``party_name`` received on ``received_on`` is refused, or None (accepted).

    ``due_on``: the last day of the exceptions period as the record holds it (as extended by order); ``after_cutoff``:
    the waiver was received after its cut-off (the receipt instant is after 11:59 p.m. on that day at the receiving
    office, or the day is later); ``excepted_on``: the day the party's exceptions in the period were received (None:
    it filed none, e-filed). Refused, in this order: exceptions already filed (field ``party``); received after the
    period (field ``date``). Raises nothing. Authority: 29 CFR 102.69(c)(1)(iii), 102.2(b); the waiver is the
    Regions' practice (docs/rules.md X-K8)."""
    if excepted_on is not None:
        return ProcedureError(
            f"{party_name} filed exceptions on {weekday_date(excepted_on)}: a waiver of the right to file exceptions "
            f"does not undo exceptions before the Regional Director ({CITATION})", field="party")
    if after_cutoff or received_on > due_on:
        return ProcedureError(
            f"the time for exceptions ran out on {weekday_date(due_on)} ({CITATION}): {party_name} has no right to file "
            f"exceptions left to waive on {weekday_date(received_on)}, and a waiver then would change nothing",
            field="date")
    return None


def every_party_done(parties: Iterable[str], *, excepted: Iterable[str], waived: Iterable[str]) -> bool:
    """Whether no party can still file exceptions: each of ``parties`` (keys) filed them (``excepted``) or waived
    its right to (``waived``). True closes the exceptions period as met before its last day (no one is left to file
    in it). Raises nothing. Authority: 29 CFR 102.69(c)(1)(iii); the waiver, the Regions' practice (X-K8)."""
    return not (frozenset(parties) - frozenset(excepted) - frozenset(waived))
