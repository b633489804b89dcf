"""Record copy of an Administrative Law Judge's decision on consolidated unfair labor practice and
objections/challenges cases (R-I4; 29 CFR 102.46), from its Decision row."""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import Field
from sqlmodel import col, select

from casefile.documents import wording
from casefile.documents.base import Built, RecordDocument
from casefile.documents.history import DECIDED
from casefile.documents.kinds.order_consolidating_cases import ObjectionsCounted, objections_counted
from casefile.documents.parts import (
    ChallengeItem,
    Count,
    DeadlineLine,
    DocumentContext,
    HearingFacts,
    Issuance,
    ObjectionItem,
    Placeholder,
    Review,
    Signature,
    placeholder,
)
from casefile.documents.record_view import CaseRecord, election_dates, labeled_notes, notes, plain_notes
from casefile.record.models import (
    Decision,
    Election,
    Hearing,
)
from casefile.vocab import Actor, DecisionResult, DocumentKind, ElectionAgreement, counted


class ALJDecisionContext(DocumentContext):
    """Record copy of an Administrative Law Judge's decision on consolidated unfair labor practice
    and objections/challenges cases (R-I4)."""

    hearing: HearingFacts
    findings_summary: tuple[str, ...] = Field(min_length=1)
    violations_found: tuple[str, ...] = ()
    objections: tuple[ObjectionItem, ...] = ()
    # False: which objections were set for hearing (by number) is not in the public record: ``objections`` stand in
    objection_numbers_public: bool = True
    # then how many of each party's objections the order set, of how many it filed (the record's counts)
    objections_counted: tuple[ObjectionsCounted, ...] = ()
    challenges: tuple[ChallengeItem, ...] = ()  # the challenged ballots the decision rules on, recommended (R-M3)
    challenged_ballots_unresolved: Count | None = None
    remedy: tuple[str, ...] = Field(min_length=1)
    agreement: ElectionAgreement | Placeholder  # unknown: Board review treated as available (R-K5)
    review: Review  # whether the Board reviews the Regional Director's actions (rules.review.board_review)
    exceptions: DeadlineLine | None = None  # 102.46(a): 28 days from the order transferring the case
    signature: Signature


class ALJDecision(RecordDocument):
    """The Administrative Law Judge's decision, from its Decision row (kind alj-decision)."""

    kind = DocumentKind.ALJ_DECISION
    context = ALJDecisionContext
    record = Decision
    record_name = "decision"
    name = "Decision of the Administrative Law Judge"

    @classmethod
    def build(cls, rec: CaseRecord, decision: Decision) -> Built:
        election = rec.election(decision.election_id)
        hearing = rec.session.exec(select(Hearing).where(Hearing.election_id == election.id, Hearing.before_alj == True)  # noqa: E712
                                   .order_by(col(Hearing.id).desc())).first()
        set_ids = list(hearing.objections_set) if hearing else []
        set_rows = rec.objections_of(election, ids=set_ids)
        numbers_public = hearing.objection_numbers_public if hearing else True
        ulp = tuple(hearing.ulp_cases) if hearing else ()
        ruled = [r for r in decision.rulings if r.get("challenge")]  # the decision's own (recommended) rulings
        challenges = tuple(c for c in rec.challenge_items(election, decision.rulings)
                           if any(c.voter in r.get("of", []) for r in ruled))
        ctx = ALJDecisionContext(
            # casefile never issues a judge's decision: it is a record copy, and says so, whatever the case
            caption=rec.caption(forum="Division of Judges", other=ulp).model_copy(update={"record_copy": True}),
            issuance=Issuance(issued_on=decision.issued_on, issuer_title="Administrative Law Judge"),
            hearing=rec.hearing_facts(election, before_alj=True)[0], findings_summary=rec.findings(decision),
            objections=rec.objection_items(set_rows, decision.rulings), objection_numbers_public=numbers_public,
            objections_counted=() if numbers_public else objections_counted(  # in the order the parties filed, as the order has them
                rec, election, sorted(set_rows, key=lambda o: (o.filing_id, o.number))),
            challenges=challenges, remedy=_remedy(election, decision, ruled), agreement=rec.case.agreement or placeholder("election agreement"), review=rec.review(),
            # no ``exceptions`` date: the period runs from service of the order transferring the case to the Board,
            # which no act records (rules.deadlines.TRIGGER_NOT_RECORDED), and no date is computed from it
            signature=Signature(name=decision.issuer or rec.missing("Administrative Law Judge's name"),
                                title="Administrative Law Judge", signed=False),
            # each note labeled with the record it is about: the decision's own, the consolidation order's, the opening's
            record_notes=notes(decision.uncertain)
            + labeled_notes("the Order Consolidating Cases and Notice of Hearing", hearing.uncertain if hearing else "")
            + labeled_notes("the hearing's opening", hearing.opening_uncertain if hearing else "") + plain_notes(decision.note),
        )
        return Built(ctx, decision.issued_on, "Administrative Law Judge", Actor.ADMINISTRATIVE_LAW_JUDGE, election.id)


#: What a judge recommends for the representation case, by the decision's result, as a clause after
#: "It is recommended that" (an Administrative Law Judge's decision is a recommended order, 29 CFR 102.45(a),
#: binding only if no exceptions are filed, 102.48(a)).
RECOMMENDED = {DecisionResult.OVERRULE: "the objections be overruled",
               DecisionResult.CERTIFY: "the results of the election be certified",
               DecisionResult.OPEN_AND_COUNT: "the challenged ballots be opened and counted"}


def _remedy(election: Election, decision: Decision, ruled: list[dict[str, Any]]) -> tuple[str, ...]:
    """What the decision recommends for the representation case, from its result and its rulings on challenged
    ballots, ``ruled`` (the unfair labor practice remedy is not in the record): a judge's order is recommended
    (29 CFR 102.45(a), 102.48(a)), so it is said as "It is recommended that …", never as ordered."""
    held = election_dates(election)
    # when the record has it: "from February 4 to March 25, 2022" (a mail ballot's whole period), "on May 4, 2017"
    period = wording.election_period(held) if isinstance(held.began_on, date) else ""
    if decision.result == DecisionResult.SET_ASIDE:
        return (f"It is recommended that the {wording.ordinal(election.sequence)} election{(' held ' + period) if period else ''} "
                f"be set aside and {wording.next_election(election.sequence)} be directed, at a time the Regional "
                "Director sets.",
                placeholder("the order and notice remedying the unfair labor practices"))
    recommended = RECOMMENDED.get(decision.result, DECIDED.get(decision.result, decision.result.replace("-", " ")))
    sustained = sum(int(r["ballots"]) for r in ruled if r["ruling"] == "sustained")
    overruled = sum(int(r["ballots"]) for r in ruled if r["ruling"] == "overruled")
    clauses = [recommended]
    if sustained:
        clauses.append(f"that the {'challenge' if sustained == 1 else 'challenges'} to {counted(sustained, 'ballot')} be sustained")
    if overruled:
        clauses.append(f"that the {counted(overruled, 'ballot')} whose {'challenge is' if overruled == 1 else 'challenges are'} "
                       "overruled be opened and counted")
    recommended = clauses[0] if len(clauses) == 1 else ", ".join(clauses[:-1]) + ", and " + clauses[-1]
    return (f"It is recommended that {recommended}.",
            placeholder("the order and notice remedying the unfair labor practices"))
