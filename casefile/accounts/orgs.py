"""Organizations and their links: to a party of a case (representation), to a Region's cases (a
Region organization), or to a case it only follows (watch).

Every function writes in the caller's transaction and is idempotent: the same link made twice
is found, not repeated. Raises BadInput (a key, kind or Region that cannot be used),
UnknownRecord (no such organization), UnknownCase, AlreadyRecorded (the key is taken with
another name or kind).
"""

from __future__ import annotations

import re
from datetime import datetime

from sqlmodel import Session, col, select

from casefile.characters import character_problem
from casefile.errors import AlreadyRecorded, BadInput, NotPermitted, PartyHeld, UnknownRecord
from casefile.record.accounts import Organization, OrganizationKind, OrganizationView, Representation, Watch
from casefile.record.lookups import get_case, get_party
from casefile.record.models import Case, Party

#: An organization's handle: it appears in commands and URLs.
KEY_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
NAME_MAX = 200


def _check_key(key: str) -> str:
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
        raise BadInput(f"organization key {key!r}: use 1 to 40 lower-case letters, digits and dashes, starting with a "
                       "letter or digit (e.g. rwdsu-legal)", field="key")
    return key


def _region(region: str | int) -> str:
    """The current Region a number names (a former Region is taken as the Region that handles its
    cases now). Raises UnknownRegion (a BadInput)."""
    from casefile.rules.offices import region_scope

    return region_scope(region).region


def add_organization(session: Session, *, key: str, name: str, kind: OrganizationKind | str = OrganizationKind.UNION,
                     region: str | int | None = None, as_of: datetime, by: str = "") -> Organization:
    """Add the organization ``key`` (idempotent: the same key, name and kind again returns it).

    A Region organization (``kind`` region) needs its ``region`` number and is linked to that
    Region's cases at once; any other kind takes none. Raises BadInput, UnknownRegion,
    AlreadyRecorded (the key is taken with another name, kind or Region)."""
    _check_key(key)
    name = (name or "").strip()
    if not name or len(name) > NAME_MAX:
        raise BadInput(f"organization {key}: give a name of 1 to {NAME_MAX} characters", field="name")
    if (problem := character_problem(name, one_line=True)) is not None:
        raise BadInput(f"organization {key}: name: {problem}", field="name")
    try:
        kind = OrganizationKind(kind)
    except ValueError:
        raise BadInput(f"organization {key}: kind {kind!r} is not one of "
                       f"{', '.join(k.value for k in OrganizationKind)}", field="kind") from None
    if kind is OrganizationKind.REGION:
        if region is None:
            raise BadInput(f"organization {key}: a Region organization needs its Region number (--region NN)",
                           field="region")
        region = _region(region)
    elif region is not None:
        raise BadInput(f"organization {key}: only a Region organization (--kind region) has a Region number",
                       field="region")
    existing = session.exec(select(Organization).where(Organization.key == key)).first()
    if existing is not None:
        if (existing.name, existing.kind, existing.region) != (name, kind, region):
            raise AlreadyRecorded(f"organization {key} already exists as {existing.name!r} ({existing.kind.value}"
                                  f"{', Region ' + existing.region if existing.region else ''})", field="key")
        return existing
    org = Organization(key=key, name=name, kind=kind, region=region, created_at=as_of)
    session.add(org)
    session.flush()
    if region is not None:
        session.add(Representation(organization_id=org.id, region=region, created_at=as_of, created_by=by))  # type: ignore[arg-type]
        session.flush()
    return org


def get_organization(session: Session, key: str) -> Organization:
    """The organization ``key``. Raises UnknownRecord listing the keys there are (at most 20)."""
    org = session.exec(select(Organization).where(Organization.key == key)).first()
    if org is None:
        keys = list(session.exec(select(Organization.key).order_by(col(Organization.key)).limit(20)))
        raise UnknownRecord(f"no organization {key!r} (organizations: {', '.join(keys) or 'none yet: casefile orgs add'})",
                            field="organization")
    return org


