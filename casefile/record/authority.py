"""Who may do what and see what: casefile's one authority policy (issue 14).

Every interface and every list asks this module — the API, the web pages, the permitted acts
(casefile.acts.permitted), the docket and the other read models (casefile.record.queries),
notices, exports, calendar feeds, search and the admin pages. Nothing else decides access.

**Whose act.** Each act model declares, beside its ``act`` literal, ``WHOSE: ClassVar[Whose]``:
a party's act (naming the field that names the party, and the fields that are confidential when
given: an offer of proof), the Region's (the Regional Director, the Board agent, the General
Counsel's transfer order as the Region carries it), the hearing officer's, the Board's, a judge's,
record-keeping (the act's actor is that of the record it names: attaching a document), or the
opening of a case. Nothing is inferred from a field's name.

**Who asks** is a :class:`Principal` (casefile.record.access.UserViewer, or :data:`OPERATOR`, the
command line on the machine that holds the database): its :class:`Standing` on a case says which of
the case's parties its organization represents, whether it is the case's Region, whether it only
watches, and its role.

**The table** (:data:`TABLE`; docs/architecture.md prints it, tests/authority checks they agree):
an act's :class:`Family` × the organization's :class:`Relation` to it gives a :class:`Cell` —
perform, record from the document received, record only while no organization on this instance
represents the actor, or refuse. Roles then narrow it (:func:`decide`): a viewer reads only; staff
perform their own party's filings that staff file (objections with their offer of proof, an offer
of proof, exceptions) and, in a Region, the Region's acts, and record nothing; counsel and admins
do what the cell says. A recorded act needs the document received, uploaded with it
(DocumentReceivedNeeded otherwise). An act the policy refuses stores nothing (it is refused
before the front door is called), and the refusal does not depend on whether the record the act
is about exists: it is decided from the act's family, the relation and representation only.

**Seeing** (:func:`sees_case`, :func:`sees_sealed`, :func:`hidden_of`): a case is seen by the
organizations of its parties, its Region and those that watch it; an offer of proof — its filing,
its document, its attachments and every docket entry about them — only by the organization of the
party that filed it and the Region (29 CFR 102.69(a)(8); rules.md R-G7): for anyone else it does
not exist. Drafts, notes and assignments are their organization's own (casefile.accounts).

Authority: 29 CFR 102.69(a)(8) (an offer of proof is submitted to the Regional Director, served on
no other party); the rest is casefile's policy, issue 14.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any, Literal, Protocol

from sqlalchemy import ColumnElement, and_, exists, or_, true
from sqlmodel import Session, col, select

from casefile.errors import CaseAlreadyOpen, DocumentReceivedNeeded, NotPermitted, UnknownCase, UnknownRecord
from casefile.record.accounts import Organization, OrganizationKind, Representation, UserRole
from casefile.record.models import Attachment, Case, Deadline, DocketEntry, Document, Filing, Party
from casefile.record.refs import RecordTable, Ref
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus

Mode = Literal["perform", "record"]
#: The docket act that supersedes a period's closure (casefile.record.closures.ACT).
CLOSURE_SUPERSEDED = "closure-superseded"


# --- whose act ------------------------------------------------------------------------------------


class ActorKind(StrEnum):
    """Whose act an act model is (its ``WHOSE``)."""

    PARTY = "party"  # a party's filing; the model names the party in a field
    REGION = "region"  # the Regional Director, the Board agent, a transfer order the Region carries
    HEARING_OFFICER = "hearing-officer"  # designated by the Regional Director: the Region's on this instance
    BOARD = "board"
    JUDGE = "judge"  # an Administrative Law Judge (objections consolidated with a ULP case)
    RECORD_KEEPING = "record-keeping"  # its actor is that of the record it names (attaching a document)
    OPENING = "opening"  # opening a case on this instance


@dataclass(frozen=True)
class Whose:
    """Whose act an act model is: ``kind``; ``field`` the model's field naming the party (PARTY) or
    the record (RECORD_KEEPING); ``sealed`` the fields whose content is confidential when given (an
    offer of proof filed with objections), ``whole_sealed`` when the whole act is (an offer of proof
    filed apart); ``staff`` whether a party's staff file it; ``brings_document`` whether the act
    carries the document itself (attaching one), so that recording it needs no other."""

    kind: ActorKind
    field: str | None = None
    sealed: tuple[str, ...] = ()
    whole_sealed: bool = False
    staff: bool = False
    brings_document: bool = False
    by_field: str | None = None  # the field naming who acted, when it may be another than ``kind``
    by_kinds: tuple[tuple[str, ActorKind], ...] = ()  # its values that name another actor, and whose

    @classmethod
    def party(cls, field: str = "party", *, sealed: tuple[str, ...] = (), staff: bool = False) -> Whose:
        """A party's act; the party is named by ``field``."""
        return cls(ActorKind.PARTY, field=field, sealed=sealed, staff=staff)

    @classmethod
    def offer_of_proof(cls, field: str = "party") -> Whose:
        """A party's offer of proof filed apart: confidential as a whole (102.69(a)(8)); staff file it."""
        return cls(ActorKind.PARTY, field=field, whole_sealed=True, staff=True)

    @classmethod
    def ruled_by(cls, field: str, kinds: dict[str, ActorKind], default: ActorKind = ActorKind.REGION) -> Whose:
        """An act of ``default``'s unless ``field`` names another actor (``kinds``: value -> whose):
        a ruling on a motion by the hearing officer or the Regional Director, or by the Board."""
        return cls(default, by_field=field, by_kinds=tuple(sorted(kinds.items())))

    def kind_of(self, act: Any) -> ActorKind:
        """Whose ``act`` is: ``kind``, or the actor its ``by_field`` names."""
        if self.by_field is None:
            return self.kind
        return dict(self.by_kinds).get(str(getattr(act, self.by_field, None)), self.kind)

    @classmethod
    def of_record(cls, field: str) -> Whose:
        """Record-keeping: the actor of the record ``field`` names does it; the act brings its document."""
        return cls(ActorKind.RECORD_KEEPING, field=field, brings_document=True)


