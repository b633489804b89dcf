"""The parser of the NLRB "Recent Election Results" CSV export and the comparison with NLRB's own flags,
on the real 300-record sample (tests/fixtures, a copy of /work/shared/data) and on rows of it made corrupt.

Row numbers are record numbers (1 = the first record after the header); ``line`` is the physical line
where a record starts (the header is line 1)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from casefile.errors import InvalidImport
from casefile.importers.comparison import compare_with_nlrb, not_analysable
from casefile.importers.nlrb_results import check_nlrb_results_header, parse_nlrb_results, parse_nlrb_results_text
from casefile.importers.records import ImportedTally, ParsedFile
from casefile.vocab import CaseType, ElectionKind, TallyKind

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SAMPLE = FIXTURES / "nlrb-recent-election-results-sample.csv"
TALLIES_SAMPLE = FIXTURES / "tallies-sample.csv"


@pytest.fixture(scope="module")
def parsed() -> ParsedFile:
    return parse_nlrb_results(SAMPLE)


def record(parsed: ParsedFile, number: int) -> ImportedTally:
    return next(r for r in parsed.records if r.record == number)


def sample_with(old: str, new: str) -> str:
    """The sample's text with one exact passage replaced (it must occur once)."""
    text = SAMPLE.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    return text.replace(old, new)


GARDA = ('"INTERNATIONAL UNION, SECURITY, POLICE AND FIRE PROFESSIONALS OF AMERICA (SPFPA)",32,,,,,66,98,N,1,N,,')


def sample_with_second(old: str, new: str) -> str:
    """The sample's text with the second of exactly two occurrences of ``old`` replaced (records 216 and 217 repeat)."""
    text = SAMPLE.read_text(encoding="utf-8")
    assert text.count(old) == 2, old
    first = text.index(old) + len(old)
    return text[:first] + text[first:].replace(old, new, 1)


TEAMSTERS_249 = "General Teamsters, Chauffeurs and Helpers Local Union 249"
REAL_ROWS = [
    # record, case, unit, tally kind, election, tally date, eligible, void, unions, against, challenged, total, reading
    pytest.param(1, "06-RC-311772", "A", TallyKind.INITIAL, ElectionKind.INITIAL, date(2023, 3, 30), 14, 0,
                 ((TEAMSTERS_249, 2),), 9, 2, 11, "valid", id="48forty-total-is-valid-votes"),
    pytest.param(3, "04-RC-305836", "A", TallyKind.INITIAL, ElectionKind.INITIAL, date(2022, 12, 7), 35, 0,
                 (("United Service Workers Union, IUJAT", 23), ("SEIU 32BJ", 7)), 3, 0, 33, "either",
                 id="DLC-two-unions-blank-void-and-challenged"),
    pytest.param(5, "04-RC-291161", "A", TallyKind.RERUN, ElectionKind.RERUN, date(2022, 10, 20), 61, 0,
                 (("SEIU Healthcare Pennsylvania, CTW, CLC", 39),), 17, 0, 56, "either", id="Shenandoah-rerun"),
    pytest.param(10, "06-RC-281254", "A", TallyKind.REVISED, ElectionKind.INITIAL, date(2022, 7, 28), 154, 1,
                 (("United Electrical, Radio, and Machine Workers of America", 83),), 1, 31, 84, "valid",
                 id="Hudson-revised-single-labor-org"),
    pytest.param(21, "04-RC-284955", "A", TallyKind.INITIAL, ElectionKind.INITIAL, date(2022, 1, 24), 2, 0,
                 (("Teamsters Local 773", 2),), 0, 0, None, "blank", id="Student-Transportation-blank-total"),
    pytest.param(39, "04-RC-256701", "B", TallyKind.INITIAL, ElectionKind.INITIAL, date(2020, 8, 14), 13, 1,
                 (("International Brotherhood of Teamsters, Local 773", 4),), 2, 0, 6, "either", id="PrimeCare-unit-B"),
    pytest.param(48, "06-RC-247332", "A", TallyKind.INITIAL, ElectionKind.INITIAL, date(2019, 9, 24), 79, 0,
                 (("United Steel, Paper and Forestry, Rubber, Manufacturing, Energy, Allied & Industrial Service Workers "
                   "International Union, AFL-CIO, CLC", 49),), 24, 1, 74, "valid-plus-challenged",
                 id="HCL-total-is-valid-plus-challenged"),
    pytest.param(56, "06-RC-228976", "A", TallyKind.RUNOFF, ElectionKind.RUNOFF, date(2019, 4, 22), 56, 2,
                 (("General Teamsters, Chauffeurs and Helpers, Local Union No. 249 a/w International Brotherhood of "
                   "Teamsters", 38), ("Amalgamated Local 298, ESJB, IUANPW, AFL-CIO", 8)), None, 1, 46, "valid",
                 id="Lenzner-runoff-between-two-unions-has-no-against"),
]


