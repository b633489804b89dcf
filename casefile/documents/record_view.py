"""The case record as a document reads it: loaded once per document (the case, its parties and their
counsel, the office that has the case), with what every builder asks of it — the caption, whom a
document is served on, signatures, deadlines as a document states them, objections, a hearing's
dates, the research notes of a record copy — each missing fact a labelled placeholder (a record
copy) or a blank line (a live case), never a guess.
"""

from __future__ import annotations

from datetime import date
from typing import Any
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, select

from casefile.documents import wording
from casefile.documents.parts import (
    Caption,
    ChallengeItem,
    DateOrPlaceholder,
    DeadlineLine,
    ElectionDates,
    FiledWith,
    HearingFacts,
    ObjectionItem,
    PartyRef,
    Review,
    ServiceEntry,
    Signature,
    TallyLines,
    VoteLine,
    placeholder,
)
from casefile.documents.wording import legal_citation, record_text
from casefile.errors import UnknownRecord
from casefile.record.deadlines import office_of
from casefile.record.hearing_opening import only_scheduled
from casefile.record.lookups import elections_of, parties_of
from casefile.record.models import (
    Case,
    Deadline,
    Decision,
    Election,
    Filing,
    Hearing,
    Objection,
    Party,
    Person,
    ServiceRecord,
    Tally,
)
from casefile.record.orders import AgencyOrder
from casefile.record.people import is_record_copy, people_of, regional_director_named, service_contacts
from casefile.record.stored_outcome import outcome_words_of
from casefile.rules.chronology import long_date
from casefile.rules.offices import office_named
from casefile.rules.target_dates import is_region_target
from casefile.vocab import DecisionKind, Disposition, FilingKind, FilingMethod, OrderKind, PartyRole

_DEADLINE_WORDS = wording.DEADLINE_NOUNS

