"""Who asks, and the record they reach — one dependency each: ``viewer: Viewer`` (``MaybeViewer``)
from ``Authorization: Bearer <API token>`` (casefile.accounts.tokens) -> the user's viewer
(casefile.record.access.UserViewer); ``db: Db``, the request's casefile.http.deps.Database. Nothing is kept in the process: every request reads
the token's row (and, at most once a minute per token, records its use)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import Depends, Request
from fastapi.requests import HTTPConnection
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from casefile.errors import NotAuthenticated
from casefile.http.deps import Database, database
from casefile.record.access import UserViewer

bearer = HTTPBearer(auto_error=False, scheme_name="token",
                    description="An API token (casefile tokens create EMAIL): Authorization: Bearer cf_...")


def api_database(connection: HTTPConnection) -> Database:
    """The record as an API request reaches it (one per request; casefile.http.deps): its writes are
    recorded by the token's user, else ``system:api``."""
    return database(connection, system="system:api")


#: The record, for a route's transactions (casefile.http.deps.Database).
Db = Annotated[Database, Depends(api_database)]


def _viewer_for_token(db: Database, token: str) -> UserViewer:
    from casefile.accounts.tokens import needs_write, user_for_token

    now = datetime.now(UTC)
    with db.read() as session:
        writes = needs_write(session, token=token, as_of=now)
        if not writes:
            return UserViewer.of(session, user_for_token(session, token=token, as_of=now))
    with db.write(by="system:api") as session:  # the token's use, recorded before anyone is known
        return UserViewer.of(session, user_for_token(session, token=token, as_of=now))


def current_viewer(request: Request, db: Db,
                   credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> UserViewer:
    """The signed-in user of the request. Raises NotAuthenticated (401) without a token, with a
    malformed header, or with a token that is unknown, revoked or of an inactive user."""
    if credentials is None or credentials.scheme.lower() != "bearer" or not credentials.credentials:
        raise NotAuthenticated("sign in: send an API token as `Authorization: Bearer cf_...` "
                               "(make one with casefile tokens create EMAIL)")
    viewer = _viewer_for_token(db, credentials.credentials.strip())
    request.state.viewer = viewer
    return viewer


def optional_viewer(request: Request, db: Db,
                    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> UserViewer | None:
    """The signed-in user when a token is sent (a bad one is still refused), else None."""
    if credentials is None:
        return None
    return current_viewer(request, db, credentials)


Viewer = Annotated[UserViewer, Depends(current_viewer)]
MaybeViewer = Annotated[UserViewer | None, Depends(optional_viewer)]
