"""The parser of the normalized tallies format (tallies-sample.csv: 276 real tallies from the NLRB's FOIA
release 2017-2021, explicit zeros, votes_by_choice JSON for several unions) and its comparison with
the NLRB's recorded flags."""

from __future__ import annotations

from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from casefile.errors import InvalidImport
from casefile.importers.comparison import compare_with_nlrb
from casefile.importers.records import ImportedTally, ParsedFile
from casefile.importers.tallies_sample import check_tallies_sample_header, parse_tallies_sample
from casefile.vocab import ElectionKind, TallyKind, VotingMethod

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TALLIES = FIXTURES / "tallies-sample.csv"
NLRB_EXPORT = FIXTURES / "nlrb-recent-election-results-sample.csv"


@pytest.fixture(scope="module")
def parsed() -> ParsedFile:
    return parse_tallies_sample(TALLIES)


def tallies_of(parsed: ParsedFile, case_number: str) -> list[ImportedTally]:
    return [r for r in parsed.records if r.case_number == case_number]


class TestTalliesSample:
    def test_counts(self, parsed: ParsedFile) -> None:
        """276 records: 275 parse; 10-RC-223260's three-union initial tally has no votes against and is reported."""
        assert (parsed.record_count, len(parsed.records)) == (276, 275)
        (problem,) = parsed.problems
        assert (problem.record, problem.line, problem.case_number) == (100, 101, "10-RC-223260")
        assert problem.reason == "votes_against is blank (this format writes zeros)"

    def test_three_unions_from_json(self, parsed: ParsedFile) -> None:
        """05-RC-268983's rerun lists three unions in votes_by_choice (2, 14, 3) and 0 against; mail ballot."""
        (r,) = tallies_of(parsed, "05-RC-268983")
        assert r.unions == (("Protective Service Officers United", 2), ("Governed United Security Professionals (GUSP)", 14),
                            ("United Government Security Officers of America and its Local 255 a/w United Government "
                             "Security Officers of America International Union", 3))
        assert (r.against, r.void, r.eligible, r.kind, r.method) == (0, 1, 32, TallyKind.RERUN, VotingMethod.MAIL)

    def test_runoff_between_two_unions(self, parsed: ParsedFile) -> None:
        """10-RC-223260's runoff (SPFPA 73, UGSOA 75) has no against choice though the file writes 0."""
        (r,) = tallies_of(parsed, "10-RC-223260")
        assert (r.kind, r.election_kind, r.prepared_on, r.against, r.challenged) == (
            TallyKind.RUNOFF, ElectionKind.RUNOFF, date(2019, 11, 25), None, 1)
        assert [v for _, v in r.unions] == [73, 75]

    def test_revised_tally_names_its_election(self, parsed: ParsedFile) -> None:
        """27-RC-268059: initial 4-5 with 18 challenged, then a revised tally of the initial election, 7-5 with 2 challenged."""
        initial, revised = tallies_of(parsed, "27-RC-268059")
        assert (initial.kind, initial.unions[0][1], initial.against, initial.challenged) == (TallyKind.INITIAL, 4, 5, 18)
        assert (revised.kind, revised.election_kind, revised.prepared_on) == (TallyKind.REVISED, ElectionKind.INITIAL,
                                                                              date(2021, 5, 21))
        assert (revised.unions[0][1], revised.against, revised.challenged, revised.status) == (7, 5, 2, "Open")

    def test_bessemer(self, parsed: ParsedFile) -> None:
        """Bessemer 2021 (10-RC-269250): RWDSU 738, against 1,798, 505 challenged, 76 void, 5,867 eligible, mail."""
        (r,) = tallies_of(parsed, "10-RC-269250")
        assert (r.unions, r.against, r.challenged, r.void, r.eligible, r.method) == (
            (("Retail, Wholesale and Department Store Union", 738),), 1798, 505, 76, 5867, VotingMethod.MAIL)
        assert r.total_reading == "not-given"

    def test_disagreements(self, parsed: ParsedFile) -> None:
        """The FOIA flags disagree with the rules 15 times; 03-RC-283799 says N where 3 challenges are determinative.
        Blank flags are unknown, not N: the 11 determinative tallies and the one runoff the FOIA data leaves blank
        are not disagreements."""
        found = [d for r in parsed.records for d in compare_with_nlrb(r)]
        assert Counter(d.field for d in found) == {"union_to_certify": 14, "challenges_determinative": 1}
        wrong_n = next(d for d in found if d.case_number == "03-RC-283799")
        assert (wrong_n.field, wrong_n.nlrb, wrong_n.computed) == ("challenges_determinative", "N", "Y")

    def test_runoff_recorded_right(self, parsed: ParsedFile) -> None:
        """12-RC-207655's rerun (13, 14, 1 against) needs a runoff and the FOIA data says Y: no runoff disagreement."""
        (r,) = tallies_of(parsed, "12-RC-207655")
        assert r.nlrb.runoff_required == "Y"
        assert [d.field for d in compare_with_nlrb(r)] == ["union_to_certify"]

    def test_not_this_format(self) -> None:
        """The NLRB export is not the normalized format: one InvalidImport naming the missing columns."""
        for call in (parse_tallies_sample, check_tallies_sample_header):
            with pytest.raises(InvalidImport) as err:
                call(NLRB_EXPORT)
            assert str(err.value).startswith("nlrb-recent-election-results-sample.csv: not a normalized tallies file "
                                             "(tallies-sample.csv format): the header lacks 'case_number'")


