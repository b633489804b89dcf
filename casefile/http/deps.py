"""Where the interfaces over HTTP get the record from: the one dependency each takes its database
sessions from (FastAPI's ``Depends``, as the full-stack template's ``backend/app/api/deps.py``
hands its routes ``SessionDep``). The web's ``Db`` (casefile.web.people) and the API's ``Db``
(casefile.api.auth) are :func:`database` for their interface; neither opens a session itself.

A :class:`Database` gives one transaction at a time — ``read()``, or ``write()`` (committed at its
end, rolled back whole on any error: a refused act or form stores nothing) — recorded by who asks:
the request's signed-in user (the viewer its own dependency found) or, with nobody signed in, the
interface itself (``system:web``, ``system:api``). A route keeps the transactions short (no
password hashing inside one) by opening each where it needs it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlmodel import Session
from starlette.requests import HTTPConnection


class Database:
    """The record as one request reaches it. ``by``: who the request's writes are recorded by
    (asked when a write begins, so a viewer found after this object was made is the one named)."""

    def __init__(self, by: Callable[[], str]) -> None:
        self._by = by

    @property
    def by(self) -> str:
        return self._by()

    @contextmanager
    def read(self) -> Iterator[Session]:
        """One read transaction."""
        from casefile.record.db import read_session

        with read_session() as session:
            yield session

    @contextmanager
    def write(self, *, by: str | None = None) -> Iterator[Session]:
        """One write transaction, its docket entries recorded by ``by`` (default: who asks)."""
        from casefile.record.db import write_session

        with write_session(by=by or self.by) as session:
            yield session


def asker(connection: HTTPConnection, system: str) -> str:
    """Who a request's writes are recorded by: its signed-in user, else ``system``."""
    state: Any = connection.scope.get("state") or {}
    me = state.get("me")
    viewer = me.viewer if me is not None else state.get("viewer")
    return str(viewer.label()) if viewer is not None else system


def database(connection: HTTPConnection, *, system: str) -> Database:
    """The request's Database (one per request: the same object to every dependency that asks)."""
    state: Any = connection.scope.setdefault("state", {})
    found = state.get("database")
    if found is None:
        found = state["database"] = Database(lambda: asker(connection, system))
    return found  # type: ignore[no-any-return]


def system_database(system: str) -> Database:
    """The record for what runs outside a request's routes (the session middleware, the sign-in
    throttle, the demo's start): recorded by ``system``."""
    return Database(lambda: system)
