"""Parser of the normalized tallies format (``tallies-sample.csv``: one row per tally from the NLRB's
FOIA release of all elections 2017-01 … 2021-11).

Pure: text in, :class:`~casefile.importers.records.ParsedFile` out. How the format is read:

* Counts are explicit (zeros written): a blank count is an error in the row, except
  ``eligible_voters`` (blank: unknown) and ``votes_against`` of a runoff between two labor
  organizations (no "against" choice, 102.70(c); a 0 there is read the same way).
* Counts are ASCII digits, at most 1,000,000 (in ``votes_by_choice``: JSON integers). Dates are
  ISO ``YYYY-MM-DD`` within the Act's lifetime (1935-2100). A text cell holds at most 500
  characters, ``votes_by_choice`` 20,000. ``tally_type`` is the tally's kind (initial, revised, rerun, runoff) and
  ``election_round`` the election it counts (initial, rerun, runoff).
* One union: ``union_name`` and ``votes_for_union``. Several: ``votes_by_choice``, a JSON list of
  ``{"choice", "votes"}`` in ballot order, with ``"Against (no union)"``; its union votes must add
  up to ``votes_for_union`` and its entries to ``num_unions``, and its against entry must equal
  ``votes_against``.
* ``challenges_determinative_recorded``, ``runoff_required_recorded`` and ``union_to_certify`` are
  the NLRB's own data, kept as written for the comparison, never used as figures;
  ``recorded_outcome`` is the case's closing reason.
* There is no "Total Ballots Counted" column and no unit description.
"""

from __future__ import annotations

import csv
import json
import re
from datetime import date
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
from casefile.importers.records import ImportedTally, NlrbFlags, ParsedFile, RowProblem, drop_duplicates
from casefile.rules.case_numbers import REPRESENTATION_TYPES, parse_case_number
from casefile.rules.tally import MAX_COUNT
from casefile.validation import date_problem
from casefile.vocab import CaseType, ElectionKind, TallyKind, VotingMethod

FORMAT = "tallies-sample"
SOURCE_LABEL = "NLRB election results 2017-2021 (FOIA release, normalized tallies)"

REQUIRED_COLUMNS: tuple[str, ...] = (
    "case_number", "case_name", "region", "case_type", "tally_date", "tally_type", "eligible_voters", "void_ballots",
    "votes_for_union", "votes_against", "challenged_ballots", "num_unions", "votes_by_choice", "recorded_outcome",
    "unit_id", "election_round", "ballot_category", "union_name", "challenges_determinative_recorded",
    "runoff_required_recorded", "union_to_certify", "case_status", "date_filed", "date_closed", "city", "state",
    "election_mode",
)
_AGAINST = "against (no union)"
_METHODS = {"manual": VotingMethod.MANUAL, "mail": VotingMethod.MAIL, "mixed: mail and manual": VotingMethod.MIXED}
_FLAGS = frozenset({"Y", "N", ""})
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)


class _RowError(Exception):
    """One row's first problem (internal: becomes a RowProblem)."""


def parse_tallies_sample(path: str | Path, *, progress: Progress | None = None) -> ParsedFile:
    """Parse a normalized tallies file (``tallies-sample.csv`` format) at ``path``.

    Returns a :class:`ParsedFile` (records and the rows that could not be read, with reasons).
    Raises InvalidImport when the file is not text or its header lacks this format's columns.
    """
    file = Path(path)
    lines = ExportLines.of_file(file, progress)  # a line at a time
    try:
        return _parse(lines, file)
    finally:
        lines.close()


def _parse(lines: ExportLines, file: Path) -> ParsedFile:
    reader = csv.DictReader(lines)
    _check_header(reader, file.name)
    records: list[ImportedTally] = []
    problems: list[RowProblem] = []
    count = 0
    start = reader.line_num + 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            problems.append(RowProblem(count + 1, start, unreadable(exc)))
            count += 1
            break
        count += 1
        try:
            if None in row or any(value is None for value in row.values()):
                raise _RowError("has a different number of fields than the header")
            records.append(_record({k.strip(): (v or "").strip() for k, v in row.items()}, record=count, line=start))
        except _RowError as exc:
            problems.append(RowProblem(count, start, str(exc), case_number=(row.get("case_number") or "").strip() or None))
        start = reader.line_num + 1
    lines.finish()
    kept, duplicates = drop_duplicates(records)
    problems.extend(duplicates)
    problems.sort(key=lambda p: (p.record, p.reason))
    return ParsedFile(source=file.name, format=FORMAT, label=SOURCE_LABEL, records=tuple(kept), problems=tuple(problems),
                      record_count=count)


