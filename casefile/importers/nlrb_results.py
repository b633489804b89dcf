"""Parser of the NLRB "Recent Election Results" CSV export (the file a union legal department downloads).

Pure: text in, :class:`~casefile.importers.records.ParsedFile` out; no database, no clock.

How the export is read (each rule checked against the 300-record sample in tests/fixtures):

* Quoting is standard CSV; a unit description may span several lines inside its quotes.
* Blank count cells mean zero (votes, void, challenged); a blank "No of Eligible Voters" means unknown.
  A count is ASCII digits, at most 1,000,000: the export writes no thousands separator (1,063
  eligible voters as ``1063``), so ``1,234`` or ``1,0,0`` is a row problem, never a number.
* Dates are ``MM/DD/YYYY`` (two-digit month and day), within the Act's lifetime (1935-2100).
* A text cell holds at most 500 characters, a unit description 20,000.
* "Tally Type" gives the election: ``Initial``, ``Rerun``, ``Run-off``. A "Ballot Type" beginning
  with ``Revised`` (``Revised Single Labor Org``) marks a revised tally of that election.
* A ``Run-off`` between two labor organizations has no "against" choice (102.70(c)): its blank or
  zero "Votes Against" is read as "not on the ballot".
* "Total Ballots Counted" is used only to check the row, never as a figure (the data README calls it
  unreliable). Every defensible reading is tried, plainest first, and the one that fits is kept
  (:data:`~casefile.importers.records.TotalReading`): valid votes (R-C2 line 6; most rows), valid
  votes plus challenged ballots (line 8; some rows), valid votes plus void ballots (the ballots
  counted, void included), valid plus void plus challenged (every ballot cast). A row that fits none
  is reported, never guessed (a blank vote cell of a named union then says what it would have to
  hold). A blank total is not checked.
* "Region" (``Region 08, Cleveland, Ohio``) is the Region and office that list the case now. It may
  differ from the Region in the case number: a transferred case, or a case numbered for a merged
  Region (24, San Juan, now Region 12). The record keeps both (``listed_region``,
  ``listed_office``); the import takes the handling office from them
  (:func:`casefile.rules.offices.handling_office`), never refusing the row.
* The flags "Challenges are Determinative" and "Runoff Required" are ``Y``, ``N`` or blank; they are
  kept as written for the comparison (:mod:`casefile.importers.comparison`), never used as figures;
  a blank flag is unknown, not ``N``.
* "Voting Unit (Unit X)" columns hold the unit descriptions; a row's own unit is the one named by
  "Unit ID".

A file whose header lacks the columns read here is not this export: :class:`InvalidImport`, nothing
parsed. Bad rows in a good file become :class:`RowProblem` entries and the rest is parsed.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path

from casefile.characters import character_problem
from casefile.errors import CasefileError, InvalidImport
from casefile.importers.reading import (
    LINE_MAX,
    PARAGRAPH_MAX,
    ExportLines,
    Progress,
    check_date_in_lifetime,
    parse_count_cell,
    unreadable,
)
from casefile.importers.records import (
    DuplicateSplitter,
    ImportedTally,
    NlrbFlags,
    ParsedFile,
    RowProblem,
    TotalReading,
)
from casefile.rules.case_numbers import REPRESENTATION_TYPES, parse_case_number
from casefile.validation import date_problem
from casefile.vocab import CaseType, ElectionKind, TallyKind

FORMAT = "nlrb-results"
SOURCE_LABEL = "NLRB Recent Election Results export"

#: Columns the parser reads; a file without all of them is not the export.
REQUIRED_COLUMNS: tuple[str, ...] = (
    "Region", "Case Number", "Case Name", "Status", "Date Filed", "Date Closed", "Reason Closed", "City",
    "States & Territories", "Unit ID", "Ballot Type", "Tally Type", "Tally Date", "No of Eligible Voters",
    "Void Ballots", "Labor Union1", "Votes for Labor Union1", "Labor Union2", "Votes for Labor Union2",
    "Labor Union3", "Votes for Labor Union3", "Votes Against", "Total Ballots Counted", "Runoff Required",
    "Challenged Ballots", "Challenges are Determinative", "Union to Certify", "Voting Unit (Unit A)",
)

_TALLY_TYPES = {"initial": ElectionKind.INITIAL, "rerun": ElectionKind.RERUN, "run-off": ElectionKind.RUNOFF,
                "runoff": ElectionKind.RUNOFF}
_TALLY_KIND = {ElectionKind.INITIAL: TallyKind.INITIAL, ElectionKind.RERUN: TallyKind.RERUN,
               ElectionKind.RUNOFF: TallyKind.RUNOFF}
_UNIONS_ON_BALLOT = {"single": 1, "two": 2, "three": 3, "four": 4}
_REGION = re.compile(r"(?i)^\s*region\s+0*(\d{1,2})\b")
_FLAGS = frozenset({"Y", "N", ""})
_DATE = re.compile(r"[0-9]{2}/[0-9]{2}/[0-9]{4}", re.ASCII)


class _RowError(Exception):
    """One row's first problem (internal: becomes a RowProblem)."""