class CaseRecord:
    """The case record loaded once for one document (``session`` open for reading)."""

    def __init__(self, session: Session, case: Case) -> None:
        self.session = session
        self.case = case
        self.parties = parties_of(session, case)
        self.by_id = {p.id: p for p in self.parties}
        self.office = office_of(case)
        # The Region that handles the case now: its receiving office's (a case transferred to another
        # Region, or numbered for a merged one, is signed by that Region; 29 CFR 102.72(a)).
        self.region = int(self.office.region or case.region)
        self.zone = ZoneInfo(self.office.tz)
        self.record_copy = is_record_copy(case)
        self.people = people_of(session, self.parties)

    def missing(self, what: str) -> str:
        """A fact the record lacks that a user could enter: for a record copy (a case kept from public
        sources) the labeled placeholder; for a live case "" — a blank line, the act that issued the
        document having said which field fills it."""
        return placeholder(what) if self.record_copy else ""

    def contacts(self, party: Party) -> list[Person]:
        """Whom the party is served through: its counsel of record, else its own service address."""
        return service_contacts(self.people.get(party.id or 0, []), party)

    def text(self, value: str) -> str:
        """Record text fit for a document's body (ISO dates written out in the office's zone, no
        software references, no research notes)."""
        return record_text(value, self.zone)

    def party_ref(self, party: Party) -> PartyRef:
        contacts = self.contacts(party)
        lead = contacts[0] if contacts else None
        return PartyRef(name=party.name, role=party.role,
                        representative=lead.name if lead is not None and lead.counsel else None,
                        email=(lead.email or None) if lead is not None else None,
                        address=(lead.address or None) if lead is not None else None)

    def caption(self, *, forum: str | None = None, other: tuple[str, ...] = ()) -> Caption:
        employer = next(p for p in self.parties if p.role is PartyRole.EMPLOYER)
        petitioner = next(p for p in self.parties if p.role in (PartyRole.PETITIONER, PartyRole.INDIVIDUAL_PETITIONER))
        intervenors = tuple(p.name for p in self.parties if p.role is PartyRole.INTERVENOR)
        return Caption(case_number=self.case.number, other_case_numbers=other, employer=employer.name,
                       petitioner=petitioner.name, intervenors=intervenors, region=f"Region {self.region}",
                       office=self.office.name, forum=forum, record_copy=self.record_copy)

    def service(self, *, excluding: int | None = None, on: DateOrPlaceholder) -> tuple[ServiceEntry, ...]:
        """The parties a document the Region issues is transmitted to: each party's counsel (or its
        own address), by e-mail where the record holds one."""
        entries = []
        for p in self.parties:
            if p.id == excluding:
                continue
            contacts: list[Person | None] = list(self.contacts(p)) or [None]
            for person in contacts:
                email = person.email if person is not None else ""
                address = email or (person.address if person is not None else "")
                entries.append(ServiceEntry(
                    party=self.party_ref(p), served=person.name if person is not None and person.counsel else None,
                    manner="Electronic mail" if email else self.missing("manner of service"),
                    address=address or self.missing(f"service address of {p.name}"), served_on=on))
        return tuple(entries)

    def filing_service(self, filing: Filing) -> tuple[ServiceEntry, ...]:
        """The certificate of service of ``filing``, from its service ledger: each copy served, on whom,
        how, where and when (29 CFR 102.5(h)). A filing with no ledger (none was kept) lists the parties
        as the Region would serve them."""
        rows = self.session.exec(select(ServiceRecord).where(ServiceRecord.filing_id == filing.id,
                                                             col(ServiceRecord.party_id).is_not(None))
                                 .order_by(col(ServiceRecord.position), col(ServiceRecord.id))).all()
        if not rows:
            return self.service(excluding=filing.party_id, on=self.dated(filing))
        entries = []
        for row in rows:
            party = self.by_id[row.party_id]
            served_at = row.served_at.astimezone(self.zone).date() if row.served_at is not None else row.served_on
            entries.append(ServiceEntry(
                party=self.party_ref(party), served=row.served if row.person_id is not None else None,
                manner=wording.SERVICE_MANNERS[row.method] if row.method is not None else self.missing("manner of service"),
                address=row.address or self.missing(f"service address of {party.name}"),
                served_on=served_at if filing.received_on_public or row.served_at is not None else self.dated(filing)))
        return tuple(entries)

    def dated(self, row: Filing | AgencyOrder) -> DateOrPlaceholder:
        """The date a filing was received or an order issued, as the document prints it: a placeholder when the
        date is not in the public record (``received_on_public``/``issued_on_public`` False: the row's date is one
        the record implies, which the annex says, :meth:`not_in_record`)."""
        if isinstance(row, AgencyOrder):
            return row.issued_on if row.issued_on_public else placeholder("the order's date")
        return row.received_on if row.received_on_public else placeholder("the date it was filed")

    def not_in_record(self, row: Filing | AgencyOrder) -> tuple[str, ...]:
        """The annex's lines on what the public record lacks of a filing or an order: the act itself, when the
        record only implies it (``inferred_from``: what the record shows instead), and its date."""
        lines = []
        if row.inferred_from.strip():
            lines.append(f"The record shows {self.text(row.inferred_from.strip().rstrip('.'))}; {not_in_record_noun(row)} not in "
                         "the public record.")
        if not (row.issued_on_public if isinstance(row, AgencyOrder) else row.received_on_public):
            day = row.issued_on if isinstance(row, AgencyOrder) else row.received_on
            lines.append(f"Its date is not in the public record: it is recorded on {long_date(day)}, a date "
                         "the record implies.")
        return tuple(lines)

    def filed_with(self, filing: Filing) -> FiledWith | None:
        """How ``filing`` was filed (the ledger's first line), with the e-filing confirmation number of
        the document as filed when one is attached; None when the ledger has no filing line.

        A record copy's filing on the act's default method (e-filing) names no method: the sources of a
        replayed case do not say how a document was filed, and the default is not a fact of the record
        (a fax or paper filing was stated, the default never gives it)."""
        from casefile.record.models import Attachment

        row = self.session.exec(select(ServiceRecord).where(ServiceRecord.filing_id == filing.id,
                                                            col(ServiceRecord.party_id).is_(None))
                                .order_by(col(ServiceRecord.position), col(ServiceRecord.id))).first()
        if row is None:
            return None
        confirmation = self.session.exec(select(Attachment.confirmation).where(
            Attachment.filing_id == filing.id, Attachment.confirmation != "").order_by(col(Attachment.id).desc())).first()
        return FiledWith(recipient=row.served if row.served.startswith("the ") else f"the {row.served}",
                         method=None if self.record_copy and filing.method is FilingMethod.E_FILING else filing.method,
                         filed_on=self.dated(filing), confirmation=confirmation or None)

    def regional_director(self, on: date | None = None) -> str:
        """The Regional Director who signed the case's latest decision by ``on`` — unless the case was
        transferred to another Region after that decision (its Director does not sign for the new
        Region) — or ""."""
        name = regional_director_named(self.session, self.case, on=on)
        if not name:
            return ""
        query = select(Decision.issued_on).join(Election, Election.id == Decision.election_id).where(  # type: ignore[arg-type, call-overload]
            Election.case_id == self.case.id, Decision.kind == DecisionKind.RD_DECISION, Decision.issuer != "")
        if on is not None:
            query = query.where(col(Decision.issued_on) <= on)
        signed_on = self.session.exec(query.order_by(col(Decision.issued_on).desc(), col(Decision.id).desc())).first()
        moved = select(AgencyOrder.id).where(AgencyOrder.case_id == self.case.id, AgencyOrder.kind == OrderKind.TRANSFER,
                                             col(AgencyOrder.issued_on) > signed_on)
        if on is not None:
            moved = moved.where(col(AgencyOrder.issued_on) <= on)
        return "" if self.session.exec(moved).first() is not None else name

    def rd_signature(self, name: str = "", *, on: date | None = None) -> Signature:
        """The Regional Director's signature: ``name``, else the Regional Director who signed the
        case's latest decision by ``on`` in the Region that has the case (:meth:`regional_director`),
        else a placeholder (record copy) or a blank line."""
        name = name or self.regional_director(on)
        return Signature(name=name or self.missing("Regional Director's name"),
                         title=f"Regional Director, Region {self.region}", organization="National Labor Relations Board")

    def party_signature(self, party: Party) -> Signature:
        """The signature block of a party's filing: its lead counsel with firm, address, telephone,
        e-mail and bar number, then its other counsel; with no counsel, a placeholder (record copy)
        or a blank line."""
        counsel = [p for p in self.people.get(party.id or 0, []) if p.counsel]
        title = f"Counsel for the {self.party_ref(party).label}"
        if not counsel:
            return Signature(name=self.missing(f"signature of counsel for {party.name}"), title=title,
                             organization=party.name)
        lead, others = counsel[0], counsel[1:]
        return Signature(name=lead.name, title=title, organization=party.name, contact_lines=contact_lines(lead),
                         co_counsel=tuple((p.name, *contact_lines(p, like=lead)) for p in others))

    def deadline_line(self, deadline: Deadline | None) -> DeadlineLine | None:
        if deadline is None:
            return None
        # A date of the Region's own act (the hearing's opening, the earliest certification) is no filing cut-off.
        cutoff = None if is_region_target(deadline.kind) else deadline.cutoff_at.astimezone(ZoneInfo(office_named(deadline.office_key).tz))
        return DeadlineLine(what=_DEADLINE_WORDS[deadline.kind], due_on=deadline.due_on, cutoff_at=cutoff,
                            citation=legal_citation(deadline.citation),
                            for_whom=next((p.name for p in self.parties if p.key == deadline.for_whom), deadline.for_whom),
                            status=deadline.status)  # a period of one party (its offer of proof): the party by name

    def objection_items(self, objections: list[Objection], rulings: list[dict[str, Any]] | None = None) -> tuple[ObjectionItem, ...]:
        """The objections as a document lists them. With ``rulings`` (a report or decision), an
        objection the record gives no ruling on says so instead of showing its earlier status."""
        by_id = {r["objection_id"]: r["ruling"] for r in rulings or [] if "objection_id" in r}
        undecided = (Disposition.PENDING, Disposition.SET_FOR_HEARING)
        items = []
        for o in objections:
            ruling = by_id.get(o.id)
            reason = o.disposition_reason or None
            if ruling:
                disposition: Disposition | None = Disposition(ruling)
            elif rulings is not None and o.disposition in undecided:
                disposition, reason = None, None  # the template prints the missing ruling once
            else:
                disposition = o.disposition if o.disposition is not Disposition.PENDING else None
            filer = self.by_id[o.party_id]
            items.append(ObjectionItem(number=o.number, text=o.text, filed_by=filer.name,
                                       filed_by_label=self.party_ref(filer).label,
                                       disposition=disposition, reason=self.text(reason) if reason else None))
        return tuple(items)

    def challenge_items(self, election: Election, rulings: list[dict[str, Any]] | None = None) -> tuple[ChallengeItem, ...]:
        """The election's register of challenged ballots, each with its ruling where the register has one, else
        the ruling or recommendation of ``rulings`` (a report's or decision's challenge entries) on it."""
        from casefile.record.models import ChallengedBallot
        from casefile.vocab import ChallengeStatus

        given = {voter: r["ruling"] for r in rulings or [] if r.get("challenge") for voter in r.get("of", [])}
        ballots = self.session.exec(select(ChallengedBallot).where(ChallengedBallot.election_id == election.id)
                                    .order_by(col(ChallengedBallot.id))).all()
        by_key = {p.key: p.name for p in self.parties}
        items = []
        for b in ballots:
            decided = b.status is not ChallengeStatus.PENDING
            ruling = given.get(b.voter)
            disposition = b.status.value.replace("-", " ") if decided else None if ruling is None else \
                "overruled: open and count" if ruling == "overruled" else ruling
            items.append(ChallengeItem(
                voter=b.voter, challenged_by="Board agent" if b.challenged_by == "board-agent"
                else by_key.get(b.challenged_by, b.challenged_by),
                ground=b.ground, disposition=disposition, reason=self.text(b.reason) if decided and b.reason else None))
        return tuple(items)

    def objections_of(self, election: Election, *, filing_id: int | None = None, ids: list[int] | None = None) -> list[Objection]:
        query = select(Objection).where(Objection.election_id == election.id)
        if filing_id is not None:
            query = query.where(Objection.filing_id == filing_id)
        if ids is not None:
            query = query.where(col(Objection.id).in_(ids))
        return list(self.session.exec(query.order_by(col(Objection.party_id), col(Objection.number))))


    def chain(self, election: Election) -> list[int]:
        """The ids of ``election`` and of the elections it follows, back to the case's first."""
        ids = []
        current: Election | None = election
        while current is not None:
            ids.append(current.id)
            current = self.session.get(Election, current.follows_id) if current.follows_id else None
        return ids  # type: ignore[return-value]

    def get(self, model: type[Any], ident: int | None) -> Any:
        """The ``model`` row ``ident``. Raises UnknownRecord when there is none."""
        row = self.session.get(model, ident) if ident is not None else None
        if row is None:
            raise UnknownRecord(f"no {model.__name__.lower()} {ident}")
        return row

    def election(self, election_id: int | None) -> Election:
        """The election ``election_id`` of the case. Raises UnknownRecord."""
        return self.get(Election, election_id)  # type: ignore[no-any-return]

    def filer(self, filing: Filing) -> Party:
        """The party that made ``filing``."""
        return self.by_id[filing.party_id]

    def several_units(self) -> bool:
        """Whether the case's elections are of more than one voting unit: only then does a document name a tally's
        unit by its key ("Unit A"); a case of one unit's tallies are its unit's (the Tally of Ballots, the Revised
        Tally of Ballots, the case status report)."""
        return len({e.unit_id for e in elections_of(self.session, self.case)}) > 1

    def latest_tally(self, election: Election) -> Tally:
        """The election's latest tally (every election a document is about has one)."""
        from casefile.record.lookups import latest_tally

        tally = latest_tally(self.session, election)
        assert tally is not None, f"election {election.id} has no tally"
        return tally

    def tallies_before(self, decision: Decision) -> list[int]:
        """The ids of the tallies of ``decision``'s election docketed before the decision's own entry, in
        docket order (a later revised tally is not among them)."""
        from casefile.record.models import DocketEntry
        from casefile.record.refs import RecordTable, ref_to

        own = ref_to(decision)
        ids: list[int] = []
        for entry in self.session.exec(select(DocketEntry).where(DocketEntry.election_id == decision.election_id)
                                       .order_by(col(DocketEntry.id))):
            if entry.ref == own:
                break
            if entry.ref is not None and entry.ref.is_a(RecordTable.TALLY) and entry.ref.id not in ids:
                ids.append(entry.ref.id)
        return ids

    def tally_when_decided(self, decision: Decision) -> Tally:
        """The tally the record held when ``decision`` was recorded: the latest of :meth:`tallies_before`."""
        ids = self.tallies_before(decision)
        tally = self.session.get(Tally, ids[-1]) if ids else None
        return tally if tally is not None else self.latest_tally(self.election(decision.election_id))

    def hearing_facts(self, election: Election, *, before_alj: bool | None = None) -> tuple[HearingFacts, Hearing | None]:
        """When and where the election's (latest) hearing was held, each missing fact a placeholder."""
        query = select(Hearing).where(Hearing.election_id == election.id)
        if before_alj is not None:
            query = query.where(Hearing.before_alj == before_alj)
        hearing = self.session.exec(query.order_by(col(Hearing.id).desc())).first()
        if hearing is None:
            return HearingFacts(opened_on=placeholder("date the hearing opened"), place=placeholder("place of hearing")), None
        return HearingFacts(
            opened_on=hearing.opens_on or placeholder("date the hearing opened"), scheduled_only=only_scheduled(hearing),
            closed_on=hearing.closed_on or placeholder("date the hearing closed"),
            place=self.text(hearing.place) if hearing.place else placeholder("place of hearing"),
        ), hearing

    def objections_set_public(self, election: Election) -> bool:
        """Whether the public record shows which objections the election's (latest) hearing before a Hearing Officer
        took up (Hearing.objections_set_public); True when no such hearing is held (nothing to qualify)."""
        hearing = self.session.exec(select(Hearing).where(Hearing.election_id == election.id, Hearing.before_alj == False)  # noqa: E712
                                    .order_by(col(Hearing.id).desc())).first()
        return hearing is None or hearing.objections_set_public

    def findings(self, decision: Decision) -> tuple[str, ...]:
        """The decision's findings as the record states them (its summary); its research notes go to the annex.

        A record copy's summary is what public reports say of the decision, not its text: it is given as
        the record-keeper's summary of those reports, not a quotation ("The text of the findings is not in the
        public record. The record summarizes public reports of the report as follows: …"), never in the voice of the Hearing Officer, the Regional Director or the Judge."""
        summary = self.text(decision.summary)
        if not summary:
            return (self.missing("findings of fact"),)  # a live case: a blank line (the act warned)
        if not self.record_copy:
            return (summary,)
        noun = "report" if decision.kind == DecisionKind.HO_REPORT else "decision"
        return (f"The text of the findings is not in the public record. The record summarizes public reports of the "
                f"{noun} as follows: {summary}",)

    def review(self) -> Review:
        """Whether the Board reviews the Regional Director's post-election actions in this case (rules.review.board_review),
        on the election agreement the record holds — the answer the acts took (their deadlines for review follow it).
        One the record only infers (``agreement_public`` False) is named with the words saying so (Review.inferred);
        none held: not known, review treated as available, and the document says so."""
        from casefile.documents.render import AGREEMENT_INFERRED
        from casefile.rules.review import board_review

        answer = board_review(self.case.agreement)
        return Review(available=answer.available, agreement_known=answer.agreement_known, agreement=answer.agreement,
                      inferred="" if self.case.agreement_public or answer.agreement is None else f" {AGREEMENT_INFERRED}")

    def executive_secretary(self, name: str = "") -> Signature:
        """The signature of the Board's Executive Secretary (orders the Board issues on a filing it receives)."""
        return Signature(name=name or self.missing("Executive Secretary's name"), title="Executive Secretary",
                         organization="National Labor Relations Board")

    def region_signature(self, office_key: str, name: str, on: date) -> Signature:
        """The Regional Director's signature for an order of the Region whose office is ``office_key`` (the
        Region that issued it, which a later transfer does not change)."""
        office = office_named(office_key)
        region = int(office.region) if office.region else self.region
        name = name or self.regional_director(on)
        return Signature(name=name or self.missing("Regional Director's name"), title=f"Regional Director, Region {region}",
                         organization="National Labor Relations Board")

    def order(self, order: AgencyOrder, kind: OrderKind) -> AgencyOrder:
        """``order``, checked to be an order of ``kind`` in this case. Raises UnknownRecord."""
        if order.kind != kind or order.case_id != self.case.id:
            raise UnknownRecord(f"order {order.id} is not an order of kind {kind.value!r} in case {self.case.number}")
        return order


