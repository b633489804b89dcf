"""Who may see what and do what (issue 8, "Who uses it, and who may see what").

**Seeing.** A user sees a case only if their organization represents a party in it, is its
Region (a Region organization linked to the case's Region: the first two digits of its number),
or watches it. A watching organization sees the public record only. A confidential filing (an
offer of proof) and its document are seen only by the organization of the party that filed it
and by the Region (29 CFR 102.69(a)(8); rules.md R-G7); for anyone else they do not exist (not
listed, not downloadable: a direct URL answers as for a case one may not see). The user's role
does not narrow what they see: a viewer sees what their organization sees.

**Acting** (:func:`authorize`). Every act has a class: *open* (open-case), a *party act* (its
model has a ``party``: objections, exceptions ...) or an act of the Region, the Board agent, the
hearing officer or the Board (*Region act*: every other act). By role:

=============  =========================================================================
``viewer``     reads only.
``staff``      performs its own party's FILINGS (STAFF_ACTS: objections with their offer of
               proof, exceptions); reads its cases. Records nothing.
``counsel``    performs every act of its own party; opens cases (its organization is then
               linked to the party it names); RECORDS, from the documents received, the
               Region's acts and the other parties' filings (never another party's offer of
               proof: it is served on the Regional Director only, so no other party has it).
``admin``      everything counsel may, plus the organization's users and tokens. (Judged so
               because one person has one role and a small legal department cannot spare a
               second account; an organization that wants the separation gives its admins no
               counsel work.) Links to parties are not an admin's: see below.
=============  =========================================================================

A Region organization's users (admin, counsel, staff) *perform* the Region's acts, record the
filings the Region receives (offers of proof included), and open the cases of their Region.
A watching organization acts on nothing. Docket entries name the legal actor (the act's) and the
user: ``user:<email>`` for an act performed, ``user:<email>, from a document received`` for one
recorded (:func:`recorded_by_label`).

**Links.** An organization cannot give itself access to a party's confidential documents: the
links to parties and Regions are made by the instance's operator (``casefile orgs link``) or by
opening a case (the opening organization is linked to the party it names). Watches are harmless
(the public record only).

Errors: :class:`NotAuthenticated` (no or a bad credential: HTTP 401) and :class:`NotPermitted`
(the user sees the case but their role may not do this: HTTP 403). A case the user may not see
is UnknownCase (404), exactly as a case that does not exist.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from sqlmodel import Session, col, select

from casefile.errors import CasefileError, Conflict, UnknownCase
from casefile.record.accounts import Organization, OrganizationKind, Representation, User, UserRole, Watch
from casefile.record.models import Case, Party

if TYPE_CHECKING:
    from casefile.acts.base import ActIn

#: The party acts a staff user may perform for its own party (issue 8: objections, exceptions and
#: offers of proof; an offer of proof is filed with the objections).
STAFF_ACTS = frozenset({"file-objections", "file-exceptions", "file-offer-of-proof"})
#: Roles that may act at all, and those that may open cases or record what others did.
ACTING_ROLES = frozenset({UserRole.ADMIN, UserRole.COUNSEL, UserRole.STAFF})
COUNSEL_ROLES = frozenset({UserRole.ADMIN, UserRole.COUNSEL})
#: What the docket's ``recorded_by`` adds for an act entered from a document received.
RECORDED_FROM = "from a document received"

ActClass = Literal["open", "party", "region"]
Mode = Literal["perform", "record"]


class NotAuthenticated(CasefileError):
    """No credential, or one that is unknown, revoked, expired or of an inactive user (HTTP 401).
    The message never says which."""

    code = family = "not-authenticated"


class NotPermitted(CasefileError):
    """The user may see the case but their role (or their organization's link to it) does not let
    them do this (HTTP 403); the message says why and who may."""

    code = family = "not-permitted"


class CaseAlreadyOpen(Conflict):
    """An open-case of a case already open on this instance that the user's organization is not
    linked to: opening it again would not give them access (the operator links organizations)."""

    code = "case-already-open"


@dataclass
class _Links:
    parties: dict[int, set[int]]  # case id -> party ids represented
    regions: set[str]  # Regions whose cases the organization is (only for a Region organization)
    watched: set[int]  # case ids watched


@dataclass
class UserViewer:
    """A signed-in user as the read models ask (casefile.record.queries.Viewer) and as the
    permission rules take them. Built per request (:meth:`of`); its organization's links are read
    once, on first use, from the session it is asked with."""

    user_id: int
    email: str
    organization_id: int
    organization_key: str
    organization_kind: OrganizationKind
    role: UserRole
    _links: _Links | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def of(cls, session: Session, user: User) -> UserViewer:
        """The viewer of ``user`` (its organization read from ``session``)."""
        org = session.get(Organization, user.organization_id)
        assert org is not None and user.id is not None and org.id is not None
        return cls(user_id=user.id, email=user.email, organization_id=org.id, organization_key=org.key,
                   organization_kind=org.kind, role=user.role)

    # --- links --------------------------------------------------------------------------------

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

    def is_region_of(self, session: Session, case: Case) -> bool:
        """Whether the user's organization is the case's Region."""
        return case_region(case) in self.links(session).regions

    def party_ids(self, session: Session, case: Case) -> set[int]:
        """The ids of the parties of ``case`` the user's organization represents."""
        return set(self.links(session).parties.get(case.id or 0, set()))

    def only_watches(self, session: Session, case: Case) -> bool:
        """Whether the user sees ``case`` only because their organization watches it."""
        links = self.links(session)
        return case.id in links.watched and not self.is_region_of(session, case) and case.id not in links.parties

    # --- the Viewer protocol ------------------------------------------------------------------

    def sees_case(self, session: Session, case: Case) -> bool:
        links = self.links(session)
        return case.id in links.parties or case.id in links.watched or (
            bool(links.regions) and case_region(case) in links.regions)

    def sees_confidential(self, session: Session, case: Case, party_id: int | None) -> bool:
        if self.is_region_of(session, case):
            return True
        return party_id is not None and party_id in self.party_ids(session, case)

    # --- who the docket names -----------------------------------------------------------------

    def label(self) -> str:
        return f"user:{self.email}"


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


def recorded_by_label(viewer: UserViewer, mode: Mode) -> str:
    """What the docket's ``recorded_by`` says for an act of ``viewer``: ``user:<email>`` when the
    user performs it, ``user:<email>, from a document received`` when they record what another did."""
    return viewer.label() if mode == "perform" else f"{viewer.label()}, {RECORDED_FROM}"


def act_class(act: ActIn | type[ActIn]) -> ActClass:
    """``open`` (open-case), ``party`` (the act model has a ``party``: a party's filing) or
    ``region`` (an act of the Region, the Board agent, the hearing officer or the Board)."""
    model = act if isinstance(act, type) else type(act)
    name = model.model_fields["act"].default
    if name == "open-case":
        return "open"
    return "party" if "party" in model.model_fields else "region"


def _carries_confidential(act: ActIn) -> bool:
    """Whether the act files something confidential (an offer of proof)."""
    return bool(getattr(act, "offer_of_proof", None))


def authorize(session: Session, viewer: UserViewer, act: ActIn, case: Case | None) -> Mode:
    """Whether ``viewer`` may perform or record ``act`` on ``case`` (None: an open-case of a case
    not yet open), and how: "perform" or "record". Raises UnknownCase (the case is not visible to
    them: as if it did not exist), NotPermitted (visible, but not theirs to do; the message says
    who may), UnknownRecord (a party act naming a party the case does not have). The rules are the
    module's docstring's table."""
    kind = act_class(act)
    role = viewer.role
    if kind == "open":
        return _authorize_open(session, viewer, act, case)
    if case is None:
        raise UnknownCase("no case given")
    if not viewer.sees_case(session, case):
        raise UnknownCase(f"no case {case.number} in the database (open it first, or replay a scenario)")
    if role is UserRole.VIEWER:
        raise NotPermitted(f"{viewer.email} is a viewer: a viewer reads the case only (acts are for staff, "
                           "counsel and admins of a party's organization, or the Region)")
    if viewer.only_watches(session, case):
        raise NotPermitted(f"{viewer.organization_key} watches {case.number} (the public record only) and represents "
                           "no party in it: it cannot act on it")
    if viewer.is_region_of(session, case):
        return "record" if kind == "party" else "perform"
    if kind == "region":
        if role in COUNSEL_ROLES:
            return "record"
        raise NotPermitted(f"{act.act_name} is an act of the Region or the Board: counsel record it from the document "
                           f"received; {viewer.email} is {role.value}")
    party = _party_of(session, case, str(getattr(act, "party")))  # noqa: B009 - a party act has one
    if party.id in viewer.party_ids(session, case):
        if role in COUNSEL_ROLES or act.act_name in STAFF_ACTS:
            return "perform"
        raise NotPermitted(f"{act.act_name}: staff file their party's objections, offers of proof and exceptions; "
                           f"this act is for counsel ({viewer.email} is staff)")
    if role not in COUNSEL_ROLES:
        raise NotPermitted(f"{act.act_name} of {party.name}: only counsel record another party's filings from the "
                           f"document served ({viewer.email} is {role.value})")
    if _carries_confidential(act):
        raise NotPermitted(f"{act.act_name} of {party.name}: an offer of proof is submitted to the Regional Director "
                           "only and served on no other party (102.69(a)(8)); record the filing without it",
                           field="offer_of_proof")
    return "record"


def _authorize_open(session: Session, viewer: UserViewer, act: ActIn, case: Case | None) -> Mode:
    from casefile.rules.case_numbers import parse_case_number

    if viewer.role not in (ACTING_ROLES if viewer.organization_kind is OrganizationKind.REGION else COUNSEL_ROLES):
        raise NotPermitted(f"open-case: cases are opened by counsel or admins (or a Region's users); "
                           f"{viewer.email} is {viewer.role.value}")
    if viewer.organization_kind is OrganizationKind.REGION:
        from casefile.rules.offices import office_for

        spec = act.case  # type: ignore[attr-defined]
        region = region_of_office(office_for(parse_case_number(spec.number).region, spec.office).key)
        if region not in viewer.links(session).regions:
            raise NotPermitted(f"open-case: {act.case.number} is a case of Region {region}; "  # type: ignore[attr-defined]
                               f"{viewer.organization_key} is linked to Region(s) "
                               f"{', '.join(sorted(viewer.links(session).regions)) or 'none'}", field="case.number")
        return "perform"
    if case is not None and not viewer.sees_case(session, case):
        raise CaseAlreadyOpen(f"{case.number} is already open on this casefile and {viewer.organization_key} is not "
                              "linked to it: the operator links an organization to its party (casefile orgs link "
                              "ORG CASE PARTY)", field="case.number")
    return "perform"


def _party_of(session: Session, case: Case, key: str) -> Party:
    from casefile.errors import UnknownRecord
    from casefile.record.lookups import get_party

    try:
        return get_party(session, case, key)
    except UnknownRecord as exc:
        raise UnknownRecord(str(exc), field="party") from None


@dataclass(frozen=True)
class Permission:
    """One act a user may do on a case now: ``mode`` perform or record; ``parties`` for a party
    act, the handles of the parties it may be done for (own parties to perform, others to record)."""

    act: str
    mode: Mode
    parties: tuple[str, ...] = ()


def permitted_acts(session: Session, viewer: UserViewer, case: Case, *, as_of: datetime | None = None) -> list[Permission]:
    """Every act ``viewer`` may do on ``case`` now: by role (:func:`authorize`'s rules) and by the
    procedure's stage, as the act's own module rules it (casefile.acts.allowed_now: its ``STAGES``,
    the stages its perform() accepts, or its ``allowed_now`` hook). Open-case is not listed (it is
    not done on an open case). Raises UnknownCase when the case is not visible."""
    from casefile.acts import allowed_now, models, party_aware

    if not viewer.sees_case(session, case):
        raise UnknownCase(f"no case {case.number} in the database (open it first, or replay a scenario)")
    if viewer.role is UserRole.VIEWER or viewer.only_watches(session, case):
        return []
    region = viewer.is_region_of(session, case)
    parties = list(session.exec(select(Party).where(Party.case_id == case.id).order_by(col(Party.id))))
    own = viewer.party_ids(session, case)
    out: list[Permission] = []
    for name, model in models().items():
        kind = act_class(model)
        if kind == "open" or not allowed_now(session, case, name, as_of=as_of):
            continue
        if kind == "region":
            if region:
                out.append(Permission(name, "perform"))
            elif viewer.role in COUNSEL_ROLES:
                out.append(Permission(name, "record"))
            continue
        able = [p for p in parties if allowed_now(session, case, name, as_of=as_of, party=p)] \
            if party_aware(name) else parties  # the act's rule for each party (the petitioner only, ...)
        if region:
            if able:
                out.append(Permission(name, "record", tuple(p.key for p in able)))
            continue
        mine = tuple(p.key for p in able if p.id in own)
        if mine and (viewer.role in COUNSEL_ROLES or name in STAFF_ACTS):
            out.append(Permission(name, "perform", mine))
        if viewer.role in COUNSEL_ROLES:
            others = tuple(p.key for p in able if p.id not in own)
            if others:
                out.append(Permission(name, "record", others))
    return out


def may_manage_users(viewer: UserViewer, organization_id: int) -> bool:
    """Whether ``viewer`` may add, change and deactivate the users (and their tokens) of the
    organization ``organization_id``: its admins."""
    return viewer.role is UserRole.ADMIN and viewer.organization_id == organization_id