REGION = Whose(ActorKind.REGION)
HEARING_OFFICER = Whose(ActorKind.HEARING_OFFICER)
BOARD = Whose(ActorKind.BOARD)
JUDGE = Whose(ActorKind.JUDGE)
OPENING = Whose(ActorKind.OPENING)


class Family(StrEnum):
    """The act families of the table (an act's ``Whose``, resolved on the case)."""

    PARTY = "a party's act"
    SEALED = "a party's offer of proof"
    REGION = "the Region's act (the hearing officer's included)"
    BOARD = "the Board's or a judge's act"


class Relation(StrEnum):
    """An organization's relation to an act on a case (an organization the case is hidden from has none)."""

    ACTOR = "the actor's organization"  # linked to the party whose act it is
    PARTY = "another party's organization"  # linked to a party of the case, not the actor
    REGION = "the case's Region"
    WATCHER = "a watching organization"
    OPERATOR = "the operator"  # the command line on the machine that holds the database


class Cell(StrEnum):
    """What the table answers for (family, relation), before roles narrow it."""

    PERFORM = "perform"
    RECORD = "record"  # from the document received, uploaded with the act
    RECORD_UNREPRESENTED = "record while unrepresented"  # while no organization here represents the actor
    REFUSE = "refuse"
    NONE = "—"  # no such relation for this family (no party is the actor of the Region's act)


F, R, C = Family, Relation, Cell
#: The authority table: act family × relation → cell (docs/architecture.md, "Who may do what").
TABLE: dict[Family, dict[Relation, Cell]] = {
    F.PARTY: {R.ACTOR: C.PERFORM, R.PARTY: C.RECORD_UNREPRESENTED, R.REGION: C.RECORD_UNREPRESENTED,
              R.WATCHER: C.REFUSE, R.OPERATOR: C.PERFORM},
    F.SEALED: {R.ACTOR: C.PERFORM, R.PARTY: C.REFUSE, R.REGION: C.RECORD_UNREPRESENTED,
               R.WATCHER: C.REFUSE, R.OPERATOR: C.PERFORM},
    F.REGION: {R.ACTOR: C.NONE, R.PARTY: C.RECORD_UNREPRESENTED, R.REGION: C.PERFORM,
               R.WATCHER: C.REFUSE, R.OPERATOR: C.PERFORM},
    F.BOARD: {R.ACTOR: C.NONE, R.PARTY: C.RECORD, R.REGION: C.RECORD,
              R.WATCHER: C.REFUSE, R.OPERATOR: C.PERFORM},
}
del F, R, C

