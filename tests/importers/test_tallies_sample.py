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
        """The FOIA flags disagree with the rules 27 times; 03-RC-283799 says N where 3 challenges are determinative."""
        found = [d for r in parsed.records for d in compare_with_nlrb(r)]
        assert Counter(d.field for d in found) == {"union_to_certify": 14, "challenges_determinative": 12,
                                                   "runoff_required": 1}
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
