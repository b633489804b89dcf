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

from casefile.errors import ProcedureError
from casefile.rules.mootness import Side
from casefile.vocab import OutcomeKind, PartyRole, ordinal

__all__ = ["NO_UNION_MAJORITY", "Condition", "ConditionTerms", "condition_sentence", "condition_terms", "rerun_stands",
           "set_aside_refusal", "what_follows_revised_tally"]

#: The one condition casefile records: "a new election if the revised tally does not show a
#: majority for a labor organization".
NO_UNION_MAJORITY = "no-union-majority"
Condition = Literal["no-union-majority"]


def condition_sentence(condition: str, *, set_aside: int = 1) -> str:
    """The condition in words, for the docket and the documents; ``set_aside`` is the sequence of the
    election the decision sets aside (1: "the second election", 2: "the third election" — a rerun set
    aside in turn, R-O2). Raises ValueError for an unknown condition. Authority: rules.md R-M1, R-M2, R-O2."""
    if condition != NO_UNION_MAJORITY:
        raise ValueError(f"unknown condition {condition!r}")
    return (f"the {ordinal(set_aside + 1)} election is directed only if the revised tally does not show a majority of "
            "the valid votes for a labor organization (rules.md R-M1, R-M2; Cornell-Dubilier Electric Corp., 117 NLRB 358 "
            "(1957))")


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


#: The parties that prevail when no labor organization has a majority (casefile.rules.mootness): their objections
#: would be moot on exactly the result on which a direction "no-union-majority" directs the new election.
_AGAINST_A_UNION = (PartyRole.EMPLOYER, PartyRole.INDIVIDUAL_PETITIONER)


def set_aside_refusal(*, ordered_waiting: int, determinative: bool, condition: str | None,
                      sustained_for: Sequence[Side]) -> ProcedureError | None:
    """The refusal of a decision setting the election aside on objections sustained while the outcome is not
    known, or None.

    Args:
        ordered_waiting: challenged ballots (and ballots excluded at the count) ordered opened and counted that no
            revised tally has counted yet — by an earlier ruling or by the decision itself.
        determinative: whether the ballots still unresolved (those, and any still pending) can affect the result
            (casefile.rules.partial_resolution.still_determinative).
        condition: the decision's condition on the new election (NO_UNION_MAJORITY) or None.
        sustained_for: the parties whose objections the decision sustains (empty when the record gives no
            ruling per objection).

    Returns:
        - with ballots ordered counted and determinative, and no condition: ProcedureError (field ``condition``)
          naming what is missing, the revised tally — a sustained objection sets the election aside only if the
          revised tally shows the objecting party lost (R-M2): the decision is made on the condition (the
          objections of a labor organization: ``no-union-majority``) or after the count;
        - with a condition ``no-union-majority`` sustaining objections of the employer or of an individual
          (decertification) petitioner: ProcedureError (field ``condition``) — that condition directs the new
          election when no labor organization has a majority, the result on which those parties prevailed and
          their objections are moot (R-M2); such objections wait for the revised tally;
        - else None.

    Authority: 29 CFR 102.69(c)(1)(i), (e); rules.md R-L1, R-M1, R-M2, R-O1; Cornell-Dubilier Electric Corp.,
    117 NLRB 358 (1957).
    """
    against = [p.name for p in sustained_for if p.role in _AGAINST_A_UNION]
    if condition is not None:
        if against:
            return ProcedureError(
                f"the decision sustains objections of {' and '.join(against)} on the condition that the revised tally "
                "shows no majority for a labor organization: on that result the objecting party prevailed and its "
                "objections are moot (rules.md R-M2); record the revised tally first, then decide the objections "
                "(29 CFR 102.69(e); R-M1)", field="condition")
        return None
    if ordered_waiting == 0 or not determinative:
        return None
    ballots = f"{ordered_waiting} ballot{'s' if ordered_waiting != 1 else ''}"
    how = ("record the revised tally first (casefile challenges open), then decide the objections (R-M1)" if against
           else "direct the new election on the condition that the revised tally shows no majority for a labor "
                "organization (condition: no-union-majority; casefile decision rd --condition no-union-majority), or "
                "record the revised tally first (casefile challenges open)")
    return ProcedureError(
        f"{ballots} ordered opened and counted can still affect the result and the revised tally is not yet in: the "
        "outcome is not known, and sustained objections set the election aside only if the revised tally shows the "
        f"objecting party lost (29 CFR 102.69(e); rules.md R-M1, R-M2): {how}", field="condition")


FollowsRevisedTally = Literal["rule-on-unopened", "election-directed", "certification-of-representative",
                              "certification-of-results", "runoff", "new-election"]


def what_follows_revised_tally(outcome: OutcomeKind | str, *, condition_met: bool) -> FollowsRevisedTally:
    """What a revised tally may tell the parties follows it, from the rules' outcome of its count (as stored) and
    whether the record directs a further election on it:

    - ``rule-on-unopened``: the ballots still unopened are determinative (PENDING): they are ruled on first;
    - ``election-directed``: ``condition_met`` — a conditional direction's condition is met by this count (no
      majority for a labor organization), so the election stays set aside and the next election is directed
      (the Supplemental Decision and Direction issues the same day): no certification follows (R-M2, R-O1);
    - else, when no objection to it is filed in time: ``certification-of-representative`` (REP),
      ``certification-of-results`` (RESULTS), ``runoff`` (RUNOFF, 102.70(a)) or ``new-election`` (a nullity,
      102.70(d)).

    Authority: 29 CFR 102.69(e), 102.70; rules.md R-L2, R-L4, R-M2, R-O1."""
    kind = OutcomeKind(outcome)
    if kind is OutcomeKind.PENDING:
        return "rule-on-unopened"
    if condition_met:
        return "election-directed"
    return {OutcomeKind.REP: "certification-of-representative", OutcomeKind.RESULTS: "certification-of-results",
            OutcomeKind.RUNOFF: "runoff", OutcomeKind.NULLITY_RERUN: "new-election"}[kind]  # type: ignore[return-value]
