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

The same holds the other way round when the party behind is the employer (or a decertification petitioner): its
objections matter only if the count gives a labor organization the majority, and the direction is made on the
condition ``union-majority`` — in the Board's words, if the revised tally shows that the Petitioner has received a
majority of the valid votes cast, the election is set aside and a new election directed; otherwise a certification
of results issues. No majority for a labor organization — the objecting party prevailed, its objections are moot
(R-M2) and the certification of results follows the revised tally's objection period (R-L2).

Each condition directs the new election unless the count shows that the objecting party prevailed (R-M2): a count
that calls for a runoff or a new election under 102.70 leaves nobody prevailing, and the set-aside governs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from casefile.errors import ProcedureError
from casefile.rules.determinative import reachable_outcomes
from casefile.rules.mootness import Side
from casefile.rules.outcome import TallyCounts
from casefile.vocab import OutcomeKind, PartyRole, ordinal

__all__ = [
    "CONDITIONS",
    "NO_UNION_MAJORITY",
    "UNION_MAJORITY",
    "Certainty",
    "Condition",
    "ConditionTerms",
    "condition_certainty",
    "condition_decided_sentence",
    "condition_for",
    "condition_sentence",
    "condition_shows",
    "condition_terms",
    "condition_warning",
    "rerun_stands",
    "set_aside_refusal",
    "what_follows_revised_tally",
]

#: The condition on a labor organization's objections: "a new election if the revised tally does not show a
#: majority for a labor organization" (Cornell-Dubilier, 1957).
NO_UNION_MAJORITY = "no-union-majority"
#: The condition on the employer's (or a decertification petitioner's) objections: "if the revised tally shows that
#: the Petitioner has received a majority of the valid votes cast, the election will be set aside and a new election
#: directed; otherwise a certification of results will issue".
UNION_MAJORITY = "union-majority"
Condition = Literal["no-union-majority", "union-majority"]
CONDITIONS: tuple[str, ...] = (NO_UNION_MAJORITY, UNION_MAJORITY)


def _known(condition: str) -> None:
    if condition not in CONDITIONS:
        raise ValueError(f"unknown condition {condition!r} (known: {', '.join(CONDITIONS)})")


def condition_sentence(condition: str, *, set_aside: int = 1) -> str:
    """The condition in words, for the docket and the documents; ``set_aside`` is the sequence of the
    election the decision sets aside (1: "the second election", 2: "the third election" — a rerun set
    aside in turn, R-O2). Raises ValueError for an unknown condition. Authority: 29 CFR 102.69(e); rules.md R-M1,
    R-M2, R-O2; Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957)."""
    _known(condition)
    if condition == UNION_MAJORITY:
        return (f"the {ordinal(set_aside + 1)} election is directed only if the revised tally shows a majority of the "
                "valid votes for a labor organization; otherwise a certification of results issues (29 CFR 102.69(e))")
    return (f"the {ordinal(set_aside + 1)} election is directed only if the revised tally does not show a majority of "
            "the valid votes for a labor organization (Cornell-Dubilier Electric Corp., 117 NLRB 358 "
            "(1957))")


def condition_for(sustained_for: Sequence[Side]) -> str | None:
    """The condition a direction sustaining the objections of ``sustained_for`` is made on while determinative
    challenged ballots wait to be counted: the objecting party's objections matter only on the result on which it
    lost (R-M2) — a labor organization's: ``no-union-majority``; the employer's or an individual (decertification)
    petitioner's: ``union-majority``. None when the parties are of both sides (whichever loses, its sustained
    objections stand: the condition cannot be one of these two) or none is named. Authority: 29 CFR 102.69(e);
    rules.md R-M1, R-M2."""
    against = any(p.role in _AGAINST_A_UNION for p in sustained_for)
    union = any(p.role not in _AGAINST_A_UNION for p in sustained_for)
    if against == union:
        return None
    return UNION_MAJORITY if against else NO_UNION_MAJORITY