class TestRealRows:
    def test_sample_counts(self, parsed: ParsedFile) -> None:
        """The sample has 300 records; 291 parse, 9 are reported (5 totals that fit no reading, 1 impossible ballot,
        2 conflicting, 1 exact repeat)."""
        assert (parsed.record_count, len(parsed.records), len(parsed.problems)) == (300, 291, 9)
        assert parsed.format == "nlrb-results" and parsed.source == SAMPLE.name

    @pytest.mark.parametrize(
        ("number", "case", "unit", "kind", "election", "on", "eligible", "void", "unions", "against", "challenged",
         "total", "reading"), REAL_ROWS)
    def test_real_row(self, parsed: ParsedFile, number: int, case: str, unit: str, kind: TallyKind,
                      election: ElectionKind, on: date, eligible: int, void: int, unions: tuple[tuple[str, int], ...],
                      against: int | None, challenged: int, total: int | None, reading: str) -> None:
        """Each real record reads with its own figures: blank counts are 0, Revised* is a revised tally, Run-off a runoff."""
        r = record(parsed, number)
        assert (r.case_number, r.unit_id, r.kind, r.election_kind, r.prepared_on) == (case, unit, kind, election, on)
        assert (r.eligible, r.void, r.unions, r.against, r.challenged) == (eligible, void, unions, against, challenged)
        assert (r.total_counted, r.total_reading) == (total, reading)

    def test_case_facts(self, parsed: ParsedFile) -> None:
        """Record 1 carries its case's facts: name, type, Region (numbered and listed), status, MM/DD/YYYY dates,
        reason closed, place."""
        r = record(parsed, 1)
        assert (r.case_name, r.case_type, r.region, r.status) == ("48forty Solutions, LLC.", CaseType.RC, "06", "Closed")
        assert (r.listed_region, r.listed_office) == ("06", "Pittsburgh")
        assert (r.filed_on, r.closed_on, r.reason_closed) == (date(2023, 2, 7), date(2023, 4, 7), "Certification of Results")
        assert (r.city, r.state, r.ballot_type, r.tally_type) == ("Pittsburgh", "PA", "Single Labor Organization", "Initial")
        assert r.source == "NLRB Recent Election Results export, record 1"
        assert r.act_key == "import:A:initial:2023-03-30"

    def test_nlrb_flags_kept_as_written(self, parsed: ParsedFile) -> None:
        """NLRB's flags are kept as written: record 216 (Garda, 2011) writes N and N; record 3 names the union to certify."""
        assert (record(parsed, 216).nlrb.determinative, record(parsed, 216).nlrb.runoff_required) == ("N", "N")
        assert record(parsed, 3).nlrb.union_to_certify == "United Service Workers Union, IUJAT"
        assert (record(parsed, 1).nlrb.determinative, record(parsed, 1).nlrb.union_to_certify) == ("", "")

    def test_leading_spaces_in_names_are_dropped(self, parsed: ParsedFile) -> None:
        """NLRB writes ' UNITED GOVERNMENT SECURITY OFFICERS OF AMERICA' with a leading space (record 207); it is stripped."""
        assert record(parsed, 207).unions[0][0] == "UNITED GOVERNMENT SECURITY OFFICERS OF AMERICA"

    def test_every_checked_total_fits_a_reading(self, parsed: ParsedFile) -> None:
        """Every parsed record's Total Ballots Counted fits a reading: valid votes, plus challenged, plus void, or all."""
        readings = Counter(r.total_reading for r in parsed.records)
        assert readings == {"either": 160, "valid": 106, "valid-plus-challenged": 18, "valid-plus-void-plus-challenged": 1,
                            "blank": 6}
        for r in parsed.records:
            valid = sum(v for _, v in r.unions) + (r.against or 0)
            assert r.total_counted in (None, valid, valid + r.challenged, valid + r.void, valid + r.void + r.challenged)

    def test_derry_rerun_total_is_every_ballot_cast(self, parsed: ParsedFile) -> None:
        """06-RC-152983's rerun (Teamsters 5, against 11, 1 void, 2 challenged) gives Total Ballots Counted 19 = every
        ballot cast: it fits neither plain reading (16, 18) but is loaded, the reading said."""
        r = record(parsed, 113)
        assert (r.unions[0][1], r.against, r.void, r.challenged, r.total_counted) == (5, 11, 1, 2, 19)
        assert r.total_reading == "valid-plus-void-plus-challenged"


