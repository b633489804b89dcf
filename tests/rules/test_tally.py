"""The tally of ballots: rules.md §6.1 and §6.2 vectors, real tallies, stated lines and plain-data input."""

from __future__ import annotations

import subprocess
import sys

import pytest

from casefile.errors import InvalidTally
from casefile.rules.tally import (
    AGAINST,
    Outcome,
    TallyCounts,
    analyze_tally,
    check_stated_lines,
    majority_cast_for,
    tally_from_mapping,
)
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


def one_union(yes: int, no: int, *, c: int = 0, v: int = 0, e: int | None = None, name: str = "U") -> TallyCounts:
    return TallyCounts(((name, yes),), no, challenged=c, void=v, eligible=e)


# rules.md §6.1: (inputs, determinative, outcome if nothing else pending)
SECTION_6_1 = [
    pytest.param(one_union(10, 10, c=1, e=23), True, Outcome(PENDING), id="T1"),
    pytest.param(one_union(17, 23, c=6), False, Outcome(RESULTS), id="T2"),
    pytest.param(one_union(527, 467, c=3), False, rep("U"), id="T3"),
    pytest.param(one_union(43, 42, v=1, c=10), True, Outcome(PENDING), id="T4"),
    pytest.param(one_union(17, 15, c=4, e=37), True, Outcome(PENDING), id="T5"),
    pytest.param(one_union(26, 29, c=2, e=58), False, Outcome(RESULTS), id="T6"),
    pytest.param(one_union(16, 72, c=4), False, Outcome(RESULTS), id="T7"),
    pytest.param(one_union(5, 8, c=1, e=14), False, Outcome(RESULTS), id="T8"),
    pytest.param(one_union(50, 47, v=1, c=1, e=99), False, rep("U"), id="T10"),
    pytest.param(one_union(17, 17, v=1), False, Outcome(RESULTS), id="T11"),
    pytest.param(one_union(4, 4), False, Outcome(RESULTS), id="T12"),
    pytest.param(TallyCounts((("ACWA", 36), ("UGW", 0)), 36, eligible=77), False, runoff("ACWA", AGAINST), id="T17"),
    pytest.param(
        TallyCounts((("ACWA", 36), ("UGW", 0)), 36, eligible=72, eligible_exact=True), False, Outcome(RESULTS), id="T18"
    ),
    pytest.param(one_union(42, 18, v=10, c=4), False, rep("U"), id="T19"),
    pytest.param(one_union(15, 8, v=1, e=30, name="IBEW Local 84"), False, rep("IBEW Local 84"), id="T20"),
    pytest.param(
        TallyCounts((("IBEW", 14), ("Diesel Workers Union", 185)), 3, void=3, eligible=245),
        False,
        rep("Diesel Workers Union"),
        id="T21",
    ),
    pytest.param(one_union(12, 10, c=1), False, rep("U"), id="T23"),
    pytest.param(one_union(0, 0, c=3), True, Outcome(PENDING), id="T24"),
    pytest.param(TallyCounts((("A", 40), ("B", 35)), 25), False, runoff("A", "B"), id="T25"),
    pytest.param(TallyCounts((("A", 30), ("B", 30)), 30), False, Outcome(NULLITY), id="T27"),
    pytest.param(TallyCounts((("A", 40), ("B", 20)), 40), False, runoff("A", AGAINST), id="T28"),
    pytest.param(TallyCounts((("A", 51), ("B", 20)), 29, challenged=2), True, Outcome(PENDING), id="T29"),
    pytest.param(TallyCounts((("A", 60), ("B", 20)), 20), False, rep("A"), id="T31"),
    pytest.param(TallyCounts((("A", 30), ("B", 15)), 55), False, Outcome(RESULTS), id="T32"),
    pytest.param(TallyCounts((("A", 50),), 50, runoff_ballot=True), False, Outcome(RESULTS), id="T36"),
    pytest.param(TallyCounts((("A", 50), ("B", 50)), None, runoff_ballot=True), False, Outcome(RESULTS), id="T37"),
]