#: Why each refusing cell refuses (the message never depends on what the record holds).
_REFUSED = {
    (Family.SEALED, Relation.PARTY): "an offer of proof is submitted to the Regional Director only and served on no "
                                     "other party (102.69(a)(8)): only its party's organization files it, and only "
                                     "the Region records it",
    (Family.PARTY, Relation.WATCHER): "a watching organization reads the public record only",
    (Family.SEALED, Relation.WATCHER): "a watching organization reads the public record only",
    (Family.REGION, Relation.WATCHER): "a watching organization reads the public record only",
    (Family.BOARD, Relation.WATCHER): "a watching organization reads the public record only",
}


@dataclass(frozen=True)
class Decision:
    """The policy's answer: ``mode`` perform or record, or None (refused, ``reason`` says why)."""

    mode: Mode | None
    reason: str = ""


def decide(family: Family, relation: Relation, role: UserRole | None, *, represented: bool,
           staff_files: bool = False) -> Decision:
    """The policy's answer for an act of ``family`` asked by an organization in ``relation`` to it,
    by a user of ``role`` (None: the operator), the actor being ``represented`` (an organization on
    this instance represents that party, or that Region) and the act one a party's staff file
    (``staff_files``). Pure: the table (:data:`TABLE`) narrowed by the role."""
    cell = TABLE[family][relation]
    if relation is Relation.OPERATOR or role is None:
        return Decision("perform")
    if role is UserRole.VIEWER:
        return Decision(None, "a viewer reads the case only (acts are for staff, counsel and admins)")
    if cell in (Cell.REFUSE, Cell.NONE):
        return Decision(None, _REFUSED.get((family, relation), "not an act of this organization"))
    if cell is Cell.PERFORM:
        if role is UserRole.STAFF and not (relation is Relation.REGION or staff_files):
            return Decision(None, "staff file their party's objections, offers of proof and exceptions; this act is "
                                  "for counsel and admins")
        return Decision("perform")
    if cell is Cell.RECORD_UNREPRESENTED and represented:
        whose = "the Region" if family is Family.REGION else "that party"
        return Decision(None, f"{whose} is represented on this casefile: its acts are its own (another organization "
                              "records an act only while nobody here represents its actor)")
    if role is UserRole.STAFF:
        return Decision(None, "staff record nothing: counsel and admins record another's act from the document "
                              "received")
    return Decision("record")


# --- who asks, and their standing on a case ---------------------------------------------------------


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


# --- seeing -------------------------------------------------------------------------------------------


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
    watched = exists().where(Watch.organization_id == organization_id, col(Watch.case_id) == col(Case.id))
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


@dataclass(frozen=True)
class Hidden:
    """What of one case a viewer may not see: filing, document and attachment ids, and the docket
    entries about any of them (their existence as much as their content); ``deadlines`` the closed
    periods for an offer of proof whose status (met or lapsed) would tell whether another party filed
    one: shown to them as closed, never how."""

    filings: frozenset[int] = frozenset()
    documents: frozenset[int] = frozenset()
    attachments: frozenset[int] = frozenset()
    entries: frozenset[int] = frozenset()
    deadlines: frozenset[int] = frozenset()

    def hides_ref(self, ref: Ref | None) -> bool:
        """Whether a reference to a filing, a document or an attachment names a hidden record."""
        if ref is None:
            return False
        return ref.id in {RecordTable.FILING: self.filings, RecordTable.DOCUMENT: self.documents,
                          RecordTable.ATTACHMENT: self.attachments}.get(ref.table, frozenset())

    def hides_entry(self, entry: DocketEntry) -> bool:
        return entry.id in self.entries


def document_party_id(session: Session, document: Document, *, always: bool = False) -> int | None:
    """The party whose filing ``document`` renders (the filing that is its subject), or None.
    ``always``: look a filing up even when its subject is none (the same work for every document)."""
    if document.subject is not None and document.subject.table is RecordTable.FILING:
        filing = session.get(Filing, document.subject.id)
        return filing.party_id if filing else None
    if always:
        session.get(Filing, -1)
    return None


