"""Challenge analysis: what each reachable outcome needs from the challenged ballots, exact against enumeration."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casefile.errors import InvalidTally
from casefile.rules.challenge_analysis import OutcomeRequirement, Requirement, analyze_challenges, outcome_side
from casefile.rules.determinative import is_determinative, reachable_outcomes
from casefile.rules.outcome import AGAINST, Ballot, Outcome, TallyCounts, outcome_of_count
from casefile.vocab import OutcomeKind
from tests.rules.every_set import every_set
from tests.strategies import examples, one_union_tallies, tallies

RESULTS = Outcome(OutcomeKind.RESULTS)
NULLITY = Outcome(OutcomeKind.NULLITY_RERUN)
BESSEMER_2022 = TallyCounts((("RWDSU", 875),), 993, challenged=416, void=59, eligible=6153)
FOUR_CHOICES_5000 = TallyCounts((("A", 1200), ("B", 1100), ("C", 900)), 1000, challenged=5_000, eligible=9000)


def rep(name: str) -> Outcome:
    return Outcome(OutcomeKind.REP, winner=name)


def runoff(a: str, b: str) -> Outcome:
    return Outcome(OutcomeKind.RUNOFF, runoff_choices=(a, b))


def figures(counts: TallyCounts) -> dict[Outcome, tuple[int | None, int | None]]:
    """``{outcome: (fewest needed, all opened)}`` with ``None`` where a figure is unreachable."""
    return {
        item.outcome: (
            None if item.fewest_needed is None else item.fewest_needed.count,
            None if item.all_opened is None else item.all_opened.count,
        )
        for item in analyze_challenges(counts)
    }


def by_outcome(counts: TallyCounts) -> dict[Outcome, OutcomeRequirement]:
    return {item.outcome: item for item in analyze_challenges(counts)}


# ---- the reference: every resolution --------------------------------------------------------------


def splits(choices: int, budget: int) -> Iterator[tuple[int, ...]]:
    """Every way to count at most ``budget`` opened ballots for ``choices`` choices (the rest sustained)."""
    if choices == 0:
        yield ()
        return
    for first in range(budget + 1):
        for tail in splits(choices - 1, budget - first):
            yield (first, *tail)


def enumerated_figures(counts: TallyCounts) -> dict[Outcome, tuple[int, int | None]]:
    """Both figures by brute force: the fewest opened per outcome, and the fewest for its side with all opened."""
    ballot, votes, c = Ballot.of(counts), Ballot.votes_of(counts), counts.challenged
    sides = {}
    fewest: dict[Outcome, int] = {}
    everything: dict[Outcome, int] = {}
    for extra in splits(len(votes), c):
        outcome = ballot.outcome_of([v + n for v, n in zip(votes, extra, strict=True)])
        opened = sum(extra)
        fewest[outcome] = min(fewest.get(outcome, opened), opened)
        if opened == c:
            if outcome not in sides:
                sides[outcome] = {ballot.names.index(name) for name in outcome_side(counts, outcome)}
            for_side = sum(extra[i] for i in sides[outcome])
            everything[outcome] = min(everything.get(outcome, for_side), for_side)
    return {outcome: (count, everything.get(outcome)) for outcome, count in fewest.items()}


def assert_witnesses_hold(counts: TallyCounts) -> None:
    """Every witness reaches its outcome with exactly the figure stated, and no ballot counted twice."""
    ballot, votes, c = Ballot.of(counts), Ballot.votes_of(counts), counts.challenged
    for item in analyze_challenges(counts):
        assert item.fewest_needed is not None
        side = set(outcome_side(counts, item.outcome))
        for figure, all_opened in ((item.fewest_needed, False), (item.all_opened, True)):
            if figure is None:
                continue
            assert figure.of == c
            assert tuple(name for name, _ in figure.distribution) == ballot.names
            extra = [n for _, n in figure.distribution]
            assert min(extra) >= 0
            assert ballot.outcome_of([v + n for v, n in zip(votes, extra, strict=True)]) == item.outcome
            if all_opened:
                assert sum(extra) == c
                assert sum(n for name, n in figure.distribution if name in side) == figure.count
            else:
                assert sum(extra) == figure.count <= c


def assert_matches_enumeration(counts: TallyCounts) -> None:
    expected = enumerated_figures(counts)
    assert figures(counts) == expected
    assert set(expected) == reachable_outcomes(counts)
    assert_witnesses_hold(counts)


# ---- tests ----------------------------------------------------------------------------------------


class TestRealVectors:
    def test_bessemer_2022_rerun(self) -> None:
        """Bessemer 2022: RWDSU needs 119 rest sustained and 268 of 416 all opened; against needs 0 and 149."""
        rwdsu, results = analyze_challenges(BESSEMER_2022)
        assert rwdsu.outcome == rep("RWDSU")
        assert rwdsu.fewest_needed == Requirement(119, 416, (("RWDSU", 119), (AGAINST, 0)))
        assert rwdsu.all_opened == Requirement(268, 416, (("RWDSU", 268), (AGAINST, 148)))
        assert results.outcome == RESULTS
        assert results.fewest_needed == Requirement(0, 416, (("RWDSU", 0), (AGAINST, 0)))
        assert results.all_opened == Requirement(149, 416, (("RWDSU", 267), (AGAINST, 149)))

    @pytest.mark.parametrize(
        ("yes", "no", "challenged", "union", "against"),
        [
            pytest.param(10, 10, 1, (1, 1), (0, 1), id="T1-mccormick"),
            pytest.param(17, 23, 6, None, (0, 0), id="T2-everett-not-determinative"),
            pytest.param(43, 42, 10, (0, 5), (1, 6), id="T4-horton"),
            pytest.param(17, 15, 4, (0, 2), (2, 3), id="T5-selck"),
            pytest.param(0, 0, 3, (1, 2), (0, 2), id="T24-all-challenged"),
            pytest.param(738, 1798, 505, None, (0, 0), id="bessemer-2021"),
            pytest.param(875, 993, 416, (119, 268), (0, 149), id="bessemer-2022"),
            pytest.param(15, 9, 7, (0, 1), (6, 7), id="starbucks-genesee"),
        ],
    )
    def test_one_union_ballots(
        self, yes: int, no: int, challenged: int, union: tuple[int, int] | None, against: tuple[int, int]
    ) -> None:
        """On one-union tallies the union and the votes against need the hand-computed (rest sustained, all opened) figures."""
        counts = TallyCounts((("U", yes),), no, challenged=challenged)
        expected = {RESULTS: against} | ({rep("U"): union} if union is not None else {})
        assert figures(counts) == expected

    @pytest.mark.parametrize(
        ("counts", "expected"),
        [
            pytest.param(
                TallyCounts((("A", 51), ("B", 20)), 29, challenged=2),
                {rep("A"): (0, 1), runoff("A", AGAINST): (2, 0)},
                id="T29-majority-or-runoff",
            ),
            pytest.param(
                TallyCounts((("A", 40), ("B", 30)), 30, challenged=1),
                {runoff("A", "B"): (1, 1), runoff("A", AGAINST): (1, 1), NULLITY: (0, 0)},
                id="tie-for-second-broken-either-way",
            ),
            pytest.param(
                TallyCounts((("ACWA", 35), ("UGW", 0)), 36, challenged=1, eligible=72, eligible_exact=True),
                {RESULTS: (0, 0), runoff("ACWA", AGAINST): (1, 0)},
                id="zero-vote-exception-inside-a-resolution",
            ),
            pytest.param(
                TallyCounts((("ACWA", 36), ("UGW", 36)), 0, challenged=1, eligible=72, eligible_exact=True),
                {rep("ACWA"): (1, 1), rep("UGW"): (1, 1), RESULTS: (0, None), runoff("ACWA", "UGW"): (1, 0)},
                id="zero-vote-exception-lost-when-opened",
            ),
            pytest.param(
                TallyCounts((("A", 50), ("B", 48)), None, challenged=4, runoff_ballot=True),
                {rep("A"): (0, 2), rep("B"): (3, 4), RESULTS: (2, 0)},
                id="runoff-ballot-between-two-unions",
            ),
        ],
    )
    def test_multi_choice_ballots(self, counts: TallyCounts, expected: dict[Outcome, tuple[int, int | None]]) -> None:
        """Hand-worked multi-choice and runoff tallies give the figures worked out by hand (and by enumeration)."""
        assert figures(counts) == expected
        assert_matches_enumeration(counts)

    def test_five_thousand_challenged_closed_forms(self) -> None:
        """With 5,000 challenged over 4 choices the majority figures equal V - 2v + 1 and (V + C) // 2 - v + 1."""
        found = figures(FOUR_CHOICES_5000)
        assert found[rep("A")] == (1801, 3401)
        assert found[rep("C")] == (2401, 3701)
        assert found[RESULTS] == (2201, 3601)
        assert found[runoff("A", "B")][0] == 0
        assert len(found) == 11

    @pytest.mark.parametrize(
        ("yes", "no", "left", "expected"),
        [
            pytest.param(17, 15, 4, {rep("U"): (0, 2), RESULTS: (2, 3)}, id="before-any-ruling"),
            pytest.param(19, 15, 2, {rep("U"): (0, 0)}, id="two-opened-for-the-union"),
            pytest.param(18, 16, 2, {rep("U"): (0, 1), RESULTS: (2, 2)}, id="one-opened-each-way"),
            pytest.param(17, 15, 2, {rep("U"): (0, 1), RESULTS: (2, 2)}, id="two-sustained"),
        ],
    )
    def test_partial_resolution_selck(self, yes: int, no: int, left: int, expected: dict[Outcome, tuple[int, int]]) -> None:
        """R-E7 (Walter E. Selck, 17-15 with 4): after ruling on 2, the figures for the 2 still sealed are recomputed."""
        assert figures(TallyCounts((("U", yes),), no, challenged=left)) == expected


