"""An order fixing or extending the date for a filing (29 CFR 102.2(c), (d); 102.69(a)(8) for the offer of
proof), from its AgencyOrder row (kind extension), signed by the Regional Director or, for a filing the
Board receives, the Executive Secretary."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

from pydantic import AwareDatetime

from casefile.documents.base import Built, RecordDocument
from casefile.documents.history import filed_under_order
from casefile.documents.kinds.extension_request import inferred_words
from casefile.documents.parts import (
    DocumentContext,
    Facts,
    Issuance,
    PartyRef,
    ServiceEntry,
    Signature,
    placeholder,
)
from casefile.documents.record_view import CaseRecord, notes, uncertain_of
from casefile.record.models import (
    Filing,
)
from casefile.record.orders import AgencyOrder
from casefile.rules.offices import office_named
from casefile.vocab import Actor, DeadlineKind, DocumentKind, FilingKind, OrderKind


class MovedDate(Facts):
    """A date the order moves with the one it extends (a period that runs from it): ``what`` is due, from
    ``from_due_on`` to ``to_due_on``, received by ``cutoff_at``; ``rule`` the rule it runs by; ``held_with``
    the filings held to that period, whose date moves with it (held_with)."""

    what: str
    from_due_on: date
    to_due_on: date
    cutoff_at: AwareDatetime
    rule: str
    reopened: bool = False
    held_with: tuple[str, ...] = ()


#: How an order names a filing held to another's period (casefile.rules.party_filings.held_to), before "they too
#: must be received by ...".
HELD_WITH = {FilingKind.CROSS_EXCEPTIONS: "Cross-exceptions by a party that filed no exceptions are held to the "
                                          "answering-brief period (29 CFR 102.69(c)(1)(iii); by analogy to 29 CFR "
                                          "102.46(c))"}


def held_with(kind: DeadlineKind) -> tuple[str, ...]:
    """The words naming each filing held to the ``kind`` period, whose date an order moving it moves too."""
    from casefile.rules.party_filings import held_to

    return tuple(HELD_WITH[filing] for filing in held_to(kind))


class OrderExtendingTimeContext(DocumentContext):
    """An order fixing or extending the date for a filing (29 CFR 102.2(c), (d); 102.69(a)(8) for the
    offer of proof): ``what`` is due (a noun phrase), from ``from_due_on`` to ``to_due_on`` (received by
    ``cutoff_at`` at ``receiving``), on the request of ``requested_by`` (filed ``requested_on``) when
    the record holds one; ``reopened``: the period had lapsed and runs again. Signed by the Regional
    Director, or by the Executive Secretary for a filing the Board receives."""

    what: str
    for_whom: str
    requested_by: PartyRef | None = None
    requested_on: date | None = None
    requested_on_public: bool = True  # False: the request's date is not in the public record (recorded on the due date)
    from_due_on: date
    to_due_on: date
    to_due_inferred: str = ""  # the record only infers the date (the order's inferred_from): said after it
    cutoff_at: AwareDatetime | None = None
    receiving: str  # "the Regional Director, Region 29" / "the Board's Office of the Executive Secretary"
    citation: str
    reopened: bool = False
    also_moved: tuple[MovedDate, ...] = ()  # the periods that run from this one, moved with it (R-B5)
    held_with: tuple[str, ...] = ()  # the filings held to this period, moved with it (held_with)
    signature: Signature
    service: tuple[ServiceEntry, ...] = ()


class OrderExtendingTime(RecordDocument):
    """The order fixing or extending a date, from its AgencyOrder row (kind extension)."""

    kind = DocumentKind.ORDER_EXTENDING_TIME
    context = OrderExtendingTimeContext
    record = AgencyOrder
    record_name = "order"
    name = "Order Extending Time"

    @classmethod
    def build(cls, rec: CaseRecord, order: AgencyOrder) -> Built:
        from casefile.rules.extensions import cutoff_of_fixed_date
        from casefile.rules.offices import BOARD_OFFICE

        order = rec.order(order, OrderKind.EXTENSION)
        body = order.body
        kind = DeadlineKind(body["deadline_kind"])
        office = office_named(body["office_key"])
        to_due = date.fromisoformat(body["to_due_on"])
        cutoff = cutoff_of_fixed_date(kind, to_due, office_tz=office.tz).astimezone(ZoneInfo(office.tz))
        request = rec.session.get(Filing, body["request_id"]) if body.get("request_id") else None
        board = office.key == BOARD_OFFICE.key
        citation = "29 CFR 102.2(c)" + (", 102.69(a)(8)" if kind is DeadlineKind.OFFER_OF_PROOF else "") + \
            (", 102.69(c)(1)(iii)" if kind in (DeadlineKind.EXCEPTIONS, DeadlineKind.ANSWERING_BRIEF) else "")
        # which Region's Regional Director issued it is not in the public record (issuer_region_public false): no Region
        # in the caption, none as the one receiving the filing, and no cut-off in a Region's zone
        region_known = board or body.get("issuer_region_public", True)
        caption = rec.caption() if region_known else \
            rec.caption().model_copy(update={"region": f"Region {placeholder('the issuing Region')}"})
        ctx = OrderExtendingTimeContext(
            caption=caption, issuance=Issuance(issued_on=rec.dated(order),
                                                     issuer_title="Executive Secretary" if board else "Regional Director"),
            what=filed_under_order(kind),
            for_whom=rec.text(next((p.name for p in rec.parties if p.key == body.get("for_whom")), None)
                              or body.get("for_whom") or "all parties"),  # a party's own period: the party by name
            requested_by=rec.party_ref(rec.by_id[request.party_id]) if request is not None else None,
            requested_on=request.received_on if request is not None else None,
            requested_on_public=request.received_on_public if request is not None else True,
            from_due_on=date.fromisoformat(body["from_due_on"]), to_due_on=to_due, cutoff_at=cutoff if region_known else None,
            to_due_inferred=inferred_words(rec, order.inferred_from),
            receiving="the Board's Office of the Executive Secretary in Washington, DC" if board
            else f"the Regional Director, Region {int(office.region or rec.region)}" if region_known
            else "the Regional Director of the Region that has the case",
            citation=citation, reopened=bool(body.get("reopened")), held_with=held_with(kind),
            also_moved=tuple(_moved(m) for m in body.get("also_moved") or ()),
            signature=rec.executive_secretary(order.issuer) if board
            else rec.region_signature(office.key, order.issuer, order.issued_on)
            if body.get("issuer_region_public", True) else _any_region(rec, order),
            service=rec.service(on=rec.dated(order)), record_notes=rec.not_in_record(order) + notes(uncertain_of(order)),
        )
        return Built(ctx, order.issued_on, "Board" if board else "Regional Director", Actor.BOARD if board else Actor.REGIONAL_DIRECTOR, order.election_id)


def _any_region(rec: CaseRecord, order: AgencyOrder) -> Signature:
    """The signature of an order whose issuing Region is not in the public record (pin-deadline's
    ``issuer_region_public`` false): the office without a Region, the signer as the record names it."""
    return Signature(name=order.issuer or rec.missing("Regional Director's name"),
                     title=f"Regional Director, Region {placeholder('the issuing Region')}",
                     organization="National Labor Relations Board")


def _moved(row: dict[str, object]) -> MovedDate:
    """One date the order moved with the one it extends, from the order's ``also_moved`` row (pin-deadline)."""
    from casefile.rules.extensions import cutoff_of_fixed_date

    kind = DeadlineKind(str(row["deadline_kind"]))
    office = office_named(str(row["office_key"]))
    to_due = date.fromisoformat(str(row["to_due_on"]))
    return MovedDate(what=filed_under_order(kind), from_due_on=date.fromisoformat(str(row["from_due_on"])),
                     to_due_on=to_due, rule=str(row["rule"]), reopened=bool(row.get("reopened")), held_with=held_with(kind),
                     cutoff_at=cutoff_of_fixed_date(kind, to_due, office_tz=office.tz).astimezone(ZoneInfo(office.tz)))