def contact_lines(person: Person, *, like: Person | None = None) -> tuple[str, ...]:
    """A person's lines under a signature: firm, postal address (one line each), telephone, e-mail,
    bar number; for co-counsel (``like``: lead counsel) the firm and address only when they differ."""
    lines: list[str] = []
    if person.firm and (like is None or person.firm != like.firm):
        lines.append(person.firm)
    if person.address and (like is None or person.address != like.address):
        lines += [part.strip() for part in person.address.replace("; ", "\n").splitlines() if part.strip()]
    if person.phone:
        lines.append(f"Telephone {person.phone}")
    if person.email:
        lines.append(person.email)
    if person.bar_number:
        lines.append(person.bar_number)
    return tuple(lines)


#: What a filing is called where the annex or a history says it is not in the public record ("the request itself").
_NOUNS = {FilingKind.EXTENSION_REQUEST: "the request itself is", FilingKind.EXCEPTIONS: "the exceptions themselves are",
          FilingKind.OBJECTIONS: "the objections themselves are", FilingKind.ANSWERING_BRIEF: "the brief itself is",
          FilingKind.CROSS_EXCEPTIONS: "the cross-exceptions themselves are"}


def not_in_record_noun(row: Filing | AgencyOrder) -> str:
    """"the request itself is", "the exceptions themselves are", "the order itself is": the act a row records, as
    the sentence saying it is not in the public record names it."""
    return "the order itself is" if isinstance(row, AgencyOrder) else _NOUNS.get(row.kind, "the filing itself is")


