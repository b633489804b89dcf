"""A labor lawyer's second read-through of the real histories' documents (Bessemer 10-RC-269250, JFK8
29-RC-288020): each finding, asserted on the text of the PDFs a replay of examples/ issues. A document says
only what the record says: no signer inferred, no stage told as an act, no outcome that can no longer be
reached, no order term the order was not recorded with, an election by its whole period."""

from __future__ import annotations

import pytest

from tests.documents.reading import body_of, text_of, words
from tests.documents.record_replay import Replayed


def test_the_bessemer_notice_of_hearing_names_no_signer_the_sources_lack(bessemer: Replayed) -> None:
    """It printed "Dated: April 26, 2021 /s/ Lisa Henderson": who signed the notice is not reported (her name was
    inferred from the decision she signed seven months later). The signature block is the Regional Director's office,
    its name said to be outside the public record; nothing is signed /s/."""
    body = words(body_of(bessemer.pdf("*notice-of-hearing.pdf")))
    assert ("Dated: [NOT IN THE PUBLIC RECORD: the notice's date] [NOT IN THE PUBLIC RECORD: Regional Director's name] "
            "Regional Director, Region 10 "
            "National Labor Relations Board") in body
    assert "Henderson" not in body and "/s/" not in body


def test_the_status_reports_docket_tells_no_stage_as_an_act(jfk8: Replayed) -> None:
    """The JFK8 docket listed "— Certification due: Objections overruled: certification due" between the Regional
    Director's decision and the certification of the same day: a stage the decision led to, no one's act. The
    docket goes from the decision to the certification."""
    text = words(text_of(jfk8.pdf("*case-status-report*.pdf")))
    assert "Certification due" not in text and "certification due" not in text
    assert ("January 11, 2023 Regional Director Regional Director's decision The Regional Director issued a decision: "
            "the objections were overruled. January 11, 2023 Regional Director Certification The Regional Director "
            "issued a Certification of Representative of Amazon Labor Union.") in text


class TestTheOutcomesStillReachable:
    def test_the_set_aside_first_election_reaches_none_of_its_outcomes(self, bessemer: Replayed) -> None:
        """The first election was set aside and a second held: none of its count's outcomes is reachable; the
        report says what decides instead."""
        text = words(text_of(bessemer.pdf("*case-status-report*.pdf")))
        assert ("Outcomes still reachable None: the election was set aside and a second election directed, whose count "
                "decides the outcome") in text

    def test_the_rerun_the_judge_set_aside_reaches_none_while_the_decision_stands(self, bessemer: Replayed) -> None:
        """The report listed "A majority for Retail, Wholesale and Department Store Union: a Certification of
        Representative; No majority …" and what the challenged ballots would take for the 2022 rerun, which the
        judge's decision of November 5, 2024 set aside: none is reachable while that decision stands (it is
        recommended: the Board may decide otherwise on exceptions)."""
        text = words(text_of(bessemer.pdf("*case-status-report*.pdf")))
        rerun = text.partition("Second election (rerun)")[2].partition("OPEN DEADLINES")[0]
        assert ("Outcomes still reachable None while the Administrative Law Judge's decision recommending that the "
                "election be set aside stands: it recommends a third election, whose count would decide the outcome, unless "
                "the Board decides otherwise on exceptions (29 CFR 102.46, 102.48(a))") in rerun
        assert ("Outcome of the count Not yet decided: challenged ballots or objections unresolved; the Administrative Law "
                "Judge recommended that the election be set aside, subject to exceptions to the Board") in rerun
        assert "a Certification of Representative" not in rerun and "What the challenged ballots would take" not in rerun


def test_the_determinative_reason_is_a_whole_sentence(bessemer: Replayed) -> None:
    """It read "993 + 416 = 1,409 against 875: the union could fail to", cut off."""
    text = words(text_of(bessemer.pdf("*case-status-report*.pdf")))
    assert ("Challenges determinative? Yes — If all 416 challenged ballots were counted for Retail, Wholesale and "
            "Department Store Union, its 1,291 votes would exceed the 993 against; if they were all counted as votes "
            "against, the 1,409 votes against would exceed its 875: the challenged ballots decide whether it wins") in text
    assert "could fail to" not in text


def test_the_judges_remedy_names_the_rerun_by_its_whole_period(bessemer: Replayed) -> None:
    """It said "the second election held from February 4, 2022": the mail-ballot election ran to March 25, 2022."""
    body = words(body_of(bessemer.pdf("*alj-decision.pdf")))
    assert ("It is recommended that the second election held from February 4 to March 25, 2022 be set aside and a third "
            "election be directed, at a time the Regional Director sets.") in body


class TestTheElectionAgreement:
    def test_the_consolidation_order_names_the_agreement_the_record_holds(self, bessemer: Replayed) -> None:
        """The record holds Bessemer's election as directed (inferred, and said so): the order hedged "If the election
        was held under a stipulated election agreement or a direction of election, … if it was held under a consent
        election agreement, …"; it names the recorded one, and review follows it as the acts took it."""
        body = words(body_of(bessemer.pdf("*order-consolidating-cases.pdf")))
        assert ("The election was held pursuant to a Decision and Direction of Election (inferred: the public record does "
                "not name the election agreement): after the hearing the Administrative Law Judge will issue a decision; "
                "exceptions to it, on the objections and challenged ballots too, may be filed with the Board under "
                "Section 102.46") in body
        assert "If the election was held under" not in body and "consent election agreement" not in body

    def test_the_judges_decision_speaks_of_the_direction_the_record_holds(self, bessemer: Replayed) -> None:
        body = words(body_of(bessemer.pdf("*alj-decision.pdf")))
        assert ("The election was held pursuant to a Decision and Direction of Election (inferred: the public record does "
                "not name the election agreement): any request for review of the Regional Director's pre-election decision "
                "is due with those exceptions (29 CFR 102.69(c)(2)).") in body  # the direction is inferred: said so (third read)
        assert "If the election was" not in body

    @pytest.mark.parametrize("pattern", ["*certification-of-representative.pdf", "*decision-on-objections.pdf"])
    def test_an_agreement_the_record_lacks_is_said_to_be_lacking(self, pattern: str, jfk8: Replayed) -> None:
        """JFK8's agreement is not in the sources: the review paragraph says so before what review depends on."""
        body = words(body_of(jfk8.pdf(pattern)))
        assert ("The record does not show the election agreement under which the election was held. If it was a "
                "stipulated election agreement or a direction of election, any party may file with the Board") in body
        assert "If it was a consent election agreement, this" in body