def hidden_of(session: Session, case: Case, viewer: Principal) -> Hidden:
    """What of ``case`` ``viewer`` may not see (the one place that decides it, for every read model,
    the docket, exports, notices and feeds). Call it once per case and viewer."""
    standing = viewer.standing(session, case)
    if standing.operator or standing.region:
        return Hidden()

    def hidden_party(party_id: int | None) -> bool:
        return party_id is None or party_id not in standing.parties

    filings = {fid for fid, pid in session.exec(select(Filing.id, Filing.party_id).where(
        Filing.case_id == case.id, col(Filing.confidential).is_(True))).all() if fid is not None and hidden_party(pid)}
    documents = {d.id for d in session.exec(select(Document).where(Document.case_id == case.id,
                                                                   col(Document.confidential).is_(True))).all()
                 if d.id is not None and hidden_party(document_party_id(session, d))}
    attachments = set()
    for a in session.exec(select(Attachment).where(Attachment.case_id == case.id,
                                                   col(Attachment.confidential).is_(True))).all():
        filing = session.get(Filing, a.filing_id) if a.filing_id is not None else None
        if a.id is not None and hidden_party(filing.party_id if filing is not None else None):
            attachments.add(a.id)
    deadlines = set()
    for deadline_id in session.exec(select(Deadline.id).where(
            Deadline.case_id == case.id, Deadline.kind == DeadlineKind.OFFER_OF_PROOF,
            col(Deadline.status).in_([DeadlineStatus.MET, DeadlineStatus.MET_LATE, DeadlineStatus.LAPSED]))).all():
        own = session.exec(select(Filing.id).where(Filing.deadline_id == deadline_id, Filing.kind == "offer-of-proof",
                                                   col(Filing.party_id).in_(sorted(standing.parties)))).first()
        if own is None and deadline_id is not None:
            deadlines.add(deadline_id)
    refs = {Ref(RecordTable.FILING, i) for i in filings} | {Ref(RecordTable.DOCUMENT, i) for i in documents} | {
        Ref(RecordTable.ATTACHMENT, i) for i in attachments}
    closures = {Ref(RecordTable.DEADLINE, i) for i in deadlines}
    entries = set()
    if refs or documents or closures:
        for entry_id, act, ref, document_id in session.exec(
                select(col(DocketEntry.id), col(DocketEntry.act), col(DocketEntry.ref), col(DocketEntry.document_id))
                .where(DocketEntry.case_id == case.id)).all():
            if ref in refs or (document_id is not None and document_id in documents) or (
                    act == CLOSURE_SUPERSEDED and ref in closures):
                entries.add(entry_id)
    return Hidden(frozenset(filings), frozenset(documents), frozenset(attachments), frozenset(entries),  # type: ignore[arg-type]
                  frozenset(deadlines))


# --- acting -------------------------------------------------------------------------------------------


class ReceivedDocument(Protocol):
    """A document received, uploaded with an act recorded from it (casefile's upload storage makes them)."""

    @property
    def sha256(self) -> str: ...


def whose_of(act: Any) -> Whose:
    """The ``WHOSE`` an act model declares. Raises TypeError for a model that declares none."""
    whose = getattr(type(act) if not isinstance(act, type) else act, "WHOSE", None)
    if not isinstance(whose, Whose):
        raise TypeError(f"{getattr(act, 'act_name', act)!r} declares no WHOSE (casefile.record.authority.Whose)")
    return whose


@dataclass(frozen=True)
class ResolvedActor:
    """An act resolved on its case: its family and, for a party's act, the party."""

    family: Family
    party: Party | None = None


def family_of(kind: ActorKind, *, sealed: bool = False) -> Family:
    """The table's family of an actor kind (a party's act with its confidential part given: SEALED)."""
    if kind is ActorKind.PARTY:
        return Family.SEALED if sealed else Family.PARTY
    if kind in (ActorKind.REGION, ActorKind.HEARING_OFFICER):
        return Family.REGION
    if kind in (ActorKind.BOARD, ActorKind.JUDGE):
        return Family.BOARD
    raise ValueError(f"{kind} has no family of its own")