def notes(*uncertain: str) -> tuple[str, ...]:
    """What the sources leave uncertain about the records (their ``uncertain`` fields), for a record
    copy's annex ("Uncertain: ..." each, dates written out)."""
    return tuple(f"Uncertain: {wording.prose_dates(text.strip())}" for text in uncertain if text and text.strip())


def labeled_notes(label: str, *uncertain: str) -> tuple[str, ...]:
    """What the sources leave uncertain about a record other than the document's own, for a record copy's annex,
    each note saying which record it is about: "Uncertain (the Order Consolidating Cases and Notice of Hearing):
    the order's date is not public ..." (``label`` names the record; dates written out)."""
    return tuple(f"Uncertain ({label}): {n.removeprefix('Uncertain: ')}" for n in notes(*uncertain))


def uncertain_of(row: Any) -> str:
    """What the sources leave uncertain about a record row: its ``uncertain`` column (a filing, a hearing, a
    decision), an order's ``uncertain`` field (casefile.acts.order_parts.store_order), else ""."""
    if isinstance(row, AgencyOrder):
        return str(row.body.get("uncertain") or "")
    return str(getattr(row, "uncertain", "") or "")


def plain_notes(note: str) -> tuple[str, ...]:
    """A record's note on its sources, for the annex."""
    return (record_text(note),) if note.strip() else ()


