"""--as-of of a party's filing defaults to its receipt: the help says so once (was "default now. Default: the receipt.")."""

from __future__ import annotations

import re

import pytest

from tests.cli.in_process import casefile


@pytest.mark.parametrize("command", [("review", "request"), ("review", "oppose"), ("exceptions", "file")])
def test_as_of_help_names_one_default(command: tuple[str, ...]) -> None:
    ran = casefile(*command, "--help")
    text = re.sub(r"[\s│]+", " ", ran.stdout)
    assert "default: the receipt (--received-at), else now." in text
    assert "default now. Default" not in text


@pytest.mark.parametrize("command", [("review", "request"), ("case", "open"), ("challenges", "register"),
                                     ("deadlines", "recompute"), ("deadlines", "explain"), ("sweep",), ("case", "list")])
def test_as_of_help_says_a_date_and_time(command: tuple[str, ...]) -> None:
    """--as-of's help says "a date and time, like 2026-03-20T14:00-04:00", not "ISO instant"."""
    ran = casefile(*command, "--help")
    text = re.sub(r"[\s│]+", " ", ran.stdout)
    assert "a date and time, like 2026-03-20T14:00-04:00" in text
    assert "ISO instant" not in text
