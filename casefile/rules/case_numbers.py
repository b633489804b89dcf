"""NLRB case numbers (rules.md §7)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from casefile.errors import MalformedCaseNumber

_PATTERN = re.compile(r"^\s*(\d{1,2})-([A-Za-z]{2})-(\d{1,6})\s*$")
REPRESENTATION_TYPES = frozenset({"RC", "RM", "RD", "UD"})
#: Case types of rules.md §7 (representation, other R cases, and unfair-labor-practice C cases).
CASE_TYPES = REPRESENTATION_TYPES | frozenset({"UC", "AC", "WH", "CA", "CB", "CC", "CD", "CE", "CG", "CP"})


@dataclass(frozen=True)
class CaseNumber:
    region: str  # two digits, e.g. "03"
    case_type: str  # e.g. "RC"
    serial: str

    def __str__(self) -> str:
        return f"{self.region}-{self.case_type}-{self.serial}"


def parse_case_number(text: str) -> CaseNumber:
    """Parse and normalize a case number such as ``10-RC-269250`` or ``5-rc-13113`` → ``05-RC-13113``.

    Accepts ``^\\d{1,2}-[A-Z]{2}-\\d{1,6}$`` case-insensitively, pads the Region to two digits and
    never re-derives the Region from the serial. Raises MalformedCaseNumber saying what the form is.
    Authority: rules.md §7 (NLRB case-number format).
    """
    match = _PATTERN.match(text or "")
    if not match:
        raise MalformedCaseNumber(
            f"{text!r} is not an NLRB case number: expected RR-TT-NNNNNN, e.g. 10-RC-269250"
        )
    region, case_type, serial = match.groups()
    if case_type.upper() not in CASE_TYPES:
        raise MalformedCaseNumber(
            f"{text!r}: {case_type.upper()} is not an NLRB case type (one of {', '.join(sorted(CASE_TYPES))})"
        )
    return CaseNumber(region=f"{int(region):02d}", case_type=case_type.upper(), serial=serial)
