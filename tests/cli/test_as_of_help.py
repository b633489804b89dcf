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