def parse_nlrb_results(path: str | Path, *, progress: Progress | None = None) -> ParsedFile:
    """Parse the NLRB "Recent Election Results" CSV export at ``path``.

    Returns a :class:`ParsedFile`: one :class:`ImportedTally` per good record, and a
    :class:`RowProblem` per record that is not (unreadable field, counts that do not fit "Total
    Ballots Counted" in either reading, impossible tally, repeated or conflicting record).
    Raises InvalidImport when the file cannot be read as text or its header is not the export's.
    """
    file = Path(path)
    lines = ExportLines.of_file(file, progress)  # read a line at a time: memory flat in the file's size
    try:
        return _parse(lines, source=file.name)
    finally:
        lines.close()


def parse_nlrb_results_text(text: str, *, source: str, progress: Progress | None = None) -> ParsedFile:
    """Parse the export's text (see :func:`parse_nlrb_results`); ``source`` names the file in messages."""
    return _parse(ExportLines(text, progress), source=source)


def _parse(lines: ExportLines, *, source: str) -> ParsedFile:
    """The records of the export read from ``lines``, exact repeats dropped as they are read."""
    reader = csv.reader(lines)
    header = _header(reader, source)
    records = DuplicateSplitter()
    problems: list[RowProblem] = []
    count = 0
    start = reader.line_num + 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            count += 1
            problems.append(RowProblem(count, start, unreadable(exc)))
            break
        if not any(cell.strip() for cell in cells):
            start = reader.line_num + 1
            continue
        count += 1
        try:
            records.add(_record(cells, header, record=count, line=start))
        except _RowError as exc:
            reason = "; ".join(every_problem(cells, header, first=str(exc)))
            problems.append(RowProblem(count, start, reason, case_number=_case_number_of(cells, header)))
        start = reader.line_num + 1
    lines.finish()
    kept, duplicates, variants = records.split()
    problems.extend(duplicates)
    problems.sort(key=lambda p: (p.record, p.reason))
    return ParsedFile(source=source, format=FORMAT, label=SOURCE_LABEL, records=tuple(kept), problems=tuple(problems),
                      record_count=count, flag_variants=tuple(variants))


def check_nlrb_results_header(path: str | Path) -> None:
    """Raise InvalidImport unless the file at ``path`` starts with the export's header (only the header is parsed)."""
    file = Path(path)
    lines = ExportLines.of_file(file)
    try:
        _header(csv.reader(lines), file.name)
    finally:
        lines.close()