class TestMultiLineUnitDescriptions:
    def test_description_spans_lines(self, parsed: ParsedFile) -> None:
        """Record 3's quoted unit description spans four lines of the file; it is one record, blank line kept."""
        assert record(parsed, 3).unit_description == (
            "Included: All full-time and regular part-time drivers employed by the Employer at its 114 Callowhill "
            "Street, Philadelphia, Pennsylvania facility.\n\nExcluded: All other employees, office clerical employees, "
            "professional employees, managers, guards and supervisors as defined in the Act.")

    def test_line_numbers_count_physical_lines(self, parsed: ParsedFile) -> None:
        """Records 1-3 start on lines 2-4; record 4 starts on line 8 because record 3 takes lines 4-7."""
        assert [(r.record, r.line) for r in parsed.records[:5]] == [(1, 2), (2, 3), (3, 4), (4, 8), (5, 12)]

    def test_unit_b_row_takes_the_unit_b_column(self, parsed: ParsedFile) -> None:
        """Record 39 (Unit ID B) takes 'Voting Unit (Unit B)', not the Unit A column; CRLF inside it becomes LF."""
        text = record(parsed, 39).unit_description
        assert text.startswith("VOTING GROUP - UNIT B (NON-PROFESSIONAL UNIT):\nINCLUDED: All full-time and regular "
                               "part-time Licensed Practical Nurses and Medical Assistants")
        assert "\r" not in text


