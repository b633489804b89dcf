"""A labor lawyer's fifth read-through of the real histories' documents (JFK8 29-RC-288020, Bessemer 10-RC-269250)
against the record (issue 16): each finding, asserted on the text of the PDFs a replay of examples/ issues (and, for
the last, on what `casefile case show` prints of the replayed record). What the record flags as uncertain or
inferred is said where the document states it; every note says which record it is about; the words are the rule's."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from tests.documents.reading import annex_of, body_of, text_of, words
from tests.documents.record_replay import Replayed


class TestTheRequestForReviewDateTheRecordDoubts:
    def test_the_certification_says_the_date_as_the_record_does(self, jfk8: Replayed) -> None:
        """Finding 1. It said "the request must be received by 11:59 p.m. EST on Thursday, January 26, 2023" as fact;
        the record's certification keeps January 26 while noting the press reported "by Jan. 25"
        (Certification.uncertain): the date is followed by that note."""
        body = words(body_of(jfk8.pdf("*certification-of-representative.pdf")))
        assert ("the request must be received by 11:59 p.m. EST on Thursday, January 26, 2023 (29 CFR 102.67(c), (i)(1), "
                "102.69(h)) [uncertain: silive.com reports that Amazon could request review 'by Jan. 25'; 10 business "
                "days after January 11, 2023, with Martin Luther King Jr. Day (January 16, 2023) skipped, end on "
                "January 26, 2023, which is the date the record keeps].") in body
        assert body.count("Jan. 25") == 1


class TestTheExceptionsConsidered:
    def test_the_decision_considers_exceptions_the_record_infers_as_inferred(self, jfk8: Replayed) -> None:
        """Finding 2. Page 2 said "Having considered the entire record, the Hearing Officer's report and the exceptions"
        though the record only infers that exceptions were filed (Filing.inferred_from): the clause says so."""
        body = words(body_of(jfk8.pdf("*decision-on-objections.pdf")))
        assert ("Having considered the entire record, the Hearing Officer's report and the exceptions [inferred: the "
                "record implies the exceptions, as said above], the Regional Director decides the objections") in body
        assert "report and the exceptions, the Regional Director" not in body
        # "above" is there: the sentence before says the exceptions are the record's inference
        at = body.index("Having considered")
        assert "filed exceptions to the report [inferred: the record shows" in body[:at]


class TestTheJudgesDecision:
    def test_the_consolidation_orders_note_says_it_is_the_orders(self, bessemer: Replayed) -> None:
        """Finding 3. The annex on page 4 said "Uncertain: the order's date is not public ..." without saying which
        order (a judge's decision is about several): the note names the Order Consolidating Cases."""
        annex = words(annex_of(text_of(bessemer.pdf("*alj-decision.pdf"))))
        assert ("Uncertain (the Order Consolidating Cases and Notice of Hearing): the order's date is not public "
                "(likely mid-2023; the hearing was first set for a 'Sept. 25'); recorded on the day the hearing began.") in annex
        assert "Uncertain: the order's date" not in annex
        assert "Uncertain (the hearing's opening): How 416 challenged ballots became 311 is not reported." in annex

    def test_how_many_were_set_is_said_in_the_records_numbers(self, bessemer: Replayed) -> None:
        """Finding 8. Page 1 said "(how many of each party's were set is the record's)": the sentence gives the counts
        the record holds (14 of the Petitioner's 21, 7 of the Employer's 8), in the order the parties filed."""
        body = words(body_of(bessemer.pdf("*alj-decision.pdf")))
        assert ("Which objections were set for hearing, by number, is not in the public record; the record shows that "
                "14 of the 21 objections of the Petitioner and 7 of the 8 objections of the Employer were set. The "
                "objections numbered below stand in for them.") in body
        assert "is the record's" not in body


class TestTheStatusReport:
    @pytest.mark.parametrize(("prepared", "cast", "flag"), [
        ("April 9, 2021", "3,117", "Uncertain: 738 + 1,798 + 505 + 76 = 3,117 ballots, against about 3,215 received as "
                                   "reported by the union (98 unexplained)."),
        ("March 31, 2022", "2,343", "Uncertain: 875 + 993 + 416 + 59 = 2,343 ballots, against 2,375 returned envelopes "
                                    "reported."),
    ], ids=["2021", "2022"])
    def test_the_ballots_cast_carry_the_discrepancy_the_record_flags(self, prepared: str, cast: str, flag: str,
                                                                    bessemer: Replayed) -> None:
        """Finding 4. "Ballots cast 3,117" and "2,343" were printed alone; the record's tallies flag that the figures
        do not match the ballots reported received (Tally.uncertain): the ballots-cast line says so, in its tally."""
        text = words(text_of(bessemer.pdf("*case-status-report*.pdf")))
        tally = text.split(f"tally of {prepared}", 1)[1].split("Challenges determinative?", 1)[0]
        assert re.search(rf"Ballots cast {cast} valid \+ void \+ challenged {re.escape(flag)}", tally), tally

    @pytest.mark.parametrize("which", ["jfk8", "bessemer"])
    def test_people_read_the_rule_sets_name_and_no_unit_key(self, which: str, request: pytest.FixtureRequest) -> None:
        """Finding 5. It said "(unit A; Single Labor Organization)" (the import's unit key, in a case of one unit) and
        "2019 rule as implemented (business days; post-hearing briefs as of right)" (casefile's description): the
        report names the rules by the regulations and the Federal Register rule, and a one-unit case's tallies by
        their ballot only."""
        text = words(text_of(request.getfixturevalue(which).pdf("*case-status-report*.pdf")))
        assert ("Rule set applied 29 CFR Part 102, Subpart D, as amended by the Representation-Case Procedures rule of "
                "December 18, 2019 (84 FR 69524), as in effect from May 31, 2020") in text
        assert "as implemented" not in text and "unit A" not in text
        assert "tally of April 1, 2022 (Single Labor Organization)" in text or \
            "tally of April 9, 2021 (Single Labor Organization)" in text


class TestTheConsolidationOrder:
    def test_no_sealing_the_record_does_not_hold(self, bessemer: Replayed) -> None:
        """Finding 6. "The challenged ballots remain sealed until they are ruled upon." is in no record of the case:
        the order sets the challenged ballots for hearing and says no more."""
        body = words(body_of(bessemer.pdf("*order-consolidating-cases.pdf")))
        assert ("CHALLENGED BALLOTS SET FOR HEARING The challenged ballots are set for hearing: the eligibility of the "
                "voters who cast them will be heard with the objections. NOTICE OF HEARING") in body
        assert "sealed" not in body


class TestTheSecondElectionsReview:
    def test_board_review_is_said_on_the_agreement_the_record_infers(self, bessemer: Replayed) -> None:
        """Finding 7. §VI said "any party may file with the Board ... a request for review" as if the record held the
        election agreement; it holds a direction of election only as an inference (Case.agreement_public false), on
        which Board review rests (rules.review.board_review, R-K5): the paragraph says so first."""
        body = words(body_of(bessemer.pdf("*decision-and-direction-of-second-election.pdf")))
        assert ("VI. RIGHT TO REQUEST REVIEW The election was held pursuant to a Decision and Direction of Election "
                "(inferred: the public record does not name the election agreement): under Sections 102.67 and "
                "102.69(c)(2) of the Board's Rules and Regulations, any party may file with the Board") in body


class TestTheSubpoenaPeriod:
    @pytest.mark.parametrize("which", ["jfk8", "bessemer"])
    def test_the_notice_runs_it_from_the_date_of_service(self, which: str, request: pytest.FixtureRequest) -> None:
        """Finding 9. The notice said a petition to revoke a subpoena is due "within 5 business days after receiving
        it"; 29 CFR 102.66(f) runs it from "the date of service of the subpoena", which is the date it is received."""
        body = words(body_of(request.getfixturevalue(which).pdf("*notice-of-hearing.pdf")))
        assert ("must petition in writing to revoke it within 5 business days after the date of service of the "
                "subpoena; the date of service is the date the subpoena is received (29 CFR 102.66(f)).") in body
        assert "after receiving it" not in body


@pytest.fixture
def jfk8_record(jfk8: Replayed) -> Iterator[None]:
    """The settings pointed at the JFK8 replay's database for one test (put back after)."""
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    assert jfk8.folder is not None
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{jfk8.folder / 'casefile.db'}")
        mp.setenv("CASEFILE_OUTPUT_DIR", str(jfk8.folder / "out"))
        mp.setenv("COLUMNS", "200")
        get_settings.cache_clear()
        get_engine.cache_clear()
        yield
        get_engine().dispose()
    get_settings.cache_clear()
    get_engine.cache_clear()


@pytest.mark.usefixtures("jfk8_record")
def test_case_show_counts_no_objections_set_the_record_lacks_and_names_the_region_with_the_case() -> None:
    """Finding 10. `casefile case show 29-RC-288020` printed "25 set for hearing" though the notice's
    ``objections_set_public`` is false (how many were set is not public), and "Region 29, office Phoenix, AZ":
    Phoenix is Region 28's office (domain/regions.md), which has the case since the transfer; 29 is its number's."""
    from casefile.cli.app import app

    result = CliRunner().invoke(app, ["case", "show", "29-RC-288020", "--as-of", "2023-01-11"],
                                env={**os.environ, "COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    text = words(result.output)
    assert ("Objections of Amazon.com Services LLC: 25 filed; which were set for hearing, and how many, is not in the "
            "public record") in text
    assert "25 set for hearing" not in text
    assert "Region 28 (case numbered in Region 29), office Phoenix, AZ;" in text
    assert "Region 29, office Phoenix" not in text
