"""Are the challenged ballots determinative? The outcomes reachable by resolving them (R-E3..R-E6).

A *resolution* of ``C`` unresolved challenged ballots sustains some of them (never counted) and
overrules the rest, each counted for one choice on the ballot. Challenges are *determinative*
("sufficient in number to affect the results") when two resolutions lead to different outcome
classes (R-E3); the ``RESULTS`` variants are one class.

Three ways to compute the reachable outcomes live here:

* :func:`reachable_outcomes` — production: exact, and its cost does not grow with ``C`` beyond a
  ``log C`` search (it never enumerates resolutions) and is polynomial in the number of choices K
  (it never enumerates sets of choices either: :func:`candidate_ties` and
  :func:`candidate_seconds` give the O(K^2) sets that can matter). The reasoning is in the
  docstrings of the helpers below, one per shape of the final count.
* :func:`reachable_outcomes_enumerated` — the literal reference of R-E5 / §8: every multiset of
  ``C`` ballots over {not counted, choice 1, ..., choice K}. Used by the tests on small ``C``.
* :func:`one_union_determinative` — the closed form of R-E4 for a one-union ballot.

Notation in the helpers: ``v`` are the votes counted (ballot order), ``V = sum(v)``, ``x_i >= 0``
the overruled ballots counted for choice ``i`` with ``sum(x) <= C``, ``w = v + x`` the final count
and ``T = sum(w)``. Adding ballots only ever raises counts, so every question below is "is there a
final count ``w >= v`` of the required shape whose cost ``sum(w - v)`` is at most ``C``?".
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import comb

from casefile.errors import InvalidTally
from casefile.rules.outcome import MAX_COUNT, NULLITY_OUTCOME, RESULTS_OUTCOME, Ballot, Outcome, TallyCounts, validate_tally

__all__ = [
    "ENUMERATION_LIMIT",
    "candidate_seconds",
    "candidate_ties",
    "is_determinative",
    "mask_members",
    "one_union_determinative",
    "reachable_outcomes",
    "reachable_outcomes_enumerated",
    "why_determinative",
]

ENUMERATION_LIMIT = 2_000_000
"""Most resolutions :func:`reachable_outcomes_enumerated` will try before refusing."""


def one_union_determinative(yes: int, no: int, challenged: int) -> bool:
    """Closed form of R-E4: on a one-union ballot, can the challenged ballots change the outcome?

    Args:
        yes: votes for the labor organization; no: votes against; challenged: unresolved challenged
            ballots. All non-negative counts of ballots.

    Returns:
        ``True`` unless the union certainly wins (``2*yes > yes + no + challenged``: even with every
        challenged ballot against, it keeps a strict majority) or certainly loses
        (``yes + challenged <= no``: even with every challenged ballot for it, it reaches at best a tie).

    Raises:
        InvalidTally: a count is not an ``int`` (``bool`` is not), is negative or exceeds ``MAX_COUNT``;
            ``line`` names the argument.

    Authority: 29 CFR 102.69(a)(7); rules.md R-E4, R-D1, R-D2.
    """
    for where, value in (("yes", yes), ("no", no), ("challenged", challenged)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidTally(f"{where}: a count of ballots must be a whole number, got {type(value).__name__}", line=where)
        if value < 0:
            shown = f"{value:,}" if value.bit_length() < 64 else "a number of 19 digits or more"
            raise InvalidTally(f"{where}: a count of ballots cannot be negative, got {shown}", line=where)
        if value > MAX_COUNT:
            raise InvalidTally(f"{where}: more than {MAX_COUNT:,}, the most ballots casefile accepts in one count", line=where)
    certainly_wins = 2 * yes > yes + no + challenged
    certainly_loses = yes + challenged <= no
    return not (certainly_wins or certainly_loses)


def why_determinative(*, choices: Sequence[tuple[str, int]], against: int | None, challenged: int, determinative: bool,
                      valid_plus_challenged: int, reachable: Sequence[str]) -> str:
    """Why a tally's challenged ballots are or are not determinative, in its own numbers, for a client.

    Takes the tally as stored (``choices`` the votes per labor organization in ballot order,
    ``against`` the votes against or None, ``challenged``, the stored ``determinative`` statement,
    ``valid_plus_challenged`` and the descriptions of the outcomes ``reachable`` by resolving the
    challenges, as the rules computed them when the tally was recorded). On a one-union ballot the
    closed form of R-E4 in words, each side's votes with every challenged ballot counted for it ("If all 416
    challenged ballots were counted for RWDSU, its 1,291 votes would exceed the 993 against; if they were
    all counted as votes against, the 1,409 votes against would exceed its 875: the challenged ballots decide whether it
    wins"); on any other ballot the reachable outcomes. Raises nothing.
    Authority: 29 CFR 102.69(a) (challenges "sufficient in number to affect the results"); rules.md
    R-E3, R-E4.
    """
    c = challenged
    if against is not None and len(choices) == 1:
        (name, y), n = choices[0], against
        if determinative:
            ballots = "the challenged ballot" if c == 1 else f"all {c:,} challenged ballots"
            # y + c > n (its majority is reachable) and n + c >= y (so is its loss: a tie is not a majority, R-D2)
            loses = (f"the {n + c:,} votes against would exceed its {y:,}" if n + c > y else
                     f"the {n + c:,} votes against would equal its {y:,}, and a tie is not a majority")
            as_against = "if it were counted as a vote against" if c == 1 else "if they were all counted as votes against"
            return (f"If {ballots} were counted for {name}, its {y + c:,} votes would exceed the {n:,} against; "
                    f"{as_against}, {loses}: "
                    f"{'the challenged ballot decides' if c == 1 else 'the challenged ballots decide'} whether it wins")
        if y + c <= n:
            ballots = "the challenged ballot" if c == 1 else f"all {c:,} challenged ballots"
            return f"Even if {ballots} were counted for {name}, its {y + c:,} votes would not exceed the {n:,} against"
        return f"{y:,} exceeds half of {valid_plus_challenged:,} (valid plus challenged): the union wins however they are resolved"
    the_c = "the challenged ballot" if c == 1 else f"the {c:,} challenged ballots"
    if determinative:
        return f"Resolving {the_c} could lead to: {'; '.join(reachable)}"
    return f"Every resolution of {the_c} gives the same outcome"


def is_determinative(counts: TallyCounts) -> bool:
    """Whether the tally's unresolved challenged ballots are sufficient in number to affect the results.

    Args:
        counts: the tally (validated here); ``challenged`` includes disputed void ballots (R-E6).

    Returns:
        ``True`` when more than one outcome class is reachable (:func:`reachable_outcomes`).

    Raises:
        InvalidTally: the counts are invalid.

    Authority: 29 CFR 102.69(a)(7); rules.md R-E3, R-E5, R-E6, R-C3 (line 8).
    """
    return len(reachable_outcomes(counts)) > 1


def reachable_outcomes(counts: TallyCounts) -> frozenset[Outcome]:
    """Every outcome class reachable by resolving the tally's unresolved challenged ballots (R-E3).

    Args:
        counts: the tally (validated here).

    Returns:
        The set of outcomes (never ``PENDING``). With no challenged ballots, just the outcome of the
        count. The result equals :func:`reachable_outcomes_enumerated` but costs O(K^3 * log C) for K
        choices, not C(C+K, K): each candidate outcome is decided by the closed forms below, over the
        sets of choices of :func:`candidate_ties` and :func:`candidate_seconds` (every pair, and for
        larger sets the few that can do best: their docstrings give the reasoning).

        * ``REP(u)`` / ``RESULTS`` by an "against" majority: :func:`_majority_reachable`;
        * two-choice ballot, ``RESULTS`` by a tie: :func:`_tie_reachable`;
        * ``NULLITY_RERUN`` by an equal division: :func:`_all_equal_reachable`;
        * a tie for first among a set F (``RUNOFF`` if two, ``NULLITY_RERUN`` if more, or ``RESULTS``
          under the zero-vote exception): :func:`_tie_for_first`;
        * a single leader and a second group S (``RUNOFF`` if S is one choice, ``NULLITY_RERUN`` for a
          tie for second): :func:`_leader_and_second_reachable`.

        Every final count of a ballot with three or more choices and no majority has exactly one of the
        last three shapes, so nothing is missed.

    Raises:
        InvalidTally: the counts are invalid.

    Authority: 29 CFR 102.69(a)(7), 102.70; rules.md R-E3, R-E5, R-E6, R-P5 (evaluated inside each
    resolution), §8.
    """
    validate_tally(counts)
    ballot = Ballot.of(counts)
    votes = Ballot.votes_of(counts)
    c = counts.challenged
    if c == 0:
        return frozenset({ballot.outcome_of(votes)})
    total = sum(votes)
    k = len(votes)
    found: set[Outcome] = set()
    for i in range(k):
        if _majority_reachable(votes[i], total, c):
            found.add(ballot.majority_outcome(i))
    if ballot.two_choice:
        if _tie_reachable(votes[0], votes[1], c):
            found.add(RESULTS_OUTCOME)
        return frozenset(found)

    if _all_equal_reachable(votes, c):
        found.add(NULLITY_OUTCOME)
    groups = _Groups(votes)
    for mask in candidate_ties(votes, ballot.against_at):
        low = mask & -mask
        pair = ((mask ^ low) & (mask ^ low) - 1) == 0
        outcome = ballot.runoff(low.bit_length() - 1, mask.bit_length() - 1) if pair else NULLITY_OUTCOME
        if outcome in found and (RESULTS_OUTCOME in found or ballot.all_voted_at is None):
            continue
        plain, exception = _tie_for_first(groups.of(mask), groups.outside(mask), c, ballot.all_voted_at)
        if plain:
            found.add(outcome)
        if exception:
            found.add(RESULTS_OUTCOME)
    for leader in range(k):
        for mask in candidate_seconds(votes, leader):
            single = (mask & (mask - 1)) == 0
            outcome = ballot.runoff(leader, mask.bit_length() - 1) if single else NULLITY_OUTCOME
            if outcome in found:
                continue
            rest = groups.outside(mask | 1 << leader)
            if _leader_and_second_reachable(votes[leader], groups.of(mask), rest, c):
                found.add(outcome)
    return frozenset(found)


def mask_members(mask: int) -> list[int]:
    """The choices in a set of choices given as a bit mask (bit i set: choice i, ballot order), lowest
    first: ``mask_members(0b1010) == [1, 3]``; ``[]`` for 0. ``mask`` is a non-negative int."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


