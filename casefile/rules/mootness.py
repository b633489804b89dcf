"""Mootness of objections after a revised tally: a party that prevailed on the final count has
nothing left to object to (R-M2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from casefile.rules.outcome import Outcome
from casefile.vocab import OutcomeKind, PartyRole

__all__ = ["Side", "prevailing_parties"]


@dataclass(frozen=True)
class Side:
    """A party as the rule needs it: its handle, role and name (a labor organization's name as on
    the ballot)."""

    key: str
    role: PartyRole
    name: str


def _same_name(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def prevailing_parties(outcome: Outcome, parties: Sequence[Side]) -> tuple[str, ...]:
    """The handles of the parties that prevailed on a final count, in the order given: their
    pending objections are moot.

    Args:
        outcome: the outcome the rules computed for the (revised) tally, as stored with it
            (never recovered from display text).
        parties: the case's parties.

    Returns:
        On ``REP(u)``: the party that is the labor organization ``u`` (its name as on the ballot,
        compared without regard to case or spacing). On ``RESULTS`` (no labor organization won):
        the employer, and an individual petitioner (a decertification petitioner seeks exactly
        that result). On ``RUNOFF``, ``NULLITY_RERUN`` or ``PENDING`` (challenges still
        determinative) nobody has prevailed yet: empty. A party that lost keeps its objections:
        they are decided and, if sustained, the election is set aside whatever the margin.

    Authority: rules.md R-M1, R-M2 (a party's objections are moot once the final count favors it).
    """
    if outcome.kind is OutcomeKind.REP:
        assert outcome.winner is not None
        return tuple(p.key for p in parties if p.role is not PartyRole.EMPLOYER and _same_name(p.name, outcome.winner))
    if outcome.kind is OutcomeKind.RESULTS:
        return tuple(p.key for p in parties if p.role in (PartyRole.EMPLOYER, PartyRole.INDIVIDUAL_PETITIONER))
    return ()
