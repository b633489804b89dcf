"""Prints the fuzz ledger (inputs fuzzed / clear errors / tracebacks / accepted wrongly) after the run."""

from __future__ import annotations

from typing import Any

from tests.input.ledger import summary


def pytest_terminal_summary(terminalreporter: Any) -> None:
    lines = summary()
    if lines:
        terminalreporter.section("fuzzed inputs (issue 9, item 3)")
        for line in lines:
            terminalreporter.write_line(line)
