"""Fuzz: parse_case_number on arbitrary text and near-misses. Each gives the normalized number or a
MalformedCaseNumber with a message; never another exception; nothing outside ASCII is accepted."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casefile.errors import CasefileError, MalformedCaseNumber
from casefile.rules.case_numbers import CASE_TYPES, CaseNumber, parse_case_number
from tests.input.ledger import COUNT_ONLY, judge
from tests.strategies import examples

FUZZ = settings(max_examples=examples(500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
FORM = re.compile(r"([0-9]{1,2})-([A-Za-z]{2})-([0-9]{1,6})", re.ASCII)
DIGITS = "0123456789٠١٢٣٤٥٦٧٨٩०१२३४५६७८९０１２３４５６７８９"
NEAR_MISSES = st.builds(
    lambda region, dash1, kind, dash2, serial, pad: f"{pad}{region}{dash1}{kind}{dash2}{serial}{pad}",
    st.text(DIGITS, min_size=1, max_size=3),
    st.sampled_from(["-", "-", "-", "-", "–", "—", "‐", "－", " ", ""]),
    st.sampled_from(["RC", "rc", "RM", "RD", "UD", "CA", "XX", "ＲＣ", "Rc", "R"]),
    st.sampled_from(["-", "-", "-", "–", " "]),
    st.text(DIGITS, min_size=1, max_size=7),
    st.sampled_from(["", " ", "\u00a0", "\t", "\u3000"]),
)


def wrong(text: str, number: CaseNumber) -> str | None:
    match = FORM.fullmatch(text.strip())
    if match is None:
        return f"{text!r} accepted as {number}"
    region, kind, serial = match.groups()
    if kind.upper() not in CASE_TYPES:
        return f"case type {kind!r} accepted"
    expected = f"{int(region):02d}-{kind.upper()}-{serial}"
    return None if str(number) == expected and str(number).isascii() else f"{text!r} normalized to {number}, not {expected}"


ASCII_FORMS = st.builds(
    lambda region, kind, serial, pad: f"{pad}{region}-{kind}-{serial}{pad}",
    st.from_regex(r"[0-9]{1,3}", fullmatch=True),
    st.sampled_from([*sorted(CASE_TYPES), "XX", "Rc", "rc", "R1"]),
    st.from_regex(r"[0-9]{0,7}", fullmatch=True),
    st.sampled_from(["", " ", "\n"]),
)


@FUZZ
@given(st.one_of(st.text(max_size=40), NEAR_MISSES, ASCII_FORMS))
def test_parse_case_number(text: str) -> None:
    """Any text: the normalized RR-TT-NNNNNN in ASCII, or a MalformedCaseNumber saying what the form is."""
    result = judge("parse_case_number", lambda: parse_case_number(text), wrong=lambda number: wrong(text, number))
    if isinstance(result, CasefileError) and not COUNT_ONLY:
        assert isinstance(result, MalformedCaseNumber)