class TestAgainstEnumeration:
    @settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow])
    @given(one_union_tallies(max_votes=25, max_challenged=12))
    def test_one_union_ballots(self, counts: TallyCounts) -> None:
        """On one-union ballots both figures equal the enumeration and the closed forms of the module docstring."""
        assert_matches_enumeration(counts)
        (name, yes), no, c = counts.choices[0], counts.against, counts.challenged
        assert no is not None
        found = figures(counts)
        union = (max(0, no - yes + 1), max(0, (yes + no + c) // 2 - yes + 1))
        assert found.get(rep(name)) == (union if union[0] <= c else None)
        against = (max(0, yes - no), max(0, -(-(yes + c - no) // 2)))
        assert found.get(RESULTS) == (against if against[0] <= c else None)

    @settings(max_examples=examples(400), suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(unions=(2, 3), max_votes=10, max_challenged=5))
    def test_two_or_three_unions(self, counts: TallyCounts) -> None:
        """With two or three unions every figure equals the enumeration of every resolution."""
        assert_matches_enumeration(counts)

    @settings(max_examples=examples(100), suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(unions=(4, 4), max_votes=6, max_challenged=4))
    def test_four_unions(self, counts: TallyCounts) -> None:
        """With four unions (five choices) every figure equals the enumeration."""
        assert_matches_enumeration(counts)

    @settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(runoff=True, max_votes=10, max_challenged=10))
    def test_runoff_ballots(self, counts: TallyCounts) -> None:
        """On runoff ballots (two choices, with or without "against") every figure equals the enumeration."""
        assert_matches_enumeration(counts)

    @settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(unions=(2, 2), max_votes=40, max_challenged=30, runoff=False))
    def test_more_challenged_than_votes(self, counts: TallyCounts) -> None:
        """With up to 30 challenged ballots over three choices (up to 5,456 resolutions) the figures stay exact."""
        assert_matches_enumeration(counts)


class TestAgainstEverySet:
    """The candidate sets of choices give the figures of the search over every set (up to eight choices)."""

    @staticmethod
    def assert_same_as_every_set(counts: TallyCounts) -> None:
        fast = figures(counts)
        with every_set():
            reference = figures(counts)
        assert fast == reference
        assert_witnesses_hold(counts)

    @settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(unions=(3, 7), max_votes=4, max_challenged=6, runoff=False))
    def test_small_counts_many_choices(self, counts: TallyCounts) -> None:
        """Four to eight choices with counts of 0 to 4 (ties, zeros, the zero-vote exception everywhere): same figures."""
        self.assert_same_as_every_set(counts)

    @settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(unions=(3, 7), max_votes=400, max_challenged=600, runoff=False))
    def test_large_counts_many_choices(self, counts: TallyCounts) -> None:
        """Four to eight choices with counts in the hundreds: same figures as every set."""
        self.assert_same_as_every_set(counts)

    @settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(unions=(4, 5), max_votes=4, max_challenged=3, runoff=False))
    def test_five_and_six_choices_against_enumeration(self, counts: TallyCounts) -> None:
        """Five and six choices: every figure equals the enumeration of every resolution."""
        assert_matches_enumeration(counts)


