"""The Regional Director's decision on objections (and challenged ballots).

``set-aside``: objections sustained — the election is set aside and a second election directed
(R-O1); the document is the Decision and Direction of Second Election with the Notice of Second
Election (Lufkin paragraph, R-O3). ``overrule``: objections overruled — the certification is due
(R-H1, R-K4). A decision that sets the election aside is no final disposition (R-N3); whether the
Board reviews the Regional Director at all follows from the election agreement (R-K5), decided
once in casefile.rules.review.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from sqlmodel import Session

from casefile.acts.base import Done, Issue, Who, again, election_for, ref_id
from casefile.acts.challenge_register import retest
from casefile.acts.decision_parts import (
    DecisionParts,
    challenge_sentence,
    check_consistent,
    check_in_order,
    decision_of,
    recorded_decision,
    store_decision,
    summary_with,
)
from casefile.documents.kinds.conditional_direction import DecisionAndConditionalDirection
from casefile.documents.kinds.decision_and_direction import DecisionAndDirectionOfSecondElection
from casefile.documents.kinds.decision_on_objections import DecisionOnObjections
from casefile.errors import AlreadyRecorded, ProcedureError
from casefile.gaps import Gap, GapKind
from casefile.record.authority import REGION, Whose
from casefile.record.deadlines import close_open_deadlines, keep_deadline
from casefile.record.lookups import latest_tally, unresolved_statuses
from casefile.record.models import Case, Decision, Objection, Party
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.stage_facts import count_waiting, overruled_facts
from casefile.record.workflow import advance, require_stage
from casefile.rules.conditional_rerun import Condition, condition_sentence, condition_shows, set_aside_refusal
from casefile.rules.mootness import Side
from casefile.rules.review import board_review, review_of_set_aside
from casefile.rules.stages import accepted_at, after_overruling
from casefile.vocab import (
    Actor,
    ChallengeStatus,
    DeadlineKind,
    DeadlineStatus,
    DecisionKind,
    DecisionResult,
    ElectionKind,
    Stage,
    election_directed,
    ordinal,
)

DECIDABLE = accepted_at("rd-decision")
#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = DECIDABLE
#: Periods still open when the Regional Director decides are overtaken by the decision.
_OVERTAKEN = {DeadlineKind.EXCEPTIONS, DeadlineKind.ANSWERING_BRIEF, DeadlineKind.HEARING_OPENS,
              DeadlineKind.OFFER_OF_PROOF, DeadlineKind.POST_HEARING_BRIEF}


class RdDecision(DecisionParts):
    """The decision as issued: ``date`` its issue date, ``result`` set-aside or overrule,
    ``issuer`` the Regional Director, ``rulings`` per objection, ``at_fault`` (Lufkin, R-O3);
    ``condition`` (with ``set-aside`` only): the second election is directed only if the revised tally of
    the challenged ballots does not show a majority for a labor organization ("no-union-majority": a labor
    organization's objections sustained) or only if it does ("union-majority": the employer's or a
    decertification petitioner's; otherwise a certification of results) (R-M1, R-M2;
    casefile.rules.conditional_rerun) — the later revised tally decides."""

    act: Literal["rd-decision"] = "rd-decision"
    WHOSE: ClassVar[Whose] = REGION
    condition: Condition | None = None


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """A set-aside issues the Decision on Objections and Direction of Second Election; a conditional one, on
    its own date, the Decision on Objections and Conditional Direction of Second Election, which states the
    condition (the direction itself issues with the revised tally that meets it: revised_tally.issues). An
    overruling issues the Regional Director's Decision on Objections (29 CFR 102.69(c)(1)(i), (iii), (c)(2)):
    the Regional Director's decision disposing of the objections, whose certification — in the Region's
    practice often issued with it as one "Decision on Objections and Certification of Representative" (or
    "of Results") — casefile issues as the certification act's own document, on its own date."""
    decision = decision_of(session, ref)
    if decision.result != DecisionResult.SET_ASIDE:
        return (Issue(DecisionOnObjections, ref_id(ref, RecordTable.DECISION)),)
    if decision.condition:
        return (Issue(DecisionAndConditionalDirection, ref_id(ref, RecordTable.DECISION)),)
    return (Issue(DecisionAndDirectionOfSecondElection, ref_id(ref, RecordTable.DECISION)),)


def _sustained_for(session: Session, decision: Decision) -> list[Side]:
    """The parties whose objections the decision sustains (from its stored rulings), once each."""
    out: dict[int, Side] = {}
    for ruling in decision.rulings:
        if ruling.get("objection_id") is None or ruling["ruling"] != "sustained":
            continue
        objection = session.get(Objection, ruling["objection_id"])
        party = session.get(Party, objection.party_id) if objection is not None else None
        if party is not None and party.id is not None:
            out[party.id] = Side(party.key, party.role, party.name)
    return list(out.values())