def actor_of(session: Session, case: Case, act: Any, viewer: Principal) -> ResolvedActor:
    """Whose act ``act`` is on ``case``: its family and party. Raises UnknownRecord (field: the
    model's party or record field) for a party the case does not have, and — the same words — for
    a record that does not exist or that ``viewer`` may not see."""
    whose = whose_of(act)
    if whose.kind is ActorKind.PARTY:
        assert whose.field is not None
        party = _party(session, case, str(getattr(act, whose.field)), field_=whose.field)
        sealed = whose.whole_sealed or any(bool(getattr(act, f, None)) for f in whose.sealed)
        return ResolvedActor(family_of(ActorKind.PARTY, sealed=sealed), party)
    if whose.kind is ActorKind.RECORD_KEEPING:
        assert whose.field is not None
        return _actor_of_record(session, case, str(getattr(act, whose.field)), viewer, field_=whose.field)
    return ResolvedActor(family_of(whose.kind_of(act)))


#: The docket's legal actors (vocab.Actor) as the table's families.
_ACTOR_FAMILY = {Actor.BOARD: Family.BOARD, Actor.ADMINISTRATIVE_LAW_JUDGE: Family.BOARD}


def _actor_of_record(session: Session, case: Case, written: str, viewer: Principal, *, field_: str) -> ResolvedActor:
    ref = Ref.parse(written)
    named = ref.table if ref is not None else None
    missing = UnknownRecord(f"case {case.number} has no {'filing' if named is RecordTable.FILING else 'docket entry'} "
                            f"{ref.id if ref is not None else written}", field=field_)
    filing: Filing | None = None
    if ref is not None and ref.table is RecordTable.FILING:
        filing = session.get(Filing, ref.id)
        if filing is None or filing.case_id != case.id:
            raise missing
    elif ref is not None and ref.table is RecordTable.DOCKET:
        entry = session.get(DocketEntry, ref.id)
        if entry is None or entry.case_id != case.id or hidden_of(session, case, viewer).hides_entry(entry):
            raise missing
        if entry.ref is not None and entry.ref.table is RecordTable.FILING:
            filing = session.get(Filing, entry.ref.id)
        elif entry.actor is Actor.PARTY:
            return ResolvedActor(Family.PARTY, None)  # a party's entry with no filing (opening the case): nobody's own
        else:
            return ResolvedActor(_ACTOR_FAMILY.get(entry.actor, Family.REGION))
    else:
        raise missing
    if filing is None:
        raise missing
    if filing.confidential and not sees_sealed(session, viewer, case, filing.party_id):
        raise missing  # a hidden offer of proof does not exist for them
    party = session.get(Party, filing.party_id)
    return ResolvedActor(Family.SEALED if filing.confidential else Family.PARTY, party)


def _party(session: Session, case: Case, key: str, *, field_: str) -> Party:
    from casefile.record.lookups import get_party

    try:
        return get_party(session, case, key)
    except UnknownRecord as exc:
        raise UnknownRecord(str(exc), field=field_) from None


def represented(session: Session, case: Case, actor: ResolvedActor) -> bool:
    """Whether an organization on this instance represents the actor: a party's (linked to that
    party of the case), the Region's (a Region organization linked to the case's Region). The
    Board and the judges are never represented: their acts are recorded from the documents issued."""
    if actor.family in (Family.PARTY, Family.SEALED):
        if actor.party is None:
            return False
        return session.exec(select(Representation.id).where(Representation.case_id == case.id,
                                                            Representation.party_id == actor.party.id)).first() is not None
    if actor.family is Family.REGION:
        return session.exec(select(Representation.id).join(Organization, Organization.id == Representation.organization_id)  # type: ignore[arg-type]
                            .where(Representation.region == case_region(case),
                                   Organization.kind == OrganizationKind.REGION)).first() is not None
    return False


