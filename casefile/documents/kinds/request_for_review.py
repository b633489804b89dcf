"""D15 Request for Review of the Regional Director's action (party → the Board; 29 CFR 102.67, 102.69(c)(2),
102.71(b); R-N4, R-N5), with the Regional Director's copy and the certificate of service."""

from __future__ import annotations

from typing import ClassVar

from sqlmodel import select

from casefile.documents.base import Built
from casefile.documents.kinds.party_paper import (
    PartyPaper,
    PartyPaperContext,
    ReviewedAction,
    long,
    numbered,
    paper_common,
    reviewed_action,
)
from casefile.documents.parts import DateOrPlaceholder
from casefile.documents.record_view import CaseRecord
from casefile.documents.wording import next_election
from casefile.record.models import Filing
from casefile.vocab import Actor, DocumentKind, FilingKind


class RequestForReviewContext(PartyPaperContext):
    """D15 Request for Review (party → the Board): the Regional Director's action reviewed
    (``reviewed_title`` as issued, ``reviewed_on``), the grounds (29 CFR 102.67(d)), the Regional
    Director's copy (102.67(i)(2)), certificate of service (R-N4, R-N5)."""

    reviewed: ReviewedAction
    reviewed_title: str  # "Decision on Objections", "Certification of Results of Election", ...
    reviewed_on: DateOrPlaceholder
    objected: bool = False  # the filing party filed the objections the Decision on Objections overruled
    election_sequence: int = 1  # the election the objections concern: setting it aside directs the next one

    period_rule: ClassVar[str] = "29 CFR 102.67(c)"

    @property
    def paper_title(self) -> str:
        return f"{self.filing_party.label}'s Request for Review of the Regional Director's {self.reviewed_title}"

    @property
    def opening(self) -> str:
        rules = {"decision": "Sections 102.67 and 102.69(c)(2)", "certification": "Sections 102.67 and 102.69(c)(2)",
                 "set-aside": "Sections 102.67 and 102.69(c)(2)", "dismissal": "Sections 102.67 and 102.71(b)",
                 "open-and-count": "Sections 102.67 and 102.69", "count-excluded": "Sections 102.67 and 102.69"}[self.reviewed]
        return (f"Pursuant to {rules} of the Board's Rules and Regulations, {self.party}, requests that the Board review "
                f"the Regional Director's {self.reviewed_title} issued on {long(self.reviewed_on)}{self.within_time}. "
                "The compelling reasons on which the request rests are stated below (29 CFR 102.67(d)).")

    @property
    def relief(self) -> str:
        """What the party asks the Board to do, from its side: the objecting party that the election be
        set aside and the next election of the chain directed (a second, a third); against a set-aside, that the objections be overruled
        and the results certified; against a dismissal, that the petition be reinstated."""
        ask = f"WHEREFORE, the {self.filing_party.label} requests that the Board grant review of the Regional Director's {self.reviewed_title}"
        if self.reviewed == "decision" and self.objected:
            return (f"{ask}, reverse it, sustain the {self.filing_party.label}'s objections, set the election aside, "
                    f"and direct {next_election(self.election_sequence)}.")
        if self.reviewed == "set-aside":
            return f"{ask}, reverse it, overrule the objections, and direct that the results of the election be certified."
        if self.reviewed == "dismissal":
            return f"{ask}, reverse it, and reinstate the petition."
        return f"{ask} and reverse it."


class RequestForReview(PartyPaper):
    """A party's request for review, from its Filing row."""

    kind = DocumentKind.REQUEST_FOR_REVIEW
    context = RequestForReviewContext

    @classmethod
    def build(cls, rec: CaseRecord, filing: Filing) -> Built:
        election, party = rec.election(filing.election_id), rec.filer(filing)
        reviewed, title, on = reviewed_action(rec, filing)
        objected = reviewed == "decision" and rec.session.exec(select(Filing.id).where(
            Filing.election_id == election.id, Filing.kind == FilingKind.OBJECTIONS, Filing.party_id == party.id)).first() is not None
        ctx = RequestForReviewContext(**paper_common(rec, filing, party), reviewed=reviewed, reviewed_title=title,
                                      reviewed_on=on, objected=objected, election_sequence=election.sequence, paragraphs=numbered(rec, [g["ground"] for g in filing.body]))
        return Built(ctx, filing.received_on, party.name, Actor.PARTY, election.id, party_key=party.key)
