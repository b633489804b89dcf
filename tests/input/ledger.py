"""A ledger of fuzzed inputs, in the probe's terms: inputs fuzzed / clear errors / tracebacks / accepted wrongly.

Each fuzz test passes every input through :func:`judge`, which runs the call, files the result under
the test's target and fails the test on a traceback (an exception that is not a CasefileError, or
a CasefileError with an empty message) or on an input accepted that the oracle says must be refused.
``tests/input/conftest.py`` prints the ledger at the end of the run.

With ``CASEFILE_FUZZ_COUNT_ONLY=1`` nothing fails: the ledger only counts (to measure an older
casefile with the same inputs).
"""

from __future__ import annotations

import os
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any, TypeVar

from casefile.errors import CasefileError

T = TypeVar("T")
COUNT_ONLY = os.environ.get("CASEFILE_FUZZ_COUNT_ONLY") == "1"

#: target -> Counter of "fuzzed", "accepted", "clear error", "traceback", "accepted wrongly".
LEDGER: defaultdict[str, Counter[str]] = defaultdict(Counter)


class Traceback(AssertionError):
    """The call ended in an exception that is not a clear CasefileError."""


class AcceptedWrongly(AssertionError):
    """The call accepted an input that the oracle says must be refused."""


def judge(
    target: str,
    call: Callable[[], T],
    *,
    wrong: Callable[[T], str | None] = lambda _: None,
    refused: Callable[[T], bool] = lambda _: False,
) -> T | CasefileError:
    """Run ``call``; return its result or the CasefileError it raised (with a non-empty message).

    ``wrong(result)`` returns why an accepted result is wrong, or None when it is right;
    ``refused(result)`` says the result is itself a clear refusal (a row reported as a problem with
    its reason), filed as a clear error. Raises Traceback or AcceptedWrongly (and files them) otherwise.
    """
    book = LEDGER[target]
    book["fuzzed"] += 1
    try:
        result = call()
    except CasefileError as exc:
        if not str(exc).strip():
            book["traceback"] += 1
            raise Traceback(f"{target}: {type(exc).__name__} with an empty message") from exc
        book["clear error"] += 1
        return exc
    except Exception as exc:
        book["traceback"] += 1
        if COUNT_ONLY:
            return CasefileError(f"(traceback) {type(exc).__name__}")
        raise Traceback(f"{target}: {type(exc).__name__}: {exc}"[:500]) from exc
    why = wrong(result)
    if why is not None:
        book["accepted wrongly"] += 1
        if COUNT_ONLY:
            return result
        raise AcceptedWrongly(f"{target}: {why}")
    book["clear error" if refused(result) else "accepted"] += 1
    return result


def refused_wrongly(target: str, why: str) -> None:
    """File (and fail on) an input the oracle says must be accepted but was refused."""
    LEDGER[target]["clear error"] -= 1
    LEDGER[target]["refused wrongly"] += 1
    if not COUNT_ONLY:
        raise AssertionError(f"{target}: {why}")


def summary() -> list[str]:
    """One line per target and a total line."""
    lines = []
    total: Counter[str] = Counter()
    for target in sorted(LEDGER):
        book = LEDGER[target]
        total.update(book)
        lines.append(_line(target, book))
    if LEDGER:
        lines.append(_line("total", total))
    return lines


def _line(target: str, book: Any) -> str:
    return (f"{target:<28} fuzzed {book['fuzzed']:>6}  accepted {book['accepted']:>6}  clear errors "
            f"{book['clear error']:>6}  tracebacks {book['traceback']:>3}  accepted wrongly {book['accepted wrongly']:>3}"
            + (f"  refused wrongly {book['refused wrongly']}" if book["refused wrongly"] else ""))