FIRST_ROW = '01-RC-198193,"ALLIED WASTE SERVICES OF MASSACHUSETTS, LLC D/B/A ALLIED WASTE SERVICES OF BOSTON-QUINCY AND ALLIED",01,RC,2017-05-26,initial,6,0,6,0,0,1,,'
SECOND_VOTES = '{""choice"": ""International Union, Security, Police and Fire Professionals of America (SPFPA)"", ""votes"": 5}'


def first_problem(tmp_path: Path, old: str, new: str) -> str:
    """The reason given for the first bad row of the sample with one exact passage replaced."""
    text = TALLIES.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "changed.csv"
    path.write_text(text.replace(old, new), encoding="utf-8")
    parsed = parse_tallies_sample(path)
    return parsed.problems[0].reason


class TestCellsReadStrictly:
    @pytest.mark.parametrize(("old", "new", "reason"), [
        pytest.param(",6,0,6,0,0,1,,", ",6,0,1,0,0,0,1,,", None, id="extra-field-shifts-the-row"),
        pytest.param(FIRST_ROW, FIRST_ROW.replace(",2017-05-26,initial,6,0,6,", ',2017-05-26,initial,6,0,"1,0,0",'),
                     "votes_for_union: '1,0,0' is not a count of ballots (digits 0-9 only, no sign, comma or point)",
                     id="commas-never-read-as-100"),
        pytest.param(FIRST_ROW, FIRST_ROW.replace(",2017-05-26,initial,6,0,6,", ",2017-05-26,initial,٦,0,6,"),
                     "eligible_voters: '٦' is not a count of ballots (digits 0-9 only, no sign, comma or point)",
                     id="arabic-indic-digit"),
        pytest.param(FIRST_ROW, FIRST_ROW.replace(",2017-05-26,initial,6,0,6,", ",2017-05-26,initial,6,-0,6,"),
                     "void_ballots: '-0' is not a count of ballots (digits 0-9 only, no sign, comma or point)",
                     id="signed"),
        pytest.param(FIRST_ROW, FIRST_ROW.replace(",2017-05-26,initial,6,0,6,", ",2017-05-26,initial,6,0,1000001,"),
                     "votes_for_union: '1000001' is more than 1,000,000, the most ballots casefile accepts in one count",
                     id="above-the-bound"),
        pytest.param(FIRST_ROW, FIRST_ROW.replace(",2017-05-26,", ",20170526,"),
                     "tally_date: '20170526' is not a date YYYY-MM-DD", id="compact-iso-date"),
        pytest.param(FIRST_ROW, FIRST_ROW.replace(",2017-05-26,", ",0001-05-26,"),
                     "tally_date: 0001-05-26 is outside the National Labor Relations Act's lifetime (1935-07-05 to "
                     "2100-12-31)", id="year-1"),
        pytest.param(SECOND_VOTES, SECOND_VOTES.replace('""votes"": 5', '""votes"": 5.0'),
                     "votes_by_choice: 5.0 votes for 'International Union, Security, Police'... is not a count of ballots "
                     "(a whole number from 0 to 1,000,000)", id="json-float-votes"),
        pytest.param(SECOND_VOTES, SECOND_VOTES.replace('""votes"": 5', '""votes"": 9223372036854775808'),
                     "votes_by_choice: a number of 19 digits or more votes for 'International Union, Security, Police'... is "
                     "not a count of ballots (a whole number from 0 to 1,000,000)", id="json-two-to-the-63"),
        pytest.param(SECOND_VOTES, SECOND_VOTES.replace('""votes"": 5', '""votes"": ' + "[" * 5000 + "]" * 5000),
                     "votes_by_choice is not a JSON list of {choice, votes}", id="json-nested-past-recursion-limit"),
        pytest.param(SECOND_VOTES, SECOND_VOTES.replace('""choice"": ""International', '""choice"": 7, ""x"": ""'),
                     "votes_by_choice: a choice is named by text", id="json-choice-not-text"),
    ])
    def test_bad_cell_is_a_row_problem(self, tmp_path: Path, old: str, new: str, reason: str | None) -> None:
        """A cell that is not exactly a count, an ISO date or the votes JSON makes its row a problem naming the column."""
        found = first_problem(tmp_path, old, new)
        assert found == (reason or "has a different number of fields than the header")

    def test_utf8_with_byte_order_mark_and_stray_byte(self, tmp_path: Path) -> None:
        """A byte-order mark is accepted; one Windows-1252 byte on line 40 refuses the file naming line and column."""
        path = tmp_path / "bom.csv"
        path.write_bytes(b"\xef\xbb\xbf" + TALLIES.read_bytes())
        assert parse_tallies_sample(path).records == parse_tallies_sample(TALLIES).records
        lines = TALLIES.read_bytes().split(b"\n")
        lines[39] = b"\x93" + lines[39]
        path.write_bytes(b"\n".join(lines))
        with pytest.raises(InvalidImport) as err:
            parse_tallies_sample(path)
        assert str(err.value).startswith("bom.csv: line 40, column 1: byte 0x93 is not UTF-8 text")
