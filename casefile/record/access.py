"""Who asks: a signed-in user of an organization (:class:`UserViewer`), built per request (the web
pages, the API, drafts, notices), with their organization's links to the cases it represents a
party in, the Regions it is (a Region organization) and the cases it watches — and what the
docket calls them (:func:`recorded_by_label`).

What such a user may do and see is decided by the one authority policy,
casefile.record.authority, from the :class:`~casefile.record.authority.Standing` this module
reads: nothing here decides access. The links are made by the instance's operator (``casefile
orgs link``), by opening a case (the opening organization is linked to the party it names), or by
a link request approved (casefile.accounts.link_requests).

Errors (casefile.errors): NotAuthenticated (no or a bad credential: HTTP 401), NotPermitted (the
policy refuses: HTTP 403), CaseAlreadyOpen. A case the user may not see is UnknownCase (404),
exactly as a case that does not exist.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlmodel import Session, col, select

from casefile.errors import CaseAlreadyOpen, NotAuthenticated, NotPermitted
from casefile.record.accounts import Organization, OrganizationKind, Representation, User, UserRole, Watch
from casefile.record.authority import Mode, Standing, case_region, region_of_office
from casefile.record.models import Case
from casefile.record.recorders import RECORDED_FROM, Recorder, RecorderKind


@dataclass
class _Links:
    parties: dict[int, set[int]]  # case id -> party ids represented
    regions: set[str]  # Regions whose cases the organization is (only for a Region organization)
    watched: set[int]  # case ids watched


@dataclass
class UserViewer:
    """A signed-in user as the authority policy and the read models take them
    (casefile.record.authority.Principal). Built per request (:meth:`of`); its organization's links
    are read once, on first use, from the session it is asked with."""

    user_id: int
    email: str
    organization_id: int
    organization_key: str
    organization_kind: OrganizationKind
    role: UserRole
    _links: _Links | None = field(default=None, init=False, repr=False, compare=False)
    _regions: set[str] | None = field(default=None, init=False, repr=False, compare=False)
    _cases: dict[int | None, tuple[frozenset[int], bool]] = field(default_factory=dict, init=False, repr=False,
                                                                  compare=False)

    @classmethod
    def of(cls, session: Session, user: User) -> UserViewer:
        """The viewer of ``user`` (its organization read from ``session``)."""
        org = session.get(Organization, user.organization_id)
        assert org is not None and user.id is not None and org.id is not None
        return cls(user_id=user.id, email=user.email, organization_id=org.id, organization_key=org.key,
                   organization_kind=org.kind, role=user.role)

    def links(self, session: Session) -> _Links:
        """The organization's representations and watches (read once)."""
        if self._links is None:
            parties: dict[int, set[int]] = {}
            regions: set[str] = set()
            for rep in session.exec(select(Representation).where(Representation.organization_id == self.organization_id)):
                if rep.region is not None:
                    if self.organization_kind is OrganizationKind.REGION:
                        regions.add(rep.region)
                elif rep.case_id is not None and rep.party_id is not None:
                    parties.setdefault(rep.case_id, set()).add(rep.party_id)
            watched = set(session.exec(select(Watch.case_id).where(Watch.organization_id == self.organization_id)).all())
            self._links = _Links(parties=parties, regions=regions, watched=watched)
        return self._links

    def forget_links(self) -> None:
        """Read the links again on next use (after this request changed them)."""
        self._links = None
        self._regions = None
        self._cases = {}

    def standing(self, session: Session, case: Case) -> Standing:
        """The user's standing on ``case`` (what the authority policy decides from): from the
        organization's links when read already (:meth:`links`), else from its links to this case
        only (two indexed queries, once per case: an organization may watch 200,000 cases)."""
        if self._links is not None:
            links = self._links
            return Standing(region=bool(links.regions) and case_region(case) in links.regions,
                            parties=frozenset(links.parties.get(case.id or 0, set())),
                            watches=case.id in links.watched, role=self.role)
        regions = self._region_links(session)
        if case.id not in self._cases:
            parties = frozenset(p for p in session.exec(select(Representation.party_id).where(
                Representation.organization_id == self.organization_id, Representation.case_id == case.id,
                col(Representation.region).is_(None))).all() if p is not None) if case.id is not None else frozenset()
            watches = case.id is not None and session.exec(select(Watch.id).where(
                Watch.organization_id == self.organization_id, Watch.case_id == case.id)).first() is not None
            self._cases[case.id] = (parties, watches)
        parties, watches = self._cases[case.id]
        return Standing(region=bool(regions) and case_region(case) in regions, parties=parties, watches=watches,
                        role=self.role)

    def _region_links(self, session: Session) -> set[str]:
        if self._regions is None:
            self._regions = set() if self.organization_kind is not OrganizationKind.REGION else {
                r for r in session.exec(select(Representation.region).where(
                    Representation.organization_id == self.organization_id,
                    col(Representation.region).is_not(None))).all() if r is not None}
        return self._regions

    def regions(self, session: Session) -> set[str]:
        """The Regions whose cases the user's organization is (a Region organization's)."""
        return set(self._links.regions) if self._links is not None else set(self._region_links(session))

    def party_ids(self, session: Session, case: Case) -> set[int]:
        """The ids of the parties of ``case`` the user's organization represents."""
        return set(self.standing(session, case).parties)

    def label(self) -> str:
        """Who the docket names: ``user:<email>``."""
        return str(Recorder(RecorderKind.USER, self.email))


def recorded_by_label(viewer: UserViewer, mode: Mode) -> str:
    """What the docket's ``recorded_by`` says for an act of ``viewer``: ``user:<email>`` when the
    user performs it, ``user:<email>, from a document received`` when they record what another did."""
    return viewer.label() if mode == "perform" else str(Recorder(RecorderKind.USER, viewer.email, RECORDED_FROM))


__all__ = ["RECORDED_FROM", "CaseAlreadyOpen", "Mode", "NotAuthenticated", "NotPermitted", "UserViewer", "case_region",
           "recorded_by_label", "region_of_office"]
