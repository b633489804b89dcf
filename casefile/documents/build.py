"""Building each document's context (``casefile.documents.data``) from the case record.

Facts come only from the record; a fact the record lacks becomes a labeled placeholder, never a
guess. One builder per document kind, keyed by the subject the document is issued for
("tally:ID", "filing:ID", "hearing:ID", "decision:ID", "certification:ID", "as-of:ISO").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from datetime import time as dtime
from typing import Any
from urllib.parse import quote, unquote
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, select

from casefile.documents import wording
from casefile.documents.data import (
    ALJDecisionContext,
    AnsweringBriefContext,
    BoardOrderContext,
    Caption,
    CaseStatusReportContext,
    CertificationOfRepresentativeContext,
    CertificationOfResultsContext,
    ChallengeItem,
    CrossExceptionsContext,
    DeadlineLine,
    DecisionAndDirectionOfSecondElectionContext,
    DecisionOnObjectionsContext,
    DocketLine,
    DocumentContext,
    DocumentLine,
    ElectionDates,
    ElectionSummary,
    ExceptionItem,
    ExceptionsContext,
    ExtensionRequestContext,
    FiledBy,
    FiledWith,
    HearingFacts,
    HearingOfficerReportContext,
    HistoryLine,
    Issuance,
    MotionForReconsiderationContext,
    NoticeOfHearingContext,
    NoticeOfRunoffElectionContext,
    NumberedParagraph,
    ObjectionItem,
    ObjectionsContext,
    OfferOfProofContext,
    OrderApprovingWithdrawalContext,
    OrderDismissingPetitionContext,
    OrderExtendingTimeContext,
    OrderTransferringCaseContext,
    PartyRef,
    RequestForReviewContext,
    RevisedTallyContext,
    ServiceEntry,
    Signature,
    StatementInOppositionContext,
    TallyAnalysis,
    TallyLines,
    TallyOfBallotsContext,
    VoteLine,
    WitnessItem,
    placeholder,
)
from casefile.documents.wording import legal_citation, long_date, record_text, research_notes
from casefile.errors import UnknownRecord
from casefile.record.closures import ACT as CLOSURE_SUPERSEDED
from casefile.record.closures import marked, superseded_entries
from casefile.record.deadlines import office_of
from casefile.record.lookups import counts_of, deadline_of, elections_of, get_case, latest_tally, parties_of
from casefile.record.models import (
    Case,
    Certification,
    ChallengedBallot,
    Deadline,
    Decision,
    DocketEntry,
    Document,
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
from casefile.rules.challenge_analysis import analyze_challenges
from casefile.rules.offices import office_named
from casefile.rules.rule_sets import rule_set_by_id
from casefile.rules.tally import analyze_tally
from casefile.rules.target_dates import is_region_target
from casefile.vocab import (
    ChallengeStatus,
    DeadlineKind,
    DeadlineStatus,
    Disposition,
    DocumentKind,
    ElectionKind,
    PartyRole,
    Stage,
    TallyKind,
)


@dataclass(frozen=True)
class Built:
    """A context ready to render, with what the Document record needs."""

    context: DocumentContext
    issued_on: date
    issuer: str
    election_id: int | None
    confidential: bool = False
    party_key: str | None = None


_DEADLINE_WORDS = wording.DEADLINE_NOUNS


class _Record:
    """The case record loaded once for one document."""

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
                       office=self.office.name, forum=forum)

    def service(self, *, excluding: int | None = None, on: date) -> tuple[ServiceEntry, ...]:
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
            return self.service(excluding=filing.party_id, on=filing.received_on)
        entries = []
        for row in rows:
            party = self.by_id[row.party_id]
            served_at = row.served_at.astimezone(self.zone).date() if row.served_at is not None else row.served_on
            entries.append(ServiceEntry(
                party=self.party_ref(party), served=row.served if row.person_id is not None else None,
                manner=wording.SERVICE_MANNERS[row.method] if row.method is not None else self.missing("manner of service"),
                address=row.address or self.missing(f"service address of {party.name}"), served_on=served_at))
        return tuple(entries)

    def filed_with(self, filing: Filing) -> FiledWith | None:
        """How ``filing`` was filed (the ledger's first line), with the e-filing confirmation number of
        the document as filed when one is attached; None when the ledger has no filing line."""
        from casefile.record.models import Attachment

        row = self.session.exec(select(ServiceRecord).where(ServiceRecord.filing_id == filing.id,
                                                            col(ServiceRecord.party_id).is_(None))
                                .order_by(col(ServiceRecord.position), col(ServiceRecord.id))).first()
        if row is None:
            return None
        confirmation = self.session.exec(select(Attachment.confirmation).where(
            Attachment.filing_id == filing.id, Attachment.confirmation != "").order_by(col(Attachment.id).desc())).first()
        return FiledWith(recipient=row.served if row.served.startswith("the ") else f"the {row.served}",
                         method=filing.method, filed_on=filing.received_on, confirmation=confirmation or None)

    def regional_director(self, on: date | None = None) -> str:
        """The Regional Director who signed the case's latest decision by ``on`` — unless the case was
        transferred to another Region after that decision (its Director does not sign for the new
        Region) — or ""."""
        name = regional_director_named(self.session, self.case, on=on)
        if not name:
            return ""
        query = select(Decision.issued_on).join(Election, Election.id == Decision.election_id).where(  # type: ignore[arg-type]
            Election.case_id == self.case.id, Decision.kind == "rd-decision", Decision.issuer != "")
        if on is not None:
            query = query.where(col(Decision.issued_on) <= on)
        signed_on = self.session.exec(query.order_by(col(Decision.issued_on).desc(), col(Decision.id).desc())).first()
        moved = select(AgencyOrder.id).where(AgencyOrder.case_id == self.case.id, AgencyOrder.kind == "transfer",
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
        return Signature(name=lead.name, title=title, organization=party.name, contact_lines=_contact_lines(lead),
                         co_counsel=tuple((p.name, *_contact_lines(p, like=lead)) for p in others))

    def deadline_line(self, deadline: Deadline | None) -> DeadlineLine | None:
        if deadline is None:
            return None
        # A date of the Region's own act (the hearing's opening, the earliest certification) is no filing cut-off.
        cutoff = None if is_region_target(deadline.kind) else deadline.cutoff_at.astimezone(ZoneInfo(office_named(deadline.office_key).tz))
        return DeadlineLine(what=_DEADLINE_WORDS[deadline.kind], due_on=deadline.due_on, cutoff_at=cutoff,
                            citation=legal_citation(deadline.citation), for_whom=deadline.for_whom, status=deadline.status)

    def objection_items(self, objections: list[Objection], rulings: list[dict[str, Any]] | None = None) -> tuple[ObjectionItem, ...]:
        """The objections as a document lists them. With ``rulings`` (a report or decision), an
        objection the record gives no ruling on says so instead of showing its earlier status."""
        by_id = {r["objection_id"]: r["ruling"] for r in rulings or []}
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

    def objections_of(self, election: Election, *, filing_id: int | None = None, ids: list[int] | None = None) -> list[Objection]:
        query = select(Objection).where(Objection.election_id == election.id)
        if filing_id is not None:
            query = query.where(Objection.filing_id == filing_id)
        if ids is not None:
            query = query.where(col(Objection.id).in_(ids))
        return list(self.session.exec(query.order_by(col(Objection.party_id), col(Objection.number))))

    def history(self, election: Election, *, until: date, excluding: str | None = None) -> tuple[HistoryLine, ...]:
        """The procedural history of the election's chain up to ``until``, one line per act in words
        (a closure a later-recorded filing superseded, and the entry saying so, left out).
        ``excluding`` ("decision:7") leaves out the acts of the document's own record (a decision does
        not list itself); document issuance and the acts a decision performs (set aside, direct a new
        election) are folded into the decision's own line."""
        entries = self.session.exec(select(DocketEntry).where(
            DocketEntry.case_id == self.case.id, col(DocketEntry.election_id).in_(self._chain(election)),
            col(DocketEntry.occurred_on) <= until, col(DocketEntry.act).not_in(_NOT_IN_HISTORY),
        ).order_by(col(DocketEntry.occurred_on), col(DocketEntry.id))).all()
        superseded = superseded_entries(self.session, self.case.id)  # type: ignore[arg-type]
        lines = tuple(HistoryLine(occurred_on=e.occurred_on, event=self.history_event(e))
                      for e in entries if not (excluding and e.ref == excluding)
                      and e.id not in superseded and e.act != CLOSURE_SUPERSEDED)  # a closure shown wrong is no history
        return lines or (HistoryLine(occurred_on=until, event="(no earlier acts recorded)"),)

    def history_event(self, entry: DocketEntry) -> str:
        """One act of the docket as a sentence of a procedural history, from the record it made."""
        table, _, ident = entry.ref.partition(":")
        row = self.session.get(_TABLES[table], int(ident)) if table in _TABLES and ident.isdigit() else None
        if entry.act == "record-tally" and isinstance(row, Tally):
            return _tally_sentence(row)
        if entry.act in ("file-objections", "file-exceptions") and isinstance(row, Filing):
            party = self.by_id[row.party_id]
            who = f"The {self.party_ref(party).label}, {party.name},"
            if entry.act == "file-exceptions":
                return f"{who} filed exceptions to the Hearing Officer's report."
            count = len(self.session.exec(select(Objection.id).where(Objection.filing_id == row.id)).all())
            offer = self.session.exec(select(Filing.id).where(Filing.accompanies_id == row.id)).first()
            return (f"{who} filed {count} {'objection' if count == 1 else 'objections'}"
                    f"{' with an offer of proof' if offer else ''}.")
        if entry.act == "notice-hearing" and isinstance(row, Hearing):
            count = len(row.objections_set)
            opens = f"; the hearing was set to open on {long_date(row.opens_on)}" if row.opens_on else ""
            subject = f"{count} {'objection' if count == 1 else 'objections'}" + (" and the challenged ballots" if row.challenges_set else "")
            return f"The Regional Director issued a Notice of Hearing on {subject}{opens}."
        if entry.act == "open-case":
            filed = self.case.petition_filed_on
            return f"The petition was filed{' on ' + long_date(filed) if filed else ''}; the case was opened."
        if entry.act == "open-hearing":
            return "The hearing opened."
        if entry.act == "close-hearing":
            return "The hearing closed."
        if entry.act in _DECISION_ACTS and isinstance(row, Decision):
            return _decision_sentence(row)
        if table == "order" and row is not None and (sentence := _order_sentence(row)):
            return sentence
        return self.text(entry.summary)

    def _chain(self, election: Election) -> list[int]:
        ids = []
        current: Election | None = election
        while current is not None:
            ids.append(current.id)
            current = self.session.get(Election, current.follows_id) if current.follows_id else None
        return ids  # type: ignore[return-value]