def rerun_stands(condition: str, outcome: OutcomeKind | str, winner: str | None = None) -> bool | None:
    """What a revised tally's stored outcome decides about a direction made on ``condition``.

    ``no-union-majority`` (a labor organization's objections sustained): True — no labor organization has a
    majority (results, runoff or nullity: the set-aside governs, a runoff under 102.70 is not held over sustained
    objections), the second election stands directed; False — a labor organization was chosen (``outcome`` REP;
    ``winner``, its name, is not needed to decide): it prevailed, the direction lapses and the certification of
    representative follows.

    ``union-majority`` (the employer's or a decertification petitioner's objections sustained): True — a labor
    organization has a majority (REP), or nobody has prevailed (a runoff or a nullity: the set-aside governs), the
    second election stands directed; False — no labor organization chosen and nothing more to hold (RESULTS): the
    objecting party prevailed, the direction lapses and the certification of results follows.

    None for either — the challenges still unopened are determinative (PENDING): the condition is not decided yet.
    Raises ValueError for an unknown condition. Authority: 29 CFR 102.69(e); rules.md R-L4, R-M2, R-O1;
    Cornell-Dubilier (1957)."""
    _known(condition)
    kind = OutcomeKind(outcome)
    if kind is OutcomeKind.PENDING:
        return None
    if condition == UNION_MAJORITY:
        return kind is not OutcomeKind.RESULTS
    return kind is not OutcomeKind.REP


@dataclass(frozen=True)
class ConditionTerms:
    """A conditional direction's condition as the decision states it, for the ballot's labor
    organizations: ``rerun_if`` the result of the revised tally on which the election is set aside
    and a new election held ("... has not received a majority of the valid votes counted");
    ``certify_if`` the result on which the direction lapses and the certification follows the revised
    tally's objection period, ``certification`` which one ("Certification of Representative", "Certification
    of Results"); ``ballots_would`` what the ballots to be counted must do for the objections sustained to
    matter ("do not give a labor organization a majority of the valid votes"); ``met`` the result that meets
    the condition, said without names (the revised tally's "Because ..."); ``authority`` the citation the
    document prints."""

    labor_organizations: tuple[str, ...]
    rerun_if: str
    certify_if: str
    authority: str
    certification: str = "Certification of Representative"
    ballots_would: str = "do not give a labor organization a majority of the valid votes"
    met: str = "no labor organization has received a majority of the valid votes counted"


def condition_terms(condition: str, labor_organizations: Sequence[str]) -> ConditionTerms:
    """The two results of the revised tally a direction made on ``condition`` names, and what each
    leads to.

    ``no-union-majority``: no majority of the valid votes counted for a labor organization on the ballot — the
    election is set aside and a new election held (R-O1); a majority for one — the objections sustained are moot
    (R-M2) and, when no objection to the revised tally is filed within 5 business days, the Regional Director
    certifies the representative (29 CFR 102.69(e); R-L2).

    ``union-majority``: a majority for a labor organization (or, with several on the ballot, no majority for any
    choice: a runoff, which is not held over sustained objections) — the election is set aside and a new election
    held; otherwise the objections sustained are moot and the certification of results follows the revised tally's
    objection period.

    ``labor_organizations``: the ballot's choices other than "against", in ballot order (one at least). Raises
    ValueError for another condition or an empty ballot. Authority: 29 CFR 102.69(c)(1)(i), (e); rules.md R-L2,
    R-M1, R-M2, R-O1; Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957)."""
    _known(condition)
    names = tuple(labor_organizations)
    if not names:
        raise ValueError("a conditional direction needs a labor organization on the ballot")
    if condition == UNION_MAJORITY:
        return _union_majority_terms(names)
    if len(names) == 1:
        rerun_if = f"{names[0]} has not received a majority of the valid votes counted"
        certify_if = f"{names[0]} has received a majority of the valid votes counted"
    else:
        listed = ", ".join(names[:-1]) + f" or {names[-1]}"
        rerun_if = f"none of {listed} has received a majority of the valid votes counted"
        certify_if = f"one of {listed} has received a majority of the valid votes counted"
    return ConditionTerms(labor_organizations=names, rerun_if=rerun_if, certify_if=certify_if,
                          authority="29 CFR 102.69(c)(1)(i), (e)")


