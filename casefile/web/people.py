"""Who is asking, on a web page: the signed-in user read from the session cookie and the database
on every request (nothing kept in the process), as the read models and access rules take them
(casefile.record.access.UserViewer) — and the record they reach. A page takes each from one
dependency: ``me: Signed`` (``MaybeSigned`` where no account is needed) and ``db: Db``
(casefile.http.deps.Database: its writes recorded by the signed-in user, else ``system:web``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection, Request

from casefile.errors import CasefileError
from casefile.http.deps import Database, database
from casefile.record.access import UserViewer
from casefile.record.accounts import Organization, OrganizationKind, User, UserRole


class SignInNeeded(CasefileError):
    """A page that needs a signed-in user, asked without one (answered by a redirect to the sign-in page)."""

    code = "sign-in-needed"
    family = "not-authenticated"


@dataclass
class Me:
    """The signed-in user: their viewer, email, name, organization and role."""

    viewer: UserViewer
    email: str
    name: str
    organization: str
    organization_name: str
    role: str
    region: bool

    @property
    def is_admin(self) -> bool:
        return self.role == UserRole.ADMIN.value


def signed_in(request: Request) -> Me | None:
    """The user the request's session is signed in as (None: nobody, or a session that has ended:
    signed out, expired, or of a user whose password changed or who was deactivated since; the
    browser then forgets it). Reads the session's row and the user on every request."""
    from casefile.web.sessions import live_session, now, web_session

    if hasattr(request.state, "me"):
        return request.state.me  # type: ignore[no-any-return]
    session = web_session(request)
    me = None
    if session.token is not None:
        row = live_session(session.token, as_of=now())
        if row is not None:
            with web_database(request).read() as db:
                user = db.get(User, row.user_id)
                if user is not None and _still_valid(user, row.created_at):
                    org = db.get(Organization, user.organization_id)
                    assert org is not None
                    me = Me(viewer=UserViewer.of(db, user), email=user.email, name=user.name or user.email,
                            organization=org.key, organization_name=org.name, role=user.role.value,
                            region=org.kind is OrganizationKind.REGION)
                    session.user_id = user.id
        if me is None:
            session.sign_out()
    request.state.me = me
    return me


def _still_valid(user: User, began: datetime) -> bool:
    """Whether a session that began at ``began`` may still act for ``user``: active, and begun
    after the password last changed (the sessions table is emptied then too: belt and braces)."""
    changed = user.password_changed_at
    if changed.tzinfo is None:
        changed = changed.replace(tzinfo=UTC)
    if began.tzinfo is None:
        began = began.replace(tzinfo=UTC)
    return bool(user.active) and began >= changed


def require(request: Request) -> Me:
    """The signed-in user; raises SignInNeeded (a redirect to the sign-in page) otherwise."""
    me = signed_in(request)
    if me is None:
        raise SignInNeeded("sign in to see this page")
    return me


def web_database(connection: HTTPConnection) -> Database:
    """The record as a web request reaches it (one per request; casefile.http.deps)."""
    return database(connection, system="system:web")


#: The signed-in user of a page that needs one (else a redirect to the sign-in page).
Signed = Annotated[Me, Depends(require)]
#: The signed-in user, or None, on a page that needs no account.
MaybeSigned = Annotated[Me | None, Depends(signed_in)]
#: The record, for a page's transactions (casefile.http.deps.Database).
Db = Annotated[Database, Depends(web_database)]
