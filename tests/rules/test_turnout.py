"""Ballots counted unchallenged against the eligible voters (rules.tally.turnout_refusal): a tally whose valid votes
and void ballots are more than twice its approximate number of eligible voters is impossible and refused; ballots
cast above line 1 by the challenged ballots, or by an approximate count's error, are not. Checked on every real
tally casefile ships (tests/fixtures: the FOIA sample and the Recent Election Results sample)."""

from __future__ import annotations

from pathlib import Path

import pytest

from casefile.errors import InvalidTally
from casefile.importers.nlrb_results import parse_nlrb_results
from casefile.importers.tallies_sample import parse_tallies_sample
from casefile.rules.tally import TallyCounts, analyze_tally, tally_from_mapping, turnout_refusal
from casefile.vocab import TallyKind

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_655_ballots_against_100_eligible_voters_are_refused() -> None:
    """The new user's tally: 400 for the union, 250 against, 5 void, against 100 eligible voters."""
    refusal = turnout_refusal(TallyCounts((("IBT", 400),), 250, void=5, eligible=100))
    assert refusal is not None and (refusal.line, refusal.field) == ("eligible", "eligible")
    assert str(refusal).startswith("line 1 (eligible voters): 655 ballots were counted unchallenged (650 valid votes, "
                                   "5 void ballots) against 100 eligible voters")
    assert "at most 200 counted unchallenged for 100 eligible voters" in str(refusal)
    with pytest.raises(InvalidTally, match="655 ballots were counted unchallenged"):
        tally_from_mapping({"choices": {"IBT": 400}, "against": 250, "void": 5, "eligible": 100})


@pytest.mark.parametrize(("valid_for", "against", "void", "challenged", "eligible", "refused"), [
    pytest.param(150, 50, 0, 0, 100, False, id="twice-line-1-accepted"),
    pytest.param(150, 50, 1, 0, 100, True, id="one-more-refused"),
    pytest.param(10, 5, 0, 600, 100, False, id="challenged-ballots-explain-the-rest"),
    pytest.param(1, 0, 0, 0, 0, True, id="a-ballot-against-no-eligible-voter"),
    pytest.param(400, 250, 5, 0, None, False, id="eligible-unknown"),
])
def test_the_bound(valid_for: int, against: int, void: int, challenged: int, eligible: int | None, refused: bool) -> None:
    counts = TallyCounts((("U", valid_for),), against, void=void, challenged=challenged, eligible=eligible)
    assert (turnout_refusal(counts) is not None) is refused


def test_within_the_bound_ballots_cast_above_line_1_stay_a_warning() -> None:
    """54 valid votes and 3 challenged ballots against 40 eligible voters (19-RC-204655, a real tally)."""
    counts = TallyCounts((("FAIR", 14), ("PNSU", 20)), 20, challenged=3, eligible=40)
    assert turnout_refusal(counts) is None
    assert analyze_tally(counts).warnings[0].startswith("ballots cast (57: 54 valid, 0 void, 3 challenged) exceed the "
                                                        "approximate number of eligible voters (40)")


@pytest.mark.parametrize(("parse", "name", "read", "accepted"), [
    (parse_tallies_sample, "tallies-sample.csv", 276, 275),
    (parse_nlrb_results, "nlrb-recent-election-results-sample.csv", 300, 291),
])
def test_every_real_tally_is_within_the_bound(parse, name: str, read: int, accepted: int) -> None:  # type: ignore[no-untyped-def]
    """Every real tally of the samples passes (the same records as before the rule: none refused for it), though 4
    count more ballots unchallenged than line 1 (the most 54 against 40, 1.35 times)."""
    parsed = parse(FIXTURES / name)
    assert (parsed.record_count, len(parsed.records)) == (read, accepted)
    assert not [p for p in parsed.problems if "counted unchallenged" in str(p)]
    assert [r.case_number for r in parsed.records if r.kind is not TallyKind.REVISED
            and turnout_refusal(r.counts()) is not None] == []
    over = sorted((r.counts().valid + r.counts().void) / r.eligible for r in parsed.records if r.eligible)
    assert over[-1] <= 1.35


def test_an_import_row_beyond_the_bound_is_reported_not_loaded(tmp_path: Path) -> None:
    """A row of the FOIA sample with its eligible count cut to a tenth is a row problem naming the rule."""
    lines = (FIXTURES / "tallies-sample.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    header, row = lines[0], next(line for line in lines if line.startswith("01-RC-201967,"))
    assert ",168,0,114,2,0," in row  # 168 eligible, 0 void, 114 for the unions, 2 against, 0 challenged
    (tmp_path / "one.csv").write_text(header + row.replace(",168,0,114,2,0,", ",16,0,114,2,0,"), encoding="utf-8")
    parsed = parse_tallies_sample(tmp_path / "one.csv")
    assert parsed.records == [] or len(parsed.records) == 0
    (problem,) = parsed.problems
    assert "116 ballots were counted unchallenged (116 valid votes, 0 void ballots) against 16 eligible voters" in str(problem)
