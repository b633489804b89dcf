"""Around a case (issue 8, "Around a case"): what an organization keeps about a case for itself —
who of its users is assigned to it, its private notes — and the notices its users opted in to
when another party or the Region acts on the case, with their delivery ledger.

None of it is a legal act: nothing here is on the docket or in the docket chain. Each row belongs
to one organization and is shown to that organization's users only (casefile.accounts.around).

- :class:`Assignment`: a user of the organization assigned to a case (by an admin or counsel);
  the case's deadline reminders go to the assignees (casefile.jobs.reminders). Unassigning deletes
  the row.
- :class:`CaseNote`: a private note, append-only (never edited or deleted), with its author and time.
- :class:`NoticeOptIn`: a user who wants a notice of what others file or do on their cases (their
  "My reminders" page); the row exists while they are opted in; notices are sent only of docket
  entries made after they opted in (``after_entry_id``: ids, not clocks).
- :class:`NoticeSent`: the notice ledger, one row per docket entry, user and channel, claimed,
  then marked sent or failed, as the reminder ledger is (casefile.jobs.notices).

Instants are aware UTC (``*_at``), as in casefile.record.models.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from casefile.record.columns import _instant

#: NoticeSent.status values (a VARCHAR, not a database enum).
CLAIMED, SENT, FAILED = "claimed", "sent", "failed"


class Assignment(SQLModel, table=True):
    """User ``user_id`` of organization ``organization_id`` is assigned to case ``case_id``."""

    __table_args__ = (UniqueConstraint("organization_id", "case_id", "user_id"),)
    id: int | None = Field(default=None, primary_key=True)
    organization_id: int = Field(foreign_key="organization.id", index=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    user_id: int = Field(foreign_key="useraccount.id", index=True)
    person_id: int | None = Field(default=None, foreign_key="person.id")  # the party's person reminded for them
    assigned_at: datetime = _instant(nullable=False)
    assigned_by: str = ""  # "user:<email>"


class CaseNote(SQLModel, table=True):
    """A private note of an organization on a case: append-only, with its author and time."""

    id: int | None = Field(default=None, primary_key=True)
    organization_id: int = Field(foreign_key="organization.id", index=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    author_id: int = Field(foreign_key="useraccount.id")
    author: str  # the author's email as it was when written
    text: str
    written_at: datetime = _instant(nullable=False)


class NoticeOptIn(SQLModel, table=True):
    """User ``user_id`` wants notices of what another party or the Region files or does on their cases."""

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="useraccount.id", unique=True)
    created_at: datetime = _instant(nullable=False)
    after_entry_id: int = 0  # the last docket entry (of any case) when they opted in: notices are of later ones


class NoticeSent(SQLModel, table=True):
    """The notice ledger: one row per docket entry, user and channel (so each notice is sent once;
    failed rows and stale claims are taken again by the next run)."""

    __table_args__ = (UniqueConstraint("entry_id", "user_id", "channel_hash"),)
    id: int | None = Field(default=None, primary_key=True)
    entry_id: int = Field(foreign_key="docketentry.id")  # first column of the unique key: indexed
    user_id: int = Field(foreign_key="useraccount.id", index=True)
    channel_hash: str  # sha256 (hex) of the Apprise URL
    channel: str  # that URL with its secrets masked
    status: str = Field(default=CLAIMED, index=True)  # claimed | sent | failed
    attempts: int = 0
    last_error: str = ""
    claim_token: str = ""
    claimed_at: datetime = _instant(nullable=False)
    sent_at: datetime | None = _instant(nullable=True)


__all__ = ["CLAIMED", "FAILED", "SENT", "Assignment", "CaseNote", "NoticeOptIn", "NoticeSent"]
