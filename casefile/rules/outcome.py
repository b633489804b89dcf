"""The count of a tally of ballots and its outcome: majority, ties, runoff, nullity (R-D1..R-D5, R-P1..R-P6).

Vocabulary used in this module:

* a *choice* is one line of the ballot: a labor organization, or "against" (``AGAINST``);
* *ballot order* is the unions in the order they appear on the ballot, then ``AGAINST``;
* a *complete count* is the vote of every choice once nothing remains unresolved: the challenged
  ballots of a :class:`TallyCounts` are not part of it (they are sustained, or already opened).

Outcomes are values of :class:`Outcome` (R-D5 classes). A runoff's two choices are always kept in
ballot order, so ``RUNOFF{a,b}`` has one spelling and outcomes compare and hash as classes (R-E3).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from casefile.errors import InvalidTally
from casefile.vocab import OutcomeKind

__all__ = [
    "AGAINST",
    "Ballot",
    "Outcome",
    "TallyCounts",
    "outcome_of_count",
    "validate_tally",
]

AGAINST = "Against participating labor organization(s)"
"""Display name of the "no union" choice (line 4 of the tally, R-C2; "Neither"/"None" on multi-union ballots)."""

MAX_COUNT = 1_000_000
"""Largest count of ballots or voters in one line of a tally: casefile's bound, not a rule of the
Board (R-C3 asks only for non-negative integers). The largest unit in casefile's real samples (276
tallies of the NLRB's FOIA release 2017-2021, 300 records of its Recent Election Results export) had
5,867 eligible voters (Amazon, Bessemer, 2021): the bound is 170 times that, and keeps every sum of
counts far inside SQLite's 64-bit integers."""

# Names that mean the against choice; a labor organization may not be called by one of them.
_AGAINST_ALIASES = frozenset({AGAINST.casefold(), "against", "none", "neither", "no union", "no", "no representation"})


@dataclass(frozen=True)
class TallyCounts:
    """The counts of one tally of ballots (R-C2 lines 2-5 and 7), before anything is derived from them.

    ``choices`` holds the labor organizations in ballot order as ``(name, votes)`` pairs; a mapping or
    a list of pairs is accepted and stored as a tuple of tuples. ``against`` is ``None`` only on a
    runoff ballot between two labor organizations. ``challenged`` counts the unresolved challenged
    ballots, disputed void ballots included (R-E6). ``eligible`` is the approximate number of eligible
    voters; ``eligible_exact`` says it has been confirmed exact (needed for the zero-vote exception,
    R-P5). ``runoff_ballot`` marks the tally of a runoff election (two choices, no further runoff, R-P6).

    Construction does not check the counts: :func:`validate_tally` does.
    """

    choices: tuple[tuple[str, int], ...]
    against: int | None
    challenged: int = 0
    void: int = 0
    eligible: int | None = None
    eligible_exact: bool = False
    runoff_ballot: bool = False

    def __post_init__(self) -> None:
        choices: object = self.choices
        if isinstance(choices, Mapping):
            choices = tuple(choices.items())
        elif isinstance(choices, Iterable) and not isinstance(choices, str | bytes):
            items = list(choices)
            if all(isinstance(item, list | tuple) for item in items):
                choices = tuple(tuple(item) for item in items)
            else:
                choices = tuple(items)
        object.__setattr__(self, "choices", choices)

    @property
    def union_names(self) -> tuple[str, ...]:
        """The labor organizations on the ballot, in ballot order."""
        return tuple(name for name, _ in self.choices)

    @property
    def valid(self) -> int:
        """Valid votes counted (line 5): votes for every labor organization plus votes against."""
        return sum(votes for _, votes in self.choices) + (self.against or 0)

    @property
    def valid_plus_challenged(self) -> int:
        """Valid votes counted plus challenged ballots (line 7)."""
        return self.valid + self.challenged

    @property
    def ballots_cast(self) -> int:
        """Ballots cast: valid votes, void ballots and challenged ballots (R-C3)."""
        return self.valid + self.void + self.challenged


