"""Who asks (a :class:`Principal`: a signed-in user's viewer, casefile.record.access.UserViewer, or
:data:`OPERATOR`, the command line on the machine that holds the database) and their
:class:`Standing` on one case; the Region a case belongs to for access."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from sqlmodel import Session

from casefile.record.accounts import UserRole
from casefile.record.authority.table import Relation
from casefile.record.models import Case


@dataclass(frozen=True)
class Standing:
    """What the policy knows of who asks about one case: the operator; the case's Region; the ids of
    the case's parties their organization represents; whether it watches the case; their role."""

    operator: bool = False
    region: bool = False
    parties: frozenset[int] = frozenset()
    watches: bool = False
    role: UserRole | None = None

    @property
    def sees_case(self) -> bool:
        return self.operator or self.region or bool(self.parties) or self.watches

    @property
    def only_watches(self) -> bool:
        return self.watches and not (self.operator or self.region or self.parties)

    def relation(self, actor_party_id: int | None = None) -> Relation | None:
        """The relation to an act whose actor is party ``actor_party_id`` (None: not a party's act);
        None when the case is hidden from them."""
        if self.operator:
            return Relation.OPERATOR
        if self.region:
            return Relation.REGION
        if actor_party_id is not None and actor_party_id in self.parties:
            return Relation.ACTOR
        if self.parties:
            return Relation.PARTY
        return Relation.WATCHER if self.watches else None


class Principal(Protocol):
    """Who asks (casefile.record.access.UserViewer, :data:`OPERATOR`)."""

    def standing(self, session: Session, case: Case) -> Standing: ...


class _Operator:
    """The local operator: every case, every document, every act."""

    role = None
    email = "operator"
    organization_key = "the operator"
    organization_kind = None

    def standing(self, session: Session, case: Case) -> Standing:
        return Standing(operator=True)

    def regions(self, session: Session) -> set[str]:
        return set()


OPERATOR: Principal = _Operator()


@lru_cache(maxsize=512)
def region_of_office(office_key: str) -> str:
    """The Region that runs the receiving office ``office_key`` today (a former Region's cases
    belong to the Region that handles them now: domain/regions.md)."""
    from casefile.errors import UnknownRegion
    from casefile.rules.offices import region_of

    try:
        return region_of(office_key)
    except UnknownRegion:
        return office_key.partition("-")[0]


def case_region(case: Case) -> str:
    """The Region a case belongs to for access: the Region of its receiving office (its number's
    Region when the office is not in the table)."""
    return region_of_office(case.office_key) if case.office_key else case.region