def check_tallies_sample_header(path: str | Path) -> None:
    """Raise InvalidImport unless the file at ``path`` starts with this format's header."""
    file = Path(path)
    lines = ExportLines.of_file(file)
    try:
        _check_header(csv.DictReader(lines), file.name)
    finally:
        lines.close()


def _check_header(reader: csv.DictReader[str], source: str) -> None:
    try:
        header = [name.strip() for name in (reader.fieldnames or [])]
    except csv.Error as exc:
        raise InvalidImport(f"{source}: not a CSV file ({exc}); nothing was imported") from exc
    missing = [column for column in REQUIRED_COLUMNS if column not in header]
    if missing:
        shown = ", ".join(repr(c) for c in missing[:6]) + (f" and {len(missing) - 6} more" if len(missing) > 6 else "")
        raise InvalidImport(f"{source}: not a normalized tallies file (tallies-sample.csv format): the header lacks "
                            f"{shown}; nothing was imported")


def _record(row: dict[str, str], *, record: int, line: int) -> ImportedTally:
    _check_lengths(row)
    try:
        number = parse_case_number(row["case_number"])
    except CasefileError as exc:
        raise _RowError(f"case_number: {exc}") from None
    if number.case_type not in REPRESENTATION_TYPES:
        raise _RowError(f"{number}: case type {number.case_type} has no election (RC, RM, RD, UD only)")
    if row["case_type"].upper() != number.case_type:
        raise _RowError(f"case_type {row['case_type']!r} is not the type of case {number}")
    if row["region"] and row["region"].zfill(2) != number.region:
        raise _RowError(f"region {row['region']!r} is not the Region of case {number}")
    try:
        kind = TallyKind(row["tally_type"].lower())
        election_kind = ElectionKind(row["election_round"].lower())
    except ValueError:
        raise _RowError(f"tally_type {row['tally_type']!r} / election_round {row['election_round']!r} not understood") from None
    if election_kind not in (ElectionKind.INITIAL, ElectionKind.RERUN, ElectionKind.RUNOFF):
        raise _RowError(f"election_round {row['election_round']!r} is not initial, rerun or runoff")
    if kind is not TallyKind.REVISED and kind.value != election_kind.value:
        raise _RowError(f"a {kind.value} tally in a {election_kind.value} election")
    unions, against_in_json = _unions(row)
    against = _optional_count(row["votes_against"], "votes_against")
    if against_in_json is not None and against is not None and against_in_json != against:
        raise _RowError(f"votes_by_choice gives {against_in_json} against, votes_against {against}")
    if election_kind is ElectionKind.RUNOFF and len(unions) == 2 and not against:
        against = None  # a runoff between two labor organizations has no "against" choice (102.70(c))
    elif against is None:
        raise _RowError("votes_against is blank (this format writes zeros)")
    if row["ballot_category"].strip().upper() == "UD" and number.case_type != "UD":
        raise _RowError(f"a UD ballot in {number.case_type} case {number}")
    method = _METHODS.get(row["election_mode"].lower()) if row["election_mode"] else None
    if row["election_mode"] and method is None:
        raise _RowError(f"election_mode {row['election_mode']!r} is not Manual, Mail or Mixed")
    origin = f" ({row.get('source_repo', '')} {row.get('source_path', '')}, row {row['source_row']})" \
        if row.get("source_row") else ""
    result = ImportedTally(
        record=record, line=line, source=f"{SOURCE_LABEL}, record {record}{origin}",
        case_number=str(number), case_type=CaseType(number.case_type), case_name=_required(row, "case_name"),
        region=number.region, status=row["case_status"], filed_on=_date(row["date_filed"], "date_filed"),
        closed_on=_date(row["date_closed"], "date_closed") if row["date_closed"] else None,
        reason_closed=row["recorded_outcome"], city=row["city"], state=row["state"],
        unit_id=_required(row, "unit_id"), ballot_type=row["ballot_category"], tally_type=row["tally_type"], kind=kind,
        election_kind=election_kind, prepared_on=_date(row["tally_date"], "tally_date"), method=method,
        eligible=_optional_count(row["eligible_voters"], "eligible_voters"),
        void=_count(row, "void_ballots"), unions=unions, against=against, challenged=_count(row, "challenged_ballots"),
        total_counted=None, total_reading="not-given",
        nlrb=NlrbFlags(determinative=_flag(row, "challenges_determinative_recorded"),
                       runoff_required=_flag(row, "runoff_required_recorded"), union_to_certify=row["union_to_certify"]),
    )
    try:
        result.checked_counts()
    except CasefileError as exc:
        raise _RowError(f"impossible tally: {exc}") from None
    return result


