"""Who uses casefile (issue 8): organizations, their users and roles, their links to the parties
and cases they represent or watch, API tokens, password resets, the log of every view or download
of a confidential document, drafts, and the API's idempotency records — as SQLModel tables, with
the vocabulary they use and the read models the interfaces show.

An **organization** is a union's legal department, a law firm, a labor federation, or a Region
(``kind``; a Region has its ``region`` number). It is linked by a **representation** to a party
of a case (``case_id`` + ``party_id``), or — a Region only — to every case of a Region
(``region``); it may **watch** a case it is not a party to (the public record only). A **user**
belongs to one organization with one **role** (casefile.record.access says what each may see and
do). Secrets are never stored: passwords as Argon2 hashes, API tokens and reset tokens as the
sha256 of a 32-byte random value (casefile.accounts).

Instants are aware UTC (``*_at``), as in casefile.record.models.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict
from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

from casefile.record.columns import _instant


class OrganizationKind(StrEnum):
    """What an organization is (issue 8: "Who uses it")."""

    UNION = "union"  # a union's legal department
    FIRM = "firm"  # a law firm (either side)
    FEDERATION = "federation"  # a labor federation serving many locals
    REGION = "region"  # an NLRB Regional Office (on an instance a Region runs)


class UserRole(StrEnum):
    """A user's role in their organization (what each may do: casefile.record.access)."""

    ADMIN = "admin"  # users, links, import; and what counsel may do
    COUNSEL = "counsel"  # every act of its party; opens cases; records the Region's acts and others' filings
    STAFF = "staff"  # drafts and files its party's objections, exceptions and offers of proof; reads
    VIEWER = "viewer"  # reads only (e.g. a client)


class AccessAction(StrEnum):
    """What was done with a confidential document (the access log)."""

    VIEW = "view"  # shown (its content on a page, or the PDF inline)
    DOWNLOAD = "download"  # its file sent


def _dict_json() -> Any:
    return Field(default_factory=dict, sa_column=Column(JSON))


class Organization(SQLModel, table=True):
    """A union's legal department, a law firm, a federation or a Region. ``key`` is its handle
    (letters, digits, dashes: it appears in commands and URLs); ``region`` the two-digit number
    of a Region (kind ``region`` only)."""

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(index=True, unique=True)
    name: str
    kind: OrganizationKind
    region: str | None = None
    created_at: datetime = _instant(nullable=False)


class User(SQLModel, table=True):
    """A person who signs in: one organization, one role. ``email`` is stored lower-case and is
    unique; ``password_hash`` is an Argon2 hash (PHC string); ``password_changed_at`` lets a
    session made before a password change (or a reset) be refused."""

    __tablename__ = "useraccount"  # "user" is a reserved word in PostgreSQL
    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(index=True, unique=True)
    name: str = ""
    organization_id: int = Field(foreign_key="organization.id", index=True)
    role: UserRole
    password_hash: str
    active: bool = True
    created_at: datetime = _instant(nullable=False)
    password_changed_at: datetime = _instant(nullable=False)
    last_login_at: datetime | None = _instant(nullable=True)


class Representation(SQLModel, table=True):
    """An organization's link to what it may see: a party of a case (``case_id`` and ``party_id``),
    or — a Region organization only — every case of Region ``region`` (the case's Region is the
    first two digits of its number)."""

    __table_args__ = (UniqueConstraint("organization_id", "case_id", "party_id"),
                      UniqueConstraint("organization_id", "region"))
    id: int | None = Field(default=None, primary_key=True)
    organization_id: int = Field(foreign_key="organization.id", index=True)
    case_id: int | None = Field(default=None, foreign_key="case.id", index=True)
    party_id: int | None = Field(default=None, foreign_key="party.id")
    region: str | None = Field(default=None, index=True)
    created_at: datetime = _instant(nullable=False)
    created_by: str = ""  # who made the link: "operator:<os user>", "user:<email>"


