"""The list of cases a viewer sees: each with its current election's stage and its next running
deadline, searched, filtered, sorted and paged in the database, and counted there; read models of
casefile.record.queries."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import and_, exists, or_
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, func, select

from casefile.record.authority import OPERATOR, sees_case_where
from casefile.record.deadline_list import due_from
from casefile.record.models import Case, Deadline, Election, Party
from casefile.record.queries import CaseSummary, Viewer, deadline_view, period_owners
from casefile.vocab import Stage


def _cases_seen(session: Session, viewer: Viewer, search: str | None, region: str | None,
                stage: str | None) -> list[Any]:
    """The conditions on Case of the cases ``viewer`` sees that match ``search``, ``region`` and ``stage``."""
    where: list[Any] = [sees_case_where(session, viewer)]
    if search:
        like = f"%{search.strip().lower()}%"
        party = exists().where(col(Party.case_id) == col(Case.id), func.lower(Party.name).like(like))  # by a party's name
        where.append(or_(func.lower(Case.number).like(like), func.lower(Case.name).like(like), party))
    if region:
        where.append(Case.region == region.zfill(2))
    if stage:
        # The current election's stage, read for each case the list reaches (the (case, sequence)
        # index), not a join over every election at that stage (most cases are certified).
        current = (select(Election.stage).where(col(Election.case_id) == col(Case.id))
                   .order_by(col(Election.sequence).desc()).limit(1).correlate(Case).scalar_subquery())
        where.append(current == Stage(stage))
    return where


def _next_deadline_first(as_of: datetime, viewer: Viewer, session: Session) -> tuple[Any, Any]:
    """A Deadline alias and the conditions that make its row the next deadline of its case still due
    from ``viewer``'s side at ``as_of`` (running, not met by its own party: due_from), and no such
    deadline of the case before it (by cut-off, then id)."""
    d: Any = aliased(Deadline)
    earlier: Any = aliased(Deadline)
    first = ~exists().where(earlier.case_id == d.case_id, *due_from(viewer, as_of, earlier, session),
                            or_(earlier.cutoff_at < d.cutoff_at, and_(earlier.cutoff_at == d.cutoff_at, earlier.id < d.id)))
    return d, (*due_from(viewer, as_of, d, session), first)


def case_summaries(session: Session, *, as_of: datetime, viewer: Viewer = OPERATOR,
                   search: str | None = None, region: str | None = None, stage: str | None = None,
                   offset: int = 0, limit: int | None = None) -> list[CaseSummary]:
    """Every case ``viewer`` sees with its current election's stage and the next deadline open
    at ``as_of``; cases with a deadline first, soonest first, then by number. ``search`` matches
    the case number, its name or a party's name (case-insensitive); ``region`` and ``stage`` filter.

    Filtered, sorted and paged in the database (the visible cases: :func:`sees_case_where`), so a
    page costs what its rows cost, whatever the number of cases: first the cases with a running
    deadline in the order of their next cut-off, then the others by number; only the page's rows
    are read and made into read models."""
    where = _cases_seen(session, viewer, search, region, stage)
    d, first = _next_deadline_first(as_of, viewer, session)
    due = (select(Case.id, d.id).join(d, d.case_id == Case.id).where(*where, *first)
           .order_by(d.cutoff_at, col(Case.number)))
    page: list[tuple[int, int | None]] = [tuple(r) for r in session.exec(due.offset(offset).limit(limit)).all()]
    if limit is None or len(page) < limit:
        # the cases with a running deadline before this page: counted only when the page begins past them all
        with_due = len(page) + offset if page or not offset else int(session.exec(
            select(func.count()).select_from(due.order_by(None).subquery())).one())
        running: Any = aliased(Deadline)
        rest = (select(Case.id).where(*where, ~exists().where(running.case_id == Case.id, *due_from(viewer, as_of, running, session)))
                .order_by(col(Case.number)).offset(max(0, offset - with_due))
                .limit(None if limit is None else limit - len(page)))
        page += [(case_id, None) for case_id in session.exec(rest).all() if case_id is not None]
    return _summaries(session, page, as_of)


def _summaries(session: Session, page: list[tuple[int, int | None]], as_of: datetime) -> list[CaseSummary]:
    """The read models of the cases ``page`` names (case id, its next deadline's id or None), in order; each
    current election's stage in words at ``as_of`` (casefile.record.stage_now)."""
    from casefile.record.stage_now import stage_words_of_elections

    ids = [case_id for case_id, _ in page]
    cases = {c.id: c for c in session.exec(select(Case).where(col(Case.id).in_(ids))).all()} if ids else {}
    latest: dict[int, Any] = {}
    current_ids: dict[int, tuple[int, Stage]] = {}
    counts: dict[int, int] = {}
    if ids:
        for case_id, election_id, current in session.exec(select(Election.case_id, Election.id, Election.stage).where(
                col(Election.case_id).in_(ids)).order_by(col(Election.sequence))).all():
            latest[case_id] = current
            current_ids[case_id] = (election_id, current)
            counts[case_id] = counts.get(case_id, 0) + 1
    words = stage_words_of_elections(session, current_ids, as_of)
    wanted = [deadline_id for _, deadline_id in page if deadline_id is not None]
    nxt = {x.id: x for x in session.exec(select(Deadline).where(col(Deadline.id).in_(wanted))).all()} if wanted else {}
    owners = period_owners(session, nxt.values())
    out = []
    for case_id, deadline_id in page:
        c = cases[case_id]
        out.append(CaseSummary(case_number=c.number, name=c.name, region=c.region, office=c.office_key,
                               stage=latest[case_id].value if case_id in latest else None,
                               stage_name=words[case_id].name if case_id in words else "",
                               elections=counts.get(case_id, 0),
                               next_deadline=deadline_view(nxt[deadline_id], c.number, whose=owners.get(deadline_id, ""))
                               if deadline_id is not None else None))
    return out


def count_cases(session: Session, *, viewer: Viewer = OPERATOR, search: str | None = None, region: str | None = None,
                stage: str | None = None) -> int:
    """How many cases :func:`case_summaries` lists (counted in the database)."""
    where = _cases_seen(session, viewer, search, region, stage)
    return int(session.exec(select(func.count()).select_from(Case).where(*where)).one())
