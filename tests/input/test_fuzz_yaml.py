"""Fuzz: strict YAML on arbitrary text and bytes, on mutated example scenarios and on generated
documents full of YAML 1.1 traps. Each input gives a plain-data result or an InvalidScenario with a
message; never another exception; a document that must be refused is never accepted."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casefile.errors import CasefileError, InvalidScenario
from casefile.importers.strict_yaml import load_yaml
from tests.input.ledger import COUNT_ONLY, judge, refused_wrongly
from tests.strategies import examples

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.yaml"))
PLAIN = (dict, list, str, int, float, bool, type(None), date, datetime)
FAST = settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])

REFUSED = object()
#: Plain scalars and what strict reading must give (REFUSED: an InvalidScenario).
TRAPS: dict[str, object] = {
    "045": "045", "0045": "0045", "1:05": "1:05", "190:20:30": "190:20:30", "yes": "yes", "No": "No", "on": "on",
    "OFF": "OFF", "y": "y", "n": "n", "0x1f": "0x1f", "0o17": "0o17", "0b101": "0b101", "1_000": "1_000",
    "1,798": "1,798", ".inf": ".inf", "-.inf": "-.inf", ".NaN": ".NaN", "=": "=", "true": True, "False": False,
    "TRUE": True, "12": 12, "-3": -3, "+7": 7, "0": 0, "-0": 0, "1.5": 1.5, "2e3": 2000.0, "null": None, "~": None,
    "2021-04-09": date(2021, 4, 9), "2021-4-9": "2021-4-9", "'045'": "045", '"yes"': "yes", "'1:05'": "1:05",
    "2021-02-30": REFUSED, "0000-01-01": REFUSED, "9223372036854775807": 2**63 - 1, "9223372036854775808": REFUSED,
    "-9223372036854775808": REFUSED, "!!int 045": REFUSED, "!!bool yes": REFUSED, "*alias": REFUSED,
    "Local 1199": "Local 1199", "RWDSU": "RWDSU",
}


def plain_data(value: Any, depth: int = 0) -> str | None:
    """Why ``value`` is not plain data of the documented shapes, or None."""
    if not isinstance(value, PLAIN) or depth > 70:
        return f"{type(value).__name__} is not one of the documented shapes"
    if isinstance(value, int) and not isinstance(value, bool) and not -(2**63) < value < 2**63:
        return f"integer {value} outside 64 bits"
    children = list(value.items()) if isinstance(value, dict) else value if isinstance(value, list) else []
    for child in children:
        for part in child if isinstance(value, dict) else (child,):
            why = plain_data(part, depth + 1)
            if why:
                return why
    return None


class TestArbitraryInput:
    @FAST
    @given(st.text(max_size=300))
    def test_text(self, text: str) -> None:
        """Any text is plain data or an InvalidScenario naming the source."""
        result = judge("load_yaml (text)", lambda: load_yaml(text, source="fuzz.yaml"), wrong=plain_data)
        if isinstance(result, CasefileError) and not COUNT_ONLY:
            assert isinstance(result, InvalidScenario) and str(result).startswith("fuzz.yaml: ")

    @FAST
    @given(st.binary(max_size=300))
    def test_bytes(self, data: bytes) -> None:
        """Any bytes: refused unless UTF-8 (after a byte-order mark); accepted ones are plain data."""

        def wrong(result: Any) -> str | None:
            try:
                data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
            except UnicodeDecodeError:
                return "bytes that are not UTF-8 were accepted"
            return plain_data(result)

        judge("load_yaml (bytes)", lambda: load_yaml(data, source="fuzz.yaml"), wrong=wrong)

    @settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.sampled_from(EXAMPLES), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255), st.sampled_from("idr")),
                                               min_size=1, max_size=6))
    def test_mutated_scenarios(self, path: Path, edits: list[tuple[float, int, str]]) -> None:
        """An example scenario with a few bytes inserted, deleted or replaced: plain data or one clear refusal."""
        data = bytearray(path.read_bytes())
        for where, byte, how in edits:
            at = int(where * (len(data) - 1))
            if how == "i":
                data.insert(at, byte)
            elif how == "d":
                del data[at]
            else:
                data[at] = byte
        mutated = bytes(data)

        def wrong(result: Any) -> str | None:
            try:
                mutated.decode("utf-8")
            except UnicodeDecodeError:
                return "bytes that are not UTF-8 were accepted"
            return plain_data(result)

        judge("load_yaml (mutated example)", lambda: load_yaml(mutated, source=path.name), wrong=wrong)


class TestTraps:
    @FAST
    @given(st.lists(st.tuples(st.sampled_from("abcdefghijklmnopqrst"), st.sampled_from(sorted(TRAPS))), min_size=1,
                    max_size=5),
           st.booleans())
    def test_generated_documents(self, entries: list[tuple[str, str]], nested: bool) -> None:
        """Documents of traps: each value read as the strict rules say; a repeated key or a refused value refuses it."""
        lines = [f"{key}: {text}" for key, text in entries]
        if nested:
            lines = ["outer:"] + ["  " + line for line in lines]
        document = "\n".join(lines) + "\n"
        keys = [key for key, _ in entries]
        must_refuse = len(set(keys)) < len(keys) or any(TRAPS[text] is REFUSED for _, text in entries)
        expected = {key: TRAPS[text] for key, text in entries}
        if nested:
            expected = {"outer": expected}

        def wrong(result: Any) -> str | None:
            if must_refuse:
                return f"{document!r} must be refused, read as {result!r}"
            if result != expected or any(type(result_value) is not type(expected_value) for result_value, expected_value
                                         in zip(_leaves(result), _leaves(expected), strict=True)):
                return f"{document!r} read as {result!r}, expected {expected!r}"
            return None

        result = judge("load_yaml (YAML 1.1 traps)", lambda: load_yaml(document, source="t.yaml"), wrong=wrong)
        if isinstance(result, CasefileError) and not must_refuse:
            refused_wrongly("load_yaml (YAML 1.1 traps)", f"{document!r} refused: {result}")
        elif isinstance(result, CasefileError) and not COUNT_ONLY:
            assert str(result).startswith("t.yaml: line ")


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for child in value.values() for leaf in _leaves(child)]
    return [value]
