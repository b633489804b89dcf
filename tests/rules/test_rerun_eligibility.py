"""R-O4: a rerun's voters are those of the payroll period ending before the date of its Notice of election."""

from __future__ import annotations

import pytest

from casefile.rules.rerun_eligibility import rerun_eligibility


@pytest.mark.parametrize(("ordinal", "cutoff"), [
    ("second", "the date of the Notice of Second Election"),
    ("third", "the date of the Notice of Third Election"),
])
def test_the_cutoff_is_the_notices_date_not_the_decisions(ordinal: str, cutoff: str) -> None:
    assert rerun_eligibility(ordinal).cutoff == cutoff
    assert "Casehandling Manual" in rerun_eligibility(ordinal).source


@pytest.mark.parametrize("ordinal", ["", "first", "  "])
def test_a_first_election_is_not_a_rerun(ordinal: str) -> None:
    with pytest.raises(ValueError, match="second or later"):
        rerun_eligibility(ordinal)
