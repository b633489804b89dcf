"""The database layer: SQLite set up for a multi-process tool, and concurrent acts that cannot
both move an election from the same stage (SQLite and PostgreSQL)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from sqlmodel import select

from casefile.record.db import make_engine, write_session
from casefile.record.models import DocketEntry
from casefile.vocab import Stage
from tests.bessemer import TALLY_2021, file_objections, objections_act, open_case, record_tally
from tests.conftest import at


class TestSqliteSettings:
    def test_pragmas(self, sqlite_engine: Engine) -> None:
        """Every connection has WAL, foreign keys on and a busy timeout."""
        with sqlite_engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000

    def test_concurrent_read_modify_write_loses_nothing(self, tmp_path: Path) -> None:
        """Four threads x 25 read-then-write increments in write transactions end at 100 (BEGIN IMMEDIATE)."""
        engine = make_engine(f"sqlite:///{tmp_path / 'counter.db'}")
        with engine.begin() as conn:
            conn.exec_driver_sql("CREATE TABLE counter (n INTEGER NOT NULL)")
            conn.exec_driver_sql("INSERT INTO counter VALUES (0)")
        errors: list[BaseException] = []

        def work() -> None:
            try:
                for _ in range(25):
                    with write_session(engine, by="operator:tests") as s:
                        n = s.exec(text("SELECT n FROM counter")).scalar_one()  # type: ignore[call-overload]
                        s.exec(text("UPDATE counter SET n = :n"), params={"n": n + 1})  # type: ignore[call-overload]
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        with engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT n FROM counter").scalar() == 100


class TestConcurrentActs:
    def test_two_parties_object_at_once(self, engine: Engine) -> None:
        """Objections of both parties filed at the same moment move the election to objections-pending exactly once."""
        with write_session(engine, by="operator:tests") as s:
            open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
            record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
        barrier = threading.Barrier(2)
        errors: list[BaseException] = []

        def object_(party: str) -> None:
            barrier.wait()
            try:
                with write_session(engine, by="operator:tests") as s:
                    file_objections(s, objections_act(party, ["objection"], at=at("2021-04-16T12:00:00-04:00")),
                                    as_of=at("2021-04-16T12:00:00-04:00"))
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=object_, args=(p,)) for p in ("rwdsu", "amazon")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        with write_session(engine, by="operator:tests") as s:
            moves = s.exec(select(DocketEntry).where(DocketEntry.to_stage == Stage.OBJECTIONS_PENDING)).all()
            filings = s.exec(select(DocketEntry).where(DocketEntry.act == "file-objections")).all()
        assert len(moves) == 1 and len(filings) == 2


@pytest.mark.postgres
def test_postgres_is_really_used(postgres_engine: Engine) -> None:
    """The PostgreSQL fixture talks to a real server (no mock)."""
    with postgres_engine.connect() as conn:
        assert conn.exec_driver_sql("select version()").scalar().startswith("PostgreSQL")
