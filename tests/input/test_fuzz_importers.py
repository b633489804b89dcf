"""Fuzz: the NLRB export parser and the normalized-tallies parser on real records (tests/fixtures)
with one cell replaced by hostile text, and on text with characters inserted or removed. A bad cell
is a row problem (a clear reason, the rest parsed); a file that cannot be read is one InvalidImport;
never another exception; a record is never accepted from a cell the format does not allow."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casefile.errors import CasefileError
from casefile.importers.nlrb_results import parse_nlrb_results_text
from casefile.importers.records import ImportedTally, ParsedFile
from casefile.importers.tallies_sample import parse_tallies_sample
from casefile.rules.case_numbers import parse_case_number
from tests.input.ledger import judge
from tests.strategies import examples

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
RECORDS = 40  # the first 40 records of each fixture: every shape of row, parsed in a few milliseconds
FUZZ = settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Cell values that look like counts, dates or case numbers but are not (or are, barely).
HOSTILE = st.one_of(
    st.sampled_from(["1,0,0", "1,234", "12,34", "٣", "３", "٠٦", "२", "1 000", "-0", "-3", "+3", "3.0", "1e3", "0x1F",
                     "045", "9" * 19, "9223372036854775808", "1000000", "1000001", "9" * 400, "9" * 5000, "", " ",
                     "\u00a0", "null", "NaN", "١٠-RC-269250", "10–RC–269250", "06-RC-3117720", "02/30/2023",
                     "2/7/2023", "02/07/9999", "01/01/0001", "2023-02-07", "9999-12-31", "0001-01-01", "20230207",
                     "2023-W06-2", "Y", "y", "N", "X", '"', '""', "a\nb", "\r", "\x00", "x" * 501, "x" * 20_001]),
    st.text(max_size=30),
    st.from_regex(r"[0-9,.\-+ ]{0,12}", fullmatch=True),
    st.integers(-(10**25), 10**25).map(str),
)

NLRB_COUNTS = {
    "Votes for Labor Union1": lambda r: r.unions[0][1] if r.unions else None,
    "Votes for Labor Union2": lambda r: r.unions[1][1] if len(r.unions) > 1 else 0,
    "Votes for Labor Union3": lambda r: r.unions[2][1] if len(r.unions) > 2 else 0,
    "Votes Against": lambda r: r.against, "Void Ballots": lambda r: r.void,
    "Challenged Ballots": lambda r: r.challenged, "No of Eligible Voters": lambda r: r.eligible,
    "Total Ballots Counted": lambda r: r.total_counted,
}
NLRB_DATES = {"Date Filed": lambda r: r.filed_on, "Date Closed": lambda r: r.closed_on, "Tally Date": lambda r: r.prepared_on}
TALLY_COUNTS = {"eligible_voters": lambda r: r.eligible, "void_ballots": lambda r: r.void,
                "votes_for_union": lambda r: sum(v for _, v in r.unions), "challenged_ballots": lambda r: r.challenged,
                "num_unions": lambda r: len(r.unions), "votes_against": lambda r: r.against}
TALLY_DATES = {"tally_date": lambda r: r.prepared_on, "date_filed": lambda r: r.filed_on, "date_closed": lambda r: r.closed_on}


def rows_of(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle))[: RECORDS + 1]


def text_of(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


NLRB_ROWS = rows_of(FIXTURES / "nlrb-recent-election-results-sample.csv")
TALLY_ROWS = rows_of(FIXTURES / "tallies-sample.csv")
NLRB_GOOD = [r.record for r in parse_nlrb_results_text(text_of(NLRB_ROWS), source="fixture").records]


def count_is_wrong(cell: str, value: object, *, blank: object) -> str | None:
    """Why the record's ``value`` cannot have come from the count cell ``cell``, or None."""
    text = cell.strip()
    if not text:
        return None if value in (blank, None, 0) else f"blank count read as {value!r}"
    if not re.fullmatch(r"[0-9]+", text, re.ASCII):
        return f"count cell {cell[:30]!r} accepted as {value!r}"
    number = int(text.lstrip("0") or "0") if len(text) < 4000 else None
    if number is None or number > 1_000_000:
        return f"count cell of {len(text)} digits accepted"
    if value not in (number, None) and not (number == 0 and value is None):
        return f"count cell {text!r} read as {value!r}"
    return None


def date_is_wrong(cell: str, value: date | None, form: str, pattern: str) -> str | None:
    text = cell.strip()
    if not text:
        return None if value is None else f"blank date read as {value}"
    if not re.fullmatch(pattern, text, re.ASCII):
        return f"date cell {text[:30]!r} accepted as {value}"
    parsed = datetime.strptime(text, form).date()  # noqa: DTZ007  (a calendar date: no instant, no zone)
    if not date(1935, 7, 5) <= parsed <= date(2100, 12, 31):
        return f"date {parsed} outside the Act's lifetime accepted"
    return None if parsed == value else f"date cell {text!r} read as {value}"


