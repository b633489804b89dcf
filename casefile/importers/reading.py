"""Reading an export file: its text (UTF-8, never binary, never guessed), its lines for
``csv.reader`` (reporting progress in characters read), and the strict reading of its count and
date cells shared by the importers."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

from casefile.errors import InvalidImport
from casefile.rules.tally import MAX_COUNT

#: Called as ``progress(phase, done, total)``: phase "parse" counts characters read, "load" records loaded.
Progress = Callable[[str, int, int], None]

_PROGRESS_EVERY = 500  # lines
_BOM = b"\xef\xbb\xbf"
#: A count cell: ASCII digits only. The NLRB exports write counts without thousands separators
#: (the 300-record "Recent Election Results" sample writes 1,063 eligible voters as ``1063``; the
#: 276-row FOIA sample writes 5,867 as ``5867``; neither has a comma in any count cell), so
#: ``1,234`` is refused rather than guessed (``1,0,0`` would otherwise become 100).
_COUNT = re.compile(r"[0-9]+", re.ASCII)
#: The Act's lifetime: no NLRB tally or filing precedes the Wagner Act (49 Stat. 449, July 5, 1935)
#: and none is dated after 2100; a date outside it is a typing slip (and 9999-12-31 would make every
#: deadline computed from it overflow).
FIRST_DATE = date(1935, 7, 5)
LAST_DATE = date(2100, 12, 31)
#: Longest text cell (a name, a city, a status) and longest paragraph cell (a unit description, a
#: JSON list of votes) accepted: the real samples' longest are 285 and 2,018 characters; the same
#: bounds as the act models' one-line and paragraph fields.
LINE_MAX = 500
PARAGRAPH_MAX = 20_000


def read_export_text(file: Path) -> str:
    """The file's text, decoded as UTF-8 (a leading byte-order mark is dropped).

    A file saved in another encoding (Windows-1252 by an old Excel, Latin-1) is refused, not
    guessed: one stray byte must not turn every accented name of the file into other letters.

    Raises:
        InvalidImport: the file cannot be read, holds binary data (a NUL byte in its first 4 KiB),
            or is not UTF-8; the last message names the line and column of the first byte that is
            not UTF-8, the byte, and how to re-save the file.
    """
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise InvalidImport(f"{file}: cannot be read ({exc.strerror or exc})") from exc
    if b"\x00" in data[:4096]:
        raise InvalidImport(f"{file.name}: not a CSV export (binary data); nothing was imported")
    raw = data.removeprefix(_BOM)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", errors="replace")) + 1
        raise InvalidImport(
            f"{file.name}: line {line}, column {column}: byte 0x{raw[exc.start]:02X} is not UTF-8 text "
            "(the file was saved in another encoding, e.g. Windows-1252); save it as UTF-8 "
            "(Excel: \"CSV UTF-8\") and import it again; nothing was imported"
        ) from None


def parse_count_cell(text: str) -> int | None:
    """A count cell of an export: ``None`` when blank, else its whole number.

    Args:
        text: the cell, already stripped.

    Raises:
        ValueError: with a reason to report for the row: the cell is not ASCII digits (a sign, a
            comma, a decimal point, other digits), or it exceeds :data:`casefile.rules.tally.MAX_COUNT`.
    """
    if not text:
        return None
    if not _COUNT.fullmatch(text):
        raise ValueError(f"{_shown(text)} is not a count of ballots (digits 0-9 only, no sign, comma or point)")
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(MAX_COUNT)) or int(digits) > MAX_COUNT:
        raise ValueError(f"{_shown(text)} is more than {MAX_COUNT:,}, the most ballots casefile accepts in one count")
    return int(digits)


def check_date_in_lifetime(value: date) -> date:
    """``value`` itself; raises ValueError (a reason for the row) outside FIRST_DATE..LAST_DATE."""
    if not FIRST_DATE <= value <= LAST_DATE:
        raise ValueError(f"{value.isoformat()} is outside the National Labor Relations Act's lifetime "
                         f"({FIRST_DATE.isoformat()} to {LAST_DATE.isoformat()})")
    return value


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37]) + "..."


def unreadable(exc: Exception) -> str:
    """The problem reported for the record where the CSV itself breaks (e.g. a quote never closed)."""
    return f"the CSV cannot be read from this record on ({exc}): it and any record after it are not imported"


class ExportLines:
    """The text's lines as ``csv.reader`` wants them (newline rules of ``open(newline="")``),
    calling ``progress("parse", characters_read, total_characters)`` every few hundred lines.
    :meth:`of_file` reads a file a line at a time (memory flat in the file's size)."""

    def __init__(self, text: str, progress: Progress | None = None) -> None:
        self._lines: Iterator[str] = iter(io.StringIO(text, newline=""))
        self._total = len(text)
        self._done = 0
        self._seen = 0
        self._progress = progress
        self._file: Path | None = None
        self._handle: io.TextIOWrapper | None = None

    @classmethod
    def of_file(cls, file: Path, progress: Progress | None = None) -> ExportLines:
        """The lines of the export ``file``, decoded as UTF-8 as they are read (a leading byte-order
        mark dropped); what :func:`read_export_text` refuses is refused the same way (binary data at
        once; a byte that is not UTF-8 when it is reached, naming its line and column). Progress
        counts characters against the file's size in bytes. Close it with :meth:`finish`."""
        try:
            handle = file.open("rb")
            head = handle.read(4096)
            size = file.stat().st_size
        except OSError as exc:
            raise InvalidImport(f"{file}: cannot be read ({exc.strerror or exc})") from exc
        if b"\x00" in head:
            handle.close()
            raise InvalidImport(f"{file.name}: not a CSV export (binary data); nothing was imported")
        handle.seek(0)
        lines = cls("", progress)
        lines._handle = io.TextIOWrapper(handle, encoding="utf-8-sig", errors="strict", newline="")
        lines._lines = iter(lines._handle)
        lines._total, lines._file = size, file
        return lines

    def __iter__(self) -> ExportLines:
        return self

    def __next__(self) -> str:
        try:
            line = next(self._lines)
        except UnicodeDecodeError:
            assert self._file is not None
            self.close()
            read_export_text(self._file)  # raises InvalidImport naming the line and column of the byte
            raise
        except StopIteration:
            self.close()
            raise
        self._done += len(line)
        self._seen += 1
        if self._progress is not None and self._seen % _PROGRESS_EVERY == 0:
            self._progress("parse", self._done, self._total)
        return line

    def close(self) -> None:
        """Close the file being read (of_file), if any; the lines end there (the csv reader asks again after
        the end when the file ends inside a quoted cell)."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None
            self._lines = iter(())

    def finish(self) -> None:
        """Report the whole text read (and close the file being read)."""
        self.close()
        if self._progress is not None:
            self._progress("parse", self._total, self._total)
