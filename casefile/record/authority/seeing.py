"""Which cases a viewer sees, case by case and as one SQL condition (so that a list filters, sorts
and pages in the database), whose offers of proof they see, and who is given a docket chain's head.
A case is seen by the organizations of its parties, its Region and those that watch it."""

from __future__ import annotations

from sqlalchemy import ColumnElement, and_, exists, or_, true
from sqlmodel import Session, col, select

from casefile.record.accounts import Representation
from casefile.record.authority.standing import Principal, _Operator, region_of_office
from casefile.record.models import Case


def sees_case(session: Session, viewer: Principal, case: Case) -> bool:
    """Whether ``viewer`` sees ``case`` at all (for anyone else it does not exist)."""
    return viewer.standing(session, case).sees_case


def sees_case_where(session: Session, viewer: Principal) -> ColumnElement[bool]:
    """The SQL condition on :class:`~casefile.record.models.Case` of the cases ``viewer`` sees — the
    same answer as :func:`sees_case` for each case (tests/authority/test_seen_cases_sql.py), so that a
    list filters, sorts and pages in the database: the operator every case; a user the cases of the
    parties their organization represents, those it watches and, a Region organization, every case
    of its Regions (:func:`region_where`). A principal of another kind is asked case by case."""
    from casefile.record.accounts import Watch

    if isinstance(viewer, _Operator):
        return true()
    organization_id = getattr(viewer, "organization_id", None)
    regions = getattr(viewer, "regions", None)
    if organization_id is None or regions is None:  # not a user: its own answer for each case
        ids = [c.id for c in session.exec(select(Case)).all() if sees_case(session, viewer, c)]
        return col(Case.id).in_(ids)
    # Correlated EXISTS, not IN (...): a list driven by another index (the deadlines' cut-off, the
    # case number) probes the (organization, case) index for each row it reads, instead of
    # reading every link of an organization that watches 200,000 cases first.
    represented = exists().where(
        Representation.organization_id == organization_id, col(Representation.case_id) == col(Case.id),
        col(Representation.region).is_(None), col(Representation.party_id).is_not(None))
    watching = select(Watch.id).where(Watch.organization_id == organization_id, col(Watch.case_id) == col(Case.id))
    if session.get_bind().dialect.name == "postgresql":
        # OFFSET 0 keeps PostgreSQL from hashing every watch of the organization (200,000 rows, ~250 ms)
        # when it misjudges how many cases a page reads (a stage filter): the (case) index is probed instead
        watching = watching.offset(0)
    watched = watching.exists()
    seen: list[ColumnElement[bool]] = [represented, watched]
    if (own := regions(session)):
        seen.append(region_where(own))
    return or_(*seen)


def region_where(regions: set[str]) -> ColumnElement[bool]:
    """The SQL condition of the cases whose Region (:func:`case_region`) is one of ``regions``: a
    receiving office in the table that one of them runs; no office and its number's Region; an
    office the table does not know (nor any Region runs) whose key starts with the Region."""
    from casefile.rules.offices import all_offices

    known = {o.key: region_of_office(o.key) for o in all_offices() if o.region is not None}
    ordered = sorted(regions)
    office = col(Case.office_key)
    unknown = [or_(office == r, office.startswith(f"{r}-", autoescape=True)) for r in ordered]
    return or_(office.in_(sorted(k for k, r in known.items() if r in regions)),
               and_(office == "", col(Case.region).in_(ordered)),
               and_(office.not_in(sorted(known)), office != "", or_(*unknown)))


def sees_sealed(session: Session, viewer: Principal, case: Case, party_id: int | None) -> bool:
    """Whether ``viewer`` sees the confidential filings (offers of proof) of party ``party_id`` of
    ``case``: its organization and the Region (102.69(a)(8)); None (no party): the Region only."""
    standing = viewer.standing(session, case)
    return standing.operator or standing.region or (party_id is not None and party_id in standing.parties)


def sees_chain_head(session: Session, viewer: Principal, case: Case) -> bool:
    """Whether ``viewer`` is given the docket chain's head of ``case`` (in an export). The head
    covers every entry, those hidden from a viewer included (an offer of proof filed apart), so it
    changes when a hidden entry is added: it is given only to those who see every entry — the
    operator and the case's Region — and never to a party or a watcher, whatever the record holds
    (so its absence tells nothing either; security trial, issue 14)."""
    standing = viewer.standing(session, case)
    return standing.operator or standing.region