def _contact_lines(person: Person, *, like: Person | None = None) -> tuple[str, ...]:
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


_NOT_IN_HISTORY = ("issue-document", "set-aside", "direct-second-election", "deadline-lapsed", "sweep")
"""Docket acts a procedural history leaves out: issuance (the act's own line says it), and the acts a
decision performs (its line says the election was set aside and a new one directed)."""
_NOT_IN_DOCKET = ("issue-document", "sweep", "set-aside", "direct-second-election")
"""Docket acts the status report's docket leaves out: issuance (its "Documents issued" table lists them),
and the acts a decision performs (the decision's own line says them)."""
_TABLES: dict[str, type] = {"tally": Tally, "filing": Filing, "hearing": Hearing, "decision": Decision,
                            "order": AgencyOrder}
_DECISION_ACTS = ("ho-report", "rd-decision", "alj-decision", "board-decision")
_DECIDERS = {"ho-report": "The Hearing Officer issued a report recommending", "rd-decision": "The Regional Director issued a decision:",
             "alj-decision": "The Administrative Law Judge issued a decision:", "board-decision": "The Board issued a decision:"}
_RECOMMENDED = {"set-aside": "that the election be set aside and a new election directed",
                "overrule": "that the objections be overruled", "certify": "that the results be certified",
                "open-and-count": "that the challenged ballots be opened and counted"}
_DECIDED = {"set-aside": "the election was set aside and a new election directed",
            "overrule": "the objections were overruled", "certify": "the results are to be certified",
            "open-and-count": "the challenged ballots are to be opened and counted"}


def _order_sentence(order: AgencyOrder) -> str | None:
    """An order of the Region, the General Counsel or the Board as a sentence of a procedural history."""
    body = order.body
    if order.kind == "extension":
        kind = DeadlineKind(body["deadline_kind"])
        board = body.get("office_key") == "board"
        what = _FILED_UNDER_ORDER.get(kind) or "the " + _DEADLINE_WORDS[kind][:1].lower() + _DEADLINE_WORDS[kind][1:]
        verb = "extended" if body["to_due_on"] > body["from_due_on"] else "fixed"
        return (f"The {'Board' if board else 'Regional Director'} {verb} the time to file {what} to "
                f"{long_date(date.fromisoformat(body['to_due_on']))}.")
    if order.kind == "transfer":
        old, new = office_named(body["from_office"]), office_named(body["to_office"])
        return (f"The case was transferred from Region {int(old.region or 0)} ({old.name}) to Region "
                f"{int(new.region or 0)} ({new.name}).")
    return None


def _tally_sentence(tally: Tally) -> str:
    """"The Tally of Ballots issued: 738 for ..., 1,798 against, 76 void and 505 challenged ballots (not sufficient ...)."""
    title = {TallyKind.INITIAL: "Tally of Ballots", TallyKind.REVISED: "Revised Tally of Ballots",
             TallyKind.RERUN: "Tally of Ballots of the rerun election", TallyKind.RUNOFF: "Tally of Ballots of the runoff election"}[tally.kind]
    votes = [f"{v:,} for {n}" for n, v in tally.votes] + ([f"{tally.against:,} against"] if tally.against is not None else [])
    sufficient = "sufficient" if tally.determinative else "not sufficient"
    void = f"{tally.void:,} void" if tally.void is not None else "void ballots not in the record"
    challenged = f"{tally.challenged:,} challenged ballot{'' if tally.challenged == 1 else 's'}"
    return (f"The {title} issued: {', '.join(votes)}; {void} and {challenged}"
            f" ({sufficient} in number to affect the results).")


def _decision_sentence(decision: Decision) -> str:
    if decision.kind == "ho-report":
        return f"{_DECIDERS['ho-report']} {_RECOMMENDED.get(decision.result, decision.result.replace('-', ' '))}."
    lead = _DECIDERS.get(decision.kind, "A decision issued:")
    return f"{lead} {_DECIDED.get(decision.result, decision.result.replace('-', ' '))}."


def _notes(*texts: str) -> tuple[str, ...]:
    """The research notes of record texts, for a record copy's annex ("Uncertain: ..." each, dates written out)."""
    return tuple(f"Uncertain: {wording.prose_dates(note)}" for text in texts for note in research_notes(text))


def election_dates(election: Election) -> ElectionDates:
    return ElectionDates(began_on=election.held_from_on or placeholder("election date"), ended_on=election.held_to_on,
                         method=election.method or placeholder("voting method"))


def tally_lines(tally: Tally, election: Election) -> TallyLines:
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
        majority_for=tally.majority_for, outcome=tally.outcome_text,
    )


def _get(session: Session, model: type, ident: int) -> Any:
    row = session.get(model, ident)
    if row is None:
        raise UnknownRecord(f"no {model.__name__.lower()} {ident}")
    return row


def _subject_id(subject: str, table: str) -> int:
    kind, _, ident = subject.partition(":")
    if kind != table or not ident.isdigit():
        raise UnknownRecord(f"document subject {subject!r} is not a {table}")
    return int(ident)


def _tally(rec: _Record, subject: str) -> Built:
    tally: Tally = _get(rec.session, Tally, _subject_id(subject, "tally"))
    election: Election = _get(rec.session, Election, tally.election_id)
    ctx = TallyOfBallotsContext(
        caption=rec.caption(), issuance=Issuance(issued_on=tally.prepared_on, issuer_title="Board Agent"),
        agreement=rec.case.agreement or placeholder("election agreement"), tally=tally_lines(tally, election),
        unit_description=rec.case.unit_description or rec.missing("unit description"),
        board_agent=Signature(name=tally.board_agent or rec.missing("Board agent's name"), title="Board Agent"),
        observers_for=tuple(p.name for p in rec.parties),
        objections_due=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.OBJECTIONS)),
        election_type=_election_type(rec, election),
    )
    return Built(ctx, tally.prepared_on, "Board Agent", election.id)


def _election_type(rec: _Record, election: Election) -> str | None:
    """What directed a rerun or runoff (the tally's "Type of election"); None for the case's first election."""
    if election.follows_id is None or election.kind is ElectionKind.INITIAL:
        return None
    if election.kind is ElectionKind.RUNOFF:
        return "Runoff election (29 CFR 102.70)"
    decision = rec.session.exec(select(Decision).where(Decision.election_id == election.follows_id, Decision.result == "set-aside",
                                                       Decision.kind != "ho-report").order_by(col(Decision.id).desc())).first()
    if decision is not None and decision.kind == "alj-decision":
        return f"Rerun election: Administrative Law Judge's decision directing {wording.next_election(election.sequence - 1)}"
    if decision is not None and decision.kind == "board-decision":
        return f"Rerun election: the Board's {wording.direction_title(election.sequence)}"
    return f"Rerun election: {wording.direction_title(election.sequence)}"


def _filing(rec: _Record, subject: str) -> tuple[Filing, Election, Party]:
    filing: Filing = _get(rec.session, Filing, _subject_id(subject, "filing"))
    return filing, _get(rec.session, Election, filing.election_id), rec.by_id[filing.party_id]


def _objections(rec: _Record, subject: str) -> Built:
    filing, election, party = _filing(rec, subject)
    tally = latest_tally(rec.session, election)
    assert tally is not None
    ctx = ObjectionsContext(
        caption=rec.caption(), issuance=Issuance(issued_on=filing.received_on, issuer_title=f"Counsel for the {rec.party_ref(party).label}"),
        filing_party=rec.party_ref(party), tally_prepared_on=tally.prepared_on, election=election_dates(election),
        election_sequence=election.sequence,
        objections=rec.objection_items(rec.objections_of(election, filing_id=filing.id)), filing_method=filing.method,
        paper_filing_reason=placeholder("statement why e-filing was not used") if filing.method.value == "paper" else None,
        signature=rec.party_signature(party), service=rec.filing_service(filing), filed=rec.filed_with(filing),
        supplements=tuple(rec.session.exec(select(Filing.received_on).where(
            Filing.election_id == election.id, Filing.party_id == party.id, Filing.kind == "objections",
            col(Filing.id) < filing.id).order_by(col(Filing.received_on), col(Filing.id))).all()),
        **_offer_of_proof_status(rec, filing, election, party),
    )
    return Built(ctx, filing.received_on, party.name, election.id, party_key=party.key)


