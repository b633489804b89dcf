"""Strict YAML: YAML 1.2 core scalars (no octal, sexagesimal or yes/no booleans), repeated keys and
non-UTF-8 bytes refused naming the line and column."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from casefile.errors import InvalidScenario
from casefile.importers.strict_yaml import MAX_DEPTH, load_yaml

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def value(text: str) -> object:
    return load_yaml(f"v: {text}\n", source="t.yaml")["v"]


class TestScalars:
    @pytest.mark.parametrize(("text", "expected"), [
        pytest.param("045", "045", id="leading-zero-is-text-not-octal-37"),
        pytest.param("0o45", "0o45", id="yaml-1.2-octal-is-text"),
        pytest.param("0x2d", "0x2d", id="hex-is-text"),
        pytest.param("1:05", "1:05", id="sexagesimal-is-text-not-65"),
        pytest.param("1_000", "1_000", id="underscore-is-text"),
        pytest.param("1,798", "1,798", id="grouped-is-text"),
        pytest.param("yes", "yes", id="yes"),
        pytest.param("No", "No", id="No"),
        pytest.param("on", "on", id="on"),
        pytest.param("OFF", "OFF", id="OFF"),
        pytest.param("y", "y", id="y"),
        pytest.param(".inf", ".inf", id="inf-is-text"),
        pytest.param("2021-4-9", "2021-4-9", id="unpadded-date-is-text"),
        pytest.param("true", True, id="true"),
        pytest.param("FALSE", False, id="FALSE"),
        pytest.param("0", 0, id="zero"),
        pytest.param("-0", 0, id="minus-zero"),
        pytest.param("738", 738, id="count"),
        pytest.param("+5", 5, id="plus-sign"),
        pytest.param("9223372036854775807", 2**63 - 1, id="largest-64-bit"),
        pytest.param("1.5", 1.5, id="float"),
        pytest.param("2e3", 2000.0, id="exponent"),
        pytest.param("~", None, id="tilde"),
        pytest.param("", None, id="nothing"),
        pytest.param("'045'", "045", id="quoted"),
        pytest.param("2021-04-09", date(2021, 4, 9), id="date"),
        pytest.param("2021-04-16T17:05:00-05:00", datetime(2021, 4, 16, 17, 5, tzinfo=timezone(timedelta(hours=-5))),
                     id="aware-instant"),
        pytest.param("2021-04-16 17:05:00Z", datetime(2021, 4, 16, 17, 5, tzinfo=UTC), id="utc-with-space"),
    ])
    def test_core_schema(self, text: str, expected: object) -> None:
        """Each plain scalar reads as YAML 1.2's core schema would, with leading zeros and 1.1 forms kept as text."""
        found = value(text)
        assert found == expected
        assert type(found) is type(expected)

    def test_bessemer_scenario_reads_as_before(self) -> None:
        """The three example scenarios read exactly as PyYAML's safe loader reads them (they use no 1.1 forms)."""
        import yaml

        for path in sorted(EXAMPLES.glob("*.yaml")):
            assert load_yaml(path.read_bytes(), source=path.name) == yaml.safe_load(path.read_text(encoding="utf-8"))


class TestRefusals:
    @pytest.mark.parametrize(("text", "message"), [
        pytest.param("a: 1\nb:\n  x: 1\n  x: 2\n", "t.yaml: line 4, column 3: key 'x' repeated (first given on line 3)",
                     id="repeated-key"),
        pytest.param("{a: 1, a: 2}", "t.yaml: line 1, column 8: key 'a' repeated (first given on line 1)",
                     id="repeated-key-in-flow"),
        pytest.param("1: a\ntrue: b\n", "t.yaml: line 2, column 1: key True repeated (first given on line 1, as 1)",
                     id="keys-python-would-merge"),
        pytest.param("v: 9223372036854775808\n", "t.yaml: line 1, column 4: the number '9223372036854775808' is too "
                     "large (whole numbers are read up to 2^63 - 1; quote it to give it as text)", id="two-to-the-63"),
        pytest.param("v: 2021-02-30\n", "t.yaml: line 1, column 4: 2021-02-30 is not a calendar date (February 2021 "
                     "has 28 days)", id="february-30"),
        pytest.param("v: 2026-13-01\n", "t.yaml: line 1, column 4: 2026-13-01 is not a calendar date (month must be "
                     "1–12)", id="month-13"),
        pytest.param("v: !!int 045\n", "t.yaml: line 1, column 4: explicit tag 'tag:yaml.org,2002:int' refused: "
                     "casefile files use plain values", id="explicit-octal-tag"),
        pytest.param("v: !!python/object:os.system x\n", "t.yaml: line 1, column 4: explicit tag "
                     "'tag:yaml.org,2002:python/object:os.system' refused: casefile files use plain values",
                     id="python-tag"),
        pytest.param("a: &x [1]\nb: *x\n", "t.yaml: line 2, column 4: alias *x refused: write the value out in full",
                     id="alias"),
        pytest.param("? [1, 2]\n: x\n", "t.yaml: line 1, column 3: a mapping key must be a plain value, not a list or "
                     "mapping", id="list-as-key"),
        pytest.param("a: b: c\n", "t.yaml: line 1, column 5: mapping values are not allowed here", id="syntax"),
        pytest.param("a: \x07\n", "t.yaml: line 1, column 4: character '\\x07' is not allowed in a YAML file",
                     id="control-character"),
        pytest.param("a\n---\nb\n", "t.yaml: line 2, column 1: but found another document (expected a single "
                     "document in the stream at line 1)", id="two-documents"),
        pytest.param("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), f"t.yaml: line 1, column {MAX_DEPTH + 1}: nested "
                     f"more than {MAX_DEPTH} levels deep", id="too-deep"),
    ])
    def test_refused_with_line_and_column(self, text: str, message: str) -> None:
        """Each refusal is one InvalidScenario naming the source, the 1-based line and column, and what is wrong."""
        with pytest.raises(InvalidScenario) as caught:
            load_yaml(text, source="t.yaml")
        assert str(caught.value) == message

    @pytest.mark.parametrize(("data", "message"), [
        pytest.param(b"a: 1\nb: caf\xe9\n", "t.yaml: line 2, column 7: byte 0xE9 is not UTF-8 text; save the file as "
                     "UTF-8", id="latin-1-byte"),
        pytest.param(b"\xff\xfea\x00", "t.yaml: line 1, column 1: byte 0xFF is not UTF-8 text; save the file as UTF-8",
                     id="utf-16"),
        pytest.param("a: é\nb: ".encode() + b"\xc3(", "t.yaml: line 2, column 4: byte 0xC3 is not UTF-8 text; save the "
                     "file as UTF-8", id="truncated-sequence"),
    ])
    def test_bytes_not_utf8(self, data: bytes, message: str) -> None:
        """Bytes that are not UTF-8 are refused naming the line and column of the first one (never decoded otherwise)."""
        with pytest.raises(InvalidScenario) as caught:
            load_yaml(data, source="t.yaml")
        assert str(caught.value) == message

    def test_byte_order_mark_accepted(self) -> None:
        """A UTF-8 byte-order mark, in bytes or in text, is dropped."""
        assert load_yaml(b"\xef\xbb\xbfa: 1\n", source="t.yaml") == {"a": 1}
        assert load_yaml("\ufeffa: 1\n", source="t.yaml") == {"a": 1}

    def test_empty_document(self) -> None:
        """An empty file reads as None (the caller says what it expected)."""
        assert load_yaml("", source="t.yaml") is None
