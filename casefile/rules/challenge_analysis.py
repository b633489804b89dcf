"""What the unresolved challenged ballots must do for each outcome still reachable (R-E3, R-E5, R-E7).

For a tally with ``C`` unresolved challenged ballots, every outcome class still reachable (R-E3) is
given two figures, each with one *witness*: how many ballots go to each choice to reach it.

*Fewest needed, rest sustained* (:attr:`OutcomeRequirement.fewest_needed`): the fewest challenged
ballots that must be opened and counted, all the others sustained (never counted), for the count to
give the outcome. ``count`` is the number opened; the witness says for whom each is counted.

* ``REP(u)``: every ballot opened is counted for ``u`` (any other vote only raises the number of
  valid votes u must exceed half of), so ``count = max(0, V - 2*v_u + 1)``.
* ``RESULTS``: the cheapest of an "against" majority (all counted against), a tie on a two-choice
  ballot (counted for the trailing choice), and the zero-vote exception (R-P5: a tie for first, a
  choice with no votes, and the valid votes reaching the exact eligible count; then exactly
  ``E - V`` are opened, counted as the witness shows).
* ``RUNOFF{a,b}`` and ``NULLITY_RERUN``: the fewest opened, however they are counted.

Bessemer 2022 rerun (RWDSU 875, against 993, 416 challenged): RWDSU needs 119 (875 + 119 = 994 >
993); Certification of Results needs 0 (the count as it stands gives it).

*All opened* (:attr:`OutcomeRequirement.all_opened`): every one of the ``C`` ballots is opened and
counted; ``count`` is the fewest of them that must be counted for the outcome's *side*, the set of
choices given by :func:`outcome_side`:

* ``REP(u)``: ``{u}``;
* ``RESULTS``: ``{against}``; on a runoff ballot between two labor organizations there is no
  against choice and the side is empty (the outcome is reached only by a tie);
* ``RUNOFF{a,b}``: ``{a, b}``, the two choices on the runoff ballot (the others may take the rest,
  as long as neither of them overtakes ``a`` or ``b``);
* ``NULLITY_RERUN``: empty: nullity comes from ties, not from any choice's gain.

When the side is empty the count is 0 and the figure says only that the outcome can be reached with
every ballot opened, and how (the witness). ``None`` when no distribution of all ``C`` ballots gives
the outcome. Bessemer 2022: with all 416 opened RWDSU needs 268 (875 + 268 = 1,143 > 2,284 / 2) and
the votes against need 149 (875 + 267 = 993 + 149 is a tie, which RWDSU loses).

On a one-union ballot (Y for, N against, C challenged) these are the closed forms behind R-E4: the
union needs ``max(0, N - Y + 1)`` rest sustained and ``max(0, (Y + N + C) // 2 - Y + 1)`` all
opened; the votes against need ``max(0, Y - N)`` and ``max(0, ceil((Y + C - N) / 2))``. The
challenges are determinative exactly when both outcomes are listed.

The figures are found by :class:`casefile.rules.challenge_search.ChallengeSearch` (its module says
how, and why the cost is O(K^3) for K choices whatever ``C``); the sentences by
:func:`casefile.rules.challenge_words.outcome_sentence`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from casefile.errors import InvalidTally
from casefile.rules.challenge_search import ChallengeSearch
from casefile.rules.challenge_words import outcome_sentence
from casefile.rules.outcome import Ballot, Outcome, TallyCounts, validate_tally
from casefile.vocab import OutcomeKind

__all__ = ["OutcomeRequirement", "Requirement", "analyze_challenges", "outcome_side"]


@dataclass(frozen=True)
class Requirement:
    """One figure of the challenge analysis: ``count`` of the ``of`` challenged ballots, and a witness.

    ``distribution`` pairs each choice on the ballot (ballot order, ``AGAINST`` last) with the
    challenged ballots counted for it in one resolution that reaches the outcome with exactly
    ``count`` (for *fewest needed*, ``count`` is the sum; for *all opened*, the sum is ``of`` and
    ``count`` is the part counted for the outcome's side).
    """

    count: int
    of: int
    distribution: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class OutcomeRequirement:
    """What one reachable outcome needs from the challenged ballots.

    ``fewest_needed`` is set for every reachable outcome; ``all_opened`` is ``None`` when opening
    and counting all of them cannot give the outcome. ``sentence`` states both in plain words.
    """

    outcome: Outcome
    fewest_needed: Requirement | None
    all_opened: Requirement | None
    sentence: str


def outcome_side(counts: TallyCounts, outcome: Outcome) -> tuple[str, ...]:
    """The choices an outcome's *all opened* figure counts ballots for (see the module docstring).

    Args:
        counts: the tally (validated here).
        outcome: an outcome class of this ballot (not ``PENDING``).

    Returns:
        Choice names in ballot order: ``(u,)`` for ``REP(u)``; ``(AGAINST,)`` for ``RESULTS`` (empty on
        a runoff ballot between two labor organizations); the two runoff choices for ``RUNOFF``;
        empty for ``NULLITY_RERUN``.

    Raises:
        InvalidTally: the counts are invalid, the outcome is ``PENDING``, or it names a choice that is
            not on the ballot (``line="outcome"``).

    Authority: 29 CFR 102.69(a)(7), 102.70; rules.md R-E3, R-E5, R-D5.
    """
    validate_tally(counts)
    ballot = Ballot.of(counts)
    return tuple(ballot.names[i] for i in _side_indices(ballot, outcome))


def analyze_challenges(counts: TallyCounts) -> tuple[OutcomeRequirement, ...]:
    """For each outcome still reachable, the challenged ballots it needs, rest sustained and all opened.

    Args:
        counts: the tally (validated here); ``challenged`` counts the unresolved challenged ballots,
            disputed void ballots included (R-E6). The figures hold for the ballots still sealed, so
            after a partial resolution (R-E7) call it again on the revised tally.

    Returns:
        One :class:`OutcomeRequirement` per reachable outcome (exactly the outcomes of
        :func:`casefile.rules.determinative.reachable_outcomes`), in the stable order REP, RESULTS,
        RUNOFF, NULLITY_RERUN, then ballot order. When the challenges are not determinative that is
        the single outcome of the count, needing 0 ballots. Definitions of both figures and of each
        outcome's side: module docstring. Each figure is exact (a minimum over every resolution) and
        carries a witness distribution that reaches the outcome with that figure.

    Raises:
        InvalidTally: the counts are invalid.

    Authority: 29 CFR 102.69(a)(7), 102.70; rules.md R-E3, R-E4, R-E5, R-E6, R-E7, R-D1-R-D3,
    R-P1-R-P6.
    """
    validate_tally(counts)
    ballot = Ballot.of(counts)
    votes = Ballot.votes_of(counts)
    c = counts.challenged
    search = ChallengeSearch(ballot, votes, c)
    search.run()
    result = []
    for outcome in sorted(search.fewest, key=ballot.sort_key):
        opened, build = search.fewest[outcome]
        least = Requirement(opened, c, _distribution(ballot, build()))
        everything = None
        if outcome in search.opened:
            for_side, build = search.opened[outcome]
            everything = Requirement(for_side, c, _distribution(ballot, build()))
        sentence = outcome_sentence(ballot, votes, outcome, least, everything, side=_side_indices(ballot, outcome),
                                    single=len(search.fewest) == 1)
        result.append(OutcomeRequirement(outcome, least, everything, sentence))
    return tuple(result)


# ---- the side of an outcome -------------------------------------------------------------------------


def _side_indices(ballot: Ballot, outcome: Outcome) -> tuple[int, ...]:
    if outcome.kind is OutcomeKind.REP:
        return (_index(ballot, outcome.winner),)
    if outcome.kind is OutcomeKind.RESULTS:
        return () if ballot.against_at is None else (ballot.against_at,)
    if outcome.kind is OutcomeKind.RUNOFF:
        assert outcome.runoff_choices is not None  # guaranteed by Outcome
        return tuple(sorted(_index(ballot, name) for name in outcome.runoff_choices))
    if outcome.kind is OutcomeKind.NULLITY_RERUN:
        return ()
    raise InvalidTally(f"outcome {outcome.kind}: not an outcome of a count, it has no side", line="outcome")


def _index(ballot: Ballot, name: str | None) -> int:
    if name not in ballot.names:
        raise InvalidTally(f"outcome names {name!r}, which is not a choice on the ballot", line="outcome")
    return ballot.names.index(name)


def _distribution(ballot: Ballot, extra: Sequence[int]) -> tuple[tuple[str, int], ...]:
    return tuple(zip(ballot.names, extra, strict=True))
