"""Cross-exceptions to the Hearing Officer's Report by a party that did not except (29 CFR 102.69(c)(1)(iii), 102.46(c))."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from casefile.documents import wording
from casefile.documents.base import Built
from casefile.documents.kinds.party_paper import (
    FiledBy,
    NumberedParagraph,
    PartyPaper,
    PartyPaperContext,
    answered,
    long,
    paper_common,
    report_issued_on,
)
from casefile.documents.parts import DateOrPlaceholder
from casefile.documents.record_view import CaseRecord
from casefile.record.models import Filing
from casefile.vocab import Actor, DocumentKind, FilingKind


class CrossExceptionsContext(PartyPaperContext):
    """Cross-exceptions to the Hearing Officer's Report by a party that did not except, within the
    answering-brief period (29 CFR 102.69(c)(1)(iii); as to cross-exceptions, 102.46(c)), with
    statement of service; each paragraph the finding excepted to and its grounds."""

    report_issued_on: DateOrPlaceholder
    answered: tuple[FiledBy, ...] = Field(min_length=1)

    heading: ClassVar[str] = "Cross-Exceptions"
    item_label: ClassVar[str] = "Cross-Exception"
    service_heading: ClassVar[str] = "Statement of Service"

    period_rule: ClassVar[str] = "29 CFR 102.69(c)(1)(iii)"

    @property
    def paper_title(self) -> str:
        return f"{self.filing_party.label}'s Cross-Exceptions to the Hearing Officer's Report"

    @property
    def opening(self) -> str:
        answered = wording.join_and([f"the {a.party.label}, {a.party.name}, filed on {long(a.filed_on)}" for a in self.answered])
        return (f"Pursuant to Section 102.69(c)(1)(iii) of the Board's Rules and Regulations and, as to cross-exceptions, "
                f"Section 102.46(c), {self.party}, files the following cross-exceptions to the Hearing Officer's Report and "
                f"Recommendations issued on {long(self.report_issued_on)}, in answer to the exceptions of {answered}"
                f"{self.within_time}. Each cross-exception identifies the finding or recommendation excepted to and states "
                "its grounds.")

    @property
    def relief(self) -> str:
        return (f"WHEREFORE, the {self.filing_party.label} requests that the Regional Director decline to adopt the findings "
                "and recommendations cross-excepted to.")


class CrossExceptions(PartyPaper):
    """A party's cross-exceptions, from their Filing row."""

    kind = DocumentKind.CROSS_EXCEPTIONS
    context = CrossExceptionsContext

    @classmethod
    def build(cls, rec: CaseRecord, filing: Filing) -> Built:
        election, party = rec.election(filing.election_id), rec.filer(filing)
        items = tuple(NumberedParagraph(number=i, text=rec.text(e["excepted_to"]), grounds=rec.text(e["grounds"]))
                      for i, e in enumerate(filing.body, start=1))
        ctx = CrossExceptionsContext(**paper_common(rec, filing, party), paragraphs=items,
                                     report_issued_on=report_issued_on(rec, election), answered=answered(rec, filing, FilingKind.EXCEPTIONS))
        return Built(ctx, filing.received_on, party.name, Actor.PARTY, election.id, party_key=party.key)
