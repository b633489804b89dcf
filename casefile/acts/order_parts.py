"""What the order acts share (pin-deadline, transfer-case, withdraw-petition, dismiss-petition): the
order stored with what it says (casefile.record.orders.AgencyOrder), named by the act's docket entry
("order:<id>"), and the document it issues. An order recorded before orders were stored (its entry
names the deadline, the case or the party) issues nothing: its document would have to be rebuilt from
the docket's text."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlmodel import Session

from casefile.acts.base import Issue, ref_id
from casefile.documents.base import RecordDocument
from casefile.errors import UnknownRecord
from casefile.record.models import Case
from casefile.record.orders import AgencyOrder
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.vocab import OrderKind


def store_order(session: Session, case: Case, *, kind: OrderKind, issued_on: date, election_id: int | None = None,
                issuer: str = "", uncertain: str = "", issued_on_public: bool = True, inferred_from: str = "",
                **body: Any) -> AgencyOrder:
    """Store the order (flushed: its id is known) and return it. ``uncertain``: what the sources leave open
    about the order (its date inferred, its signer not reported), kept as the body's ``uncertain`` field
    when there is any, for a record copy's annex (casefile.documents.record_view.uncertain_of).
    ``issued_on_public`` False: the order's date is not in the public record; ``inferred_from``: the record only
    implies the order, and shows this instead (casefile.acts.base.InRecordIn)."""
    if uncertain.strip():
        body["uncertain"] = uncertain.strip()
    order = AgencyOrder(case_id=case.id, election_id=election_id, kind=kind, issued_on=issued_on,  # type: ignore[arg-type]
                        issuer=issuer, body=body, issued_on_public=issued_on_public, inferred_from=inferred_from.strip())
    session.add(order)
    session.flush()
    return order


def order_ref(order: AgencyOrder) -> Ref:
    """The docket entry's ``ref`` of an order."""
    return ref_to(order)


def order_of(session: Session, ref: Ref | None) -> AgencyOrder:
    """The order ``ref`` names. Raises UnknownRecord."""
    order = session.get(AgencyOrder, ref.id) if ref is not None and ref.table is RecordTable.ORDER else None
    if order is None:
        raise UnknownRecord(f"no order {ref}")
    return order


def order_issues(ref: Ref | None, document: type[RecordDocument]) -> tuple[Issue, ...]:
    """The order's ``document``, for an entry that names a stored order; nothing for one recorded before
    orders were stored."""
    return (Issue(document, ref_id(ref, RecordTable.ORDER)),) if (ref is not None and ref.table is RecordTable.ORDER) else ()