def _offer_of_proof_status(rec: _Record, filing: Filing, election: Election, party: Party) -> dict[str, Any]:
    """What the record says of the offer of proof supporting the objections ``filing`` (102.69(a)(8)):
    filed with them (the file-objections act), filed separately (its own file-offer-of-proof act, on its
    date), not yet filed but its time extended by the Regional Director's order (the stored offer-of-proof
    deadline later than the objections', R-G5), an extension requested by the party, or to follow."""
    offer = rec.session.exec(select(Filing).where(Filing.accompanies_id == filing.id, Filing.kind == "offer-of-proof")).first()
    if offer is not None:
        separate = rec.session.exec(select(DocketEntry.id).where(DocketEntry.case_id == rec.case.id,
                                                                 DocketEntry.act == "file-offer-of-proof",
                                                                 DocketEntry.ref == f"filing:{offer.id}")).first()
        return {"offer_of_proof": "separately", "offer_filed_on": offer.received_on} if separate is not None else {}
    if (extended_to := _offer_extended_to(rec, election)) is not None:
        return {"offer_of_proof": "extended", "offer_due_on": extended_to}
    requests = rec.session.exec(select(Filing).where(Filing.election_id == election.id, Filing.party_id == party.id,
                                                     Filing.kind == "extension-request")
                                .order_by(col(Filing.received_on).desc())).all()
    for request in requests:
        asked = next((b for b in request.body if isinstance(b, dict) and b.get("kind") == DeadlineKind.OFFER_OF_PROOF.value), None)
        if asked is not None:
            until = asked.get("until")
            return {"offer_of_proof": "requested", "offer_due_on": date.fromisoformat(until) if until else None}
    return {"offer_of_proof": "to-follow"}


def _offer_of_proof(rec: _Record, subject: str) -> Built:
    filing, election, party = _filing(rec, subject)
    offer = rec.session.exec(select(Filing).where(Filing.accompanies_id == filing.id,
                                                  Filing.kind == "offer-of-proof")).first()
    witnesses = tuple(WitnessItem(objection_number=w["objection"], witness=w["witness"], summary=w["summary"])
                      for w in (offer.body if offer else []))
    objections = rec.objection_items(rec.objections_of(election, filing_id=filing.id))
    if not witnesses:
        witnesses = (WitnessItem(objection_number=objections[0].number, witness=placeholder("witnesses named in the offer of proof"),
                                 summary=placeholder("summary of each witness's expected testimony")),)
    filed_on = offer.received_on if offer else filing.received_on  # an offer filed after an extension is dated its own receipt
    ctx = OfferOfProofContext(
        caption=rec.caption(), issuance=Issuance(issued_on=filed_on, issuer_title=f"Counsel for the {rec.party_ref(party).label}"),
        filing_party=rec.party_ref(party), objections_filed_on=filing.received_on,
        submitted_to=f"Regional Director, Region {rec.region}", objections=objections, witnesses=witnesses,
        evidence_due_on=_offer_extended_to(rec, election), signature=rec.party_signature(party),
    )
    return Built(ctx, filed_on, party.name, election.id, confidential=True, party_key=party.key)


def _offer_extended_to(rec: _Record, election: Election) -> date | None:
    """The date the Regional Director extended the offer of proof to, when later than the objections' (R-G5)."""
    offer = deadline_of(rec.session, election, DeadlineKind.OFFER_OF_PROOF)
    objections = deadline_of(rec.session, election, DeadlineKind.OBJECTIONS)
    if offer is None or objections is None or offer.due_on <= objections.due_on:
        return None
    return offer.due_on


def _first_objections_on(rec: _Record, election: Election) -> date | None:
    first = rec.session.exec(select(Filing).where(Filing.election_id == election.id, Filing.kind == "objections")
                             .order_by(col(Filing.received_on))).first()
    return first.received_on if first else None


def _opening_instant(rec: _Record, hearing: Hearing) -> datetime | None:
    """The instant the notice sets the hearing to open: its date at its time of day ("HH:MM") in the zone
    of the office that has the case; None when the record lacks either."""
    if hearing.opens_on is None or not hearing.opens_at:
        return None
    hour, minute = (int(part) for part in hearing.opens_at.split(":"))
    return datetime.combine(hearing.opens_on, dtime(hour, minute), tzinfo=ZoneInfo(rec.office.tz))


def _notice_of_hearing(rec: _Record, subject: str) -> Built:
    hearing: Hearing = _get(rec.session, Hearing, _subject_id(subject, "hearing"))
    election: Election = _get(rec.session, Election, hearing.election_id)
    tally = latest_tally(rec.session, election)
    assert tally is not None
    ctx = NoticeOfHearingContext(
        caption=rec.caption(), issuance=Issuance(issued_on=hearing.noticed_on, issuer_title="Regional Director"),
        tally_prepared_on=tally.prepared_on, objections_filed_on=_first_objections_on(rec, election),
        objections_set=rec.objection_items(rec.objections_of(election, ids=list(hearing.objections_set))),
        challenged_ballots_set=tally.challenged if hearing.challenges_set else None,
        hearing_opens_on=hearing.opens_on or placeholder("date the hearing opens"),
        hearing_opens_at=_opening_instant(rec, hearing),
        place=hearing.place or placeholder("place of hearing"), hearing_officer=hearing.presiding or None,
        briefs_as_of_right=rec.case.rule_set_id == "2019-text",
        signature=rec.rd_signature(hearing.issuer, on=hearing.noticed_on),
        service=rec.service(on=hearing.noticed_on), record_notes=_notes(hearing.note) + _plain_notes(hearing.note),
    )
    return Built(ctx, hearing.noticed_on, "Regional Director", election.id)


def _hearing_facts(rec: _Record, election: Election, *, before_alj: bool | None = None) -> tuple[HearingFacts, Hearing | None]:
    """When and where the election's (latest) hearing was held, each missing fact a placeholder."""
    query = select(Hearing).where(Hearing.election_id == election.id)
    if before_alj is not None:
        query = query.where(Hearing.before_alj == before_alj)
    hearing = rec.session.exec(query.order_by(col(Hearing.id).desc())).first()
    if hearing is None:
        return HearingFacts(opened_on=placeholder("date the hearing opened"), place=placeholder("place of hearing")), None
    return HearingFacts(
        opened_on=hearing.opens_on or placeholder("date the hearing opened"),
        closed_on=hearing.closed_on or placeholder("date the hearing closed"),
        place=rec.text(hearing.place) if hearing.place else placeholder("place of hearing"),
    ), hearing


def _findings(rec: _Record, decision: Decision) -> tuple[str, ...]:
    """The decision's findings as the record states them (its summary); its research notes go to the annex."""
    paragraphs = tuple(p for p in (rec.text(decision.summary),) if p)
    return paragraphs or (rec.missing("findings of fact"),)  # a live case: a blank line (the act warned)


def _challenge_items(rec: _Record, election: Election) -> tuple[ChallengeItem, ...]:
    """The election's register of challenged ballots, with the ruling on each where there is one."""
    ballots = rec.session.exec(select(ChallengedBallot).where(ChallengedBallot.election_id == election.id)
                               .order_by(col(ChallengedBallot.id))).all()
    by_key = {p.key: p.name for p in rec.parties}
    items = []
    for b in ballots:
        decided = b.status is not ChallengeStatus.PENDING
        items.append(ChallengeItem(
            voter=b.voter, challenged_by="Board agent" if b.challenged_by == "board-agent" else by_key.get(b.challenged_by, b.challenged_by),
            ground=b.ground, disposition=b.status.value.replace("-", " ") if decided else None,
            reason=rec.text(b.ruling) if decided and b.ruling else None))
    return tuple(items)


def _ho_report(rec: _Record, subject: str) -> Built:
    decision: Decision = _get(rec.session, Decision, _subject_id(subject, "decision"))
    election: Election = _get(rec.session, Election, decision.election_id)
    tally = latest_tally(rec.session, election)
    assert tally is not None
    disposition = (f"that the election be set aside and {wording.next_election(election.sequence)} directed" if decision.result == "set-aside"
                   else "that the objections be overruled and the appropriate certification issue")
    hearing, held = _hearing_facts(rec, election, before_alj=False)
    exceptions = rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.EXCEPTIONS))
    answering = rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.ANSWERING_BRIEF))
    assert exceptions is not None and answering is not None
    ctx = HearingOfficerReportContext(
        caption=rec.caption(), issuance=Issuance(issued_on=decision.issued_on, issuer_title="Hearing Officer"),
        tally=tally_lines(tally, election),
        procedural_history=rec.history(election, until=decision.issued_on, excluding=f"decision:{decision.id}"),
        hearing=hearing, findings=_findings(rec, decision),
        objections=rec.objection_items(rec.objections_of(election), decision.rulings),
        challenges=_challenge_items(rec, election) if held is not None and held.challenges_set else (),
        recommended_disposition=disposition, exceptions=exceptions, answering_brief=answering,
        record_notes=_notes(decision.summary, decision.note, held.note if held else "") + _plain_notes(decision.note),
        signature=Signature(name=decision.issuer or rec.missing("Hearing Officer's name"), title="Hearing Officer",
                            organization=f"National Labor Relations Board, Region {rec.region}"),
        service=rec.service(on=decision.issued_on),
    )
    return Built(ctx, decision.issued_on, "Hearing Officer", election.id)


def _exceptions(rec: _Record, subject: str) -> Built:
    filing, election, party = _filing(rec, subject)
    judged = rec.session.get(Deadline, filing.deadline_id) if filing.deadline_id is not None else None
    to_alj = judged is not None and judged.kind is DeadlineKind.ALJ_EXCEPTIONS
    report = rec.session.exec(select(Decision).where(Decision.election_id == election.id,
                                                     Decision.kind == ("alj-decision" if to_alj else "ho-report"))
                              .order_by(col(Decision.id).desc())).first()
    assert report is not None
    items = tuple(ExceptionItem(number=i, excepted_to=e["excepted_to"], grounds=e["grounds"])
                  for i, e in enumerate(filing.body, start=1))
    ctx = ExceptionsContext(
        caption=rec.caption(), issuance=Issuance(issued_on=filing.received_on, issuer_title=f"Counsel for the {rec.party_ref(party).label}"),
        filing_party=rec.party_ref(party), report_issued_on=report.issued_on, exceptions=items, to_alj=to_alj,
        due=rec.deadline_line(judged or deadline_of(rec.session, election, DeadlineKind.EXCEPTIONS)),
        signature=rec.party_signature(party), service=rec.filing_service(filing), filed=rec.filed_with(filing),
    )
    return Built(ctx, filing.received_on, party.name, election.id, party_key=party.key)


