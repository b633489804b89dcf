"""D8 Answering brief to another party's exceptions to the Hearing Officer's Report (29 CFR 102.69(c)(1)(iii), R-K2)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from casefile.documents import wording
from casefile.documents.base import Built
from casefile.documents.kinds.party_paper import (
    FiledBy,
    PartyPaper,
    PartyPaperContext,
    answered,
    long,
    numbered,
    paper_common,
    report_issued_on,
)
from casefile.documents.parts import DateOrPlaceholder
from casefile.documents.record_view import CaseRecord
from casefile.record.models import Filing
from casefile.vocab import Actor, DocumentKind, FilingKind


class AnsweringBriefContext(PartyPaperContext):
    """D8 Answering brief to another party's exceptions to the Hearing Officer's Report (29 CFR
    102.69(c)(1)(iii), R-K2), with statement of service."""

    report_issued_on: DateOrPlaceholder
    answered: tuple[FiledBy, ...] = Field(min_length=1)  # the exceptions answered: whose, filed when

    heading: ClassVar[str] = "Argument"
    item_label: ClassVar[str] = "Point"
    service_heading: ClassVar[str] = "Statement of Service"

    period_rule: ClassVar[str] = "29 CFR 102.69(c)(1)(iii)"

    @property
    def paper_title(self) -> str:
        return f"{self.filing_party.label}'s Answering Brief to the Exceptions to the Hearing Officer's Report"

    @property
    def opening(self) -> str:
        answered = wording.join_and([f"the {a.party.label}, {a.party.name}, filed on {long(a.filed_on)}" for a in self.answered])
        return (f"Pursuant to Section 102.69(c)(1)(iii) of the Board's Rules and Regulations, {self.party}, files this "
                f"answering brief to the exceptions of {answered}, to the Hearing Officer's Report and Recommendations "
                f"issued on {long(self.report_issued_on)}{self.within_time}.")

    @property
    def relief(self) -> str:
        return (f"WHEREFORE, the {self.filing_party.label} requests that the Regional Director overrule the exceptions and "
                "adopt the Hearing Officer's findings and recommendations.")


class AnsweringBrief(PartyPaper):
    """A party's answering brief, from its Filing row."""

    kind = DocumentKind.ANSWERING_BRIEF
    context = AnsweringBriefContext

    @classmethod
    def build(cls, rec: CaseRecord, filing: Filing) -> Built:
        election, party = rec.election(filing.election_id), rec.filer(filing)
        ctx = AnsweringBriefContext(**paper_common(rec, filing, party), paragraphs=numbered(rec, [p["point"] for p in filing.body]),
                                    report_issued_on=report_issued_on(rec, election), answered=answered(rec, filing, FilingKind.EXCEPTIONS))
        return Built(ctx, filing.received_on, party.name, Actor.PARTY, election.id, party_key=party.key)