def _union_majority_terms(names: tuple[str, ...]) -> ConditionTerms:
    """``union-majority``'s terms (condition_terms): the Board's "if the revised tally shows that the Petitioner
    has received a majority of the valid votes cast ...; otherwise a certification of results will issue"."""
    if len(names) == 1:
        rerun_if = f"{names[0]} has received a majority of the valid votes counted"
        certify_if = f"{names[0]} has not received a majority of the valid votes counted"
        met = "a labor organization has received a majority of the valid votes counted"
    else:
        listed = ", ".join(names[:-1]) + f" or {names[-1]}"
        rerun_if = (f"one of {listed} has received a majority of the valid votes counted, or that no choice has "
                    "(a runoff election would otherwise be required)")
        certify_if = (f"none of {listed} has received a majority of the valid votes counted and no runoff election is "
                      "required")
        met = ("a labor organization has received a majority of the valid votes counted, or no choice has (a runoff "
               "is not held over sustained objections)")
    return ConditionTerms(labor_organizations=names, rerun_if=rerun_if, certify_if=certify_if,
                          authority="29 CFR 102.69(c)(1)(i), (e)", certification="Certification of Results",
                          ballots_would="give a labor organization a majority of the valid votes", met=met)


#: The parties that prevail when no labor organization has a majority (casefile.rules.mootness): their objections
#: would be moot on exactly the result on which a direction "no-union-majority" directs the new election, and they
#: matter only on the result on which a direction "union-majority" does.
_AGAINST_A_UNION = (PartyRole.EMPLOYER, PartyRole.INDIVIDUAL_PETITIONER)

#: Each condition in words, for a refusal.
_IN_WORDS = {c: f"the revised tally {shows}" for c, shows in (
    (NO_UNION_MAJORITY, "shows no majority for a labor organization"),
    (UNION_MAJORITY, "shows a majority for a labor organization"))}


def condition_shows(condition: str) -> str:
    """What the revised tally shows when ``condition`` is met, for the docket ("shows no majority for a labor
    organization", "shows a majority for a labor organization"). Raises ValueError for an unknown condition.
    Authority: 29 CFR 102.69(e); rules.md R-M2."""
    _known(condition)
    return _IN_WORDS[condition].removeprefix("the revised tally ")


def set_aside_refusal(*, ordered_waiting: int, determinative: bool, condition: str | None,
                      sustained_for: Sequence[Side], registered: int = 0, pending: int = 0) -> ProcedureError | None:
    """The refusal of a decision setting the election aside on objections sustained while the outcome is not
    known, or None.

    Args:
        ordered_waiting: challenged ballots (and ballots excluded at the count) ordered opened and counted that no
            revised tally has counted yet — by an earlier ruling or by the decision itself.
        determinative: whether the ballots still unresolved (those, and any still pending) can affect the result
            (casefile.rules.partial_resolution.still_determinative).
        condition: the decision's condition on the new election (NO_UNION_MAJORITY, UNION_MAJORITY) or None.
        sustained_for: the parties whose objections the decision sustains (empty when the record gives no
            ruling per objection).
        registered: the registered challenged ballots not yet counted in a revised tally (0: no register kept, only
            counts known); ``pending`` those of them still unruled on.

    Returns:
        - with a condition and a register whose ballots are all still unruled on: ProcedureError (field
          ``condition``) — the condition waits on the revised tally that follows a ruling on them (102.69(e)), and
          with none ruled on none can follow: the decision rules on the ballots (``challenges``) or is made after a
          ruling;
        - with ballots ordered counted and determinative, and no condition: ProcedureError (field ``condition``)
          naming what is missing, the revised tally — a sustained objection sets the election aside only if the
          revised tally shows the objecting party lost (R-M2): the decision is made on the condition that fits the
          objecting party (condition_for: a labor organization's objections ``no-union-majority``, the employer's
          or a decertification petitioner's ``union-majority``) or after the count;
        - with a condition that directs the new election on the result on which a party whose objections it
          sustains prevailed (``no-union-majority`` sustaining the employer's, ``union-majority`` a labor
          organization's): ProcedureError (field ``condition``) naming the condition that fits — on that result
          the objecting party's objections are moot (R-M2);
        - else None.

    Authority: 29 CFR 102.69(c)(1)(i), (e); rules.md R-L1, R-M1, R-M2, R-O1; Cornell-Dubilier Electric Corp.,
    117 NLRB 358 (1957).
    """
    fits = condition_for(sustained_for)
    if condition is not None:
        _known(condition)
        if registered and pending >= registered:
            return ProcedureError(
                f"the direction on the condition that {_IN_WORDS[condition]} waits on the revised tally of the "
                f"challenged ballots, and none of the election's {registered} registered ballots is ruled on: no "
                "revised tally could follow to decide it (29 CFR 102.69(e)); rule on the determinative challenged "
                "ballots in the decision (challenges) or before it", field="condition")
        moot = [p.name for p in sustained_for
                if (p.role in _AGAINST_A_UNION) == (condition == NO_UNION_MAJORITY)]
        if moot:
            instead = (f"; direct it on the condition that {_IN_WORDS[fits]} (condition: {fits}), or record the revised "
                       "tally first (casefile challenges open)" if fits is not None and fits != condition else
                       "; record the revised tally first (casefile challenges open), then decide the objections")
            return ProcedureError(
                f"the decision sustains objections of {' and '.join(moot)} on the condition that "
                f"{_IN_WORDS[condition]}: on that result the objecting party prevailed and its objections are moot"
                f"{instead} (29 CFR 102.69(e))", field="condition")
        return None
    if ordered_waiting == 0 or not determinative:
        return None
    ballots = f"{ordered_waiting} ballot{'s' if ordered_waiting != 1 else ''}"
    if fits is None:
        how = ("record the revised tally first (casefile challenges open), then decide the objections"
               if sustained_for else
               "rule on each objection (whose objections are sustained decides the condition), and direct the new "
               "election on a condition, or record the revised tally first (casefile challenges open)")
    else:
        how = (f"direct the new election on the condition that {_IN_WORDS[fits]} (condition: {fits}; casefile "
               f"decision rd --condition {fits}), or record the revised tally first (casefile challenges open)")
    return ProcedureError(
        f"{ballots} ordered opened and counted can still affect the result and the revised tally is not yet in: the "
        "outcome is not known, and sustained objections set the election aside only if the revised tally shows the "
        f"objecting party lost (29 CFR 102.69(e)): {how}", field="condition")


