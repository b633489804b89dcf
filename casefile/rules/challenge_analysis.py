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

Method: every complete count of a ballot has one *shape* (the cases of ``Ballot.outcome_of``): a
majority; a two-choice tie; all choices equal; a tie for first among a set F; a single leader with a
second group G. Each shape is fixed by one or two levels, the other choices being bounded above by
a level and mattering only through their sum; for each shape both figures are a small integer
program in one level, whose objective is monotone, or convex (concave for a maximum) and piecewise
linear, so the optimum is at an end of the feasible interval or next to a breakpoint (the methods
of ``_Search`` give the reasoning). The sets F and G range over the O(K^2) sets of
:func:`~casefile.rules.determinative.candidate_ties` and
:func:`~casefile.rules.determinative.candidate_seconds` (every pair; for larger sets the few that
can do best, their docstrings say why), so the cost is O(K^3) for K choices and does not grow with
``C``; the tests check every figure against the enumeration of every resolution on small tallies,
and against the search over every set of choices on ballots of up to eight.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations

from casefile.errors import InvalidTally
from casefile.rules.determinative import candidate_seconds, candidate_ties
from casefile.rules.outcome import AGAINST, NULLITY_OUTCOME, RESULTS_OUTCOME, Ballot, Outcome, TallyCounts, validate_tally
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
    search = _Search(ballot, votes, c)
    search.run()
    result = []
    for outcome in sorted(search.fewest, key=ballot.sort_key):
        opened, build = search.fewest[outcome]
        least = Requirement(opened, c, _distribution(ballot, build()))
        everything = None
        if outcome in search.opened:
            for_side, build = search.opened[outcome]
            everything = Requirement(for_side, c, _distribution(ballot, build()))
        sentence = _sentence(ballot, votes, outcome, least, everything, single=len(search.fewest) == 1)
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


# ---- the search over the shapes of a complete count ------------------------------------------------


