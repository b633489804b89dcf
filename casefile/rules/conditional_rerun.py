"""A second election directed on a condition that a later count decides.

When an election has both determinative challenged ballots and objections of the party that is
behind, the objections matter only if the count of the challenged ballots leaves that party behind
(rules.md R-M1, R-M2): the Regional Director may sustain them and direct a new election *if* the
revised tally does not show a majority for the labor organization, and order the ballots opened and
counted. The Board did the same in Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957) (Case
11-RC-850): with 526 votes for the Petitioner, 533 against and 22 challenged ballots, it sustained 16
challenges, ordered the other 6 opened and counted, and deferred the objections the Regional
Director had found to warrant a new election, because "such objections would be of consequence only
if the ballots ... could affect the ultimate election results". The revised tally then decides: a
majority for the labor organization — the direction lapses and the certification follows the
revised tally's objection period (R-L2); no majority — the election stays set aside and the second
election stands directed (R-O1).
"""

from __future__ import annotations

from typing import Literal

from casefile.vocab import OutcomeKind

__all__ = ["NO_UNION_MAJORITY", "Condition", "condition_sentence", "rerun_stands"]

#: The one condition casefile records: "a new election if the revised tally does not show a
#: majority for a labor organization".
NO_UNION_MAJORITY = "no-union-majority"
Condition = Literal["no-union-majority"]


def condition_sentence(condition: str) -> str:
    """The condition in words, for the docket and the documents. Authority: rules.md R-M1, R-M2."""
    if condition != NO_UNION_MAJORITY:
        raise ValueError(f"unknown condition {condition!r}")
    return ("the second election is directed only if the revised tally does not show a majority of the valid votes "
            "for a labor organization (rules.md R-M1, R-M2; Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957))")


def rerun_stands(outcome: OutcomeKind | str, winner: str | None) -> bool | None:
    """What a revised tally's stored outcome decides about a direction made on the condition "no
    majority for a labor organization": True — no labor organization has a majority (results,
    runoff or nullity: the set-aside governs, a runoff under 102.70 is not held over sustained
    objections), the second election stands directed; False — a labor organization was chosen
    (``outcome`` REP with its ``winner``), the direction lapses and the certification follows; None —
    the challenges still unopened are determinative (PENDING): the condition is not decided yet.
    Authority: 29 CFR 102.69(e); rules.md R-L4, R-M2, R-O1; Cornell-Dubilier (1957)."""
    kind = OutcomeKind(outcome)
    if kind is OutcomeKind.PENDING:
        return None
    return not (kind is OutcomeKind.REP and bool(winner))
