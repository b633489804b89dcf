"""The outcome of a complete count (R-D1..R-D3, R-P1..R-P6) and the validity of a tally's counts (R-C3)."""

from __future__ import annotations

import pytest

from casefile.errors import InvalidTally
from casefile.rules.outcome import AGAINST, Outcome, TallyCounts, outcome_of_count, validate_tally
from casefile.vocab import OutcomeKind

REP, RESULTS, RUNOFF, NULLITY, PENDING = (
    OutcomeKind.REP,
    OutcomeKind.RESULTS,
    OutcomeKind.RUNOFF,
    OutcomeKind.NULLITY_RERUN,
    OutcomeKind.PENDING,
)


def rep(name: str) -> Outcome:
    return Outcome(REP, winner=name)


def runoff(a: str, b: str) -> Outcome:
    return Outcome(RUNOFF, runoff_choices=(a, b))


class TestOutcomeOfCount:
    @pytest.mark.parametrize(
        ("counts", "expected"),
        [
            pytest.param(TallyCounts((("U", 15),), 8), rep("U"), id="one-union-majority"),
            pytest.param(TallyCounts((("U", 17),), 17), Outcome(RESULTS), id="tie-loses-lindsley"),
            pytest.param(TallyCounts((("U", 0),), 0), Outcome(RESULTS), id="no-valid-votes"),
            pytest.param(TallyCounts((("U", 8),), 15), Outcome(RESULTS), id="against-majority"),
            pytest.param(TallyCounts((("A", 40), ("B", 35)), 25), runoff("A", "B"), id="runoff-top-two"),
            pytest.param(TallyCounts((("A", 35), ("B", 40)), 25), runoff("A", "B"), id="runoff-pair-in-ballot-order"),
            pytest.param(TallyCounts((("A", 10), ("B", 40)), 30), runoff("B", AGAINST), id="runoff-with-against"),
            pytest.param(TallyCounts((("A", 30), ("B", 30)), 30), Outcome(NULLITY), id="equally-divided"),
            pytest.param(TallyCounts((("A", 0), ("B", 0)), 0), Outcome(NULLITY), id="equally-divided-at-zero"),
            pytest.param(TallyCounts((("A", 40), ("B", 20)), 20), Outcome(NULLITY), id="tie-for-second"),
            pytest.param(TallyCounts((("A", 40), ("B", 40)), 20), runoff("A", "B"), id="tie-for-first-of-two"),
            pytest.param(TallyCounts((("A", 30), ("B", 30), ("C", 30)), 10), Outcome(NULLITY), id="three-tied-for-first"),
            pytest.param(TallyCounts((("A", 40), ("B", 30), ("C", 10)), 10), runoff("A", "B"), id="tie-for-third-irrelevant"),
            pytest.param(TallyCounts((("A", 40), ("B", 30), ("C", 20)), 20), runoff("A", "B"), id="four-choices-runoff"),
            pytest.param(TallyCounts((("A", 40), ("B", 30), ("C", 30)), 10), Outcome(NULLITY), id="four-choices-tie-for-second"),
            pytest.param(TallyCounts((("A", 61), ("B", 30)), 30), rep("A"), id="multi-union-majority"),
            pytest.param(TallyCounts((("A", 60), ("B", 40)), 20), runoff("A", "B"), id="exactly-half-is-no-majority"),
        ],
    )
    def test_outcome(self, counts: TallyCounts, expected: Outcome) -> None:
        """A complete count gives the outcome the majority, tie, runoff and nullity rules prescribe."""
        assert outcome_of_count(counts) == expected

    def test_challenged_ballots_are_left_out(self) -> None:
        """outcome_of_count ignores unresolved challenged ballots (as if sustained): 10-10 with 1 challenged is RESULTS."""
        assert outcome_of_count(TallyCounts((("U", 10),), 10, challenged=1)) == Outcome(RESULTS)

    @pytest.mark.parametrize(
        ("choices", "against"),
        [
            pytest.param((("A", 50),), 50, id="T36-union-v-against"),
            pytest.param((("A", 50), ("B", 50)), None, id="T37-union-v-union"),
            pytest.param((("A", 0), ("B", 0)), None, id="no-votes"),
        ],
    )
    def test_runoff_ballot_without_majority_is_results(self, choices: tuple[tuple[str, int], ...], against: int | None) -> None:
        """A runoff that ends without a majority gives a Certification of Results, never a second runoff (R-P6)."""
        assert outcome_of_count(TallyCounts(choices, against, runoff_ballot=True)) == Outcome(RESULTS)

    def test_runoff_ballot_majority_certifies(self) -> None:
        """On a runoff ballot between two unions, the one with a majority is certified."""
        assert outcome_of_count(TallyCounts((("A", 51), ("B", 50)), None, runoff_ballot=True)) == rep("A")