def record_is_wrong(found: ImportedTally, column: str, cell: str, counts: dict[str, Any], dates: dict[str, Any],
                    form: str, pattern: str, number_column: str, paragraph: set[str]) -> str | None:
    if column in counts:
        return count_is_wrong(cell, counts[column](found), blank=0)
    if column in dates:
        return date_is_wrong(cell, dates[column](found), form, pattern)
    if column == number_column:
        try:
            normalized = str(parse_case_number(cell))
        except CasefileError:
            return f"case number {cell[:30]!r} accepted"
        if not cell.strip().isascii() or normalized != found.case_number:
            return f"case number {cell[:30]!r} accepted as {found.case_number}"
    limit = 20_000 if column in paragraph else 500
    if len(cell.strip()) > limit:
        return f"{column} of {len(cell)} characters accepted"
    return None


def reported(parsed: ParsedFile, record: int) -> bool:
    """The record was refused as a row problem (with its reason) rather than loaded."""
    return all(r.record != record for r in parsed.records)


class TestNlrbExport:
    HEADER = NLRB_ROWS[0]

    @FUZZ
    @given(st.sampled_from(NLRB_GOOD), st.integers(0, len(NLRB_ROWS[0]) - 1), HOSTILE)
    def test_one_cell_replaced(self, record: int, index: int, cell: str) -> None:
        """One cell of a good record replaced: the record is a problem, or accepted only with a cell the format allows."""
        rows = [list(row) for row in NLRB_ROWS]
        rows[record][index] = cell
        column = self.HEADER[index]

        def wrong(parsed: ParsedFile) -> str | None:
            found = next((r for r in parsed.records if r.record == record), None)
            if found is None:
                problems = [p for p in parsed.problems if p.record == record]
                return None if problems and all(p.reason.strip() for p in problems) else "record lost without a reason"
            return record_is_wrong(found, column, cell, NLRB_COUNTS, NLRB_DATES, "%m/%d/%Y",
                                   r"[0-9]{2}/[0-9]{2}/[0-9]{4}", "Case Number",
                                   {c for c in self.HEADER if c.startswith("Voting Unit")})

        judge("NLRB export (one cell)", lambda: parse_nlrb_results_text(text_of(rows), source="fuzz.csv"), wrong=wrong,
              refused=lambda parsed: reported(parsed, record))

    @FUZZ
    @given(st.lists(st.tuples(st.floats(0, 1), st.sampled_from(['"', ",", "\n", "\r", "\x00", "٣", "é", "9", ""])),
                    min_size=1, max_size=5))
    def test_characters_inserted_or_removed(self, edits: list[tuple[float, str]]) -> None:
        """Quotes, commas, line breaks and other characters inserted (or one removed) anywhere: no traceback."""
        text = list(text_of(NLRB_ROWS))
        for where, char in edits:
            at = int(where * (len(text) - 1))
            if char:
                text.insert(at, char)
            else:
                del text[at]
        judge("NLRB export (characters)", lambda: parse_nlrb_results_text("".join(text), source="fuzz.csv"))


class TestTalliesSample:
    HEADER = TALLY_ROWS[0]

    @pytest.fixture(scope="class")
    def folder(self, tmp_path_factory: pytest.TempPathFactory) -> Path:
        return tmp_path_factory.mktemp("tallies")

    @FUZZ
    @given(record=st.integers(1, RECORDS), index=st.integers(0, len(TALLY_ROWS[0]) - 1), cell=HOSTILE)
    def test_one_cell_replaced(self, folder: Path, record: int, index: int, cell: str) -> None:
        """One cell replaced: a row problem, or accepted only with a cell the format allows; never a traceback."""
        rows = [list(row) for row in TALLY_ROWS]
        rows[record][index] = cell
        column = self.HEADER[index]
        path = folder / "fuzz.csv"
        path.write_text(text_of(rows), encoding="utf-8", errors="surrogatepass")

        def wrong(parsed: ParsedFile) -> str | None:
            found = next((r for r in parsed.records if r.record == record), None)
            if found is None:
                problems = [p for p in parsed.problems if p.record == record]
                return None if problems and all(p.reason.strip() for p in problems) else "record lost without a reason"
            if column == "votes_by_choice" and cell.strip():
                try:
                    entries = json.loads(cell)
                    if not all(isinstance(e["votes"], int) and 0 <= e["votes"] <= 1_000_000 for e in entries
                               if e["votes"] is not None):
                        return f"votes_by_choice {cell[:40]!r} accepted"
                except (ValueError, TypeError, KeyError, RecursionError):
                    return f"votes_by_choice {cell[:40]!r} accepted"
            return record_is_wrong(found, column, cell, TALLY_COUNTS, TALLY_DATES, "%Y-%m-%d",
                                   r"[0-9]{4}-[0-9]{2}-[0-9]{2}", "case_number", {"votes_by_choice"})

        def parse() -> ParsedFile:
            return parse_tallies_sample(path)

        judge("tallies sample (one cell)", parse, wrong=wrong, refused=lambda parsed: reported(parsed, record))
