"""Which characters text may hold, as every door reads it (the act models' field types, the command line's options,
the API's bodies, the web forms, scenario and tally files, the NLRB import's cells, notes).

No legal text holds a control character (Unicode category Cc: C0 U+0000-U+001F, DEL U+007F, C1 U+0080-U+009F)
but a tab or a line break: a NUL cannot be stored by PostgreSQL, and the others print as nothing, or as boxes,
in a PDF while the record keeps them. Text of several lines (a paragraph) may break its lines with a newline
(LF, or CR LF as browsers send a text area's and Windows files keep); text of one line (a name, a place, a
ground) holds no line break at all.
"""

from __future__ import annotations

import unicodedata

#: Why a text holding a NUL character is refused, as every reader says it.
NUL_REFUSED = "a NUL character is not text"


def _named(char: str) -> str:
    code = f"U+{ord(char):04X}"
    if char in "\n\r":
        return f"a line break ({code})"
    return f"a control character ({code})"


def character_problem(text: str, *, one_line: bool = False) -> str | None:
    """Why ``text`` may not be stored as text, in words, or None when it may.

    Refused: a NUL (NUL_REFUSED); any other control character (Unicode category Cc) but a tab, a newline (LF)
    and a carriage return directly before a newline (CR LF); with ``one_line``, a newline or carriage return too.
    The message names the first character refused, by its code point, and where it stands (its position, from 1).
    """
    if "\x00" in text:
        return NUL_REFUSED
    for index, char in enumerate(text):
        if char == "\t" or unicodedata.category(char) != "Cc":
            continue
        if not one_line and (char == "\n" or (char == "\r" and text[index + 1:index + 2] == "\n")):
            continue
        where = f"at character {index + 1}"
        if one_line and char in "\n\r":
            return f"{_named(char)} {where}: this text is one line"
        return f"{_named(char)} {where} is not text"
    return None