class TestZeroVoteException:
    """102.70(d): a tie, another choice with no votes, and every eligible voter casting a valid ballot."""

    def test_applies_with_exact_count_reached(self) -> None:
        """ACWA 36, UGW 0, None 36 with exactly 72 eligible voters: no runoff, Certification of Results (T18)."""
        counts = TallyCounts((("ACWA", 36), ("UGW", 0)), 36, eligible=72, eligible_exact=True)
        assert outcome_of_count(counts) == Outcome(RESULTS)

    @pytest.mark.parametrize(
        ("eligible", "exact"),
        [
            pytest.param(77, False, id="T17-approximate-77"),
            pytest.param(72, False, id="approximate-equal-is-not-enough"),
            pytest.param(73, True, id="exact-but-one-did-not-vote"),
            pytest.param(None, False, id="unknown"),
        ],
    )
    def test_not_applied_without_exact_full_turnout(self, eligible: int | None, exact: bool) -> None:
        """Without a confirmed exact count that every eligible voter reached, the tied pair goes to a runoff (T17)."""
        counts = TallyCounts((("ACWA", 36), ("UGW", 0)), 36, eligible=eligible, eligible_exact=exact)
        assert outcome_of_count(counts) == runoff("ACWA", AGAINST)

    def test_needs_a_zero_vote_choice(self) -> None:
        """A tie for first with the third choice above zero is a runoff even when everyone voted."""
        counts = TallyCounts((("A", 35), ("B", 2)), 35, eligible=72, eligible_exact=True)
        assert outcome_of_count(counts) == runoff("A", AGAINST)

    def test_does_not_displace_tie_for_second(self) -> None:
        """A leader and a tie for second is a nullity even with a zero-vote choice and full turnout."""
        counts = TallyCounts((("A", 40), ("B", 20), ("C", 0)), 20, eligible=80, eligible_exact=True)
        assert outcome_of_count(counts) == Outcome(NULLITY)

    def test_three_tied_with_a_fourth_at_zero(self) -> None:
        """Two or more choices tie and another has none, everyone voted: Certification of Results, not nullity."""
        counts = TallyCounts((("A", 10), ("B", 10), ("C", 0)), 10, eligible=30, eligible_exact=True)
        assert outcome_of_count(counts) == Outcome(RESULTS)

    def test_voided_ballot_means_not_everyone_voted_validly(self) -> None:
        """A void ballot among exactly-eligible voters means not all cast valid ballots: the runoff stands."""
        counts = TallyCounts((("ACWA", 36), ("UGW", 0)), 36, void=1, eligible=73, eligible_exact=True)
        assert outcome_of_count(counts) == runoff("ACWA", AGAINST)


class TestOutcomeValue:
    @pytest.mark.parametrize(
        ("outcome", "text"),
        [
            pytest.param(rep("RWDSU"), "Certification of Representative: RWDSU", id="rep"),
            pytest.param(Outcome(RESULTS), "Certification of Results", id="results"),
            pytest.param(runoff("ACWA", AGAINST), f"Runoff: ACWA v. {AGAINST}", id="runoff"),
            pytest.param(Outcome(NULLITY), "Nullity: rerun election with all the original choices (102.70(d))", id="nullity"),
            pytest.param(Outcome(PENDING), "Pending: challenged ballots or objections unresolved", id="pending"),
        ],
    )
    def test_describe(self, outcome: Outcome, text: str) -> None:
        """Each outcome class reads as the act it leads to."""
        assert outcome.describe() == text

    @pytest.mark.parametrize(
        "kwargs",
        [
            pytest.param({"kind": REP}, id="rep-without-winner"),
            pytest.param({"kind": RESULTS, "winner": "U"}, id="results-with-winner"),
            pytest.param({"kind": RUNOFF}, id="runoff-without-pair"),
            pytest.param({"kind": RUNOFF, "runoff_choices": ("A", "A")}, id="runoff-with-one-choice-twice"),
            pytest.param({"kind": NULLITY, "runoff_choices": ("A", "B")}, id="nullity-with-pair"),
        ],
    )
    def test_refuses_fields_that_do_not_fit_the_kind(self, kwargs: dict[str, object]) -> None:
        """An outcome whose fields contradict its kind cannot be built."""
        with pytest.raises(InvalidTally):
            Outcome(**kwargs)  # type: ignore[arg-type]

    def test_results_variants_are_one_class(self) -> None:
        """An against majority and a tie on a two-choice ballot give equal outcomes (R-E3)."""
        assert outcome_of_count(TallyCounts((("U", 8),), 15)) == outcome_of_count(TallyCounts((("U", 9),), 9))


