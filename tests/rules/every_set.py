"""The search over every set of choices: the exponential reference the polynomial candidate sets are checked against.

``every_set()`` makes :func:`casefile.rules.determinative.reachable_outcomes` and
:func:`casefile.rules.challenge_analysis.analyze_challenges` try every tie for first and every group
tied for second (2^K sets, as before the candidate sets of ``candidate_ties`` /
``candidate_seconds``), so that a test can compare both answers on ballots of up to eight choices.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from unittest import mock


def all_ties(votes: Sequence[int], against_at: int | None) -> list[int]:
    """Every set of 2 to K-1 choices, as masks, ascending (the order of the exponential search)."""
    k = len(votes)
    return [mask for mask in range(1, (1 << k) - 1) if mask.bit_count() >= 2]


def all_seconds(votes: Sequence[int], leader: int) -> list[int]:
    """Every non-empty set of the other choices, as masks, descending (the order of the exponential search)."""
    others = ((1 << len(votes)) - 1) ^ (1 << leader)
    found, second = [], others
    while second:
        found.append(second)
        second = (second - 1) & others
    return found


@contextmanager
def every_set() -> Iterator[None]:
    """Within the block, both searches try every set of choices."""
    with (
        mock.patch("casefile.rules.determinative.candidate_ties", all_ties),
        mock.patch("casefile.rules.determinative.candidate_seconds", all_seconds),
        mock.patch("casefile.rules.challenge_search.candidate_ties", all_ties),
        mock.patch("casefile.rules.challenge_search.candidate_seconds", all_seconds),
    ):
        yield
