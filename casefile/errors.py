"""casefile's exceptions. Callers catch :class:`CasefileError`; the CLI prints its message and exits 2.

Anything else that escapes is a bug and shows a traceback.
"""

from __future__ import annotations


class CasefileError(Exception):
    """Base of every error casefile raises on purpose (bad input, a refused act)."""


class InvalidTally(CasefileError):
    """A tally of ballots whose counts are impossible or whose stated lines disagree with the counts."""

    def __init__(self, message: str, *, line: str | None = None) -> None:
        super().__init__(message)
        self.line = line


class UntimelyFiling(CasefileError):
    """A filing received after the cut-off instant of its deadline (message names due date, cut-off and rule)."""


class IllegalTransition(CasefileError):
    """An act that the election's current stage does not allow (message names both stages)."""


class UnknownCase(CasefileError):
    """A case number that is not in the database."""


class MalformedCaseNumber(CasefileError):
    """A case number that does not have the form RR-TT-NNNNNN (rules.md §7)."""


class UnknownRecord(CasefileError):
    """An election, objection, party, deadline or document that does not exist in the case."""


class InvalidScenario(CasefileError):
    """A scenario file that cannot be replayed (message names the file and the event)."""


class UnknownRegion(CasefileError):
    """A Region number or receiving office that the office table does not know."""


class InvalidCalendar(CasefileError):
    """A closure day or rule-set request that the calendar cannot use (bad format, no rule set for a date)."""


class ProcedureError(CasefileError):
    """An act the procedure does not allow for reasons other than the stage (a party that is not a party,
    a certification while the objection window is open, a second runoff)."""


class ConfigurationError(CasefileError):
    """A setting that cannot be used (message names the setting)."""


class InvalidImport(CasefileError):
    """A file that cannot be imported at all (not the expected export format: its header lacks the
    columns the importer reads, or it is not text); the message names the file and what is missing.
    Bad rows in a good file are not errors: they are reported and skipped."""
