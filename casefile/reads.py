"""The front door's read models: what a viewer may see of the record, and which acts the viewer may do now.

Each function takes ``viewer`` (who asks; the command line's local operator sees everything) and returns the
typed read models of casefile.record.queries. Interfaces call them through :mod:`casefile.app`, which
re-exports every one (``app.case``, ``app.permitted_acts`` …); they live here so that the module holding
:func:`casefile.app.perform` stays the act's one path.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.exc import OperationalError

from casefile.acts import Who
from casefile.gaps import Gap
from casefile.record.db import read_session
from casefile.record.models import Case
from casefile.record.workflow import RECORDED_BY


def case(number: str, *, viewer: Any = None, engine: Engine | None = None, as_of: datetime | None = None) -> Any:
    """The case ``number`` as ``viewer`` may see it (CaseView); with ``as_of`` (aware), each deadline's
    ``status`` is its state at that instant (casefile.rules.deadline_state.state_at: a period whose
    cut-off has passed is never open), the record's own in ``stored_status``. Raises
    MalformedCaseNumber, UnknownCase."""
    from casefile.record.queries import OPERATOR, case_view

    with read_session(engine) as session:
        return case_view(session, number, viewer or OPERATOR, as_of=as_of)


def cases(*, as_of: datetime, viewer: Any = None, search: str | None = None, region: str | None = None,
          stage: str | None = None, offset: int = 0, limit: int | None = None, engine: Engine | None = None) -> list[Any]:
    """Every case ``viewer`` sees, with its stage and next deadline open at ``as_of``, soonest first
    (CaseSummary list). ``search`` matches number or name; ``region``/``stage`` filter."""
    from casefile.record.authority import OPERATOR
    from casefile.record.case_list import case_summaries

    with read_session(engine) as session:
        return case_summaries(session, as_of=as_of, viewer=viewer or OPERATOR, search=search, region=region,
                              stage=stage, offset=offset, limit=limit)


def deadlines(*, as_of: datetime, case_number: str | None = None, viewer: Any = None, due_before: Any = None,
              limit: int | None = None, engine: Engine | None = None, case_numbers: Any = None) -> list[Any]:
    """The deadlines open at ``as_of`` across the cases ``viewer`` sees (or one case, or those of
    ``case_numbers`` among them: one query for a page of cases), soonest first; ``limit``: the first so many."""
    from casefile.record.authority import OPERATOR
    from casefile.record.deadline_list import open_deadlines

    with read_session(engine) as session:
        return open_deadlines(session, as_of=as_of, case_number=case_number, viewer=viewer or OPERATOR,
                              due_before=due_before, limit=limit, case_numbers=case_numbers)


def missed(*, as_of: datetime, viewer: Any, case_numbers: Any, engine: Engine | None = None) -> dict[str, list[Any]]:
    """The periods of ``viewer``'s parties that lapsed by ``as_of`` with no filing e-filed with the NLRB, in the
    current election of each of ``case_numbers`` (casefile.record.missed.missed_periods): case number -> the
    deadlines (read models, status ``lapsed``), latest first."""
    from casefile.record.missed import missed_periods

    with read_session(engine) as session:
        return missed_periods(session, as_of=as_of, viewer=viewer, case_numbers=case_numbers)


def met_by(number: str, *, viewer: Any, parties: Any, as_of: datetime | None = None,
           engine: Engine | None = None) -> dict[int, list[str]]:
    """The deadlines of case ``number`` already met by a timely filing of one of ``parties`` (their
    handles; the viewer's own: an offer of proof is its party's to know), received by ``as_of`` when
    given (casefile.record.queries.received_by): deadline id -> the parties' handles. Raises
    UnknownCase (a case the viewer may not see)."""
    from sqlmodel import col, select

    from casefile.record.models import Deadline, Filing, Party
    from casefile.record.queries import FILING_FOR, received_by, visible_case
    from casefile.vocab import NlrbFiling

    keys = set(parties)
    if not keys:
        return {}
    with read_session(engine) as session:
        case = visible_case(session, number, viewer)
        rows = session.exec(select(Filing, Party, Deadline).where(
            Filing.case_id == case.id, Filing.party_id == Party.id, Filing.deadline_id == Deadline.id,
            col(Party.key).in_(keys), col(Filing.timely).is_(True), Filing.nlrb == NlrbFiling.E_FILED)).all()
        out: dict[int, list[str]] = {}
        for filing, party, deadline in rows:
            if FILING_FOR.get(deadline.kind) == filing.kind and deadline.id is not None and received_by(filing, as_of):
                out.setdefault(deadline.id, [])
                if party.key not in out[deadline.id]:
                    out[deadline.id].append(party.key)
        return out


def service_gaps(number: str, *, filer: str, viewer: Any, document: str, engine: Engine | None = None) -> tuple[Gap, ...]:
    """What a filing of party ``filer`` (its handle) on case ``number`` would leave blank if recorded
    now with the default service, as facts (casefile.gaps.Gap, worded by each interface): the filer
    without counsel of record, another party with no e-mail address in the record
    (casefile.acts.service.default_service_gaps). Raises UnknownCase (a case the viewer may not see),
    UnknownRecord (no such party). Rule: 29 CFR 102.4(e), 102.5(f)-(h)."""
    from casefile.acts.service import default_service_gaps
    from casefile.record.lookups import get_party
    from casefile.record.queries import visible_case

    with read_session(engine) as session:
        case = visible_case(session, number, viewer)
        return default_service_gaps(session, case, get_party(session, case, filer), document=document)


def periods_to_extend(number: str, *, party: str, viewer: Any, as_of: datetime, engine: Engine | None = None) -> list[Any]:
    """The periods party ``party`` (its handle) may ask to extend on case ``number`` at ``as_of``, as
    read models with their state then (casefile.acts.request_extension.periods_to_extend). Raises
    UnknownCase (a case the viewer may not see), UnknownRecord (no such party)."""
    from casefile.acts.request_extension import periods_to_extend as periods
    from casefile.record.lookups import get_party
    from casefile.record.queries import deadline_view, period_owners, visible_case

    with read_session(engine) as session:
        case = visible_case(session, number, viewer)
        rows = periods(session, case, get_party(session, case, party), as_of)
        owners = period_owners(session, rows)
        return [deadline_view(d, case.number, as_of=as_of, whose=owners.get(d.id or 0, "")) for d in rows]


def determinative_cases(numbers: Any, *, viewer: Any, engine: Engine | None = None) -> set[str]:
    """The cases among ``numbers`` (normalized) that ``viewer`` sees whose latest tally of ballots
    is determinative (its challenged ballots could change the result, R-E3): one query for a page."""
    from sqlmodel import col, select

    from casefile.record.authority import sees_case_where
    from casefile.record.models import Case, Election, Tally

    wanted = list(numbers)
    if not wanted:
        return set()
    with read_session(engine) as session:
        rows = session.exec(select(Case.number, Tally.determinative).join(Election, Election.case_id == Case.id)
                            .join(Tally, Tally.election_id == Election.id)
                            .where(col(Case.number).in_(wanted), sees_case_where(session, viewer))
                            .order_by(col(Election.sequence), col(Tally.id))).all()
    latest: dict[str, bool] = {}
    for number, determinative in rows:
        latest[number] = bool(determinative)
    return {number for number, determinative in latest.items() if determinative}


def deadlines_counted(*, as_of: datetime, viewer: Any = None, limit: int,
                      engine: Engine | None = None) -> tuple[list[Any], int]:
    """The first ``limit`` deadlines open at ``as_of`` across the cases ``viewer`` sees, soonest first,
    and how many there are in all (:func:`deadlines` and :func:`deadline_count` in one query)."""
    from casefile.record.authority import OPERATOR
    from casefile.record.deadline_list import open_deadlines_counted

    with read_session(engine) as session:
        return open_deadlines_counted(session, as_of=as_of, viewer=viewer or OPERATOR, limit=limit)


def deadline_count(*, as_of: datetime, viewer: Any = None, engine: Engine | None = None) -> int:
    """How many deadlines :func:`deadlines` lists across the cases ``viewer`` sees."""
    from casefile.record.authority import OPERATOR
    from casefile.record.deadline_list import count_open_deadlines

    with read_session(engine) as session:
        return count_open_deadlines(session, as_of=as_of, viewer=viewer or OPERATOR)


def case_count(*, viewer: Any = None, search: str | None = None, region: str | None = None, stage: str | None = None,
               engine: Engine | None = None) -> int:
    """How many cases :func:`cases` lists (with the same filters)."""
    from casefile.record.authority import OPERATOR
    from casefile.record.case_list import count_cases

    with read_session(engine) as session:
        return count_cases(session, viewer=viewer or OPERATOR, search=search, region=region, stage=stage)


def docket(number: str, *, viewer: Any = None, engine: Engine | None = None) -> list[Any]:
    """The case's docket as ``viewer`` may see it, in date order (DocketEntryView list)."""
    return list(case(number, viewer=viewer, engine=engine).docket)