# --------------------------------------------------------------------------------------------
# A party's filings around the decisions (request for review, statement in opposition, answering
# brief, cross-exceptions, motion for reconsideration, request for an extension of time)
# --------------------------------------------------------------------------------------------


def _paper_common(rec: _Record, filing: Filing, party: Party) -> dict[str, Any]:
    """What every such filing carries: caption, filing date, the filer, counsel's signature block, the
    period it was judged against, and its service from the ledger (with the copies to others than the
    parties, e.g. the Regional Director's copy of a request for review)."""
    deadline = rec.session.get(Deadline, filing.deadline_id) if filing.deadline_id is not None else None
    copies = rec.session.exec(select(ServiceRecord.served).where(
        ServiceRecord.filing_id == filing.id, col(ServiceRecord.party_id).is_(None), ServiceRecord.position > 0)
        .order_by(col(ServiceRecord.position))).all()
    return dict(
        caption=rec.caption(),
        issuance=Issuance(issued_on=filing.received_on, issuer_title=f"Counsel for the {rec.party_ref(party).label}"),
        filing_party=rec.party_ref(party), signature=rec.party_signature(party), service=rec.filing_service(filing),
        filed=rec.filed_with(filing), due=rec.deadline_line(deadline), due_by_order=bool(deadline and deadline.pinned_by),
        record_notes=_notes(filing.note),  # a record copy's research notes: its annex, never the body
        copies=tuple(f"the Regional Director, Region {rec.region}" if c == "Regional Director" else
                     (c if c.startswith("the ") else f"the {c}") for c in copies))


def _paper_numbered(rec: _Record, texts: list[str]) -> tuple[NumberedParagraph, ...]:
    return tuple(NumberedParagraph(number=i, text=rec.text(t)) for i, t in enumerate(texts, start=1))


def _paper_set_aside_title(election: Election) -> str:
    """"Decision on Objections and Direction of Second Election" (third, ... along the chain)."""
    return "Decision on Objections and " + wording.direction_title(election.sequence + 1).removeprefix("Decision and ")


def _paper_reviewed(rec: _Record, request: Filing) -> tuple[str, str, date | str]:
    """What the request for review ``request`` asks the Board to review, from the record: the Regional
    Director's Decision on Objections issued by then (from its date until 10 business days after the
    certification, 102.67(c), 102.69(c)(2)), the decision setting the election aside (no period stored
    for it, R-N3), the certification, or the dismissal."""
    election: Election = _get(rec.session, Election, request.election_id)
    overruled = rec.session.exec(select(Decision).where(
        Decision.election_id == election.id, Decision.kind == "rd-decision", Decision.result != "set-aside",
        col(Decision.issued_on) <= request.received_on).order_by(col(Decision.id).desc())).first()
    if overruled is not None:
        return "decision", "Decision on Objections", overruled.issued_on
    if request.deadline_id is None:
        decision = rec.session.exec(select(Decision).where(
            Decision.election_id == election.id, Decision.kind != "ho-report", Decision.result == "set-aside",
            col(Decision.issued_on) <= request.received_on).order_by(col(Decision.id).desc())).first()
        return ("set-aside", _paper_set_aside_title(election),
                decision.issued_on if decision is not None else rec.missing("date of the Regional Director's decision"))
    cert = rec.session.exec(select(Certification).where(Certification.election_id == election.id)
                            .order_by(col(Certification.id).desc())).first()
    if cert is not None:
        title = "Certification of Representative" if cert.kind == "representative" else "Certification of Results of Election"
        return "certification", title, cert.issued_on
    dismissed = rec.session.exec(select(DocketEntry).where(DocketEntry.case_id == rec.case.id,
                                                           DocketEntry.act == "dismiss-petition")
                                 .order_by(col(DocketEntry.id).desc())).first()
    return ("dismissal", "Order Dismissing Petition",
            dismissed.occurred_on if dismissed is not None else rec.missing("date of the order dismissing the petition"))


def _paper_answered(rec: _Record, filing: Filing, kind: str) -> tuple[FiledBy, ...]:
    """The other parties' filings of ``kind`` in the filing's election received by the filing's date."""
    rows = rec.session.exec(select(Filing).where(
        Filing.election_id == filing.election_id, Filing.kind == kind, Filing.party_id != filing.party_id,
        col(Filing.received_on) <= filing.received_on).order_by(col(Filing.received_on), col(Filing.id))).all()
    return tuple(FiledBy(party=rec.party_ref(rec.by_id[f.party_id]), filed_on=f.received_on) for f in rows)


def _paper_report_issued_on(rec: _Record, election: Election) -> date | str:
    report = rec.session.exec(select(Decision).where(Decision.election_id == election.id, Decision.kind == "ho-report")
                              .order_by(col(Decision.id).desc())).first()
    return report.issued_on if report is not None else rec.missing("date of the Hearing Officer's Report")


def _request_for_review(rec: _Record, subject: str) -> Built:
    filing, election, party = _filing(rec, subject)
    reviewed, title, on = _paper_reviewed(rec, filing)
    objected = reviewed == "decision" and rec.session.exec(select(Filing.id).where(
        Filing.election_id == election.id, Filing.kind == "objections", Filing.party_id == party.id)).first() is not None
    ctx = RequestForReviewContext(**_paper_common(rec, filing, party), reviewed=reviewed, reviewed_title=title,
                                  reviewed_on=on, objected=objected, paragraphs=_paper_numbered(rec, [g["ground"] for g in filing.body]))
    return Built(ctx, filing.received_on, party.name, election.id, party_key=party.key)


def _statement_in_opposition(rec: _Record, subject: str) -> Built:
    filing, election, party = _filing(rec, subject)
    request = rec.session.exec(select(Filing).where(
        Filing.election_id == election.id, Filing.kind == "request-for-review", Filing.party_id != party.id,
        col(Filing.received_on) <= filing.received_on).order_by(col(Filing.received_on).desc(), col(Filing.id).desc())).first()
    if request is None:
        raise UnknownRecord(f"the statement in opposition {subject} opposes no request for review in the record")
    _, title, on = _paper_reviewed(rec, request)
    ctx = StatementInOppositionContext(
        **_paper_common(rec, filing, party), paragraphs=_paper_numbered(rec, [p["point"] for p in filing.body]),
        request=FiledBy(party=rec.party_ref(rec.by_id[request.party_id]), filed_on=request.received_on),
        reviewed_title=title, reviewed_on=on)
    return Built(ctx, filing.received_on, party.name, election.id, party_key=party.key)


def _answering_brief(rec: _Record, subject: str) -> Built:
    filing, election, party = _filing(rec, subject)
    ctx = AnsweringBriefContext(**_paper_common(rec, filing, party), paragraphs=_paper_numbered(rec, [p["point"] for p in filing.body]),
                                report_issued_on=_paper_report_issued_on(rec, election), answered=_paper_answered(rec, filing, "exceptions"))
    return Built(ctx, filing.received_on, party.name, election.id, party_key=party.key)


def _cross_exceptions(rec: _Record, subject: str) -> Built:
    filing, election, party = _filing(rec, subject)
    items = tuple(NumberedParagraph(number=i, text=rec.text(e["excepted_to"]), grounds=rec.text(e["grounds"]))
                  for i, e in enumerate(filing.body, start=1))
    ctx = CrossExceptionsContext(**_paper_common(rec, filing, party), paragraphs=items,
                                 report_issued_on=_paper_report_issued_on(rec, election), answered=_paper_answered(rec, filing, "exceptions"))
    return Built(ctx, filing.received_on, party.name, election.id, party_key=party.key)


def _motion_for_reconsideration(rec: _Record, subject: str) -> Built:
    filing, election, party = _filing(rec, subject)
    decision = rec.session.exec(select(Decision).where(
        Decision.election_id == election.id, Decision.kind == "rd-decision", col(Decision.issued_on) <= filing.received_on)
        .order_by(col(Decision.id).desc())).first()
    title = (_paper_set_aside_title(election) if decision is not None and decision.result == "set-aside" else "Decision on Objections")
    ctx = MotionForReconsiderationContext(
        **_paper_common(rec, filing, party), paragraphs=_paper_numbered(rec, [g["ground"] for g in filing.body]),
        decision_title=title,
        decision_issued_on=decision.issued_on if decision is not None else rec.missing("date of the Regional Director's decision"))
    return Built(ctx, filing.received_on, party.name, election.id, party_key=party.key)


#: The document a request for an extension of time is for: in a sentence, and as its title.
_PAPER_EXTENDED_DOCUMENTS: dict[DeadlineKind, tuple[str, str]] = {
    DeadlineKind.OFFER_OF_PROOF: ("offer of proof in support of its objections", "Offer of Proof"),
    DeadlineKind.EXCEPTIONS: ("exceptions to the Hearing Officer's Report", "Exceptions to the Hearing Officer's Report"),
    DeadlineKind.ANSWERING_BRIEF: ("answering brief to the exceptions", "Answering Brief"),
    DeadlineKind.REQUEST_FOR_REVIEW: ("request for review", "Request for Review"),
    DeadlineKind.RFR_OPPOSITION: ("statement in opposition to the request for review", "Statement in Opposition"),
    DeadlineKind.RECONSIDERATION: ("motion for reconsideration", "Motion for Reconsideration"),
    DeadlineKind.ALJ_EXCEPTIONS: ("exceptions to the Administrative Law Judge's decision",
                                  "Exceptions to the Administrative Law Judge's Decision"),
}