class TestProperties:
    @settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])  # a loaded CI machine
    @given(tallies(max_votes=2_000, max_challenged=3_000))
    def test_witnesses_hold_at_scale(self, counts: TallyCounts) -> None:
        """On large tallies every witness still reaches its outcome with the figure stated."""
        assert_witnesses_hold(counts)
        assert {item.outcome for item in analyze_challenges(counts)} == reachable_outcomes(counts)

    @settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(max_votes=2_000, max_challenged=3_000), st.integers(1, 500))
    def test_fewest_needed_does_not_depend_on_the_challenged_count(self, counts: TallyCounts, more: int) -> None:
        """More sealed ballots keep every outcome reachable and change no fewest-needed figure."""
        larger = TallyCounts(
            counts.choices,
            counts.against,
            counts.challenged + more,
            counts.void,
            counts.eligible,
            counts.eligible_exact,
            counts.runoff_ballot,
        )
        now, later = figures(counts), figures(larger)
        assert set(now) <= set(later)
        assert all(now[outcome][0] == later[outcome][0] for outcome in now)

    @settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(max_votes=60, max_challenged=8))
    def test_not_determinative_gives_one_outcome_needing_nothing(self, counts: TallyCounts) -> None:
        """When the challenges cannot change the outcome, it is listed alone and needs no ballot in either figure."""
        found = figures(counts)
        if not is_determinative(counts):
            assert found == {outcome_of_count(counts): (0, 0)}
        else:
            assert len(found) > 1
        assert all(fewest is not None and fewest <= counts.challenged for fewest, _ in found.values())

    def test_no_challenged_ballots(self) -> None:
        """With nothing sealed the single outcome of the count needs 0 of 0, and the sentence says so."""
        (only,) = analyze_challenges(TallyCounts((("IBEW Local 84", 15),), 8, void=1, eligible=30))
        assert only.fewest_needed == only.all_opened == Requirement(0, 0, (("IBEW Local 84", 0), (AGAINST, 0)))
        assert only.sentence == (
            "No challenged ballots remain unresolved: the count gives Certification of Representative: IBEW Local 84."
        )

    def test_stable_order(self) -> None:
        """Outcomes come in the order REP, RESULTS, RUNOFF, NULLITY_RERUN, then ballot order."""
        kinds = [item.outcome for item in analyze_challenges(FOUR_CHOICES_5000)]
        assert kinds[:4] == [rep("A"), rep("B"), rep("C"), RESULTS]
        assert kinds[4:10] == [
            runoff("A", "B"),
            runoff("A", "C"),
            runoff("A", AGAINST),
            runoff("B", "C"),
            runoff("B", AGAINST),
            runoff("C", AGAINST),
        ]
        assert kinds[10] == NULLITY