def documents(number: str, *, viewer: Any = None, engine: Engine | None = None) -> list[Any]:
    """The case's issued documents ``viewer`` may see (DocumentView list)."""
    return list(case(number, viewer=viewer, engine=engine).documents)


def permitted_acts(number: str, *, viewer: Any, as_of: datetime | None = None,
                   engine: Engine | None = None) -> list[Any]:
    """The acts ``viewer`` may do on case ``number`` now — what :func:`perform` would not refuse
    for their role and party, nor for the stage (each act module's own stage rule:
    casefile.acts.allowed_now) — as casefile.acts.permitted.Permission(act, mode perform|record,
    parties), by the authority policy (casefile.record.authority). Every interface
    offers exactly these (the web's act forms, the API's ``GET /cases/{number}/acts``). A viewer or
    a watching organization gets none. Raises MalformedCaseNumber, UnknownCase (also for a case
    the viewer may not see)."""
    from casefile.acts.permitted import permitted_acts as permitted
    from casefile.record.queries import visible_case

    with read_session(engine) as session:
        case = visible_case(session, number, viewer)
        if as_of is None or not _sweep_due(session, case, as_of):
            return permitted(session, viewer, case, as_of=as_of)
        # A period ran out that the scheduled sweep has not closed yet: the front door would sweep the
        # case first, so judge the acts on what that sweep leaves — swept in this session, never
        # committed (a read session ends in a rollback). A busy write lock answers unswept.
        try:
            sweep_in(session, case.id, as_of)
        except OperationalError:
            session.rollback()
            case = visible_case(session, number, viewer)
        return permitted(session, viewer, session.get(Case, case.id) or case, as_of=as_of)


