"""How an organization comes to a case already open: it asks to be linked to a party
(:func:`request_link`), and the operator approves (:func:`approve_link`) or declines
(:func:`decline_link`) it. Opening a case links the opener to the party it names, the case being
new (casefile.accounts.acting); every later claim on a party is a request, and only the operator
decides one: an organization already linked to the party may be one that claimed it by opening the
case naming itself that party, so its admins are shown the requests for it but decide none
(casefile.record.authority.may_decide_link; attacker trial 2026-12-03, HIGH-1). A request an admin
of a holder declined before that rule is the operator's to decide again.

Asking tells nothing: the case number and the party are stored as typed, whether or not the case
is on this instance or the asker may see it, and the answer is the same ("sent to the operator").
Approving opens that party's offers of proof — filed and to come — to the new organization
(:data:`WARNING`), so the operator sees who holds the party already (``held_by``) and may link the
asker *in place of* them (``replace``: a party claimed first by an organization that does not
represent it). Who may do what is the authority policy's (casefile.record.authority.may_ask_link,
may_decide_link, may_see_link_request).

Each function writes in the caller's transaction; a refusal raises before anything is added, so
the caller's rollback leaves every table as it was. Raises NotPermitted (the policy refuses, from
the role and kind only), MalformedCaseNumber, BadInput, UnknownRecord (no such request), AlreadyRecorded
(decided already), and — approving — UnknownCase / UnknownRecord when the case or party asked for is
not on the instance.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from casefile.characters import character_problem
from casefile.errors import AlreadyRecorded, BadInput, NotPermitted, UnknownCase, UnknownRecord
from casefile.record.accounts import LinkRequest, LinkRequestView, LinkStatus, Organization, Representation
from casefile.record.authority import may_ask_link, may_decide_link, may_see_link_request
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


#: Pending requests one organization may have at once (attacker trial 2026-12-03, LOW-3: the same
#: party asked for under any spelling, without bound).
PENDING_MAX = 20


def request_link(session: Session, viewer: Any, *, case_number: str, party: str, note: str = "",
                 as_of: datetime) -> LinkRequestView:
    """``viewer``'s organization asks to be linked to ``party`` (its role such as "petitioner", or
    its handle; never its name, which a party may change: :func:`resolve`) of case ``case_number``.
    Stored as typed, whatever the instance holds. The same request again (still pending: the same
    words in any case or spacing) is found, not repeated; other words naming the same party are
    another request — telling the asker that two words name one party would tell it the case is
    here — which the operator's decision on either closes (:func:`approve_link`, :func:`decline_link`).
    Raises NotPermitted (not counsel or an admin of a party's organization),
    MalformedCaseNumber, BadInput (no party named; the organization has :data:`PENDING_MAX`
    requests pending)."""
    from casefile.rules.case_numbers import parse_case_number

    decision = may_ask_link(viewer)
    if decision.mode is None:
        raise NotPermitted(f"ask to be linked: {decision.reason}")
    number = str(parse_case_number(case_number))
    party = " ".join((party or "").split())
    note = (note or "").strip()
    if not party or len(party) > PARTY_MAX:
        raise BadInput(f"name the party you represent in {number} (its role such as petitioner, or its handle; at "
                       f"most {PARTY_MAX} characters)", field="party")
    if (problem := character_problem(party, one_line=True)) is not None:
        raise BadInput(f"the party you represent: {problem}", field="party")
    if len(note) > NOTE_MAX or (problem := character_problem(note)) is not None:
        raise BadInput(f"the note is text of at most {NOTE_MAX} characters{f' ({problem})' if problem else ''}",
                       field="note")
    pending = list(session.exec(select(LinkRequest).where(
        LinkRequest.organization_id == viewer.organization_id, LinkRequest.status == LinkStatus.PENDING.value)
        .order_by(col(LinkRequest.id))))
    for existing in pending:
        if existing.case_number == number and existing.party.casefold() == party.casefold():
            return _view(session, existing, for_decider=False)
    if len(pending) >= PENDING_MAX:
        raise BadInput(f"{len(pending)} link requests of your organization await the operator's decision already "
                       f"(at most {PENDING_MAX}): ask the operator to decide them first", field="party")
    row = LinkRequest(organization_id=viewer.organization_id, case_number=number, party=party, note=note,
                      requested_by=_label(viewer), requested_at=as_of)
    session.add(row)
    session.flush()
    return _view(session, row, for_decider=False)


def resolve(session: Session, case_number: str, party: str) -> tuple[Case, Party] | None:
    """The case and party a request names, or None: ``party`` (in any case) is a party's handle or
    its role, which no act changes — never its name, which the party itself may correct
    (attacker trial 2026-12-03, HIGH-2: the employer renamed its party "Petitioner" and the
    union's request for the petitioner then named the employer). None when the words name no party,
    or more than one (a role two parties share; a handle of one party that is another's role)."""
    case = session.exec(select(Case).where(Case.number == case_number)).first()
    if case is None:
        return None
    wanted = party.casefold()
    found = {p.id: p for p in session.exec(select(Party).where(Party.case_id == case.id).order_by(col(Party.id)))
             if wanted in (str(p.key).casefold(), str(p.role).casefold())}
    return (case, next(iter(found.values()))) if len(found) == 1 else None


def holders(session: Session, party: Party) -> list[Organization]:
    """The organizations linked to ``party`` now."""
    return list(session.exec(select(Organization).join(Representation, Representation.organization_id == Organization.id)  # type: ignore[arg-type]
                             .where(Representation.party_id == party.id).order_by(col(Organization.key))))


def _holder_ids(session: Session, row: LinkRequest) -> set[int]:
    found = resolve(session, row.case_number, row.party)
    return {o.id for o in holders(session, found[1]) if o.id is not None} if found else set()


def _view(session: Session, row: LinkRequest, *, for_decider: bool, note: bool = True) -> LinkRequestView:
    org = session.get(Organization, row.organization_id)
    held: list[Organization] = []
    resolves_to: Party | None = None
    asker_holds: list[Party] = []
    if for_decider and (found := resolve(session, row.case_number, row.party)) is not None:
        held, resolves_to = holders(session, found[1]), found[1]
    if for_decider and (case := session.exec(select(Case).where(Case.number == row.case_number)).first()) is not None:
        asker_holds = list(session.exec(
            select(Party).join(Representation, Representation.party_id == Party.id)  # type: ignore[arg-type]
            .where(Representation.organization_id == row.organization_id, Representation.case_id == case.id)
            .order_by(col(Party.id))))
    return LinkRequestView(id=row.id or 0, organization=org.key if org else "", organization_name=org.name if org else "",
                           case_number=row.case_number, party=row.party, note=row.note if note else "", status=row.status,
                           requested_by=row.requested_by, requested_at=row.requested_at, decided_by=row.decided_by,
                           decided_at=row.decided_at,
                           decision=row.decision if for_decider or row.status == LinkStatus.DECLINED.value else "",
                           held_by=[o.key for o in held],
                           resolves_to=f"{resolves_to.key} ({resolves_to.role})" if resolves_to else "",
                           asker_holds=[f"{p.key} ({p.role})" for p in asker_holds],
                           held_by_names=[o.name for o in held], resolves_to_name=resolves_to.name if resolves_to else "",
                           asker_holds_names=[p.name for p in asker_holds],
                           warning=WARNING if for_decider else "")


def _holder_declined(row: LinkRequest) -> bool:
    """A request an admin of an organization holding the party declined (before only the operator
    decided): the operator's to decide again."""
    return row.status == LinkStatus.DECLINED.value and row.decided_by.startswith("user:")


def list_link_requests(session: Session, viewer: Any, *, pending_only: bool = False) -> list[LinkRequestView]:
    """The link requests ``viewer`` may see, oldest first: the operator every one (with who holds
    the party now; ``pending_only``: those awaiting its decision, a holder's earlier decline
    included); an organization's users those their organization made; an organization's admins
    also the pending ones for a party their organization holds (shown, not theirs to decide; without
    the asker's note, which is for the operator — the holder may be the one the asker contests)."""
    query = select(LinkRequest).order_by(col(LinkRequest.id))
    operator = getattr(viewer, "role", None) is None
    if pending_only:
        query = query.where(col(LinkRequest.status).in_([LinkStatus.PENDING.value, LinkStatus.DECLINED.value]))
    rows = list(session.exec(query))
    if pending_only:
        rows = [r for r in rows if r.status == LinkStatus.PENDING.value or (operator and _holder_declined(r))]
    if operator:
        return [_view(session, r, for_decider=True) for r in rows]
    out = []
    for row in rows:
        if row.status == LinkStatus.PENDING.value and row.organization_id != viewer.organization_id and \
                may_see_link_request(viewer, _holder_ids(session, row)):
            out.append(_view(session, row, for_decider=True, note=False))  # the note is for the operator, who decides
        elif row.organization_id == viewer.organization_id:
            out.append(_view(session, row, for_decider=False))
    return out


def _decidable(session: Session, viewer: Any, request_id: int, *, replace: bool = False) -> LinkRequest:
    """The request ``request_id`` if ``viewer`` may decide it: the operator only, refused from the
    role alone before the request is looked up (a user learns of no request); UnknownRecord for
    one that does not exist; AlreadyRecorded for one decided (a holder's decline excepted)."""
    decision = may_decide_link(viewer, replace=replace)
    if decision.mode is None:
        raise NotPermitted(f"link request {request_id}: {decision.reason}")
    row = session.get(LinkRequest, request_id) if isinstance(request_id, int) and 0 < request_id < 2**63 else None
    if row is None:
        raise UnknownRecord(f"no link request {request_id} awaiting your decision", field="request")
    if row.status != LinkStatus.PENDING.value and not _holder_declined(row):
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
    another organization holds already is linked only knowingly: beside them with ``share``, or
    with ``replace`` in their place; else PartyHeld, naming the holders in full
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
    _close_siblings(session, row, the_party)
    session.flush()
    return Decided(_view(session, row, for_decider=True), tuple(replaced))


def _close_siblings(session: Session, row: LinkRequest, party: Party | None) -> None:
    """Close the asker's other pending requests for the party ``row`` was decided for (other words
    for the same party), as ``row`` was decided: "with request N"."""
    if party is None:
        return
    for other in session.exec(select(LinkRequest).where(
            LinkRequest.organization_id == row.organization_id, LinkRequest.case_number == row.case_number,
            LinkRequest.status == LinkStatus.PENDING.value, LinkRequest.id != row.id)):
        found = resolve(session, other.case_number, other.party)
        if found is not None and found[1].id == party.id:
            other.status, other.decided_by, other.decided_at = row.status, row.decided_by, row.decided_at
            other.decision = f"with link request {row.id}"
            session.add(other)


def decline_link(session: Session, viewer: Any, request_id: int, *, as_of: datetime, reason: str = "",
                 by: str | None = None) -> Decided:
    """Decline link request ``request_id`` (``reason``, optional, is shown to the asker), and the
    asker's other pending requests for the same party."""
    row = _decidable(session, viewer, request_id)
    reason = " ".join((reason or "").split())[:NOTE_MAX]
    row.status = LinkStatus.DECLINED.value
    row.decided_by, row.decided_at, row.decision = _label(viewer, by), as_of, reason
    session.add(row)
    found = resolve(session, row.case_number, row.party)
    _close_siblings(session, row, found[1] if found else None)
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


__all__ = ["PENDING_MAX", "WARNING", "Decided", "SharedParty", "approve_link", "decline_link", "holders", "list_link_requests",
           "named", "request_link", "resolve", "shared_parties"]