@dataclass(frozen=True)
class Outcome:
    """One outcome class of R-D5: ``REP(u)``, ``RESULTS``, ``RUNOFF{a,b}``, ``NULLITY_RERUN`` or ``PENDING``.

    ``winner`` is set for ``REP`` only; ``runoff_choices`` for ``RUNOFF`` only, in ballot order
    (``AGAINST`` may be one of them, and is then second). A ``RESULTS`` outcome carries nothing: an
    "against" majority and "no majority on a two-choice ballot" are one class (R-E3).

    Raises:
        InvalidTally: the fields do not fit the kind (a ``REP`` without a winner, ...).
    """

    kind: OutcomeKind
    winner: str | None = None
    runoff_choices: tuple[str, str] | None = field(default=None)

    def __post_init__(self) -> None:
        if self.runoff_choices is not None and not isinstance(self.runoff_choices, tuple):
            object.__setattr__(self, "runoff_choices", tuple(self.runoff_choices))
        needs_winner = self.kind is OutcomeKind.REP
        needs_pair = self.kind is OutcomeKind.RUNOFF
        if needs_winner != (self.winner is not None):
            raise InvalidTally(f"outcome {self.kind}: a winner is given for REP and only for REP", line="outcome")
        if needs_pair != (self.runoff_choices is not None):
            raise InvalidTally(f"outcome {self.kind}: runoff choices are given for RUNOFF and only for RUNOFF", line="outcome")
        if self.runoff_choices is not None and (
            len(self.runoff_choices) != 2 or self.runoff_choices[0] == self.runoff_choices[1]
        ):
            raise InvalidTally(f"outcome RUNOFF needs two different choices, not {self.runoff_choices!r}", line="outcome")

    def describe(self) -> str:
        """A one-line statement of the outcome, e.g. ``"Certification of Representative: RWDSU"``."""
        if self.kind is OutcomeKind.REP:
            return f"Certification of Representative: {self.winner}"
        if self.kind is OutcomeKind.RESULTS:
            return "Certification of Results"
        if self.kind is OutcomeKind.RUNOFF:
            assert self.runoff_choices is not None
            return f"Runoff: {self.runoff_choices[0]} v. {self.runoff_choices[1]}"
        if self.kind is OutcomeKind.NULLITY_RERUN:
            return "Nullity: rerun election with all the original choices (102.70(d))"
        return "Pending: challenged ballots or objections unresolved"


def outcome_words(outcome: Outcome) -> str:
    """What a tally's ``outcome`` leads to, in words (R-D5; 29 CFR 102.69(b), 102.70): "A majority for
    Amazon Labor Union: a Certification of Representative", "No majority for any labor organization:
    a Certification of Results", "No majority: a runoff election between A and B", "A rerun election
    with all the original choices (29 CFR 102.70(d))", "Not yet decided: challenged ballots or
    objections unresolved". From the outcome's fields, never from its display text."""
    if outcome.kind is OutcomeKind.REP:
        return f"A majority for {outcome.winner}: a Certification of Representative"
    if outcome.kind is OutcomeKind.RESULTS:
        return "No majority for any labor organization: a Certification of Results"
    if outcome.kind is OutcomeKind.RUNOFF:
        assert outcome.runoff_choices is not None
        return f"No majority: a runoff election between {outcome.runoff_choices[0]} and {outcome.runoff_choices[1]}"
    if outcome.kind is OutcomeKind.NULLITY_RERUN:
        return "A rerun election with all the original choices (29 CFR 102.70(d))"
    return "Not yet decided: challenged ballots or objections unresolved"


def certification_words(outcome: Outcome) -> str:
    """The certification a ``REP`` or ``RESULTS`` outcome calls for (29 CFR 102.69(b)): "a
    Certification of Representative of Amazon Labor Union", "a Certification of Results"; "" for
    any other outcome (no certification follows it)."""
    if outcome.kind is OutcomeKind.REP:
        return f"a Certification of Representative of {outcome.winner}"
    if outcome.kind is OutcomeKind.RESULTS:
        return "a Certification of Results"
    return ""


REP = OutcomeKind.REP
RESULTS_OUTCOME = Outcome(OutcomeKind.RESULTS)
NULLITY_OUTCOME = Outcome(OutcomeKind.NULLITY_RERUN)
PENDING_OUTCOME = Outcome(OutcomeKind.PENDING)


