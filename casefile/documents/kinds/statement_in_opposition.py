"""D15 Statement in Opposition to another party's request for review (party → the Board; 29 CFR 102.67(f), R-N6)."""

from __future__ import annotations

from typing import ClassVar

from sqlmodel import col, select

from casefile.documents.base import Built
from casefile.documents.kinds.party_paper import (
    FiledBy,
    PartyPaper,
    PartyPaperContext,
    long,
    numbered,
    paper_common,
    reviewed_action,
)
from casefile.documents.parts import DateOrPlaceholder
from casefile.documents.record_view import CaseRecord
from casefile.errors import UnknownRecord
from casefile.record.models import Filing
from casefile.vocab import Actor, DocumentKind, FilingKind


class StatementInOppositionContext(PartyPaperContext):
    """D15 Statement in Opposition to a request for review (party → the Board; 29 CFR 102.67(f), R-N6)."""

    request: FiledBy
    reviewed_title: str
    reviewed_on: DateOrPlaceholder

    heading: ClassVar[str] = "Statement in Opposition"
    item_label: ClassVar[str] = "Point"

    period_rule: ClassVar[str] = "29 CFR 102.67(f)"

    @property
    def paper_title(self) -> str:
        return f"{self.filing_party.label}'s Statement in Opposition to the {self.request.party.label}'s Request for Review"

    @property
    def opening(self) -> str:
        requester = self.request.party
        return (f"Pursuant to Section 102.67(f) of the Board's Rules and Regulations, {self.party}, files this statement "
                f"in opposition to the request for review filed on {long(self.request.filed_on)} by the {requester.label}, "
                f"{requester.name}, of the Regional Director's {self.reviewed_title} issued on {long(self.reviewed_on)}"
                f"{self.within_time}.")

    @property
    def relief(self) -> str:
        return (f"WHEREFORE, the {self.filing_party.label} requests that the Board deny the {self.request.party.label}'s "
                "request for review.")


class StatementInOpposition(PartyPaper):
    """A party's statement in opposition, from its Filing row."""

    kind = DocumentKind.STATEMENT_IN_OPPOSITION
    context = StatementInOppositionContext

    @classmethod
    def build(cls, rec: CaseRecord, filing: Filing) -> Built:
        election, party = rec.election(filing.election_id), rec.filer(filing)
        request = rec.session.exec(select(Filing).where(
            Filing.election_id == election.id, Filing.kind == FilingKind.REQUEST_FOR_REVIEW, Filing.party_id != party.id,
            col(Filing.received_on) <= filing.received_on).order_by(col(Filing.received_on).desc(), col(Filing.id).desc())).first()
        if request is None:
            raise UnknownRecord(f"the statement in opposition filing:{filing.id} opposes no request for review in the record")
        _, title, on = reviewed_action(rec, request)
        ctx = StatementInOppositionContext(
            **paper_common(rec, filing, party), paragraphs=numbered(rec, [p["point"] for p in filing.body]),
            request=FiledBy(party=rec.party_ref(rec.by_id[request.party_id]), filed_on=request.received_on),
            reviewed_title=title, reviewed_on=on)
        return Built(ctx, filing.received_on, party.name, Actor.PARTY, election.id, party_key=party.key)