@dataclass(frozen=True, slots=True)
class _Group:
    """What the shapes read of a set of choices: how many, their votes' sum, largest and least (-1 when empty)."""

    size: int
    total: int
    top: int
    least: int


class _Groups:
    """The :class:`_Group` of any set of choices (a bit mask), in time proportional to the set's size."""

    def __init__(self, votes: Sequence[int]) -> None:
        self.votes = votes
        self.total = sum(votes)
        self.ranked = sorted(range(len(votes)), key=lambda i: (-votes[i], i))

    def of(self, mask: int) -> _Group:
        counts = [self.votes[i] for i in mask_members(mask)]
        return _Group(len(counts), sum(counts), max(counts, default=-1), min(counts, default=-1))

    def outside(self, mask: int) -> _Group:
        """The choices not in ``mask``: found from both ends of the ranking, skipping at most |mask|."""
        inside = self.of(mask)
        size = len(self.votes) - inside.size
        if size == 0:
            return _Group(0, 0, -1, -1)
        top = next(self.votes[i] for i in self.ranked if not mask >> i & 1)
        least = next(self.votes[i] for i in reversed(self.ranked) if not mask >> i & 1)
        return _Group(size, self.total - inside.total, top, least)


def candidate_ties(votes: Sequence[int], against_at: int | None) -> list[int]:
    """The sets of choices whose tie for first can matter, as bit masks (bit i = choice i), ascending.

    Args:
        votes: the count in ballot order (three or more choices); against_at: the index of
            "against", or ``None``.

    Returns:
        Every pair (each pair is its own RUNOFF outcome), and for each size f from 3 to K-1: the f
        choices with the most votes (ties broken in ballot order), and when "against" is on the
        ballot the same with "against" forced in and forced out. At most K^2/2 + 3K sets.

    Why no other set of three or more is needed (f, and so the number h = K - f of the others, fixed;
    the shapes' figures in :func:`_tie_for_first` and ``challenge_search.ChallengeSearch.tie_for_first``):
    a tie of f at level L costs ``f*L - sum(tied)`` and needs ``L >= L0 = max(max(tied), max(rest) + 1)``.
    Exchanging a tied choice for another with more votes never raises L0 (the larger of ``x`` and
    ``y + 1`` bounds the larger of ``y`` and ``x + 1`` when ``y >= x``) and raises ``sum(tied)``, so the
    top f have the least L0, the largest ``sum(tied)``, the least ``sum(rest)`` and the most room in the
    rest; every NULLITY figure, and the zero-vote exception's feasibility (a zero stays in the rest:
    the rest of the top f holds the least count), is monotone in these, except the one equality
    ``T0 == E`` (the exception applying at the cheapest count, which forces one more ballot): a set
    with the same sum holds the same counts and behaves the same, and any other costs at least one
    ballot more, or f more when the room is zero (then L0 = 1 and no other set has L0 = 1). An
    exception figure with every ballot opened also depends on where "against" sits (tied, the zero
    kept, or in the rest): for each place the best set is the top f with "against" forced in or out,
    by the same exchange among the other choices.
    """
    k = len(votes)
    masks = {(1 << i) | (1 << j) for i in range(k) for j in range(i + 1, k)}
    ranked = sorted(range(k), key=lambda i: (-votes[i], i))
    masks.update(prefix for size, prefix in _prefixes(ranked) if 3 <= size < k)
    if against_at is not None:
        others = [i for i in ranked if i != against_at]
        for size, prefix in _prefixes(others):
            if 3 <= size + 1 < k:
                masks.add(prefix | 1 << against_at)
            if 3 <= size < k:
                masks.add(prefix)
    return sorted(masks)


