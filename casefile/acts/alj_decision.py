"""An Administrative Law Judge's decision on unfair-labor-practice and representation issues
consolidated for hearing (R-I4, R-R3).

Where the Board reviews the Regional Director (stipulated and directed elections, and — treated
as such — elections whose agreement is not in the record: casefile.rules.review), exceptions to
the judge's decision go to the Board within 28 days of the order transferring the case
(29 CFR 102.46(a)); the judge's recommended set-aside takes effect only when the Board acts, so
the election stays at alj-decision-issued. In a consent election the judge severs the
representation case and sends it back to the Regional Director (102.69(c)(2)).
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from sqlmodel import Session

from casefile.acts.base import Done, Issue, Who, again, election_for, ref_id
from casefile.acts.chronology import refuse_if_before
from casefile.acts.decision_parts import (
    DecisionParts,
    challenge_sentence,
    check_complete,
    check_consistent,
    recorded_decision,
    store_decision,
    summary_with,
)
from casefile.acts.hearing_parts import current_hearing
from casefile.documents.kinds.alj_decision import ALJDecision
from casefile.record.authority import JUDGE, Whose
from casefile.record.deadlines import keep_deadline
from casefile.record.models import Case
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import advance, require_stage
from casefile.rules.chronology import Earlier
from casefile.rules.review import board_review
from casefile.rules.stages import accepted_at
from casefile.vocab import Actor, DeadlineKind, DecisionKind, DocketActName, Stage, TriggerKind

#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = accepted_at("alj-decision")


class AljDecision(DecisionParts):
    """The decision as issued: ``date`` its issue date, ``result`` the recommended disposition
    of the objections, ``issuer`` the judge, ``rulings`` per objection, ``at_fault`` (R-O3),
    ``challenges`` the recommended rulings on the challenged ballots consolidated for hearing (R-M3)."""

    act: Literal["alj-decision"] = "alj-decision"
    WHOSE: ClassVar[Whose] = JUDGE


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The record copy of the Administrative Law Judge's decision."""
    return (Issue(ALJDecision, ref_id(ref, RecordTable.DECISION)),)


def perform(session: Session, act: AljDecision, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record the judge's decision on the consolidated case.

    The election must be at alj-consolidated; it moves to alj-decision-issued. The rulings are a
    recommended order: no objection's disposition changes here, and no challenged ballot's (its
    ``challenges`` recommend how the ballots set for hearing be ruled on, R-M3). Where Board review lies (R-K5)
    the period for exceptions to the Board is kept (28 days, the transfer order's date assumed to
    be the decision's); in a consent election none is. Idempotent on (election, issue date); the
    same date with other content is refused (AlreadyRecorded). Raises IllegalTransition,
    UnknownRecord. Authority: 29 CFR 102.69(c)(1)(ii), (c)(2); 102.46(a); rules.md R-I4, R-K5.
    """
    election = election_for(session, case, act.election)
    issued_on = act.legal_date(case, as_of)
    key = f"alj-decision:e{election.sequence}:{issued_on.isoformat()}"
    if (entry := recorded_decision(session, case, key, act)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    require_stage(election, "the Administrative Law Judge's decision", STAGES)
    check_consistent(session, case, election, act, kind=DecisionKind.ALJ_DECISION)
    check_complete(session, case, election, act, kind=DecisionKind.ALJ_DECISION)
    hearing = current_hearing(session, case, election)
    refuse_if_before("the Administrative Law Judge's decision", issued_on, [
        Earlier("the order consolidating the case issued", hearing.noticed_on),
        Earlier("the hearing closed", hearing.closed_on)])
    review = board_review(case.agreement)
    decision = store_decision(session, case, election, act, kind=DecisionKind.ALJ_DECISION, issued_on=issued_on,
                              recommend_only=True)
    summary = f"Administrative Law Judge's Decision: {act.result.replace('-', ' ')}"
    if on_challenges := challenge_sentence(decision.rulings, recommend_only=True):  # recommended, as the report's (R-M3)
        summary += f"; {on_challenges}"
    if not review.agreement_known:
        summary += f" ({review.statement})"
    summary = summary_with(summary, act)  # the decision's own words last: no clause joined after its full stop
    entry = advance(session, election, Stage.ALJ_DECISION_ISSUED, as_of=as_of, occurred_on=issued_on,
                    act=DocketActName.ALJ_DECISION, act_key=key, actor=Actor.ADMINISTRATIVE_LAW_JUDGE, summary=summary,
                    ref=ref_to(decision))
    if review.available:
        keep_deadline(session, case=case, election=election, kind=DeadlineKind.ALJ_EXCEPTIONS,
                      trigger=TriggerKind.ALJ_TRANSFER, trigger_ref=entry.ref, trigger_on=issued_on, for_whom="all parties")
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=entry.summary,
                warnings=() if review.agreement_known else (review.statement,))
