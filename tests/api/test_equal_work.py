"""A record one may not see and a record that does not exist cost the same work (issue 14, security
trial L5: a hidden document's 404 was 2–3 ms slower than a missing one's). Not a timing test: the
SQL statements each request runs are counted (SQLAlchemy's before_cursor_execute) and must be
the same number for the hidden record and the missing one."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event

from tests.accounts.world import NUMBER, World


@contextmanager
def counting() -> Iterator[list[str]]:
    from casefile.record.db import get_engine

    statements: list[str] = []
    engine = get_engine()

    def count(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", count)


def work(client: Any, world: World, who: str, path: str) -> tuple[int, list[str]]:
    client.get(path, headers=world.headers(who))  # warm: the token's use is recorded once a minute
    with counting() as statements:
        answer = client.get(path, headers=world.headers(who))
    return answer.status_code, statements


@pytest.mark.parametrize(("who", "hidden", "missing"), [
    ("employer-counsel", "/api/v1/documents/{offer-of-proof}", "/api/v1/documents/987654"),  # confidential
    ("outsider", "/api/v1/documents/{tally-of-ballots}", "/api/v1/documents/987654"),  # its case not seen
    ("outsider", "/api/v1/documents/{offer-of-proof}", "/api/v1/documents/987654"),
    ("outsider", f"/api/v1/cases/{NUMBER}", "/api/v1/cases/10-RC-999999"),
    ("outsider", f"/api/v1/cases/{NUMBER}/docket", "/api/v1/cases/10-RC-999999/docket"),
    ("outsider", f"/api/v1/cases/{NUMBER}/export", "/api/v1/cases/10-RC-999999/export"),
])
def test_hidden_and_missing_run_the_same_queries(client: Any, world: World, who: str, hidden: str,
                                                 missing: str) -> None:
    hidden_path = hidden.format(**world.documents)
    hidden_status, hidden_sql = work(client, world, who, hidden_path)
    missing_status, missing_sql = work(client, world, who, missing)
    assert hidden_status == missing_status == 404
    assert len(hidden_sql) == len(missing_sql), (hidden_sql, missing_sql)