def election_dates(election: Election) -> ElectionDates:
    """When and how ``election`` was held, each fact the record lacks a placeholder."""
    return ElectionDates(began_on=election.held_from_on or placeholder("election date"), ended_on=election.held_to_on,
                         method=election.method or placeholder("voting method"))


def tally_lines(tally: Tally, election: Election) -> TallyLines:
    """The lines of ``tally`` (R-C2) as the rules computed and the record keeps them."""
    unions = len(tally.votes)
    ballot_type = {1: "Single Labor Organization", 2: "Two Labor Organizations", 3: "Three Labor Organizations"}.get(
        unions, f"{unions} Labor Organizations")
    return TallyLines(
        kind=tally.kind, prepared_on=tally.prepared_on, unit_id=election.unit_id, ballot_type=ballot_type,
        election=election_dates(election),
        eligible=tally.eligible if tally.eligible is not None else placeholder("number of eligible voters"),
        void=tally.void if tally.void is not None else placeholder("number of void ballots"),
        choices=tuple(VoteLine(choice=n, votes=v) for n, v in tally.votes), against=tally.against, valid=tally.valid,
        challenged=tally.challenged, valid_plus_challenged=tally.valid_plus_challenged, determinative=tally.determinative,
        majority_for=tally.majority_for, outcome=outcome_words_of(tally),  # words from the outcome's fields
    )