def authorize(session: Session, viewer: Any, act: Any, case: Case | None, *,
              received: Sequence[ReceivedDocument] = ()) -> Mode:
    """Whether ``viewer`` may perform or record ``act`` on ``case`` (None: an open-case of a case
    not yet open), and how: "perform" or "record" (from ``received``, the document received,
    uploaded with the act). Raises UnknownCase (the case is hidden from them: as if it did not
    exist), UnknownRecord (a party the case does not have; a record that does not exist or is
    hidden, in the same words), NotPermitted (the table's refusal, saying why), CaseAlreadyOpen
    (open-case of a case open and hidden from them), DocumentReceivedNeeded (record mode without
    the document). The rules: :data:`TABLE` and :func:`decide`."""
    whose = whose_of(act)
    if whose.kind is ActorKind.OPENING:
        return _authorize_open(session, viewer, act, case)
    if case is None:
        raise UnknownCase("no case given")
    standing = viewer.standing(session, case)
    if not standing.sees_case:
        raise UnknownCase(f"no case {case.number} in the database (open it first, or replay a scenario)")
    actor = actor_of(session, case, act, viewer)
    relation = standing.relation(actor.party.id if actor.party is not None else None)
    assert relation is not None
    decision = decide(actor.family, relation, standing.role, represented=represented(session, case, actor),
                      staff_files=whose.staff)
    name = getattr(act, "act_name", "this act")
    of = f" of {actor.party.name}" if actor.party is not None else ""
    if decision.mode is None:
        raise NotPermitted(f"{name}{of} on {case.number}: {decision.reason} ({_who(viewer)})")
    if decision.mode == "record" and not received and not whose.brings_document:
        raise DocumentReceivedNeeded(f"{name}{of} is another's act: {_who(viewer)} records it from the document "
                                     "received, uploaded with the act", field="document")
    return decision.mode


def _who(viewer: Any) -> str:
    role = getattr(viewer, "role", None)
    return f"{getattr(viewer, 'email', 'you')} is {role.value} of {getattr(viewer, 'organization_key', '')}" \
        if role is not None else "the operator"


def _authorize_open(session: Session, viewer: Any, act: Any, case: Case | None) -> Mode:
    """Opening a case: counsel and admins of a party's organization (linked to the party it names,
    when nobody holds the case yet), a Region's users for their Region's cases, the operator. A case
    already open and hidden from them is CaseAlreadyOpen (they ask to be linked instead)."""
    from casefile.rules.case_numbers import parse_case_number
    from casefile.rules.offices import office_for

    role: UserRole | None = getattr(viewer, "role", None)
    if role is None:
        return "perform"
    region_org = getattr(viewer, "organization_kind", None) is OrganizationKind.REGION
    if (decision := may_open_case(viewer)).mode is None:
        raise NotPermitted(f"open-case: {decision.reason}; {_who(viewer)}")
    if region_org:
        spec = act.case
        region = region_of_office(office_for(parse_case_number(spec.number).region, spec.office).key)
        regions = viewer.regions(session)
        if region not in regions:
            raise NotPermitted(f"open-case: {spec.number} is a case of Region {region}; {viewer.organization_key} is "
                               f"the Region of {', '.join(sorted(regions)) or 'no case'}", field="case.number")
    if case is not None and not sees_case(session, viewer, case):
        raise CaseAlreadyOpen(f"{case.number} is already open on this casefile and {viewer.organization_key} is not "
                              "linked to it: ask to be linked to your party in it (Admin → Ask to be linked, or the "
                              "operator: casefile orgs requests)", field="case.number")
    return "perform"


# --- what else a user may do ----------------------------------------------------------------------------

ACTING_ROLES = frozenset({UserRole.ADMIN, UserRole.COUNSEL, UserRole.STAFF})
COUNSEL_ROLES = frozenset({UserRole.ADMIN, UserRole.COUNSEL})


def may_draft(standing: Standing) -> Decision:
    """Drafts of acts on a case: its organization's staff, counsel and admins, never a watcher's."""
    if standing.operator:
        return Decision("perform")
    if standing.role is UserRole.VIEWER:
        return Decision(None, "a viewer reads only and drafts nothing")
    if standing.only_watches or not standing.sees_case:
        return Decision(None, "a watching organization reads the public record only: it drafts nothing")
    return Decision("perform")


def may_write_notes(role: UserRole | None) -> bool:
    """Private notes: an organization's admins, counsel and staff write them (a viewer reads them)."""
    return role is None or role in ACTING_ROLES


