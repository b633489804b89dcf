"""Orders of the Region, the General Counsel and the Board that are acts of their own and have no
table of their own (issue 10): the order fixing or extending a date, the order transferring a case,
the order approving the withdrawal of a petition and the order dismissing it.

One row per order, written by its act (casefile.acts.pin_deadline, transfer_case, withdraw_petition,
dismiss_petition) and named by the act's docket entry (``ref`` "order:<id>"); the order's document is
built from it (its document in casefile.documents.kinds), never from the docket's text. ``body`` holds what the
order says, as the act took it (keys per ``kind``, listed below); ``issued_on`` is the order's date
and ``issuer`` who signed it ("" when the record does not say).

- ``extension``: deadline_id, deadline_kind, from_due_on, to_due_on (ISO dates), office_key (the
  office that receives the filing), for_whom, order (the order in words), reopened (bool);
- ``transfer``: from_office, to_office (office keys), order, running ("stay" | "move"), moved and stayed (the
  parties' filings due in periods already running that the order moved to the new office, or that stayed with
  the old one: deadline_id, kind, due_on each; a Region's own target date is none; an order stored before
  ``stayed`` was kept has none, and its document names none);
- ``withdrawal``: party_id, consented_by, note;
- ``dismissal``: grounds, note.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import JSON, Column, true
from sqlmodel import Field, SQLModel

from casefile.record.columns import _kind
from casefile.vocab import OrderKind

#: AgencyOrder.kind values (casefile.vocab.OrderKind, stored as their words in a VARCHAR).
EXTENSION, TRANSFER, WITHDRAWAL, DISMISSAL = OrderKind.EXTENSION, OrderKind.TRANSFER, OrderKind.WITHDRAWAL, OrderKind.DISMISSAL


class AgencyOrder(SQLModel, table=True):
    """An order of the Regional Director, the General Counsel or the Board (see the module docstring)."""

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    election_id: int | None = Field(default=None, foreign_key="election.id")
    kind: OrderKind = _kind(OrderKind)  # stored as its value ("extension")
    issued_on: date
    issuer: str = ""
    body: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    issued_on_public: bool = Field(default=True, sa_column_kwargs={"server_default": true()})  # False: its date is not in the public record
    # "": the order is in the public record; else the record only implies it, and this is what it shows instead
    inferred_from: str = Field(default="", sa_column_kwargs={"server_default": ""})
