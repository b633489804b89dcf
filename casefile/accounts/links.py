"""How an organization comes to a case already open: it asks to be linked to a party
(:func:`request_link`), and the operator — or an admin of an organization already linked to that
party — approves (:func:`approve_link`) or declines (:func:`decline_link`) it. Opening a case links
the opener to the party it names, the case being new (casefile.accounts.acting); every later claim
on a party is a request.

Asking tells nothing: the case number and the party are stored as typed, whether or not the case
is on this instance or the asker may see it, and the answer is the same ("sent to the operator").
Approving opens that party's offers of proof — filed and to come — to the new organization
(:data:`WARNING`), so the one who decides sees who holds the party already (``held_by``) and the
operator may link the asker *in place of* them (``replace``: a party claimed first by an
organization that does not represent it). Who may do what is the authority policy's
(casefile.record.authority.may_ask_link, may_decide_link).

Each function writes in the caller's transaction; a refusal raises before anything is added, so
the caller's rollback leaves every table as it was. Raises NotPermitted (the policy refuses, from
the role and kind only), MalformedCaseNumber, BadInput, UnknownRecord (no such request *for the
one asking*: the same words for one that does not exist and one that is not theirs to decide),
AlreadyRecorded (decided already), and — approving — UnknownCase / UnknownRecord when the case or
party asked for is not on the instance (the operator learns it; a holder never gets such a request).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from casefile.errors import AlreadyRecorded, BadInput, NotPermitted, UnknownCase, UnknownRecord
from casefile.record.accounts import LinkRequest, LinkRequestView, LinkStatus, Organization, Representation
from casefile.record.authority import may_ask_link, may_decide_link
from casefile.record.models import Case, Party

#: What approving a request opens, shown with every request and every approval.
WARNING = ("Linking an organization to a party opens that party's offers of proof to it — those filed "
           "and those to come — and lets it act in the party's name. Approve only an organization that "
           "represents the party.")
PARTY_MAX = 120
NOTE_MAX = 1000


@dataclass(frozen=True)
class Decided:
    """A decided request: its view, and the organizations whose links it ended (``replaced``)."""

    request: LinkRequestView
    replaced: tuple[str, ...] = ()


def _label(viewer: Any, by: str | None = None) -> str:
    """Who the request names: ``by`` when given (the operator's command line names its OS user),
    else the user's ``user:<email>``, else the operator."""
    if by:
        return by
    label = getattr(viewer, "label", None)
    if callable(label):
        return str(label())
    from casefile.acts import Who

    return Who.operator().label


def request_link(session: Session, viewer: Any, *, case_number: str, party: str, note: str = "",
                 as_of: datetime) -> LinkRequestView:
    """``viewer``'s organization asks to be linked to ``party`` (a handle, a role such as
    "petitioner", or the party's name) of case ``case_number``. Stored as typed, whatever the
    instance holds; the same request again (still pending) is found, not repeated. Raises
    NotPermitted (not counsel or an admin of a party's organization), MalformedCaseNumber, BadInput."""
    from casefile.rules.case_numbers import parse_case_number

    decision = may_ask_link(viewer)
    if decision.mode is None:
        raise NotPermitted(f"ask to be linked: {decision.reason}")
    number = str(parse_case_number(case_number))
    party = " ".join((party or "").split())
    note = (note or "").strip()
    if not party or len(party) > PARTY_MAX:
        raise BadInput(f"name the party you represent in {number} (its handle, its role such as petitioner, or its "
                       f"name; at most {PARTY_MAX} characters)", field="party")
    if len(note) > NOTE_MAX or "\x00" in note + party:
        raise BadInput(f"the note is text of at most {NOTE_MAX} characters", field="note")
    existing = session.exec(select(LinkRequest).where(
        LinkRequest.organization_id == viewer.organization_id, LinkRequest.case_number == number,
        LinkRequest.party == party, LinkRequest.status == LinkStatus.PENDING.value)).first()
    if existing is not None:
        return _view(session, existing, for_decider=False)
    row = LinkRequest(organization_id=viewer.organization_id, case_number=number, party=party, note=note,
                      requested_by=_label(viewer), requested_at=as_of)
    session.add(row)
    session.flush()
    return _view(session, row, for_decider=False)


def resolve(session: Session, case_number: str, party: str) -> tuple[Case, Party] | None:
    """The case and party a request names (``party``: the handle, the role, or the name, in any
    case; a role two parties share names neither), or None."""
    case = session.exec(select(Case).where(Case.number == case_number)).first()
    if case is None:
        return None
    parties = list(session.exec(select(Party).where(Party.case_id == case.id).order_by(col(Party.id))))
    wanted = party.casefold()
    for attribute in ("key", "name", "role"):
        found = [p for p in parties if str(getattr(p, attribute)).casefold() == wanted]
        if len(found) == 1:
            return case, found[0]
    return None


def holders(session: Session, party: Party) -> list[Organization]:
    """The organizations linked to ``party`` now."""
    return list(session.exec(select(Organization).join(Representation, Representation.organization_id == Organization.id)  # type: ignore[arg-type]
                             .where(Representation.party_id == party.id).order_by(col(Organization.key))))


def _holder_ids(session: Session, row: LinkRequest) -> set[int]:
    found = resolve(session, row.case_number, row.party)
    return {o.id for o in holders(session, found[1]) if o.id is not None} if found else set()


def _view(session: Session, row: LinkRequest, *, for_decider: bool) -> LinkRequestView:
    org = session.get(Organization, row.organization_id)
    held: list[str] = []
    if for_decider and (found := resolve(session, row.case_number, row.party)) is not None:
        held = [o.key for o in holders(session, found[1])]
    return LinkRequestView(id=row.id or 0, organization=org.key if org else "", organization_name=org.name if org else "",
                           case_number=row.case_number, party=row.party, note=row.note, status=row.status,
                           requested_by=row.requested_by, requested_at=row.requested_at, decided_by=row.decided_by,
                           decided_at=row.decided_at,
                           decision=row.decision if for_decider or row.status == LinkStatus.DECLINED.value else "",
                           held_by=held,
                           warning=WARNING if for_decider else "")


def list_link_requests(session: Session, viewer: Any, *, pending_only: bool = False) -> list[LinkRequestView]:
    """The link requests ``viewer`` may see, oldest first: the operator every one (with who holds
    the party now); an organization's users those their organization made; an organization's
    admins also those awaiting their decision (pending, for a party their organization holds)."""
    query = select(LinkRequest).order_by(col(LinkRequest.id))
    if pending_only:
        query = query.where(LinkRequest.status == LinkStatus.PENDING.value)
    rows = list(session.exec(query))
    if getattr(viewer, "role", None) is None:
        return [_view(session, r, for_decider=True) for r in rows]
    out = []
    for row in rows:
        if row.status == LinkStatus.PENDING.value and row.organization_id != viewer.organization_id and \
                may_decide_link(viewer, _holder_ids(session, row)).mode is not None:
            out.append(_view(session, row, for_decider=True))
        elif row.organization_id == viewer.organization_id:
            out.append(_view(session, row, for_decider=False))
    return out


def _decidable(session: Session, viewer: Any, request_id: int, *, replace: bool = False) -> LinkRequest:
    """The request ``request_id`` if ``viewer`` may decide it; the same UnknownRecord for one that
    does not exist and one that is not theirs to decide (a user learns of no other request)."""
    operator = getattr(viewer, "role", None) is None
    if replace and not operator:  # decided from the role alone, before the request is looked up
        raise NotPermitted(f"link request {request_id}: {may_decide_link(viewer, set(), replace=True).reason}")
    row = session.get(LinkRequest, request_id) if isinstance(request_id, int) and 0 < request_id < 2**63 else None
    if row is None or (not operator and (row.organization_id == viewer.organization_id
                                         or may_decide_link(viewer, _holder_ids(session, row)).mode is None)):
        raise UnknownRecord(f"no link request {request_id} awaiting your decision", field="request")
    decision = may_decide_link(viewer, _holder_ids(session, row), replace=replace)
    if decision.mode is None:
        raise NotPermitted(f"link request {request_id}: {decision.reason}")
    if row.status != LinkStatus.PENDING.value:
        raise AlreadyRecorded(f"link request {request_id} was {row.status} by {row.decided_by} "
                              f"({row.decided_at.isoformat() if row.decided_at else ''})", field="request")
    return row


def named(orgs: list[Organization]) -> str:
    """Organizations in full: "Amazon Counsel LLP (amazon-counsel), …"."""
    return ", ".join(f"{o.name} ({o.key})" for o in orgs)


def approve_link(session: Session, viewer: Any, request_id: int, *, as_of: datetime, replace: bool = False,
                 share: bool = False, party: str | None = None, by: str | None = None) -> Decided:
    """Approve link request ``request_id``: its organization is linked to the party it asked for
    (``party``: the operator's reading of what was typed, when it names none unambiguously). A party
    another organization holds already is linked only knowingly: beside them with ``share`` — an
    admin of a holder deciding on the web or the API shares its own party, and says so by deciding —
    or, ``replace`` (the operator only), in their place; else PartyHeld, naming the holders in full
    (attacker trial: an employer that opened a case naming itself the petitioner's party read the
    union's offer of proof once the operator's plain approve shared it). Raises what the module
    says, and PartyHeld."""
    from casefile.errors import PartyHeld

    row = _decidable(session, viewer, request_id, replace=replace)
    found = resolve(session, row.case_number, party or row.party)
    if found is None:
        case = session.exec(select(Case).where(Case.number == row.case_number)).first()
        if case is None:
            raise UnknownCase(f"link request {request_id}: no case {row.case_number} on this casefile (decline it)")
        names = ", ".join(f"{p.key} ({p.role.value})" for p in session.exec(select(Party).where(Party.case_id == case.id)))
        raise UnknownRecord(f"link request {request_id}: {row.party!r} names no one party of {row.case_number} "
                            f"(parties: {names}); approve it naming the party (--party)", field="party")
    case, the_party = found
    org = session.get(Organization, row.organization_id)
    assert org is not None
    others = [o for o in holders(session, the_party) if o.id != org.id]
    if others and not (share or replace):
        raise PartyHeld(f"link request {request_id}: {the_party.key} of {case.number} is held here already by "
                        f"{named(others)}: approving links {org.name} ({org.key}) beside "
                        f"{'it' if len(others) == 1 else 'them'}, and both see that party's offers of proof. If "
                        f"{org.key} represents {the_party.key} and {'that holder does' if len(others) == 1 else 'they do'} "
                        "not, approve it in their place (--replace); if both represent it, --share; else decline it",
                        field="request")
    by = _label(viewer, by)
    replaced: list[str] = []
    if replace:
        for rep in session.exec(select(Representation).where(Representation.party_id == the_party.id,
                                                             Representation.organization_id != org.id)):
            other = session.get(Organization, rep.organization_id)
            replaced.append(other.key if other else str(rep.organization_id))
            session.delete(rep)
        session.flush()
    from casefile.accounts.orgs import link_party

    link_party(session, organization=org.key, case_number=case.number, party=the_party.key, as_of=as_of,
               by=f"{by} (link request {row.id})", share=True)
    row.status = LinkStatus.APPROVED.value
    row.decided_by, row.decided_at = by, as_of
    row.decision = "replaced " + ", ".join(replaced) if replaced else "shared" if _holder_ids(session, row) - {org.id} else "linked"
    session.add(row)
    session.flush()
    return Decided(_view(session, row, for_decider=True), tuple(replaced))


def decline_link(session: Session, viewer: Any, request_id: int, *, as_of: datetime, reason: str = "",
                 by: str | None = None) -> Decided:
    """Decline link request ``request_id`` (``reason``, optional, is shown to the asker)."""
    row = _decidable(session, viewer, request_id)
    reason = " ".join((reason or "").split())[:NOTE_MAX]
    row.status = LinkStatus.DECLINED.value
    row.decided_by, row.decided_at, row.decision = _label(viewer, by), as_of, reason
    session.add(row)
    session.flush()
    return Decided(_view(session, row, for_decider=True))


@dataclass(frozen=True)
class SharedParty:
    """A party an organization represents that another organization also holds here: the case,
    the party's handle and name, and the others, in full ("Name (key)")."""

    case_number: str
    party: str
    party_name: str
    others: str


def shared_parties(session: Session, viewer: Any) -> list[SharedParty]:
    """The parties ``viewer``'s organization represents that another organization holds too
    (both see that party's offers of proof), by case: what its Admin and Link requests pages say,
    so that an organization learns when another — a firm that opened the case first naming itself
    its party — holds its party beside it. Empty for the operator and a Region."""
    own = getattr(viewer, "organization_id", None)
    if getattr(viewer, "role", None) is None or own is None:
        return []
    out = []
    for rep in session.exec(select(Representation).where(Representation.organization_id == own,
                                                         col(Representation.party_id).is_not(None))
                            .order_by(col(Representation.case_id), col(Representation.party_id))):
        party = session.get(Party, rep.party_id)
        case = session.get(Case, rep.case_id)
        if party is None or case is None:
            continue
        others = [o for o in holders(session, party) if o.id != own]
        if others:
            out.append(SharedParty(case.number, party.key, party.name, named(others)))
    return out


__all__ = ["WARNING", "Decided", "SharedParty", "approve_link", "decline_link", "holders", "list_link_requests",
           "named", "request_link", "resolve", "shared_parties"]