def link_party(session: Session, *, organization: str, case_number: str, party: str, as_of: datetime,
               by: str = "", share: bool = False) -> Representation:
    """Link ``organization`` to ``party`` (its handle) of case ``case_number``: its users then see the
    case and that party's confidential filings. Idempotent. A Region organization is not linked to
    parties (it sees its Region's cases). A party another organization holds already is linked
    again only with ``share`` (the second organization sees the party's offers of proof too: the
    operator says so knowingly, or approves a link request, casefile.accounts.links, which may
    replace the first). The policy refuses a side its kind does not take and a party opposing one it
    holds in the case already (casefile.record.authority.may_link_party). Raises UnknownRecord,
    UnknownCase, MalformedCaseNumber, BadInput, PartyHeld, NotPermitted."""
    org = get_organization(session, organization)
    if org.kind is OrganizationKind.REGION:
        raise BadInput(f"{org.key} is a Region: it sees every case of its Region and represents no party "
                       "(link it to another Region with --region NN)", field="party")
    case = get_case(session, case_number)
    the_party = get_party(session, case, party)
    existing = session.exec(select(Representation).where(Representation.organization_id == org.id,
                                                         Representation.case_id == case.id,
                                                         Representation.party_id == the_party.id)).first()
    if existing is not None:
        return existing
    from casefile.record.authority import may_link_party

    held_roles = {str(p.role) for p in session.exec(select(Party).join(Representation, Representation.party_id == Party.id)  # type: ignore[arg-type]
                                                    .where(Representation.organization_id == org.id,
                                                           Representation.case_id == case.id))}
    allowed = may_link_party(org.kind, str(the_party.role), held_roles)
    if allowed.mode is None:
        raise NotPermitted(f"link {org.key} to {the_party.key} ({the_party.role}) of {case.number}: {allowed.reason}")
    held = [k for k in session.exec(select(Organization.key).join(Representation, Representation.organization_id == Organization.id)  # type: ignore[arg-type]
                                    .where(Representation.party_id == the_party.id).order_by(col(Organization.key)))]
    if held and not share:
        raise PartyHeld(f"{the_party.key} of {case.number} is represented here by {', '.join(held)}: linking {org.key} "
                        "too opens that party's offers of proof to it; approve a link request (casefile orgs requests; "
                        "--replace links it in their place) or link it with --share", field="party")
    rep = Representation(organization_id=org.id, case_id=case.id, party_id=the_party.id, created_at=as_of,  # type: ignore[arg-type]
                         created_by=by)
    session.add(rep)
    session.flush()
    return rep


def link_region(session: Session, *, organization: str, region: str | int, as_of: datetime, by: str = "") -> Representation:
    """Link the Region organization ``organization`` to every case of Region ``region`` (a former
    Region is taken as the Region handling its cases now). Idempotent. Raises UnknownRecord,
    UnknownRegion, BadInput (not a Region organization: a union or firm is linked to parties)."""
    org = get_organization(session, organization)
    if org.kind is not OrganizationKind.REGION:
        raise BadInput(f"{org.key} is a {org.kind.value}, not a Region: link it to the party it represents "
                       "(casefile orgs link ORG CASE PARTY)", field="region")
    number = _region(region)
    existing = session.exec(select(Representation).where(Representation.organization_id == org.id,
                                                         Representation.region == number)).first()
    if existing is not None:
        return existing
    rep = Representation(organization_id=org.id, region=number, created_at=as_of, created_by=by)  # type: ignore[arg-type]
    session.add(rep)
    session.flush()
    return rep


def unlink_party(session: Session, *, organization: str, case_number: str, party: str) -> bool:
    """Remove ``organization``'s link to ``party`` of ``case_number``; False when there was none."""
    org = get_organization(session, organization)
    case = get_case(session, case_number)
    the_party = get_party(session, case, party)
    rep = session.exec(select(Representation).where(Representation.organization_id == org.id,
                                                    Representation.case_id == case.id,
                                                    Representation.party_id == the_party.id)).first()
    if rep is None:
        return False
    session.delete(rep)
    session.flush()
    return True


