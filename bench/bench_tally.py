"""Benchmarks of ``analyze_tally`` and ``analyze_challenges``: neither may grow with the number of challenged ballots.

Run as a script (prints medians)::

    .venv/bin/python bench/bench_tally.py

or with pytest-benchmark (this folder is outside the default test paths)::

    .venv/bin/python -m pytest bench/bench_tally.py --benchmark-only
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from casefile.rules.challenge_analysis import analyze_challenges
from casefile.rules.tally import TallyCounts, analyze_tally, reachable_outcomes_enumerated

# Four choices: three labor organizations and "against", close enough that every class is in play.
CASES: dict[str, TallyCounts] = {
    "500 challenged / 4 choices": TallyCounts((("A", 1200), ("B", 1100), ("C", 900)), 1000, challenged=500, eligible=6000),
    "5,000 challenged / 4 choices": TallyCounts((("A", 1200), ("B", 1100), ("C", 900)), 1000, challenged=5_000, eligible=9000),
    "Bessemer 2022 (416 challenged / 2 choices)": TallyCounts((("RWDSU", 875),), 993, challenged=416, void=59, eligible=6153),
    "50,000 challenged / 6 choices": TallyCounts(
        (("A", 1200), ("B", 1100), ("C", 900), ("D", 800), ("E", 700)), 1000, challenged=50_000
    ),
}



def many_choices(k: int) -> TallyCounts:
    """A ballot of ``k`` choices (k - 1 labor organizations and "against"), close enough that every
    class is in play: votes 100, 107, 114, ... and 150 against, 60 challenged."""
    unions = tuple((f"Union {i + 1}", 100 + 7 * i) for i in range(k - 1))
    return TallyCounts(unions, 150, challenged=60, eligible=10 * k * 150)


# Before the candidate sets (every set of choices tried, O(K * 2^K)), 20 choices took 3.1 s
# (analyze_tally) and 30.1 s (analyze_challenges), and 22 took 80 s and 266 s (a loaded machine); now both
# are polynomial: 20 choices 9 ms + 10 ms, 100 choices 0.4 s + 0.35 s.
MANY_CHOICES: dict[str, TallyCounts] = {f"{k} choices / 60 challenged": many_choices(k) for k in (8, 20, 22, 50, 100)}


def median_ms(function: Callable[[], Any], *, repeat: int = 201) -> float:
    """Median wall time of one call, in milliseconds."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def main() -> int:
    print(f"analyze_tally, median of 201 runs (Python {sys.version.split()[0]})")
    for name, counts in CASES.items():
        reachable = len(analyze_tally(counts).reachable)
        elapsed = median_ms(partial(analyze_tally, counts))
        print(f"  {name:<45} {elapsed:8.3f} ms   {reachable} reachable outcomes")
    print("analyze_challenges (both figures and a witness for every reachable outcome), median of 201 runs")
    for name, counts in CASES.items():
        elapsed = median_ms(partial(analyze_challenges, counts))
        print(f"  {name:<45} {elapsed:8.3f} ms")
    print("many choices (analyze_tally + analyze_challenges), median of 5 runs")
    for name, counts in MANY_CHOICES.items():
        tally_ms = median_ms(partial(analyze_tally, counts), repeat=5)
        challenges_ms = median_ms(partial(analyze_challenges, counts), repeat=5)
        print(f"  {name:<45} {tally_ms:8.1f} ms + {challenges_ms:8.1f} ms")
    small = TallyCounts((("A", 120), ("B", 110), ("C", 90)), 100, challenged=30)
    print("reference enumeration (R-E5), for scale:")
    elapsed = median_ms(partial(reachable_outcomes_enumerated, small), repeat=3)
    print(f"  {'30 challenged / 4 choices (46,376 resolutions)':<45} {elapsed:8.1f} ms")
    return 0


@pytest.mark.parametrize("name", list(CASES))
def test_analyze_tally(benchmark: Any, name: str) -> None:
    """pytest-benchmark: analyze_tally on each case."""
    result = benchmark(analyze_tally, CASES[name])
    assert result.reachable



@pytest.mark.parametrize("name", list(CASES))
def test_analyze_challenges(benchmark: Any, name: str) -> None:
    """pytest-benchmark: analyze_challenges on each case."""
    result = benchmark(analyze_challenges, CASES[name])
    assert result


@pytest.mark.parametrize("name", list(MANY_CHOICES))
def test_many_choices(benchmark: Any, name: str) -> None:
    """pytest-benchmark: both analyses on a ballot of many choices (polynomial, not 2^K)."""
    result = benchmark(lambda: (analyze_tally(MANY_CHOICES[name]), analyze_challenges(MANY_CHOICES[name])))
    assert len(result[0].reachable) == len(result[1])


if __name__ == "__main__":
    raise SystemExit(main())