def candidate_seconds(votes: Sequence[int], leader: int) -> list[int]:
    """The sets of choices tied for second behind ``leader`` that can matter, as bit masks, descending.

    Returns:
        Each other choice alone (each its own RUNOFF with the leader), and for each size g from 2 to
        K-1 the g other choices with the most votes (ties broken in ballot order). K - 1 + K - 2 sets.

    Why (g fixed; :func:`_leader_and_second_reachable` and
    ``challenge_search.ChallengeSearch.leader_and_second``): a tie for second among two or more is a
    NULLITY whatever the set; the set enters only through ``s_min = max(max(second), max(rest) + 1)``,
    which the top g make least (the exchange of :func:`candidate_ties`), and through
    ``sum(second)``, which they make largest; the cost at every level s never rises with
    ``sum(second)`` (a ballot not needed by the second group is needed at most once by the rest), the
    levels that fit depend only on ``s_min``, and with every ballot opened the interval of levels
    widens with ``sum(second)`` and narrows with ``s_min``.
    """
    others = [i for i in sorted(range(len(votes)), key=lambda i: (-votes[i], i)) if i != leader]
    masks = {1 << j for j in others}
    masks.update(prefix for size, prefix in _prefixes(others) if size >= 2)
    return sorted(masks, reverse=True)


