"""A labor lawyer's fourth read-through of the real histories' documents (Bessemer 10-RC-269250, JFK8 29-RC-288020)
against the record, asserted on the text of the PDFs a replay of examples/ issues: documents cite bare 29 CFR sections
and add no commentary; they refer back only to what they set out."""

from __future__ import annotations

import pytest

from tests.documents.reading import BESSEMER, JFK8, body_of, text_of, words
from tests.documents.record_replay import Replayed


@pytest.mark.parametrize("name", [JFK8, BESSEMER], ids=["jfk8", "bessemer"])
def test_the_report_cites_the_answering_brief_rule_without_commentary(name: str,
                                                                      replayed_examples: dict[str, Replayed]) -> None:
    """It said "The answering-brief period runs from the due date of the exceptions, not from the day they are actually
    filed (29 CFR 102.2(a))": commentary, citing the wrong rule (it is 102.69(c)(1)(iii))."""
    body = words(body_of(replayed_examples[name].pdf("*hearing-officer-report.pdf")))
    assert "any party may file an answering brief with the Regional Director" in body
    assert "runs from the due date of the exceptions" not in body
    assert "102.2(a)" not in body


@pytest.mark.parametrize("name", [JFK8, BESSEMER], ids=["jfk8", "bessemer"])
def test_no_document_carries_a_label_inside_a_citation(name: str, replayed_examples: dict[str, Replayed]) -> None:
    """Citations like "102.2(a) (from the last day exceptions could be filed)" and "102.69(h) (after the final
    disposition)": documents cite bare sections."""
    replayed = replayed_examples[name]
    pdfs = sorted(replayed.out.rglob("*.pdf"))
    assert len(pdfs) > 10
    for pdf in pdfs:
        text = words(text_of(pdf))
        assert "(from the last day exceptions could be filed)" not in text, pdf
        assert "(after the final disposition)" not in text, pdf


@pytest.mark.parametrize("name", [JFK8, BESSEMER], ids=["jfk8", "bessemer"])
def test_the_notice_refers_to_the_objections_set_for_hearing(name: str, replayed_examples: dict[str, Replayed]) -> None:
    """It said "a hearing on the objections set out above", while the section above says which were set is not in the
    record (objections_set_public false)."""
    body = words(body_of(replayed_examples[name].pdf("*notice-of-hearing.pdf")))
    assert "PLEASE TAKE NOTICE that a hearing on the objections set for hearing" in body
    assert "set out above" not in body.split("PLEASE TAKE NOTICE", 1)[1].split("Hearing Officer", 1)[0]


def test_the_order_says_the_extended_date_is_inferred(jfk8: Replayed) -> None:
    """It said "IT IS ORDERED that the time ... is extended to Friday, April 22, 2022." as fact."""
    body = words(body_of(jfk8.pdf("*order-extending-time.pdf")))
    assert ("is extended to Friday, April 22, 2022 [inferred: the record shows that the Employer filed its evidence on "
            "April 22, 2022, after the April 8, 2022 due date, which only an order extending its time allows") in body


def test_the_request_says_the_date_asked_is_inferred(jfk8: Replayed) -> None:
    """It said "requests that the Regional Director extend to April 22, 2022" as fact."""
    body = words(body_of(jfk8.pdf("*extension-request_amazon.pdf")))
    assert ("requests that the Regional Director extend to April 22, 2022 [inferred: the record shows that the Employer "
            "filed its evidence on April 22, 2022, after the April 8, 2022 due date, which only an extension allows") in body


def test_the_offer_names_no_region_the_record_lacks(jfk8: Replayed) -> None:
    """It said "REGION 29" and "To: Regional Director, Region 29" on April 22, 2022, though the case was transferred to
    Region 28 on a date the record lacks, after the April 8 order whose issuing Region the record leaves uncertain."""
    text = words(text_of(jfk8.pdf("2022-04-22_offer-of-proof_amazon.pdf")))
    assert "REGION [NOT IN THE PUBLIC RECORD: the Region that has the case]" in text
    assert "To: the Regional Director of the Region that has the case" in text
    assert "Region 29" not in text and "REGION 29" not in text