class TestSection61Vectors:
    @pytest.mark.parametrize(("counts", "determinative", "outcome"), SECTION_6_1)
    def test_vector(self, counts: TallyCounts, determinative: bool, outcome: Outcome) -> None:
        """The tally is determinative or not, and has the outcome, that rules.md §6.1 gives."""
        analysis = analyze_tally(counts)
        assert analysis.determinative is determinative
        assert analysis.outcome == outcome

    def test_t1_reaches_both_certifications(self) -> None:
        """T1: one challenged ballot on 10-10 decides between certifying the union and Results."""
        assert analyze_tally(one_union(10, 10, c=1, e=23)).reachable == (rep("U"), Outcome(RESULTS))

    def test_t29_reaches_majority_or_runoff(self) -> None:
        """T29: two challenged ballots decide between A's majority and a runoff between A and None."""
        counts = TallyCounts((("A", 51), ("B", 20)), 29, challenged=2)
        assert analyze_tally(counts).reachable == (rep("A"), runoff("A", AGAINST))

    def test_t24_every_ballot_challenged(self) -> None:
        """T24: with every ballot challenged, the union can win or lose."""
        assert analyze_tally(one_union(0, 0, c=3)).reachable == (rep("U"), Outcome(RESULTS))


class TestRealTallies:
    def test_bessemer_2021(self) -> None:
        """Amazon Bessemer 2021: 738 for, 1,798 against, 505 challenged: not determinative, Results."""
        analysis = analyze_tally(TallyCounts((("RWDSU", 738),), 1798, challenged=505, void=76, eligible=5867))
        assert (analysis.valid, analysis.valid_plus_challenged, analysis.ballots_cast) == (2536, 3041, 3117)
        assert analysis.determinative is False
        assert analysis.majority_for is None
        assert analysis.outcome == Outcome(RESULTS)
        assert analysis.reachable == (Outcome(RESULTS),)
        assert analysis.warnings == ()

    def test_bessemer_2022_rerun(self) -> None:
        """Amazon Bessemer 2022 rerun: 875 for, 993 against, 416 challenged: determinative, pending."""
        analysis = analyze_tally(TallyCounts((("RWDSU", 875),), 993, challenged=416, void=59, eligible=6153))
        assert (analysis.valid, analysis.valid_plus_challenged, analysis.ballots_cast) == (1868, 2284, 2343)
        assert analysis.determinative is True
        assert analysis.outcome == Outcome(PENDING)
        assert analysis.reachable == (rep("RWDSU"), Outcome(RESULTS))

    def test_starbucks_genesee(self) -> None:
        """Starbucks Genesee Street: 15 for, 9 against, 7 challenged: determinative (9 + 7 > 15 could reverse it)."""
        analysis = analyze_tally(TallyCounts((("Workers United", 15),), 9, challenged=7))
        assert analysis.determinative is True
        assert analysis.majority_for is None
        assert analysis.reachable == (rep("Workers United"), Outcome(RESULTS))


class TestSection62ArithmeticChecks:
    def test_a1_accepted(self) -> None:
        """A1: yes 15, no 8, valid 23, valid+challenged 23: accepted, not sufficient, majority has been cast."""
        counts = one_union(15, 8, name="IBEW Local 84")
        check_stated_lines(counts, valid=23, valid_plus_challenged=23, determinative=False, majority_for=True)
        check_stated_lines(counts, majority_for="IBEW Local 84")
        analysis = analyze_tally(counts)
        assert analysis.challenges_statement == "Challenges are not sufficient in number to affect the results of the election."
        assert analysis.majority_statement == (
            "A majority of the valid votes counted plus challenged ballots has been cast for IBEW Local 84."
        )

    def test_a2_wrong_valid_total(self) -> None:
        """A2: valid stated as 24 for 15 + 8 is refused, naming line 6."""
        with pytest.raises(
            InvalidTally, match=r"line 5 \(valid votes counted\): stated 24, but the counts give 23 valid$"
        ) as caught:
            check_stated_lines(one_union(15, 8), valid=24)
        assert caught.value.line == "valid"

    def test_a3_wrong_determinative_statement(self) -> None:
        """A3: 10-10 with one challenged ballot stated "not sufficient" is refused: it must say sufficient."""
        with pytest.raises(InvalidTally, match="line 8") as caught:
            check_stated_lines(one_union(10, 10, c=1), valid_plus_challenged=21, determinative=False)
        assert caught.value.line == "determinative"

    def test_a5_warns_when_cast_exceeds_approximate_eligible(self) -> None:
        """A5: 24 ballots cast against about 20 eligible voters is accepted with a warning."""
        analysis = analyze_tally(one_union(15, 8, v=1, e=20))
        assert analysis.outcome == rep("U")
        assert analysis.warnings == (
            "ballots cast (24: 23 valid, 1 void, 0 challenged) exceed the approximate number of eligible voters (20); check line 1",
        )


