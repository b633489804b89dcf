"""Text the record holds, as people read it: ISO dates written out as long dates, instants as the
Agency writes them, and casefile's own rule ids ("rules.md R-K5", "(R-H1)") left out of citations.

The one wording of a docket entry's summary (:func:`summary_words`): every reader — the case's read
model (casefile.record.queries, which the command line, the web and the API print), the notices of
an act, the result of an act — words a summary through it. A summary is under the docket chain
(casefile.record.chain.HASHED), so an entry recorded before the writers wrote plain words keeps its
stored text and is worded here when read; new entries are written in words already, and wording
them again changes nothing.

House style (NLRB forms and decisions): "11:59 p.m. EDT on April 16, 2021", "April 16, 2021",
citations to 29 CFR, the Act, the NLRB Casehandling Manual and the Board's decisions only.
Pure functions, no I/O.
"""

from __future__ import annotations

import re
from datetime import date, datetime, tzinfo

from casefile.rules.calendar import clock_label, long_date


def instant(value: datetime, zone: tzinfo | None = None) -> str:
    """"11:59 p.m. EDT on August 16, 2021": an aware instant, in ``zone`` when given (the receiving office's)."""
    if zone is not None:
        value = value.astimezone(zone)
    return f"{clock_label(value)} on {long_date(value.date())}"


_ISO_INSTANT = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?")
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


def prose_dates(text: str, zone: tzinfo | None = None) -> str:
    """``text`` with every ISO date written out ("received 2021-04-16" → "received April 16, 2021") and
    every ISO instant as a clock time and date ("11:59 p.m. EDT on April 7, 2022", in ``zone`` when
    given). Text taken from the record (docket summaries, notes) goes through this before a document
    prints it. Strings that only look like dates (impossible months) are left alone."""

    def _instant(match: re.Match[str]) -> str:
        try:
            value = datetime.fromisoformat(match.group(0).replace("Z", "+00:00"))
        except ValueError:
            return match.group(0)
        if value.tzinfo is None:
            return f"{long_date(value.date())}"
        return instant(value, zone)

    def _date(match: re.Match[str]) -> str:
        try:
            return long_date(date(int(match.group(1)), int(match.group(2)), int(match.group(3))))
        except ValueError:
            return match.group(0)

    return _ISO_DATE.sub(_date, _ISO_INSTANT.sub(_instant, text))


_SOFTWARE_REFERENCE = re.compile(
    r"\s*(?:[;,]\s*)?(?:see\s+)?rules\.md(?:\s*(?:§\s*[\w.]+|R-[A-Z]+\d+[a-z]?(?:\s*[–-]\s*R-[A-Z]+\d+[a-z]?)?)(?:\s*,\s*"
    r"(?:§\s*[\w.]+|R-[A-Z]+\d+[a-z]?(?:\s*[–-]\s*R-[A-Z]+\d+[a-z]?)?))*)?"
    r"|\s*\((?:R-[A-Z]+\d+[a-z]?(?:\s*[,–-]\s*)?)+\)"
    r"|\s*(?:[;,]\s*)?\bR-[A-Z]+\d+[a-z]?\b(?:\s*[–-]\s*R-[A-Z]+\d+[a-z]?)?"
    r"|\s*(?:[;,]\s*)?\bsource S\d+\b"
    r"|\s*(?:[;,]\s*)?\bvector [A-Z]+\d+\b"
)


def legal_citation(text: str) -> str:
    """A citation as a document prints it: the software's own references ("rules.md R-G3", "(R-E4)",
    "source S6") removed, the legal ones (29 CFR, the Act, the Casehandling Manual, cases) kept.

    "29 CFR 102.69(a)(8); rules.md R-G3" → "29 CFR 102.69(a)(8)". Empty parentheses and a dangling
    separator left by the removal are removed too."""
    cleaned = _SOFTWARE_REFERENCE.sub("", text)
    cleaned = re.sub(r"\(\s*[;,]?\s*\)", "", cleaned)
    cleaned = re.sub(r"\(\s*[;,]\s*", "(", cleaned)
    cleaned = re.sub(r"\s*[;,]\s*\)", ")", cleaned)
    cleaned = re.sub(r"\s{2,}", " ", cleaned)
    return cleaned.strip().rstrip(";,").strip()


def record_text(text: str, zone: tzinfo | None = None) -> str:
    """Text from the record made fit for a document's body: ISO dates written out, software references
    removed. (What the sources leave uncertain is a field of its own, never in the text: the annex.)"""
    return legal_citation(prose_dates(text, zone)).strip()


def summary_words(text: str, zone: tzinfo | None = None) -> str:
    """A docket entry's summary as people read it: :func:`record_text` ("Hearing opened 2022-06-13"
    → "Hearing opened June 13, 2022"; "... due forthwith (R-H1)" → "... due forthwith"; instants in
    ``zone``, the receiving office's, when given). Idempotent."""
    return record_text(text, zone)
