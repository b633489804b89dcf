"""The Supplemental Decision and Direction of Second Election, with the Notice of Second Election: a
conditional direction's condition met. From the Revised Tally row that shows no majority for a labor
organization after the Regional Director's decision directing a second election only in that event
(29 CFR 102.69(e); rules.md R-L1, R-M2, R-O1-R-O5; casefile.rules.conditional_rerun). It issues on the
revised tally's date and quotes that tally's figures, the figures the record holds on that day."""

from __future__ import annotations

from datetime import date

from pydantic import Field
from sqlmodel import col, select

from casefile.documents.base import Built, RecordDocument
from casefile.documents.history import procedural_history
from casefile.documents.kinds.decision_and_direction import SecondElectionDirection, direction_fields
from casefile.documents.kinds.rd_decision_fields import terms_on
from casefile.documents.parts import REGISTER_TABLE_LIMIT, HistoryLine, ObjectionItem, TallyLines
from casefile.documents.record_view import CaseRecord, notes, tally_lines
from casefile.documents.wording import challenge_rulings_phrase
from casefile.errors import UnknownRecord
from casefile.record.models import Decision, Tally
from casefile.record.refs import ref_to
from casefile.vocab import Actor, DecisionKind, DecisionResult, DocumentKind


class SupplementalDecisionAndDirectionContext(SecondElectionDirection):
    """The direction that follows a conditional one: ``decision_issued_on`` the conditional decision's date,
    ``rerun_if`` its condition (casefile.rules.conditional_rerun.condition_terms), ``condition_authority`` its
    citation; ``tally`` the tally it was made on and ``revised`` the revised tally that met the condition
    (this document's date); ``objections`` those the decision sustained; ``challenge_rulings`` its rulings on the
    challenged ballots as it stated them (casefile.documents.wording.challenge_rulings_phrase; "" when it made none:
    the determinative challenged ballots were all ordered counted); then the direction
    (SecondElectionDirection: eligibility from the date of the Notice of Second Election, R-O4)."""

    decision_issued_on: date
    rerun_if: str
    condition_authority: str
    tally: TallyLines
    revised: TallyLines
    procedural_history: tuple[HistoryLine, ...] = Field(min_length=1)
    objections: tuple[ObjectionItem, ...] = Field(min_length=1)
    challenge_rulings: str = ""


class SupplementalDecisionAndDirection(RecordDocument):
    """The direction of the second (third ...) election on the revised tally that met a conditional direction's
    condition, from that revised Tally row."""

    kind = DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION
    context = SupplementalDecisionAndDirectionContext
    record = Tally
    record_name = "tally"
    name = "Supplemental Decision and Direction of Second Election"

    @classmethod
    def title_from(cls, context: SupplementalDecisionAndDirectionContext) -> str:
        """"... Direction of Second Election", "... of Third Election" when a rerun is set aside in turn (R-O2)."""
        return f"Supplemental Decision and Direction of {context.next_ordinal.capitalize()} Election"

    @classmethod
    def build(cls, rec: CaseRecord, revised: Tally) -> Built:
        election = rec.election(revised.election_id)
        decision = rec.session.exec(select(Decision).where(
            Decision.election_id == election.id, Decision.kind == DecisionKind.RD_DECISION, Decision.result == DecisionResult.SET_ASIDE,
            Decision.condition != "", col(Decision.issued_on) <= revised.prepared_on)
            .order_by(col(Decision.issued_on).desc(), col(Decision.id).desc())).first()
        if decision is None:
            raise UnknownRecord(f"no conditional direction of a second election before the revised tally {revised.id}")
        terms = terms_on(decision, revised, election)
        sustained = {r["objection_id"] for r in decision.rulings if r.get("ruling") == "sustained" and "objection_id" in r}
        objections = rec.objection_items([o for o in rec.objections_of(election) if o.id in sustained], decision.rulings)
        ctx = SupplementalDecisionAndDirectionContext(
            **{**direction_fields(rec, decision, election, on=revised.prepared_on),
               "signature": rec.rd_signature(on=revised.prepared_on)},
            decision_issued_on=decision.issued_on, rerun_if=terms.rerun_if, condition_authority=terms.authority,
            tally=tally_lines(rec.tally_when_decided(decision), election), revised=tally_lines(revised, election),
            procedural_history=procedural_history(rec, election, until=revised.prepared_on, excluding=ref_to(revised)),
            challenge_rulings=challenge_rulings_phrase(decision.rulings, name_limit=REGISTER_TABLE_LIMIT),
            objections=objections or (ObjectionItem(number=1, text=rec.missing("objections sustained")),),
            record_notes=notes(decision.uncertain),
        )
        return Built(ctx, revised.prepared_on, "Regional Director", Actor.REGIONAL_DIRECTOR, election.id)
