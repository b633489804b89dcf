"""R-E7 and R-L: the ballots still determinative after a ruling, and the count of a revised tally."""

from __future__ import annotations

import pytest

from casefile.errors import InvalidTally, ProcedureError
from casefile.rules.outcome import TallyCounts
from casefile.rules.partial_resolution import still_determinative
from casefile.rules.revised_count import Resolution, resolution_since_tally, revised_counts

SELCK = TallyCounts(choices=(("Union", 17),), against=15, challenged=4, eligible=37)  # Walter E. Selck (1974)
STARBUCKS = TallyCounts(choices=(("Workers United", 15),), against=9, challenged=7, eligible=46)


class TestStillDeterminative:
    @pytest.mark.parametrize(
        ("counts", "sustained", "expected"),
        [(SELCK, 0, True), (SELCK, 2, True), (SELCK, 3, False), (STARBUCKS, 6, False), (STARBUCKS, 0, True),
         (STARBUCKS, 7, False)],
        ids=["selck-none-sustained", "selck-two-sustained", "selck-one-left", "starbucks-six-sustained",
             "starbucks-none", "nothing-left"],
    )
    def test_table(self, counts: TallyCounts, sustained: int, expected: bool) -> None:
        """17-15 stays open while 2 can tie it; 15-9 with one ballot left is decided (R-E7)."""
        assert still_determinative(counts, sustained=sustained) is expected

    def test_more_sustained_than_challenged(self) -> None:
        with pytest.raises(InvalidTally):
            still_determinative(SELCK, sustained=5)


class TestRevisedCounts:
    def test_selck_two_opened_for_the_union(self) -> None:
        """Two overruled ballots both for the union: 19-15 with the other 2 still unopened."""
        got = revised_counts(SELCK, Resolution(opened=2, sustained=0), counted={"Union": 2}, counted_against=0)
        assert (got.choices, got.against, got.challenged, got.eligible) == ((("Union", 19),), 15, 2, 37)

    def test_starbucks_six_sustained_none_opened(self) -> None:
        """15-9 stands with 1 ballot still unopened."""
        got = revised_counts(STARBUCKS, Resolution(opened=0, sustained=6), counted={}, counted_against=0)
        assert (got.choices, got.against, got.challenged) == ((("Workers United", 15),), 9, 1)

    @pytest.mark.parametrize(
        ("resolution", "counted", "against", "error", "message"),
        [
            (Resolution(2, 0), {"Union": 2}, 1, InvalidTally, "add up to 3 but 2 ballots were opened"),
            (Resolution(2, 0), {"Teamsters": 2}, 0, InvalidTally, r"\['Teamsters'\] not on the ballot"),
            (Resolution(0, 0), {}, 0, ProcedureError, "nothing to revise"),
            (Resolution(3, 2), {"Union": 3}, 0, InvalidTally, "3 opened \\+ 2 sustained exceed the 4 challenged"),
        ],
        ids=["counts-do-not-add-up", "not-on-the-ballot", "nothing-to-revise", "more-than-challenged"],
    )
    def test_refused(self, resolution: Resolution, counted: dict[str, int], against: int, error: type[Exception],
                     message: str) -> None:
        with pytest.raises(error, match=message):
            revised_counts(SELCK, resolution, counted=counted, counted_against=against)

    def test_register_decides_what_was_opened(self) -> None:
        """With a register, the overruled ballots are the ones opened; a different 'opened' is refused."""
        assert resolution_since_tally(registered=4, overruled=2, sustained=0, given_opened=None,
                                      given_sustained=None) == Resolution(2, 0)
        with pytest.raises(InvalidTally, match="3 ballots said opened, but 2 challenges are overruled"):
            resolution_since_tally(registered=4, overruled=2, sustained=0, given_opened=3, given_sustained=None)
        with pytest.raises(ProcedureError, match="without a register"):
            resolution_since_tally(registered=0, overruled=0, sustained=0, given_opened=2, given_sustained=None)