def _prefixes(order: Sequence[int]) -> Iterator[tuple[int, int]]:
    """``(n, mask of order[:n])`` for n = 1 .. len(order)."""
    mask = 0
    for size, i in enumerate(order, start=1):
        mask |= 1 << i
        yield size, mask


def _majority_reachable(v_j: int, total: int, c: int) -> bool:
    """Can choice j end with strictly more than half of the valid votes?

    Counting a challenged ballot for j raises ``2*w_j`` by 2 and ``T`` by 1; counting it for another
    choice raises only ``T``; sustaining it changes nothing. So the best case is all ``c`` for j, and
    j can win iff ``2*(v_j + c) > total + c``. (R-D1, R-D2: a tie is not a majority.)
    """
    return 2 * (v_j + c) > total + c


def _tie_reachable(v_a: int, v_b: int, c: int) -> bool:
    """On a two-choice ballot, can the two end exactly equal (no majority → RESULTS, R-D2, R-P6)?

    Count ``|v_a - v_b|`` ballots for the trailing choice and sustain the rest: possible iff the
    difference is at most ``c``. No other final count of two choices lacks a majority.
    """
    return abs(v_a - v_b) <= c


def _all_equal_reachable(votes: Sequence[int], c: int) -> bool:
    """Can every choice end with the same number of votes (102.70(d) "equally divided")?

    The cheapest common level is the current maximum: cost ``K*max(v) - V``; any higher level costs
    K more per step.
    """
    return len(votes) * max(votes) - sum(votes) <= c