class TestSentences:
    @pytest.mark.parametrize(
        ("counts", "outcome", "sentence"),
        [
            pytest.param(
                BESSEMER_2022,
                rep("RWDSU"),
                "RWDSU needs 119 of the 416 challenged ballots opened and counted for it (the rest sustained); "
                "with all 416 opened it needs 268.",
                id="bessemer-union",
            ),
            pytest.param(
                BESSEMER_2022,
                RESULTS,
                "Certification of Results needs no challenged ballot opened (the count as it stands gives it); "
                "with all 416 opened the votes against need 149 of them (e.g. RWDSU 267, Against 149: a tie is not a majority).",
                id="bessemer-results",
            ),
            pytest.param(
                TallyCounts((("U", 17),), 15, challenged=4),
                RESULTS,
                "Certification of Results needs 2 of the 4 challenged ballots opened and counted against the labor "
                "organization (the rest sustained); with all 4 opened the votes against need 3 of them "
                "(e.g. U 1, Against 3: a tie is not a majority).",
                id="selck-results",
            ),
            pytest.param(
                TallyCounts((("A", 51), ("B", 20)), 29, challenged=2),
                runoff("A", AGAINST),
                "A runoff between A and Against needs all 2 challenged ballots opened and counted (B 2); "
                "with all 2 opened A and Against need none of them between them (e.g. B 2).",
                id="T29-runoff",
            ),
            pytest.param(
                TallyCounts((("A", 40), ("B", 30)), 30, challenged=1),
                NULLITY,
                "A rerun election with all the original choices (nullity, 102.70(d)) needs no challenged ballot "
                "opened (the count as it stands gives it); with it opened it can be reached (e.g. A 1).",
                id="nullity",
            ),
            pytest.param(
                TallyCounts((("ACWA", 36), ("UGW", 36)), 0, challenged=1, eligible=72, eligible_exact=True),
                RESULTS,
                "Certification of Results needs no challenged ballot opened (the count as it stands gives it); "
                "with it opened it cannot be reached.",
                id="unreachable-with-all-opened",
            ),
            pytest.param(
                TallyCounts((("U", 527),), 467, challenged=3),
                rep("U"),
                "The challenges cannot change the outcome: U needs no challenged ballot opened (it already has a "
                "majority of the valid votes counted); with all 3 opened it wins however they are counted.",
                id="T3-rheem-not-determinative",
            ),
        ],
    )
    def test_sentence(self, counts: TallyCounts, outcome: Outcome, sentence: str) -> None:
        """Each outcome's sentence states both figures in plain words, with a witness where the side is not enough."""
        assert by_outcome(counts)[outcome].sentence == sentence


