"""Partial resolution of challenged ballots: after some challenges are ruled on, can the ballots
still unresolved affect the result? (R-E7, R-E2)."""

from __future__ import annotations

from dataclasses import replace

from casefile.errors import InvalidTally
from casefile.rules.determinative import is_determinative
from casefile.rules.outcome import TallyCounts

__all__ = ["still_determinative"]


def still_determinative(counts: TallyCounts, *, sustained: int) -> bool:
    """Whether the challenged ballots still unresolved are sufficient in number to affect the
    results, once ``sustained`` of the tally's challenged ballots are out of the count for good.

    Args:
        counts: the latest tally of the election (its ``challenged`` line: the ballots not yet
            opened in a revised tally).
        sustained: how many of those ballots have had their challenge sustained since (never
            counted). The ballots still unresolved are the rest: pending ones and overruled ones
            not yet opened (their votes are unknown until they are).

    Returns:
        False when nothing is left unresolved, else the R-E3 test on the tally with only the
        unresolved ballots on its challenged line. When False, the pending ballots are never
        opened and their voters' eligibility is never decided (R-E2).

    Raises:
        InvalidTally: ``sustained`` is negative or more than the challenged ballots.

    Authority: 29 CFR 102.69(a)(7), (c)(1)(i); rules.md R-E2, R-E3, R-E7 (Walter E. Selck, 1974).
    """
    if not 0 <= sustained <= counts.challenged:
        raise InvalidTally(f"{sustained} challenges sustained, but the tally has {counts.challenged} challenged ballots",
                           line="challenged")
    unresolved = counts.challenged - sustained
    if unresolved == 0:
        return False
    return is_determinative(replace(counts, challenged=unresolved))