class Watch(SQLModel, table=True):
    """An organization follows a case it is not a party to: it sees the public record only, never
    a confidential document."""

    __table_args__ = (UniqueConstraint("organization_id", "case_id"),)
    id: int | None = Field(default=None, primary_key=True)
    organization_id: int = Field(foreign_key="organization.id", index=True)
    case_id: int = Field(foreign_key="case.id", index=True)
    created_at: datetime = _instant(nullable=False)
    created_by: str = ""


class LinkStatus(StrEnum):
    """Where a link request stands (casefile.accounts.links)."""

    PENDING = "pending"
    APPROVED = "approved"
    DECLINED = "declined"


class LinkRequest(SQLModel, table=True):
    """An organization asks to be linked to a party of a case (casefile.accounts.links): the case
    and the party as the asker typed them (text, not keys: asking about a case number that is not
    on this instance is stored the same way, so that asking tells nothing), who asked and why;
    then who decided (the operator; before 2026-12-03 also an admin of an organization linked to that party),
    when and how (``shared``: beside the organizations already linked; ``replaced``: in their
    place)."""

    id: int | None = Field(default=None, primary_key=True)
    organization_id: int = Field(foreign_key="organization.id", index=True)
    case_number: str = Field(index=True)
    party: str
    note: str = ""
    status: str = Field(default=LinkStatus.PENDING.value, index=True)  # a LinkStatus value
    requested_by: str = ""  # "user:<email>"
    requested_at: datetime = _instant(nullable=False)
    decided_by: str = ""  # "operator:<os user>", "user:<email>"
    decided_at: datetime | None = _instant(nullable=True)
    decision: str = ""  # "shared", "replaced" (approved), or the reason declined


class ApiToken(SQLModel, table=True):
    """An API token of a user: only its sha256 is stored (the token is 32 random bytes, so a fast
    hash suffices); ``prefix`` is its first characters, shown to tell tokens apart. Revoked tokens
    are kept (``revoked_at``) so the list says when."""

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="useraccount.id", index=True)
    name: str = ""
    prefix: str
    token_hash: str = Field(unique=True, index=True)  # sha256 hex of the whole token
    created_at: datetime = _instant(nullable=False)
    last_used_at: datetime | None = _instant(nullable=True)
    revoked_at: datetime | None = _instant(nullable=True)


class PasswordReset(SQLModel, table=True):
    """A one-time password reset an admin started: the sha256 of its token, when it expires, and
    when it was used (once)."""

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="useraccount.id", index=True)
    token_hash: str = Field(unique=True, index=True)
    created_at: datetime = _instant(nullable=False)
    expires_at: datetime = _instant(nullable=False)
    used_at: datetime | None = _instant(nullable=True)
    created_by: str = ""


class AccessLog(SQLModel, table=True):
    """One view or download of a confidential document: who (the user and the docket-style label),
    when, what (case, and the issued document or the attachment: a document as filed or received),
    how (``via``: api, web)."""

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = _instant(nullable=False, index=True)
    user_id: int | None = Field(default=None, foreign_key="useraccount.id", index=True)
    organization_id: int | None = Field(default=None, foreign_key="organization.id")
    who: str  # "user:<email>", "operator:<os user>"
    case_id: int = Field(foreign_key="case.id", index=True)
    document_id: int | None = Field(default=None, foreign_key="document.id", index=True)
    attachment_id: int | None = Field(default=None, foreign_key="attachment.id", index=True)
    action: AccessAction
    via: str = ""


