"""Fuzz: the tally rules on arbitrary integers (any size, negative, bool) and arbitrary plain data.
Each tally is analyzed (outcome, determinative, challenge figures) or refused with an InvalidTally
naming its line; never another exception; no tally with a count outside 0..1,000,000 is accepted."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casefile.errors import CasefileError, InvalidTally
from casefile.rules.challenge_analysis import analyze_challenges
from casefile.rules.tally import MAX_COUNT, TallyCounts, analyze_tally, tally_from_mapping
from tests.input.ledger import COUNT_ONLY, judge
from tests.strategies import UNION_NAMES, examples

FUZZ = settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Mostly counts a tally could have (so that analyzes run), and the rest anything an int can be.
_GOOD = st.one_of(st.integers(0, 3), st.integers(0, 60), st.integers(0, 5000))
_BAD = st.one_of(st.integers(), st.integers(-3, -1), st.integers(MAX_COUNT - 2, MAX_COUNT + 2),
                 st.sampled_from([2**63 - 1, 2**63, -(2**63), 10**4400, -(10**4400)]), st.booleans())
ANY_INT = st.one_of(_GOOD, _GOOD, _GOOD, _GOOD, _GOOD, _GOOD, _BAD)
WRITTEN = re.compile(r"0|[1-9][0-9]{0,6}|[1-9][0-9]{0,2}(?:,[0-9]{3}){1,2}", re.ASCII)


def is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def wrongly_accepted(counts: TallyCounts) -> str | None:
    """Why a tally the rules accepted should have been refused, or None."""
    values = [v for _, v in counts.choices] + [counts.challenged, counts.void]
    values += [v for v in (counts.against, counts.eligible) if v is not None]
    if not all(is_count(v) for v in values):
        return f"a count outside 0..{MAX_COUNT:,} (or a bool) accepted: {values}"
    if counts.eligible_exact and counts.eligible is not None and counts.valid + counts.void > counts.eligible:
        return "valid and void ballots above an exact eligible count accepted"
    return None


@st.composite
def int_tallies(draw: st.DrawFn) -> TallyCounts:
    names = draw(st.permutations(UNION_NAMES))[: draw(st.integers(1, 5))]
    runoff = len(names) == 2 and draw(st.booleans())
    return TallyCounts(
        choices=tuple((name, draw(ANY_INT)) for name in names),
        against=None if runoff and draw(st.booleans()) else draw(ANY_INT),
        challenged=draw(ANY_INT),
        void=draw(ANY_INT),
        eligible=draw(st.none() | ANY_INT),
        eligible_exact=draw(st.sampled_from([False, False, False, True])),
        runoff_ballot=runoff,
    )


class TestArbitraryIntegers:
    @FUZZ
    @given(int_tallies())
    def test_analysis(self, counts: TallyCounts) -> None:
        """analyze_tally and analyze_challenges: a full analysis, or one InvalidTally naming the line at fault."""

        def analyze() -> tuple[Any, Any]:
            return analyze_tally(counts), analyze_challenges(counts)

        def wrong(result: tuple[Any, Any]) -> str | None:
            analysis, requirements = result
            if {r.outcome for r in requirements} != set(analysis.reachable):
                return "the two analyzes disagree on the reachable outcomes"
            return wrongly_accepted(counts)

        result = judge("tally rules (any integers)", analyze, wrong=wrong)
        if isinstance(result, CasefileError) and not COUNT_ONLY:
            assert isinstance(result, InvalidTally) and result.line


class TestArbitraryPlainData:
    @FUZZ
    @given(st.dictionaries(
        st.sampled_from(["against", "challenged", "void", "eligible", "valid", "chalenged"]),
        st.one_of(ANY_INT, st.text(max_size=12), st.from_regex(r"[0-9,]{1,12}", fullmatch=True), st.floats(),
                  st.none(), st.lists(st.integers(), max_size=2)),
        max_size=4,
    ), st.one_of(ANY_INT, st.text(max_size=8), st.from_regex(r"[0-9,]{1,12}", fullmatch=True)))
    def test_tally_from_mapping(self, fields: dict[str, Any], votes: Any) -> None:
        """tally_from_mapping (what YAML and JSON tallies go through): counts, or one InvalidTally naming the key."""
        data = {"choices": {"RWDSU": votes}, **fields}

        def wrong(counts: TallyCounts) -> str | None:
            for key, value in [("votes", votes), *fields.items()]:
                if key in ("valid",) or value is None:
                    continue
                text_ok = isinstance(value, str) and WRITTEN.fullmatch(value.strip()) is not None
                if not (is_count(value) or text_ok):
                    return f"{key} = {value!r:.40} accepted"
                if text_ok and int(value.replace(",", "")) > MAX_COUNT:
                    return f"{key} = {value!r} above the bound accepted"
            return wrongly_accepted(counts)

        result = judge("tally_from_mapping", lambda: tally_from_mapping(data), wrong=wrong)
        if isinstance(result, CasefileError) and not COUNT_ONLY:
            assert isinstance(result, InvalidTally) and result.line
