"""casefile.rules.excluded_ballots: ballots excluded at the count, once ordered counted, are challenged ballots
(rules.md R-E6, R-L1): the determinative test and the revised count read them on the challenged line."""

from __future__ import annotations

import pytest

from casefile.errors import BadInput, InvalidTally, ProcedureError
from casefile.rules.excluded_ballots import check_excluded, ordered_to_count, reason_words, with_excluded
from casefile.rules.revised_count import Resolution, revised_counts
from casefile.rules.tally import TallyCounts, analyze_tally
from casefile.vocab import ExcludedReason

#: Starbucks Walden Avenue, count of 2022-03-09: 8 for Workers United, 7 against, 1 challenged (see
#: tests/acts/test_count_excluded_ballots.py for what is derived).
WALDEN = TallyCounts(choices=(("Workers United", 8),), against=7, challenged=1)


def test_the_excluded_ballots_join_the_challenged_line() -> None:
    counts = with_excluded(WALDEN, 5)
    assert (counts.choices, counts.against, counts.challenged) == ((("Workers United", 8),), 7, 6)
    assert with_excluded(WALDEN, 0) is WALDEN


def test_the_supplemental_count_is_the_usual_revised_count() -> None:
    """5 opened (2 for, 3 against) of the 6 on the line: 10-10 with 1 unopened, determinative (R-E4: Y ≤ N and
    C = 1 ≥ N − Y + 1); without the excluded ballots the same count is refused (more opened than challenged)."""
    revised = revised_counts(with_excluded(WALDEN, 5), Resolution(opened=5, sustained=0),
                             counted={"Workers United": 2}, counted_against=3)
    assert (revised.choices, revised.against, revised.challenged) == ((("Workers United", 10),), 10, 1)
    assert analyze_tally(revised).determinative is True
    with pytest.raises(InvalidTally, match=r"exceed the 1 challenged ballot$"):
        revised_counts(WALDEN, Resolution(opened=5, sustained=0), counted={"Workers United": 2}, counted_against=3)


def test_an_order_counts_at_most_the_ballots_left() -> None:
    assert ordered_to_count(excluded=5, ordered_before=0, ordered=5) == 5
    assert ordered_to_count(excluded=5, ordered_before=3, ordered=2) == 2
    with pytest.raises(ProcedureError, match="the tally excluded 5 and 3 were already ordered counted: 2 left"):
        ordered_to_count(excluded=5, ordered_before=3, ordered=3)
    with pytest.raises(ProcedureError, match="records no ballot excluded"):
        ordered_to_count(excluded=0, ordered_before=0, ordered=1)
    with pytest.raises(BadInput, match="at least one"):
        ordered_to_count(excluded=5, ordered_before=0, ordered=0)


def test_a_reason_needs_excluded_ballots_and_an_unknown_one_is_said() -> None:
    check_excluded(5, None)
    check_excluded(5, ExcludedReason.LATE_MAIL_BALLOT)
    with pytest.raises(BadInput, match="no ballot was excluded"):
        check_excluded(0, ExcludedReason.UNSIGNED_ENVELOPE)
    assert reason_words(None) == "for a reason the record does not state"
    assert reason_words(ExcludedReason.LATE_MAIL_BALLOT) == (
        "because they were received after the date set for the return of mail ballots")
    assert len({reason_words(r) for r in ExcludedReason}) == len(ExcludedReason)  # every reason its own words
