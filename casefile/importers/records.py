"""Imported tallies of ballots as plain records, the same for every source format, and the problems
found in rows that could not become one.

Row numbers: ``record`` is the 1-based number of the data record in the file (the header is not
counted; a unit description spread over several lines is still one record); ``line`` is the physical
line of the file on which that record starts (the header is line 1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from datetime import date
from typing import Literal

from casefile.rules.tally import TallyCounts, turnout_refusal, validate_tally
from casefile.vocab import CaseType, ElectionKind, TallyKind, VotingMethod

#: How a row's "Total Ballots Counted" fits its counts (the first reading that fits, plainest first):
#: ``valid`` = valid votes counted; ``valid-plus-challenged`` = valid votes plus challenged ballots;
#: ``valid-plus-void`` = valid votes plus void ballots; ``valid-plus-void-plus-challenged`` = every ballot
#: cast; ``either`` = the valid votes, with no challenged ballots (the two plain readings agree);
#: ``blank`` = the cell is empty (unchecked); ``not-given`` = the format has no such column.
TotalReading = Literal["valid", "valid-plus-challenged", "valid-plus-void", "valid-plus-void-plus-challenged", "either",
                       "blank", "not-given"]

#: The readings in words, for reports and docket entries.
READING_WORDS: dict[str, str] = {
    "valid": "valid votes", "valid-plus-challenged": "valid votes plus challenged ballots",
    "valid-plus-void": "valid votes plus void ballots",
    "valid-plus-void-plus-challenged": "valid votes plus void and challenged ballots (every ballot cast)",
    "either": "valid votes (no challenged ballots)", "blank": "blank (not checked)", "not-given": "not in the format",
}


@dataclass(frozen=True)
class RowProblem:
    """A row that was not turned into a tally record, and why (reported, never guessed)."""

    record: int
    line: int
    reason: str
    case_number: str | None = None


@dataclass(frozen=True)
class NlrbFlags:
    """What the NLRB's own data says about the tally, as written ("Y", "N" or "" for the flags; a name or "")."""

    determinative: str = ""
    runoff_required: str = ""
    union_to_certify: str = ""


@dataclass(frozen=True)
class ImportedTally:
    """One tally of ballots read from an export, with its case's facts, ready to be checked and loaded.

    ``kind`` is the tally's kind (a revised tally is ``revised``); ``election_kind`` the election it
    counts (for a revised tally: the election whose tally it revises). Counts left blank where the
    format means zero are 0; ``eligible`` is None when not given. ``against`` is None only on a runoff
    ballot between two labor organizations. ``unions`` are ``(name, votes)`` in ballot order.
    """

    record: int
    line: int
    source: str  # where the figures come from, for Tally.source ("NLRB Recent Election Results export, record 12")
    case_number: str  # normalized RR-TT-NNNNNN
    case_type: CaseType
    case_name: str
    region: str  # two digits
    status: str  # the case's status as written ("Closed", "Open")
    filed_on: date
    closed_on: date | None
    reason_closed: str
    city: str
    state: str
    unit_id: str
    ballot_type: str  # as written
    tally_type: str  # as written
    kind: TallyKind
    election_kind: ElectionKind
    prepared_on: date
    method: VotingMethod | None
    eligible: int | None
    void: int
    unions: tuple[tuple[str, int], ...]
    against: int | None
    challenged: int
    total_counted: int | None
    total_reading: TotalReading
    nlrb: NlrbFlags
    unit_description: str = ""
    listed_region: str | None = None  # the Region the source lists the case under now (two digits), if it says
    listed_office: str = ""  # and the office (city) it names with it ("Cleveland")

    @property
    def key(self) -> tuple[str, str, TallyKind, date]:
        """What identifies the tally: case, unit, kind and date (one tally of a kind per unit and day)."""
        return (self.case_number, self.unit_id, self.kind, self.prepared_on)

    @property
    def act_key(self) -> str:
        """The docket key of its import, unique per case: ``import:{unit}:{kind}:{date}``."""
        return f"import:{self.unit_id}:{self.kind.value}:{self.prepared_on.isoformat()}"

    @property
    def deauthorization(self) -> bool:
        """A UD (deauthorization) ballot: decided by a majority of the eligible voters (R-D4), not of the valid votes."""
        return self.case_type is CaseType.UD or self.ballot_type.strip().upper() == "UD"

    @property
    def runoff_ballot(self) -> bool:
        """A tally of a runoff election (two choices; no further runoff, R-P6)."""
        return self.election_kind is ElectionKind.RUNOFF

    def counts(self) -> TallyCounts:
        """The tally's counts for the rules (eligible count approximate, as on every NLRB tally)."""
        return TallyCounts(choices=self.unions, against=self.against, challenged=self.challenged, void=self.void,
                           eligible=self.eligible, eligible_exact=False, runoff_ballot=self.runoff_ballot)

    def checked_counts(self) -> TallyCounts:
        """:meth:`counts`, refused when impossible as an act would refuse them: invalid counts (validate_tally), or
        more ballots counted unchallenged than its eligible voters explain (turnout_refusal; not checked on a
        revised tally, whose valid votes include challenged ballots opened). Raises InvalidTally.
        Authority: 29 CFR 102.62(d), 102.69(a)(7); rules.md R-C3."""
        counts = validate_tally(self.counts())
        if self.kind is not TallyKind.REVISED and (refusal := turnout_refusal(counts)) is not None:
            raise refusal
        return counts

    def differences(self, other: ImportedTally) -> list[str]:
        """What differs between two records (other than where they were read), in words."""
        skip = {"record", "line", "source"}
        return [_LABELS.get(f.name, f.name.replace("_", " ")) for f in fields(self)
                if f.name not in skip and getattr(self, f.name) != getattr(other, f.name)]