def may_assign(role: UserRole | None) -> bool:
    """Assignments of an organization's users to a case: its admins and counsel."""
    return role is None or role in COUNSEL_ROLES


def may_manage_users(viewer: Any, organization_id: int) -> bool:
    """Whether ``viewer`` may add, change and deactivate the users (and their tokens) of the
    organization ``organization_id``: its admins."""
    return getattr(viewer, "role", None) is UserRole.ADMIN and getattr(viewer, "organization_id", None) == organization_id


def may_watch(standing: Standing) -> bool:
    """Watching a case: only one the organization already sees (a watch makes nothing visible)."""
    return standing.sees_case


def may_open_case(viewer: Any) -> Decision:
    """Opening cases at all (before any case is named): counsel and admins of a party's
    organization, a Region's users, the operator. Which case and which party: :func:`authorize`."""
    role: UserRole | None = getattr(viewer, "role", None)
    if role is None:
        return Decision("perform")
    region_org = getattr(viewer, "organization_kind", None) is OrganizationKind.REGION
    if role is UserRole.VIEWER or (role is UserRole.STAFF and not region_org):
        return Decision(None, "cases are opened by counsel or admins (or a Region's users)")
    return Decision("perform")


def may_import(viewer: Any) -> Decision:
    """Importing NLRB election results on the web: a Region's admins (for their Region's cases); at
    the command line, the operator. No other organization adds tallies to cases."""
    if getattr(viewer, "role", None) is None:
        return Decision("perform")
    if getattr(viewer, "organization_kind", None) is not OrganizationKind.REGION or viewer.role is not UserRole.ADMIN:
        return Decision(None, "imports of NLRB election results are the operator's (casefile import) or a Region "
                              "admin's, for the Region's cases")
    return Decision("perform")


def may_ask_link(viewer: Any) -> Decision:
    """Asking to be linked to a party of a case (casefile.accounts.links.request_link): counsel and
    admins of a party's organization (a union, a firm, a federation); a Region sees its Region's
    cases and represents no party. Decided from the role and kind only, never from the case."""
    role = getattr(viewer, "role", None)
    if role is None:
        return Decision(None, "the operator links an organization directly (casefile orgs link)")
    if getattr(viewer, "organization_kind", None) is OrganizationKind.REGION:
        return Decision(None, "a Region sees every case of its Region and represents no party")
    if role not in COUNSEL_ROLES:
        return Decision(None, "an organization's counsel and admins ask to be linked to a party")
    return Decision("perform")


def may_decide_link(viewer: Any, holders: set[int], *, replace: bool = False) -> Decision:
    """Approving or declining a link request for a party held by the organizations ``holders``
    (their ids): the operator (and only the operator approves it *in place of* those linked:
    ``replace``), or an admin of an organization already linked to that party, which lets another
    organization share that party's offers of proof."""
    if getattr(viewer, "role", None) is None:
        return Decision("perform")
    if replace:
        return Decision(None, "only the operator links an organization in place of those already linked")
    if viewer.role is UserRole.ADMIN and getattr(viewer, "organization_id", None) in holders:
        return Decision("perform")
    return Decision(None, "the operator, or an admin of an organization already linked to that party, decides")


__all__ = [
    "ACTING_ROLES",
    "BOARD",
    "COUNSEL_ROLES",
    "HEARING_OFFICER",
    "JUDGE",
    "OPENING",
    "OPERATOR",
    "REGION",
    "TABLE",
    "ActorKind",
    "Cell",
    "Decision",
    "Family",
    "Hidden",
    "Mode",
    "Principal",
    "ReceivedDocument",
    "Relation",
    "Standing",
    "Whose",
    "actor_of",
    "authorize",
    "case_region",
    "decide",
    "document_party_id",
    "family_of",
    "hidden_of",
    "may_ask_link",
    "may_assign",
    "may_decide_link",
    "may_draft",
    "may_import",
    "may_manage_users",
    "may_open_case",
    "may_watch",
    "may_write_notes",
    "region_of_office",
    "region_where",
    "represented",
    "sees_case",
    "sees_case_where",
    "sees_sealed",
    "whose_of",
]
