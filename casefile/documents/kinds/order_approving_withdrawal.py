"""The order approving the withdrawal of the petition (29 CFR 102.60(a)), from its AgencyOrder row (kind
withdrawal)."""

from __future__ import annotations

from pydantic import Field

from casefile.documents.base import Built, RecordDocument
from casefile.documents.kinds.board_order import ended_elections
from casefile.documents.parts import (
    DocumentContext,
    Issuance,
    PartyRef,
    ServiceEntry,
    Signature,
)
from casefile.documents.record_view import CaseRecord, plain_notes
from casefile.record.orders import AgencyOrder
from casefile.vocab import Actor, DocumentKind, OrderKind


class OrderApprovingWithdrawalContext(DocumentContext):
    """The order approving the withdrawal of the petition (29 CFR 102.60(a)): the petitioner's request,
    the consent (``consented_by``), the elections it ends (in words). Signed by the Regional Director, or
    for the Board by its Executive Secretary once the record is before the Board."""

    petitioner: PartyRef
    consented_by: str
    ended: tuple[str, ...] = Field(min_length=1)  # "the election held on April 6, 2021"
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class OrderApprovingWithdrawal(RecordDocument):
    """The order approving the withdrawal, from its AgencyOrder row (kind withdrawal)."""

    kind = DocumentKind.ORDER_APPROVING_WITHDRAWAL
    context = OrderApprovingWithdrawalContext
    record = AgencyOrder
    record_name = "order"
    name = "Order Approving Withdrawal of Petition"

    @classmethod
    def build(cls, rec: CaseRecord, order: AgencyOrder) -> Built:
        order = rec.order(order, OrderKind.WITHDRAWAL)
        body = order.body
        petitioner = rec.by_id[body["party_id"]]
        consent = rec.text(body.get("consented_by") or "")
        board = "board" in consent.lower()
        ctx = OrderApprovingWithdrawalContext(
            caption=rec.caption(), issuance=Issuance(issued_on=order.issued_on,
                                                     issuer_title="Executive Secretary" if board else "Regional Director"),
            petitioner=rec.party_ref(petitioner), consented_by=consent or rec.missing("who consented to the withdrawal"),
            ended=ended_elections(rec, list(body.get("elections", []))) or ("the proceeding on the petition",),
            signature=rec.executive_secretary(order.issuer) if board else rec.rd_signature(order.issuer, on=order.issued_on),
            service=rec.service(on=order.issued_on),
            record_notes=plain_notes(body.get("note", "")),
        )
        return Built(ctx, order.issued_on, "Board" if board else "Regional Director", Actor.BOARD if board else Actor.REGIONAL_DIRECTOR, order.election_id)
