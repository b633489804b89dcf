"""Partial resolution of challenged ballots: after some challenges are ruled on, can the ballots
still unresolved affect the result? (R-E7, R-E2)."""

from __future__ import annotations

from dataclasses import replace

from casefile.errors import InvalidTally
from casefile.rules.determinative import is_determinative
from casefile.rules.outcome import Outcome, TallyCounts, outcome_of_count
from casefile.vocab import counted

__all__ = ["after_rulings_analysis", "standing_outcome", "still_determinative"]


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
        raise InvalidTally(f"{counted(sustained, 'challenge')} sustained, but the tally has "
                           f"{counted(counts.challenged, 'challenged ballot')}",
                           line="challenged")
    unresolved = counts.challenged - sustained
    if unresolved == 0:
        return False
    return is_determinative(replace(counts, challenged=unresolved))


def standing_outcome(counts: TallyCounts, *, sustained: int, overruled: int = 0) -> Outcome | None:
    """The outcome of the tally as it stands once its challenged ballots are decided without a count:
    every ballot not yet opened sustained (never counted), or — the rest — no longer able to affect the
    result and sealed for good. Then the tally stands: no ballot is opened, no revised tally issues and no
    new objection period opens (102.69(e) applies to ballots opened and counted), and the outcome is that
    of the count without the challenged ballots.

    Args:
        counts: the latest tally of the election (its ``challenged`` line: the ballots not yet opened).
        sustained: how many of those have had their challenge sustained since.
        overruled: how many were overruled and wait to be opened and counted (then a revised tally
            decides, and the tally does not stand).

    Returns:
        None while ballots overruled wait to be counted or the ballots unresolved still are determinative
        (R-E7); else the outcome class (R-D5) of the count without the challenged ballots.

    Raises:
        InvalidTally: ``sustained`` is negative or more than the challenged ballots.

    Authority: 29 CFR 102.69(c)(1)(i), (e); rules.md R-E2, R-E7, R-L1.
    """
    if overruled > 0 or still_determinative(counts, sustained=sustained):
        return None
    return outcome_of_count(replace(counts, challenged=0))


def after_rulings_analysis(counts: TallyCounts, *, sustained: int, ordered: int) -> tuple[str, ...]:
    """The challenge analysis as the rulings on the challenged ballots leave it, in words: a first sentence saying what
    was ruled and how many ballots are left ("After the rulings on the challenged ballots (2 sustained, never
    counted; 4 ordered opened and counted), 4 ballots of the 6 remain to be counted:"), then one sentence per outcome still reachable
    with only those ballots on the challenged line (casefile.rules.challenge_analysis.analyze_challenges, the
    sustained ones out: never "needs 5 of the 6" once 2 of the 6 are out for good).

    Args:
        counts: the latest tally (its ``challenged`` line: the ballots not yet opened).
        sustained: how many of them are sustained since; ``ordered`` how many are ordered opened and counted (the rest
            are still pending).

    Raises:
        InvalidTally: ``sustained`` is negative or more than the challenged ballots, or ``ordered`` more than the rest.

    Authority: 29 CFR 102.69(a)(7), (c)(1)(i), (e); rules.md R-E3, R-E7.
    """
    from casefile.rules.challenge_analysis import analyze_challenges

    if not 0 <= sustained <= counts.challenged or not 0 <= ordered <= counts.challenged - sustained:
        raise InvalidTally(f"{counted(sustained, 'challenge')} sustained and {ordered} ordered counted, but the tally "
                           f"has {counted(counts.challenged, 'challenged ballot')}", line="challenged")
    left = counts.challenged - sustained
    pending = left - ordered
    ruled = [f"{sustained:,} sustained, never counted"] if sustained else []
    if ordered:
        ruled.append(f"{ordered:,} ordered opened and counted")
    if pending:
        ruled.append(f"{pending:,} still pending")
    head = (f"After the rulings on the challenged ballots ({'; '.join(ruled)}), "
            + (f"{counted(left, 'ballot')} of the {counts.challenged:,} remain to be counted:" if left else
               "none remains to be counted:"))
    return (head, *(r.sentence for r in analyze_challenges(replace(counts, challenged=left))))