class TestStatedLines:
    @pytest.mark.parametrize(
        ("kwargs", "line"),
        [
            pytest.param({"valid_plus_challenged": 22}, "valid_plus_challenged", id="line-8"),
            pytest.param({"ballots_cast": 20}, "ballots_cast", id="ballots-cast"),
            pytest.param({"valid": "23"}, "valid", id="line-6-not-a-number"),
            pytest.param({"determinative": True}, "determinative", id="line-9-says-sufficient"),
            pytest.param({"determinative": "no"}, "determinative", id="line-9-not-a-truth-value"),
            pytest.param({"majority_for": None}, "majority_for", id="line-10-says-not-cast"),
            pytest.param({"majority_for": False}, "majority_for", id="line-10-false"),
            pytest.param({"majority_for": "Teamsters"}, "majority_for", id="line-10-names-a-stranger"),
            pytest.param({"majority_for": 3}, "majority_for", id="line-10-a-number"),
        ],
    )
    def test_disagreement_is_refused(self, kwargs: dict[str, object], line: str) -> None:
        """A stated line that differs from the computed one is refused with that line named (15-8, none challenged)."""
        with pytest.raises(InvalidTally) as caught:
            check_stated_lines(one_union(15, 8, name="IBEW"), **kwargs)  # type: ignore[arg-type]
        assert caught.value.line == line

    def test_majority_counts_challenged_ballots_in_the_denominator(self) -> None:
        """Line 10 asks for more than half of valid plus challenged: 12 of 22 + 3 challenged is not a majority."""
        counts = one_union(12, 10, c=3)
        assert majority_cast_for(counts) is None
        check_stated_lines(counts, majority_for=None)
        assert majority_cast_for(one_union(12, 10, c=1)) == "U"

    def test_majority_never_names_against(self) -> None:
        """When "against" has the majority, line 9 says no majority was cast for any labor organization."""
        analysis = analyze_tally(TallyCounts((("A", 10), ("B", 5)), 40))
        assert analysis.majority_for is None
        assert analysis.majority_statement.endswith("has not been cast for any labor organization.")


class TestWarnings:
    def test_zero_vote_exception_needs_exact_count(self) -> None:
        """T17 analyzed: a runoff, with a warning that the zero-vote exception needs a confirmed exact eligible count."""
        analysis = analyze_tally(TallyCounts((("ACWA", 36), ("UGW", 0)), 36, eligible=77))
        assert analysis.outcome == runoff("ACWA", AGAINST)
        assert len(analysis.warnings) == 1
        assert "zero-vote exception was not applied (29 CFR 102.70(d))" in analysis.warnings[0]

    def test_no_warning_for_an_ordinary_runoff(self) -> None:
        """An ordinary runoff (no tie, no zero-vote choice) carries no warning."""
        assert analyze_tally(TallyCounts((("A", 40), ("B", 35)), 25)).warnings == ()

    def test_challenged_beyond_exact_count(self) -> None:
        """Challenged ballots beyond an exact eligible count are accepted with a warning."""
        analysis = analyze_tally(TallyCounts((("U", 5),), 3, challenged=4, eligible=8, eligible_exact=True))
        assert analysis.warnings == (
            "ballots cast (12: 8 valid, 0 void, 4 challenged) exceed the exact number of eligible voters (8); check line 1",
        )