FollowsRevisedTally = Literal["rule-on-unopened", "election-directed", "certification-of-representative",
                              "certification-of-results", "runoff", "new-election"]


def what_follows_revised_tally(outcome: OutcomeKind | str, *, condition_met: bool) -> FollowsRevisedTally:
    """What a revised tally may tell the parties follows it, from the rules' outcome of its count (as stored) and
    whether the record directs a further election on it:

    - ``rule-on-unopened``: the ballots still unopened are determinative (PENDING): they are ruled on first;
    - ``election-directed``: ``condition_met`` — a conditional direction's condition is met by this count
      (rerun_stands), so the election stays set aside and the next election is directed
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


#: A condition decided before the count: ``met`` whatever the ballots still unresolved hold, ``not-met`` likewise.
Certainty = Literal["met", "not-met"]


def condition_certainty(condition: str, counts: TallyCounts, *, sustained: int) -> Certainty | None:
    """Whether a direction made on ``condition`` is already decided by the rulings on the challenged ballots, before
    any is opened: ``met`` when every outcome the ballots still unresolved can lead to meets it (rerun_stands), ``not-met``
    when none does, None while the count decides.

    Args:
        counts: the tally the decision rules on (its ``challenged`` line: the ballots not yet opened, ballots excluded
            at the count and ordered counted included).
        sustained: how many of those ballots have had their challenge sustained (never counted); the rest — ordered
            opened and counted, or still pending — are the ballots the revised tally can count (R-E7).

    The outcomes are those of every resolution of the ballots unresolved (casefile.rules.determinative
    .reachable_outcomes: each counted or not, for any choice), a superset of what the count of the ballots ordered
    counted can give: a certainty found on it holds for the count. Raises ValueError for an unknown condition,
    InvalidTally when ``sustained`` is negative or more than the challenged ballots. Authority: 29 CFR 102.69(e);
    rules.md R-E3, R-E7, R-M2; Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957) (526-533, 16 of 22 challenges
    sustained: the six ballots counted could never give the Petitioner a majority, and the Board ordered them counted
    and the new election held if no majority)."""
    _known(condition)
    from casefile.errors import InvalidTally

    if not 0 <= sustained <= counts.challenged:
        raise InvalidTally(f"{sustained} challenges sustained, but the tally has {counts.challenged} challenged ballots",
                           line="challenged")
    stands = {rerun_stands(condition, o.kind) for o in reachable_outcomes(replace(counts, challenged=counts.challenged - sustained))}
    if stands == {True}:
        return "met"
    if stands == {False}:
        return "not-met"
    return None


def _what_ballots_cannot(counts: TallyCounts, *, sustained: int, ordered: int | None) -> str:
    """The ballots still unresolved and what they cannot do, said once for the warning and the document: "the 4
    challenged ballots ordered opened and counted (the other 2 sustained) cannot give a labor organization a majority
    of the valid votes: Food Workers Local 12 would have at most 52 of 104 valid votes"."""
    left = counts.challenged - sustained
    outcomes = reachable_outcomes(replace(counts, challenged=left))
    some = "s" if left != 1 else ""
    if left == 0:
        ballots = "no challenged ballot is left to be counted, and the tally"
    elif ordered is None or ordered >= left:
        ballots = f"the {left:,} challenged ballot{some} ordered opened and counted (the other {sustained:,} sustained)"
    else:
        ballots = (f"the {left:,} challenged ballot{some} not sustained ({ordered:,} ordered opened and counted, "
                   f"{left - ordered:,} still pending; the other {sustained:,} sustained)")
    if all(o.kind is not OutcomeKind.REP for o in outcomes):
        best = ""
        if len(counts.choices) == 1 and counts.against is not None:
            (name, votes), = counts.choices
            best = f": {name} would have at most {votes + left:,} of {counts.valid + left:,} valid votes"
        return f"{ballots} cannot give a labor organization a majority of the valid votes{best}"
    if all(o.kind is OutcomeKind.REP for o in outcomes) and len({o.winner for o in outcomes}) == 1:
        winner = str(next(iter(outcomes)).winner)
        return (f"{ballots} cannot take the majority away from {winner}: it keeps at least {dict(counts.choices)[winner]:,} "
                f"of at most {counts.valid + left:,} valid votes")
    return f"{ballots} cannot change what the condition turns on, however they are counted"


