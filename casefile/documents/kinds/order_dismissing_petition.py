"""The Regional Director's order dismissing the petition (29 CFR 102.71(a)), with the request-for-review
paragraph (102.71(b), 102.67(c)), from its AgencyOrder row (kind dismissal)."""

from __future__ import annotations

from pydantic import Field

from casefile.documents.base import Built, RecordDocument
from casefile.documents.parts import (
    DeadlineLine,
    DocumentContext,
    Issuance,
    PartyRef,
    ServiceEntry,
    Signature,
    placeholder,
)
from casefile.documents.record_view import CaseRecord, plain_notes
from casefile.record.lookups import deadline_of
from casefile.record.orders import AgencyOrder
from casefile.vocab import Actor, DeadlineKind, DocumentKind, OrderKind, PartyRole


class OrderDismissingPetitionContext(DocumentContext):
    """The Regional Director's order dismissing the petition on stated grounds (29 CFR 102.71(a)), with
    the request-for-review paragraph (102.71(b), 102.67(c)): ``request_for_review`` and ``opposition``
    as the record keeps them."""

    petitioner: PartyRef
    grounds: tuple[str, ...] = Field(min_length=1)
    request_for_review: DeadlineLine | None = None
    opposition: DeadlineLine | None = None
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class OrderDismissingPetition(RecordDocument):
    """The order dismissing the petition, from its AgencyOrder row (kind dismissal)."""

    kind = DocumentKind.ORDER_DISMISSING_PETITION
    context = OrderDismissingPetitionContext
    record = AgencyOrder
    record_name = "order"
    name = "Order Dismissing Petition"

    @classmethod
    def build(cls, rec: CaseRecord, order: AgencyOrder) -> Built:
        from casefile.record.models import Election as ElectionRow

        order = rec.order(order, OrderKind.DISMISSAL)
        body = order.body
        petitioner = next(p for p in rec.parties if p.role in (PartyRole.PETITIONER, PartyRole.INDIVIDUAL_PETITIONER))
        first = rec.session.get(ElectionRow, body["elections"][0]) if body.get("elections") else None
        rfr = deadline_of(rec.session, first, DeadlineKind.REQUEST_FOR_REVIEW) if first is not None else None
        opposition = deadline_of(rec.session, first, DeadlineKind.RFR_OPPOSITION) if first is not None else None
        grounds = tuple(p.strip() for p in rec.text(body.get("grounds", "")).split("\n\n") if p.strip())
        ctx = OrderDismissingPetitionContext(
            caption=rec.caption(), issuance=Issuance(issued_on=order.issued_on, issuer_title="Regional Director"),
            petitioner=rec.party_ref(petitioner), grounds=grounds or (placeholder("grounds of the dismissal"),),
            request_for_review=rec.deadline_line(rfr) if rfr is not None and rfr.trigger_on == order.issued_on else None,
            opposition=rec.deadline_line(opposition) if opposition is not None and opposition.trigger_on == order.issued_on else None,
            signature=rec.rd_signature(order.issuer, on=order.issued_on), service=rec.service(on=order.issued_on),
            record_notes=plain_notes(body.get("note", "")),
        )
        return Built(ctx, order.issued_on, "Regional Director", Actor.REGIONAL_DIRECTOR, order.election_id)