def refusal(number: str, act_name: str, *, viewer: Any, as_of: datetime | None = None,
            engine: Engine | None = None, what: str = "the act") -> Any:
    """Why ``viewer`` may not do ``act_name`` on case ``number`` now (casefile.acts.permitted.
    Refusal: the stage rule — in words, the act called ``what`` — or the authority policy's reason).
    Raises UnknownCase."""
    from casefile.acts.permitted import refusal as why
    from casefile.record.queries import visible_case

    with read_session(engine) as session:
        return why(session, viewer, visible_case(session, number, viewer), act_name, as_of=as_of, what=what)


def _sweep_due(session: Any, case: Case, as_of: datetime) -> bool:
    """Whether a period of ``case`` still open in the record ran out by ``as_of`` (the sweep would act)."""
    from sqlmodel import col, select

    from casefile.record.models import Deadline
    from casefile.vocab import DeadlineStatus

    return session.exec(select(Deadline.id).where(Deadline.case_id == case.id, Deadline.status == DeadlineStatus.OPEN,
                                                  col(Deadline.cutoff_at) < as_of).limit(1)).first() is not None


def sweep_in(session: Any, case_id: int | None, as_of: datetime) -> list[str]:
    """The case's sweep as of ``as_of`` in the caller's session (the caller commits or rolls back;
    its docket entries name the sweep); returns what it closed and moved, as lines."""
    from casefile.jobs.sweep import sweep

    session.info[RECORDED_BY] = Who.system("sweep").label
    report = sweep(session, as_of=as_of, case_id=case_id)
    return report.deadlines_closed + report.elections_moved
