"""What the Regional Director directs when no choice won: a runoff between the two choices with
the most votes, or, when the votes are equally divided, a new election with all the original
choices (29 CFR 102.70)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from casefile.errors import ProcedureError
from casefile.rules.calendar import weekday_date
from casefile.rules.outcome import AGAINST, Outcome
from casefile.vocab import ElectionKind, OutcomeKind

__all__ = ["Direction", "check_direction_date", "direction_for"]


@dataclass(frozen=True)
class Direction:
    """The election directed: its kind (runoff or nullity rerun), the labor organizations on its
    ballot in ballot order, and whether "against" is on it."""

    kind: ElectionKind
    choices: tuple[str, ...]
    against_on_ballot: bool

    def describe(self) -> str:
        """One line for the docket."""
        if self.kind is ElectionKind.RUNOFF:
            names = [*self.choices, *([AGAINST] if self.against_on_ballot else [])]
            return f"Runoff election directed: {names[0]} v. {names[1]}"
        return "Election declared a nullity; a new election with all the original choices directed"


def direction_for(outcome: Outcome, *, ballot: Sequence[str], against_on_ballot: bool,
                  chain: Sequence[ElectionKind]) -> Direction:
    """The election the outcome of the count calls for.

    Args:
        outcome: the outcome the rules computed for the election's latest tally, as stored with
            it (RUNOFF with its two choices in ballot order, "against" second when it is one).
        ballot: the labor organizations on the election's ballot, in ballot order.
        against_on_ballot: whether "against" was a choice.
        chain: the kinds of this election and of every election it follows.

    Returns:
        RUNOFF: a runoff between the outcome's two choices (102.70(a)-(c); R-P1, R-P2).
        NULLITY_RERUN: a new election with all the original choices (102.70(d); R-P4).

    Raises:
        ProcedureError: the chain already had its runoff (102.70(a): only one), or its 102.70(d)
            election (only one), or the outcome calls for no runoff.

    Authority: 29 CFR 102.70; rules.md R-P1, R-P2, R-P4, R-P6.
    """
    if outcome.kind is OutcomeKind.RUNOFF:
        if ElectionKind.RUNOFF in chain:
            raise ProcedureError("this chain of elections already had its runoff; 102.70(a) allows only one")
        assert outcome.runoff_choices is not None
        return Direction(kind=ElectionKind.RUNOFF, choices=tuple(c for c in outcome.runoff_choices if c != AGAINST),
                         against_on_ballot=AGAINST in outcome.runoff_choices)
    if outcome.kind is OutcomeKind.NULLITY_RERUN:
        if ElectionKind.NULLITY_RERUN in chain:
            raise ProcedureError("this chain of elections already had its 102.70(d) election; only one is allowed")
        return Direction(kind=ElectionKind.NULLITY_RERUN, choices=tuple(ballot), against_on_ballot=against_on_ballot)
    raise ProcedureError(f"the tally's outcome is {outcome.describe()}: no runoff is called for (102.70)")


def check_direction_date(directed_on: date, objections_due_on: date | None) -> None:
    """Refuse a runoff (or a nullity's new election) directed on ``directed_on`` while the objection period on
    the count that calls for it runs (``objections_due_on`` its last day; None: no period recorded): any party
    may object within 5 business days after the tally, and the runoff is directed once nothing is pending
    (102.69(a)(8), 102.70(a)) — the direction does not cut a party's period short. Raises ProcedureError (field
    ``date``). Authority: 29 CFR 102.69(a)(8), (e), 102.70(a); rules.md R-G3, R-P1."""
    if objections_due_on is not None and directed_on <= objections_due_on:
        raise ProcedureError(
            f"no runoff is directed while the objection period runs: objections are due "
            f"{weekday_date(objections_due_on)} (29 CFR 102.69(a)(8)); "
            "the direction may issue after that day", field="date")
