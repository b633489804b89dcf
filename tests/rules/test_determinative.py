"""Determinative challenges: the R-E4 closed form, the fast exact method and the R-E5 enumeration agree."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casefile.errors import InvalidTally
from casefile.rules.determinative import (
    ENUMERATION_LIMIT,
    is_determinative,
    mask_members,
    one_union_determinative,
    reachable_outcomes,
    reachable_outcomes_enumerated,
    why_determinative,
)
from casefile.rules.outcome import AGAINST, Outcome, TallyCounts, outcome_of_count
from casefile.rules.tally import analyze_tally
from casefile.vocab import OutcomeKind
from tests.rules.every_set import every_set
from tests.strategies import examples, one_union_tallies, resolutions, tallies

RESULTS = Outcome(OutcomeKind.RESULTS)
NULLITY = Outcome(OutcomeKind.NULLITY_RERUN)


def rep(name: str) -> Outcome:
    return Outcome(OutcomeKind.REP, winner=name)


def runoff(a: str, b: str) -> Outcome:
    return Outcome(OutcomeKind.RUNOFF, runoff_choices=(a, b))


class TestOneUnionClosedForm:
    @pytest.mark.parametrize(
        ("yes", "no", "challenged", "expected"),
        [
            pytest.param(10, 10, 1, True, id="T1-mccormick"),
            pytest.param(17, 23, 6, False, id="T2-everett-best-case-tie"),
            pytest.param(17, 23, 7, True, id="one-more-could-win"),
            pytest.param(527, 467, 3, False, id="T3-rheem"),
            pytest.param(43, 42, 10, True, id="T4-horton"),
            pytest.param(17, 15, 4, True, id="T5-selck"),
            pytest.param(26, 29, 2, False, id="T6-psi"),
            pytest.param(12, 10, 1, False, id="T23"),
            pytest.param(12, 10, 2, True, id="T23-plus-one-reaches-tie"),
            pytest.param(0, 0, 3, True, id="T24-all-challenged"),
            pytest.param(0, 0, 0, False, id="nothing-at-all"),
            pytest.param(738, 1798, 505, False, id="bessemer-2021"),
            pytest.param(875, 993, 416, True, id="bessemer-2022"),
            pytest.param(15, 9, 7, True, id="starbucks-genesee"),
        ],
    )
    def test_vectors(self, yes: int, no: int, challenged: int, expected: bool) -> None:
        """Y > N: determinative iff C >= Y - N; Y <= N: iff C >= N - Y + 1 (R-E4)."""
        assert one_union_determinative(yes, no, challenged) is expected

    def test_refuses_negative_count(self) -> None:
        """A negative count is an invalid tally, named in the error."""
        with pytest.raises(InvalidTally) as caught:
            one_union_determinative(3, -1, 0)
        assert caught.value.line == "no"

    @pytest.mark.parametrize(
        ("args", "line", "message"),
        [
            pytest.param((True, 1, 0), "yes", "yes: a count of ballots must be a whole number, got bool", id="bool"),
            pytest.param((3, 1, 1.0), "challenged", "challenged: a count of ballots must be a whole number, got float",
                         id="float"),
            pytest.param((3, -(2**70), 0), "no", "no: a count of ballots cannot be negative, got a number of 19 digits "
                         "or more", id="huge-negative"),
            pytest.param((2**63, 1, 0), "yes", "yes: more than 1,000,000, the most ballots casefile accepts in one count",
                         id="two-to-the-63"),
        ],
    )
    def test_refuses_counts_that_are_not_bounded_ints(self, args: tuple[object, object, object], line: str,
                                                       message: str) -> None:
        """bool, float, a huge negative or 2^63 is refused naming the argument, never a traceback."""
        with pytest.raises(InvalidTally) as caught:
            one_union_determinative(*args)  # type: ignore[arg-type]  # the refusal is the point
        assert (caught.value.line, str(caught.value)) == (line, message)

    @given(yes=st.integers(0, 400), no=st.integers(0, 400), challenged=st.integers(0, 400))
    def test_matches_the_two_inequalities_of_r_e4(self, yes: int, no: int, challenged: int) -> None:
        """The closed form equals the case analysis written in R-E4."""
        expected = challenged >= yes - no if yes > no else challenged >= no - yes + 1
        assert one_union_determinative(yes, no, challenged) is expected


class TestWhyDeterminativeInWords:
    """The reason a client reads is a whole sentence of the tally's own numbers (it read "… 993 + 416 = 1,409
    against 875: the union could fail to", cut off)."""

    def test_the_bessemer_rerun(self) -> None:
        said = why_determinative(choices=[("Retail, Wholesale and Department Store Union", 875)], against=993,
                                 challenged=416, determinative=True, valid_plus_challenged=2284, reachable=[])
        assert said == ("If all 416 challenged ballots were counted for Retail, Wholesale and Department Store Union, "
                        "its 1,291 votes would exceed the 993 against; if they were all counted as votes against, the "
                        "1,409 votes against would exceed its 875: the challenged ballots decide whether it wins")

    def test_one_ballot_that_could_make_a_tie(self) -> None:
        said = why_determinative(choices=[("Local 7", 10)], against=9, challenged=1, determinative=True,
                                 valid_plus_challenged=20, reachable=[])
        assert said == ("If the challenged ballot were counted for Local 7, its 11 votes would exceed the 9 against; if "
                        "it were counted as a vote against, the 10 votes against would equal its 10, and a tie is not a "
                        "majority: the challenged ballot decides whether it wins")


