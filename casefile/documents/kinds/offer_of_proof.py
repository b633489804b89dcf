"""D3 Offer of Proof: the objecting party's witnesses and the summary of their testimony, to the
Regional Director only, served on no other party (R-G4, R-G7; 29 CFR 102.69(a)(8)). Issued for the
objections it supports (the objections' Filing row), dated its own receipt when filed after them."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Self

from pydantic import Field, model_validator
from sqlmodel import select

from casefile.documents.base import Built, RecordDocument
from casefile.documents.parts import DocumentContext, Facts, Issuance, ObjectionItem, PartyRef, Signature, placeholder
from casefile.documents.record_view import CaseRecord, notes
from casefile.errors import ProcedureError
from casefile.record.lookups import deadline_of
from casefile.record.models import Election, Filing
from casefile.record.orders import AgencyOrder
from casefile.vocab import Actor, DeadlineKind, DocumentKind, FilingKind, OrderKind


class WitnessItem(Facts):
    """One witness in an offer of proof: the objection, the witness, the testimony summary (R-G4, 102.69(a)(8))."""

    objection_number: Annotated[int, Field(ge=1)]
    witness: str
    summary: str


class OfferOfProofContext(DocumentContext):
    """D3 Offer of Proof: to the Regional Director only, served on no other party (R-G4, R-G7).
    ``witnesses_public`` False: the record has the offer but not its witnesses (its body is empty); the
    document then says so once, for the whole offer, and attributes no witness to an objection."""

    filing_party: PartyRef
    objections_filed_on: date
    submitted_to: str  # "Regional Director, Region 10"
    objections: tuple[ObjectionItem, ...] = Field(min_length=1)
    witnesses: tuple[WitnessItem, ...] = ()
    witnesses_public: bool = True
    documents: tuple[str, ...] = ()
    evidence_due_on: date | None = None  # the Regional Director extended the time for the rest of the offer (R-G5)
    signature: Signature

    @property
    def witnesses_missing(self) -> str:
        """The one stand-in for the whole offer's witnesses, when the record does not have them."""
        return placeholder("the witnesses and their expected testimony, for the objections")

    @property
    def objections_with_evidence(self) -> tuple[ObjectionItem, ...]:
        """The objections on which at least one witness is offered, in order."""
        offered = {w.objection_number for w in self.witnesses}
        return tuple(o for o in self.objections if o.number in offered)

    @property
    def objections_without_evidence(self) -> tuple[ObjectionItem, ...]:
        """The objections on which no witness is offered (yet)."""
        offered = {w.objection_number for w in self.witnesses}
        return tuple(o for o in self.objections if o.number not in offered)

    @model_validator(mode="after")
    def _witnesses_name_listed_objections(self) -> Self:
        if self.witnesses_public != bool(self.witnesses):
            raise ProcedureError("offer of proof: witnesses are given exactly when the record has them")
        numbers = {item.number for item in self.objections}
        for witness in self.witnesses:
            if witness.objection_number not in numbers:
                raise ProcedureError(
                    f"offer of proof: witness {witness.witness!r} is offered on Objection {witness.objection_number},"
                    f" which the offer does not list (listed: {sorted(numbers)})"
                )
        return self


class OfferOfProof(RecordDocument):
    """The Offer of Proof supporting a party's objections (the objections' Filing row)."""

    kind = DocumentKind.OFFER_OF_PROOF
    context = OfferOfProofContext
    record = Filing
    record_name = "filing"
    party_filing = True

    @classmethod
    def title_from(cls, context: OfferOfProofContext) -> str:
        return f"{context.filing_party.label}'s Offer of Proof in Support of Objections"

    @classmethod
    def build(cls, rec: CaseRecord, filing: Filing) -> Built:
        election, party = rec.election(filing.election_id), rec.filer(filing)
        offer = rec.session.exec(select(Filing).where(Filing.accompanies_id == filing.id,
                                                      Filing.kind == FilingKind.OFFER_OF_PROOF)).first()
        witnesses = tuple(WitnessItem(objection_number=w["objection"], witness=w["witness"], summary=w["summary"])
                          for w in (offer.body if offer else []))
        objections = rec.objection_items(rec.objections_of(election, filing_id=filing.id))
        filed_on = offer.received_on if offer else filing.received_on  # an offer filed after an extension is dated its own receipt
        extended_to = offer_extended_to(rec, election)
        if extended_to is not None and filed_on >= extended_to:
            extended_to = None  # this is the offer the extension allowed for: nothing is left to follow it
        region_known = not region_uncertain_on(rec, filing.case_id, filed_on)
        caption = rec.caption() if region_known else \
            rec.caption().model_copy(update={"region": f"Region {placeholder('the Region that has the case')}"})
        ctx = OfferOfProofContext(
            caption=caption, issuance=Issuance(issued_on=filed_on, issuer_title=f"Counsel for the {rec.party_ref(party).label}"),
            filing_party=rec.party_ref(party), objections_filed_on=filing.received_on,
            submitted_to=f"Regional Director, Region {rec.region}" if region_known
            else "the Regional Director of the Region that has the case", objections=objections, witnesses=witnesses,
            witnesses_public=bool(witnesses),
            evidence_due_on=extended_to, signature=rec.party_signature(party),
            record_notes=notes(offer.uncertain if offer else filing.uncertain),
        )
        return Built(ctx, filed_on, party.name, Actor.PARTY, election.id, confidential=True, party_key=party.key)


def offer_extended_to(rec: CaseRecord, election: Election) -> date | None:
    """The date the Regional Director extended the offer of proof to, when later than the objections' (R-G5)."""
    offer = deadline_of(rec.session, election, DeadlineKind.OFFER_OF_PROOF)
    objections = deadline_of(rec.session, election, DeadlineKind.OBJECTIONS)
    if offer is None or objections is None or offer.due_on <= objections.due_on:
        return None
    return offer.due_on


def region_uncertain_on(rec: CaseRecord, case_id: int, on: date) -> bool:
    """Whether the record leaves the Region that has the case on ``on`` uncertain: an Order Extending Time issued on or
    before ``on`` whose issuing Region is not public (its ``issuer_region_public`` false: the case was transferred about
    then), and no transfer of the case with a public date on or before ``on`` (Rule 102.72(a))."""
    orders = rec.session.exec(select(AgencyOrder).where(AgencyOrder.case_id == case_id)).all()
    uncertain = [o.issued_on for o in orders if o.kind is OrderKind.EXTENSION and o.issued_on <= on
                 and not o.body.get("issuer_region_public", True)]
    settled = [o.issued_on for o in orders if o.kind is OrderKind.TRANSFER and o.issued_on_public and o.issued_on <= on]
    return bool(uncertain) and not any(day >= max(uncertain) for day in settled)
