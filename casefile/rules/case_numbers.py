"""NLRB case numbers (rules.md §7)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from casefile.errors import MalformedCaseNumber

# ASCII only: in Python's re, \d also matches Arabic-Indic, Devanagari, full-width ... digits, which
# would make "١٠-RC-269250" a second, different case 10-RC-269250.
_PATTERN = re.compile(r"([0-9]{1,2})-([A-Za-z]{2})-([0-9]{1,6})", re.ASCII)
REPRESENTATION_TYPES = frozenset({"RC", "RM", "RD", "UD"})
#: Case types of rules.md §7 (representation, other R cases, and unfair-labor-practice C cases).
CASE_TYPES = REPRESENTATION_TYPES | frozenset({"UC", "AC", "WH", "CA", "CB", "CC", "CD", "CE", "CG", "CP"})
_EXAMPLE = "10-RC-269250"


@dataclass(frozen=True)
class CaseNumber:
    region: str  # two digits, e.g. "03"
    case_type: str  # e.g. "RC"
    serial: str

    def __str__(self) -> str:
        return f"{self.region}-{self.case_type}-{self.serial}"


def parse_case_number(text: str) -> CaseNumber:
    """Parse and normalize a case number such as ``10-RC-269250`` or ``5-rc-13113`` → ``05-RC-13113``.

    Args:
        text: the number as written; surrounding whitespace is ignored.

    Returns:
        The :class:`CaseNumber`, Region padded to two digits, case type in capitals; the Region is
        never re-derived from the serial.

    Raises:
        MalformedCaseNumber: ``text`` is not ``RR-TT-NNNNNN`` (1-2 digit Region, 2-letter type, 1-6
        digit serial) in ASCII digits, letters and hyphens: the message quotes the text (shortened
        past 40 characters) and, for a character outside ASCII, names it (``U+0661 ARABIC-INDIC
        DIGIT ONE``, ``U+2013 EN DASH``); or the type is not one of :data:`CASE_TYPES`.

    Authority: rules.md §7 (NLRB case-number format).
    """
    if not isinstance(text, str):
        raise MalformedCaseNumber(f"a case number is text such as {_EXAMPLE}, got {type(text).__name__}")
    match = _PATTERN.fullmatch(text.strip())
    if not match:
        raise MalformedCaseNumber(f"{_shown(text)} is not an NLRB case number: expected RR-TT-NNNNNN, e.g. {_EXAMPLE}"
                                  + _foreign_character(text))
    region, case_type, serial = match.groups()
    if case_type.upper() not in CASE_TYPES:
        raise MalformedCaseNumber(
            f"{_shown(text)}: {case_type.upper()} is not an NLRB case type (one of {', '.join(sorted(CASE_TYPES))})"
        )
    return CaseNumber(region=f"{int(region):02d}", case_type=case_type.upper(), serial=serial)


def _foreign_character(text: str) -> str:
    """``"; character 'x' (U+...) is not ..."`` for the first non-ASCII character of ``text``, or ``""``."""
    for char in text.strip():
        if not char.isascii():
            name = unicodedata.name(char, "unnamed character")
            kind = "an ASCII digit 0-9" if char.isdigit() else "ASCII (digits 0-9, letters and '-' only)"
            return f"; character {char!r} (U+{ord(char):04X} {name}) is not {kind}"
    return ""


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37]) + "..."
