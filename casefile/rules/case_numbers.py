"""NLRB case numbers (rules.md §7)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date

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


#: Petitions filed from this date are numbered in the NLRB's current form (rules.md §7): a two-digit Region of
#: today's Regions and a six-digit agency-wide serial. The agency's case-management system has numbered cases so
#: since late 2011 [I: §7 gives the form and examples, not the day it began; 2012 is safely after it], so a
#: shorter serial for such a petition is a typing slip, not an older number.
CURRENT_FORM_FROM = date(2012, 1, 1)
#: Today's Regions are numbered 01 to 34 (the numbers above, 36 and 37, were former subregions of older cases).
CURRENT_REGIONS = range(1, 35)


def check_current_form(number: CaseNumber, *, petition_filed_on: date | None, field: str | None = None) -> None:
    """Refuse a case number that cannot be one for a petition filed on ``petition_filed_on`` (None: the date is
    not known, and nothing is refused): from :data:`CURRENT_FORM_FROM`, the serial has six digits and the Region
    is one of :data:`CURRENT_REGIONS` (so "19-RC-3526", a digit dropped, is not opened as a case of its own).

    Raises MalformedCaseNumber naming the number, what is wrong and the form expected (its ``field`` the input's).
    Authority: rules.md §7 (NLRB case-number format, current: RR-TT-NNNNNN).
    """
    if petition_filed_on is None or petition_filed_on < CURRENT_FORM_FROM:
        return
    since = f"a petition filed since {CURRENT_FORM_FROM.year} has a number of the form RR-TT-NNNNNN, e.g. {_EXAMPLE}"
    if len(number.serial) != 6:
        digits = len(number.serial)
        raise MalformedCaseNumber(f"{number}: its serial number {number.serial} has {digits} digit{'s' if digits != 1 else ''}, "
                                  f"not 6 ({since}); check the number on the petition or the Region's letters", field=field)
    if int(number.region) not in CURRENT_REGIONS:
        raise MalformedCaseNumber(f"{number}: Region {number.region} is not one of today's Regions (01 to 34; {since})",
                                  field=field)