class TestTallyFromMapping:
    def test_yaml_shape(self) -> None:
        """A mapping of choices plus counts, as in a YAML scenario, builds the tally in ballot order."""
        counts = tally_from_mapping({"choices": {"RWDSU": 875}, "against": 993, "challenged": 416, "void": 59, "eligible": 6153})
        assert counts == TallyCounts((("RWDSU", 875),), 993, challenged=416, void=59, eligible=6153)

    @pytest.mark.parametrize(
        "choices",
        [
            pytest.param([{"name": "A", "votes": 40}, {"name": "B", "votes": 35}], id="list-of-mappings"),
            pytest.param([["A", 40], ["B", "35"]], id="list-of-pairs"),
            pytest.param({"A": "40", "B": 35}, id="mapping-with-text-counts"),
        ],
    )
    def test_choice_shapes(self, choices: object) -> None:
        """Choices may be a mapping, a list of {name, votes} or a list of [name, votes]."""
        counts = tally_from_mapping({"choices": choices, "against": 25})
        assert counts.choices == (("A", 40), ("B", 35))

    def test_thousands_separators(self) -> None:
        """Counts written as on the form ("1,798") are read as numbers."""
        assert tally_from_mapping({"choices": {"RWDSU": "738"}, "against": "1,798"}).against == 1798

    def test_runoff_between_two_unions(self) -> None:
        """A runoff ballot between two unions needs no "against"."""
        counts = tally_from_mapping({"choices": {"A": 50, "B": 49}, "runoff_ballot": True})
        assert counts.against is None
        assert analyze_tally(counts).outcome == rep("A")

    def test_stated_lines_are_checked(self) -> None:
        """Lines transcribed with the counts must agree with them (A2 through plain data)."""
        with pytest.raises(InvalidTally) as caught:
            tally_from_mapping({"choices": {"U": 15}, "against": 8, "valid": 24})
        assert caught.value.line == "valid"
        accepted = tally_from_mapping(
            {
                "choices": {"U": 15},
                "against": 8,
                "valid": 23,
                "valid_plus_challenged": 23,
                "determinative": False,
                "majority_for": "U",
            }
        )
        assert accepted.valid == 23

    @pytest.mark.parametrize(
        ("data", "line"),
        [
            pytest.param(["U", 15], "tally", id="not-a-mapping"),
            pytest.param({"choices": {"U": 15}, "against": 8, "chalenged": 2}, "chalenged", id="misspelt-key"),
            pytest.param({"against": 8}, "choices", id="no-choices"),
            pytest.param({"choices": "U=15", "against": 8}, "choices", id="choices-as-text"),
            pytest.param({"choices": [{"name": "U"}], "against": 8}, "choices", id="choice-without-votes"),
            pytest.param({"choices": [["U", 1, 2]], "against": 8}, "choices", id="choice-triple"),
            pytest.param({"choices": {7: 15}, "against": 8}, "choices", id="numeric-name"),
            pytest.param({"choices": {"U": "fifteen"}, "against": 8}, "choices", id="votes-in-words"),
            pytest.param({"choices": {"U": 15}, "against": True}, "against", id="against-boolean"),
            pytest.param({"choices": {"U": 15}, "against": -8}, "against", id="against-negative"),
            pytest.param({"choices": {"U": 15}}, "against", id="against-missing"),
            pytest.param({"choices": {"U": 15}, "against": 8, "eligible_exact": "yes"}, "eligible_exact", id="flag-as-text"),
            pytest.param({"choices": {"U": 15}, "against": 8, "determinative": "no"}, "determinative", id="statement-as-text"),
            pytest.param({"choices": {"U": 15}, "against": 8, "valid": "many"}, "valid", id="stated-valid-in-words"),
        ],
    )
    def test_refuses(self, data: object, line: str) -> None:
        """Bad plain data is refused with the key at fault named."""
        with pytest.raises(InvalidTally) as caught:
            tally_from_mapping(data)  # type: ignore[arg-type]
        assert caught.value.line == line


