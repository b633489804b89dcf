"""D2 Objections to conduct affecting the results of the election, with the certificate of service
(R-G2–R-G4, R-G7, R-B12; 29 CFR 102.69(a)), from the objections' Filing row: what the record says of the
offer of proof supporting them, and the party's earlier objections they supplement."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal, Self

from pydantic import Field, model_validator
from sqlmodel import col, select

from casefile.documents import wording
from casefile.documents.base import Built, RecordDocument
from casefile.documents.kinds.offer_of_proof import offer_extended_to
from casefile.documents.parts import (
    DocumentContext,
    ElectionDates,
    FiledWith,
    Issuance,
    ObjectionItem,
    PartyRef,
    ServiceEntry,
    Signature,
    placeholder,
)
from casefile.documents.record_view import CaseRecord, election_dates, notes
from casefile.errors import ProcedureError
from casefile.record.models import DocketEntry, Election, Filing, Party
from casefile.record.refs import ref_to
from casefile.vocab import Actor, DeadlineKind, DocketActName, DocumentKind, FilingKind, FilingMethod


class ObjectionsContext(DocumentContext):
    """D2 Objections with certificate of service (R-G2–R-G4, R-G7, R-B12)."""

    filing_party: PartyRef
    tally_prepared_on: date
    election: ElectionDates
    election_sequence: Annotated[int, Field(ge=1)] = 1  # the election objected to, in the case's chain (2: the first rerun)
    objections: tuple[ObjectionItem, ...] = Field(min_length=1)
    filing_method: FilingMethod
    paper_filing_reason: str | None = None  # R-B11: why e-filing was not used
    signature: Signature
    service: tuple[ServiceEntry, ...] = Field(min_length=1)
    filed: FiledWith | None = None
    # What the record says of the offer of proof (102.69(a)(8)): "with" these objections; filed
    # "separately" on offer_filed_on; not filed yet, its time "extended" by order to offer_due_on, or an
    # extension "requested" (to offer_due_on, None when the request names no date); else "to-follow"
    # (the record says nothing of it yet).
    offer_of_proof: Literal["with", "separately", "extended", "requested", "to-follow"] = "with"
    offer_filed_on: date | None = None
    offer_due_on: date | None = None
    # Supplemental objections: the dates the party's earlier objections in this election were filed (oldest first)
    supplements: tuple[date, ...] = ()

    @property
    def prayer(self) -> str:
        """The relief asked. A record copy asks for none the record does not state (the public record does
        not give an objecting party's prayer): the objections sustained and the relief appropriate; a live
        case's objections ask for the hearing, the election set aside and the next one directed (102.69(c))."""
        if self.caption.record_copy:
            return (f"WHEREFORE, the {self.filing_party.label} requests that the objections be sustained and such relief "
                    "be granted as is appropriate.")
        return (f"WHEREFORE, the {self.filing_party.label} requests that the Regional Director set these objections for "
                f"hearing, sustain them, set the election aside, and direct {wording.next_election(self.election_sequence)}.")

    @model_validator(mode="after")
    def _service_and_method(self) -> Self:
        if (self.offer_of_proof == "separately") != (self.offer_filed_on is not None):
            raise ProcedureError("objections: offer_filed_on is the date of an offer of proof filed separately, and only that")
        if self.offer_of_proof == "extended" and self.offer_due_on is None:
            raise ProcedureError("objections: an offer of proof whose time was extended needs the date it was extended to")
        if self.filing_method is FilingMethod.PAPER and not self.paper_filing_reason:
            raise ProcedureError("objections filed on paper need a statement why e-filing was not used (29 CFR 102.5(c))")
        if any(entry.party.name == self.filing_party.name for entry in self.service):
            raise ProcedureError(f"the certificate of service lists the objecting party {self.filing_party.name!r} itself")
        return self


class Objections(RecordDocument):
    """A party's objections (its objections' Filing row)."""

    kind = DocumentKind.OBJECTIONS
    context = ObjectionsContext
    record = Filing
    record_name = "filing"
    party_filing = True

    @classmethod
    def title_from(cls, context: ObjectionsContext) -> str:
        supplemental = "Supplemental " if context.supplements else ""
        return f"{context.filing_party.label}'s {supplemental}Objections to Conduct Affecting the Results of the Election"

    @classmethod
    def build(cls, rec: CaseRecord, filing: Filing) -> Built:
        election, party = rec.election(filing.election_id), rec.filer(filing)
        tally = rec.latest_tally(election)
        ctx = ObjectionsContext(
            caption=rec.caption(), issuance=Issuance(issued_on=rec.dated(filing), issuer_title=f"Counsel for the {rec.party_ref(party).label}"),
            filing_party=rec.party_ref(party), tally_prepared_on=tally.prepared_on, election=election_dates(election),
            election_sequence=election.sequence,
            objections=rec.objection_items(rec.objections_of(election, filing_id=filing.id)), filing_method=filing.method,
            paper_filing_reason=placeholder("statement why e-filing was not used") if filing.method == FilingMethod.PAPER else None,
            signature=rec.party_signature(party), service=rec.filing_service(filing), filed=rec.filed_with(filing),
            supplements=tuple(rec.session.exec(select(Filing.received_on).where(  # type: ignore[call-overload, arg-type]
                Filing.election_id == election.id, Filing.party_id == party.id, Filing.kind == FilingKind.OBJECTIONS,
                col(Filing.id) < filing.id).order_by(col(Filing.received_on), col(Filing.id))).all()),
            **_offer_of_proof_status(rec, filing, election, party),
            record_notes=rec.not_in_record(filing) + notes(filing.uncertain),
        )
        return Built(ctx, filing.received_on, party.name, Actor.PARTY, election.id, party_key=party.key)


def _offer_of_proof_status(rec: CaseRecord, filing: Filing, election: Election, party: Party) -> dict[str, Any]:
    """What the record says of the offer of proof supporting the objections ``filing`` (102.69(a)(8)):
    filed with them (the file-objections act), filed separately (its own file-offer-of-proof act, on its
    date), not yet filed but its time extended by the Regional Director's order (the stored offer-of-proof
    deadline later than the objections', R-G5), an extension requested by the party, or to follow."""
    offer = rec.session.exec(select(Filing).where(Filing.accompanies_id == filing.id, Filing.kind == FilingKind.OFFER_OF_PROOF)).first()
    if offer is not None:
        separate = rec.session.exec(select(DocketEntry.id).where(DocketEntry.case_id == rec.case.id,
                                                                 DocketEntry.act == DocketActName.FILE_OFFER_OF_PROOF,
                                                                 DocketEntry.ref == ref_to(offer))).first()
        return {"offer_of_proof": "separately", "offer_filed_on": offer.received_on} if separate is not None else {}
    if (extended_to := offer_extended_to(rec, election)) is not None:
        return {"offer_of_proof": "extended", "offer_due_on": extended_to}
    requests = rec.session.exec(select(Filing).where(Filing.election_id == election.id, Filing.party_id == party.id,
                                                     Filing.kind == FilingKind.EXTENSION_REQUEST)
                                .order_by(col(Filing.received_on).desc())).all()
    for request in requests:
        asked = next((b for b in request.body if isinstance(b, dict) and b.get("kind") == DeadlineKind.OFFER_OF_PROOF.value), None)
        if asked is not None:
            until = asked.get("until")
            return {"offer_of_proof": "requested", "offer_due_on": date.fromisoformat(until) if until else None}
    return {"offer_of_proof": "to-follow"}