def _extension_request(rec: _Record, subject: str) -> Built:
    from casefile.rules.offices import BOARD_OFFICE
    from casefile.rules.party_filings import late_extension_request_note

    filing, election, party = _filing(rec, subject)
    [asked] = filing.body
    deadline: Deadline = _get(rec.session, Deadline, asked["deadline_id"])
    noun, document_title = _PAPER_EXTENDED_DOCUMENTS.get(deadline.kind, (_DEADLINE_WORDS[deadline.kind].lower(),
                                                                   _DEADLINE_WORDS[deadline.kind]))
    due_on = date.fromisoformat(asked["due_on"])
    texts = [asked["reasons"]] + ([f"The positions of the other parties: {asked['positions']}"] if asked.get("positions") else [])
    common = _paper_common(rec, filing, party) | {"due": None}  # the period to extend is stated in the opening
    ctx = ExtensionRequestContext(
        **common, paragraphs=_paper_numbered(rec, texts), document=noun, document_title=document_title, due_on=due_on,
        until=date.fromisoformat(asked["until"]) if asked.get("until") else None,
        decided_by="Board" if deadline.office_key == BOARD_OFFICE.key else "Regional Director",
        late=late_extension_request_note(filing.received_on, due_on) is not None)
    return Built(ctx, filing.received_on, party.name, election.id, party_key=party.key)


_PARTY_PAPERS: dict[DocumentKind, Callable[[_Record, str], Built]] = {
    DocumentKind.REQUEST_FOR_REVIEW: _request_for_review, DocumentKind.STATEMENT_IN_OPPOSITION: _statement_in_opposition,
    DocumentKind.ANSWERING_BRIEF: _answering_brief, DocumentKind.CROSS_EXCEPTIONS: _cross_exceptions,
    DocumentKind.MOTION_FOR_RECONSIDERATION: _motion_for_reconsideration, DocumentKind.EXTENSION_REQUEST: _extension_request,
}


def _direction_of_second_election(rec: _Record, subject: str) -> Built:
    decision: Decision = _get(rec.session, Decision, _subject_id(subject, "decision"))
    election: Election = _get(rec.session, Election, decision.election_id)
    tally = latest_tally(rec.session, election)
    assert tally is not None
    at_fault = rec.by_id.get(decision.at_fault_party_id) if decision.at_fault_party_id else None
    ctx = DecisionAndDirectionOfSecondElectionContext(
        caption=rec.caption(), issuance=Issuance(issued_on=decision.issued_on, issuer_title="Regional Director"),
        tally=tally_lines(tally, election),
        procedural_history=rec.history(election, until=decision.issued_on, excluding=f"decision:{decision.id}"),
        findings=_findings(rec, decision), objections=rec.objection_items(rec.objections_of(election), decision.rulings)
        or (ObjectionItem(number=1, text=placeholder("objections ruled on")),),
        party_at_fault=rec.party_ref(at_fault) if at_fault else None, set_aside_election=election_dates(election),
        agreement=rec.case.agreement or placeholder("election agreement"), choices=tuple(election.choices),
        unit_description=rec.case.unit_description or rec.missing("unit description"),
        second_election_schedule=placeholder("date, time and place, or mail-ballot schedule, of the second election"),
        signature=rec.rd_signature(decision.issuer), service=rec.service(on=decision.issued_on),
        record_notes=_notes(decision.summary, decision.note) + _plain_notes(decision.note),
    )
    return Built(ctx, decision.issued_on, "Regional Director", election.id)


def _plain_notes(note: str) -> tuple[str, ...]:
    """A decision's note before any "UNCERTAIN:" marker: a note on the sources, for the annex."""
    head = note.partition("UNCERTAIN:")[0].strip()
    return (record_text(head),) if head else ()


def _alj_decision(rec: _Record, subject: str) -> Built:
    decision: Decision = _get(rec.session, Decision, _subject_id(subject, "decision"))
    election: Election = _get(rec.session, Election, decision.election_id)
    hearing = rec.session.exec(select(Hearing).where(Hearing.election_id == election.id, Hearing.before_alj == True)  # noqa: E712
                               .order_by(col(Hearing.id).desc())).first()
    set_ids = list(hearing.objections_set) if hearing else []
    ulp = tuple(hearing.ulp_cases) if hearing else ()
    ctx = ALJDecisionContext(
        caption=rec.caption(forum="Division of Judges", other=ulp),
        issuance=Issuance(issued_on=decision.issued_on, issuer_title="Administrative Law Judge"),
        hearing=_hearing_facts(rec, election, before_alj=True)[0], findings_summary=_findings(rec, decision),
        objections=rec.objection_items(rec.objections_of(election, ids=set_ids), decision.rulings),
        remedy=_remedy(election, decision), agreement=rec.case.agreement or placeholder("election agreement"),
        exceptions=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.ALJ_EXCEPTIONS)),
        signature=Signature(name=decision.issuer or rec.missing("Administrative Law Judge's name"),
                            title="Administrative Law Judge", signed=False),
        record_notes=_notes(decision.summary, decision.note, hearing.note if hearing else "") + _plain_notes(decision.note),
    )
    return Built(ctx, decision.issued_on, "Administrative Law Judge", election.id)


def _remedy(election: Election, decision: Decision) -> tuple[str, ...]:
    """What the decision orders for the representation case, from its result (the unfair labor practice
    remedy is not in the record)."""
    held = election_dates(election)
    period = f"from {long_date(held.began_on)}" if isinstance(held.began_on, date) else ""
    if decision.result == "set-aside":
        return (f"The {wording.ordinal(election.sequence)} election{(' held ' + period) if period else ''} is set aside.",
                f"{wording.next_election(election.sequence).capitalize()} is directed, at a time the Regional Director sets.",
                placeholder("the order and notice remedying the unfair labor practices"))
    return (_DECIDED.get(decision.result, decision.result.replace("-", " ")).capitalize() + ".",
            placeholder("the order and notice remedying the unfair labor practices"))


def _certification(rec: _Record, subject: str) -> Built:
    cert: Certification = _get(rec.session, Certification, _subject_id(subject, "certification"))
    election: Election = _get(rec.session, Election, cert.election_id)
    tally = latest_tally(rec.session, election)
    assert tally is not None
    objected = rec.session.exec(select(Filing.id).where(Filing.election_id == election.id, Filing.kind == "objections")).first()
    common: dict[str, Any] = dict(
        caption=rec.caption(), issuance=Issuance(issued_on=cert.issued_on, issuer_title="Regional Director"),
        agreement=rec.case.agreement or placeholder("election agreement"), tally=tally_lines(tally, election),
        basis="the objections have been overruled" if objected else "no timely objections were filed",
        unit_description=rec.case.unit_description or rec.missing("unit description"),
        request_for_review=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.REQUEST_FOR_REVIEW)),
        signature=rec.rd_signature(on=cert.issued_on), service=rec.service(on=cert.issued_on),
    )
    if cert.kind == "representative":
        ctx: DocumentContext = CertificationOfRepresentativeContext(representative=cert.union or "", **common)
    else:
        ctx = CertificationOfResultsContext(labor_organizations=tuple(election.choices), **common)
    return Built(ctx, cert.issued_on, "Regional Director", election.id)


def _status_report(rec: _Record, subject: str) -> Built:
    when, _, prepared_for = subject.partition(":")[2].partition(REPORT_FOR)
    as_of = datetime.fromisoformat(when).astimezone(rec.zone)
    prepared_for = unquote(prepared_for)
    session = rec.session
    summaries = []
    for election in elections_of(session, rec.case):
        set_aside = election.stage in wording.SET_ASIDE_STAGES
        tallies = session.exec(select(Tally).where(Tally.election_id == election.id).order_by(col(Tally.id))).all()
        analyses = tuple(TallyAnalysis(
            tally=tally_lines(t, election), determinative_reason=determinative_reason(t),
            reachable_outcomes=("None: the election was set aside",) if set_aside else
            tuple(wording.outcome_words(o) for o in (t.reachable or [t.outcome_text])),
            challenge_analysis=() if set_aside else challenge_sentences(t)) for t in tallies)
        summaries.append(ElectionSummary(kind=election.kind, label=wording.election_name(election.sequence, election.kind),
                                         dates=election_dates(election), stage=election.stage,
                                         result=_election_result(rec, election), tallies=analyses,
                                         follows=_follows_line(rec, election), set_aside=set_aside))
    docket = session.exec(select(DocketEntry).where(DocketEntry.case_id == rec.case.id,
                                                    col(DocketEntry.act).not_in(_NOT_IN_DOCKET))
                          .order_by(col(DocketEntry.occurred_on), col(DocketEntry.id))).all()
    superseded = superseded_entries(session, rec.case.id)  # a closure a later filing showed wrong: said so, never a fact
    lines = tuple(DocketLine(occurred_on=e.occurred_on, actor=e.actor, act=wording.ACT_NAMES.get(e.act, e.act.replace("-", " ").capitalize()),
                             note=marked(rec.history_event(e), superseded.get(e.id or 0)), party=_docket_party(rec, e))
                  for e in docket)
    deadlines = session.exec(select(Deadline).where(Deadline.case_id == rec.case.id, Deadline.status == DeadlineStatus.OPEN,
                                                    col(Deadline.cutoff_at) >= as_of).order_by(col(Deadline.cutoff_at))).all()
    documents = session.exec(select(Document).where(Document.case_id == rec.case.id).order_by(col(Document.id))).all()
    ctx = CaseStatusReportContext(
        caption=rec.caption(), issuance=Issuance(issued_on=as_of.date(), issuer_title="casefile"),
        prepared_for=prepared_for or rec.missing("client"), as_of_at=as_of, agreement=rec.case.agreement or placeholder("election agreement"),
        petition_filed_on=rec.case.petition_filed_on or placeholder("petition filing date"),
        rule_set=rec.text(rule_set_by_id(rec.case.rule_set_id).title),
        elections=tuple(summaries), docket=lines,
        deadlines=tuple(line for d in _without_repeats(deadlines) if (line := rec.deadline_line(d)) is not None),
        documents=tuple(DocumentLine(title=d.title, kind=d.kind, issued_on=d.issued_on, version=d.version, sha256=d.sha256)
                        for d in documents if not d.confidential),
    )
    return Built(ctx, as_of.date(), "casefile", None)