def watch_case(session: Session, *, organization: str, case_number: str, as_of: datetime, by: str = "") -> Watch:
    """``organization`` follows ``case_number``: its users see the public record (never a
    confidential document). Idempotent. Raises UnknownRecord, UnknownCase, MalformedCaseNumber."""
    org = get_organization(session, organization)
    case = get_case(session, case_number)
    existing = session.exec(select(Watch).where(Watch.organization_id == org.id, Watch.case_id == case.id)).first()
    if existing is not None:
        return existing
    watch = Watch(organization_id=org.id, case_id=case.id, created_at=as_of, created_by=by)  # type: ignore[arg-type]
    session.add(watch)
    session.flush()
    return watch


def unwatch_case(session: Session, *, organization: str, case_number: str) -> bool:
    """Stop following ``case_number``; False when ``organization`` did not follow it."""
    org = get_organization(session, organization)
    case = get_case(session, case_number)
    watch = session.exec(select(Watch).where(Watch.organization_id == org.id, Watch.case_id == case.id)).first()
    if watch is None:
        return False
    session.delete(watch)
    session.flush()
    return True


def organization_view(session: Session, org: Organization) -> OrganizationView:
    """The organization with its links, as listed."""
    parties = []
    regions = []
    for rep in session.exec(select(Representation).where(Representation.organization_id == org.id)
                            .order_by(col(Representation.id))):
        if rep.region is not None:
            regions.append(rep.region)
            continue
        case = session.get(Case, rep.case_id)
        party = session.get(Party, rep.party_id)
        if case is not None and party is not None:
            parties.append(f"{case.number} {party.key}")
    watching = [n for n in session.exec(select(Case.number).join(Watch, Watch.case_id == Case.id)  # type: ignore[arg-type]
                                        .where(Watch.organization_id == org.id).order_by(col(Case.number)))]
    return OrganizationView(key=org.key, name=org.name, kind=org.kind.value, region=org.region, parties=parties,
                            regions=regions, watching=watching)


def list_organizations(session: Session) -> list[OrganizationView]:
    """Every organization with its links, by key."""
    return [organization_view(session, o)
            for o in session.exec(select(Organization).order_by(col(Organization.key)))]


def organizations_seen(session: Session, viewer: object) -> list[OrganizationView]:
    """The organizations an admin's page lists, with the links it may see: an organization's own
    (and nothing of any other); a Region's — itself, and the organizations linked to or watching
    its Region's cases, with those links only (never another Region's cases or organizations).
    The operator (``role`` None) sees every one."""
    from casefile.record.authority import case_region

    if getattr(viewer, "role", None) is None:
        return list_organizations(session)
    own = getattr(viewer, "organization_id", None)
    regions: set[str] = set(viewer.regions(session)) if hasattr(viewer, "regions") else set()  # type: ignore[attr-defined]
    region_of: dict[int, str] = {}

    def in_region(case_id: int | None) -> bool:
        if case_id is None or not regions:
            return False
        if case_id not in region_of:
            case = session.get(Case, case_id)
            region_of[case_id] = case_region(case) if case is not None else ""
        return region_of[case_id] in regions

    out = []
    for org in session.exec(select(Organization).order_by(col(Organization.key))):
        if org.id == own:
            out.append(organization_view(session, org))
            continue
        if not regions:
            continue
        parties, watching, org_regions = [], [], []
        for rep in session.exec(select(Representation).where(Representation.organization_id == org.id)
                                .order_by(col(Representation.id))):
            if rep.region is not None:
                if rep.region in regions:
                    org_regions.append(rep.region)
            elif in_region(rep.case_id):
                case, party = session.get(Case, rep.case_id), session.get(Party, rep.party_id)
                if case is not None and party is not None:
                    parties.append(f"{case.number} {party.key}")
        for number, case_id in session.exec(select(Case.number, Case.id).join(Watch, Watch.case_id == Case.id)  # type: ignore[arg-type]
                                            .where(Watch.organization_id == org.id).order_by(col(Case.number))):
            if in_region(case_id):
                watching.append(number)
        if parties or watching or org_regions:
            out.append(OrganizationView(key=org.key, name=org.name, kind=org.kind.value, region=org.region,
                                        parties=parties, regions=org_regions, watching=watching))
    return out
