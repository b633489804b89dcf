"""The dates of an election's earlier acts, read from the record for casefile.rules.chronology, and the
one call every act makes to refuse being dated before an act it answers (not an act by itself)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime

from sqlmodel import Session, col, func, select

from casefile.record.models import Deadline, DocketEntry, Election, Filing, Objection
from casefile.rules.chronology import Earlier, dated_before, period_opened


def refuse_if_before(subject: str, on: date, earlier: Iterable[Earlier], *, at: datetime | None = None,
                     field: str = "date", verb: str = "is dated") -> None:
    """Raise the OutOfOrder refusal casefile.rules.chronology.dated_before returns, if any (nothing
    has been stored yet when an act calls it, and the front door's transaction stores nothing on a
    refusal)."""
    refusal = dated_before(subject, on, list(earlier), at=at, field=field, verb=verb)
    if refusal is not None:
        raise refusal


def latest_on(session: Session, election: Election, *acts: str) -> date | None:
    """The legal date of the election's latest docket entry of any of ``acts`` (None: none)."""
    return session.exec(select(func.max(DocketEntry.occurred_on)).where(
        DocketEntry.election_id == election.id, col(DocketEntry.act).in_(acts))).one()


def objections_filed(session: Session, objection_ids: Iterable[int], *, latest: bool = True) -> date | None:
    """The date the latest (``latest``) or earliest of the objections ``objection_ids`` was received."""
    ids = list(objection_ids)
    if not ids:
        return None
    pick = func.max if latest else func.min
    return session.exec(select(pick(Filing.received_on)).join(Objection, col(Objection.filing_id) == Filing.id)
                        .where(col(Objection.id).in_(ids))).one()


def election_objections(session: Session, election: Election) -> list[int]:
    """The ids of every objection of the election."""
    return [i for i in session.exec(select(Objection.id).where(Objection.election_id == election.id)) if i is not None]


def period_start(deadline: Deadline | None) -> list[Earlier]:
    """The act that opened ``deadline``'s period, as an Earlier (none for no deadline): a filing received
    before it is out of order."""
    if deadline is None:
        return []
    return [Earlier(period_opened(deadline.kind), deadline.trigger_on)]


def received_verb(what: str) -> str:
    """"were received" for a plural filing ("exceptions of ...", "objections of ..."), else "was received"."""
    head = what.split(" ", 1)[0].lower()
    return "were received" if head in {"exceptions", "objections", "cross-exceptions", "points"} else "was received"


def filed_before(what: str, received_on: date, deadline: Deadline | None, *, at: datetime | None = None,
                 earlier: Iterable[Earlier] = ()) -> None:
    """Refuse a party's filing (``what``: "exceptions of Amazon.com Services LLC") received before the act
    that opened its period (``deadline``'s trigger) or before any of ``earlier`` (field ``at`` when the
    receipt instant is given, else ``date``)."""
    refuse_if_before(f"the {what}", received_on, [*period_start(deadline), *earlier], at=at,
                     field="at" if at is not None else "date", verb=received_verb(what))
