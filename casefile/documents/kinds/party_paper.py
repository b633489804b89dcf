"""What a party's filings around the decisions share — request for review, statement in opposition,
answering brief, cross-exceptions, motion for reconsideration, request for an extension of time: one
shape (the opening paragraph, numbered paragraphs, the relief asked, counsel's signature and the
certificate or statement of service from the service ledger) and the record they read. The sentences
are properties of each context (made from its facts), so the PDF and the editable copy say the same
words. Each filing has its own module beside this one."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, ClassVar, Literal, Self

from pydantic import Field, model_validator
from sqlmodel import col, select

from casefile.documents import wording
from casefile.documents.base import RecordDocument
from casefile.documents.parts import (
    DateOrPlaceholder,
    DeadlineLine,
    DocumentContext,
    Facts,
    FiledWith,
    Issuance,
    PartyRef,
    ServiceEntry,
    Signature,
)
from casefile.documents.record_view import CaseRecord, notes
from casefile.errors import ProcedureError
from casefile.record.models import Certification, Deadline, Decision, DocketEntry, Election, Filing, Party, ServiceRecord
from casefile.rules.chronology import long_date
from casefile.vocab import CertificationKind, DecisionKind, DecisionResult, DocketActName, TriggerKind


def long(value: date | str) -> str:
    """A date in words ("January 27, 2027"); a placeholder as it is."""
    return value if isinstance(value, str) else long_date(value)


#: What a request for review asks the Board to review (29 CFR 102.67(c), 102.69(c)(2), (h), 102.71(b)).
ReviewedAction = Literal["decision", "certification", "dismissal", "set-aside", "open-and-count", "count-excluded"]


class NumberedParagraph(Facts):
    """One numbered paragraph of a party's filing: its text; for a cross-exception, ``text`` is the
    finding or recommendation excepted to and ``grounds`` its grounds."""

    number: Annotated[int, Field(ge=1)]
    text: str
    grounds: str | None = None


class FiledBy(Facts):
    """Another party's filing a filing answers: whose, and the date it was filed."""

    party: PartyRef
    filed_on: DateOrPlaceholder


class PartyPaperContext(DocumentContext):
    """What the party filings of this section share (not a document kind by itself): the filing party,
    its numbered paragraphs, the signature block of its counsel, the certificate or statement of
    service written from the ledger (``service``, with how it was ``filed``), and ``copies``: others
    than the parties served with it (the Regional Director's copy of a request for review, 29 CFR
    102.67(i)(2))."""

    filing_party: PartyRef
    paragraphs: tuple[NumberedParagraph, ...] = Field(min_length=1)
    due: DeadlineLine | None = None
    signature: Signature
    service: tuple[ServiceEntry, ...] = Field(min_length=1)
    filed: FiledWith | None = None
    copies: tuple[str, ...] = ()
    due_by_order: bool = False  # the period's date was fixed or extended by an order (29 CFR 102.2(c))

    heading: ClassVar[str] = "Grounds"
    item_label: ClassVar[str] = "Ground"  # "" : the paragraphs are numbered "1.", "2."
    service_heading: ClassVar[str] = "Certificate of Service"
    period_rule: ClassVar[str] = ""  # the rule that sets the period, as the opening cites it

    def number_label(self, item: NumberedParagraph) -> str:
        """"Ground 1.", or "1." for a kind whose paragraphs carry no label."""
        return f"{self.item_label} {item.number}." if self.item_label else f"{item.number}."

    @property
    def within_time(self) -> str:
        """", within the time allowed (due January 27, 2027, 29 CFR 102.69(c)(1)(iii))", or "" with no stored period."""
        if self.due is None or self.due.due_on is None:  # no period, or one running from an act not recorded
            return ""
        rule = "as extended by order, 29 CFR 102.2(c)" if self.due_by_order else self.period_rule or self.due.citation
        return f", within the time allowed (due {long(self.due.due_on)}, {rule})"

    @property
    def party(self) -> str:
        """"the Petitioner, United Steelworkers"."""
        return f"the {self.filing_party.label}, {self.filing_party.name}"

    @model_validator(mode="after")
    def _not_served_on_itself(self) -> Self:
        if any(entry.party.name == self.filing_party.name for entry in self.service):
            raise ProcedureError(f"the certificate of service lists the filing party {self.filing_party.name!r} itself")
        return self




class PartyPaper(RecordDocument):
    """A party's filing of this shape, from its Filing row; titled from its facts (``paper_title``)."""

    record = Filing
    record_name = "filing"
    party_filing = True

    @classmethod
    def title_from(cls, context: Any) -> str:
        return context.paper_title  # type: ignore[no-any-return]