_LABELS = {"unions": "labor organizations or their votes", "nlrb": "NLRB's flags or union to certify",
           "prepared_on": "tally date", "filed_on": "date filed", "closed_on": "date closed"}


@dataclass(frozen=True)
class ParsedFile:
    """A parsed export: the tally records, the rows that were not (with reasons), and the number of data records read."""

    source: str  # file name
    format: str  # "nlrb-results" | "tallies-sample"
    label: str  # what the format is, in words ("NLRB Recent Election Results export")
    records: tuple[ImportedTally, ...]
    problems: tuple[RowProblem, ...]
    record_count: int
    flag_variants: tuple[ImportedTally, ...] = ()  # repeats of a kept record differing only in NLRB's flags (compared too)


def drop_duplicates(records: list[ImportedTally]) -> tuple[list[ImportedTally], list[RowProblem]]:
    """Keep one record per tally (case, unit, kind, date): the kept records and the problems (see :func:`split_duplicates`)."""
    kept, problems, _ = split_duplicates(records)
    return kept, problems


def split_duplicates(records: Iterable[ImportedTally]) -> tuple[list[ImportedTally], list[RowProblem], list[ImportedTally]]:
    """Keep one record per tally (case, unit, kind, date); return the kept records, the problems, and the flag variants.

    - An exact repeat of an earlier record is reported and dropped (the first is kept).
    - A repeat with the same figures and names that differs only in NLRB's own flags (challenges
      determinative, runoff required, union to certify) is the same tally: the first is loaded
      once, the other is reported (the flag conflict, with both values) and returned in the flag
      variants, whose flags the import compares with the rules too (the flags are never figures).
    - Records that give the same tally with different figures or names are all reported and none
      is kept: which one is right cannot be told from the file; the reason shows the values.
    """
    splitter = DuplicateSplitter()
    for record in records:
        splitter.add(record)
    return splitter.split()