class Draft(SQLModel, table=True):
    """An unfiled act of an organization on a case: the act's JSON (the act model's shape; it may
    be incomplete until filed), seen only inside the organization. Filing performs the act through
    the front door and keeps the docket entry it made (``entry_id``)."""

    id: int | None = Field(default=None, primary_key=True)
    organization_id: int = Field(foreign_key="organization.id", index=True)
    author_id: int = Field(foreign_key="useraccount.id")
    case_id: int = Field(foreign_key="case.id", index=True)
    act_name: str  # "file-objections"
    act: dict[str, Any] = _dict_json()
    created_at: datetime = _instant(nullable=False)
    updated_at: datetime = _instant(nullable=False)
    filed_at: datetime | None = _instant(nullable=True)
    filed_by_id: int | None = Field(default=None, foreign_key="useraccount.id")
    entry_id: int | None = Field(default=None, foreign_key="docketentry.id")


class IdempotentRequest(SQLModel, table=True):
    """The first answer to an API request sent with an ``Idempotency-Key``: a retry with the same
    key (by the same user) gets it again. ``request_hash`` is the sha256 of the request's content
    (the case and the act), so the same key with another request is refused."""

    __table_args__ = (UniqueConstraint("user_id", "key"),)
    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="useraccount.id", index=True)
    key: str
    request_hash: str
    status_code: int
    response: dict[str, Any] = _dict_json()
    created_at: datetime = _instant(nullable=False)


# --- read models (what the interfaces show; never the hashes) ------------------------------------


class AccountModel(BaseModel):
    model_config = ConfigDict(frozen=True, from_attributes=True, defer_build=True)


class OrganizationView(AccountModel):
    """An organization and its links: ``parties`` as "CASE PARTY" lines, ``regions`` its Regions,
    ``watching`` the case numbers it follows."""

    key: str
    name: str
    kind: str
    region: str | None
    parties: list[str] = []
    regions: list[str] = []
    watching: list[str] = []


class LinkRequestView(AccountModel):
    """A link request as listed: its id, the asking organization, the case and party asked for,
    the note, its status and who asked and decided; ``held_by`` the organizations already linked
    to that party, ``resolves_to`` the party the request names ("rwdsu (petitioner)": its handle or
    role, never its name; "" when it names no one party), ``asker_holds`` the parties of that case
    the asking organization holds already ("amazon (employer)") — those three for the operator and
    the holders' admins only, empty for the asker — and ``warning`` what approving it opens."""

    id: int
    organization: str
    organization_name: str
    case_number: str
    party: str
    note: str
    status: str
    requested_by: str
    requested_at: datetime
    decided_by: str = ""
    decided_at: datetime | None = None
    decision: str = ""
    held_by: list[str] = []
    resolves_to: str = ""
    asker_holds: list[str] = []
    #: The same three as people read them: the organizations' names, the parties' names.
    held_by_names: list[str] = []
    resolves_to_name: str = ""
    asker_holds_names: list[str] = []
    warning: str = ""


class UserView(AccountModel):
    """A user as listed (never the password hash)."""

    id: int
    email: str
    name: str
    organization: str
    role: str
    active: bool
    created_at: datetime
    last_login_at: datetime | None


class TokenView(AccountModel):
    """An API token as listed: its prefix only (the token itself is shown once, when made)."""

    id: int
    user: str
    name: str
    prefix: str
    created_at: datetime
    last_used_at: datetime | None
    revoked_at: datetime | None


class AccessLogView(AccountModel):
    """One line of the access log of confidential documents."""

    at: datetime
    who: str
    case_number: str
    document_id: int | None
    document_title: str
    attachment_id: int | None = None
    action: str
    via: str


class DraftView(AccountModel):
    """A draft as its organization sees it."""

    id: int
    case_number: str
    act_name: str
    act: dict[str, Any]
    author: str
    created_at: datetime
    updated_at: datetime
    filed_at: datetime | None
    entry_id: int | None


__all__ = ["AccessAction", "AccessLog", "AccessLogView", "ApiToken", "Draft", "DraftView", "IdempotentRequest",
           "Organization", "OrganizationKind", "OrganizationView", "PasswordReset", "Representation", "TokenView",
           "User", "UserRole", "UserView", "Watch"]
