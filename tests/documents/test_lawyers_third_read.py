"""A labor lawyer's third read-through of the real histories' documents (Bessemer 10-RC-269250, JFK8 29-RC-288020)
against the record: each finding, asserted on the text of the PDFs a replay of examples/ issues. The date an order set
is not the day the hearing opened; a count the record gives for one moment is told of that moment; a date the record
holds as unknown is never stated as fact; what is inferred is said to be inferred."""

from __future__ import annotations

import pytest

from tests.documents.reading import BESSEMER, JFK8, body_of, text_of, words
from tests.documents.record_replay import Replayed


class TestTheConsolidatedHearingsDates:
    def test_the_order_sets_no_opening_the_record_lacks(self, bessemer: Replayed) -> None:
        """It said "Opening Thursday, April 25, 2024": the order probably issued in 2023 and first set the hearing for
        a "Sept. 25"; April 25, 2024 is the day the hearing began. The order's opening is a placeholder, its date too."""
        body = words(body_of(bessemer.pdf("*order-consolidating-cases.pdf")))
        assert "Opening [NOT IN THE PUBLIC RECORD: date the order set the hearing to open] Place Birmingham, Alabama" in body
        assert "April 25, 2024" not in body
        assert "Dated: [NOT IN THE PUBLIC RECORD: the order's date]" in body

    def test_the_docket_tells_the_order_and_the_opening_apart(self, bessemer: Replayed) -> None:
        text = words(text_of(bessemer.pdf("*case-status-report*.pdf")))
        assert "the hearing was set to open on April 25, 2024" not in text
        assert ("April 25, 2024 Administrative Law Judge Hearing opened The hearing opened on April 25, 2024.") in text

    def test_the_judge_tells_the_day_it_opened(self, bessemer: Replayed) -> None:
        body = words(body_of(bessemer.pdf("*alj-decision.pdf")))
        assert "The hearing before the Administrative Law Judge opened on April 25, 2024" in body


class TestTheUnresolvedChallengedBallots:
    def test_the_order_sets_the_challenged_ballots_without_a_count(self, bessemer: Replayed) -> None:
        """It said "The 311 challenged ballots still unresolved are set for hearing.": the record says the challenged
        ballots were set for hearing, and that 311 were uncounted when the hearing began."""
        body = words(body_of(bessemer.pdf("*order-consolidating-cases.pdf")))
        assert ("CHALLENGED BALLOTS SET FOR HEARING The challenged ballots are set for hearing: the eligibility of the "
                "voters who cast them will be heard with the objections.") in body
        assert "311" not in body

    def test_the_report_counts_them_when_the_hearing_opened(self, bessemer: Replayed) -> None:
        text = words(text_of(bessemer.pdf("*case-status-report*.pdf")))
        assert "311 of the 416 were still unresolved when the hearing opened on April 25, 2024" in text
        assert "set them for hearing" not in text


class TestADateTheRecordLacksIsNeverStated:
    @pytest.mark.parametrize(("name", "pattern", "what", "day"), [
        (JFK8, "*order-transferring-case.pdf", "the order's date", "April 29, 2022"),
        (JFK8, "*notice-of-hearing.pdf", "the notice's date", "April 29, 2022"),
        (BESSEMER, "*notice-of-hearing.pdf", "the notice's date", "April 26, 2021"),
    ], ids=["jfk8-transfer", "jfk8-notice", "bessemer-notice"])
    def test_the_dated_line_and_the_service_print_no_date(self, name: str, pattern: str, what: str, day: str,
                                                          replayed_examples: dict[str, Replayed]) -> None:
        """They said "Dated: April 29, 2022" (served that day) and "Dated: April 26, 2021": the transfer order's date is
        not in the sources, the JFK8 notice's is inferred from "a Friday filing", Bessemer's is the day it was reported
        (it issued on or before it). The dated line and every service line say the date is not in the public record."""
        body = words(body_of(replayed_examples[name].pdf(pattern)))
        assert f"Dated: [NOT IN THE PUBLIC RECORD: {what}]" in body
        assert f"Dated: {day}" not in body and day not in body
        assert body.count(f"[NOT IN THE PUBLIC RECORD: {what}]") == 3  # the dated line and both parties' service

    @pytest.mark.parametrize("pattern", ["*hearing-officer-report.pdf", "*decision-on-objections.pdf", "*case-status-report*.pdf"])
    def test_jfk8s_histories_say_the_transfer_and_notice_dates_are_not_public(self, pattern: str, jfk8: Replayed) -> None:
        text = words(text_of(jfk8.pdf(pattern)))
        assert ("The case was transferred from Region 29 (Brooklyn, NY) to Region 28 (Phoenix, AZ). The order's date is not "
                "in the public record.") in text
        assert ("The Regional Director issued a Notice of Hearing on") in text
        assert "the hearing was set to open on May 23, 2022. The notice's date is not in the public record." in text

    @pytest.mark.parametrize("pattern", ["*hearing-officer-report.pdf", "*decision-and-direction-of-second-election.pdf",
                                         "*case-status-report*.pdf"])
    def test_bessemers_histories_say_the_notice_date_is_not_public(self, pattern: str, bessemer: Replayed) -> None:
        text = words(text_of(bessemer.pdf(pattern)))
        assert "the hearing was set to open on May 7, 2021. The notice's date is not in the public record." in text