class TestOutcomeSide:
    @pytest.mark.parametrize(
        ("counts", "outcome", "side"),
        [
            pytest.param(BESSEMER_2022, rep("RWDSU"), ("RWDSU",), id="rep"),
            pytest.param(BESSEMER_2022, RESULTS, (AGAINST,), id="results"),
            pytest.param(FOUR_CHOICES_5000, runoff("B", AGAINST), ("B", AGAINST), id="runoff"),
            pytest.param(FOUR_CHOICES_5000, NULLITY, (), id="nullity"),
            pytest.param(
                TallyCounts((("A", 50), ("B", 48)), None, challenged=4, runoff_ballot=True), RESULTS, (), id="results-no-against"
            ),
        ],
    )
    def test_side(self, counts: TallyCounts, outcome: Outcome, side: tuple[str, ...]) -> None:
        """The side of an outcome is the winner, "against", the runoff pair, or nobody for a nullity or a two-union tie."""
        assert outcome_side(counts, outcome) == side

    @pytest.mark.parametrize(
        "outcome",
        [pytest.param(Outcome(OutcomeKind.PENDING), id="pending"), pytest.param(rep("Teamsters"), id="not-on-ballot")],
    )
    def test_refuses_outcome_without_side(self, outcome: Outcome) -> None:
        """PENDING, or an outcome naming a choice not on the ballot, has no side and is refused."""
        with pytest.raises(InvalidTally) as caught:
            outcome_side(BESSEMER_2022, outcome)
        assert caught.value.line == "outcome"


class TestErrors:
    @pytest.mark.parametrize(
        ("counts", "line"),
        [
            pytest.param(TallyCounts((("U", 10),), 9, challenged=-1), "challenged", id="negative-challenged"),
            pytest.param(TallyCounts((("U", 10),), None, challenged=2), "against", id="no-against"),
            pytest.param(TallyCounts((), 9, challenged=2), "choices", id="no-union"),
        ],
    )
    def test_invalid_tally_refused(self, counts: TallyCounts, line: str) -> None:
        """An invalid tally raises InvalidTally naming the line at fault."""
        with pytest.raises(InvalidTally) as caught:
            analyze_challenges(counts)
        assert caught.value.line == line


class TestSpeed:
    """The figures never enumerate resolutions: thousands of challenged ballots cost about as little as a few."""

    @pytest.mark.parametrize(
        ("counts", "budget_ms"),
        [
            pytest.param(FOUR_CHOICES_5000, 50.0, id="5000-challenged-4-choices"),
            pytest.param(
                TallyCounts((("A", 1200), ("B", 1100), ("C", 900), ("D", 800), ("E", 700)), 1000, challenged=50_000),
                50.0,
                id="50000-challenged-6-choices",
            ),
        ],
    )
    def test_within_budget(self, counts: TallyCounts, budget_ms: float) -> None:
        """analyze_challenges stays within its time budget (best of 5 runs)."""
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            analyze_challenges(counts)
            best = min(best, time.perf_counter() - start)
        assert best * 1000 < budget_ms
