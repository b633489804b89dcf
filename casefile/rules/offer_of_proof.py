"""Whose offer of proof is due, and from which day: each objecting party owes its own.

"The objecting party shall also file ... a written offer of proof" with its objections, and the
Regional Director "may extend the time for filing the written offer of proof ... upon request of a
party showing good cause" (29 CFR 102.69(a)(8); the offer in the form of 102.66(c)). So the period
is a party's, not the election's: when both parties object (Bessemer 2022: the union's 21 objections
and the employer's 8, both on April 7), each owes an offer of proof, one party's offer meets only its
own period, and an extension granted on one party's request extends only that party's.

The tally opens the period before anyone has objected (it runs from the tally, with the
objections: rules.md R-G3, R-G4), for "the objecting party"; the first party to object takes that
period as its own, and each later objecting party gets a period of its own, computed from the same
tally. Objections to a revised tally carry their offer within their own period (102.69(e)): no
separate period is opened for them.

Pure: the facts are arguments; no clock, no database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Literal

from casefile.vocab import Audience, DeadlineKind

__all__ = ["OfferOwed", "offer_of_proof_owed", "offer_period_words", "possessive", "whose"]


@dataclass(frozen=True)
class OfferOwed:
    """The offer-of-proof period a party's objections make due: ``party`` (its key, the period's
    ``for_whom``) owes it, counted from ``trigger_on`` (the day the tally was prepared, as the
    objections). ``how``: ``"has"`` the party already has its period (supplemental objections:
    the same period); ``"takes"`` it takes the period the tally opened for the objecting party (no
    party had objected); ``"opens"`` a period of its own is opened (another party has the tally's)."""

    party: str
    trigger_on: date
    how: Literal["has", "takes", "opens"]


def offer_of_proof_owed(objector: str, *, objected_to: DeadlineKind, tally_prepared_on: date,
                        periods_for: Iterable[str]) -> OfferOwed | None:
    """The offer-of-proof period the objections of the party ``objector`` (its key) make due, or None.

    ``objected_to``: the period the objections were filed in (OBJECTIONS, or REVISED_TALLY_OBJECTIONS:
    then None, the offer being due within the revised tally's objection period itself, 102.69(e));
    ``tally_prepared_on``: the day the tally they object to was prepared (the day the period runs from);
    ``periods_for``: the ``for_whom`` of the offer-of-proof periods the election already holds from that
    tally (party keys, or "objecting party" for the one the tally opened). Raises nothing.
    Authority: 29 CFR 102.69(a)(8) ("the objecting party shall also file ... a written offer of proof";
    "the Regional Director may extend the time for filing the written offer of proof ... upon request of
    a party showing good cause"), 102.66(c); rules.md R-G4, R-G5.
    """
    if objected_to is not DeadlineKind.OBJECTIONS:
        return None
    held = set(periods_for)
    if objector in held:
        return OfferOwed(objector, tally_prepared_on, "has")
    if Audience.OBJECTING_PARTY.value in held:
        return OfferOwed(objector, tally_prepared_on, "takes")
    return OfferOwed(objector, tally_prepared_on, "opens")


def whose(for_whom: str, names: dict[str, str]) -> str | None:
    """The name of the party a period is for when it is one party's (``for_whom`` a key of ``names``,
    party key → name), else None (all parties, the Regional Director, the objecting party). Raises nothing."""
    if for_whom in (Audience.ALL_PARTIES.value, Audience.REGIONAL_DIRECTOR.value, Audience.OBJECTING_PARTY.value):
        return None
    return names.get(for_whom, for_whom)


def offer_period_words(noun: str, for_whom: str, names: dict[str, str]) -> str:
    """A period in words with whose it is when it is one party's: ``"Retail, Wholesale and Department
    Store Union's offer of proof"`` (``noun`` "offer of proof", ``for_whom`` "rwdsu"); ``noun``
    unchanged for a period of all parties, of the Regional Director or of the objecting party. A name
    ending in "s" takes an apostrophe only ("Teamsters' offer of proof"). Display only; raises nothing.
    Authority: 29 CFR 102.69(a)(8) (the offer is the objecting party's)."""
    name = whose(for_whom, names)
    if name is None:
        return noun
    return f"{possessive(name)} {noun}"


def possessive(name: str) -> str:
    """``name`` as the owner of what follows: "Amazon.com Services LLC's", "Teamsters'" (a name ending in "s"
    takes an apostrophe only). Display only; raises nothing."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
