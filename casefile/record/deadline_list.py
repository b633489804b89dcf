"""The deadlines running at an instant across the cases a viewer sees (or in one case), soonest
first, filtered, sorted, cut and counted in the database; read models of casefile.record.queries."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import and_, exists, false, or_
from sqlmodel import Session, col, func, select

from casefile.record.accounts import Representation
from casefile.record.authority import OPERATOR, sees_case_where, sees_period_where
from casefile.record.closures import FILING_FOR
from casefile.record.models import Case, Deadline, Filing
from casefile.record.queries import DeadlineView, Viewer, deadline_view, period_owners, visible_case
from casefile.rules.deadline_state import state_at
from casefile.vocab import Audience, DeadlineStatus, NlrbFiling


def running_at(as_of: datetime, deadline: Any = Deadline) -> tuple[Any, ...]:
    """The conditions of a deadline running at ``as_of``: started by that day, cut-off not passed,
    not closed before it (one met or mooted later was still open then), and not a period of one party
    its timely filing has met (:func:`met_alone`) — what
    :func:`casefile.rules.deadline_state.state_at` calls open."""
    return (col(deadline.cutoff_at) >= as_of, col(deadline.trigger_on) <= as_of.date(),
            or_(deadline.status == DeadlineStatus.OPEN, col(deadline.closed_at) > as_of), ~met_alone(as_of, deadline))


def received_by_sql(as_of: datetime) -> Any:
    """The SQL condition of a filing received on or before ``as_of`` (casefile.record.queries.received_by)."""
    return or_(and_(col(Filing.received_at).is_not(None), col(Filing.received_at) <= as_of),
               and_(col(Filing.received_at).is_(None), col(Filing.received_on) <= as_of.date()))


def met_by_own(viewer: Viewer, as_of: datetime, deadline: Any = Deadline) -> Any:
    """The SQL condition of a deadline met by a timely filing (of the kind the period awaits,
    FILING_FOR), received on or before ``as_of``, of a party ``viewer``'s organization represents in
    the case (a filing received after ``as_of`` had not met it then): the period is met for
    that viewer while it runs on for the other parties (what
    :func:`casefile.rules.deadline_state.state_at` calls ``met``). False for the operator and for an
    organization that represents no party (a Region): a period is met for the party that met it."""
    organization_id = getattr(viewer, "organization_id", None)
    if organization_id is None or viewer is OPERATOR:
        return false()
    return _filed_by_own(organization_id, as_of, deadline, col(Filing.timely).is_(True),
                         Filing.nlrb == NlrbFiling.E_FILED)  # a filing only prepared in casefile meets nothing


def met_alone(as_of: datetime, deadline: Any = Deadline) -> Any:
    """The SQL condition of a period that is one party's alone (``for_whom`` a party's key: an objecting party's
    offer of proof, 29 CFR 102.69(a)(8)) met by a timely e-filed filing of the kind it awaits (FILING_FOR),
    received on or before ``as_of``: met for everyone, whoever asks (what
    :func:`casefile.rules.deadline_state.state_at` calls met with ``one_party``)."""
    awaited = or_(*[and_(deadline.kind == kind, Filing.kind == filing) for kind, filing in FILING_FOR.items()])
    return and_(col(deadline.for_whom).not_in([a.value for a in Audience]),
                exists().where(Filing.deadline_id == deadline.id, col(Filing.timely).is_(True),
                               Filing.nlrb == NlrbFiling.E_FILED, awaited, received_by_sql(as_of)))


def prepared_by_own(viewer: Viewer, as_of: datetime, deadline: Any = Deadline) -> Any:
    """The SQL condition of a deadline answered, by ``as_of``, by a filing of a party ``viewer``'s
    organization represents that is only prepared in casefile, not yet e-filed with the NLRB (what
    :func:`casefile.rules.deadline_state.state_at` calls ``prepared``: still due). False for the
    operator and for an organization that represents no party. Authority: 29 CFR 102.2(b); rules.efiling."""
    organization_id = getattr(viewer, "organization_id", None)
    if organization_id is None or viewer is OPERATOR:
        return false()
    return _filed_by_own(organization_id, as_of, deadline, Filing.nlrb == NlrbFiling.PREPARED)


def _filed_by_own(organization_id: int, as_of: datetime, deadline: Any, *conditions: Any) -> Any:
    """EXISTS a filing of the kind ``deadline`` awaits (FILING_FOR), against it, received by ``as_of``, of a
    party the organization represents in the case, meeting ``conditions``."""
    awaited = or_(*[and_(deadline.kind == kind, Filing.kind == filing) for kind, filing in FILING_FOR.items()])
    return exists().where(Filing.deadline_id == deadline.id, *conditions, awaited, received_by_sql(as_of),
                          Representation.organization_id == organization_id,
                          col(Representation.case_id) == col(deadline.case_id),
                          col(Representation.party_id) == col(Filing.party_id), col(Representation.region).is_(None))


def due_from(viewer: Viewer, as_of: datetime, deadline: Any = Deadline, session: Session | None = None) -> tuple[Any, ...]:
    """The conditions of a deadline still due from ``viewer``'s side at ``as_of``: running
    (:func:`running_at`), not met by its own party's timely filing (:func:`met_by_own`) and, with
    ``session``, one the viewer may see (not another party's own offer of proof: sees_period_where; the
    query must read the deadline's Case)."""
    seen = (sees_period_where(session, viewer, deadline),) if session is not None else ()
    return (*running_at(as_of, deadline), ~met_by_own(viewer, as_of, deadline), *seen)


def _deadlines_seen(session: Session, *, as_of: datetime, case_number: str | None, viewer: Viewer,
                    due_before: date | None, case_numbers: Any = None) -> Any:
    """The query of the deadlines running at ``as_of`` in the cases ``viewer`` sees (or in one case;
    or among ``case_numbers``, normalized numbers)."""
    query = (select(Deadline, Case.number, met_by_own(viewer, as_of).label("met"),
                    prepared_by_own(viewer, as_of).label("prepared"))
             .join(Case, Case.id == Deadline.case_id)  # type: ignore[arg-type]
             .where(*running_at(as_of), sees_period_where(session, viewer)))
    if case_numbers is not None:
        query = query.where(col(Case.number).in_(list(case_numbers)))
    if case_number is not None:
        query = query.where(Case.id == visible_case(session, case_number, viewer).id)
    else:
        query = query.where(sees_case_where(session, viewer))
    if due_before is not None:
        query = query.where(col(Deadline.due_on) < due_before)
    return query


def open_deadlines(session: Session, *, as_of: datetime, case_number: str | None = None,
                   viewer: Viewer = OPERATOR, due_before: date | None = None,
                   limit: int | None = None, case_numbers: Any = None) -> list[DeadlineView]:
    """Deadlines that were running at ``as_of``, soonest first, across the cases ``viewer`` sees or
    for one case: started on or before that day, cut-off not yet passed, and not closed before it
    (a deadline met or mooted later was still open then), so a past date shows the situation as it
    stood that day — the deadlines :func:`casefile.rules.deadline_state.state_at` calls open then
    (the query's conditions are the same). ``due_before``: only those due before that date;
    ``limit``: the first so many (filtered, sorted and cut in the database). Status is "open", or
    "met" for one the viewer's own party has met by a timely filing (:func:`met_by_own`; the period
    runs on for the other parties), "prepared" for one its own party answered only with a filing not yet
    e-filed (:func:`prepared_by_own`: still due)."""
    query = _deadlines_seen(session, as_of=as_of, case_number=case_number, viewer=viewer, due_before=due_before,
                            case_numbers=case_numbers)
    rows = session.exec(query.order_by(col(Deadline.cutoff_at), col(Deadline.id)).limit(limit)).all()
    owners = period_owners(session, [r[0] for r in rows])
    return [deadline_view(d, number, as_of=as_of, met=bool(met), prepared=bool(prepared), whose=owners.get(d.id, ""))
            for d, number, met, prepared in rows
            if state_at(kind=d.kind, status=d.status, trigger_on=d.trigger_on, cutoff_at=d.cutoff_at,
                        closed_at=d.closed_at, as_of=as_of).open]


def count_open_deadlines(session: Session, *, as_of: datetime, viewer: Viewer = OPERATOR) -> int:
    """How many deadlines :func:`open_deadlines` lists across the cases ``viewer`` sees (counted in the database)."""
    query = _deadlines_seen(session, as_of=as_of, case_number=None, viewer=viewer, due_before=None)
    return int(session.exec(select(func.count()).select_from(query.subquery())).one())


def open_deadlines_counted(session: Session, *, as_of: datetime, viewer: Viewer = OPERATOR,
                           limit: int) -> tuple[list[DeadlineView], int]:
    """The first ``limit`` deadlines :func:`open_deadlines` lists across the cases ``viewer`` sees, and
    how many it lists in all (:func:`count_open_deadlines`), read in one query (the count a window
    over the same rows): one pass over the running deadlines, not two."""
    query = _deadlines_seen(session, as_of=as_of, case_number=None, viewer=viewer, due_before=None)
    rows = session.exec(query.add_columns(func.count().over().label("total"))
                        .order_by(col(Deadline.cutoff_at), col(Deadline.id)).limit(limit)).all()
    owners = period_owners(session, [r[0] for r in rows])
    views = [deadline_view(d, number, as_of=as_of, met=bool(met), prepared=bool(prepared), whose=owners.get(d.id, ""))
             for d, number, met, prepared, _ in rows
             if state_at(kind=d.kind, status=d.status, trigger_on=d.trigger_on, cutoff_at=d.cutoff_at,
                         closed_at=d.closed_at, as_of=as_of).open]
    return views, int(rows[0][4]) if rows else 0