class TestRowsReportedNotGuessed:
    @pytest.mark.parametrize(("number", "case", "reason"), [
        pytest.param(118, "04-RC-153697", "Total Ballots Counted 16 fits no reading of the counts: valid votes 21 (5 + 16 "
                     "against); valid votes plus challenged ballots 21; valid votes plus void ballots 26; every ballot cast "
                     "(valid, void and challenged) 26. The total is below the 21 valid votes the counts add up to: a count "
                     "or the total is wrong: not loaded, nothing guessed", id="total-below-valid"),
        pytest.param(225, "06-RC-012733", "Total Ballots Counted 64 fits no reading of the counts: valid votes 42 (39 + 0 + 3 "
                     "against); valid votes plus challenged ballots 42; valid votes plus void ballots 42; every ballot cast "
                     "(valid, void and challenged) 42. Votes for Labor Union2 is blank, and the total says it is not 0 here "
                     "(it would be 22 if the total is valid votes); which count is missing cannot be told from the row: not "
                     "loaded, nothing guessed", id="Levy-second-union-blank"),
        pytest.param(217, "04-RC-021786", "repeats record 216 exactly (same tally, same figures): loaded once",
                     id="Garda-repeated-row"),
    ])
    def test_real_problem_rows(self, parsed: ParsedFile, number: int, case: str, reason: str) -> None:
        """Real rows that fit no reading of Total Ballots Counted, or repeat a record, are reported with the reason."""
        problem = next(p for p in parsed.problems if p.record == number)
        assert problem.case_number == case
        assert problem.reason == reason
        assert number not in {r.record for r in parsed.records}

    def test_same_union_twice(self, parsed: ParsedFile) -> None:
        """06-RC-012576 (UPS, 2007) names IAM District Lodge 98 as both unions: the rules refuse the ballot; reported."""
        problem = next(p for p in parsed.problems if p.record == 297)
        assert problem.reason.startswith("impossible tally: line ")
        assert problem.reason.endswith(": labor organization 'INTERNATIONAL ASSOCIATION OF MACHINISTS & AEROSPACE WORKERS, "
                                       "DISTRICT LODGE 98, AFL-CIO, CLC' appears twice on the ballot")

    def test_conflicting_records_are_both_left_out(self, parsed: ParsedFile) -> None:
        """Records 170 and 171 give the same 06-RD-079436 tally naming Local 334 and Local 304: neither is kept, and
        the reason shows both names (the union is a party: its name would be a guess)."""
        problems = [p for p in parsed.problems if p.case_number == "06-RD-079436"]
        assert [p.record for p in problems] == [170, 171]
        assert "none is loaded (nothing is guessed)" in problems[0].reason
        assert ("('Utility Workers Union of America, Local 334, AFL-CIO 92' here, 'Utility Workers Union of America, "
                "Local 304, AFL-CIO 92' in record 171)") in problems[0].reason
        assert not [r for r in parsed.records if r.case_number == "06-RD-079436"]

    def test_same_figures_differing_only_in_flags_load_once(self) -> None:
        """Record 217 repeats Garda's tally (record 216) but names a Union to Certify and writes Y for determinative:
        loaded once from record 216, the conflict reported with both values, record 217 kept as a flag variant."""
        changed = GARDA.replace(",98,N,1,N,,", ',98,N,1,Y,"SPFPA",')
        parsed = parse_nlrb_results_text(sample_with_second(GARDA, changed), source="flags.csv")
        assert [r.record for r in parsed.records if r.case_number == "04-RC-021786"] == [216]
        (problem,) = [p for p in parsed.problems if p.record == 217]
        assert problem.reason == (
            "repeats record 216 (same tally, same figures) except NLRB's flags — Challenges are Determinative 'N' in "
            "record 216, 'Y' here; Union to Certify '' in record 216, 'SPFPA' here: loaded once from record 216; the "
            "flags of both records are compared with the rules")
        assert [v.record for v in parsed.flag_variants] == [217]
        assert [(d.field, d.nlrb, d.computed) for d in compare_with_nlrb(parsed.flag_variants[0])] == [
            ("challenges_determinative", "Y", "N"), ("union_to_certify", "SPFPA", "")]  # SPFPA lost 32-66

    def test_corrupt_row_reported_rest_parsed(self) -> None:
        """Record 1 with 'nine' votes against is reported naming the column; the other 299 records parse as before."""
        parsed = parse_nlrb_results_text(sample_with(f'"{TEAMSTERS_249}",2,,,,,9,11,', f'"{TEAMSTERS_249}",2,,,,,nine,11,'),
                                         source="corrupt.csv")
        assert parsed.problems[0].record == 1
        assert parsed.problems[0].reason == "Votes Against: 'nine' is not a count of ballots (digits 0-9 only, no sign, comma or point)"
        assert (len(parsed.records), len(parsed.problems)) == (290, 10)

    @pytest.mark.parametrize(("old", "new", "reason"), [
        pytest.param("06-RC-311772", "06-XX-31177200", "Case Number: '06-XX-31177200' is not an NLRB case number: "
                     "expected RR-TT-NNNNNN, e.g. 10-RC-269250", id="malformed-case-number"),
        pytest.param('"Region 06, Pittsburgh, Pennsylvania",06-RC-311772', '"Pittsburgh",06-RC-311772',
                     "Region 'Pittsburgh' is not 'Region NN, ...'", id="region-unreadable"),
        pytest.param("Closed,02/07/2023,04/07/2023", "Closed,2023-02-07,04/07/2023",
                     "Date Filed: '2023-02-07' is not a date MM/DD/YYYY", id="iso-date"),
        pytest.param("A,Single Labor Organization,Initial,03/30/2023", "A,Single Labor Organization,Recount,03/30/2023",
                     "Tally Type 'Recount' is not Initial, Rerun or Run-off", id="unknown-tally-type"),
        pytest.param("A,Single Labor Organization,Initial,03/30/2023", "A,Two Labor Organizations,Initial,03/30/2023",
                     "Ballot Type 'Two Labor Organizations' but 1 labor organization(s) named", id="ballot-type-vs-unions"),
        pytest.param(f',14,,"{TEAMSTERS_249}",2,', ",14,,,2,", "Votes for Labor Union1 without a Labor Union1",
                     id="votes-without-union"),
        pytest.param(f'"{TEAMSTERS_249}",2,,,,,9,11,', f'"{TEAMSTERS_249}","1,0,0",,,,,9,11,',
                     "Votes for Labor Union1: '1,0,0' is not a count of ballots (digits 0-9 only, no sign, comma or point)",
                     id="commas-never-read-as-100"),
        pytest.param(f'"{TEAMSTERS_249}",2,,,,,9,11,', f'"{TEAMSTERS_249}","1,234",,,,,9,11,',
                     "Votes for Labor Union1: '1,234' is not a count of ballots (digits 0-9 only, no sign, comma or point)",
                     id="no-thousands-separator-in-the-export"),
        pytest.param(f'"{TEAMSTERS_249}",2,,,,,9,11,', f'"{TEAMSTERS_249}",٢,,,,,9,11,',
                     "Votes for Labor Union1: '٢' is not a count of ballots (digits 0-9 only, no sign, comma or point)",
                     id="arabic-indic-digit"),
        pytest.param(f'"{TEAMSTERS_249}",2,,,,,9,11,', f'"{TEAMSTERS_249}",9223372036854775808,,,,,9,11,',
                     "Votes for Labor Union1: '9223372036854775808' is more than 1,000,000, the most ballots casefile "
                     "accepts in one count", id="two-to-the-63"),
        pytest.param(f'"{TEAMSTERS_249}",2,,,,,9,11,', f'"{TEAMSTERS_249}",{"9" * 400},,,,,9,11,',
                     "Votes for Labor Union1: '9999999999999999999999999999999999999'... is more than 1,000,000, the most "
                     "ballots casefile accepts in one count", id="four-hundred-digits"),
        pytest.param("Closed,02/07/2023,04/07/2023", "Closed,02/07/9999,04/07/2023",
                     "Date Filed: 9999-02-07 is outside the National Labor Relations Act's lifetime (1935-07-05 to "
                     "2100-12-31)", id="year-9999"),
        pytest.param("Closed,02/07/2023,04/07/2023", "Closed,2/7/2023,04/07/2023",
                     "Date Filed: '2/7/2023' is not a date MM/DD/YYYY", id="unpadded-date"),
        pytest.param("Closed,02/07/2023,04/07/2023", "Closed,02/30/2023,04/07/2023",
                     "Date Filed: 02/30/2023 is not a calendar date (February 2023 has 28 days)", id="february-30"),
        pytest.param("06-RC-311772,", "٠٦-RC-311772,", "Case Number: '٠٦-RC-311772' is not an NLRB case number: expected "
                     "RR-TT-NNNNNN, e.g. 10-RC-269250; character '٠' (U+0660 ARABIC-INDIC DIGIT ZERO) is not an ASCII "
                     "digit 0-9", id="arabic-indic-case-number"),
        pytest.param('"48forty Solutions, LLC."', f'"{"x" * 501}"', "Case Name is 501 characters long, more than the 500 "
                     "accepted", id="case-name-too-long"),
    ])
    def test_corrupt_fields(self, old: str, new: str, reason: str) -> None:
        """A field that cannot be read makes its record a problem naming the field; nothing is guessed."""
        parsed = parse_nlrb_results_text(sample_with(old, new), source="corrupt.csv")
        assert parsed.problems[0].reason == reason

    def test_truncated_row(self) -> None:
        """A record cut short after ten fields is reported by field count; the records around it parse."""
        text = SAMPLE.read_text(encoding="utf-8")
        header, first, rest = text.split("\n", 2)
        parsed = parse_nlrb_results_text("\n".join([header, ",".join(first.split(",")[:10]), first, rest]), source="cut.csv")
        assert parsed.problems[0].record == 1
        assert parsed.problems[0].reason.startswith("has ")
        assert parsed.problems[0].reason.endswith("fields where the header has 31 (a broken quote or a missing comma?)")
        assert record(parsed, 2).case_number == "06-RC-311772"


    def test_a_file_cut_inside_a_quoted_cell(self, tmp_path: Path) -> None:
        """The file ends inside a quoted cell (its last record cut, the reliability probe's whole-file input): the
        cut record is reported by its field count, the records before it kept — no `ValueError: I/O operation on
        closed file` (the csv reader asked for a line again after the file had been closed at its end)."""
        text = SAMPLE.read_text(encoding="utf-8")
        header, first, second, _ = text.split("\n", 3)
        cut = "\n".join([header, first, second])
        cut = cut[: cut.rindex('"') - 20]  # inside the second record's last quoted cell
        file = tmp_path / "cut.csv"
        file.write_text(cut, encoding="utf-8")
        parsed = parse_nlrb_results(file)
        assert [r.record for r in parsed.records] == [1]
        (problem,) = parsed.problems
        assert problem.record == 2 and problem.reason.startswith("has "), problem

    def test_csv_that_breaks(self) -> None:
        """A quote that is never closed runs past the CSV field limit: the records before it are kept, it is reported."""
        text = SAMPLE.read_text(encoding="utf-8")
        header, first, second, _ = text.split("\n", 3)
        broken = "\n".join([header, first, '"Region 06' + "x" * 140_000, second])
        parsed = parse_nlrb_results_text(broken, source="broken.csv")
        assert [r.record for r in parsed.records] == [1]
        (problem,) = parsed.problems
        assert (problem.record, problem.line) == (2, 3)
        assert problem.reason.startswith("the CSV cannot be read from this record on (field larger than field limit")


