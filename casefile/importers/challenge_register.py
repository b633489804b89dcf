"""The register of challenged ballots as a CSV file (one row per challenged ballot): the parser.

Columns (a header row names them, in any order; names are case-insensitive): ``voter`` (a name,
or a number when names are kept out of the record), ``challenged_by`` (a party's handle, or
``board-agent``), ``ground``, and optionally ``disputed_void`` (``yes``/``no``, ``true``/
``false``, ``1``/``0``; blank means no: a ballot ruled void whose ruling a party disputes, R-E6).
UTF-8, with or without a byte-order mark (Excel's "CSV UTF-8").

Pure: bytes in, rows out; nothing is guessed. A file with any bad cell is refused whole, naming
the line and the column, so a register is never stored half.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from casefile.errors import InvalidScenario
from casefile.importers.reading import LINE_MAX

__all__ = ["COLUMNS", "OPTIONAL_COLUMNS", "RegisterRow", "parse_challenge_register"]

COLUMNS = ("voter", "challenged_by", "ground")
OPTIONAL_COLUMNS = ("disputed_void",)
_BOM = b"\xef\xbb\xbf"
_YES = frozenset({"yes", "y", "true", "1"})
_NO = frozenset({"no", "n", "false", "0", ""})


@dataclass(frozen=True)
class RegisterRow:
    """One challenged ballot of the register, and the line of the file it starts on."""

    line: int
    voter: str
    challenged_by: str
    ground: str
    disputed_void: bool = False


def _text(data: bytes, source: str) -> str:
    raw = data.removeprefix(_BOM)
    if b"\x00" in raw:
        line = raw[: raw.index(b"\x00")].count(b"\n") + 1
        raise InvalidScenario(f"{source}: line {line}: binary data (a NUL byte): not a CSV register")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1:].decode("utf-8", errors="replace")) + 1
        raise InvalidScenario(
            f"{source}: line {line}, character {column}: byte 0x{raw[exc.start]:02X} is not UTF-8 text (the file was "
            "saved in another encoding, e.g. Windows-1252); save it as UTF-8 (Excel: \"CSV UTF-8\")") from None


def parse_challenge_register(data: bytes, *, source: str) -> tuple[RegisterRow, ...]:
    """The challenged ballots of a CSV register, in file order.

    Args:
        data: the file's bytes.
        source: how to name the file in messages (its path).

    Returns:
        One RegisterRow per data row (blank lines are skipped); cells are stripped of surrounding
        spaces.

    Raises:
        InvalidScenario naming ``source``, the line and the column: not UTF-8 or binary; no header;
        a required column missing, a column named twice or unknown; a row with more or fewer
        cells than the header; an empty voter, challenger or ground; a cell longer than
        LINE_MAX characters; a ``disputed_void`` that is not yes/no; a voter listed twice (both
        lines named); a CSV that cannot be read (a quote never closed); no row at all.

    Authority: 29 CFR 102.69(a)(6); rules.md R-E1, R-E6 (what a register of challenges holds).
    """
    reader = csv.reader(io.StringIO(_text(data, source), newline=""), strict=True)
    try:
        header = next(reader, None)
        while header is not None and not any(cell.strip() for cell in header):
            header = next(reader, None)
        if header is None:
            raise InvalidScenario(f"{source}: empty file: expected a header row with {', '.join(COLUMNS)}")
        header_line = reader.line_num
        names = [cell.strip().lower().replace("-", "_").replace(" ", "_") for cell in header]
        known = COLUMNS + OPTIONAL_COLUMNS
        for i, name in enumerate(names):
            if name not in known:
                raise InvalidScenario(f"{source}: line {header_line}, column {i + 1}: unknown column {header[i].strip()!r} "
                                      f"(columns: {', '.join(known)})")
            if names.index(name) != i:
                raise InvalidScenario(f"{source}: line {header_line}, column {i + 1}: column {name!r} given twice")
        missing = [c for c in COLUMNS if c not in names]
        if missing:
            raise InvalidScenario(f"{source}: line {header_line}: missing column(s) {', '.join(missing)} "
                                  f"(expected {', '.join(COLUMNS)}[, disputed_void])")
        rows: list[RegisterRow] = []
        first_line: dict[str, int] = {}
        end = header_line
        for cells in reader:
            line, end = end + 1, reader.line_num
            if not any(cell.strip() for cell in cells):
                continue
            if len(cells) != len(names):
                raise InvalidScenario(f"{source}: line {line}: {len(cells)} cells, but the header has {len(names)} "
                                      f"({', '.join(names)})")
            row = {name: cell.strip() for name, cell in zip(names, cells, strict=True)}
            for name in names:
                if len(row[name]) > LINE_MAX:
                    raise InvalidScenario(f"{source}: line {line}, column {name}: {len(row[name]):,} characters "
                                          f"(at most {LINE_MAX})")
            for name in COLUMNS:
                if not row[name]:
                    raise InvalidScenario(f"{source}: line {line}, column {name}: empty")
            flag = row.get("disputed_void", "").lower()
            if flag not in _YES | _NO:
                raise InvalidScenario(f"{source}: line {line}, column disputed_void: {row['disputed_void']!r} is not "
                                      "yes or no (blank means no)")
            voter = row["voter"]
            if voter in first_line:
                raise InvalidScenario(f"{source}: line {line}, column voter: {voter!r} is already listed on line "
                                      f"{first_line[voter]}")
            first_line[voter] = line
            rows.append(RegisterRow(line=line, voter=voter, challenged_by=row["challenged_by"], ground=row["ground"],
                                    disputed_void=flag in _YES))
    except csv.Error as exc:
        raise InvalidScenario(f"{source}: line {reader.line_num}: the CSV cannot be read ({exc})") from None
    if not rows:
        raise InvalidScenario(f"{source}: no challenged ballot listed (only the header, line {header_line})")
    return tuple(rows)
