"""file-offer-of-proof and request-extension on Amazon JFK8 (29-RC-288020): objections filed Friday
2022-04-08 (due that day, 11:59 p.m. at Brooklyn), the evidence filed 2022-04-22 after an extension
(examples/amazon-jfk8-29-RC-288020.yaml). The instants of receipt are the tests' own."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from pypdf import PdfReader
from sqlmodel import select

from casefile.acts.file_objections import WitnessIn
from casefile.errors import BadInput, ProcedureError, UntimelyFiling
from casefile.record.db import read_session
from casefile.record.models import Deadline, Document, Filing
from casefile.vocab import DeadlineKind, DeadlineStatus, DocumentKind
from tests.acts.real_histories import JFK8, jfk8, jfk8_through, service_of


def _filings(kind: str) -> list[Filing]:
    with read_session() as s:
        return list(s.exec(select(Filing).where(Filing.kind == kind).order_by(Filing.id)))


def _offer_deadline() -> Deadline:
    with read_session() as s:
        return s.exec(select(Deadline).where(Deadline.kind == DeadlineKind.OFFER_OF_PROOF)).one()


class TestOfferOfProof:
    def test_filed_after_the_extension_and_linked_to_the_objections(self, configured_db: Path) -> None:
        """The evidence of 2022-04-22 is timely against the stored deadline the order fixed (04-22), accompanies Amazon's
        objections of 04-08, is confidential and served on no one."""
        jfk8_through("offer")
        (objections,) = _filings("objections")
        (offer,) = _filings("offer-of-proof")
        assert (offer.accompanies_id, offer.received_on, offer.confidential) == (objections.id, date(2022, 4, 22), True)
        served, filed_with = service_of(offer.id)  # type: ignore[arg-type]
        assert (served, filed_with) == ([], ["Regional Director, Region 29"])
        assert "due Fri 2022-04-22" in offer.timeliness_note and "date set by order" in offer.timeliness_note
        assert offer.body == []  # the example's offer: witnesses_public false (confidential to the Region)

    def test_witnesses_are_given_exactly_when_the_record_has_them(self, configured_db: Path) -> None:
        """No witness with witnesses_public true, or a witness with it false: refused, nothing stored."""
        case = jfk8_through("pin")
        offer = case.events[JFK8["offer"]]
        error = case.refused(offer.model_copy(update={"witnesses_public": True}), BadInput)
        assert error.field == "witnesses" and "at least one witness" in str(error)  # type: ignore[attr-defined]
        given = offer.model_copy(update={"witnesses": [WitnessIn(objection=1, witness="A. Witness", summary="Saw it.")]})
        assert "none is given" in str(case.refused(given, BadInput))

    def test_without_the_extension_it_is_late(self, configured_db: Path) -> None:
        """No order: the stored offer-of-proof deadline is still Fri 2022-04-08, so evidence of 04-22 is refused, nothing stored."""
        case = jfk8_through("request-extension")
        error = case.refused(case.events[JFK8["offer"]], UntimelyFiling)
        assert "received Fri 2022-04-22" in str(error) and "due Fri 2022-04-08" in str(error)

    def test_issues_the_offer_of_proof_dated_its_own_receipt(self, configured_db: Path) -> None:
        """One PDF: the Offer of Proof, confidential, dated April 22, 2022, about the objections of April 8."""
        case = jfk8_through("pin")
        result = case.perform(case.events[JFK8["offer"]], documents="issue")
        (doc,) = result.documents
        assert (doc.kind, doc.confidential) == (DocumentKind.OFFER_OF_PROOF.value, True)
        text = " ".join(p.extract_text() for p in PdfReader(doc.path).pages)
        assert "April 22, 2022" in text and "April 8, 2022" in text

    def test_objections_without_an_offer_issue_no_offer_and_leave_its_period_open(self, configured_db: Path) -> None:
        """Amazon's objections of 04-08 carry no offer: only the Objections are issued, and the offer-of-proof period stays
        open (for Amazon) until its cut-off."""
        case = jfk8()
        case.open()
        case.perform(case.events[JFK8["tally"]])
        result = case.perform(case.events[JFK8["objections"]], documents="issue")
        assert [d.kind for d in result.documents] == [DocumentKind.OBJECTIONS.value]
        assert _offer_deadline().status is DeadlineStatus.OPEN
        with read_session() as s:
            assert s.exec(select(Document).where(Document.kind == DocumentKind.OFFER_OF_PROOF)).first() is None

    def test_a_retry_stores_nothing(self, configured_db: Path) -> None:
        case = jfk8_through("offer")
        assert case.retried(case.events[JFK8["offer"]]).repeated


class TestOfferRefused:
    def test_from_a_party_without_objections(self, configured_db: Path) -> None:
        case = jfk8_through("pin")
        act = case.events[JFK8["offer"]].model_copy(update={"party": "alu"})
        assert "filed no objections" in str(case.refused(act, ProcedureError))

    def test_on_an_objection_the_party_did_not_file(self, configured_db: Path) -> None:
        case = jfk8_through("pin")
        act = case.act({"act": "file-offer-of-proof", "date": "2022-04-22", "party": "amazon",
                        "witnesses": [{"objection": 26, "witness": "A witness", "summary": "What they saw"}]})
        error = case.refused(act, ProcedureError)
        assert (error.field, "objection 26" in str(error)) == ("witnesses.0.objection", True)

    def test_a_second_offer_for_the_same_objections(self, configured_db: Path) -> None:
        case = jfk8_through("offer")
        act = case.act({"act": "file-offer-of-proof", "date": "2022-04-22", "party": "amazon",
                        "witnesses": [{"objection": 2, "witness": "Another witness", "summary": "More"}]})
        case.refused(act, ProcedureError)


class TestRequestExtension:
    def test_received_by_the_due_date_with_the_late_request_warning(self, configured_db: Path) -> None:
        """Amazon's request of Fri 2022-04-08 (the due date) is timely, served on the union, and warned: within 3 days of the
        due date it must rest on unforeseeable circumstances (102.2(c)). No date moves."""
        case = jfk8_through("objections")
        result = case.perform(case.events[JFK8["request-extension"]])
        assert result.warnings and "102.2(c)" in result.warnings[0]
        (request,) = _filings("extension-request")
        assert (request.received_on, service_of(request.id)[0]) == (date(2022, 4, 8), ["Amazon Labor Union"])  # type: ignore[arg-type]
        assert _offer_deadline().due_on == date(2022, 4, 8)

    def test_postmark_does_not_count(self, configured_db: Path) -> None:
        """A paper request postmarked Thu 04-07 but received Mon 04-11 is late: a request for an extension must be received."""
        case = jfk8_through("objections")
        act = case.events[JFK8["request-extension"]].model_copy(update={
            "on": date(2022, 4, 11), "method": "paper", "postmarked_on": date(2022, 4, 7)})
        error = case.refused(act, UntimelyFiling)
        assert "received Mon 2022-04-11" in str(error) and "due Fri 2022-04-08" in str(error)

    def test_received_one_second_late_by_e_filing(self, configured_db: Path) -> None:
        case = jfk8_through("objections")
        late = datetime.fromisoformat("2022-04-09T00:00:00-04:00")
        act = case.events[JFK8["request-extension"]].model_copy(update={"on": None, "at": late})
        case.refused(act, UntimelyFiling, as_of=late)

    def test_the_objections_period_cannot_be_extended(self, configured_db: Path) -> None:
        case = jfk8_through("objections")
        act = case.events[JFK8["request-extension"]].model_copy(update={"kind": DeadlineKind.OBJECTIONS})
        assert "cannot be extended" in str(case.refused(act, ProcedureError))

    def test_a_date_that_extends_nothing(self, configured_db: Path) -> None:
        case = jfk8_through("objections")
        act = case.events[JFK8["request-extension"]].model_copy(update={"until": date(2022, 4, 8)})
        assert case.refused(act, BadInput).field == "until"

    def test_a_retry_stores_nothing(self, configured_db: Path) -> None:
        case = jfk8_through("request-extension")
        assert case.retried(case.events[JFK8["request-extension"]]).repeated
