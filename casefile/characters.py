"""Which characters text may hold, as every door reads it (the act models' field types, the command line's options,
the API's bodies, the web forms, scenario and tally files, the NLRB import's cells, notes).

No legal text holds a control character (Unicode category Cc: C0 U+0000-U+001F, DEL U+007F, C1 U+0080-U+009F)
but a tab or a line break: a NUL cannot be stored by PostgreSQL, and the others print as nothing, or as boxes,
in a PDF while the record keeps them. Text of several lines (a paragraph) may break its lines with a newline
(LF, or CR LF as browsers send a text area's and Windows files keep); text of one line (a name, a place, a
ground) holds no line break at all.

Nor does text hold a bidirectional override, embedding or isolate control (U+202A-U+202E, U+2066-U+2069): they
make a document's text read in another order than the record stores it. And a text that must say something is
blank (:func:`is_blank`) when it holds nothing but white space and characters that print as nothing: format
characters (Unicode category Cf: a zero-width space, a joiner, a direction mark) and the other invisible ones
(INVISIBLE: fillers and variation selectors).
"""

from __future__ import annotations

import unicodedata

#: Why a text holding a NUL character is refused, as every reader says it.
NUL_REFUSED = "a NUL character is not text"


#: The bidirectional embedding, override and isolate controls (LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI),
#: refused anywhere in text (Unicode Standard Annex #9; the "Trojan Source" reordering).
BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))

#: Characters outside category Cf that print as nothing: the combining grapheme joiner, the Hangul and
#: Khmer fillers, the Mongolian and standard variation selectors, the blank Braille pattern.
INVISIBLE = frozenset(chr(c) for c in (0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, *range(0x180B, 0x1810), 0x2800,
                                       0x3164, *range(0xFE00, 0xFE10), 0xFFA0, *range(0xE0100, 0xE01F0)))


def _named(char: str) -> str:
    code = f"U+{ord(char):04X}"
    if char in "\n\r":
        return f"a line break ({code})"
    if char in BIDI_CONTROLS:
        return f"a bidirectional text control ({code}: it makes the text read in another order than it is stored)"
    return f"a control character ({code})"


def is_blank(text: str) -> bool:
    """Whether ``text`` says nothing: it holds only white space, format characters (category Cf) and the other
    characters that print as nothing (INVISIBLE); the empty text is blank."""
    return all(char.isspace() or char in INVISIBLE or unicodedata.category(char) == "Cf" for char in text)


def character_problem(text: str, *, one_line: bool = False) -> str | None:
    """Why ``text`` may not be stored as text, in words, or None when it may.

    Refused: a NUL (NUL_REFUSED); any other control character (Unicode category Cc) but a tab, a newline (LF)
    and a carriage return directly before a newline (CR LF); with ``one_line``, a newline or carriage return too;
    a bidirectional override, embedding or isolate control (BIDI_CONTROLS) anywhere.
    The message names the first character refused, by its code point, and where it stands (its position, from 1).
    """
    if "\x00" in text:
        return NUL_REFUSED
    for index, char in enumerate(text):
        if char in BIDI_CONTROLS:
            return f"{_named(char)} at character {index + 1} is not allowed in text"
        if char == "\t" or unicodedata.category(char) != "Cc":
            continue
        if not one_line and (char == "\n" or (char == "\r" and text[index + 1:index + 2] == "\n")):
            continue
        where = f"at character {index + 1}"
        if one_line and char in "\n\r":
            return f"{_named(char)} {where}: this text is one line"
        return f"{_named(char)} {where} is not text"
    return None

