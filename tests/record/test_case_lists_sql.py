"""My cases, Deadlines and `case list` filter, sort and page in the database (issue 18, item 8).

- The authority policy's SQL condition of the cases a viewer sees (``sees_case_where``) gives, for
  every case and every kind of viewer, the answer ``sees_case`` gives for that case.
- ``case_summaries`` gives the same pages as the list built in Python before (every visible case
  loaded, filtered, sorted and cut in Python: :func:`reference_summaries`, kept here as it was), for
  every viewer, search, Region, stage, offset and limit, at an instant with periods running and at
  a past one.
- The rows a page of My cases reads do not grow with the number of cases (counted with a
  SQLAlchemy event at 50 and at 500 cases).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine, event
from sqlmodel import Session, col, func, or_, select

from casefile.record.access import UserViewer
from casefile.record.accounts import Organization, OrganizationKind, Representation, UserRole, Watch
from casefile.record.authority import OPERATOR, sees_case, sees_case_where
from casefile.record.case_list import case_summaries, count_cases
from casefile.record.deadline_list import count_open_deadlines, open_deadlines, open_deadlines_counted, running_at
from casefile.record.models import Case, Deadline, Election, Party
from casefile.record.queries import CaseSummary, deadline_view
from tests.record.synthetic import add_synthetic_cases

TODAY = date(2026, 11, 20)
NOW = datetime(2026, 11, 20, 17, tzinfo=UTC)


def reference_summaries(session: Session, *, as_of: datetime, viewer: Any = OPERATOR, search: str | None = None,
                        region: str | None = None, stage: str | None = None, offset: int = 0,
                        limit: int | None = None) -> list[CaseSummary]:
    """case_summaries as it was before issue 18: every visible case loaded and filtered, sorted and
    paged in Python."""
    query = select(Case.id, Case.number, Case.name, Case.region, Case.office_key)
    if search:
        like = f"%{search.strip().lower()}%"
        parties = select(Party.case_id).where(func.lower(Party.name).like(like))
        query = query.where(or_(func.lower(Case.number).like(like), func.lower(Case.name).like(like),
                                col(Case.id).in_(parties)))
    if region:
        query = query.where(Case.region == region.zfill(2))
    cases = [c for c in session.exec(query.order_by(col(Case.number))).all() if sees_case(session, viewer, c)]  # type: ignore[arg-type]
    ids = [c.id for c in cases]
    latest: dict[int, Any] = {}
    current_id: dict[int, int] = {}
    counts: dict[int, int] = {}
    for case_id, election_id, current in session.exec(select(Election.case_id, Election.id, Election.stage).where(
            col(Election.case_id).in_(ids)).order_by(col(Election.sequence))).all():
        latest[case_id] = current
        current_id[case_id] = election_id
        counts[case_id] = counts.get(case_id, 0) + 1

    def stage_name(case_id: int) -> str:  # the stage in words at as_of, from the election's own deadlines (stage_now)
        from casefile.record.stage_now import stage_words_now

        if case_id not in latest:
            return ""
        own = session.exec(select(Deadline).where(Deadline.election_id == current_id[case_id])).all()
        return stage_words_now(latest[case_id], own, as_of).name
    nxt: dict[int, Deadline] = {}
    for d in session.exec(select(Deadline).where(col(Deadline.case_id).in_(ids), *running_at(as_of))
                          .order_by(col(Deadline.cutoff_at), col(Deadline.id))).all():
        nxt.setdefault(d.case_id, d)
    far = datetime.max.replace(tzinfo=as_of.tzinfo)
    chosen = [c for c in cases if not stage or (c.id in latest and latest[c.id].value == stage)]
    chosen.sort(key=lambda c: (c.id not in nxt, nxt[c.id].cutoff_at if c.id in nxt else far, c.number))
    return [CaseSummary(case_number=c.number, name=c.name, region=c.region, office=c.office_key,
                        stage=latest[c.id].value if c.id in latest else None, elections=counts.get(c.id, 0),
                        next_deadline=deadline_view(nxt[c.id], c.number) if c.id in nxt else None,
                        stage_name=stage_name(c.id))
            for c in chosen[offset:offset + limit if limit is not None else None]]


def _org(session: Session, key: str, kind: OrganizationKind) -> int:
    org = Organization(key=key, name=key, kind=kind, created_at=NOW)
    session.add(org)
    session.flush()
    assert org.id is not None
    return org.id


def _viewer(org_id: int, key: str, kind: OrganizationKind) -> UserViewer:
    return UserViewer(user_id=org_id, email=f"u@{key}.example.org", organization_id=org_id, organization_key=key,
                      organization_kind=kind, role=UserRole.COUNSEL)


def _world(engine: Engine, count: int) -> dict[str, Any]:
    """``count`` synthetic cases, some odd ones (no office, an office the table does not know, the
    Board's), and viewers of every kind: a firm representing parties, a watcher, Region 10 (with
    Regions 12 and 05), a union that lists a Region without being one (never a Region's view), an
    organization linked to nothing; the operator."""
    add_synthetic_cases(engine, count, today=TODAY)
    with Session(engine) as session:
        for number, region, office in (("10-RC-900001", "10", ""), ("10-RC-900002", "10", "10-nowhere"),
                                       ("12-RC-900003", "12", "board"), ("05-RC-900004", "05", "05"),
                                       ("21-RC-900005", "21", "10-atlanta")):
            session.add(Case(number=number, name=f"Odd {number}", case_type="RC", region=region, office_key=office,
                             rule_set_id="2023-rule", created_at=NOW))
        session.flush()
        cases = session.exec(select(Case).order_by(col(Case.id))).all()
        parties = session.exec(select(Party).order_by(col(Party.id))).all()
        firm = _org(session, "firm", OrganizationKind.FIRM)
        watcher = _org(session, "watcher", OrganizationKind.FEDERATION)
        region = _org(session, "region-10", OrganizationKind.REGION)
        pretender = _org(session, "pretender", OrganizationKind.UNION)
        nobody = _org(session, "nobody", OrganizationKind.FIRM)
        for p in parties[::7]:
            session.add(Representation(organization_id=firm, case_id=p.case_id, party_id=p.id, created_at=NOW))
        session.add(Representation(organization_id=firm, case_id=cases[3].id, party_id=None, created_at=NOW))  # no party
        for c in cases[::5]:
            session.add(Watch(organization_id=watcher, case_id=c.id or 0, created_at=NOW))
        for r in ("10", "12", "05"):
            session.add(Representation(organization_id=region, region=r, created_at=NOW))
        session.add(Representation(organization_id=pretender, region="10", created_at=NOW))
        session.add(Representation(organization_id=pretender, case_id=cases[1].id, party_id=parties[2].id,
                                   region="12", created_at=NOW))  # a region link names no party's standing
        session.commit()
        kinds = {"firm": (firm, OrganizationKind.FIRM), "watcher": (watcher, OrganizationKind.FEDERATION),
                 "region-10": (region, OrganizationKind.REGION), "pretender": (pretender, OrganizationKind.UNION),
                 "nobody": (nobody, OrganizationKind.FIRM)}
    viewers: dict[str, Any] = {"operator": OPERATOR}
    viewers |= {key: _viewer(org_id, key, kind) for key, (org_id, kind) in kinds.items()}
    return viewers


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Engine, dict[str, Any]]]:
    from sqlmodel import SQLModel

    from casefile.record.db import make_engine

    engine = make_engine(f"sqlite:///{tmp_path_factory.mktemp('lists') / 'casefile.db'}")
    SQLModel.metadata.create_all(engine)
    yield engine, _world(engine, 300)
    engine.dispose()


def test_the_sql_condition_agrees_with_the_policy_case_by_case(world: tuple[Engine, dict[str, Any]]) -> None:
    engine, viewers = world
    with Session(engine) as session:
        every = session.exec(select(Case)).all()
        for who, viewer in viewers.items():
            by_policy = {c.id for c in every if sees_case(session, viewer, c)}
            by_sql = set(session.exec(select(Case.id).where(sees_case_where(session, viewer))).all())
            assert by_sql == by_policy, who
        seen = {who: len(session.exec(select(Case.id).where(sees_case_where(session, v))).all())
                for who, v in viewers.items()}
    assert seen["operator"] == 305 and seen["nobody"] == 0 and seen["pretender"] == 0, seen
    assert 0 < seen["firm"] < 305 and 0 < seen["watcher"] < 305 and 0 < seen["region-10"] < 305, seen


# 300 pages compared at each instant (about 4 s of CPU each): the loop (`make check`) compares them now, with
# periods running; `make test` at the past instant too.
@pytest.mark.parametrize("as_of", [pytest.param(NOW, id="now"),
                                   pytest.param(NOW - timedelta(days=400), id="a-year-before", marks=pytest.mark.thorough)])
def test_pages_are_those_the_python_list_gave(world: tuple[Engine, dict[str, Any]], as_of: datetime) -> None:
    engine, viewers = world
    asks: list[dict[str, Any]] = [{}, {"search": "acme"}, {"search": "TEAMSTERS"}, {"search": "10-rc"},
                                  {"region": "10"}, {"stage": "certified"}, {"stage": "tally-issued"},
                                  {"stage": "set-aside"}, {"search": "odd", "region": "10"}, {"search": "zzz-nothing"}]
    pages = [(0, None), (0, 51), (10, 20), (290, 51), (1000, 51)]
    compared = 0
    with Session(engine) as session:
        for who, viewer in viewers.items():
            for ask in asks:
                every = reference_summaries(session, as_of=as_of, viewer=viewer, **ask)  # its pages: slices of it
                for offset, limit in pages:
                    got = case_summaries(session, as_of=as_of, viewer=viewer, offset=offset, limit=limit, **ask)
                    assert got == every[offset:None if limit is None else offset + limit], (who, ask, offset, limit)
                    compared += len(got)
                assert count_cases(session, viewer=viewer, **ask) == len(every), (who, ask)
    assert compared > 1500


def test_a_page_lists_running_deadlines_first_then_the_rest_by_number(world: tuple[Engine, dict[str, Any]]) -> None:
    engine, _ = world
    with Session(engine) as session:
        every = case_summaries(session, as_of=NOW)
    due = [s for s in every if s.next_deadline is not None]
    assert 5 < len(due) < 100 and every[:len(due)] == due  # the cases tallied in the last weeks
    assert [s.next_deadline.cutoff_at for s in due] == sorted(s.next_deadline.cutoff_at for s in due)  # type: ignore[union-attr]
    rest = [s.case_number for s in every[len(due):]]
    assert rest == sorted(rest) and len(every) == 305


def test_deadlines_across_my_cases_are_the_ones_the_policy_shows(world: tuple[Engine, dict[str, Any]]) -> None:
    engine, viewers = world
    with Session(engine) as session:
        for who, viewer in viewers.items():
            every = open_deadlines(session, as_of=NOW, viewer=viewer)
            numbers = {c.number for c in session.exec(select(Case)).all() if sees_case(session, viewer, c)}
            everyone = open_deadlines(session, as_of=NOW)
            assert every == [d for d in everyone if d.case_number in numbers], who
            assert open_deadlines(session, as_of=NOW, viewer=viewer, limit=7) == every[:7], who
            assert count_open_deadlines(session, as_of=NOW, viewer=viewer) == len(every), who


def test_deadlines_and_their_count_in_one_query(world: tuple[Engine, dict[str, Any]]) -> None:
    engine, viewers = world
    with Session(engine) as session:
        for who, viewer in viewers.items():
            every = open_deadlines(session, as_of=NOW, viewer=viewer)
            for limit in (1, 7, 10_000):
                assert open_deadlines_counted(session, as_of=NOW, viewer=viewer, limit=limit) == (every[:limit], len(every)), who
        assert len(open_deadlines(session, as_of=NOW)) > 7


@pytest.mark.postgres
def test_on_postgresql_the_lists_are_those_the_python_list_gave(postgres_schema: tuple[Engine, str]) -> None:
    """The same answers on PostgreSQL, whose condition of the watched cases differs (OFFSET 0: the
    planner probes each case's watch instead of hashing every watch), with its JIT off."""
    from sqlalchemy import text

    from casefile.record.db import make_engine
    from tests.conftest import POSTGRES_URL, _emptied

    base, schema = postgres_schema
    _emptied(base, schema)
    postgres_engine = make_engine(f"{POSTGRES_URL}?options=-csearch_path%3D{schema}")  # the synthetic cases' raw SQL too
    viewers = _world(postgres_engine, 60)
    with postgres_engine.connect() as connection:
        assert connection.execute(text("SHOW jit")).scalar_one() == "off"
    with Session(postgres_engine) as session:
        every_case = session.exec(select(Case)).all()
        for who, viewer in viewers.items():
            by_policy = {c.id for c in every_case if sees_case(session, viewer, c)}
            assert set(session.exec(select(Case.id).where(sees_case_where(session, viewer))).all()) == by_policy, who
            for ask in ({}, {"stage": "certified"}, {"search": "acme"}):
                every = reference_summaries(session, as_of=NOW, viewer=viewer, **ask)
                for offset, limit in ((0, 51), (10, 20), (50, 51)):
                    got = case_summaries(session, as_of=NOW, viewer=viewer, offset=offset, limit=limit, **ask)
                    assert got == every[offset:offset + limit], (who, ask, offset, limit)
                assert count_cases(session, viewer=viewer, **ask) == len(every), (who, ask)
            deadlines = open_deadlines(session, as_of=NOW, viewer=viewer)
            assert open_deadlines_counted(session, as_of=NOW, viewer=viewer, limit=3) == (deadlines[:3], len(deadlines))
    postgres_engine.dispose()


class _Reads:
    """Statements run and rows fetched through a session (the ORM's execute)."""

    def __init__(self, session: Session) -> None:
        self.statements = self.rows = 0
        event.listen(session, "do_orm_execute", self._count)

    def _count(self, state: Any) -> Any:
        frozen = state.invoke_statement().freeze()
        self.statements += 1
        self.rows += len(frozen.data)
        return frozen()


def _watched_world(count: int, tmp: Any) -> tuple[Engine, Any]:
    """A world of ``count`` cases whose watcher watches every case."""
    from sqlmodel import SQLModel

    from casefile.record.db import make_engine

    engine = make_engine(f"sqlite:///{tmp / f'{count}.db'}")
    SQLModel.metadata.create_all(engine)
    watcher = _world(engine, count)["watcher"]
    with Session(engine) as other:
        for c in other.exec(select(Case)).all():  # the watcher watches every case
            if not sees_case(other, watcher, c):
                other.add(Watch(organization_id=watcher.organization_id, case_id=c.id or 0, created_at=NOW))
        other.commit()
    return engine, watcher


@pytest.fixture(scope="module")
def watched_worlds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[int, tuple[Engine, Any]]]:
    """The worlds of 50 and of 500 cases, built once for the module (reads only)."""
    tmp = tmp_path_factory.mktemp("watched")
    worlds = {count: _watched_world(count, tmp) for count in (50, 500)}
    yield worlds
    for engine, _ in worlds.values():
        engine.dispose()


def _reads_of_first_page(world: tuple[Engine, Any], **ask: Any) -> tuple[int, int]:
    engine, watcher = world
    with Session(engine) as session:
        reads = _Reads(session)
        page = case_summaries(session, as_of=NOW, viewer=watcher, offset=0, limit=5, **ask)
        assert len(page) == 5
        return reads.statements, reads.rows


@pytest.mark.parametrize("ask", [{}, {"stage": "certified"}, {"search": "acme"}], ids=["first-page", "stage", "search"])
def test_a_page_reads_the_same_rows_at_50_and_at_500_cases(watched_worlds: dict[int, tuple[Engine, Any]],
                                                           ask: dict[str, Any]) -> None:
    small = _reads_of_first_page(watched_worlds[50], **ask)
    large = _reads_of_first_page(watched_worlds[500], **ask)
    assert large[0] <= small[0] + 2, (small, large)  # the statements (the rest of a page: one more and a count)
    assert large[1] <= 2 * small[1] and large[1] < 60, (small, large)  # rows: a page's worth, not 500 cases'


def _reads_of_case_page(world: tuple[Engine, Any], number: str) -> tuple[int, int]:
    """The statements sent and the rows read by a case's page reads (its read model, the acts the
    watcher may do, its running deadlines) for the case ``number``."""
    from casefile.acts.permitted import permitted_acts
    from casefile.record.queries import case_view, visible_case

    engine, watcher = world
    sent: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        sent.append(statement)

    with Session(engine) as session:
        reads = _Reads(session)
        event.listen(engine, "before_cursor_execute", count)
        try:
            view = case_view(session, number, watcher, as_of=NOW)
            permitted_acts(session, watcher, visible_case(session, number, watcher), as_of=NOW)
            running = open_deadlines(session, as_of=NOW, case_number=number, viewer=watcher)
        finally:
            event.remove(engine, "before_cursor_execute", count)
        assert view.case_number == number and view.elections and all(d.case_number == number for d in running)
        return len(sent), reads.rows


def test_a_case_page_reads_the_same_at_50_and_at_500_cases(watched_worlds: dict[int, tuple[Engine, Any]]) -> None:
    with Session(watched_worlds[50][0]) as session:
        number = session.exec(select(Case.number).order_by(col(Case.id))).first()
    assert number is not None  # the same first synthetic case in both worlds (the same seed)
    small = _reads_of_case_page(watched_worlds[50], number)
    large = _reads_of_case_page(watched_worlds[500], number)
    assert large == small and small[0] <= 45, (small, large)  # 40 statements, 49 rows here