def _without_repeats(deadlines: list[Deadline]) -> list[Deadline]:
    """The open deadlines less an offer of proof due with its objections (the objections' line, "Objections
    and offer of proof", states both); an extended offer of proof keeps its own line."""
    objections = {(d.election_id, d.cutoff_at) for d in deadlines if d.kind is DeadlineKind.OBJECTIONS}
    return [d for d in deadlines if not (d.kind is DeadlineKind.OFFER_OF_PROOF and (d.election_id, d.cutoff_at) in objections)]


def _docket_party(rec: _Record, entry: DocketEntry) -> str | None:
    """The party who performed a party's act (the filer of a filing), for the docket's "By" column."""
    table, _, ident = entry.ref.partition(":")
    if table == "filing" and ident.isdigit() and (filing := rec.session.get(Filing, int(ident))) is not None:
        return rec.by_id[filing.party_id].name
    if entry.act == "open-case":  # the petition opens the case
        return next((p.name for p in rec.parties if p.role in (PartyRole.PETITIONER, PartyRole.INDIVIDUAL_PETITIONER)), None)
    return None


def _revised_tally(rec: _Record, subject: str) -> Built:
    revised: Tally = _get(rec.session, Tally, _subject_id(subject, "tally"))
    election: Election = _get(rec.session, Election, revised.election_id)
    original: Tally = _get(rec.session, Tally, revised.revises_id)
    before = dict((n, v) for n, v in original.votes)
    counted = tuple(VoteLine(choice=n, votes=v - before[n]) for n, v in revised.votes)
    counted_against = None if revised.against is None else revised.against - (original.against or 0)
    sustained = original.challenged - revised.opened - revised.challenged
    ballots = rec.session.exec(select(ChallengedBallot).where(ChallengedBallot.revised_tally_id == revised.id)).all()
    rulings: dict[str, int] = {}
    for ballot in ballots:
        label = f"{'sustained' if ballot.status.value == 'sustained' else 'overruled'} by the {ballot.ruling}"
        rulings[label] = rulings.get(label, 0) + 1
    summary = ("; ".join(f"{n} challenge{'s' if n != 1 else ''} {label}" for label, n in rulings.items())
               if rulings else f"{revised.opened} challenged ballots overruled and opened, {sustained} challenges sustained")
    ctx = RevisedTallyContext(
        caption=rec.caption(), issuance=Issuance(issued_on=revised.prepared_on, issuer_title="Regional Director"),
        agreement=rec.case.agreement or placeholder("election agreement"),
        unit_description=rec.case.unit_description or rec.missing("unit description"),
        original=tally_lines(original, election), counted=counted, counted_against=counted_against,
        revised=tally_lines(revised, election), opened=revised.opened, sustained=sustained,
        still_unopened=revised.challenged, rulings_summary=summary,
        objections_due=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.REVISED_TALLY_OBJECTIONS)),
        signature=rec.rd_signature(on=revised.prepared_on), observers_for=tuple(p.name for p in rec.parties),
        service=rec.service(on=revised.prepared_on),
    )
    return Built(ctx, revised.prepared_on, "Regional Director", election.id)


def _notice_of_runoff(rec: _Record, subject: str) -> Built:
    election: Election = _get(rec.session, Election, _subject_id(subject, "election"))
    tally = latest_tally(rec.session, election)
    assert tally is not None
    outcome = analyze_tally(counts_of(tally)).outcome
    assert outcome.runoff_choices is not None
    directed = rec.session.exec(select(DocketEntry).where(DocketEntry.election_id == election.id,
                                                          DocketEntry.act == "direct-runoff")).first()
    issued_on = directed.occurred_on if directed else tally.prepared_on
    objected = rec.session.exec(select(Filing.id).where(Filing.election_id == election.id, Filing.kind == "objections")).first()
    if election.next_held_from_on:
        schedule = election.next_held_from_on.strftime("%B %-d, %Y") + (
            f" to {election.next_held_to_on.strftime('%B %-d, %Y')}" if election.next_held_to_on else "") + \
            f"; {placeholder('time and place, or mail-ballot schedule, of the runoff election')}"
    else:
        schedule = placeholder("date, time and place, or mail-ballot schedule, of the runoff election")
    ctx = NoticeOfRunoffElectionContext(
        caption=rec.caption(), issuance=Issuance(issued_on=issued_on, issuer_title="Regional Director"),
        agreement=rec.case.agreement or placeholder("election agreement"),
        unit_description=rec.case.unit_description or rec.missing("unit description"),
        tally=tally_lines(tally, election), choices=outcome.runoff_choices,
        basis=None if objected else "no objections having been filed", runoff_schedule=schedule,
        signature=rec.rd_signature(on=issued_on), service=rec.service(on=issued_on),
    )
    return Built(ctx, issued_on, "Regional Director", election.id)


def challenge_sentences(tally: Tally) -> tuple[str, ...]:
    """What each reachable outcome needs from the challenged ballots, when they are determinative (R-E3)."""
    if not tally.determinative:
        return ()
    return tuple(r.sentence for r in analyze_challenges(counts_of(tally)))


def _follows_line(rec: _Record, election: Election) -> str | None:
    """Where the election sits in the chain: which election it follows, and why."""
    if election.follows_id is None:
        return None
    before = rec.session.get(Election, election.follows_id)
    assert before is not None
    why = rec.text(election.reason) if election.reason else _election_result(rec, before)
    return f"The {wording.ordinal(before.sequence)} election ({why[0].lower() + why[1:]})" if why else None


def _election_result(rec: _Record, election: Election) -> str:
    """What became of the election, in words: certified, set aside (by whom, when, and what was directed),
    a decision's result, or where it stands."""
    session = rec.session
    cert = session.exec(select(Certification).where(Certification.election_id == election.id)).first()
    if cert is not None:
        what = f"Certification of Representative ({cert.union})" if cert.kind == "representative" else "Certification of Results"
        return f"{what} issued on {long_date(cert.issued_on)}"
    decisions = session.exec(select(Decision).where(Decision.election_id == election.id).order_by(col(Decision.id))).all()
    binding = [d for d in decisions if d.kind != "ho-report"]
    who = {"rd-decision": "the Regional Director", "alj-decision": "the Administrative Law Judge", "board-decision": "the Board"}
    if binding:
        last = binding[-1]
        if last.result == "set-aside":
            text = (f"Set aside by {who.get(last.kind, 'decision')} on {long_date(last.issued_on)};"
                    f" {wording.next_election(election.sequence)} directed")
            if last.kind == "alj-decision":
                text += " (subject to exceptions to the Board)"
            return text
        return f"{_DECIDED.get(last.result, last.result).capitalize()} ({who.get(last.kind, 'decision')}, {long_date(last.issued_on)})"
    if decisions:
        report = decisions[-1]
        return (f"The Hearing Officer recommended on {long_date(report.issued_on)} "
                f"{_RECOMMENDED.get(report.result, report.result)}; the Regional Director has not yet ruled")
    if election.stage in (Stage.CLOSED, Stage.WITHDRAWN, Stage.DISMISSED, Stage.CERTIFIED, Stage.SET_ASIDE,
                          Stage.RERUN_DIRECTED, Stage.RUNOFF_DIRECTED):
        return wording.STAGE_NAMES[election.stage]
    # The "Stage" row already says where the election stands: the result is that nothing has decided it yet.
    return "Not yet decided: no certification or decision has issued"


def determinative_reason(tally: Tally) -> str:
    """Why the challenged ballots are or are not determinative, in the tally's own numbers (R-E3, R-E4)."""
    c = tally.challenged
    if tally.against is not None and len(tally.votes) == 1:
        y, n = tally.votes[0][1], tally.against
        if tally.determinative:
            return (f"{y:,} + {c:,} challenged = {y + c:,} against {n:,}: the union could reach a majority; and "
                    f"{n:,} + {c:,} = {n + c:,} against {y:,}: the union could fail to")
        if y + c <= n:
            ballots = "the challenged ballot" if c == 1 else f"all {c:,} challenged ballots"
            return (f"Even if {ballots} were counted for {tally.votes[0][0]}, its {y + c:,} votes would not exceed the"
                    f" {n:,} against")
        return f"{y:,} exceeds half of {tally.valid_plus_challenged:,} (valid plus challenged): the union wins however they are resolved"
    if tally.determinative:
        return f"Resolving the {c:,} challenged ballots could lead to: {'; '.join(tally.reachable)}"
    return f"Every resolution of the {c:,} challenged ballots gives the same outcome"


# --------------------------------------------------------------------------------------------
# The Regional Director's decision overruling the objections; the orders of the Region, the General
# Counsel and the Board (issue 10)
# --------------------------------------------------------------------------------------------


def _computed_line(rec: _Record, kind: DeadlineKind, trigger_on: date) -> DeadlineLine | None:
    """A period the record does not store, computed by the rules from ``trigger_on`` under the case's
    rule set, calendar and office (None where the rule set has no such period)."""
    from casefile.record.deadlines import compute_for_case

    if kind not in rule_set_by_id(rec.case.rule_set_id).periods:
        return None
    computed = compute_for_case(rec.case, kind, trigger_on)
    cutoff = computed.cutoff_at.astimezone(ZoneInfo(office_named(computed.office_key).tz)) if computed.cutoff_at else None
    return DeadlineLine(what=_DEADLINE_WORDS[kind], due_on=computed.due_on, cutoff_at=cutoff,
                        citation=legal_citation(computed.citation), for_whom="all parties")