class TestNotTheExport:
    def test_other_csv(self) -> None:
        """The normalized tallies file is not the NLRB export: one InvalidImport naming the file and the missing columns."""
        with pytest.raises(InvalidImport) as err:
            parse_nlrb_results(TALLIES_SAMPLE)
        message = str(err.value)
        assert message.startswith("tallies-sample.csv: not an NLRB 'Recent Election Results' export: the header lacks "
                                  "'Region', 'Case Number', 'Case Name'")
        assert message.endswith("nothing was imported")

    @pytest.mark.parametrize(("content", "start"), [
        pytest.param(b"", "empty.csv: empty file", id="empty"),
        pytest.param(b"%PDF-1.7\n\x00\x01\x02", "empty.csv: not a CSV export (binary data)", id="binary"),
        pytest.param(b"a,b,c\n1,2,3\n", "empty.csv: not an NLRB 'Recent Election Results' export", id="other-header"),
    ])
    def test_unusable_files(self, tmp_path: Path, content: bytes, start: str) -> None:
        """An empty file, binary data or another header each give one InvalidImport; the header check says the same."""
        path = tmp_path / "empty.csv"
        path.write_bytes(content)
        for call in (parse_nlrb_results, check_nlrb_results_header):
            with pytest.raises(InvalidImport) as err:
                call(path)
            assert str(err.value).startswith(start)

    def test_windows_1252_file_refused_naming_the_line(self, tmp_path: Path) -> None:
        """A file saved as Windows-1252 is refused at the first byte that is not UTF-8 (record 1's ’, line 2), not guessed."""
        path = tmp_path / "cp1252.csv"
        path.write_bytes(SAMPLE.read_text(encoding="utf-8").replace("—", "-").encode("cp1252", errors="replace"))
        for call in (parse_nlrb_results, check_nlrb_results_header):
            with pytest.raises(InvalidImport) as err:
                call(path)
            assert str(err.value).startswith("cp1252.csv: line 2, column 427: byte 0x92 is not UTF-8 text (the file was "
                                             "saved in another encoding, e.g. Windows-1252); save it as UTF-8")
            assert str(err.value).endswith("nothing was imported")

    def test_one_stray_byte_refuses_the_file(self, tmp_path: Path) -> None:
        """One Latin-1 byte on line 700 of an otherwise UTF-8 file refuses the file naming that line; nothing is decoded otherwise."""
        lines = SAMPLE.read_bytes().split(b"\n")
        lines[699] = lines[699][:10] + b"\xe9" + lines[699][10:]
        path = tmp_path / "stray.csv"
        path.write_bytes(b"\n".join(lines))
        with pytest.raises(InvalidImport) as err:
            parse_nlrb_results(path)
        assert str(err.value).startswith("stray.csv: line 700, column 11: byte 0xE9 is not UTF-8 text")

    def test_utf8_with_byte_order_mark(self, tmp_path: Path) -> None:
        """A UTF-8 file with a byte-order mark (Excel's "CSV UTF-8") parses exactly like the sample."""
        path = tmp_path / "bom.csv"
        path.write_bytes(b"\xef\xbb\xbf" + SAMPLE.read_bytes())
        with_bom = parse_nlrb_results(path)
        assert with_bom.records == parse_nlrb_results(SAMPLE).records
        assert "Employer’s facility" in record(with_bom, 1).unit_description


