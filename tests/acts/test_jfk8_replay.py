"""examples/amazon-jfk8-29-RC-288020.yaml replays through the front door (no Prefect) to its real outcome:
the Amazon Labor Union certified on 2023-01-11 by the Regional Director for Region 28 (Phoenix), the case
having been transferred there from Region 29 (Brooklyn); the documents issued after the transfer name
Region 28, those before it Region 29, and none invents the void count the reports do not give."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from pypdf import PdfReader

from casefile import app
from casefile.documents.kinds.objections import Objections
from casefile.scenario import replay
from tests.acts.real_histories import JFK8, JFK8_NUMBER, jfk8_through

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "amazon-jfk8-29-RC-288020.yaml"


def _text(path: str) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(path).pages))


def test_replays_to_the_union_certified_by_region_28(configured_db: Path) -> None:
    from tests.acts.procedure import prepare_schema

    prepare_schema()
    report = replay(EXAMPLE, through_prefect=False)
    case = app.case(JFK8_NUMBER)
    (election,) = case.elections
    assert (case.office, case.region, election.stage) == ("28-phoenix", "29", "certified")
    assert election.certification is not None and election.certification["union"] == "Amazon Labor Union"
    due = {d.kind: (d.due_on, d.office, d.status) for d in election.deadlines}
    assert due["offer-of-proof"] == (date(2022, 4, 22), "29-brooklyn", "met")  # extended by order, filed, before the transfer
    assert due["hearing-opens"] == (date(2022, 4, 22), "29-brooklyn", "met-late")  # opened 2022-06-13
    assert due["exceptions"] == (date(2022, 9, 16), "28-phoenix", "met")
    assert due["request-for-review"] == (date(2023, 1, 26), "board", "open")
    names = {Path(p).name: p for p in report.documents}
    assert sorted(names) == ["2022-04-01_tally-of-ballots.pdf", "2022-04-08_extension-request_amazon.pdf",
                             "2022-04-08_objections_amazon.pdf", "2022-04-08_order-extending-time.pdf",
                             "2022-04-22_offer-of-proof_amazon.pdf", "2022-04-29_notice-of-hearing.pdf",
                             "2022-04-29_order-transferring-case.pdf",
                             "2022-09-01_hearing-officer-report.pdf", "2022-09-16_exceptions_amazon.pdf",
                             "2023-01-11_certification-of-representative.pdf", "2023-01-11_decision-on-objections.pdf"]
    objections = _text(names["2022-04-08_objections_amazon.pdf"])  # issued before the request and the order: no claim
    assert ("testimony, is to be filed separately with the Regional Director only and is not served on the other"
            " parties.") in objections and "is submitted" not in objections
    offer = _text(names["2022-04-22_offer-of-proof_amazon.pdf"])
    # filed between the April 8 order whose Region is uncertain and the transfer, whose date is not public: no Region named
    assert "the Regional Director of the Region that has the case" in offer and "Region 29" not in offer
    for later in ("2022-04-29_notice-of-hearing.pdf", "2022-09-01_hearing-officer-report.pdf",
                  "2023-01-11_certification-of-representative.pdf"):
        text = _text(names[later])
        assert "Region 28" in text, later
    # the hearing held by videoconference: no "in" before "by", the comma against the placeholder's bracket
    held = ("The hearing opened on June 13, 2022 and closed on [NOT IN THE PUBLIC RECORD: date the hearing closed],"
            " by videoconference (Zoom).")
    for report_or_decision in ("2022-09-01_hearing-officer-report.pdf", "2023-01-11_decision-on-objections.pdf"):
        assert held in _text(names[report_or_decision]), report_or_decision
    extension = _text(names["2022-04-08_order-extending-time.pdf"])  # which Region ordered it is not public
    assert "Regional Director, Region 29" not in extension and "Friday, April 22, 2022" in extension
    assert "REGION [NOT IN THE PUBLIC RECORD: the issuing Regi" in extension
    transfer = _text(names["2022-04-29_order-transferring-case.pdf"])
    assert "from Region 29 (Brooklyn, NY) to Region 28 (Phoenix, AZ)" in transfer
    decision = _text(names["2023-01-11_decision-on-objections.pdf"])  # the overruling issues its document (issue 10)
    assert "DECISION ON OBJECTIONS" in decision and "/s/ Cornele A. Overstreet" in decision
    assert "The objections are overruled in their entirety" in decision
    # issued before the certification: the request-for-review period runs from the final disposition (the certification,
    # 29 CFR 102.67(c)), not from the decision — no date counted from the decision
    assert ("a request for review of this Decision under Sections 102.67 and 102.69(c)(2) of the Board's Rules and "
            "Regulations at any time after it issues and until 10 business days after the final disposition of the "
            "proceeding, the certification that follows this Decision (29 CFR 102.67(c)).") in decision
    assert "within 10 business days after it issues" not in decision and "January 26, 2023" not in decision
    certification = _text(names["2023-01-11_certification-of-representative.pdf"])
    # the certification carries the Regional Director the decision named, not a placeholder
    assert "/s/ Cornele A. Overstreet" in certification and "Regional Director, Region 28" in certification
    assert "Regional Director's name" not in certification
    assert "Amazon Labor Union" in certification and "2,654" in certification
    assert "Void ballots [NOT IN THE PUBLIC RECORD]" in certification


def test_the_objections_follow_the_record_of_the_offer_of_proof(configured_db: Path) -> None:
    """Built (not rendered) as the record grows: Amazon's request to extend the offer's time, the order
    extending it to April 22, 2022, then the offer filed separately that day (102.69(a)(8))."""
    from sqlmodel import select

    from casefile.record.db import read_session
    from casefile.record.models import Filing
    from tests.documents.checked import build_for

    def said() -> tuple[str, date | None, date | None]:
        with read_session() as s:
            (objections,) = s.exec(select(Filing.id).where(Filing.kind == "objections")).all()
            ctx = build_for(s, JFK8_NUMBER, Objections, f"filing:{objections}").context
            return ctx.offer_of_proof, ctx.offer_filed_on, ctx.offer_due_on  # type: ignore[attr-defined]

    case = jfk8_through("objections")
    assert said() == ("to-follow", None, None)
    for name, expected in (("request-extension", ("requested", None, date(2022, 4, 22))),
                           ("pin", ("extended", None, date(2022, 4, 22))),
                           ("offer", ("separately", date(2022, 4, 22), None))):
        case.perform(case.events[JFK8[name]])
        assert said() == expected, name
