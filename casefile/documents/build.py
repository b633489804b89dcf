"""Building each document's context (``casefile.documents.data``) from the case record.

Facts come only from the record; a fact the record lacks becomes a labelled placeholder, never a
guess. One builder per document kind, keyed by the subject the document is issued for
("tally:ID", "filing:ID", "hearing:ID", "decision:ID", "certification:ID", "as-of:ISO").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, select

from casefile.documents.data import (
    ALJDecisionContext,
    Caption,
    CaseStatusReportContext,
    CertificationOfRepresentativeContext,
    CertificationOfResultsContext,
    DeadlineLine,
    DecisionAndDirectionOfSecondElectionContext,
    DocketLine,
    DocumentContext,
    DocumentLine,
    ElectionDates,
    ElectionSummary,
    ExceptionItem,
    ExceptionsContext,
    HearingOfficerReportContext,
    HistoryLine,
    Issuance,
    NoticeOfHearingContext,
    NoticeOfRunoffElectionContext,
    ObjectionItem,
    ObjectionsContext,
    OfferOfProofContext,
    PartyRef,
    RevisedTallyContext,
    ServiceEntry,
    Signature,
    TallyAnalysis,
    TallyLines,
    TallyOfBallotsContext,
    VoteLine,
    WitnessItem,
    placeholder,
)
from casefile.errors import UnknownRecord
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
    Tally,
)
from casefile.rules.challenge_analysis import analyze_challenges
from casefile.rules.offices import office_named
from casefile.rules.rule_sets import rule_set_by_id
from casefile.rules.tally import analyze_tally
from casefile.record.deadlines import office_of
from casefile.record.lookups import deadline_of, elections_of, get_case, latest_tally, parties_of
from casefile.services.tallies import counts_of
from casefile.vocab import DeadlineKind, DeadlineStatus, Disposition, DocumentKind, PartyRole


@dataclass(frozen=True)
class Built:
    """A context ready to render, with what the Document record needs."""

    context: DocumentContext
    issued_on: date
    issuer: str
    election_id: int | None
    confidential: bool = False
    party_key: str | None = None


_DEADLINE_WORDS = {
    DeadlineKind.OBJECTIONS: "Objections and offer of proof", DeadlineKind.OFFER_OF_PROOF: "Offer of proof",
    DeadlineKind.HEARING_OPENS: "Hearing to open (or as soon as practicable)",
    DeadlineKind.EXCEPTIONS: "Exceptions to the Hearing Officer's Report",
    DeadlineKind.ANSWERING_BRIEF: "Answering briefs to exceptions",
    DeadlineKind.REVISED_TALLY_OBJECTIONS: "Objections to the revised tally",
    DeadlineKind.REQUEST_FOR_REVIEW: "Request for review", DeadlineKind.RFR_OPPOSITION: "Opposition to a request for review",
    DeadlineKind.RECONSIDERATION: "Motion for reconsideration", DeadlineKind.EARLIEST_CERTIFICATION: "Earliest certification",
    DeadlineKind.NOTICE_POSTING: "Notice of election posted by", DeadlineKind.ALJ_EXCEPTIONS: "Exceptions to the ALJ's decision (to the Board)",
}


class _Record:
    """The case record loaded once for one document."""

    def __init__(self, session: Session, case: Case) -> None:
        self.session = session
        self.case = case
        self.parties = parties_of(session, case)
        self.by_id = {p.id: p for p in self.parties}
        self.office = office_of(case)

    def party_ref(self, party: Party) -> PartyRef:
        return PartyRef(name=party.name, role=party.role, representative=party.representative or None,
                        email=party.email or None, address=party.address or None)

    def caption(self, *, forum: str | None = None, other: tuple[str, ...] = ()) -> Caption:
        employer = next(p for p in self.parties if p.role is PartyRole.EMPLOYER)
        petitioner = next(p for p in self.parties if p.role in (PartyRole.PETITIONER, PartyRole.INDIVIDUAL_PETITIONER))
        intervenors = tuple(p.name for p in self.parties if p.role is PartyRole.INTERVENOR)
        return Caption(case_number=self.case.number, other_case_numbers=other, employer=employer.name,
                       petitioner=petitioner.name, intervenors=intervenors, region=f"Region {int(self.case.region)}",
                       office=self.office.name, forum=forum)

    def service(self, *, excluding: int | None = None, on: date) -> tuple[ServiceEntry, ...]:
        return tuple(
            ServiceEntry(party=self.party_ref(p), manner="Electronic mail" if p.email else placeholder("manner of service"),
                         address=p.email or p.address or placeholder(f"service address of {p.name}"), served_on=on)
            for p in self.parties if p.id != excluding
        )

    def rd_signature(self, name: str = "") -> Signature:
        return Signature(name=name or placeholder("Regional Director's name"),
                         title=f"Regional Director, Region {int(self.case.region)}", organization="National Labor Relations Board")

    def party_signature(self, party: Party) -> Signature:
        return Signature(name=party.representative or placeholder(f"signature of counsel for {party.name}"),
                         title=f"Counsel for the {self.party_ref(party).label}", organization=party.name)

    def deadline_line(self, deadline: Deadline | None) -> DeadlineLine | None:
        if deadline is None:
            return None
        cutoff = deadline.cutoff_at.astimezone(ZoneInfo(office_named(deadline.office_key).tz))
        return DeadlineLine(what=_DEADLINE_WORDS[deadline.kind], due_on=deadline.due_on, cutoff_at=cutoff,
                            citation=deadline.citation, for_whom=deadline.for_whom, status=deadline.status)

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
                disposition, reason = None, placeholder(f"ruling on objection {o.number}")
            else:
                disposition = o.disposition if o.disposition is not Disposition.PENDING else None
            items.append(ObjectionItem(number=o.number, text=o.text, filed_by=self.by_id[o.party_id].name,
                                       disposition=disposition, reason=reason))
        return tuple(items)

    def objections_of(self, election: Election, *, filing_id: int | None = None, ids: list[int] | None = None) -> list[Objection]:
        query = select(Objection).where(Objection.election_id == election.id)
        if filing_id is not None:
            query = query.where(Objection.filing_id == filing_id)
        if ids is not None:
            query = query.where(col(Objection.id).in_(ids))
        return list(self.session.exec(query.order_by(col(Objection.party_id), col(Objection.number))))

    def history(self, election: Election, *, until: date) -> tuple[HistoryLine, ...]:
        entries = self.session.exec(select(DocketEntry).where(
            DocketEntry.case_id == self.case.id, col(DocketEntry.election_id).in_(self._chain(election)),
            col(DocketEntry.occurred_on) <= until, DocketEntry.act != "issue-document",
        ).order_by(col(DocketEntry.id))).all()
        lines = tuple(HistoryLine(occurred_on=e.occurred_on, event=e.summary) for e in entries)
        return lines or (HistoryLine(occurred_on=until, event="(no earlier acts recorded)"),)

    def _chain(self, election: Election) -> list[int]:
        ids = []
        current: Election | None = election
        while current is not None:
            ids.append(current.id)
            current = self.session.get(Election, current.follows_id) if current.follows_id else None
        return ids  # type: ignore[return-value]


def election_dates(election: Election) -> ElectionDates:
    return ElectionDates(began_on=election.held_from_on or placeholder("election date"), ended_on=election.held_to_on,
                         method=election.method)


def tally_lines(tally: Tally, election: Election) -> TallyLines:
    unions = len(tally.votes)
    ballot_type = {1: "Single Labor Organization", 2: "Two Labor Organizations", 3: "Three Labor Organizations"}.get(
        unions, f"{unions} Labor Organizations")
    return TallyLines(
        kind=tally.kind, prepared_on=tally.prepared_on, unit_id=election.unit_id, ballot_type=ballot_type,
        election=election_dates(election), eligible=tally.eligible or 0, void=tally.void,
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
        unit_description=rec.case.unit_description or placeholder("unit description"),
        board_agent=Signature(name=placeholder("Board agent's name"), title="Board Agent"),
        observers_for=tuple(p.name for p in rec.parties),
        objections_due=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.OBJECTIONS)),
    )
    return Built(ctx, tally.prepared_on, "Board Agent", election.id)


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
        objections=rec.objection_items(rec.objections_of(election, filing_id=filing.id)), filing_method=filing.method,
        paper_filing_reason=placeholder("statement why e-filing was not used") if filing.method.value == "paper" else None,
        signature=rec.party_signature(party), service=rec.service(excluding=party.id, on=filing.received_on),
    )
    return Built(ctx, filing.received_on, party.name, election.id, party_key=party.key)


def _offer_of_proof(rec: _Record, subject: str) -> Built:
    filing, election, party = _filing(rec, subject)
    offer = rec.session.exec(select(Filing).where(
        Filing.election_id == election.id, Filing.party_id == party.id, Filing.kind == "offer-of-proof",
        Filing.received_on == filing.received_on)).first()
    witnesses = tuple(WitnessItem(objection_number=w["objection"], witness=w["witness"], summary=w["summary"])
                      for w in (offer.body if offer else []))
    objections = rec.objection_items(rec.objections_of(election, filing_id=filing.id))
    if not witnesses:
        witnesses = (WitnessItem(objection_number=objections[0].number, witness=placeholder("witnesses named in the offer of proof"),
                                 summary=placeholder("summary of each witness's expected testimony")),)
    ctx = OfferOfProofContext(
        caption=rec.caption(), issuance=Issuance(issued_on=filing.received_on, issuer_title=f"Counsel for the {rec.party_ref(party).label}"),
        filing_party=rec.party_ref(party), objections_filed_on=filing.received_on,
        submitted_to=f"Regional Director, Region {int(rec.case.region)}", objections=objections, witnesses=witnesses,
        signature=rec.party_signature(party),
    )
    return Built(ctx, filing.received_on, party.name, election.id, confidential=True, party_key=party.key)


def _first_objections_on(rec: _Record, election: Election) -> date | None:
    first = rec.session.exec(select(Filing).where(Filing.election_id == election.id, Filing.kind == "objections")
                             .order_by(col(Filing.received_on))).first()
    return first.received_on if first else None


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
        place=hearing.place or placeholder("place of hearing"), hearing_officer=hearing.presiding or None,
        briefs_as_of_right=rec.case.rule_set_id == "2019-text", signature=rec.rd_signature(),
        service=rec.service(on=hearing.noticed_on),
    )
    return Built(ctx, hearing.noticed_on, "Regional Director", election.id)


def _hearing_held(rec: _Record, election: Election) -> str:
    hearing = rec.session.exec(select(Hearing).where(Hearing.election_id == election.id).order_by(col(Hearing.id).desc())).first()
    if hearing is None:
        return placeholder("dates and place of the hearing")
    opened = f"opened {hearing.opens_on.strftime('%B %-d, %Y')}" if hearing.opens_on else placeholder("date the hearing opened")
    closed = f", closed {hearing.closed_on.strftime('%B %-d, %Y')}" if hearing.closed_on else f", {placeholder('date the hearing closed')}"
    where = hearing.place or placeholder("place of hearing")
    return f"{opened}{closed}; {where}"


def _findings(decision: Decision) -> tuple[str, ...]:
    paragraphs = tuple(p for p in (decision.summary, decision.note) if p)
    return paragraphs or (placeholder("findings of fact"),)


def _ho_report(rec: _Record, subject: str) -> Built:
    decision: Decision = _get(rec.session, Decision, _subject_id(subject, "decision"))
    election: Election = _get(rec.session, Election, decision.election_id)
    tally = latest_tally(rec.session, election)
    assert tally is not None
    disposition = ("that the election be set aside and a second election directed" if decision.result == "set-aside"
                   else "that the objections be overruled and the appropriate certification issue")
    exceptions = rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.EXCEPTIONS))
    answering = rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.ANSWERING_BRIEF))
    assert exceptions is not None and answering is not None
    ctx = HearingOfficerReportContext(
        caption=rec.caption(), issuance=Issuance(issued_on=decision.issued_on, issuer_title="Hearing Officer"),
        tally=tally_lines(tally, election), procedural_history=rec.history(election, until=decision.issued_on),
        hearing_held=_hearing_held(rec, election), findings=_findings(decision),
        objections=rec.objection_items(rec.objections_of(election), decision.rulings),
        recommended_disposition=disposition, exceptions=exceptions, answering_brief=answering,
        signature=Signature(name=decision.issuer or placeholder("Hearing Officer's name"), title="Hearing Officer",
                            organization=f"National Labor Relations Board, Region {int(rec.case.region)}"),
        service=rec.service(on=decision.issued_on),
    )
    return Built(ctx, decision.issued_on, "Hearing Officer", election.id)


def _exceptions(rec: _Record, subject: str) -> Built:
    filing, election, party = _filing(rec, subject)
    report = rec.session.exec(select(Decision).where(Decision.election_id == election.id, Decision.kind == "ho-report")
                              .order_by(col(Decision.id).desc())).first()
    assert report is not None
    items = tuple(ExceptionItem(number=i, excepted_to=e["excepted_to"], grounds=e["grounds"])
                  for i, e in enumerate(filing.body, start=1))
    ctx = ExceptionsContext(
        caption=rec.caption(), issuance=Issuance(issued_on=filing.received_on, issuer_title=f"Counsel for the {rec.party_ref(party).label}"),
        filing_party=rec.party_ref(party), report_issued_on=report.issued_on, exceptions=items,
        due=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.EXCEPTIONS)),
        signature=rec.party_signature(party), service=rec.service(excluding=party.id, on=filing.received_on),
    )
    return Built(ctx, filing.received_on, party.name, election.id, party_key=party.key)


def _direction_of_second_election(rec: _Record, subject: str) -> Built:
    decision: Decision = _get(rec.session, Decision, _subject_id(subject, "decision"))
    election: Election = _get(rec.session, Election, decision.election_id)
    tally = latest_tally(rec.session, election)
    assert tally is not None
    at_fault = rec.by_id.get(decision.at_fault_party_id) if decision.at_fault_party_id else None
    ctx = DecisionAndDirectionOfSecondElectionContext(
        caption=rec.caption(), issuance=Issuance(issued_on=decision.issued_on, issuer_title="Regional Director"),
        tally=tally_lines(tally, election), procedural_history=rec.history(election, until=decision.issued_on),
        findings=_findings(decision), objections=rec.objection_items(rec.objections_of(election), decision.rulings)
        or (ObjectionItem(number=1, text=placeholder("objections ruled on")),),
        party_at_fault=rec.party_ref(at_fault) if at_fault else None, set_aside_election=election_dates(election),
        agreement=rec.case.agreement, choices=tuple(election.choices),
        unit_description=rec.case.unit_description or placeholder("unit description"),
        second_election_schedule=placeholder("date, time and place, or mail-ballot schedule, of the second election"),
        signature=rec.rd_signature(decision.issuer), service=rec.service(on=decision.issued_on),
    )
    return Built(ctx, decision.issued_on, "Regional Director", election.id)


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
        hearing_held=_hearing_held(rec, election), findings_summary=_findings(decision),
        objections=rec.objection_items(rec.objections_of(election, ids=set_ids), decision.rulings),
        remedy=(decision.summary or placeholder("remedy ordered"),), agreement=rec.case.agreement,
        exceptions=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.ALJ_EXCEPTIONS)),
        signature=Signature(name=decision.issuer or placeholder("Administrative Law Judge's name"),
                            title="Administrative Law Judge"),
    )
    return Built(ctx, decision.issued_on, "Administrative Law Judge", election.id)


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
        unit_description=rec.case.unit_description or placeholder("unit description"),
        request_for_review=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.REQUEST_FOR_REVIEW)),
        signature=rec.rd_signature(), service=rec.service(on=cert.issued_on),
    )
    if cert.kind == "representative":
        ctx: DocumentContext = CertificationOfRepresentativeContext(representative=cert.union or "", **common)
    else:
        ctx = CertificationOfResultsContext(labor_organizations=tuple(election.choices), **common)
    return Built(ctx, cert.issued_on, "Regional Director", election.id)


def _status_report(rec: _Record, subject: str) -> Built:
    as_of = datetime.fromisoformat(subject.partition(":")[2])
    session = rec.session
    summaries = []
    for election in elections_of(session, rec.case):
        tallies = session.exec(select(Tally).where(Tally.election_id == election.id).order_by(col(Tally.id))).all()
        analyses = tuple(TallyAnalysis(tally=tally_lines(t, election), determinative_reason=determinative_reason(t),
                                       reachable_outcomes=tuple(t.reachable) or (t.outcome_text,),
                                       challenge_analysis=challenge_sentences(t)) for t in tallies)
        label = f"{_ordinal_word(election.sequence)} election ({election.kind.value})"
        summaries.append(ElectionSummary(kind=election.kind, label=label, dates=election_dates(election),
                                         stage=election.stage, result=_election_result(session, election), tallies=analyses,
                                         follows=_follows_line(session, election)))
    docket = session.exec(select(DocketEntry).where(DocketEntry.case_id == rec.case.id, DocketEntry.act != "issue-document")
                          .order_by(col(DocketEntry.occurred_on), col(DocketEntry.id))).all()
    lines = tuple(DocketLine(occurred_on=e.occurred_on, actor=e.actor, act=e.act, note=e.summary,
                             party=None) for e in docket)
    deadlines = session.exec(select(Deadline).where(Deadline.case_id == rec.case.id, Deadline.status == DeadlineStatus.OPEN,
                                                    col(Deadline.cutoff_at) >= as_of).order_by(col(Deadline.cutoff_at))).all()
    documents = session.exec(select(Document).where(Document.case_id == rec.case.id).order_by(col(Document.id))).all()
    ctx = CaseStatusReportContext(
        caption=rec.caption(), issuance=Issuance(issued_on=as_of.date(), issuer_title="casefile"),
        prepared_for=placeholder("client"), as_of_at=as_of, agreement=rec.case.agreement or placeholder("election agreement"),
        petition_filed_on=rec.case.petition_filed_on or placeholder("petition filing date"),
        rule_set=rule_set_by_id(rec.case.rule_set_id).title,
        elections=tuple(summaries), docket=lines,
        deadlines=tuple(line for d in deadlines if (line := rec.deadline_line(d)) is not None),
        documents=tuple(DocumentLine(title=d.title, kind=d.kind, issued_on=d.issued_on, version=d.version, sha256=d.sha256)
                        for d in documents if not d.confidential),
    )
    return Built(ctx, as_of.date(), "casefile", None)


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
        unit_description=rec.case.unit_description or placeholder("unit description"),
        original=tally_lines(original, election), counted=counted, counted_against=counted_against,
        revised=tally_lines(revised, election), opened=revised.opened, sustained=sustained,
        still_unopened=revised.challenged, rulings_summary=summary,
        objections_due=rec.deadline_line(deadline_of(rec.session, election, DeadlineKind.REVISED_TALLY_OBJECTIONS)),
        signature=rec.rd_signature(), observers_for=tuple(p.name for p in rec.parties),
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
        unit_description=rec.case.unit_description or placeholder("unit description"),
        tally=tally_lines(tally, election), choices=outcome.runoff_choices,
        basis=None if objected else "no objections having been filed", runoff_schedule=schedule,
        signature=rec.rd_signature(), service=rec.service(on=issued_on),
    )
    return Built(ctx, issued_on, "Regional Director", election.id)


def _ordinal_word(n: int) -> str:
    return {1: "First", 2: "Second", 3: "Third", 4: "Fourth", 5: "Fifth"}.get(n, f"Number {n}")


def challenge_sentences(tally: Tally) -> tuple[str, ...]:
    """What each reachable outcome needs from the challenged ballots, when they are determinative (R-E3)."""
    if not tally.determinative:
        return ()
    return tuple(r.sentence for r in analyze_challenges(counts_of(tally)))


def _follows_line(session: Session, election: Election) -> str | None:
    """Where the election sits in the chain: which election it follows, and why."""
    if election.follows_id is None:
        return None
    before = session.get(Election, election.follows_id)
    assert before is not None
    why = election.reason or _election_result(session, before)
    return f"follows the {_ordinal_word(before.sequence).lower()} election ({before.kind.value}): {why}"


def _election_result(session: Session, election: Election) -> str:
    decisions = session.exec(select(Decision).where(Decision.election_id == election.id).order_by(col(Decision.id))).all()
    cert = session.exec(select(Certification).where(Certification.election_id == election.id)).first()
    if cert is not None:
        return f"Certification of {'Representative' if cert.kind == 'representative' else 'Results'} issued {cert.issued_on.isoformat()}"
    if decisions:
        last = decisions[-1]
        who = {"rd-decision": "Regional Director", "ho-report": "Hearing Officer (recommendation)",
               "alj-decision": "Administrative Law Judge (subject to exceptions to the Board)"}.get(last.kind, last.kind)
        return f"{last.result.replace('-', ' ').capitalize()}: {who}, {last.issued_on.isoformat()}"
    return f"Stage: {election.stage.value}"


def determinative_reason(tally: Tally) -> str:
    """Why the challenged ballots are or are not determinative, in the tally's own numbers (R-E3, R-E4)."""
    c = tally.challenged
    if tally.against is not None and len(tally.votes) == 1:
        y, n = tally.votes[0][1], tally.against
        if tally.determinative:
            return (f"{y:,} + {c:,} challenged = {y + c:,} against {n:,}: the union could reach a majority; and "
                    f"{n:,} + {c:,} = {n + c:,} against {y:,}: the union could fail to (R-E4)")
        if y + c <= n:
            return f"Even if all {c:,} challenged ballots were counted for the union, {y + c:,} would not exceed {n:,} (R-E4)"
        return f"{y:,} exceeds half of {tally.valid_plus_challenged:,} (valid plus challenged): the union wins however they are resolved (R-E4)"
    if tally.determinative:
        return f"Resolving the {c:,} challenged ballots could lead to: {'; '.join(tally.reachable)} (R-E3)"
    return f"Every resolution of the {c:,} challenged ballots gives the same outcome (R-E3)"


