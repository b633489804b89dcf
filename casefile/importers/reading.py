"""Reading an export file: its text (UTF-8 or Windows-1252, never binary) and its lines for
``csv.reader``, reporting progress in characters read."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path

from casefile.errors import InvalidImport

#: Called as ``progress(phase, done, total)``: phase "parse" counts characters read, "load" records loaded.
Progress = Callable[[str, int, int], None]

_PROGRESS_EVERY = 500  # lines


def read_export_text(file: Path) -> str:
    """The file's text: UTF-8 (with or without BOM), else Windows-1252.

    Raises InvalidImport when the file cannot be read, holds binary data, or decodes as neither."""
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise InvalidImport(f"{file}: cannot be read ({exc.strerror or exc})") from exc
    if b"\x00" in data[:4096]:
        raise InvalidImport(f"{file.name}: not a CSV export (binary data); nothing was imported")
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise InvalidImport(f"{file.name}: not a CSV export (neither UTF-8 nor Windows-1252 text); nothing was imported")


def unreadable(exc: Exception) -> str:
    """The problem reported for the record where the CSV itself breaks (e.g. a quote never closed)."""
    return f"the CSV cannot be read from this record on ({exc}): it and any record after it are not imported"


class ExportLines:
    """The text's lines as ``csv.reader`` wants them (newline rules of ``open(newline="")``),
    calling ``progress("parse", characters_read, total_characters)`` every few hundred lines."""

    def __init__(self, text: str, progress: Progress | None = None) -> None:
        self._lines: Iterator[str] = iter(io.StringIO(text, newline=""))
        self._total = len(text)
        self._done = 0
        self._seen = 0
        self._progress = progress

    def __iter__(self) -> ExportLines:
        return self

    def __next__(self) -> str:
        line = next(self._lines)
        self._done += len(line)
        self._seen += 1
        if self._progress is not None and self._seen % _PROGRESS_EVERY == 0:
            self._progress("parse", self._done, self._total)
        return line

    def finish(self) -> None:
        """Report the whole text read."""
        if self._progress is not None:
            self._progress("parse", self._total, self._total)
