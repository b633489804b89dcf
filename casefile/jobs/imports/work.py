"""The import's picture of each case while it loads: the case (:class:`CaseWork`), its elections
(:class:`Round`) and their tallies (:class:`KnownTally`), stored already or to be inserted."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, TypeVar

from casefile.importers.records import ImportedTally
from casefile.rules.tally import TallyAnalysis
from casefile.vocab import ElectionKind, Stage, TallyKind

CHUNK = 500  # ids / numbers per IN (...) query
T = TypeVar("T")


def chunks(items: Sequence[T]) -> Iterable[Sequence[T]]:
    """``items`` in slices of at most :data:`CHUNK` (one ``IN (...)`` query each)."""
    for start in range(0, len(items), CHUNK):
        yield items[start:start + CHUNK]


@dataclass
class KnownTally:
    kind: TallyKind
    prepared_on: date
    id: int | None = None  # the stored tally's id (an existing one, or a new one once inserted)
    record: ImportedTally | None = None  # set for the tallies this import adds
    analysis: TallyAnalysis | None = None
    revises: KnownTally | None = None


@dataclass
class Round:
    """One election of a case as the import sees it: already stored (``id`` set), or to be inserted."""

    unit_id: str
    kind: ElectionKind
    sequence: int
    stage: Stage
    tallies: list[KnownTally]
    round_on: date | None  # date of its first tally that is not revised: identifies reruns and runoffs
    id: int | None = None
    new: bool = False
    follows: Round | None = None  # a new rerun or runoff: the election of the unit before it
    row: dict[str, Any] = field(default_factory=dict)  # a new election's columns
    why: str = ""  # a new election: why its stage

    @property
    def first_on(self) -> date:
        return min(t.prepared_on for t in self.tallies)


@dataclass
class CaseWork:
    number: str
    records: list[tuple[ImportedTally, TallyAnalysis]]
    id: int | None = None
    row: dict[str, Any] = field(default_factory=dict)  # the case's columns (new case), or the ones deadlines need
    new: bool = False
    rounds: list[Round] = field(default_factory=list)
    act_keys: set[str] = field(default_factory=set)
    new_tallies: list[tuple[Round, KnownTally]] = field(default_factory=list)

    @property
    def first(self) -> ImportedTally:
        return min((r for r, _ in self.records), key=lambda r: r.record)

    def next_sequence(self) -> int:
        return max((r.sequence for r in self.rounds), default=0) + 1