class TestMaskMembers:
    @pytest.mark.parametrize(("mask", "members"), [(0, []), (0b1, [0]), (0b1010, [1, 3]), (0b111, [0, 1, 2]),
                                                   (1 << 40 | 1, [0, 40])],
                             ids=["empty", "first", "second-and-fourth", "three", "far-apart"])
    def test_a_mask_names_its_choices_lowest_first(self, mask: int, members: list[int]) -> None:
        """Bit i set is choice i: the members come back in ballot order, none for the empty set."""
        assert mask_members(mask) == members


class TestCandidateSetsAgainstEverySet:
    @settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(unions=(3, 7), max_votes=4, max_challenged=6, runoff=False))
    def test_small_counts_many_choices(self, counts: TallyCounts) -> None:
        """Four to eight choices, counts of 0 to 4: the candidate sets find exactly what every set finds."""
        fast = reachable_outcomes(counts)
        with every_set():
            assert fast == reachable_outcomes(counts)

    @settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(unions=(3, 7), max_votes=400, max_challenged=600, runoff=False))
    def test_large_counts_many_choices(self, counts: TallyCounts) -> None:
        """Four to eight choices, counts in the hundreds: the same outcomes as every set."""
        fast = reachable_outcomes(counts)
        with every_set():
            assert fast == reachable_outcomes(counts)

    @settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(unions=(4, 5), max_votes=4, max_challenged=4, runoff=False))
    def test_five_and_six_choices_against_enumeration(self, counts: TallyCounts) -> None:
        """Five and six choices: the fast method equals the enumeration of every resolution."""
        assert reachable_outcomes(counts) == reachable_outcomes_enumerated(counts)


class TestFastMethodAgainstEnumeration:
    @settings(max_examples=examples(400), suppress_health_check=[HealthCheck.too_slow])
    @given(one_union_tallies(max_votes=25, max_challenged=12))
    def test_one_union_three_ways(self, counts: TallyCounts) -> None:
        """On one-union ballots the closed form, the fast method and the enumeration all agree."""
        (_, yes), no = counts.choices[0], counts.against
        assert no is not None
        fast = reachable_outcomes(counts)
        assert fast == reachable_outcomes_enumerated(counts)
        assert (len(fast) > 1) is one_union_determinative(yes, no, counts.challenged) is is_determinative(counts)

    @settings(max_examples=examples(600), suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(unions=(2, 3), max_votes=10, max_challenged=5))
    def test_multi_union_ballots(self, counts: TallyCounts) -> None:
        """With two or three unions the fast method finds exactly the outcomes the enumeration finds."""
        assert reachable_outcomes(counts) == reachable_outcomes_enumerated(counts)

    @settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow])
    @given(tallies(runoff=True, max_votes=10, max_challenged=8))
    def test_runoff_ballots(self, counts: TallyCounts) -> None:
        """On runoff ballots (two choices) the fast method agrees with the enumeration."""
        assert reachable_outcomes(counts) == reachable_outcomes_enumerated(counts)

    @pytest.mark.parametrize(
        ("counts", "expected"),
        [
            pytest.param(
                TallyCounts((("A", 51), ("B", 20)), 29, challenged=2),
                {rep("A"), runoff("A", AGAINST)},
                id="T29-majority-or-runoff",
            ),
            pytest.param(
                TallyCounts((("ACWA", 35), ("UGW", 0)), 36, challenged=1, eligible=72, eligible_exact=True),
                {RESULTS, runoff("ACWA", AGAINST)},
                id="zero-vote-exception-inside-a-resolution",
            ),
            pytest.param(
                TallyCounts((("A", 40), ("B", 30)), 30, challenged=1),
                {NULLITY, runoff("A", "B"), runoff("A", AGAINST)},
                id="tie-for-second-broken-either-way",
            ),
            pytest.param(
                TallyCounts((("A", 30), ("B", 30)), 29, challenged=1),
                {NULLITY, runoff("A", "B")},
                id="equal-division-or-runoff",
            ),
            pytest.param(
                TallyCounts((("A", 10), ("B", 9), ("C", 8)), 7, challenged=6),
                None,
                id="four-choices",
            ),
        ],
    )
    def test_hand_worked_multi_choice(self, counts: TallyCounts, expected: set[Outcome] | None) -> None:
        """Hand-worked multi-choice tallies reach the outcomes worked out by hand (and the enumeration)."""
        fast = reachable_outcomes(counts)
        assert fast == reachable_outcomes_enumerated(counts)
        if expected is not None:
            assert fast == expected

    def test_enumeration_refuses_too_many_cases(self) -> None:
        """The reference enumeration refuses a tally whose resolutions exceed its limit."""
        counts = TallyCounts((("A", 10), ("B", 9), ("C", 8)), 7, challenged=400)
        with pytest.raises(InvalidTally, match="too many to enumerate"):
            reachable_outcomes_enumerated(counts)
        assert ENUMERATION_LIMIT == 2_000_000


