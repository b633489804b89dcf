"""D8 Exceptions to the Hearing Officer's Report, with the statement of service (R-K1, R-K3; 29 CFR
102.69(c)(1)(iii)) — or to the Administrative Law Judge's decision in a consolidated case, filed with the
Board (102.46(a)) — from the exceptions' Filing row and the period it was judged against."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from pydantic import Field
from sqlmodel import col, select

from casefile.documents.base import Built, RecordDocument
from casefile.documents.parts import DeadlineLine, DocumentContext, Facts, FiledWith, Issuance, PartyRef, ServiceEntry, Signature
from casefile.documents.record_view import CaseRecord, notes
from casefile.record.lookups import deadline_of
from casefile.record.models import Deadline, Decision, Filing
from casefile.vocab import Actor, DeadlineKind, DecisionKind, DocumentKind


class ExceptionItem(Facts):
    """One exception: the finding or recommendation excepted to, and the grounds."""

    number: Annotated[int, Field(ge=1)]
    excepted_to: str
    grounds: str


class ExceptionsContext(DocumentContext):
    """D8 Exceptions to the Hearing Officer's Report, with statement of service (R-K1, R-K3) — or,
    ``to_alj``, to the Administrative Law Judge's decision in a consolidated case, filed with the Board
    (29 CFR 102.46(a)); ``report_issued_on`` is then the decision's date."""

    filing_party: PartyRef
    report_issued_on: date
    to_alj: bool = False

    @property
    def rule_section(self) -> str:
        """The section the exceptions are filed under: "Section 102.46(a)" or "Section 102.69(c)(1)(iii)"."""
        return "Section 102.46(a)" if self.to_alj else "Section 102.69(c)(1)(iii)"

    @property
    def excepted_title(self) -> str:
        """What is excepted to, as the opening paragraph names it."""
        return "the Administrative Law Judge's Decision" if self.to_alj else "the Hearing Officer's Report and Recommendations"

    @property
    def decides(self) -> str:
        """Who is asked not to adopt what is excepted to: the Board, or the Regional Director."""
        return "the Board" if self.to_alj else "the Regional Director"
    exceptions: tuple[ExceptionItem, ...] = Field(min_length=1)
    brief_filed: bool | None = None  # None: the record does not say whether a brief was filed (nothing is said of one)
    due: DeadlineLine | None = None
    signature: Signature
    service: tuple[ServiceEntry, ...] = Field(min_length=1)
    filed: FiledWith | None = None


class Exceptions(RecordDocument):
    """A party's exceptions (their Filing row)."""

    kind = DocumentKind.EXCEPTIONS
    context = ExceptionsContext
    record = Filing
    record_name = "filing"
    party_filing = True

    @classmethod
    def title_from(cls, context: ExceptionsContext) -> str:
        excepted = "the Administrative Law Judge's Decision" if context.to_alj else "the Hearing Officer's Report"
        return f"{context.filing_party.label}'s Exceptions to {excepted}"

    @classmethod
    def build(cls, rec: CaseRecord, filing: Filing) -> Built:
        election, party = rec.election(filing.election_id), rec.filer(filing)
        judged = rec.session.get(Deadline, filing.deadline_id) if filing.deadline_id is not None else None
        to_alj = judged is not None and judged.kind is DeadlineKind.ALJ_EXCEPTIONS
        report = rec.session.exec(select(Decision).where(Decision.election_id == election.id,
                                                         Decision.kind == (DecisionKind.ALJ_DECISION if to_alj else DecisionKind.HO_REPORT))
                                  .order_by(col(Decision.id).desc())).first()
        assert report is not None
        items = tuple(ExceptionItem(number=i, excepted_to=e["excepted_to"], grounds=e["grounds"])
                      for i, e in enumerate(filing.body, start=1))
        ctx = ExceptionsContext(
            caption=rec.caption(), issuance=Issuance(issued_on=rec.dated(filing), issuer_title=f"Counsel for the {rec.party_ref(party).label}"),
            filing_party=rec.party_ref(party), report_issued_on=report.issued_on, exceptions=items, to_alj=to_alj,
            # "within the time allowed" only for exceptions whose date is in the record (received_on_public)
            due=rec.deadline_line(judged or deadline_of(rec.session, election, DeadlineKind.EXCEPTIONS))
            if filing.received_on_public else None,
            signature=rec.party_signature(party), service=rec.filing_service(filing), filed=rec.filed_with(filing),
            record_notes=rec.not_in_record(filing) + notes(filing.uncertain),
        )
        return Built(ctx, filing.received_on, party.name, Actor.PARTY, election.id, party_key=party.key)
