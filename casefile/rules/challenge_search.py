"""The search behind the challenge analysis (casefile.rules.challenge_analysis): both figures of
every reachable outcome for one tally, found shape by shape of a complete count.

Method: every complete count of a ballot has one *shape* (the cases of ``Ballot.outcome_of``): a
majority; a two-choice tie; all choices equal; a tie for first among a set F; a single leader with a
second group G. Each shape is fixed by one or two levels, the other choices being bounded above by
a level and mattering only through their sum; for each shape both figures are a small integer
program in one level, whose objective is monotone, or convex (concave for a maximum) and piecewise
linear, so the optimum is at an end of the feasible interval or next to a breakpoint (the methods
of :class:`ChallengeSearch` give the reasoning). The sets F and G range over the O(K^2) sets of
:func:`~casefile.rules.determinative.candidate_ties` and
:func:`~casefile.rules.determinative.candidate_seconds` (every pair; for larger sets the few that
can do best, their docstrings say why), so the cost is O(K^3) for K choices and does not grow with
``C``; the tests check every figure against the enumeration of every resolution on small tallies,
and against the search over every set of choices on ballots of up to eight.

Authority: 29 CFR 102.69(a)(7), 102.70; rules.md R-E3, R-E5, R-P1-R-P6.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from itertools import combinations

from casefile.rules.determinative import candidate_seconds, candidate_ties, mask_members
from casefile.rules.outcome import NULLITY_OUTCOME, RESULTS_OUTCOME, Ballot, Outcome

__all__ = ["ChallengeSearch"]


def _ceil_div(numerator: int, denominator: int) -> int:
    return -(-numerator // denominator)


class ChallengeSearch:
    """Both figures for one tally, found shape by shape (for analyze_challenges; the methods give the reasoning).

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
                return sum(votes[i] for i in mask_members(mask))
            return self.total - sum(votes[i] for i in mask_members(full ^ mask))

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
            for i in mask_members(mask):
                extra[i] = level - votes[i]
        for j in mask_members(forced):
            extra[j] = 1
            amount -= 1
        for j in sorted((j for j in mask_members(rest) if j != keep), key=lambda j: j == last):
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
