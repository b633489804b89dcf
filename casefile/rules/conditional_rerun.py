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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from casefile.vocab import OutcomeKind

__all__ = ["NO_UNION_MAJORITY", "Condition", "ConditionTerms", "condition_sentence", "condition_terms", "rerun_stands"]

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


@dataclass(frozen=True)
class ConditionTerms:
    """A conditional direction's condition as the decision states it, for the ballot's labor
    organizations: ``rerun_if`` the result of the revised tally on which the election is set aside
    and a new election held ("... has not received a majority of the valid votes counted");
    ``certify_if`` the result on which the direction lapses and the certification of representative
    follows the revised tally's objection period; ``authority`` the citation the document prints."""

    labor_organizations: tuple[str, ...]
    rerun_if: str
    certify_if: str
    authority: str


def condition_terms(condition: str, labor_organizations: Sequence[str]) -> ConditionTerms:
    """The two results of the revised tally a direction made on ``condition`` names, and what each
    leads to: no majority of the valid votes counted for a labor organization on the ballot — the
    election is set aside and a new election held (R-O1); a majority for one — the objections
    sustained are moot (R-M2) and, when no objection to the revised tally is filed within 5 business
    days, the Regional Director certifies it (29 CFR 102.69(e); R-L2). ``labor_organizations``: the
    ballot's choices other than "against", in ballot order (one at least). Raises ValueError for
    another condition or an empty ballot. Authority: 29 CFR 102.69(c)(1)(i), (e); rules.md R-L2,
    R-M1, R-M2, R-O1; Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957)."""
    if condition != NO_UNION_MAJORITY:
        raise ValueError(f"unknown condition {condition!r}")
    names = tuple(labor_organizations)
    if not names:
        raise ValueError("a conditional direction needs a labor organization on the ballot")
    if len(names) == 1:
        rerun_if = f"{names[0]} has not received a majority of the valid votes counted"
        certify_if = f"{names[0]} has received a majority of the valid votes counted"
    else:
        listed = ", ".join(names[:-1]) + f" or {names[-1]}"
        rerun_if = f"none of {listed} has received a majority of the valid votes counted"
        certify_if = f"one of {listed} has received a majority of the valid votes counted"
    return ConditionTerms(labor_organizations=names, rerun_if=rerun_if, certify_if=certify_if,
                          authority="29 CFR 102.69(c)(1)(i), (e)")