def validate_tally(counts: TallyCounts) -> TallyCounts:
    """Check that a tally's counts are possible and its ballot is one the Board uses; return it unchanged.

    Args:
        counts: the tally; every count an ``int`` (not ``bool``) of ballots.

    Returns:
        ``counts`` itself.

    Raises:
        InvalidTally: with ``line`` naming the field (``"choices"``, ``"against"``, ``"challenged"``,
            ``"void"``, ``"eligible"``, ``"eligible_exact"``, ``"runoff_ballot"``) when a count is
            negative, above :data:`MAX_COUNT` or not an ``int`` (``bool`` is not), no labor organization is on the ballot, two choices share a
            name or a union is named like the against choice, "against" is missing other than on a
            runoff ballot between two unions, a runoff ballot does not have exactly two choices, an
            exact eligible count is missing, or valid plus void ballots exceed an exact eligible count.
            (Ballots cast above an *approximate* eligible count is a warning, not an error: R-C3.)

    Authority: 29 CFR 102.69(a)(7), 102.70(c); rules.md R-C2, R-C3, R-P2, R-P6.
    """
    choices = counts.choices
    if not isinstance(choices, tuple) or not choices:
        raise InvalidTally("line 3 (votes for each labor organization): the ballot names no labor organization", line="choices")
    seen: dict[str, str] = {}
    for position, item in enumerate(choices, start=1):
        if not isinstance(item, tuple) or len(item) != 2:
            raise InvalidTally(f"line 3, choice {position}: expected a (name, votes) pair, got {item!r}", line="choices")
        name, votes = item
        if not isinstance(name, str) or not name.strip():
            raise InvalidTally(f"line 3, choice {position}: the labor organization needs a name, got {name!r}", line="choices")
        if name != name.strip():
            raise InvalidTally(f"line 3, choice {position}: name {name!r} has leading or trailing spaces", line="choices")
        key = name.casefold()
        if key in _AGAINST_ALIASES:
            raise InvalidTally(
                f"line 3, choice {position}: {name!r} is the against choice, not a labor organization; give its votes as 'against' (line 4)",
                line="choices",
            )
        if key in seen:
            raise InvalidTally(f"line 3: labor organization {name!r} appears twice on the ballot", line="choices")
        seen[key] = name
        _check_count(votes, f"line 3 (votes for {name})", "choices")
    if counts.against is None:
        if not (counts.runoff_ballot and len(choices) == 2):
            raise InvalidTally(
                "line 4 (votes against): missing; only a runoff ballot between two labor organizations has no 'against' choice",
                line="against",
            )
    else:
        _check_count(counts.against, "line 4 (votes against)", "against")
    if counts.runoff_ballot:
        on_ballot = len(choices) + (counts.against is not None)
        if on_ballot != 2:
            raise InvalidTally(
                f"runoff ballot: a runoff election offers exactly two choices (102.70(c)), this tally has {on_ballot}",
                line="runoff_ballot",
            )
    _check_count(counts.challenged, "line 6 (challenged ballots)", "challenged")
    _check_count(counts.void, "line 2 (void ballots)", "void")
    if not isinstance(counts.eligible_exact, bool) or not isinstance(counts.runoff_ballot, bool):
        raise InvalidTally("eligible_exact and runoff_ballot are true or false", line="eligible_exact")
    if counts.eligible is not None:
        _check_count(counts.eligible, "line 1 (eligible voters)", "eligible")
    if counts.eligible_exact:
        if counts.eligible is None:
            raise InvalidTally(
                "line 1 (eligible voters): marked exact but no number of eligible voters given", line="eligible_exact"
            )
        counted = counts.valid + counts.void
        if counted > counts.eligible:
            raise InvalidTally(
                f"line 1 (eligible voters): the exact count {counts.eligible} is smaller than the {counted} valid and void ballots counted",
                line="eligible",
            )
    return counts