class TestWhatIsInferredIsSaidToBe:
    @pytest.mark.parametrize("pattern", ["*decision-on-objections.pdf", "*case-status-report*.pdf"])
    def test_the_exceptions_are_the_records_inference(self, pattern: str, jfk8: Replayed) -> None:
        """They said "The Employer, Amazon.com Services LLC, filed exceptions to the Hearing Officer's report (…not in
        the public record, nor is the date).": that exceptions were filed is inferred (the Decision's own body says so)."""
        text = words(text_of(jfk8.pdf(pattern)))
        assert ("The record implies that the Employer, Amazon.com Services LLC, filed exceptions to the Hearing Officer's "
                "report (the exceptions themselves are not in the public record, nor is the date).") in text
        assert "2022 The Employer, Amazon.com Services LLC, filed exceptions" not in text
        assert "Exceptions filed The Employer, Amazon.com Services LLC, filed exceptions" not in text

    def test_the_exceptions_claim_no_time_their_date_is_unknown(self, jfk8: Replayed) -> None:
        """The record copy of the exceptions said they were filed "within the time allowed (September 16, 2022 …)"
        though their date is not in the public record."""
        body = words(body_of(jfk8.pdf("*exceptions_amazon.pdf")))
        assert ("files the following exceptions to the Hearing Officer's Report and Recommendations issued on September 1, "
                "2022. Each exception identifies") in body
        assert "within the time allowed" not in body and "September 16, 2022" not in body

    def test_the_extension_request_says_nothing_of_when_it_was_filed(self, jfk8: Replayed) -> None:
        """It said "This request is filed no later than the date on which the document is due.": the record infers the
        request and does not know its date."""
        body = words(body_of(jfk8.pdf("*extension-request_amazon.pdf")))
        assert ("requests that the Regional Director extend to April 22, 2022 "
                "[inferred: the record shows that the Employer filed its evidence on April 22, 2022, after the April 8, 2022 due date, which only an extension allows (29 CFR 102.69(a)(8))] "
                "the time to file its offer of proof in "
                "support of its objections, now due on April 8, 2022. GROUNDS FOR THE REQUEST") in body
        assert "no later than the date" not in body and "served on the other parties at the same time" not in body


class TestTheJudgesFurtherProceedings:
    def test_no_date_from_an_order_the_record_lacks(self, bessemer: Replayed) -> None:
        """It said "within 28 days from the date of service of the order transferring the case to the Board, that is, by
        … December 3, 2024": no such order, nor its service, is in the record."""
        body = words(body_of(bessemer.pdf("*alj-decision.pdf")))
        assert ("Exceptions to this decision may be filed with the Board under Section 102.46 of the Board's Rules and "
                "Regulations within 28 days from the date of service of the order transferring the case to the Board (29 "
                "CFR 102.46(a), 102.69(c)(2)).") in body
        assert "December 3, 2024" not in body and "that is, by" not in body

    def test_the_status_report_states_the_period_not_a_date(self, bessemer: Replayed) -> None:
        text = words(text_of(bessemer.pdf("*case-status-report*.pdf")))
        assert ("Exceptions to the Administrative Law Judge's decision (to the Board) all parties 28 days from service of "
                "the order transferring the case to the Board (the order is not in the record) — 29 CFR 102.46(a)") in text
        assert "December 3, 2024" not in text

    def test_review_of_the_direction_is_as_the_record_holds_it(self, bessemer: Replayed) -> None:
        """It said "Any request for review of the Regional Director's pre-election decision is due with those
        exceptions": the record infers the direction of election."""
        body = words(body_of(bessemer.pdf("*alj-decision.pdf")))
        assert ("to the Board (29 CFR 102.46(a), 102.69(c)(2)). The election was held pursuant to a Decision and Direction of "
                "Election (inferred: the public record does not name the election agreement): any request for review") in body
        assert "Any request for review of the Regional Director's pre-election decision" not in body


def test_the_judges_rulings_table_says_its_numbers_stand_in(bessemer: Replayed) -> None:
    """The table listed "Employer's Objection 1"–"7" and "Petitioner's Objection 1"–"14" as the objections heard: which
    were set is not public, and the first 14 and first 7 stand in (the consolidation order says so; now the decision too)."""
    body = words(body_of(bessemer.pdf("*alj-decision.pdf")))
    assert ("OBJECTIONS Which objections were set for hearing, by number, is not in the public record; the record shows "
            "that 14 of the 21 objections of the Petitioner and 7 of the 8 objections of the Employer were set. The "
            "objections numbered below stand in for them. Objection Text Ruling Employer's Objection 1") in body


