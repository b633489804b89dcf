"""Corrections of the record (issue 9, "corrections as acts"): one row per correction, written in
the same transaction as its docket entry and never changed afterwards.

A correction fixes a fact as it was transcribed into casefile (a tally's figure or date, a party's
name or address, the case's name) or records a party's withdrawal or amendment of one of its
objections. The row keeps what the docket entry says in words as data: the record corrected
(``target``, a RowKey stored "table:id"), each field's old and new value, why, the consequences reported, and the
documents issued again as new versions (``reissues``: ``[kind, subject]`` pairs, the subject
ending ``:correction:<docket entry id>``) so that the act's documents can be issued from the record
by whoever issues them (the command line now, or a server's flow run later).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Column
from sqlmodel import Field, SQLModel

from casefile.record.columns import _instant, _json
from casefile.record.refs import RowKey, RowKeyColumn


class Correction(SQLModel, table=True):
    """One correction: which act (``correct-tally``, ``correct-party``, ``correct-case``,
    ``withdraw-objection``, ``amend-objection``), of which record (``target``), the changes
    (``[{"field", "old", "new"}]``, values as JSON), ``why`` (the user's words), the consequences
    reported (sentences), the documents issued again (``[[kind, subject], ...]``), and the docket
    entry that records it (``entry_id``)."""

    id: int | None = Field(default=None, primary_key=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    election_id: int | None = Field(default=None, foreign_key="election.id")
    act: str
    target: RowKey = Field(sa_column=Column(RowKeyColumn(), nullable=False))  # the record corrected, stored "party:3"
    changes: list[Any] = _json()
    why: str
    consequences: list[Any] = _json()
    reissues: list[Any] = _json()
    entry_id: int | None = Field(default=None, foreign_key="docketentry.id")
    recorded_at: datetime = _instant(nullable=False)