class TestCountsBounded:
    """Counts are ints (not bool) from 0 to MAX_COUNT = 1,000,000; text counts are digits as printed on the form."""

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            pytest.param("0", 0, id="zero"),
            pytest.param("738", 738, id="plain"),
            pytest.param(" 1,798 ", 1798, id="grouped-and-spaced"),
            pytest.param("1,000,000", 1_000_000, id="the-bound-grouped"),
            pytest.param("1000000", 1_000_000, id="the-bound-plain"),
        ],
    )
    def test_written_counts_read(self, text: str, expected: int) -> None:
        """A count written as on the form, plain or grouped by thousands, is read as that number."""
        assert tally_from_mapping({"choices": {"U": text}, "against": 0}).choices == (("U", expected),)

    @pytest.mark.parametrize(
        ("value", "message"),
        [
            pytest.param("045", "'045' is not a count of ballots", id="leading-zero-yaml-1.1-octal"),
            pytest.param("1,0,0", "'1,0,0' is not a count of ballots", id="commas-not-grouping-thousands"),
            pytest.param("12,34", "'12,34' is not a count of ballots", id="group-of-two"),
            pytest.param("1 798", "'1 798' is not a count of ballots", id="space-grouped"),
            pytest.param("-3", "'-3' is not a count of ballots", id="signed-text"),
            pytest.param("7.0", "'7.0' is not a count of ballots", id="decimal-text"),
            pytest.param("٧٣٨", "'٧٣٨' is not a count of ballots", id="arabic-indic-digits"),
            pytest.param("1:05", "'1:05' is not a count of ballots", id="yaml-1.1-sexagesimal"),
            pytest.param("9" * 5000, "'99999999999999999999'... is more than 1,000,000", id="five-thousand-digit-text"),
            pytest.param(7.0, "expected a count of ballots, got 7.0", id="float"),
            pytest.param(True, "expected a count of ballots, got True", id="bool-is-not-a-count"),
            pytest.param(1_000_001, "1,000,001 is more than 1,000,000, the most ballots casefile accepts in one count",
                         id="one-above-the-bound"),
            pytest.param(2**63, "a number of 19 digits or more is more than 1,000,000", id="two-to-the-63"),
            pytest.param(10**5000, "a number of 19 digits or more is more than 1,000,000", id="five-thousand-digit-int"),
            pytest.param(-(2**70), "cannot be negative, got a number of 19 digits or more", id="huge-negative"),
        ],
    )
    def test_refused_naming_the_line(self, value: object, message: str) -> None:
        """A count that is not a bounded whole number is refused naming the form line and the key, never a traceback."""
        with pytest.raises(InvalidTally) as caught:
            tally_from_mapping({"choices": {"U": 5}, "against": value})
        assert caught.value.line == "against"
        assert str(caught.value).startswith("line 4 (votes against): ")
        assert message in str(caught.value)

    @pytest.mark.parametrize(
        ("field", "line"),
        [
            pytest.param("challenged", "line 6 (challenged ballots)", id="challenged"),
            pytest.param("void", "line 2 (void ballots)", id="void"),
            pytest.param("eligible", "line 1 (eligible voters)", id="eligible"),
        ],
    )
    def test_every_count_bounded(self, field: str, line: str) -> None:
        """Each line of the form is bounded the same way: 1,000,000 accepted, 1,000,001 refused naming it."""
        counts = {"choices": (("U", 5),), "against": 3}
        analyze_tally(TallyCounts(**counts, **{field: 1_000_000}))  # type: ignore[arg-type]
        with pytest.raises(InvalidTally) as caught:
            analyze_tally(TallyCounts(**counts, **{field: 1_000_001}))  # type: ignore[arg-type]
        assert caught.value.line == field
        assert str(caught.value).startswith(f"{line}: 1,000,001 is more than 1,000,000")

    def test_bool_votes_refused(self) -> None:
        """``True`` is not one vote: a tally built in code with a bool count is refused."""
        with pytest.raises(InvalidTally) as caught:
            analyze_tally(TallyCounts((("U", True),), 3))  # type: ignore[arg-type]
        assert caught.value.line == "choices"

    def test_valid_and_void_above_an_exact_eligible_count(self) -> None:
        """Valid and void ballots above an eligible count marked exact are refused naming line 1 (R-C3)."""
        with pytest.raises(InvalidTally) as caught:
            analyze_tally(TallyCounts((("U", 5),), 3, void=1, eligible=8, eligible_exact=True))
        assert caught.value.line == "eligible"
        assert str(caught.value) == (
            "line 1 (eligible voters): the exact count 8 is smaller than the 9 valid and void ballots counted"
        )

    def test_approximate_eligible_count_warns_only(self) -> None:
        """Ballots cast above an approximate eligible count (Bessemer 2021: 3,117 of about 5,867 is below) only warn."""
        analysis = analyze_tally(TallyCounts((("U", 500),), 400, challenged=20, void=5, eligible=900))
        assert analysis.warnings == (
            "ballots cast (925: 900 valid, 5 void, 20 challenged) exceed the approximate number of eligible voters (900); "
            "check line 1",
        )

    def test_stated_line_of_huge_value(self) -> None:
        """A stated line of 2^70 disagrees with the counts and says so without printing 22 digits or failing."""
        with pytest.raises(InvalidTally) as caught:
            tally_from_mapping({"choices": {"U": 15}, "against": 8, "valid": 2**70})
        assert caught.value.line == "valid"
        assert str(caught.value) == (
            "line 5 (valid votes counted): stated a number of 19 digits or more, but the counts give 23 valid"
        )


class TestPurity:
    def test_rules_import_nothing_heavy(self) -> None:
        """The tally rules import no database, workflow-engine or PDF library."""
        code = (
            "import sys, casefile.rules.tally\n"
            "heavy = {'prefect', 'weasyprint', 'sqlmodel', 'sqlalchemy', 'jinja2', 'typer', 'rich'}\n"
            "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))"
        )
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert result.stdout.strip() == "[]"