class TestProperties:
    @settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow])
    @given(st.data())
    def test_any_resolution_reaches_a_listed_outcome(self, data: st.DataObject) -> None:
        """Whatever way the challenges are resolved, the outcome is one the analysis listed as reachable."""
        counts = data.draw(tallies(max_votes=40, max_challenged=40))
        resolved = data.draw(resolutions(counts))
        analysis = analyze_tally(counts)
        assert outcome_of_count(resolved) in analysis.reachable

    @settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow])
    @given(st.data())
    def test_not_determinative_means_every_resolution_agrees(self, data: st.DataObject) -> None:
        """If the challenges are not determinative, every resolution gives the tally's outcome."""
        counts = data.draw(tallies(max_votes=60, max_challenged=8))
        analysis = analyze_tally(counts)
        if analysis.determinative:
            assert analysis.outcome.kind is OutcomeKind.PENDING
            return
        resolved = data.draw(resolutions(counts))
        assert outcome_of_count(resolved) == analysis.outcome

    @settings(max_examples=examples(300))
    @given(tallies(max_votes=30, max_challenged=30))
    def test_sustaining_everything_is_always_reachable(self, counts: TallyCounts) -> None:
        """The count as it stands (every challenge sustained) is always among the reachable outcomes."""
        assert outcome_of_count(counts) in reachable_outcomes(counts)

    @settings(max_examples=examples(300))
    @given(tallies(max_votes=30, max_challenged=30))
    def test_one_more_challenge_never_removes_an_outcome(self, counts: TallyCounts) -> None:
        """A further challenged ballot can always be sustained, so reachable outcomes only grow with C."""
        more = TallyCounts(
            counts.choices,
            counts.against,
            counts.challenged + 1,
            counts.void,
            counts.eligible,
            counts.eligible_exact,
            counts.runoff_ballot,
        )
        assert reachable_outcomes(counts) <= reachable_outcomes(more)

    @settings(max_examples=examples(200))
    @given(tallies(max_votes=30, max_challenged=0))
    def test_no_challenges_one_outcome(self, counts: TallyCounts) -> None:
        """With no challenged ballots the only reachable outcome is the outcome of the count."""
        assert reachable_outcomes(counts) == {outcome_of_count(counts)}


class TestSpeed:
    """The fast method never enumerates: large numbers of challenged ballots cost no more than small ones."""

    @pytest.mark.parametrize(
        ("challenged", "budget_ms"),
        [pytest.param(500, 10.0, id="500-challenged"), pytest.param(5_000, 50.0, id="5000-challenged")],
    )
    def test_four_choices(self, challenged: int, budget_ms: float) -> None:
        """analyze_tally on a 3-union ballot (4 choices) stays within its time budget (best of 5 runs)."""
        counts = TallyCounts((("A", 1200), ("B", 1100), ("C", 900)), 1000, challenged=challenged, eligible=6000)
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            analyze_tally(counts)
            best = min(best, time.perf_counter() - start)
        assert best * 1000 < budget_ms

    def test_large_count_still_exact(self) -> None:
        """A tally of 5,000 challenged ballots over 4 choices reaches every class the arithmetic allows."""
        counts = TallyCounts((("A", 1200), ("B", 1100), ("C", 900)), 1000, challenged=5_000)
        found = reachable_outcomes(counts)
        assert {rep("A"), rep("B"), rep("C"), RESULTS, NULLITY} <= found
        assert runoff("C", AGAINST) in found


def test_why_one_challenged_ballot_is_determinative_is_said_in_the_singular() -> None:
    """Two unions 2-2, none against, one challenged ballot: "Resolving the challenged ballot could lead to ...";
    not determinative, "Every resolution of the challenged ballot ..." — never "the 1 challenged ballots"."""
    from casefile.rules.determinative import why_determinative

    said = why_determinative(choices=[("A", 2), ("B", 2)], against=None, challenged=1, determinative=True,
                             valid_plus_challenged=5, reachable=["Certification of Representative: A", "Runoff"])
    assert said == "Resolving the challenged ballot could lead to: Certification of Representative: A; Runoff"
    said = why_determinative(choices=[("A", 4), ("B", 1)], against=None, challenged=1, determinative=False,
                             valid_plus_challenged=6, reachable=[])
    assert said == "Every resolution of the challenged ballot gives the same outcome"