def _decision_on_objections(rec: _Record, subject: str) -> Built:
    from casefile.rules.review import board_review
    from casefile.vocab import OutcomeKind

    decision: Decision = _get(rec.session, Decision, _subject_id(subject, "decision"))
    election: Election = _get(rec.session, Election, decision.election_id)
    tally = latest_tally(rec.session, election)
    assert tally is not None
    report = rec.session.exec(select(Decision).where(Decision.election_id == election.id, Decision.kind == "ho-report",
                                                     col(Decision.issued_on) <= decision.issued_on)
                              .order_by(col(Decision.id).desc())).first()
    held = rec.session.exec(select(Hearing).where(Hearing.election_id == election.id, Hearing.before_alj == False)  # noqa: E712
                            .order_by(col(Hearing.id).desc())).first()
    hearing = _hearing_facts(rec, election, before_alj=False)[0] if held is not None and (held.opens_on or report) else None
    excepting = rec.session.exec(select(Filing).where(Filing.election_id == election.id, Filing.kind == "exceptions",
                                                      col(Filing.received_on) <= decision.issued_on)
                                 .order_by(col(Filing.received_on), col(Filing.id))).all()
    exceptions_by = tuple(dict.fromkeys(rec.by_id[f.party_id].name for f in excepting))
    stored = deadline_of(rec.session, election, DeadlineKind.REQUEST_FOR_REVIEW)
    review = None
    if board_review(rec.case.agreement).available:
        # The period runs from the final disposition, the certification that follows the decision (102.67(c),
        # 102.69(c)(2); R-N2): its date only once the certification is recorded, never counted from the decision.
        review = rec.deadline_line(stored) if stored is not None and stored.trigger_on >= decision.issued_on else None
    outcome = OutcomeKind(tally.outcome) if tally.outcome else None
    ctx = DecisionOnObjectionsContext(
        caption=rec.caption(), issuance=Issuance(issued_on=decision.issued_on, issuer_title="Regional Director"),
        tally=tally_lines(tally, election),
        procedural_history=rec.history(election, until=decision.issued_on, excluding=f"decision:{decision.id}"),
        hearing=hearing, report_issued_on=report.issued_on if report is not None else None, exceptions_by=exceptions_by,
        findings=_findings(rec, decision),
        objections=rec.objection_items(rec.objections_of(election), decision.rulings)
        or (ObjectionItem(number=1, text=placeholder("objections ruled on")),),
        agreement=rec.case.agreement or placeholder("election agreement"),
        representative=tally.winner if outcome is OutcomeKind.REP and tally.winner else None,
        labor_organizations=tuple(election.choices) if outcome is OutcomeKind.RESULTS else (),
        request_for_review=review, signature=rec.rd_signature(decision.issuer, on=decision.issued_on),
        service=rec.service(on=decision.issued_on),
        record_notes=_notes(decision.summary, decision.note) + _plain_notes(decision.note),
    )
    return Built(ctx, decision.issued_on, "Regional Director", election.id)


def _agency_order(rec: _Record, subject: str, kind: str) -> Any:
    order: AgencyOrder = _get(rec.session, AgencyOrder, _subject_id(subject, "order"))
    if order.kind != kind or order.case_id != rec.case.id:
        raise UnknownRecord(f"order {order.id} is not an order of kind {kind!r} in case {rec.case.number}")
    return order


def _executive_secretary(rec: _Record, name: str = "") -> Signature:
    """The signature of the Board's Executive Secretary (orders the Board issues on a filing it receives)."""
    return Signature(name=name or rec.missing("Executive Secretary's name"), title="Executive Secretary",
                     organization="National Labor Relations Board")


def _region_signature(rec: _Record, office_key: str, name: str, on: date) -> Signature:
    """The Regional Director's signature for an order of the Region whose office is ``office_key`` (the
    Region that issued it, which a later transfer does not change)."""
    office = office_named(office_key)
    region = int(office.region) if office.region else rec.region
    name = name or rec.regional_director(on)
    return Signature(name=name or rec.missing("Regional Director's name"), title=f"Regional Director, Region {region}",
                     organization="National Labor Relations Board")


_FILED_UNDER_ORDER = {
    DeadlineKind.OFFER_OF_PROOF: "the offer of proof in support of objections",
    DeadlineKind.EXCEPTIONS: "exceptions to the Hearing Officer's report",
    DeadlineKind.ANSWERING_BRIEF: "answering briefs to the exceptions",
    DeadlineKind.REQUEST_FOR_REVIEW: "a request for review",
    DeadlineKind.RFR_OPPOSITION: "a statement in opposition to the request for review",
    DeadlineKind.RECONSIDERATION: "a motion for reconsideration",
    DeadlineKind.ALJ_EXCEPTIONS: "exceptions to the Administrative Law Judge's decision",
    DeadlineKind.REVISED_TALLY_OBJECTIONS: "objections to the revised tally of ballots",
}
"""What an order extending time says is to be filed (the rest: the deadline's noun, with an article)."""


def _order_extending_time(rec: _Record, subject: str) -> Built:
    from casefile.rules.extensions import cutoff_of_fixed_date
    from casefile.rules.offices import BOARD_OFFICE

    order = _agency_order(rec, subject, "extension")
    body = order.body
    kind = DeadlineKind(body["deadline_kind"])
    office = office_named(body["office_key"])
    to_due = date.fromisoformat(body["to_due_on"])
    cutoff = cutoff_of_fixed_date(kind, to_due, office_tz=office.tz).astimezone(ZoneInfo(office.tz))
    request = rec.session.get(Filing, body["request_id"]) if body.get("request_id") else None
    board = office.key == BOARD_OFFICE.key
    citation = "29 CFR 102.2(c)" + (", 102.69(a)(8)" if kind is DeadlineKind.OFFER_OF_PROOF else "") + \
        (", 102.69(c)(1)(iii)" if kind in (DeadlineKind.EXCEPTIONS, DeadlineKind.ANSWERING_BRIEF) else "")
    ctx = OrderExtendingTimeContext(
        caption=rec.caption(), issuance=Issuance(issued_on=order.issued_on,
                                                 issuer_title="Executive Secretary" if board else "Regional Director"),
        what=_FILED_UNDER_ORDER.get(kind) or "the " + _DEADLINE_WORDS[kind][:1].lower() + _DEADLINE_WORDS[kind][1:],
        for_whom=rec.text(body.get("for_whom") or "all parties"),
        requested_by=rec.party_ref(rec.by_id[request.party_id]) if request is not None else None,
        requested_on=request.received_on if request is not None else None,
        from_due_on=date.fromisoformat(body["from_due_on"]), to_due_on=to_due, cutoff_at=cutoff,
        receiving="the Board's Office of the Executive Secretary in Washington, DC" if board
        else f"the Regional Director, Region {int(office.region or rec.region)}",
        citation=citation, reopened=bool(body.get("reopened")),
        signature=_executive_secretary(rec, order.issuer) if board
        else _region_signature(rec, office.key, order.issuer, order.issued_on),
        service=rec.service(on=order.issued_on),
    )
    return Built(ctx, order.issued_on, "Board" if board else "Regional Director", order.election_id)


def _order_transferring_case(rec: _Record, subject: str) -> Built:
    order = _agency_order(rec, subject, "transfer")
    body = order.body
    old, new = office_named(body["from_office"]), office_named(body["to_office"])
    moved = tuple(f"{_DEADLINE_WORDS[DeadlineKind(m['kind'])]}, due {long_date(date.fromisoformat(m['due_on']))}"
                  for m in body.get("moved", []))
    ctx = OrderTransferringCaseContext(
        caption=rec.caption().model_copy(update={"region": f"Region {int(old.region or rec.case.region)}",
                                                 "office": old.name}),
        issuance=Issuance(issued_on=order.issued_on, issuer_title="General Counsel"),
        from_region=f"Region {int(old.region or rec.case.region)}", from_office=old.name,
        to_region=f"Region {int(new.region or 0)}", to_office=new.name, moved=moved,
        signature=Signature(name=order.issuer or rec.missing("name of the official who signed for the General Counsel"),
                            title="For the General Counsel", organization="National Labor Relations Board"),
        service=rec.service(on=order.issued_on),
    )
    return Built(ctx, order.issued_on, "General Counsel", order.election_id)


_BOARD_TITLES = {"review-denied": "Order Denying Review", "review-granted": "Order Granting Review",
                 "remanded": "Order Remanding", "affirmed": "Decision on Review and Order",
                 "set-aside": "Decision on Review and Order", "open-and-count": "Decision on Review and Order"}


def _reviewed(rec: _Record, election: Election, requested_on: date) -> tuple[str, date | None]:
    """What the request for review asked the Board to review: the latest certification, dismissal or
    Regional Director's decision issued by the request's date."""
    cert = rec.session.exec(select(Certification).where(Certification.election_id == election.id,
                                                        col(Certification.issued_on) <= requested_on)).first()
    dismissal = rec.session.exec(select(AgencyOrder).where(AgencyOrder.case_id == rec.case.id, AgencyOrder.kind == "dismissal",
                                                           col(AgencyOrder.issued_on) <= requested_on)
                                 .order_by(col(AgencyOrder.id).desc())).first()
    decision = rec.session.exec(select(Decision).where(Decision.election_id == election.id, Decision.kind == "rd-decision",
                                                       col(Decision.issued_on) <= requested_on)
                                .order_by(col(Decision.id).desc())).first()
    candidates: list[tuple[date, str]] = []
    if cert is not None:
        title = "Certification of Representative" if cert.kind == "representative" else "Certification of Results of Election"
        candidates.append((cert.issued_on, f"the Regional Director's {title}"))
    if dismissal is not None:
        candidates.append((dismissal.issued_on, "the Regional Director's Order Dismissing Petition"))
    if decision is not None:
        title = ("Decision on Objections and Direction of Second Election" if decision.result == "set-aside"
                 else "Decision on Objections")
        candidates.append((decision.issued_on, f"the Regional Director's {title}"))
    if not candidates:
        return "the Regional Director's action", None
    on, what = max(candidates, key=lambda c: c[0])
    return what, on


def _board_members(rec: _Record, issuer: str) -> tuple[Signature, ...]:
    """The Board members who signed, from the record's "issuer" ("Chairman A, Member B and Member C");
    the Board itself (or nothing) in the record: one placeholder line (record copy) or a blank."""
    text = " ".join(issuer.split())
    if not text or text.lower() in ("the board", "board"):
        return (Signature(name=rec.missing("names of the Board Members"), title="Board Members",
                          organization="National Labor Relations Board"),)
    names = [n.strip() for n in text.replace(" and ", ", ").replace(";", ",").split(",") if n.strip()]
    return tuple(Signature(name=n, title="", signed=False) for n in names)