BUILDERS: dict[DocumentKind, Callable[[_Record, str], Built]] = {
    DocumentKind.TALLY_OF_BALLOTS: _tally, DocumentKind.OBJECTIONS: _objections, DocumentKind.OFFER_OF_PROOF: _offer_of_proof,
    DocumentKind.NOTICE_OF_HEARING: _notice_of_hearing, DocumentKind.HEARING_OFFICER_REPORT: _ho_report,
    DocumentKind.EXCEPTIONS: _exceptions, DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION: _direction_of_second_election,
    DocumentKind.ALJ_DECISION: _alj_decision, DocumentKind.CERTIFICATION_OF_RESULTS: _certification,
    DocumentKind.CERTIFICATION_OF_REPRESENTATIVE: _certification, DocumentKind.CASE_STATUS_REPORT: _status_report,
    DocumentKind.REVISED_TALLY_OF_BALLOTS: _revised_tally, DocumentKind.NOTICE_OF_RUNOFF_ELECTION: _notice_of_runoff,
}


def build_context(session: Session, *, case_number: str, kind: DocumentKind, subject: str) -> Built:
    """The context of the ``kind`` document for ``subject``, from the record. Raises UnknownCase, UnknownRecord."""
    case = get_case(session, case_number)
    return BUILDERS[kind](_Record(session, case), subject)