class DuplicateSplitter:
    """:func:`split_duplicates` as the records are read: an exact repeat keeps only its record number
    and line (not the record), so a file of many repeats is held in memory as one record."""

    def __init__(self) -> None:
        # key -> (first record, exact repeats of it as (record, line), other records of the same tally)
        self._groups: dict[tuple[str, str, TallyKind, date], tuple[ImportedTally, list[tuple[int, int]],
                                                                    list[ImportedTally]]] = {}

    def add(self, record: ImportedTally) -> None:
        group = self._groups.get(record.key)
        if group is None:
            self._groups[record.key] = (record, [], [])
        elif record.nlrb == group[0].nlrb and _figures(record) == _figures(group[0]):
            group[1].append((record.record, record.line))
        else:
            group[2].append(record)

    def split(self) -> tuple[list[ImportedTally], list[RowProblem], list[ImportedTally]]:
        kept: list[ImportedTally] = []
        problems: list[RowProblem] = []
        variants: list[ImportedTally] = []
        for first, exact, others in self._groups.values():
            conflicting = [r for r in others if _figures(r) != _figures(first)]
            if conflicting:
                group = sorted([first, *(replace(first, record=n, line=line) for n, line in exact), *others],
                               key=lambda r: r.record)
                numbers = ", ".join(str(r.record) for r in group)
                for record in group:
                    other = first if record is not first else conflicting[0]
                    differ = "; ".join(_shown_difference(record, other, name) for name in _differing(record, other))
                    problems.append(RowProblem(
                        record.record, record.line, case_number=record.case_number,
                        reason=f"records {numbers} all give the {record.kind.value} tally of unit {record.unit_id} dated "
                        f"{record.prepared_on.isoformat()} but differ in {differ}: none is loaded (nothing is guessed)"))
                continue
            kept.append(first)
            repeats: list[tuple[int, int, ImportedTally | None]] = [(n, line, None) for n, line in exact]
            repeats += [(r.record, r.line, r) for r in others]
            for number, line, repeated in sorted(repeats, key=lambda item: item[0]):
                if repeated is None:
                    problems.append(RowProblem(number, line, case_number=first.case_number,
                                               reason=f"repeats record {first.record} exactly (same tally, same figures): "
                                               "loaded once"))
                    continue
                conflict = "; ".join(f"{label} {getattr(first.nlrb, name)!r} in record {first.record}, "
                                     f"{getattr(repeated.nlrb, name)!r} here"
                                     for name, label in _FLAG_LABELS.items()
                                     if getattr(first.nlrb, name) != getattr(repeated.nlrb, name))
                problems.append(RowProblem(repeated.record, repeated.line, case_number=repeated.case_number, reason=(
                    f"repeats record {first.record} (same tally, same figures) except NLRB's flags — {conflict}: loaded "
                    f"once from record {first.record}; the flags of both records are compared with the rules")))
                variants.append(repeated)
        kept.sort(key=lambda r: r.record)
        return kept, problems, variants


_FLAG_LABELS = {"determinative": "Challenges are Determinative", "runoff_required": "Runoff Required",
                "union_to_certify": "Union to Certify"}
_NOT_FIGURES = frozenset({"record", "line", "source", "nlrb"})


def _figures(record: ImportedTally) -> tuple[object, ...]:
    """Everything a record says about the tally and its case except where it was read and NLRB's flags."""
    return tuple(getattr(record, f.name) for f in fields(record) if f.name not in _NOT_FIGURES)


def _differing(record: ImportedTally, other: ImportedTally) -> list[str]:
    return [f.name for f in fields(record) if f.name not in {"record", "line", "source"}
            and getattr(record, f.name) != getattr(other, f.name)]


def _shown_difference(record: ImportedTally, other: ImportedTally, name: str) -> str:
    label = _LABELS.get(name, name.replace("_", " "))
    if name == "unions":
        mine = ", ".join(f"{n} {v}" for n, v in record.unions)
        theirs = ", ".join(f"{n} {v}" for n, v in other.unions)
        return f"{label} ({mine!r} here, {theirs!r} in record {other.record})"
    if name == "nlrb":
        return label
    return f"{label} ({getattr(record, name)!r} here, {getattr(other, name)!r} in record {other.record})"