class TestComparisonWithNlrb:
    def test_disagreements_found_in_the_sample(self, parsed: ParsedFile) -> None:
        """In the sample NLRB's data disagrees with the rules 10 times, all on union to certify (blank flags are unknown)."""
        found = [d for r in parsed.records for d in compare_with_nlrb(r)]
        assert Counter(d.field for d in found) == {"union_to_certify": 10}
        assert [(d.record, d.case_number) for d in found if d.field == "union_to_certify"] == [
            (10, "06-RC-281254"), (31, "06-RC-275902"), (85, "06-RC-198567"), (98, "06-RD-180399"), (173, "06-RC-102353"),
            (191, "06-RC-085601"), (199, "06-RC-070414"), (201, "06-RC-068149"), (215, "04-RC-021826"), (221, "06-RC-012756"),
        ]

    def test_blank_flag_is_unknown_not_n(self, parsed: ParsedFile) -> None:
        """04-RC-088811's revised tally (Teamsters 4, against 3, 2 challenged: determinative) leaves the flag blank: NLRB
        said nothing, so there is nothing to disagree with; had it written N, that would disagree."""
        r = record(parsed, 179)
        assert r.nlrb.determinative == ""
        assert compare_with_nlrb(r) == ()
        (d,) = compare_with_nlrb(replace(r, nlrb=replace(r.nlrb, determinative="N")))
        assert (d.case_number, d.tally_kind, d.tally_date, d.field, d.nlrb, d.computed) == (
            "04-RC-088811", TallyKind.REVISED, date(2013, 2, 8), "challenges_determinative", "N", "Y")

    def test_union_to_certify_names_the_employer(self, parsed: ParsedFile) -> None:
        """06-RD-180399 (SPFPA 6, against 18) names 'St. Moritz Security Services Inc.' to certify; nobody is certified."""
        (d,) = compare_with_nlrb(record(parsed, 98))
        assert (d.field, d.nlrb, d.computed) == ("union_to_certify", "St. Moritz Security Services Inc.", "")
        assert d.as_json() == {"row": 98, "case_number": "06-RD-180399", "unit": "A", "tally_kind": "initial",
                               "tally_date": "2016-08-12", "field": "union_to_certify",
                               "nlrb": "St. Moritz Security Services Inc.", "computed": ""}

    def test_union_won_but_not_named(self, parsed: ParsedFile) -> None:
        """04-RC-021826 unit B (AFSCME 10, against 7, 2 challenged) leaves Union to Certify blank though AFSCME won."""
        (d,) = compare_with_nlrb(record(parsed, 215))
        assert (d.nlrb, d.computed) == ("", "American Federation of State and Municipal Employees, AFL-CIO, Council 71")

    @pytest.mark.parametrize("number", [
        pytest.param(205, id="SEIU-HEALTHCARE-spelled-two-ways"),
        pytest.param(206, id="MRC-vs-Metropolitan-Regional-Council"),
        pytest.param(212, id="comma-difference"),
    ])
    def test_same_union_spelled_differently_agrees(self, parsed: ParsedFile, number: int) -> None:
        """On a one-union ballot NLRB's other spelling of the winner's name is not a disagreement."""
        r = record(parsed, number)
        assert r.nlrb.union_to_certify != r.unions[0][0]
        assert compare_with_nlrb(r) == ()

    def test_ud_ballots_not_analysed(self, parsed: ParsedFile) -> None:
        """The 8 UD (deauthorization) records are not analyzed under R-D1 and give no disagreement."""
        ud = [r for r in parsed.records if not_analysable(r) is not None]
        assert [r.case_number for r in ud] == ["06-UD-170162", "06-UD-165276", "06-UD-157679", "04-UD-146471",
                                               "04-UD-126237", "04-UD-126237", "04-UD-098417", "04-UD-065063"]
        assert all(compare_with_nlrb(r) == () for r in ud)
        assert "majority of the eligible voters" in (not_analysable(ud[0]) or "")
        assert "R-D4" not in (not_analysable(ud[0]) or "")
