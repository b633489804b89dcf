"""The order to count ballots excluded at the count (29 CFR 102.69(c)(1)(i), (e); 102.67), by the Regional
Director or the Board, from its AgencyOrder row (kind count-excluded: casefile.acts.count_excluded_ballots)."""

from __future__ import annotations

from datetime import date
from typing import Literal

from casefile.documents.base import Built, RecordDocument
from casefile.documents.parts import Count, DocumentContext, Issuance, ServiceEntry, Signature
from casefile.documents.record_view import CaseRecord
from casefile.record.models import Tally
from casefile.record.orders import AgencyOrder
from casefile.rules.excluded_ballots import reason_words
from casefile.vocab import Actor, DocumentKind, ExcludedReason, OrderKind


class OrderToCountExcludedContext(DocumentContext):
    """The order: ``ordered_by`` who ordered it; ``ballots`` how many of the ``excluded`` ballots left out of
    the count of ``counted_on`` are to be opened and counted; ``reason`` why they were excluded, in words
    ("because ...", or that the record does not state it: rules.excluded_ballots.reason_words); ``paragraphs``
    the order's own words as the record keeps them (may be none)."""

    ordered_by: Literal["Regional Director", "Board"]
    ballots: Count
    excluded: Count
    counted_on: date
    reason: str
    paragraphs: tuple[str, ...] = ()
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class OrderToCountExcludedBallots(RecordDocument):
    """The Order to Count Ballots Excluded at the Count, from its AgencyOrder row (kind count-excluded)."""

    kind = DocumentKind.ORDER_TO_COUNT_EXCLUDED_BALLOTS
    context = OrderToCountExcludedContext
    record = AgencyOrder
    record_name = "order"
    name = "Order to Count Ballots Excluded at the Count"

    @classmethod
    def build(cls, rec: CaseRecord, order: AgencyOrder) -> Built:
        order = rec.order(order, OrderKind.COUNT_EXCLUDED)
        body = order.body
        tally: Tally = rec.get(Tally, body["tally_id"])
        by: Literal["Regional Director", "Board"] = "Board" if body.get("by") == "Board" else "Regional Director"
        reason = ExcludedReason(body["reason"]) if body.get("reason") else None
        if by == "Board":
            signature = Signature(name=order.issuer or rec.missing("signer for the Board"), title="For the Board",
                                  organization="National Labor Relations Board")
        else:
            signature = rec.rd_signature(order.issuer, on=order.issued_on)
        text = rec.text(body.get("order", ""))
        ctx = OrderToCountExcludedContext(
            caption=rec.caption(), issuance=Issuance(issued_on=order.issued_on, issuer_title=by),
            ordered_by=by, ballots=int(body["ballots"]), excluded=int(body.get("excluded", tally.excluded)),
            counted_on=tally.prepared_on, reason=reason_words(reason),
            paragraphs=(text,) if text else (), signature=signature, service=rec.service(on=order.issued_on),
        )
        actor = Actor.BOARD if by == "Board" else Actor.REGIONAL_DIRECTOR
        return Built(ctx, order.issued_on, by, actor, order.election_id)
