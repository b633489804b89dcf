"""A party's Waiver of Exceptions to the Hearing Officer's Report (or, in a case consolidated with an unfair labor
practice case, to the Administrative Law Judge's Decision), with the statement of service, from its Filing row.

29 CFR 102.69(c)(1)(iii) gives the right waived; the written waiver is the Regions' practice, not a rule text
(docs/rules.md X-K8), so the paper cites the section that gives the right and says what the waiver leaves: the
party's right to answer another party's exceptions."""

from __future__ import annotations

from typing import ClassVar

from casefile.documents.base import Built
from casefile.documents.kinds.party_paper import NumberedParagraph, PartyPaper, PartyPaperContext, long, paper_common
from casefile.documents.parts import DateOrPlaceholder
from casefile.documents.record_view import CaseRecord
from casefile.record.models import Decision, Filing
from casefile.vocab import Actor, DecisionKind, DocumentKind


class WaiverOfExceptionsContext(PartyPaperContext):
    """A party's waiver of its right to file exceptions to the report (``to_alj``: to the judge's decision) issued on
    ``report_issued_on``, with the statement of service (29 CFR 102.69(c)(1)(iii); the waiver, X-K8)."""

    report_issued_on: DateOrPlaceholder
    to_alj: bool = False

    heading: ClassVar[str] = "Waiver"
    item_label: ClassVar[str] = ""
    service_heading: ClassVar[str] = "Statement of Service"

    @property
    def excepted_title(self) -> str:
        """What the exceptions would have been to."""
        return "the Administrative Law Judge's Decision" if self.to_alj else "the Hearing Officer's Report and Recommendations"

    @property
    def rule_section(self) -> str:
        return "Section 102.46(a)" if self.to_alj else "Section 102.69(c)(1)(iii)"

    @property
    def paper_title(self) -> str:
        excepted = "the Administrative Law Judge's Decision" if self.to_alj else "the Hearing Officer's Report"
        return f"{self.filing_party.label}'s Waiver of Exceptions to {excepted}"

    @property
    def opening(self) -> str:
        return (f"The {self.filing_party.label}, {self.filing_party.name}, files this waiver of its right under "
                f"{self.rule_section} of the Board's Rules and Regulations to file exceptions to {self.excepted_title} "
                f"issued on {long(self.report_issued_on)}.")

    @property
    def relief(self) -> str:
        decides = "the Board" if self.to_alj else "the Regional Director"
        return (f"The {self.filing_party.label} waives its own right only; it does not waive any right to answer "
                f"exceptions another party files, and it does not speak for any other party before {decides}.")


class WaiverOfExceptions(PartyPaper):
    """A party's waiver of exceptions, from its Filing row (kind exceptions-waiver)."""

    kind = DocumentKind.WAIVER_OF_EXCEPTIONS
    context = WaiverOfExceptionsContext

    @classmethod
    def build(cls, rec: CaseRecord, filing: Filing) -> Built:
        from sqlmodel import col, select

        election, party = rec.election(filing.election_id), rec.filer(filing)
        to_alj = any(isinstance(b, dict) and b.get("to") == "alj-decision" for b in filing.body)
        decided = rec.session.exec(select(Decision).where(
            Decision.election_id == election.id,
            Decision.kind == (DecisionKind.ALJ_DECISION if to_alj else DecisionKind.HO_REPORT))
            .order_by(col(Decision.id).desc())).first()
        issued = decided.issued_on if decided is not None else rec.missing(
            "date of the Administrative Law Judge's Decision" if to_alj else "date of the Hearing Officer's Report")
        label = rec.party_ref(party).label
        title = "the Administrative Law Judge's Decision" if to_alj else "the Hearing Officer's Report"
        paragraph = NumberedParagraph(number=1, text=f"The {label} waives its right to file exceptions to {title}.")
        ctx = WaiverOfExceptionsContext(**paper_common(rec, filing, party), paragraphs=(paragraph,),
                                        report_issued_on=issued, to_alj=to_alj)
        return Built(ctx, filing.received_on, party.name, Actor.PARTY, election.id, party_key=party.key)