def condition_decided_sentence(condition: str, counts: TallyCounts, *, sustained: int,
                               ordered: int | None = None) -> str | None:
    """The sentence a conditional direction's document says in place of "whether the election is set aside depends on
    their count" when its rulings already decide the condition (condition_certainty), ending with a full stop; None
    while the count decides. Arguments and errors as condition_warning. Authority: 29 CFR 102.69(e); rules.md R-E7,
    R-M2."""
    certain = condition_certainty(condition, counts, sustained=sustained)
    if certain is None:
        return None
    what = _what_ballots_cannot(counts, sustained=sustained, ordered=ordered)
    if certain == "met":
        return f"{what[:1].upper()}{what[1:]}; the revised tally will therefore meet the condition stated below."
    return f"{what[:1].upper()}{what[1:]}; the revised tally will therefore not meet the condition stated below."


def condition_warning(condition: str, counts: TallyCounts, *, sustained: int, ordered: int | None = None,
                      set_aside: int = 1) -> str | None:
    """The warning a conditional direction carries when its own rulings (or earlier ones) on the challenged ballots leave
    ballots that cannot decide its condition (condition_certainty), or None while the count decides.

    The direction is still made — the Board made it in Cornell-Dubilier (1957), ordering six ballots counted that could
    never give the Petitioner a majority of 1,065 — but the parties are told what the count will do: the ``N`` ballots
    ordered opened and counted cannot give a labor organization a majority (or cannot take its majority away), so the
    condition is certain to be met — the revised tally will direct the election, and a set-aside without condition
    would have done — or cannot be met — the revised tally will leave the objections sustained moot and the
    certification follow. ``counts``, ``sustained`` as for condition_certainty; ``ordered`` how many of the ballots
    unresolved are ordered opened and counted (None: all of them; fewer: the rest are still pending and the warning
    says so); ``set_aside`` the sequence of the election set aside (the election directed is the next). Raises
    ValueError, InvalidTally as condition_certainty. Authority: 29 CFR 102.69(e); rules.md R-E7, R-M2, R-M4."""
    certain = condition_certainty(condition, counts, sustained=sustained)
    if certain is None:
        return None
    what = _what_ballots_cannot(counts, sustained=sustained, ordered=ordered)
    nth = ordinal(set_aside + 1)
    if certain == "met":
        follows = (f"the condition is certain to be met: the revised tally will direct the {nth} election (a set-aside "
                   f"without condition would have done, the count deciding nothing)")
    else:
        certification = ("Certification of Representative" if condition == NO_UNION_MAJORITY
                         else "Certification of Results")
        follows = (f"the condition cannot be met: the revised tally will show that the objecting party prevailed, the "
                   f"objections sustained are moot (R-M2), no {nth} election will be held, and a {certification} "
                   "follows the revised tally's objection period")
    return f"{what[:1].upper()}{what[1:]}; {follows} (29 CFR 102.69(e); rules.md R-E7, R-M2)"