def paper_common(rec: CaseRecord, filing: Filing, party: Party) -> dict[str, Any]:
    """What every such filing carries: caption, filing date, the filer, counsel's signature block, the
    period it was judged against, and its service from the ledger (with the copies to others than the
    parties, e.g. the Regional Director's copy of a request for review)."""
    deadline = rec.session.get(Deadline, filing.deadline_id) if filing.deadline_id is not None else None
    copies = rec.session.exec(select(ServiceRecord.served).where(
        ServiceRecord.filing_id == filing.id, col(ServiceRecord.party_id).is_(None), ServiceRecord.position > 0)
        .order_by(col(ServiceRecord.position))).all()
    return dict(
        caption=rec.caption(),
        issuance=Issuance(issued_on=rec.dated(filing), issuer_title=f"Counsel for the {rec.party_ref(party).label}"),
        filing_party=rec.party_ref(party), signature=rec.party_signature(party), service=rec.filing_service(filing),
        # "within the time allowed" only for a filing whose date is in the record (received_on_public)
        filed=rec.filed_with(filing), due=rec.deadline_line(deadline) if filing.received_on_public else None,
        due_by_order=bool(deadline and deadline.pinned_by),
        record_notes=rec.not_in_record(filing) + notes(filing.uncertain),  # a record copy's research notes: its annex, never the body
        copies=tuple(f"the Regional Director, Region {rec.region}" if c == "Regional Director" else
                     (c if c.startswith("the ") else f"the {c}") for c in copies))


def numbered(rec: CaseRecord, texts: list[str]) -> tuple[NumberedParagraph, ...]:
    return tuple(NumberedParagraph(number=i, text=rec.text(t)) for i, t in enumerate(texts, start=1))


def set_aside_title(election: Election) -> str:
    """"Decision on Objections and Direction of Second Election" (third, ... along the chain)."""
    return "Decision on Objections and " + wording.direction_title(election.sequence + 1).removeprefix("Decision and ")


def reviewed_action(rec: CaseRecord, request: Filing) -> tuple[ReviewedAction, str, date | str]:
    """What the request for review ``request`` asks the Board to review, from the record: the Regional
    Director's Decision on Objections issued by then (from its date until 10 business days after the
    certification, 102.67(c), 102.69(c)(2)), the decision setting the election aside (no period stored
    for it, R-N3), the certification, or the dismissal."""
    election = rec.election(request.election_id)
    overruled = rec.session.exec(select(Decision).where(
        Decision.election_id == election.id, Decision.kind == DecisionKind.RD_DECISION, Decision.result != DecisionResult.SET_ASIDE,
        col(Decision.issued_on) <= request.received_on).order_by(col(Decision.id).desc())).first()
    if overruled is not None:
        return "decision", "Decision on Objections", overruled.issued_on
    if request.deadline_id is None:
        decision = rec.session.exec(select(Decision).where(
            Decision.election_id == election.id, Decision.kind != DecisionKind.HO_REPORT, Decision.result == DecisionResult.SET_ASIDE,
            col(Decision.issued_on) <= request.received_on).order_by(col(Decision.id).desc())).first()
        return ("set-aside", set_aside_title(election),
                decision.issued_on if decision is not None else rec.missing("date of the Regional Director's decision"))
    period = rec.session.get(Deadline, request.deadline_id)
    if period is not None and period.trigger_kind is TriggerKind.OPEN_AND_COUNT_ORDER:  # 2014 rule: a final disposition
        return "open-and-count", "Order to Open and Count Challenged Ballots", period.trigger_on
    if period is not None and period.trigger_kind is TriggerKind.COUNT_EXCLUDED_ORDER:
        return "count-excluded", "Order to Count Ballots Excluded at the Count", period.trigger_on
    cert = rec.session.exec(select(Certification).where(Certification.election_id == election.id)
                            .order_by(col(Certification.id).desc())).first()
    if cert is not None:
        title = "Certification of Representative" if cert.kind == CertificationKind.REPRESENTATIVE else "Certification of Results of Election"
        return "certification", title, cert.issued_on
    dismissed = rec.session.exec(select(DocketEntry).where(DocketEntry.case_id == rec.case.id,
                                                           DocketEntry.act == DocketActName.DISMISS_PETITION)
                                 .order_by(col(DocketEntry.id).desc())).first()
    return ("dismissal", "Order Dismissing Petition",
            dismissed.occurred_on if dismissed is not None else rec.missing("date of the order dismissing the petition"))


def answered(rec: CaseRecord, filing: Filing, kind: str) -> tuple[FiledBy, ...]:
    """The other parties' filings of ``kind`` in the filing's election received by the filing's date."""
    rows = rec.session.exec(select(Filing).where(
        Filing.election_id == filing.election_id, Filing.kind == kind, Filing.party_id != filing.party_id,
        col(Filing.received_on) <= filing.received_on).order_by(col(Filing.received_on), col(Filing.id))).all()
    return tuple(FiledBy(party=rec.party_ref(rec.by_id[f.party_id]), filed_on=f.received_on) for f in rows)


def report_issued_on(rec: CaseRecord, election: Election) -> date | str:
    report = rec.session.exec(select(Decision).where(Decision.election_id == election.id, Decision.kind == DecisionKind.HO_REPORT)
                              .order_by(col(Decision.id).desc())).first()
    return report.issued_on if report is not None else rec.missing("date of the Hearing Officer's Report")
