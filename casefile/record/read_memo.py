"""Identical reads in one session asked of the database once, while a caller asks many rules the
same questions (the acts a user may do now: each act's stage rule reads the case's latest
election, its parties, its tally of ballots, its challenged ballots again).

Within :func:`reads_once`, a SELECT run again in the session with the same statement and the same
parameter values returns the rows its first run fetched — the same ORM instances, already in the
session's identity map — instead of a round trip. A SELECT ... FOR UPDATE, a relationship or
column load, and anything but a SELECT are run as always; any flush or write in the session drops
what was memoized, and a read while changes wait to be flushed is sent (flushing them first), so a
read after a write sees it. Nothing outside the ``with`` block is changed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import ORMExecuteState, Session


def _key(state: ORMExecuteState) -> Any:
    """The statement's cache key with its parameter values (None: not memoizable)."""
    statement: Any = state.statement
    if getattr(statement, "_for_update_arg", None) is not None:
        return None
    cache_key = statement._generate_cache_key()
    if cache_key is None:
        return None
    return cache_key.key, repr([b.effective_value for b in cache_key.bindparams]), repr(state.parameters)


@contextmanager
def reads_once(session: Session) -> Iterator[dict[Any, Any]]:
    """Within the block, identical SELECTs in ``session`` run once (see the module). Yields the
    memo (statement key -> frozen rows) for a caller that wants to count what it saved."""
    memo: dict[Any, Any] = {}

    def execute(state: ORMExecuteState) -> Any:
        if not state.is_select:
            memo.clear()
            return None
        if state.is_relationship_load or state.is_column_load:
            return None
        key = _key(state)
        if key is None:
            return None
        frozen = memo.get(key)
        if frozen is None or session.new or session.dirty or session.deleted:
            # asked, or asked again after a change not flushed yet: the read flushes it first (autoflush),
            # which drops the memo (after_flush), then its rows are kept
            frozen = state.invoke_statement().freeze()
            memo[key] = frozen
        return frozen()

    def flushed(*_: Any) -> None:
        memo.clear()

    event.listen(session, "do_orm_execute", execute)
    event.listen(session, "after_flush", flushed)
    event.listen(session, "after_soft_rollback", flushed)
    try:
        yield memo
    finally:
        event.remove(session, "do_orm_execute", execute)
        event.remove(session, "after_flush", flushed)
        event.remove(session, "after_soft_rollback", flushed)
