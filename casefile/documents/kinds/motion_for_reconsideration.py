"""Motion for reconsideration of the Regional Director's decision (29 CFR 102.65(e), R-K6)."""

from __future__ import annotations

from typing import ClassVar

from sqlmodel import col, select

from casefile.documents.base import Built
from casefile.documents.kinds.party_paper import (
    PartyPaper,
    PartyPaperContext,
    long,
    numbered,
    paper_common,
    set_aside_title,
)
from casefile.documents.parts import DateOrPlaceholder
from casefile.documents.record_view import CaseRecord
from casefile.record.models import Decision, Filing
from casefile.vocab import Actor, DecisionKind, DecisionResult, DocumentKind


class MotionForReconsiderationContext(PartyPaperContext):
    """Motion for reconsideration of the Regional Director's decision (29 CFR 102.65(e), R-K6): the
    decision (``decision_title``, ``decision_issued_on``), the grounds stated with particularity."""

    decision_title: str
    decision_issued_on: DateOrPlaceholder

    period_rule: ClassVar[str] = "29 CFR 102.65(e)"

    @property
    def paper_title(self) -> str:
        return f"{self.filing_party.label}'s Motion for Reconsideration of the Regional Director's {self.decision_title}"

    @property
    def opening(self) -> str:
        return (f"Pursuant to Section 102.65(e) of the Board's Rules and Regulations, {self.party}, moves for "
                f"reconsideration of the Regional Director's {self.decision_title} issued on "
                f"{long(self.decision_issued_on)}{self.within_time}. Each ground below states with particularity the "
                "material error claimed or, where additional evidence is relied on, that evidence (29 CFR 102.65(e)(1)).")

    @property
    def relief(self) -> str:
        return (f"WHEREFORE, the {self.filing_party.label} requests that the Regional Director reconsider the "
                f"{self.decision_title} and modify it in the respects stated above.")


class MotionForReconsideration(PartyPaper):
    """A party's motion for reconsideration, from its Filing row."""

    kind = DocumentKind.MOTION_FOR_RECONSIDERATION
    context = MotionForReconsiderationContext

    @classmethod
    def build(cls, rec: CaseRecord, filing: Filing) -> Built:
        election, party = rec.election(filing.election_id), rec.filer(filing)
        decision = rec.session.exec(select(Decision).where(
            Decision.election_id == election.id, Decision.kind == DecisionKind.RD_DECISION, col(Decision.issued_on) <= filing.received_on)
            .order_by(col(Decision.id).desc())).first()
        title = (set_aside_title(election) if decision is not None and decision.result == DecisionResult.SET_ASIDE else "Decision on Objections")
        ctx = MotionForReconsiderationContext(
            **paper_common(rec, filing, party), paragraphs=numbered(rec, [g["ground"] for g in filing.body]),
            decision_title=title,
            decision_issued_on=decision.issued_on if decision is not None else rec.missing("date of the Regional Director's decision"))
        return Built(ctx, filing.received_on, party.name, Actor.PARTY, election.id, party_key=party.key)