class TestValidateTally:
    @pytest.mark.parametrize(
        ("counts", "line"),
        [
            pytest.param(TallyCounts((), 3), "choices", id="no-union"),
            pytest.param(TallyCounts((("U", -1),), 3), "choices", id="negative-votes"),
            pytest.param(TallyCounts((("U", 1.5),), 3), "choices", id="fractional-votes"),  # type: ignore[arg-type]
            pytest.param(TallyCounts((("U", True),), 3), "choices", id="boolean-votes"),
            pytest.param(TallyCounts((("", 1),), 3), "choices", id="unnamed-union"),
            pytest.param(TallyCounts(((" U", 1),), 3), "choices", id="padded-name"),
            pytest.param(TallyCounts((("U", 1), ("u", 2)), 3), "choices", id="duplicate-name"),
            pytest.param(TallyCounts((("None", 1), ("U", 2)), 3), "choices", id="against-as-a-union"),
            pytest.param(TallyCounts(((AGAINST, 1),), 3), "choices", id="against-display-name"),
            pytest.param(TallyCounts((("U", 1),), -3), "against", id="negative-against"),
            pytest.param(TallyCounts((("U", 1),), None), "against", id="against-missing"),
            pytest.param(TallyCounts((("A", 1), ("B", 1)), None), "against", id="against-missing-not-runoff"),
            pytest.param(
                TallyCounts((("A", 1), ("B", 1), ("C", 1)), None, runoff_ballot=True), "against", id="three-unions-no-against"
            ),
            pytest.param(TallyCounts((("A", 1), ("B", 1)), 1, runoff_ballot=True), "runoff_ballot", id="runoff-three-choices"),
            pytest.param(TallyCounts((("U", 1),), 3, challenged=-1), "challenged", id="negative-challenged"),
            pytest.param(TallyCounts((("U", 1),), 3, void=-2), "void", id="negative-void"),
            pytest.param(TallyCounts((("U", 1),), 3, eligible=-5), "eligible", id="negative-eligible"),
            pytest.param(TallyCounts((("U", 1),), 3, eligible_exact=True), "eligible_exact", id="exact-without-count"),
            pytest.param(
                TallyCounts((("U", 5),), 3, void=1, eligible=8, eligible_exact=True), "eligible", id="exact-below-counted"
            ),
        ],
    )
    def test_refuses(self, counts: TallyCounts, line: str) -> None:
        """An impossible tally is refused with the line at fault named."""
        with pytest.raises(InvalidTally) as caught:
            validate_tally(counts)
        assert caught.value.line == line

    def test_negative_message_names_line_and_value(self) -> None:
        """The message says which line is wrong and what it held."""
        with pytest.raises(InvalidTally, match=r"line 3 \(votes for RWDSU\).*negative, got -875"):
            validate_tally(TallyCounts((("RWDSU", -875),), 993))

    @pytest.mark.parametrize(
        "counts",
        [
            pytest.param(TallyCounts((("U", 15),), 8, void=1, eligible=20), id="A5-cast-over-approximate-eligible"),
            pytest.param(TallyCounts((("A", 50), ("B", 50)), None, runoff_ballot=True), id="runoff-two-unions"),
            pytest.param(TallyCounts((("A", 50),), 49, runoff_ballot=True), id="runoff-union-v-against"),
            pytest.param(TallyCounts((("U", 0),), 0, challenged=3), id="T24-all-challenged"),
            pytest.param(TallyCounts((("U", 5),), 3, challenged=4, eligible=8, eligible_exact=True), id="challenged-over-exact"),
        ],
    )
    def test_accepts(self, counts: TallyCounts) -> None:
        """A possible tally is returned unchanged (ballots cast above an approximate count is only a warning)."""
        assert validate_tally(counts) is counts

    def test_choices_given_as_mapping_or_lists_are_stored_as_tuples(self) -> None:
        """Choices from a dict or lists are normalized to a hashable tuple of pairs in ballot order."""
        from_dict = TallyCounts({"A": 3, "B": 4}, 5)  # type: ignore[arg-type]
        from_lists = TallyCounts([["A", 3], ["B", 4]], 5)  # type: ignore[arg-type]
        assert from_dict.choices == from_lists.choices == (("A", 3), ("B", 4))
        assert hash(from_dict) == hash(from_lists)