def _unions(row: dict[str, str]) -> tuple[tuple[tuple[str, int], ...], int | None]:
    expected = _count(row, "num_unions")
    total = _count(row, "votes_for_union")
    if not row["votes_by_choice"]:
        if expected != 1:
            raise _RowError(f"num_unions {expected} without votes_by_choice")
        return ((_required(row, "union_name"), total),), None
    try:
        entries = json.loads(row["votes_by_choice"])
        pairs = [(e["choice"], e["votes"]) for e in entries]
    except (ValueError, TypeError, KeyError, RecursionError):  # ValueError: also an int past 4,300 digits
        raise _RowError("votes_by_choice is not a JSON list of {choice, votes}") from None
    unions: list[tuple[str, int]] = []
    against: int | None = None
    for raw_name, votes in pairs:
        if not isinstance(raw_name, str):
            raise _RowError("votes_by_choice: a choice is named by text")
        name = raw_name.strip()
        if votes is not None and (isinstance(votes, bool) or not isinstance(votes, int) or not 0 <= votes <= MAX_COUNT):
            shown = f"{votes!r:.20}" if not isinstance(votes, int) or votes.bit_length() < 64 else "a number of 19 digits or more"
            raise _RowError(f"votes_by_choice: {shown} votes for {_shown(name)} is not a count of ballots "
                            f"(a whole number from 0 to {MAX_COUNT:,})")
        if name.casefold() == _AGAINST:
            against = votes
        elif votes is None:
            raise _RowError(f"votes_by_choice: no votes for {name!r}")
        else:
            unions.append((name, votes))
    if len(unions) != expected:
        raise _RowError(f"num_unions {expected} but votes_by_choice names {len(unions)} labor organization(s)")
    if sum(v for _, v in unions) != total:
        raise _RowError(f"votes_for_union {total} but votes_by_choice gives {sum(v for _, v in unions)}")
    return tuple(unions), against


def _required(row: dict[str, str], column: str) -> str:
    if not row[column]:
        raise _RowError(f"{column} is blank")
    return row[column]


def _count(row: dict[str, str], column: str) -> int:
    value = _optional_count(row[column], column)
    if value is None:
        raise _RowError(f"{column} is blank (this format writes zeros)")
    return value


def _optional_count(text: str, column: str) -> int | None:
    try:
        return parse_count_cell(text)
    except ValueError as exc:
        raise _RowError(f"{column}: {exc}") from None


def _date(text: str, column: str) -> date:
    if not _ISO_DATE.fullmatch(text):  # date.fromisoformat also reads 20170526 and 2017-W21-5
        raise _RowError(f"{column}: {_shown(text)} is not a date YYYY-MM-DD")
    try:
        return check_date_in_lifetime(date.fromisoformat(text))
    except ValueError as exc:
        reason = str(exc) if "lifetime" in str(exc) else date_problem(text)
        raise _RowError(f"{column}: {reason}") from None


def _check_lengths(row: dict[str, str]) -> None:
    """Every cell within its stated length: votes_by_choice up to PARAGRAPH_MAX characters, any other
    cell up to LINE_MAX (the sample's longest are 466 and 285); and text (casefile.characters): no control
    character, and a line break in votes_by_choice only."""
    for column, text in row.items():
        limit = PARAGRAPH_MAX if column == "votes_by_choice" else LINE_MAX
        if len(text) > limit:
            raise _RowError(f"{column[:40]} is {len(text):,} characters long, more than the {limit:,} accepted")
        if (problem := character_problem(text, one_line=limit == LINE_MAX)) is not None:
            raise _RowError(f"{column[:40]}: {problem}")


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37]) + "..."


def _flag(row: dict[str, str], column: str) -> str:
    value = row[column].upper()
    if value not in _FLAGS:
        raise _RowError(f"{column}: {row[column]!r} is not Y, N or blank")
    return value