def _tie_for_first(tied: _Group, rest: _Group, c: int, all_voted_at: int | None) -> tuple[bool, bool]:
    """Can exactly the choices ``tied`` end tied for first, above all of ``rest`` (``rest`` non-empty)?

    Returns ``(plain, exception)``: ``plain`` when such a count is reachable where the zero-vote
    exception (R-P5) does *not* apply (→ RUNOFF between two tied, NULLITY_RERUN for three or more),
    ``exception`` when one is reachable where it *does* apply (→ RESULTS).

    Shape: the f tied choices at a level ``L``, every other choice at most ``L - 1``. The lowest
    level is ``L0 = max(max(tied), max(rest) + 1)`` and costs ``f*L0 - sum(tied)``; raising L costs f
    a step. The other choices may take extra ballots ``r`` up to ``cap(L) = sum(L - 1 - v_j)``;
    they cost one each and matter only through the total ``T = f*L + sum(rest) + r``. A tie for first
    among two or more is never a majority, so no constraint keeps T high.

    *Plain*: the cheapest count (``L0``, ``r = 0``) has ``T0 = f*L0 + sum(rest)``; every other
    reachable count has ``T > T0``. So unless the exception applies at T0 (exact eligible count
    ``E == T0`` and a zero among ``rest``), the cheapest count is plain; if it does, the next cheapest
    plain counts are one extra ballot to a rest choice (cost +1, needs ``cap(L0) >= 1``) or one level
    up (cost +f), either making ``T != E``.

    *Exception*: needs an exact E, a choice j0 in ``rest`` with no votes, which must get none, and
    ``T == E``. At level L the reachable totals form the interval from ``f*L + sum(rest)`` (r = 0) to
    ``min(f*L + (h-1)*(L-1), V + c)`` (the other h-1 rest choices filled to L-1, or the budget
    spent), h = ``len(rest)``. E lies in one of these intervals iff ``E <= V + c`` and some integer
    ``L >= L0`` has ``ceil((E + h - 1) / (f + h - 1)) <= L <= floor((E - sum(rest)) / f)``.
    """
    f, h = tied.size, rest.size
    sum_tied, sum_rest = tied.total, rest.total
    level0 = max(tied.top, rest.top + 1)
    cost0 = f * level0 - sum_tied
    if cost0 > c:
        return False, False
    has_zero = rest.least == 0
    total0 = f * level0 + sum_rest
    exception_at_cheapest = all_voted_at is not None and has_zero and total0 == all_voted_at
    room0 = h * (level0 - 1) - sum_rest
    plain = not exception_at_cheapest or (room0 >= 1 and cost0 + 1 <= c) or cost0 + f <= c
    exception = False
    if all_voted_at is not None and has_zero and all_voted_at <= sum_tied + sum_rest + c:
        lowest = max(level0, -(-(all_voted_at + h - 1) // (f + h - 1)))
        highest = (all_voted_at - sum_rest) // f
        exception = lowest <= highest
    return plain, exception


def _leader_and_second_reachable(v_lead: int, second: _Group, rest: _Group, c: int) -> bool:
    """Can one choice lead without a majority, with exactly the choices ``second`` tied for second?

    (One choice in ``second`` → RUNOFF with the leader; two or more → NULLITY_RERUN, R-P4(b).)

    Shape: the g second choices at a level ``s``, the leader at ``L >= s + 1``, every choice of
    ``rest`` (h of them) at most ``s - 1``, and no majority: ``L <= T - L``.

    For a fixed s the best choices are forced: ``L = max(v_lead, s + 1)`` (a higher leader costs
    more and needs more votes elsewhere), and the rest take the fewest extra ballots that break the
    leader's majority, ``r(s) = max(0, L - g*s - sum(rest))``, which must fit under
    ``cap(s) = h*(s - 1) - sum(rest)``. The cost is
    ``cost(s) = (L - v_lead) + (g*s - sum(second)) + r(s)``.

    ``r(s)`` never rises with s (g >= 1) and ``cap(s)`` never falls, so the s that fit form a ray
    ``s >= s_fit`` (found by bisection). ``cost`` is a sum of maxima of linear functions of s, hence
    convex and piecewise linear with breakpoints at ``v_lead - 1``, ``(v_lead - sum(rest)) / g`` and
    ``(1 - sum(rest)) / (g - 1)``; its least value over integers in ``[s_fit, s_max]`` is at an end or
    next to a breakpoint. ``s_max = (c + sum(second)) // g`` since ``cost(s) >= g*s - sum(second)``.
    """
    g, h = second.size, rest.size
    sum_second, sum_rest = second.total, rest.total
    s_min = max(second.top, rest.top + 1 if h else 0)
    s_max = (c + sum_second) // g

    def extra(s: int) -> int:
        return max(0, max(v_lead, s + 1) - g * s - sum_rest)

    def fits(s: int) -> bool:
        return extra(s) <= h * (s - 1) - sum_rest if h else extra(s) == 0

    def cost(s: int) -> int:
        return max(v_lead, s + 1) - v_lead + g * s - sum_second + extra(s)

    if s_min > s_max or not fits(s_max):
        return False
    low, high = s_min, s_max
    while low < high:
        mid = (low + high) // 2
        if fits(mid):
            high = mid
        else:
            low = mid + 1
    candidates = {low, s_max}
    breakpoints = [(v_lead - 1, 1), (v_lead - sum_rest, g)]
    if g > 1:
        breakpoints.append((1 - sum_rest, g - 1))
    for numerator, denominator in breakpoints:
        floor = numerator // denominator
        for s in (floor - 1, floor, floor + 1, floor + 2):
            if low <= s <= s_max:
                candidates.add(s)
    return min(cost(s) for s in candidates) <= c


def reachable_outcomes_enumerated(counts: TallyCounts) -> frozenset[Outcome]:
    """Reference method of R-E5 / §8: try every resolution of the challenged ballots.

    Args:
        counts: the tally (validated here).

    Returns:
        The set of outcome classes over every multiset of ``challenged`` ballots drawn from
        {not counted, choice 1, ..., choice K}, each mapped through the outcome of a complete count.

    Raises:
        InvalidTally: the counts are invalid, or there are more than :data:`ENUMERATION_LIMIT`
            resolutions to try (use :func:`reachable_outcomes`).

    Authority: 29 CFR 102.69(a)(7), 102.70; rules.md R-E3, R-E5, §8.
    """
    validate_tally(counts)
    ballot = Ballot.of(counts)
    votes = Ballot.votes_of(counts)
    k, c = len(votes), counts.challenged
    cases = _multisets(c, k + 1)
    if cases > ENUMERATION_LIMIT:
        raise InvalidTally(
            f"line 6 (challenged ballots): {cases} resolutions of {c} challenged ballots over {k} choices is too many to enumerate",
            line="challenged",
        )
    return frozenset(ballot.outcome_of(final) for final in _resolutions(votes, c))


def _multisets(size: int, kinds: int) -> int:
    return comb(size + kinds - 1, kinds - 1)


def _resolutions(votes: Sequence[int], c: int) -> Iterator[list[int]]:
    k = len(votes)
    for draw in combinations_with_replacement(range(k + 1), c):
        final = list(votes)
        for choice in draw:
            if choice < k:  # choice k stands for "sustained, not counted"
                final[choice] += 1
        yield final
