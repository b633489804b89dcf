"""The order transferring the case to another Region (29 CFR 102.72(a)), from its AgencyOrder row (kind
transfer), signed for the General Counsel."""

from __future__ import annotations

from datetime import date
from typing import Self

from pydantic import model_validator

from casefile.documents.base import Built, RecordDocument
from casefile.documents.history import filed_under_order
from casefile.documents.parts import (
    DocumentContext,
    Issuance,
    ServiceEntry,
    Signature,
)
from casefile.documents.record_view import CaseRecord, notes, uncertain_of
from casefile.errors import ProcedureError
from casefile.record.orders import AgencyOrder
from casefile.rules.chronology import long_date
from casefile.rules.offices import office_named
from casefile.vocab import Actor, DeadlineKind, DocumentKind, OrderKind


class OrderTransferringCaseContext(DocumentContext):
    """The order transferring the case to another Region (29 CFR 102.72(a)): from ``from_region``
    (``from_office``) to ``to_region`` (``to_office``), from the order's date; ``moved``: the filings due in
    periods already running that the order sends to the new office, each with its due date ("the offer of proof
    in support of objections, due April 22, 2022"); ``stayed``: those that stay with the old office, as the rules
    decide absent an order sending them on (casefile.rules.transfer.RUNNING_RULE), in the same words. None of
    either: no party's filing was running, and the order says nothing of running periods. Signed for the General
    Counsel."""

    from_region: str  # "Region 29"
    from_office: str
    to_region: str
    to_office: str
    moved: tuple[str, ...] = ()
    stayed: tuple[str, ...] = ()
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()

    @model_validator(mode="after")
    def _another_office(self) -> Self:
        if (self.from_region, self.from_office) == (self.to_region, self.to_office):
            raise ProcedureError(f"an order transferring the case must send it elsewhere, not back to {self.to_office}")
        return self


class OrderTransferringCase(RecordDocument):
    """The order transferring the case, from its AgencyOrder row (kind transfer)."""

    kind = DocumentKind.ORDER_TRANSFERRING_CASE
    context = OrderTransferringCaseContext
    record = AgencyOrder
    record_name = "order"
    name = "Order Transferring Case"

    @classmethod
    def build(cls, rec: CaseRecord, order: AgencyOrder) -> Built:
        order = rec.order(order, OrderKind.TRANSFER)
        body = order.body
        old, new = office_named(body["from_office"]), office_named(body["to_office"])
        def filings(rows: list[dict[str, str]]) -> tuple[str, ...]:
            return tuple(f"{filed_under_order(DeadlineKind(m['kind']))}, due {long_date(date.fromisoformat(m['due_on']))}"
                         for m in rows)

        moved, stayed = filings(body.get("moved", [])), filings(body.get("stayed", []))
        ctx = OrderTransferringCaseContext(
            caption=rec.caption().model_copy(update={"region": f"Region {int(old.region or rec.case.region)}",
                                                     "office": old.name}),
            issuance=Issuance(issued_on=rec.dated(order), issuer_title="General Counsel"),
            from_region=f"Region {int(old.region or rec.case.region)}", from_office=old.name,
            to_region=f"Region {int(new.region or 0)}", to_office=new.name, moved=moved, stayed=stayed,
            signature=Signature(name=order.issuer or rec.missing("name of the official who signed for the General Counsel"),
                                title="For the General Counsel", organization="National Labor Relations Board"),
            service=rec.service(on=rec.dated(order)), record_notes=rec.not_in_record(order) + notes(uncertain_of(order)),
        )
        return Built(ctx, order.issued_on, "General Counsel", Actor.GENERAL_COUNSEL, order.election_id)