def _header(reader: Iterator[list[str]], source: str) -> dict[str, int]:
    try:
        cells = next(reader)
    except StopIteration:
        raise InvalidImport(f"{source}: empty file, not an NLRB 'Recent Election Results' export") from None
    except csv.Error as exc:
        raise InvalidImport(f"{source}: not a CSV file ({exc})") from exc
    header = {cell.strip(): index for index, cell in enumerate(cells)}
    missing = [column for column in REQUIRED_COLUMNS if column not in header]
    if missing:
        shown = ", ".join(repr(c) for c in missing[:6]) + (f" and {len(missing) - 6} more" if len(missing) > 6 else "")
        first = ",".join(cells)[:100]
        raise InvalidImport(
            f"{source}: not an NLRB 'Recent Election Results' export: the header lacks {shown} "
            f"(first line reads {first!r}); nothing was imported"
        )
    return header


def _case_number_of(cells: list[str], header: dict[str, int]) -> str | None:
    index = header["Case Number"]
    text = cells[index].strip() if index < len(cells) else ""
    try:
        return str(parse_case_number(text))
    except CasefileError:
        return text or None


#: The cells read on their own, each with its reader: what a row's other problems are (beside its first).
_CELLS = (("Case Number", "number"), ("Case Name", "required"), ("Unit ID", "required"), ("Date Filed", "date"),
          ("Date Closed", "optional-date"), ("Tally Date", "date"), ("No of Eligible Voters", "count"),
          ("Void Ballots", "count"), ("Votes for Labor Union1", "count"), ("Votes for Labor Union2", "count"),
          ("Votes for Labor Union3", "count"), ("Votes Against", "count"), ("Challenged Ballots", "count"),
          ("Total Ballots Counted", "count"))
#: The most problems named for one row.
ROW_PROBLEMS = 10


def every_problem(cells: list[str], header: dict[str, int], *, first: str) -> list[str]:
    """Every problem of a row that cannot be read (up to ROW_PROBLEMS): ``first`` (the one that
    stopped the reading), then each cell that cannot be read on its own, in the header's order."""
    found = [first]
    if len(cells) != len(header):
        return found  # its cells are not where the header says: nothing more can be told
    for column, kind in _CELLS:
        index = header.get(column)
        text = cells[index].strip() if index is not None else ""
        try:
            if kind == "number":
                try:
                    parse_case_number(text)
                except CasefileError as exc:
                    raise _RowError(f"Case Number: {exc}") from None
            elif kind == "required" and not text:
                raise _RowError(f"{column} is blank")
            elif kind == "date":
                _date(text, column)
            elif kind == "optional-date":
                _optional_date(text, column)
            elif kind == "count":
                _optional_count(text, column)
        except _RowError as exc:
            if str(exc) not in found:
                found.append(str(exc))
    return found[:ROW_PROBLEMS]


