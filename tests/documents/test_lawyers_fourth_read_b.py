"""A labor lawyer's fourth read-through (b) of the real histories' documents (Bessemer 10-RC-269250, JFK8
29-RC-288020) against the record: each finding, asserted on the text of the PDFs a replay of examples/ issues. A
hearing whose set objections are not public is not told as having heard each objection filed."""

from __future__ import annotations

import pytest

from tests.documents.reading import BESSEMER, JFK8, body_of, text_of, words
from tests.documents.record_replay import Replayed

NOT_SET = ("Which objections were set for hearing is not in the public record. The rows below give the recorded "
           "overall result for each objection filed; they do not state that each objection was heard.")


class TestObjectionsSetForHearingNotPublic:
    @pytest.mark.parametrize(("name", "pattern", "heading"), [
        (JFK8, "*hearing-officer-report*.pdf", "RECOMMENDATIONS ON THE OBJECTIONS"),
        (JFK8, "*decision-on-objections*.pdf", "FINDINGS AND RULINGS ON THE OBJECTIONS"),
        (BESSEMER, "*2021-08-02*hearing-officer-report*.pdf", "RECOMMENDATIONS ON THE OBJECTIONS"),
        (BESSEMER, "*2021-11-29*decision*.pdf", "FINDINGS AND RULINGS ON THE OBJECTIONS"),
    ], ids=["jfk8-report", "jfk8-decision", "bessemer-report", "bessemer-decision"])
    def test_the_table_says_which_were_heard_is_not_public(self, name: str, pattern: str, heading: str,
                                                          replayed_examples: dict[str, Replayed]) -> None:
        """Every objection filed was shown as heard and ruled on, though the hearing's ``objections_set_public`` is
        false: before the table the document says which were set is not public and what the rows give."""
        body = words(body_of(replayed_examples[name].pdf(pattern)))
        assert body.count(NOT_SET) == 1
        at = body.index(NOT_SET)
        assert body.upper().index(heading) < at < body.index("Objection", at + len(NOT_SET))


class TestTheChallengedBallotsNeverResolved:
    def test_the_report_does_not_say_the_others_were_resolved(self, replayed_examples: dict[str, Replayed]) -> None:
        """It said "how the other 105 were resolved is not in the public record": the record says how 416 challenged
        ballots became 311 is not reported, and that the challenged ballots were never resolved."""
        text = words(text_of(replayed_examples[BESSEMER].pdf("*case-status-report*.pdf")))
        assert ("311 of the 416 were still unresolved when the hearing opened on April 25, 2024; how 416 became 311 is "
                "not in the public record") in text
        assert "were resolved" not in text and "the other 105" not in text


class TestWhatTheSetAsideLeft:
    def test_a_superseded_count_names_no_certification(self, replayed_examples: dict[str, Replayed]) -> None:
        """It said "Outcome of the count (superseded) No majority for any labor organization: a Certification of
        Results": none issued; the count showed no majority for the petitioner."""
        text = words(text_of(replayed_examples[BESSEMER].pdf("*case-status-report*.pdf")))
        assert ("Outcome of the count (superseded) No majority for any labor organization; the election was set aside, "
                "so this count decides nothing") in text
        assert "Certification of Results" not in text

    def test_the_judge_only_recommended(self, replayed_examples: dict[str, Replayed]) -> None:
        """It said "Set aside by the Administrative Law Judge" and, in the docket, "the election was set aside": an
        Administrative Law Judge's decision recommends until the Board acts or no exceptions are filed
        (29 CFR 102.45(a), 102.48(a))."""
        text = words(text_of(replayed_examples[BESSEMER].pdf("*case-status-report*.pdf")))
        assert ("Result The Administrative Law Judge recommended on November 5, 2024 that the election be set aside and "
                "a third election directed (subject to exceptions to the Board") in text
        assert ("Administrative Law Judge's decision The Administrative Law Judge issued a decision recommending that "
                "the election be set aside and a new election directed.") in text
        assert "Set aside by the Administrative Law Judge" not in text
        assert "decision sets the election aside" not in text
        assert text.count("the election was set aside and a new election directed") == 1  # the Regional Director's, 2021


def test_the_transfer_order_names_no_signer_the_record_lacks(replayed_examples: dict[str, Replayed]) -> None:
    """The docket showed "By: General Counsel" for the order transferring the case, though who signed it is not
    reported (29 CFR 102.72(a) gives the power to the General Counsel): the "By" column says it is not in the record."""
    text = words(text_of(replayed_examples[JFK8].pdf("*case-status-report*.pdf")))
    assert ("April 29, 2022 [NOT IN THE PUBLIC RECORD: who issued the order] Order transferring case The case was "
            "transferred from Region 29 (Brooklyn, NY) to Region 28 (Phoenix, AZ).") in text
    assert "General Counsel" not in text