def test_the_order_extending_time_names_no_region_the_record_lacks(jfk8: Replayed) -> None:
    """It was captioned "REGION 29" and said "must be received by the Regional Director, Region 29" (by 11:59 p.m.
    EDT) while whether Region 29 or 28 issued it is not in the record (its signature said so already)."""
    body = words(body_of(jfk8.pdf("*order-extending-time.pdf")))
    assert "BOARD REGION [NOT IN THE PUBLIC RECORD: the issuing Region] AMAZON.COM SERVICES LLC" in body
    assert ("The filing must be received by the Regional Director of the Region that has the case (29 CFR 102.2(c), "
            "102.69(a)(8)).") in body
    assert "Region 29" not in body and "EDT" not in body


@pytest.mark.parametrize("name", [JFK8, BESSEMER], ids=["jfk8", "bessemer"])
def test_the_notice_cites_the_rule_as_a_regional_director_would(name: str, replayed_examples: dict[str, Replayed]) -> None:
    """It cited "(29 CFR 102.69(c)(1)(iii) as amended at 84 FR 69524 (2019), for petitions filed from May 31, 2020 to
    December 25, 2023)": software's commentary on which text applies."""
    body = words(body_of(replayed_examples[name].pdf("*notice-of-hearing.pdf")))
    assert "extend that time by up to 10 further business days (29 CFR 102.69(c)(1)(iii))." in body
    assert "84 FR" not in body and "for petitions filed from" not in body


def test_the_status_reports_file_is_named_in_the_zone_of_its_text(jfk8: Replayed) -> None:
    """JFK8's was named "…as-of-20230111T1200" (Eastern) while its text says 10:00 a.m. MST (Region 28, Phoenix)."""
    path = jfk8.pdf("*case-status-report*.pdf")
    assert path.name == "2023-01-11_case-status-report_as-of-20230111T1000.pdf"
    assert "Status as of 10:00 a.m. MST on January 11, 2023" in words(text_of(path))


class TestWhichObjectionsWereSet:
    @pytest.mark.parametrize("name", [JFK8, BESSEMER], ids=["jfk8", "bessemer"])
    def test_the_notice_lists_none_the_record_does_not_name(self, name: str, replayed_examples: dict[str, Replayed]) -> None:
        """Both notices listed every objection under "OBJECTIONS SET FOR HEARING": no report says which were set
        (Bessemer's: laborpress counts 22 of 23), so the notice says the record does not show which (objections_set_public)."""
        body = words(body_of(replayed_examples[name].pdf("*notice-of-hearing.pdf")))
        assert ("OBJECTIONS SET FOR HEARING Which of the objections filed were set for hearing, and how many, is not in the "
                "public record.") in body
        assert "Objection 1." not in body and "[NOT IN THE PUBLIC RECORD: text of objection" not in body

    @pytest.mark.parametrize(("name", "pattern"), [
        (JFK8, "*hearing-officer-report.pdf"), (JFK8, "*decision-on-objections.pdf"), (JFK8, "*case-status-report*.pdf"),
        (BESSEMER, "*hearing-officer-report.pdf"), (BESSEMER, "*decision-and-direction-of-second-election.pdf"),
        (BESSEMER, "*case-status-report*.pdf")])
    def test_the_histories_count_none(self, name: str, pattern: str, replayed_examples: dict[str, Replayed]) -> None:
        """They said "Notice of Hearing on 25 objections" / "on 23 objections"."""
        text = words(text_of(replayed_examples[name].pdf(pattern)))
        assert ("The Regional Director issued a Notice of Hearing on the objections (which of them, and how many, the "
                "record does not show); the hearing was set to open on") in text
        assert "Notice of Hearing on 25 objections" not in text and "Notice of Hearing on 23 objections" not in text


class TestEachSourceNoteUnderItsOwnLabel:
    @pytest.mark.parametrize(("name", "pattern", "opening"), [
        (JFK8, "*hearing-officer-report.pdf", "Uncertain (June 13, 2022, hearing opened): the hearing was first set for May 23"),
        (JFK8, "*decision-on-objections.pdf", "Uncertain (June 13, 2022, hearing opened): the hearing was first set for May 23"),
        (BESSEMER, "*hearing-officer-report.pdf", "Uncertain (May 7, 2021, hearing opened): Its opening date is the scheduled one"),
        (BESSEMER, "*decision-and-direction-of-second-election.pdf",
         "Uncertain (May 7, 2021, hearing opened): Its opening date is the scheduled one"),
    ], ids=["jfk8-report", "jfk8-decision", "bessemer-report", "bessemer-decision"])
    def test_the_openings_note_is_its_own_item(self, name: str, pattern: str, opening: str,
                                               replayed_examples: dict[str, Replayed]) -> None:
        """The hearing-opening note ran on inside the notice-of-hearing bullet with no label."""
        annex = words(text_of(replayed_examples[name].pdf(pattern)).partition("RECORD-COPY NOTE")[2])
        assert opening in annex
        notice = annex.partition("notice of hearing):")[2].partition("Uncertain (")[0]
        assert "Its opening date is the scheduled one" not in notice and "first set for" not in notice
