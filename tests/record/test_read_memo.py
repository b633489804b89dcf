"""Identical reads in one session asked once (casefile.record.read_memo), and the case page's reads
that use it: the acts a user may do now ask each distinct question of the database once, and give
the same permissions as without the memo; a case's read model reads each table once, whatever the
number of its elections (issue 18, item 9)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import Engine, event
from sqlmodel import Session, SQLModel, col, select

from casefile.record.models import Case, Party
from casefile.record.read_memo import reads_once
from tests.bessemer import NUMBER, TALLY_2022, first_election, front_door, to_rerun

NOW = datetime(2026, 11, 20, 17, tzinfo=UTC)


class _Statements:
    """The statements an engine sends to the database (text and parameters), while counting."""

    def __init__(self, engine: Engine) -> None:
        self.sent: list[tuple[str, str]] = []
        self.engine = engine
        event.listen(engine, "before_cursor_execute", self._sent)

    def _sent(self, _conn: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, _many: bool) -> None:
        self.sent.append((statement, repr(parameters)))

    def close(self) -> None:
        event.remove(self.engine, "before_cursor_execute", self._sent)


@pytest.fixture
def engine(tmp_path: Any) -> Iterator[Engine]:
    from casefile.record.db import make_engine

    made = make_engine(f"sqlite:///{tmp_path / 'casefile.db'}")
    SQLModel.metadata.create_all(made)
    yield made
    made.dispose()


def _case(session: Session, number: str) -> Case:
    case = Case(number=number, name=f"Acme {number}", case_type="RC", region="10", office_key="10-atlanta",
                rule_set_id="2023-rule", created_at=NOW)
    session.add(case)
    session.flush()
    return case


def test_the_same_select_twice_is_sent_once_and_gives_the_same_rows(engine: Engine) -> None:
    with Session(engine) as session:
        case_id = _case(session, "10-RC-000001").id
        session.add(Party(case_id=case_id, key="acme", role="employer", name="Acme Logistics"))
        session.commit()
        sent = _Statements(engine)
        asked = select(Party).where(Party.case_id == case_id).order_by(col(Party.id))
        with reads_once(session) as memo:
            first = session.exec(asked).all()
            again = session.exec(asked).all()
            other = session.exec(select(Party).where(Party.case_id == -1)).all()  # another value: asked
        sent.close()
        assert [p.name for p in first] == ["Acme Logistics"] and again == first and again[0] is first[0]
        assert other == [] and len(memo) == 2
        assert len([s for s, _ in sent.sent if s.lstrip().startswith("SELECT")]) == 2, sent.sent


def test_a_write_in_the_block_is_seen_by_the_next_read(engine: Engine) -> None:
    with Session(engine) as session:
        case = _case(session, "10-RC-000002")
        session.commit()
        asked = select(Party.name).where(Party.case_id == case.id).order_by(col(Party.id))
        with reads_once(session):
            assert session.exec(asked).all() == []
            session.add(Party(case_id=case.id, key="union", role="petitioner", name="Workers United"))
            session.flush()
            assert session.exec(asked).all() == ["Workers United"]
            session.add(Party(case_id=case.id, key="acme", role="employer", name="Acme Logistics"))  # autoflushed
            assert session.exec(asked).all() == ["Workers United", "Acme Logistics"]


def test_outside_the_block_and_for_update_every_read_is_sent(engine: Engine) -> None:
    with Session(engine) as session:
        case_id = _case(session, "10-RC-000003").id
        session.commit()
        asked = select(Case.number).where(Case.id == case_id)
        with reads_once(session):
            session.exec(asked).all()
        sent = _Statements(engine)
        assert session.exec(asked).all() == ["10-RC-000003"]
        with reads_once(session) as memo:
            locked = select(Case.number).where(Case.id == case_id).with_for_update()
            assert session.exec(locked).all() == session.exec(locked).all() == ["10-RC-000003"]
        sent.close()
        assert len([s for s, _ in sent.sent if s.lstrip().startswith("SELECT")]) == 3 and memo == {}


@pytest.fixture
def bessemer(engine: Engine) -> Engine:
    to_rerun(engine)
    front_door(engine, TALLY_2022, datetime(2022, 3, 31, 16, tzinfo=UTC))  # 416 challenged ballots: determinative
    return engine


def test_the_acts_permitted_ask_each_question_once_and_are_those_asked_without_the_memo(
        bessemer: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    import casefile.acts.permitted as permitted
    from casefile.record.authority import OPERATOR
    from casefile.record.lookups import get_case

    for as_of in (datetime(2022, 4, 4, 16, tzinfo=UTC), NOW):
        with Session(bessemer) as session:
            case = get_case(session, NUMBER)
            sent = _Statements(bessemer)
            memoized = permitted.permitted_acts(session, OPERATOR, case, as_of=as_of)
            sent.close()
        assert len(sent.sent) == len(set(sent.sent)), [s for s in sent.sent if sent.sent.count(s) > 1][:3]
        with monkeypatch.context() as patched:
            patched.setattr(permitted, "reads_once", lambda _session: contextlib.nullcontext())
            with Session(bessemer) as session:
                asked = _Statements(bessemer)
                plain = permitted.permitted_acts(session, OPERATOR, get_case(session, NUMBER), as_of=as_of)
                asked.close()
        assert memoized == plain and len(memoized) > 5, as_of
        assert len(sent.sent) < len(asked.sent) / 2, (len(sent.sent), len(asked.sent))  # Bessemer: 46 against 110
    acts = {p.act for p in memoized}
    assert {"file-objections", "register-challenges"} <= acts and "record-tally" not in acts, acts


def test_a_case_read_model_reads_each_table_once_whatever_its_elections(engine: Engine, tmp_path: Any) -> None:
    from casefile.record.db import make_engine
    from casefile.record.queries import case_view

    rerun = make_engine(f"sqlite:///{tmp_path / 'rerun.db'}")
    SQLModel.metadata.create_all(rerun)
    first_election(engine)
    to_rerun(rerun)
    front_door(rerun, TALLY_2022, datetime(2022, 3, 31, 16, tzinfo=UTC))
    views, sent = [], []
    for made in (engine, rerun):
        with Session(made) as session:
            statements = _Statements(made)
            views.append(case_view(session, NUMBER, as_of=NOW))
            statements.close()
            sent.append(len(statements.sent))
    rerun.dispose()
    one, two = views
    assert [(e.sequence, e.stage) for e in one.elections] == [(1, "tally-issued")]
    assert [(e.sequence, e.stage) for e in two.elections] == [(1, "rerun-directed"), (2, "tally-issued")]
    assert len(two.docket) > len(one.docket) + 3 and len(two.elections[0].deadlines) > len(one.elections[0].deadlines)
    assert sent[1] == sent[0], sent  # the same statements for one election as for two