def _record(cells: list[str], header: dict[str, int], *, record: int, line: int) -> ImportedTally:
    if len(cells) != len(header):
        raise _RowError(f"has {len(cells)} fields where the header has {len(header)} (a broken quote or a missing comma?)")
    _check_lengths(cells, header)

    def cell(column: str) -> str:
        index = header.get(column)
        return cells[index].strip() if index is not None else ""

    try:
        number = parse_case_number(cell("Case Number"))
    except CasefileError as exc:
        raise _RowError(f"Case Number: {exc}") from None
    if number.case_type not in REPRESENTATION_TYPES:
        raise _RowError(f"{number}: case type {number.case_type} has no election (RC, RM, RD, UD only)")
    listed_region, listed_office = _listed(cell("Region"))
    name = cell("Case Name")
    if not name:
        raise _RowError("Case Name is blank")
    unit_id = cell("Unit ID")
    if not unit_id:
        raise _RowError("Unit ID is blank")
    ballot_type = cell("Ballot Type")
    revised = ballot_type.casefold().startswith("revised")
    election_kind = _TALLY_TYPES.get(cell("Tally Type").casefold())
    if election_kind is None:
        raise _RowError(f"Tally Type {cell('Tally Type')!r} is not Initial, Rerun or Run-off")
    unions = tuple(
        (cell(f"Labor Union{k}"), _count(cell(f"Votes for Labor Union{k}"), f"Votes for Labor Union{k}"))
        for k in (1, 2, 3) if cell(f"Labor Union{k}")
    )
    for k in (1, 2, 3):
        if not cell(f"Labor Union{k}") and _count(cell(f"Votes for Labor Union{k}"), f"Votes for Labor Union{k}"):
            raise _RowError(f"Votes for Labor Union{k} without a Labor Union{k}")
    if not unions:
        raise _RowError("no labor organization on the ballot (Labor Union1 is blank)")
    _check_ballot_type(ballot_type, len(unions))
    against: int | None = _count(cell("Votes Against"), "Votes Against")
    if election_kind is ElectionKind.RUNOFF and len(unions) == 2 and not against:
        against = None  # a runoff between two labor organizations has no "against" choice (102.70(c))
    challenged = _count(cell("Challenged Ballots"), "Challenged Ballots")
    total = _optional_count(cell("Total Ballots Counted"), "Total Ballots Counted")
    valid = sum(votes for _, votes in unions) + (against or 0)
    flags = NlrbFlags(determinative=_flag(cell("Challenges are Determinative"), "Challenges are Determinative"),
                      runoff_required=_flag(cell("Runoff Required"), "Runoff Required"),
                      union_to_certify=cell("Union to Certify"))
    result = ImportedTally(
        record=record, line=line, source=f"{SOURCE_LABEL}, record {record}", case_number=str(number),
        case_type=CaseType(number.case_type), case_name=name, region=number.region, status=cell("Status"),
        filed_on=_date(cell("Date Filed"), "Date Filed"), closed_on=_optional_date(cell("Date Closed"), "Date Closed"),
        reason_closed=cell("Reason Closed"), city=cell("City"), state=cell("States & Territories"), unit_id=unit_id,
        ballot_type=ballot_type, tally_type=cell("Tally Type"),
        kind=TallyKind.REVISED if revised else _TALLY_KIND[election_kind], election_kind=election_kind,
        prepared_on=_date(cell("Tally Date"), "Tally Date"), method=None,
        eligible=_optional_count(cell("No of Eligible Voters"), "No of Eligible Voters"),
        void=_count(cell("Void Ballots"), "Void Ballots"), unions=unions, against=against, challenged=challenged,
        total_counted=total, nlrb=flags, unit_description=_unit_description(cells, header, unit_id),
        total_reading=_reading(total, valid, challenged, unions, against, void=_count(cell("Void Ballots"), "Void Ballots"),
                               blank=[f"Votes for Labor Union{k}" for k in (1, 2, 3)
                                      if cell(f"Labor Union{k}") and not cell(f"Votes for Labor Union{k}")]),
        listed_region=listed_region, listed_office=listed_office,
    )
    try:
        result.checked_counts()
    except CasefileError as exc:
        raise _RowError(f"impossible tally: {exc}") from None
    return result


def _check_ballot_type(ballot_type: str, unions: int) -> None:
    words = ballot_type.casefold().split()
    if not words:
        raise _RowError("Ballot Type is blank")
    if words[0] == "revised":
        words = words[1:]
    if words and words[0] in _UNIONS_ON_BALLOT and _UNIONS_ON_BALLOT[words[0]] != unions:
        raise _RowError(f"Ballot Type {ballot_type!r} but {unions} labor organization(s) named")


def _listed(text: str) -> tuple[str, str]:
    """The Region (two digits) and office city of the "Region" cell: ``Region 08, Cleveland, Ohio`` -> ("08", "Cleveland")."""
    region = _REGION.match(text)
    if region is None:
        raise _RowError(f"Region {text!r} is not 'Region NN, ...'")
    parts = [part.strip() for part in text.split(",")]
    return f"{int(region.group(1)):02d}", parts[1] if len(parts) > 1 else ""


#: The readings of "Total Ballots Counted" tried, plainest first: (reading, words, adds challenged?, adds void?).
_READINGS: tuple[tuple[TotalReading, str, bool, bool], ...] = (
    ("valid", "valid votes", False, False),
    ("valid-plus-challenged", "valid votes plus challenged ballots", True, False),
    ("valid-plus-void", "valid votes plus void ballots", False, True),
    ("valid-plus-void-plus-challenged", "every ballot cast (valid, void and challenged)", True, True),
)