def _check_count(value: object, where: str, line: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidTally(f"{where}: a count of ballots must be a whole number, got {value!r:.60}", line=line)
    shown = f"{value:,}" if value.bit_length() < 64 else "a number of 19 digits or more"
    if value < 0:
        raise InvalidTally(f"{where}: a count of ballots cannot be negative, got {shown}", line=line)
    if value > MAX_COUNT:
        raise InvalidTally(f"{where}: {shown} is more than {MAX_COUNT:,}, the most ballots casefile accepts in one count "
                           "(far above any NLRB voting unit)", line=line)


@dataclass(frozen=True, slots=True)
class Ballot:
    """The choices of one ballot, in ballot order, and the facts the outcome rules read besides the votes.

    ``names`` lists the unions and then ``AGAINST`` when it is on the ballot (``against_at`` is its
    index). ``two_choice`` is true for a one-union ballot and a runoff ballot (R-P6: no majority there
    means no runoff). ``all_voted_at`` is the exact eligible count when one is confirmed, else ``None``
    (R-P5 applies only when the valid votes reach it).
    """

    names: tuple[str, ...]
    against_at: int | None
    two_choice: bool
    all_voted_at: int | None

    @classmethod
    def of(cls, counts: TallyCounts) -> Ballot:
        """The ballot of a (validated) tally."""
        names = counts.union_names + ((AGAINST,) if counts.against is not None else ())
        return cls(
            names=names,
            against_at=len(counts.choices) if counts.against is not None else None,
            two_choice=len(names) == 2,
            all_voted_at=counts.eligible if counts.eligible_exact else None,
        )

    @staticmethod
    def votes_of(counts: TallyCounts) -> tuple[int, ...]:
        """The complete count of a tally in ballot order (challenged ballots left out)."""
        votes = tuple(v for _, v in counts.choices)
        return votes + ((counts.against,) if counts.against is not None else ())

    def majority_outcome(self, index: int) -> Outcome:
        """The outcome when choice ``index`` has a majority: REP(u), or RESULTS for "against"."""
        if index == self.against_at:
            return RESULTS_OUTCOME
        return Outcome(REP, winner=self.names[index])

    def runoff(self, first: int, second: int) -> Outcome:
        """RUNOFF between two choices, named in ballot order."""
        i, j = sorted((first, second))
        return Outcome(OutcomeKind.RUNOFF, runoff_choices=(self.names[i], self.names[j]))

    def outcome_of(self, votes: Sequence[int]) -> Outcome:
        """The outcome of a complete count ``votes`` (ballot order); see :func:`outcome_of_count`."""
        total = sum(votes)
        for index, v in enumerate(votes):
            if 2 * v > total:
                return self.majority_outcome(index)
        if self.two_choice:
            return RESULTS_OUTCOME
        top = max(votes)
        first = [i for i, v in enumerate(votes) if v == top]
        if len(first) == len(votes):
            return NULLITY_OUTCOME
        if len(first) >= 2:
            if self.all_voted_at is not None and total == self.all_voted_at and min(votes) == 0:
                return RESULTS_OUTCOME
            if len(first) == 2:
                return self.runoff(first[0], first[1])
            return NULLITY_OUTCOME
        runner_up = max(v for v in votes if v != top)
        second = [i for i, v in enumerate(votes) if v == runner_up]
        if len(second) >= 2:
            return NULLITY_OUTCOME
        return self.runoff(first[0], second[0])

    def sort_key(self, outcome: Outcome) -> tuple[int, int, int]:
        """Stable order for outcomes of this ballot: REP, RESULTS, RUNOFF, NULLITY_RERUN, PENDING; then ballot order."""
        order = _KIND_ORDER[outcome.kind]
        if outcome.winner is not None:
            return (order, self.names.index(outcome.winner), 0)
        if outcome.runoff_choices is not None:
            return (order, self.names.index(outcome.runoff_choices[0]), self.names.index(outcome.runoff_choices[1]))
        return (order, 0, 0)


_KIND_ORDER = {
    OutcomeKind.REP: 0,
    OutcomeKind.RESULTS: 1,
    OutcomeKind.RUNOFF: 2,
    OutcomeKind.NULLITY_RERUN: 3,
    OutcomeKind.PENDING: 4,
}


def outcome_of_count(counts: TallyCounts) -> Outcome:
    """The outcome of a complete count: the votes as counted, challenged ballots left out.

    Args:
        counts: a tally (validated here); its ``challenged`` ballots are ignored, as if sustained.
            Use :func:`casefile.rules.determinative.reachable_outcomes` when they are unresolved.

    Returns:
        In this order (rules.md §8):

        1. a choice with strictly more than half of the valid votes wins: ``REP(u)``, or ``RESULTS``
           when "against" has it (R-D1, R-D3); a tie is not a majority (R-D2);
        2. no majority on a two-choice ballot (one union and "against", or a runoff ballot) →
           ``RESULTS`` (R-D2, R-P6);
        3. all choices equal → ``NULLITY_RERUN`` (R-P4(a));
        4. two or more choices tied for first, another choice with no votes, and the valid votes equal
           an exact eligible count (every eligible voter cast a valid ballot) → ``RESULTS`` (R-P5,
           the zero-vote exception of 102.70(d));
        5. three or more choices tied for first → ``NULLITY_RERUN`` (R-P5a); two tied for first →
           ``RUNOFF`` between them (R-P2);
        6. a single leader and a tie for second place → ``NULLITY_RERUN`` (R-P4(b)); otherwise
           ``RUNOFF`` between the first and second (R-P1, R-P2). A tie for third place or lower
           does not matter.

    Raises:
        InvalidTally: the counts are invalid (see :func:`validate_tally`).

    Authority: 29 CFR 102.69(a)(7), 102.70(a)-(e); NLRA §9(c)(3); rules.md R-D1-R-D3, R-D5, R-P1-R-P6.
    """
    validate_tally(counts)
    ballot = Ballot.of(counts)
    return ballot.outcome_of(Ballot.votes_of(counts))


def count_showed(outcome: Outcome) -> str:
    """What a tally's count showed, without what would follow from it (R-D5; 29 CFR 102.69(b), 102.70): for an election
    set aside, whose certification never issues (29 CFR 102.69(c)). "A majority for Amazon Labor Union", "No majority
    for any labor organization", "No majority for any choice", "A result that is a nullity (29 CFR 102.70(d))", "Not yet decided: challenged ballots
    or objections unresolved". From the outcome's fields."""
    if outcome.kind is OutcomeKind.REP:
        return f"A majority for {outcome.winner}"
    if outcome.kind is OutcomeKind.RESULTS:
        return "No majority for any labor organization"
    if outcome.kind is OutcomeKind.RUNOFF:
        return "No majority for any choice"
    if outcome.kind is OutcomeKind.NULLITY_RERUN:
        return "A result that is a nullity (29 CFR 102.70(d))"
    return "Not yet decided: challenged ballots or objections unresolved"
