"""The progress of an import run by a flow: a command line passes its progress bar this way (a flow's
parameters must be plain data)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from casefile.importers.reading import Progress

_progress_hook: ContextVar[Progress | None] = ContextVar("casefile_import_progress", default=None)


@contextmanager
def reporting_progress(progress: Progress | None) -> Iterator[None]:
    """Within the block, imports run by a flow report their progress to ``progress(phase, done, total)``.

    A flow's parameters must be plain data, so a command line passes its progress bar this way."""
    token = _progress_hook.set(progress)
    try:
        yield
    finally:
        _progress_hook.reset(token)


def current_progress() -> Progress | None:
    """The progress callback set by :func:`reporting_progress`, or None."""
    return _progress_hook.get()