def _reading(total: int | None, valid: int, challenged: int, unions: tuple[tuple[str, int], ...],
             against: int | None, *, void: int | None, blank: list[str]) -> TotalReading:
    """Which defensible reading of "Total Ballots Counted" the row's counts fit (the first that does, plainest first);
    ``either`` when the total is the valid votes and there are no challenged ballots (both plain readings agree).

    ``void`` None: not given, so the readings with void ballots are not tried. ``blank``: the vote cells of named
    labor organizations left blank (read as 0), named in the refusal when the total says they were not 0."""
    if total is None:
        return "blank"
    if total == valid and challenged == 0:
        return "either"
    tried: list[str] = []
    for reading, words, with_challenged, with_void in _READINGS:
        if with_void and void is None:
            continue
        value = valid + (challenged if with_challenged else 0) + ((void or 0) if with_void else 0)
        if total == value:
            return reading
        tried.append(f"{words} {value}")
    parts = " + ".join(f"{votes}" for _, votes in unions) + (f" + {against} against" if against is not None else "")
    message = (f"Total Ballots Counted {total} fits no reading of the counts: valid votes {valid} ({parts}); "
               + "; ".join(tried[1:]))
    if blank and total > valid + challenged + (void or 0):
        cells = " and ".join(blank)
        message += (f". {cells} is blank, and the total says it is not 0 here (it would be {total - valid} if the total "
                    "is valid votes); which count is missing cannot be told from the row")
    elif total < valid:
        message += f". The total is below the {valid} valid votes the counts add up to: a count or the total is wrong"
    raise _RowError(message + ": not loaded, nothing guessed")


def _unit_description(cells: list[str], header: dict[str, int], unit_id: str) -> str:
    index = header.get(f"Voting Unit (Unit {unit_id})")
    if index is None:
        return ""
    text = cells[index].replace("\r\n", "\n").replace("\r", "\n")
    return "\n".join(line.rstrip() for line in text.strip().split("\n"))


def _count(text: str, column: str) -> int:
    value = _optional_count(text, column)
    return 0 if value is None else value


def _optional_count(text: str, column: str) -> int | None:
    try:
        return parse_count_cell(text)
    except ValueError as exc:
        raise _RowError(f"{column}: {exc}") from None


def _date(text: str, column: str) -> date:
    if not text:
        raise _RowError(f"{column} is blank")
    if not _DATE.fullmatch(text):
        raise _RowError(f"{column}: {_shown(text)} is not a date MM/DD/YYYY")
    try:
        return check_date_in_lifetime(datetime.strptime(text, "%m/%d/%Y").date())  # noqa: DTZ007  (a calendar date: no instant, no zone)
    except ValueError as exc:
        reason = str(exc) if "lifetime" in str(exc) else date_problem(text, written="MM/DD/YYYY")
        raise _RowError(f"{column}: {reason}") from None


def _check_lengths(cells: list[str], header: dict[str, int]) -> None:
    """Every cell within its stated length: a unit description up to PARAGRAPH_MAX characters, any other
    cell up to LINE_MAX (the sample's longest are 2,018 and 223); and text (casefile.characters): no control
    character, and a line break in a unit description only."""
    names = {index: column for column, index in header.items()}
    for index, text in enumerate(cells):
        column = names.get(index, f"field {index + 1}")
        limit = PARAGRAPH_MAX if column.startswith("Voting Unit") else LINE_MAX
        if len(text) > limit:
            raise _RowError(f"{column} is {len(text):,} characters long, more than the {limit:,} accepted")
        if (problem := character_problem(text, one_line=limit == LINE_MAX)) is not None:
            raise _RowError(f"{column}: {problem}")


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37]) + "..."


def _optional_date(text: str, column: str) -> date | None:
    return _date(text, column) if text else None


def _flag(text: str, column: str) -> str:
    value = text.upper()
    if value not in _FLAGS:
        raise _RowError(f"{column}: {text!r} is not Y, N or blank")
    return value
