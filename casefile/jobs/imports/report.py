"""What one import did (:class:`ImportReport`): counts loaded (new vs already present), rows skipped,
and every place where the NLRB's own flags disagree with the rules' computation."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from casefile.importers.comparison import Disagreement


@dataclass
class Loaded:
    """How many records of a kind the import created, and how many it found already present."""

    new: int = 0
    present: int = 0

    def as_json(self) -> dict[str, int]:
        return {"new": self.new, "present": self.present}


@dataclass(frozen=True)
class Skipped:
    """A record that was not loaded: ``row`` is the record number (header not counted), ``line`` where it starts."""

    row: int
    line: int
    case_number: str | None
    reason: str

    def as_json(self) -> dict[str, object]:
        return {"row": self.row, "line": self.line, "case_number": self.case_number, "reason": self.reason}


@dataclass
class ImportReport:
    """What one import did: counts loaded (new vs already present), rows skipped, and every place where
    the NLRB's own flags disagree with the rules' computation."""

    source: str
    format: str
    records: int
    as_of: datetime
    cases: Loaded = field(default_factory=Loaded)
    elections: Loaded = field(default_factory=Loaded)
    tallies: Loaded = field(default_factory=Loaded)
    skipped: list[Skipped] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    total_readings: dict[str, int] = field(default_factory=dict)  # reading of "Total Ballots Counted" -> records analyzed

    def counts(self) -> dict[str, int]:
        """The records read and what became of them: ``loaded`` (new tallies), ``present`` (tallies already
        recorded), ``skipped`` (records not loaded), and ``other`` — the records that are none of these (so
        that the four add up to ``records``; 0 when each record is one tally)."""
        loaded, present, skipped = self.tallies.new, self.tallies.present, len(self.skipped)
        return {"records": self.records, "loaded": loaded, "present": present, "skipped": skipped,
                "other": max(0, self.records - loaded - present - skipped)}

    def nothing_loaded(self) -> bool:
        """Whether the import loaded nothing: no tally new or already present (every record skipped, or none)."""
        return self.tallies.new == 0 and self.tallies.present == 0

    def as_json(self) -> dict[str, Any]:
        """The report as plain data (keys: docs/json-output.md, "casefile import"; ``total_readings``: how many of
        the records read fit each reading of "Total Ballots Counted"; ``counts``: :meth:`counts`)."""
        return {
            "source": self.source, "format": self.format, "as_of": self.as_of.isoformat(), "records": self.records,
            "counts": self.counts(),
            "loaded": {"cases": self.cases.as_json(), "elections": self.elections.as_json(),
                       "tallies": self.tallies.as_json()},
            "skipped": [s.as_json() for s in self.skipped],
            "disagreements": [d.as_json() for d in self.disagreements],
            "total_readings": dict(sorted(self.total_readings.items())),
        }