def _board_order(rec: _Record, subject: str) -> Built:
    decision: Decision = _get(rec.session, Decision, _subject_id(subject, "decision"))
    if decision.kind != "board-decision":
        raise UnknownRecord(f"decision {decision.id} is not the Board's")
    election: Election = _get(rec.session, Election, decision.election_id)
    requests = rec.session.exec(select(Filing).where(Filing.election_id == election.id, Filing.kind == "request-for-review",
                                                     col(Filing.received_on) <= decision.issued_on)
                                .order_by(col(Filing.received_on), col(Filing.id))).all()
    if not requests:
        raise UnknownRecord(f"no request for review before the Board's order {decision.id}")
    requesting = tuple({f.party_id: rec.party_ref(rec.by_id[f.party_id]) for f in requests}.values())
    reviewed, reviewed_on = _reviewed(rec, election, requests[-1].received_on)
    who = " and ".join(f"{p.label}'s" if i == len(requesting) - 1 else p.label for i, p in enumerate(requesting))
    request = f"The {who} Request{'s' if len(requesting) > 1 else ''} for Review of {reviewed}"
    held = election_dates(election)
    period = f" held {wording_period(held)}" if held.began_on and not isinstance(held.began_on, str) else ""
    result = decision.result
    paragraphs = {
        "review-denied": [f"{request} {'are' if len(requesting) > 1 else 'is'} denied as {'they raise' if len(requesting) > 1 else 'it raises'} "
                          "no substantial issues warranting review (29 CFR 102.67(d))."],
        "review-granted": [f"{request} {'are' if len(requesting) > 1 else 'is'} granted as {'they raise' if len(requesting) > 1 else 'it raises'} "
                           "substantial issues warranting review (29 CFR 102.67(d), (g)). The Board's decision on review will issue "
                           "after the parties' briefs on review, if any (29 CFR 102.67(h))."],
        "remanded": [f"Having considered {request[0].lower() + request[1:]}, the Board remands the proceeding to the Regional "
                     "Director for a hearing on the objections, and for the Regional Director's further action on the record "
                     "so made (29 CFR 102.67(g), 102.69(c)(1)(ii))."],
        "affirmed": [f"{request} {'were' if len(requesting) > 1 else 'was'} granted. Having reviewed the entire record, the Board "
                     f"affirms {reviewed} (29 CFR 102.67(h))."],
        "set-aside": [f"{request} {'were' if len(requesting) > 1 else 'was'} granted. Having reviewed the entire record, the Board "
                      f"sets aside the {wording.ordinal(election.sequence)} election{period} and directs "
                      f"{wording.next_election(election.sequence)}, to be conducted by the Regional Director at a time and "
                      "place the Regional Director will set (29 CFR 102.67(h), 102.69(e))."],
        "open-and-count": [f"{request} {'were' if len(requesting) > 1 else 'was'} granted. Having reviewed the entire record, the "
                           "Board directs the Regional Director to open and count the challenged ballots and to serve on the "
                           "parties a revised tally of ballots, on which the appropriate certification will issue "
                           "(29 CFR 102.67(h), 102.69(e))."],
    }.get(result, [rec.text(decision.summary) or placeholder("the Board's order")])
    if decision.summary and result in _BOARD_TITLES:
        paragraphs.append(rec.text(decision.summary))
    ctx = BoardOrderContext(
        caption=rec.caption(forum="Washington, DC").model_copy(update={"title": _BOARD_TITLES.get(result, "Order")}),
        issuance=Issuance(issued_on=decision.issued_on, issuer_title="National Labor Relations Board", place="Washington, DC"),
        ruling={"review-denied": "denied", "remanded": "remanded"}.get(result, "granted"),
        decision=result if result in ("affirmed", "set-aside", "open-and-count") else None,
        requested_by=requesting, reviewed=reviewed, reviewed_on=reviewed_on, paragraphs=tuple(paragraphs),
        members=_board_members(rec, decision.issuer), service=rec.service(on=decision.issued_on),
        record_notes=_notes(decision.summary, decision.note) + _plain_notes(decision.note),
    )
    return Built(ctx, decision.issued_on, "Board", election.id)


def wording_period(held: ElectionDates) -> str:
    """When an election was held, in running text ("on April 6, 2021", "from March 25 to March 30, 2022")."""
    from casefile.documents.render import election_period

    return election_period(held)


def _ended_elections(rec: _Record, ids: list[int]) -> tuple[str, ...]:
    out = []
    for ident in ids:
        election: Election = _get(rec.session, Election, ident)
        held = election_dates(election)
        when = f", held {wording_period(held)}" if not isinstance(held.began_on, str) else ""
        out.append(f"the {wording.ordinal(election.sequence)} election{when}")
    return tuple(out)


def _order_approving_withdrawal(rec: _Record, subject: str) -> Built:
    order = _agency_order(rec, subject, "withdrawal")
    body = order.body
    petitioner = rec.by_id[body["party_id"]]
    consent = rec.text(body.get("consented_by") or "")
    board = "board" in consent.lower()
    ctx = OrderApprovingWithdrawalContext(
        caption=rec.caption(), issuance=Issuance(issued_on=order.issued_on,
                                                 issuer_title="Executive Secretary" if board else "Regional Director"),
        petitioner=rec.party_ref(petitioner), consented_by=consent or rec.missing("who consented to the withdrawal"),
        ended=_ended_elections(rec, list(body.get("elections", []))) or ("the proceeding on the petition",),
        signature=_executive_secretary(rec, order.issuer) if board else rec.rd_signature(order.issuer, on=order.issued_on),
        service=rec.service(on=order.issued_on),
        record_notes=_notes(body.get("note", "")) + _plain_notes(body.get("note", "")),
    )
    return Built(ctx, order.issued_on, "Board" if board else "Regional Director", order.election_id)


def _order_dismissing_petition(rec: _Record, subject: str) -> Built:
    from casefile.record.models import Election as ElectionRow

    order = _agency_order(rec, subject, "dismissal")
    body = order.body
    petitioner = next(p for p in rec.parties if p.role in (PartyRole.PETITIONER, PartyRole.INDIVIDUAL_PETITIONER))
    first = rec.session.get(ElectionRow, body["elections"][0]) if body.get("elections") else None
    rfr = deadline_of(rec.session, first, DeadlineKind.REQUEST_FOR_REVIEW) if first is not None else None
    opposition = deadline_of(rec.session, first, DeadlineKind.RFR_OPPOSITION) if first is not None else None
    grounds = tuple(p.strip() for p in rec.text(body.get("grounds", "")).split("\n\n") if p.strip())
    ctx = OrderDismissingPetitionContext(
        caption=rec.caption(), issuance=Issuance(issued_on=order.issued_on, issuer_title="Regional Director"),
        petitioner=rec.party_ref(petitioner), grounds=grounds or (placeholder("grounds of the dismissal"),),
        request_for_review=rec.deadline_line(rfr) if rfr is not None and rfr.trigger_on == order.issued_on else None,
        opposition=rec.deadline_line(opposition) if opposition is not None and opposition.trigger_on == order.issued_on else None,
        signature=rec.rd_signature(order.issuer, on=order.issued_on), service=rec.service(on=order.issued_on),
        record_notes=_notes(body.get("note", "")) + _plain_notes(body.get("note", "")),
    )
    return Built(ctx, order.issued_on, "Regional Director", order.election_id)


BUILDERS: dict[DocumentKind, Callable[[_Record, str], Built]] = {
    DocumentKind.TALLY_OF_BALLOTS: _tally, DocumentKind.OBJECTIONS: _objections, DocumentKind.OFFER_OF_PROOF: _offer_of_proof,
    DocumentKind.NOTICE_OF_HEARING: _notice_of_hearing, DocumentKind.HEARING_OFFICER_REPORT: _ho_report,
    DocumentKind.EXCEPTIONS: _exceptions, DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION: _direction_of_second_election,
    DocumentKind.ALJ_DECISION: _alj_decision, DocumentKind.CERTIFICATION_OF_RESULTS: _certification,
    DocumentKind.CERTIFICATION_OF_REPRESENTATIVE: _certification, DocumentKind.CASE_STATUS_REPORT: _status_report,
    DocumentKind.REVISED_TALLY_OF_BALLOTS: _revised_tally, DocumentKind.NOTICE_OF_RUNOFF_ELECTION: _notice_of_runoff,
    DocumentKind.DECISION_ON_OBJECTIONS: _decision_on_objections, DocumentKind.ORDER_EXTENDING_TIME: _order_extending_time,
    DocumentKind.ORDER_TRANSFERRING_CASE: _order_transferring_case, DocumentKind.BOARD_ORDER: _board_order,
    DocumentKind.ORDER_APPROVING_WITHDRAWAL: _order_approving_withdrawal,
    DocumentKind.ORDER_DISMISSING_PETITION: _order_dismissing_petition,
}

BUILDERS.update(_PARTY_PAPERS)  # the party filings around the decisions (above)

#: In a status report's subject, what follows the instant: whom it is prepared for, percent-encoded
#: ("as-of:2026-12-01T07:05:00-06:00;for:Jane%20Okafor%2C%20USW"); casefile.app.status_report writes it.
REPORT_FOR = ";for:"


def status_report_subject(as_of: datetime, prepared_for: str = "") -> str:
    """The subject a status report is issued for: the instant, and whom it is prepared for."""
    return f"as-of:{as_of.isoformat()}" + (f"{REPORT_FOR}{quote(prepared_for.strip(), safe='')}" if prepared_for.strip() else "")


def build_context(session: Session, *, case_number: str, kind: DocumentKind, subject: str) -> Built:
    """The context of the ``kind`` document for ``subject``, from the record. Raises UnknownCase, UnknownRecord."""
    case = get_case(session, case_number)
    return BUILDERS[kind](_Record(session, case), subject)

