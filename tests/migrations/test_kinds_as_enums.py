"""Revision kinds_as_enums on SQLite and PostgreSQL, on a database with real rows: a hearing's "HH:MM" opening time
becomes a time of day ("" none), and back; every docket entry's act is one of the act names (kept as it was
written); a text that is no time, or an act casefile does not know, refuses the upgrade with nothing changed."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy import Connection, Engine, text

from casefile.record import migrate

BEFORE = "documentkind_waiver"
#: id, opens_at as the release before wrote it, the time it holds after the upgrade, and as the downgrade writes it
HEARINGS = ((1, "10:00", time(10, 0), "10:00"), (2, "", None, ""), (3, "9:30", time(9, 30), "09:30"),
            (4, "13:05", time(13, 5), "13:05"))
#: id, act as stored
ENTRIES = ((1, "open-case"), (2, "record-tally"), (3, "board-ruling"), (4, "board-ruling:closed"),
           (5, "import-tally"), (6, "import-case-closed"), (7, "issue-document"))


def _value(column: dict[str, Any]) -> Any:
    kind = column["type"]
    if isinstance(kind, sa.Enum) or getattr(kind, "enums", None):
        return kind.enums[0]
    python = kind.python_type if not isinstance(kind, sa.types.NullType) else str
    return {int: 0, bool: False, date: date(2021, 1, 1), datetime: datetime(2021, 1, 1, tzinfo=UTC),
            time: time(0, 0)}.get(python, "[]" if isinstance(kind, sa.JSON) else "x")


def _insert(conn: Connection, table: str, given: dict[str, Any]) -> None:
    """A row of ``table`` with ``given`` and a plain value in each other NOT NULL column without a default."""
    values = dict(given)
    for column in sa.inspect(conn).get_columns(table):
        if not column["nullable"] and column.get("default") is None and column["name"] not in values \
                and column["name"] != "id":
            values[column["name"]] = _value(column)
    names = ", ".join(f'"{n}"' for n in values)
    conn.execute(text(f'INSERT INTO "{table}" ({names}) VALUES ({", ".join(":" + n for n in values)})'), values)


def _old_database(engine: Engine, *, opens_at: tuple[str, ...] = (), acts: tuple[str, ...] = ()) -> None:
    migrate.upgrade(engine, BEFORE)
    with engine.begin() as conn:
        _insert(conn, "case", {"id": 1, "number": "10-RC-269250", "region": "10", "office_key": "atlanta"})
        _insert(conn, "election", {"id": 1, "case_id": 1, "sequence": 1})
        for ident, written in enumerate(opens_at or tuple(h[1] for h in HEARINGS), start=1):
            _insert(conn, "hearing", {"id": ident, "election_id": 1, "noticed_on": date(2021, 4, 26), "opens_at": written})
        for ident, act in enumerate(acts or tuple(e[1] for e in ENTRIES), start=1):
            _insert(conn, "docketentry", {"id": ident, "case_id": 1, "act": act, "act_key": f"key-{ident}", "actor": "PARTY",
                                          "prev_hash": f"prev-{ident}", "chain_hash": "", "ref": ""})


def _rows(engine: Engine, query: str) -> list[tuple[Any, ...]]:
    with engine.connect() as conn:
        return [tuple(r) for r in conn.execute(text(query)).all()]


def _downgrade(engine: Engine, target: str) -> None:
    from alembic import command

    with migrate.migration_connection(engine) as connection:
        command.downgrade(migrate.alembic_config(connection=connection), target)


def _revision(engine: Engine) -> str:
    return _rows(engine, "SELECT version_num FROM casefile_alembic_version")[0][0]


def _times(engine: Engine) -> list[tuple[int, time | None]]:
    """The hearings' opening times as read raw (PostgreSQL's TIME a time, SQLite's its text)."""
    return [(i, v if v is None or isinstance(v, time) else time.fromisoformat(str(v)))
            for i, v in _rows(engine, "SELECT id, opens_at FROM hearing ORDER BY id")]


def test_opening_times_become_times_and_back_every_row_kept(migration_engine: Engine) -> None:
    _old_database(migration_engine)
    migrate.upgrade(migration_engine)
    assert _times(migration_engine) == [(h[0], h[2]) for h in HEARINGS]
    assert _rows(migration_engine, "SELECT id, act FROM docketentry ORDER BY id") == list(ENTRIES)  # as written
    _downgrade(migration_engine, BEFORE)
    assert _rows(migration_engine, "SELECT id, opens_at FROM hearing ORDER BY id") == [(h[0], h[3]) for h in HEARINGS]
    assert _rows(migration_engine, "SELECT id, act FROM docketentry ORDER BY id") == list(ENTRIES)
    migrate.upgrade(migration_engine)  # and up again: the same times
    assert _times(migration_engine) == [(h[0], h[2]) for h in HEARINGS]


def test_the_record_reads_them_through_the_models(migration_engine: Engine) -> None:
    from sqlmodel import Session, col, select

    from casefile.record.models import DocketEntry, Hearing
    from casefile.vocab import DocketActName

    _old_database(migration_engine)
    migrate.upgrade(migration_engine)
    with Session(migration_engine) as session:
        assert [h.opens_at for h in session.exec(select(Hearing).order_by(col(Hearing.id)))] == [h[2] for h in HEARINGS]
        acts = [e.act for e in session.exec(select(DocketEntry).order_by(col(DocketEntry.id)))]
    assert acts == [DocketActName.OPEN_CASE, DocketActName.RECORD_TALLY, DocketActName.BOARD_RULING,
                    DocketActName.BOARD_RULING_CLOSED, DocketActName.IMPORT_TALLY, DocketActName.IMPORT_CASE_CLOSED,
                    DocketActName.ISSUE_DOCUMENT]
    assert all(type(a) is DocketActName for a in acts)


@pytest.mark.parametrize("bad", ["ten o'clock", "25:00", "10:75", "10.00"])
def test_a_text_that_is_no_time_refuses_the_upgrade_naming_it(migration_engine: Engine, bad: str) -> None:
    _old_database(migration_engine, opens_at=("10:00", bad))
    with pytest.raises(RuntimeError, match=rf"opening time \(opens_at\) of 1 hearings .*hearing 2: {bad!r}.*nothing was changed"):
        migrate.upgrade(migration_engine)
    assert _revision(migration_engine) == BEFORE
    assert _rows(migration_engine, "SELECT id, opens_at FROM hearing ORDER BY id") == [(1, "10:00"), (2, bad)]


def test_an_act_casefile_does_not_know_refuses_the_upgrade_naming_it(migration_engine: Engine) -> None:
    _old_database(migration_engine, acts=("open-case", "file-grievance"))
    with pytest.raises(RuntimeError, match=r"1 docket entries name an act casefile does not know \(entry 2: "
                                           r"'file-grievance'\).*nothing was changed"):
        migrate.upgrade(migration_engine)
    assert _revision(migration_engine) == BEFORE
    assert _rows(migration_engine, "SELECT id, act FROM docketentry ORDER BY id") == [(1, "open-case"), (2, "file-grievance")]


def test_the_revision_knows_every_act_name() -> None:
    """The revision's list is the act names of its day: every DocketActName value (a member added later needs no
    check: no database upgraded through this revision holds it)."""
    from importlib import import_module

    from casefile.vocab import DocketActName

    revision = import_module("casefile.record.migrations.versions.20261204_kinds_as_enums")
    names = {a.value for a in DocketActName}
    assert set(revision.ACT_NAMES) - names == set()
    assert {"import-tally", "board-ruling:rerun-directed"} <= set(revision.ACT_NAMES)