def _ceil_div(numerator: int, denominator: int) -> int:
    return -(-numerator // denominator)


class _Search:
    """Both figures for one tally, found shape by shape (internal; the methods give the reasoning).

    Notation: ``v`` the votes counted (ballot order), ``V = sum(v)``, ``c`` the challenged ballots,
    ``E`` the exact eligible count (``None`` unless confirmed), K choices. Sets of choices are bit
    masks; ``sums``, ``tops`` (-1 for the empty set) and ``sizes`` give them for any mask, computed
    when first asked (only the candidate sets are ever asked).
    ``fewest`` and ``opened`` map each outcome to the best figure found so far and a function that
    builds its witness; a shape is skipped when a lower bound shows it cannot do better.
    """

    def __init__(self, ballot: Ballot, votes: Sequence[int], c: int) -> None:
        self.ballot, self.votes, self.c = ballot, tuple(votes), c
        self.k = k = len(votes)
        self.total = sum(votes)
        self.all_counted = self.total + c
        self.everyone_voted = ballot.all_voted_at
        full = (1 << k) - 1
        ranked = sorted(range(k), key=lambda i: (-votes[i], i))

        def sum_of(mask: int) -> int:  # from the smaller side: a rest of K-2 costs what its pair costs
            if 2 * mask.bit_count() <= k:
                return sum(votes[i] for i in self.members(mask))
            return self.total - sum(votes[i] for i in self.members(full ^ mask))

        def top_of(mask: int) -> int:
            return next((votes[i] for i in ranked if mask >> i & 1), -1)

        self.sums = _MaskTable(sum_of)
        self.tops = _MaskTable(top_of)
        self.sizes = _MaskTable(int.bit_count)
        self.zero_mask = sum(1 << i for i, v in enumerate(votes) if v == 0)
        self.runoffs = {(1 << i) | (1 << j): ballot.runoff(i, j) for i, j in combinations(range(k), 2)}
        self.fewest: dict[Outcome, tuple[int, Callable[[], list[int]]]] = {}
        self.opened: dict[Outcome, tuple[int, Callable[[], list[int]]]] = {}

    # -- bookkeeping

    def members(self, mask: int) -> list[int]:
        found = []
        while mask:
            low = mask & -mask
            found.append(low.bit_length() - 1)
            mask ^= low
        return found

    def improves_fewest(self, outcome: Outcome, bound: int) -> bool:
        held = self.fewest.get(outcome)
        return bound <= self.c and (held is None or bound < held[0])

    def offer_fewest(self, outcome: Outcome, cost: int, witness: Callable[[], list[int]]) -> None:
        if self.improves_fewest(outcome, cost):
            self.fewest[outcome] = (cost, witness)

    def improves_opened(self, outcome: Outcome, bound: int) -> bool:
        held = self.opened.get(outcome)
        return held is None or bound < held[0]

    def offer_opened(self, outcome: Outcome, count: int, witness: Callable[[], list[int]]) -> None:
        if self.improves_opened(outcome, count):
            self.opened[outcome] = (count, witness)

    def witness(
        self,
        raised: tuple[tuple[int, int], ...],
        rest: int,
        ceiling: int,
        amount: int,
        *,
        forced: int = 0,
        keep: int | None = None,
        last: int | None = None,
    ) -> list[int]:
        """Ballots per choice: each ``(mask, level)`` of ``raised`` lifted to its level; one each to the
        ``forced`` mask; then ``amount`` in all (forced included) to the ``rest`` mask, each choice up
        to ``ceiling``, none to ``keep``, in ballot order with ``last`` last."""
        votes, extra = self.votes, [0] * self.k
        for mask, level in raised:
            for i in self.members(mask):
                extra[i] = level - votes[i]
        for j in self.members(forced):
            extra[j] = 1
            amount -= 1
        for j in sorted((j for j in self.members(rest) if j != keep), key=lambda j: j == last):
            step = min(ceiling - votes[j] - extra[j], amount)
            extra[j] += step
            amount -= step
        assert amount == 0, "the shape's arithmetic leaves room for every ballot"
        return extra

    # -- the shapes

    def run(self) -> None:
        """Every shape of a complete count (the cases of ``Ballot.outcome_of``), each once."""
        k, full = self.k, (1 << self.k) - 1
        for j in range(k):
            self.majority(j)
        if self.ballot.two_choice:
            self.two_choice_tie()
            return
        self.all_equal()
        for tied in candidate_ties(self.votes, self.ballot.against_at):
            self.tie_for_first(tied, full ^ tied)
        for leader in range(k):
            others = full ^ (1 << leader)
            for second in candidate_seconds(self.votes, leader):
                self.leader_and_second(leader, second, others ^ second)

    def majority(self, j: int) -> None:
        """Choice j has more than half the valid votes: REP(j), or RESULTS for "against".

        Rest sustained: every ballot to j, ``2*(v_j + n) > V + n`` gives ``n = max(0, V - 2*v_j + 1)``.
        All opened: ``2*(v_j + x) > V + c`` gives ``x = max(0, (V + c) // 2 - v_j + 1)``, the other
        ``c - x`` anywhere (the witness gives them to the strongest rival).
        """
        votes, c = self.votes, self.c
        outcome = self.ballot.majority_outcome(j)
        cost = max(0, self.total - 2 * votes[j] + 1)
        self.offer_fewest(outcome, cost, partial(self.witness, ((1 << j, votes[j] + cost),), 0, 0, 0))
        need = max(0, self.all_counted // 2 - votes[j] + 1)
        if need <= c and self.improves_opened(outcome, need):
            rival = max((i for i in range(self.k) if i != j), key=lambda i: (votes[i], -i))
            raised = ((1 << j, votes[j] + need), (1 << rival, votes[rival] + c - need))
            self.opened[outcome] = (need, partial(self.witness, raised, 0, 0, 0))

    def two_choice_tie(self) -> None:
        """A tie on a two-choice ballot (no majority → RESULTS, R-D2, R-P6).

        Rest sustained: ``|v_0 - v_1|`` to the trailing choice. All opened: ``x_0 = (c + v_1 - v_0) / 2``
        must be a whole number between 0 and c; the side is "against" if on the ballot, else nobody.
        """
        (v0, v1), c, against = self.votes, self.c, self.ballot.against_at
        trailing = 0 if v0 < v1 else 1
        self.offer_fewest(RESULTS_OUTCOME, abs(v0 - v1), partial(self.witness, ((1 << trailing, max(v0, v1)),), 0, 0, 0))
        twice = c + v1 - v0
        if twice % 2 == 0 and 0 <= twice // 2 <= c:
            x = (twice // 2, c - twice // 2)
            count = 0 if against is None else x[against]
            self.offer_opened(RESULTS_OUTCOME, count, partial(self.witness, ((1, v0 + x[0]), (2, v1 + x[1])), 0, 0, 0))

    def all_equal(self) -> None:
        """All choices equal (102.70(d) "equally divided" → NULLITY_RERUN, R-P4(a)).

        Rest sustained: all up to the current top, ``K*max(v) - V``. All opened: the common level
        ``(V + c) / K`` must be a whole number, at least ``max(v)``.
        """
        k, top, full = self.k, max(self.votes), (1 << self.k) - 1
        self.offer_fewest(NULLITY_OUTCOME, k * top - self.total, partial(self.witness, ((full, top),), 0, 0, 0))
        level, remainder = divmod(self.all_counted, k)
        if remainder == 0 and level >= top:
            self.offer_opened(NULLITY_OUTCOME, 0, partial(self.witness, ((full, level),), 0, 0, 0))

    def tie_for_first(self, tied: int, rest: int) -> None:
        """Exactly ``tied`` (f of them, 2 to K-1) tie for first: RUNOFF (two), NULLITY (more), or RESULTS (R-P5).

        The tied sit at a level L, each of the h others at most ``L - 1``; the lowest level is
        ``L0 = max(max(tied), max(rest) + 1)``. The zero-vote exception turns the count into RESULTS
        when the total equals E and some choice of ``rest`` has no vote.

        *Rest sustained, plain*: the cheapest count (L0, nothing to the rest) costs
        ``f*L0 - sum(tied)``; every other count costs more (f per level, one per ballot to the rest).
        If the exception applies to it, the next cheapest plain counts are one ballot to a rest
        choice with room (+1: the total passes E) or, without room, one level up (+f).
        *Rest sustained, exception*: the total is E, so exactly ``E - V`` are opened; feasible iff a
        level fits (:meth:`exception_level`).
        *All opened, plain*: the total is fixed at ``V + c``; when it equals E every rest choice with
        no vote must get one (z forced ballots). The rest take ``r = c - (f*L - sum(tied))``, between z
        and the room ``h*(L - 1) - sum(rest)``: L from ``ceil((V + c + h) / K)`` to
        ``floor((c + sum(tied) - z) / f)``. The side of a RUNOFF is the tied pair, which gets
        ``c - r``: fewest at the lowest L, which serves NULLITY too.
        *All opened, exception*: needs ``V + c == E``; "against" counts fewest when it is the choice
        kept at zero (0), at the lowest level when it is tied (``L - v_a``), at the highest level when
        it is in the rest, filled last (``max(0, r - room of the others)``).
        """
        votes, c, k = self.votes, self.c, self.k
        f, h = self.sizes[tied], k - self.sizes[tied]
        sum_tied, sum_rest = self.sums[tied], self.sums[rest]
        level0 = max(self.tops[tied], self.tops[rest] + 1)
        plain = self.runoffs[tied] if f == 2 else NULLITY_OUTCOME
        everyone = self.everyone_voted
        zeros = rest & self.zero_mask
        cost0 = f * level0 - sum_tied
        if self.improves_fewest(plain, cost0):
            if everyone is None or not zeros or f * level0 + sum_rest != everyone:
                self.fewest[plain] = (cost0, partial(self.witness, ((tied, level0),), rest, level0 - 1, 0))
            elif h * (level0 - 1) - sum_rest >= 1:
                self.offer_fewest(plain, cost0 + 1, partial(self.witness, ((tied, level0),), rest, level0 - 1, 1))
            else:
                self.offer_fewest(plain, cost0 + f, partial(self.witness, ((tied, level0 + 1),), rest, level0, 0))
        if everyone is not None and zeros and self.improves_fewest(RESULTS_OUTCOME, everyone - self.total):
            level = self.exception_level(tied, rest, highest=False)
            if level is not None:
                zero = (zeros & -zeros).bit_length() - 1
                build = partial(self.witness, ((tied, level),), rest, level - 1, everyone - f * level - sum_rest, keep=zero)
                self.fewest[RESULTS_OUTCOME] = (everyone - self.total, build)
        all_counted = self.all_counted
        if self.improves_opened(plain, 0):
            forced = zeros if everyone == all_counted else 0
            z = self.sizes[forced]
            lowest = max(level0, 2 if z else 0, _ceil_div(all_counted + h, k))
            if lowest <= (c + sum_tied - z) // f:
                count = f * lowest - sum_tied if f == 2 else 0
                amount = c - (f * lowest - sum_tied)
                build = partial(self.witness, ((tied, lowest),), rest, lowest - 1, amount, forced=forced)
                self.offer_opened(plain, count, build)
        if everyone == all_counted and zeros and self.improves_opened(RESULTS_OUTCOME, 0):
            a = self.ballot.against_at
            assert a is not None  # three or more choices: "against" is on the ballot
            zero = a if zeros >> a & 1 else (zeros & -zeros).bit_length() - 1
            in_rest = bool(rest >> a & 1) and a != zero
            level = self.exception_level(tied, rest, highest=in_rest)
            if level is not None:
                r = everyone - f * level - sum_rest
                if tied >> a & 1:
                    count = level - votes[a]
                elif in_rest:
                    count = max(0, r - ((h - 2) * (level - 1) - (sum_rest - votes[a])))
                else:
                    count = 0
                build = partial(self.witness, ((tied, level),), rest, level - 1, r, keep=zero, last=a)
                self.offer_opened(RESULTS_OUTCOME, count, build)

    def exception_level(self, tied: int, rest: int, *, highest: bool) -> int | None:
        """A level L at which ``tied`` tie for first, one rest choice keeps no vote, and the total is E.

        The others of ``rest`` take ``r = E - f*L - sum(rest)`` ballots, from 0 to their room
        ``(h-1)*(L-1) - sum(rest)``: so L lies in ``[max(L0, ceil((E + h - 1) / (K - 1))),
        floor((E - sum(rest)) / f)]``. Returns the highest or lowest such level, ``None`` if none.
        """
        everyone = self.everyone_voted
        assert everyone is not None
        f, h = self.sizes[tied], self.k - self.sizes[tied]
        level0 = max(self.tops[tied], self.tops[rest] + 1)
        lowest = max(level0, _ceil_div(everyone + h - 1, self.k - 1))
        top = (everyone - self.sums[rest]) // f
        if lowest > top:
            return None
        return top if highest else lowest

    def leader_and_second(self, leader: int, second: int, rest: int) -> None:
        """One leader without a majority, exactly ``second`` (g) tied for second: RUNOFF (g = 1) or NULLITY.

        The second sit at a level s, the leader at ``L >= s + 1``, each of the h others at most ``s - 1``;
        no majority: ``L <= g*s + sum(rest) + r`` with r the ballots given to the rest.
        ``s_min = max(max(second), max(rest) + 1)``.

        *Rest sustained*: for a fixed s the cheapest is ``L(s) = max(v_lead, s + 1)`` and
        ``r(s) = max(0, L(s) - g*s - sum(rest))``, cost ``(L(s) - v_lead) + (g*s - sum(second)) + r(s)``.
        r(s) fits the room ``h*(s - 1) - sum(rest)`` exactly when ``s >= s_fit = max(s_min,
        ceil((v_lead + h) / (K - 1)), ceil((1 + h) / (K - 2)))`` (each term of r against the room). The
        cost is a sum of maxima of linear functions of s, so convex, rising without bound, with
        breakpoints ``v_lead - 1``, ``(v_lead - sum(rest)) / g``, ``(1 - sum(rest)) / (g - 1)``: its least
        value over the integers ``s >= s_fit`` is at s_fit or next to a breakpoint.

        *All opened*: the total is ``T = V + c``, so no majority is ``L <= T // 2``. For a level s the
        leader may sit anywhere in ``[max(v_lead, s + 1), T // 2]`` and the rest take
        ``r = c - (L - v_lead) - (g*s - sum(second))``, between 0 and the room. That holds for some L
        exactly when s lies in ``[s_a, s_b]``: ``s_a = max(s_min, ceil((T - T // 2 + h) / (K - 1)))`` (the
        room takes what the highest leader leaves), ``s_b`` the least of ``T // 2 - 1``,
        ``floor((c + sum(second)) / g)``, ``floor((c + v_lead + sum(second) - 1) / (g + 1))`` (the lowest
        leader leaves ``r >= 0``). For a RUNOFF the side is the leader and the second, who get
        ``c - r``; the most the rest can take, ``min(c + sum(second) - g*s, c + v_lead + sum(second) - 1
        - (g+1)*s, room(s))``, is concave in s, so its maximum is at an end or next to a breakpoint
        (``v_lead - 1``, ``(c + sum(second) + sum(rest) + h) / (K - 1)``, ``(T - 1 + h) / K``). For a
        NULLITY any s of the interval serves.
        """
        votes, c, k = self.votes, self.c, self.k
        g, h = self.sizes[second], k - 1 - self.sizes[second]
        v_lead, sum_second, sum_rest = votes[leader], self.sums[second], self.sums[rest]
        outcome = self.runoffs[(1 << leader) | second] if g == 1 else NULLITY_OUTCOME
        s_min = max(self.tops[second], self.tops[rest] + 1)
        s_fit = max(s_min, _ceil_div(v_lead + h, k - 1), _ceil_div(1 + h, k - 2))
        if self.improves_fewest(outcome, max(0, s_fit + 1 - v_lead) + g * s_fit - sum_second):

            def for_rest(s: int) -> int:
                return max(0, max(v_lead, s + 1) - g * s - sum_rest)

            def cost(s: int) -> int:
                return max(v_lead, s + 1) - v_lead + g * s - sum_second + for_rest(s)

            candidates = {s_fit}
            breakpoints = [(v_lead - 1, 1), (v_lead - sum_rest, g)] + ([(1 - sum_rest, g - 1)] if g > 1 else [])
            for numerator, denominator in breakpoints:
                floor = numerator // denominator
                candidates.update(s for s in (floor, floor + 1) if s >= s_fit)
            s = min(candidates, key=lambda s: (cost(s), s))
            raised = ((1 << leader, max(v_lead, s + 1)), (second, s))
            self.offer_fewest(outcome, cost(s), partial(self.witness, raised, rest, s - 1, for_rest(s)))
        if not self.improves_opened(outcome, 0):
            return
        all_counted = self.all_counted
        lead_max = all_counted // 2
        s_low = max(s_min, _ceil_div(all_counted - lead_max + h, k - 1))
        s_high = min(lead_max - 1, (c + sum_second) // g, (c + v_lead + sum_second - 1) // (g + 1))
        if v_lead > lead_max or s_low > s_high:
            return

        def absorbed(s: int) -> int:
            return min(c + sum_second - g * s, c + v_lead + sum_second - 1 - (g + 1) * s, h * (s - 1) - sum_rest)

        s = s_low
        if g == 1:
            candidates = {s_low, s_high}
            for numerator, denominator in ((v_lead - 1, 1), (c + sum_second + sum_rest + h, k - 1), (all_counted - 1 + h, k)):
                floor = numerator // denominator
                candidates.update(t for t in (floor, floor + 1) if s_low <= t <= s_high)
            s = max(candidates, key=lambda t: (absorbed(t), -t))
        r = absorbed(s)
        raised = ((1 << leader, v_lead + c - (g * s - sum_second) - r), (second, s))
        self.offer_opened(outcome, c - r if g == 1 else 0, partial(self.witness, raised, rest, s - 1, r))


class _MaskTable(dict[int, int]):
    """A figure of a set of choices (by bit mask), computed on first use and kept."""

    def __init__(self, compute: Callable[[int], int]) -> None:
        super().__init__()
        self._compute = compute

    def __missing__(self, mask: int) -> int:
        value = self[mask] = self._compute(mask)
        return value


# ---- plain words -----------------------------------------------------------------------------------


def _distribution(ballot: Ballot, extra: Sequence[int]) -> tuple[tuple[str, int], ...]:
    return tuple(zip(ballot.names, extra, strict=True))


def _short(name: str) -> str:
    return "Against" if name == AGAINST else name


def _spread(requirement: Requirement) -> str:
    parts = [f"{_short(name)} {n:,}" for name, n in requirement.distribution if n]
    return ", ".join(parts) if parts else "none counted"


def _sentence(
    ballot: Ballot,
    votes: Sequence[int],
    outcome: Outcome,
    least: Requirement,
    everything: Requirement | None,
    *,
    single: bool,
) -> str:
    c = least.of
    if c == 0:
        return f"No challenged ballots remain unresolved: the count gives {outcome.describe()}."
    of_c = f"of the {c:,} challenged ballots"
    with_all, of_them = (f"with all {c:,} opened", " of them") if c != 1 else ("with it opened", "")
    side = _side_indices(ballot, outcome)
    counted_for_side = bool(side) and sum(least.distribution[i][1] for i in side) == least.count
    pair = ""
    if outcome.kind is OutcomeKind.REP:
        subject, for_side = str(outcome.winner), "for it"
    elif outcome.kind is OutcomeKind.RESULTS:
        subject, for_side = "Certification of Results", "against the labor organization" + ("s" if len(votes) > 2 else "")
    elif outcome.kind is OutcomeKind.RUNOFF:
        assert outcome.runoff_choices is not None
        pair = " and ".join(_short(name) for name in outcome.runoff_choices)
        subject, for_side = f"A runoff between {pair}", ""
    else:
        subject, for_side = "A rerun election with all the original choices (nullity, 102.70(d))", ""
    if least.count == 0:
        majority = outcome.kind is OutcomeKind.REP
        why = "it already has a majority of the valid votes counted" if majority else "the count as it stands gives it"
        head = f"{subject} needs no challenged ballot opened ({why})"
    else:
        if least.count == c:
            needed, rest = ("the challenged ballot" if c == 1 else f"all {c:,} challenged ballots"), ""
        else:
            needed, rest = f"{least.count:,} {of_c}", "the rest sustained"
        if counted_for_side and for_side:
            head = f"{subject} needs {needed} opened and counted {for_side}" + (f" ({rest})" if rest else "")
        else:
            head = f"{subject} needs {needed} opened and counted ({_spread(least)})" + (f", {rest}" if rest else "")
    if everything is None:
        tail = f"{with_all} it cannot be reached"
    elif outcome.kind is OutcomeKind.REP:
        tail = f"{with_all} it " + ("wins however they are counted" if everything.count == 0 else f"needs {everything.count:,}")
    elif outcome.kind is OutcomeKind.RESULTS and side:
        why = _unless_majority(ballot, votes, everything)
        tail = f"{with_all} the votes against need {_amount(everything.count)}{of_them}{why}"
    elif outcome.kind is OutcomeKind.RESULTS:
        tail = f"{with_all} it needs a tie (e.g. {_spread(everything)})"
    elif outcome.kind is OutcomeKind.RUNOFF:
        tail = f"{with_all} {pair} need {_amount(everything.count)}{of_them} between them (e.g. {_spread(everything)})"
    else:
        tail = f"{with_all} it can be reached (e.g. {_spread(everything)})"
    lead = "The challenges cannot change the outcome: " if single else ""
    return f"{lead}{head}; {tail}."


def _amount(count: int) -> str:
    return "none" if count == 0 else f"{count:,}"


def _unless_majority(ballot: Ballot, votes: Sequence[int], requirement: Requirement) -> str:
    """For RESULTS reached other than by an against majority: the witness and why it gives RESULTS."""
    final = [v + n for v, (_, n) in zip(votes, requirement.distribution, strict=True)]
    assert ballot.against_at is not None
    if 2 * final[ballot.against_at] > sum(final):
        return ""
    if ballot.two_choice:
        return f" (e.g. {_spread(requirement)}: a tie is not a majority)"
    return f" (e.g. {_spread(requirement)}: a tie for first, a choice with no votes, every eligible voter voting, 102.70(d))"