def perform(session: Session, act: RdDecision, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record the Regional Director's decision and what follows from it.

    The election must be at objections-pending, challenge-investigation, ho-report-issued,
    exceptions-pending, alj-decision-issued or revised-tally-issued (objections still to decide
    after the revised count, R-M2); it moves to rd-decision, then set-aside → rerun-directed (the
    rerun keeps the ballot's choices) or certification-due. The decision's rulings set the
    objections' dispositions; open exceptions, answering-brief, hearing and offer-of-proof periods
    are mooted; the decision's ``challenges`` rule on the challenged ballots set for hearing (per voter or per
    ground; the ballots overruled are ordered opened and counted, the revised tally follows; every
    determinative ballot sustained, the tally stands and the certification is due with no revised tally,
    102.69(c)(1)(i)); an overruling moves on by casefile.rules.stages.after_overruling (certification-due,
    runoff-due, or rd-decision while ballots remain to decide or count); the motion-for-reconsideration period runs from service (R-K6, service assumed on
    the issue date). Idempotent on (election, issue date); the same date with other content is
    refused (AlreadyRecorded). A ``condition`` (set-aside only, InconsistentDecision otherwise; ProcedureError when
    the challenges are not determinative) stores the direction as conditional: the election is set aside
    and the rerun directed on that condition; its Decision on Objections and Conditional Direction issues on the
    decision's date, stating the condition, and the revised tally may follow the direction and decide it
    (casefile.acts.conditional_direction).
    A set-aside while determinative ballots ordered opened and counted (earlier, or by the decision itself) wait
    for their revised tally is refused without a condition, and so is a condition that directs the new election on
    the result on which the objecting party prevailed (``no-union-majority`` sustaining the employer's objections,
    ``union-majority`` a labor organization's) (ProcedureError, field ``condition``:
    casefile.rules.conditional_rerun.set_aside_refusal; 29 CFR 102.69(e); R-M2), and so is a condition when the
    register holds no ballot ordered opened and counted (no revised tally could decide it). The decision keeps its
    own date, before the revised tally.
    A decision that contradicts itself (a set-aside sustaining no objection, an overruling that sustains
    one or names a party at fault: casefile.rules.consistency) is refused (InconsistentDecision), and so
    is one dated before the tally, the objections, report, exceptions, judge's decision or revised tally
    it decides (OutOfOrder: casefile.rules.chronology).
    Raises IllegalTransition, UnknownRecord. The result's warnings say
    when Board review is only assumed (agreement not in the record, R-K5; the docket line says so
    too) and, for a set-aside where review lies, that it is no final disposition (R-N3).
    Authority: 29 CFR 102.69(c)(1)(i), (c)(2); 102.65(e); rules.md R-K4, R-K5, R-N3, R-O1.
    """
    election = election_for(session, case, act.election)
    issued_on = act.legal_date(case, as_of)
    key = f"rd-decision:e{election.sequence}:{issued_on.isoformat()}"
    if (entry := recorded_decision(session, case, key, act)) is not None:
        if decision_of(session, entry.ref).condition != (act.condition or ""):
            raise AlreadyRecorded(f"{case.number}: the Regional Director's decision of {issued_on.isoformat()} is already "
                                  "recorded with another condition; an issued decision is never overwritten",
                                  field="condition")
        return again(entry, act.act, issues(session, entry.ref))
    check_consistent(session, case, election, act, kind=DecisionKind.RD_DECISION)
    if act.condition is not None:
        tally = latest_tally(session, election)
        if tally is None or not tally.determinative:
            raise ProcedureError("a conditional direction waits on the count of determinative challenged ballots, and "
                                 f"election {election.sequence}'s challenges are not determinative: the revised count "
                                 "cannot change the outcome, so the direction is not conditional (R-M1)", field="condition")
    require_stage(election, "the Regional Director's decision", STAGES)
    check_in_order(session, case, election, act, subject="the Regional Director's decision", issued_on=issued_on)
    review = board_review(case.agreement)
    decision = store_decision(session, case, election, act, kind=DecisionKind.RD_DECISION, issued_on=issued_on, recommend_only=False)
    if act.result == DecisionResult.SET_ASIDE:
        waiting, determinative = count_waiting(session, election)
        statuses = unresolved_statuses(session, election)
        if (refusal := set_aside_refusal(ordered_waiting=waiting, determinative=determinative, condition=act.condition,
                                         sustained_for=_sustained_for(session, decision),
                                         registered=sum(statuses.values()),
                                         pending=statuses.get(ChallengeStatus.PENDING, 0))) is not None:
            raise refusal
    if act.condition is not None:
        decision.condition = act.condition
        session.add(decision)
    ref = ref_to(decision)
    on_challenges = challenge_sentence(decision.rulings, recommend_only=False)
    if act.challenges and (sealed := retest(session, election)):
        on_challenges += f"; {sealed}"
    summary = (f"Regional Director's Decision: objections {'sustained' if act.result == 'set-aside' else 'overruled'}"
               + (f"; {on_challenges}" if on_challenges else ""))
    if act.condition is not None:
        summary += f"; {condition_sentence(act.condition, set_aside=election.sequence)}"
    if not review.agreement_known:
        summary += f" ({review.statement})"
    summary = summary_with(summary, act)  # the decision's own words last: no clause joined after its full stop
    entry = advance(session, election, Stage.RD_DECISION, as_of=as_of, occurred_on=issued_on, act="rd-decision",
                    act_key=key, actor=Actor.REGIONAL_DIRECTOR, summary=summary, ref=ref)
    close_open_deadlines(session, election, _OVERTAKEN, status=DeadlineStatus.MOOTED, as_of=as_of)
    warnings: list[str | Gap] = [] if review.agreement_known else [review.statement]
    if act.result == DecisionResult.SET_ASIDE:
        election.next_kind = ElectionKind.RERUN
        election.next_choices = list(election.choices)
        election.next_against_on_ballot = election.against_on_ballot
        advance(session, election, Stage.SET_ASIDE, as_of=as_of, occurred_on=issued_on, act="set-aside",
                act_key=key + ":set-aside", actor=Actor.REGIONAL_DIRECTOR,
                summary=f"Election {election.sequence} set aside" if act.condition is None else
                f"Election {election.sequence} set aside only if the revised tally of the challenged ballots "
                f"{condition_shows(act.condition)} (R-M2): the count decides", ref=ref)
        advance(session, election, Stage.RERUN_DIRECTED, as_of=as_of, occurred_on=issued_on, act="direct-second-election",
                act_key=key + ":direct", actor=Actor.REGIONAL_DIRECTOR,
                summary=f"{election_directed(election.sequence)} (Decision and Direction of {ordinal(election.sequence + 1).capitalize()} Election)" if act.condition is None
                else f"{election_directed(election.sequence)} on a condition: it is held only if the revised tally of the "
                     f"challenged ballots {condition_shows(act.condition)} (R-M2)", ref=ref)
        # the election is set aside: an objection period still running on it is moot (the second election's
        # tally opens its own, R-O6), never left "due" with no act to meet it
        close_open_deadlines(session, election, {DeadlineKind.EARLIEST_CERTIFICATION, DeadlineKind.OBJECTIONS,
                                                 DeadlineKind.REVISED_TALLY_OBJECTIONS}, status=DeadlineStatus.MOOTED,
                             as_of=as_of)
        if (flag := review_of_set_aside(review)) is not None:
            warnings.append(flag)
    else:
        to = after_overruling(overruled_facts(session, election))
        if to is Stage.CERTIFICATION_DUE:
            advance(session, election, to, as_of=as_of, occurred_on=issued_on, act="certification-due",
                    act_key=key + ":certification-due", actor=Actor.SYSTEM,
                    summary="Objections overruled: certification due (R-H1)", ref=ref)
        elif to is Stage.RUNOFF_DUE:
            advance(session, election, to, as_of=as_of, occurred_on=issued_on, act="runoff-due",
                    act_key=key + ":runoff-due", actor=Actor.SYSTEM,
                    summary="Objections overruled: the runoff or new election the tally calls for is due (102.70)",
                    ref=ref)
        elif any(r.get("challenge") and r["ruling"] == "overruled" for r in decision.rulings):
            warnings.append("the objections are overruled and challenged ballots ordered opened and counted: the "
                            "revised tally follows the order (102.69(e)); the certification follows its objection period")
        else:
            warnings.append("the objections are overruled; the determinative challenged ballots are still to be "
                            "decided (rule on them, or issue the revised tally of those opened): the certification "
                            "follows the count (R-M1)")
    keep_deadline(session, case=case, election=election, kind=DeadlineKind.RECONSIDERATION,
                  trigger=f"Regional Director's Decision served {issued_on.isoformat()} (service date assumed = issue date)",
                  trigger_on=issued_on, for_whom="all parties")
    from casefile.record.people import is_record_copy

    if not act.summary and not is_record_copy(case):
        warnings.append(Gap(GapKind.NO_FINDINGS, case.number, "decision", act=act.act, entry_id=entry.id))
    assert entry.id is not None
    return Done(act=act.act, ref=ref, entry_id=entry.id, issue=issues(session, ref), summary=entry.summary,
                warnings=tuple(warnings))
