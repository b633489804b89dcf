"""Every sentence of the procedural histories of JFK8 and Bessemer, read from the issued PDFs, says what the
record says (issue 16 item 3): an offer filed later is not "with" the objections, nothing from the confidential
offer of proof is in a document served on every party, no rule commentary, the noticed date is the notice's,
and the decision asserts no exceptions and no findings the record lacks."""

from __future__ import annotations

import re

from tests.documents.reading import body_of
from tests.documents.record_replay import Replayed


def history(replayed: Replayed, pattern: str) -> list[str]:
    """The history's events of the document named ``pattern``, each "Month D, YYYY <sentence>"."""
    text = body_of(replayed.pdf(pattern))
    table = text.split("PROCEDURAL HISTORY", 1)[1].split(" II. ", 1)[0].removeprefix(" Date Event ")
    table = re.split(r" (?:The (?:manual|mail-ballot|mixed) election was held|Pursuant to a)", table)[0]
    return [m.group(0).strip() for m in re.finditer(
        r"(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4} "
        r".*?(?=(?: (?:January|February|March|April|May|June|July|August|September|October|November|December) "
        r"\d{1,2}, \d{4} (?:The|Request|Offer))|$)", table)]


JFK8_HISTORY = [
    "April 1, 2022 The Tally of Ballots issued: 2,654 for Amazon Labor Union, 2,131 against; void ballots not in the "
    "record and 67 challenged ballots (not sufficient in number to affect the results).",
    "April 8, 2022 The Employer, Amazon.com Services LLC, filed 25 objections.",
    "April 8, 2022 The record implies that the Employer, Amazon.com Services LLC, requested an extension of the time to file the offer of proof "
    "in support of objections to April 22, 2022 (the request itself is not in the public record, nor is the date).",
    "April 8, 2022 The record implies that the Regional Director extended the time to file the offer of proof in support of objections to April "
    "22, 2022 (the order itself is not in the public record, nor is the date).",
    "April 29, 2022 The case was transferred from Region 29 (Brooklyn, NY) to Region 28 (Phoenix, AZ). The order's date "
    "is not in the public record.",
    "April 29, 2022 The Regional Director issued a Notice of Hearing on the objections (which of them, and how many, "
    "the record does not show); the hearing was set to open on "
    "May 23, 2022. The notice's date is not in the public record.",
    "June 13, 2022 The hearing opened on June 13, 2022.",
]


class TestJfk8:
    def test_the_hearing_officers_report_history_is_the_record(self, jfk8: Replayed) -> None:
        """The offer of proof came on April 22 under the extension: the objections are filed without it; the
        confidential offer (its witness count) is no line; the request and the order extending the time, which the
        public record only implies (inferred_from), are told as the acts with their absence from the public record said
        (issue 16; a lawyer's read-through: the inference notes are the annex's);
        the Notice of Hearing set May 23 although the hearing opened June 13."""
        assert history(jfk8, "*hearing-officer-report.pdf") == JFK8_HISTORY

    def test_the_decisions_history_adds_the_report_and_the_exceptions(self, jfk8: Replayed) -> None:
        assert history(jfk8, "*decision-on-objections.pdf") == [
            *JFK8_HISTORY,
            "September 1, 2022 The Hearing Officer issued a report recommending that the objections be overruled.",
            "September 16, 2022 The record implies that the Employer, Amazon.com Services LLC, filed exceptions to the Hearing Officer's report "
            "(the exceptions themselves are not in the public record, nor is the date)."]

    def test_the_offer_filed_on_the_extended_day_promises_nothing_to_follow(self, jfk8: Replayed) -> None:
        """Amazon's offer of proof is itself the filing the April 8 extension allowed for, dated April 22, the
        extended last day: it says nothing is "to follow ... by that date" (issue 16)."""
        text = body_of(jfk8.pdf("2022-04-22_offer-of-proof_*.pdf"))
        assert "April 22, 2022" in text
        assert "EVIDENCE TO FOLLOW" not in text.upper() and "will be submitted by that date" not in text

    def test_no_served_document_says_what_only_the_region_may_read(self, jfk8: Replayed) -> None:
        for pattern in ("*hearing-officer-report.pdf", "*decision-on-objections.pdf"):
            text = body_of(jfk8.pdf(pattern))
            for said in ("witness", "with an offer of proof", "confidential", "within 3 days of it", "foreseeable",
                         "No exceptions were filed", "rules.md", "UNCERTAIN"):
                assert said not in text, (pattern, said)
        assert "Amazon.com Services LLC filed exceptions to the report [inferred: " in body_of(jfk8.pdf("*decision-on-objections.pdf"))


class TestBessemer:
    def test_the_objections_came_with_their_offer(self, bessemer: Replayed) -> None:
        """Bessemer's offer of proof was filed with the objections (April 16, 2021): said so, and nothing of it."""
        assert history(bessemer, "*hearing-officer-report.pdf") == [
            "April 9, 2021 The Tally of Ballots issued: 738 for Retail, Wholesale and Department Store Union, 1,798 "
            "against; 76 void and 505 challenged ballots (not sufficient in number to affect the results).",
            "April 16, 2021 The Petitioner, Retail, Wholesale and Department Store Union, filed 23 objections with an "
            "offer of proof.",
            "April 26, 2021 The Regional Director issued a Notice of Hearing on the objections (which of them, and how "
            "many, the record does not show); the hearing was set to "
            "open on May 7, 2021. The notice's date is not in the public record.",
            "May 7, 2021 The hearing was scheduled to open on May 7, 2021; the record does not show the actual opening "
            "date."]  # the noticed date, kept as the opening with open-hearing's caveat

    def test_the_decision_finds_the_employer_at_fault_without_claiming_findings_above(self, bessemer: Replayed) -> None:
        text = body_of(bessemer.pdf("*decision-and-direction-of-second-election.pdf"))
        assert ("Because the conduct of the Employer, Amazon.com Services LLC, interfered with the employees' exercise "
                "of a free and reasoned choice, the election held from February 8 to March 29, 2021 is set aside") in text
        assert "found above" not in text and "irregularities" not in text
