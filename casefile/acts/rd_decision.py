"""The Regional Director's decision on objections (and challenged ballots).

``set-aside``: objections sustained — the election is set aside and a second election directed
(R-O1); the document is the Decision and Direction of Second Election with the Notice of Second
Election (Lufkin paragraph, R-O3). ``overrule``: objections overruled — the certification is due
(R-H1, R-K4). A decision that sets the election aside is no final disposition (R-N3); whether the
Board reviews the Regional Director at all follows from the election agreement (R-K5), decided
once in casefile.rules.review.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar, Literal

from sqlmodel import Session, select

from casefile.acts.base import Done, Issue, Who, again, election_for, ref_id
from casefile.acts.challenge_register import retest
from casefile.acts.decision_parts import (
    DecisionParts,
    challenge_sentence,
    check_complete,
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
from casefile.errors import ProcedureError
from casefile.gaps import Gap, GapKind
from casefile.record.authority import REGION, Whose
from casefile.record.deadlines import close_open_deadlines, keep_deadline
from casefile.record.lookups import latest_tally, unresolved_statuses
from casefile.record.models import Case, Decision, Election, Objection, Party
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.stage_facts import after_rulings, count_waiting, overruled_facts
from casefile.record.workflow import advance, require_stage
from casefile.rules.conditional_rerun import (
    Condition,
    condition_sentence,
    condition_shows,
    condition_warning,
    set_aside_refusal,
)
from casefile.rules.mootness import Side
from casefile.rules.report_periods import ReportPeriods, check_decision_date, decision_waits, wait_words
from casefile.rules.review import board_review, review_of_set_aside
from casefile.rules.stages import ON_REPORT, accepted_at, after_overruling
from casefile.vocab import (
    Actor,
    ChallengeStatus,
    DeadlineKind,
    DeadlineStatus,
    DecisionKind,
    DecisionResult,
    DocketActName,
    ElectionKind,
    FilingKind,
    NlrbFiling,
    Stage,
    TriggerKind,
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


def report_periods(session: Session, election: Election) -> ReportPeriods | None:
    """The periods of the hearing officer's report the election is at (ho-report-issued, exceptions-pending), as
    the record holds them (casefile.rules.report_periods): their last days (a mooted one left out) and the
    parties that filed in each (e-filed), and those that waived their right to file exceptions (e-filed); None at
    any other stage."""
    if election.stage not in ON_REPORT:
        return None
    from casefile.record.lookups import deadline_of
    from casefile.record.models import Filing

    keys = {p.id: p.key for p in session.exec(select(Party).where(Party.case_id == election.case_id))}
    due: dict[DeadlineKind, date | None] = {}
    filed: dict[DeadlineKind, set[str]] = {}
    for kind, filing_kind in ((DeadlineKind.EXCEPTIONS, FilingKind.EXCEPTIONS),
                              (DeadlineKind.ANSWERING_BRIEF, FilingKind.ANSWERING_BRIEF)):
        deadline = deadline_of(session, election, kind)
        if deadline is None or deadline.status is DeadlineStatus.MOOTED:
            due[kind], filed[kind] = None, set()
            continue
        due[kind] = deadline.due_on
        filed[kind] = {keys[f.party_id] for f in session.exec(select(Filing).where(
            Filing.deadline_id == deadline.id, Filing.kind == filing_kind, Filing.nlrb == NlrbFiling.E_FILED))
            if f.party_id in keys}
    exceptions = deadline_of(session, election, DeadlineKind.EXCEPTIONS)
    waived = set() if exceptions is None else {keys[f.party_id] for f in session.exec(select(Filing).where(
        Filing.deadline_id == exceptions.id, Filing.kind == FilingKind.EXCEPTIONS_WAIVER,
        Filing.nlrb == NlrbFiling.E_FILED)) if f.party_id in keys}  # a written waiver (X-K8): not waited on
    return ReportPeriods.of(exceptions_due_on=due[DeadlineKind.EXCEPTIONS],
                            answering_due_on=due[DeadlineKind.ANSWERING_BRIEF], parties=keys.values(),
                            excepted=filed[DeadlineKind.EXCEPTIONS], answered=filed[DeadlineKind.ANSWERING_BRIEF],
                            waived=waived)


def _latest(session: Session, case: Case) -> Election | None:
    from sqlmodel import col

    return session.exec(select(Election).where(Election.case_id == case.id)
                        .order_by(col(Election.sequence).desc())).first()


def _decided_on(case: Case, as_of: datetime | None) -> date | None:
    """The day a decision made at ``as_of`` is dated by default (its date at the receiving office); None without
    an instant."""
    if as_of is None:
        return None
    from zoneinfo import ZoneInfo

    from casefile.record.deadlines import office_of

    return as_of.astimezone(ZoneInfo(office_of(case).tz)).date()


def allowed_now(session: Session, case: Case, as_of: datetime | None = None) -> bool:
    """Whether the Regional Director's decision may be made now on the case's latest election: at a stage of STAGES
    and, on a hearing officer's report, not while a party may still file exceptions or an answering brief to
    exceptions filed (a decision dated ``as_of``'s day at the receiving office; no ``as_of``: while such a period
    is open in the record) — the rule perform() applies (casefile.rules.report_periods; 102.69(c)(1)(iii))."""
    latest = _latest(session, case)
    if latest is None or latest.stage not in STAGES:
        return False
    periods = report_periods(session, latest)
    if periods is None:
        return True
    on = _decided_on(case, as_of)
    if on is None:
        from casefile.record.lookups import deadline_of

        return not any((d := deadline_of(session, latest, kind)) is not None and d.status is DeadlineStatus.OPEN
                       and decision_waits(d.due_on, periods) is not None
                       for kind in (DeadlineKind.EXCEPTIONS, DeadlineKind.ANSWERING_BRIEF))
    return decision_waits(on, periods) is None


def refusal_now(session: Session, case: Case, as_of: datetime | None = None) -> str:
    """Why allowed_now refuses the decision at a stage the table accepts it at, in words (a clause for
    casefile.rules.stage_words.guard_refusal): the period still running, its last day and who may still file."""
    latest = _latest(session, case)
    periods = report_periods(session, latest) if latest is not None else None
    on = _decided_on(case, as_of)
    if periods is None or latest is None:
        return ""
    wait = decision_waits(on, periods) if on is not None else None
    if wait is None:
        return ""
    names = {p.key: p.name for p in session.exec(select(Party).where(Party.case_id == case.id))}
    return (f"{wait_words(wait, names)}: the Regional Director decides on the report after that time "
            "(29 CFR 102.69(c)(1)(iii))")


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
    it decides (OutOfOrder: casefile.rules.chronology). On a hearing officer's report (ho-report-issued,
    exceptions-pending) the decision is refused (ProcedureError, field ``date``) when dated on or before the last
    day of the exceptions period while a party has filed none and not waived its right to (waive-exceptions), or —
    exceptions filed — of the answering-brief
    period while a party that may answer them has filed none: it would cut a running period short
    (casefile.rules.report_periods; 102.69(c)(1)(iii), R-K4).
    A condition the rulings on the challenged ballots already decide (the ballots left cannot give a labor
    organization a majority, or cannot take its majority away) is accepted — the Board made such a direction in
    Cornell-Dubilier (1957) — and the result warns that the condition is certain to be met or cannot be met, and what
    the revised tally will then do (casefile.rules.conditional_rerun.condition_warning; 29 CFR 102.69(e); R-E7, R-M2).
    Raises IllegalTransition, UnknownRecord. The result's warnings say
    when Board review is only assumed (agreement not in the record, R-K5; the docket line says so
    too) and, for a set-aside where review lies, that it is no final disposition (R-N3).
    Authority: 29 CFR 102.69(c)(1)(i), (c)(2); 102.65(e); rules.md R-K4, R-K5, R-N3, R-O1.
    """
    election = election_for(session, case, act.election)
    issued_on = act.legal_date(case, as_of)
    key = f"rd-decision:e{election.sequence}:{issued_on.isoformat()}"
    if (entry := recorded_decision(session, case, key, act)) is not None:  # its condition compared too
        return again(entry, act.act, issues(session, entry.ref))
    check_consistent(session, case, election, act, kind=DecisionKind.RD_DECISION)
    check_complete(session, case, election, act, kind=DecisionKind.RD_DECISION)
    if act.condition is not None:
        tally = latest_tally(session, election)
        if tally is None or not tally.determinative:
            raise ProcedureError("a conditional direction waits on the count of determinative challenged ballots, and "
                                 f"election {election.sequence}'s challenges are not determinative: the revised count "
                                 "cannot change the outcome, so the direction is not conditional (29 CFR 102.69(e))", field="condition")
    require_stage(election, "the Regional Director's decision", STAGES)
    check_in_order(session, case, election, act, subject="the Regional Director's decision", issued_on=issued_on)
    if (periods := report_periods(session, election)) is not None:  # after the time for exceptions and answers
        check_decision_date(issued_on, periods, {p.key: p.name for p in session.exec(
            select(Party).where(Party.case_id == case.id))})
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
    entry = advance(session, election, Stage.RD_DECISION, as_of=as_of, occurred_on=issued_on, act=DocketActName.RD_DECISION,
                    act_key=key, actor=Actor.REGIONAL_DIRECTOR, summary=summary, ref=ref)
    close_open_deadlines(session, election, _OVERTAKEN, status=DeadlineStatus.MOOTED, as_of=as_of, legal_on=issued_on)
    warnings: list[str | Gap] = [] if review.agreement_known else [review.statement]
    if act.condition is not None and (state := after_rulings(session, election)) is not None and (
            moot := condition_warning(act.condition, state.counts, sustained=state.sustained, ordered=state.ordered,
                                      set_aside=election.sequence)) is not None:
        warnings.append(moot)  # accepted as the Board made it (Cornell-Dubilier, 1957): the count will decide nothing
    if act.result == DecisionResult.SET_ASIDE:
        election.next_kind = ElectionKind.RERUN
        election.next_choices = list(election.choices)
        election.next_against_on_ballot = election.against_on_ballot
        advance(session, election, Stage.SET_ASIDE, as_of=as_of, occurred_on=issued_on, act=DocketActName.SET_ASIDE,
                act_key=key + ":set-aside", actor=Actor.REGIONAL_DIRECTOR,
                summary=f"Election {election.sequence} set aside" if act.condition is None else
                f"Election {election.sequence} set aside only if the revised tally of the challenged ballots "
                f"{condition_shows(act.condition)}: the count decides", ref=ref)
        advance(session, election, Stage.RERUN_DIRECTED, as_of=as_of, occurred_on=issued_on, act=DocketActName.DIRECT_SECOND_ELECTION,
                act_key=key + ":direct", actor=Actor.REGIONAL_DIRECTOR,
                summary=f"{election_directed(election.sequence)} (Decision and Direction of {ordinal(election.sequence + 1).capitalize()} Election)" if act.condition is None
                else f"{election_directed(election.sequence)} on a condition: it is held only if the revised tally of the "
                     f"challenged ballots {condition_shows(act.condition)}", ref=ref)
        # the election is set aside: an objection period still running on it is moot (the second election's
        # tally opens its own, R-O6), never left "due" with no act to meet it
        close_open_deadlines(session, election, {DeadlineKind.EARLIEST_CERTIFICATION, DeadlineKind.OBJECTIONS,
                                                 DeadlineKind.REVISED_TALLY_OBJECTIONS}, status=DeadlineStatus.MOOTED,
                             as_of=as_of, legal_on=issued_on)
        if (flag := review_of_set_aside(review)) is not None:
            warnings.append(flag)
    else:
        to = after_overruling(overruled_facts(session, election))
        if to is Stage.CERTIFICATION_DUE:
            advance(session, election, to, as_of=as_of, occurred_on=issued_on, act=DocketActName.CERTIFICATION_DUE,
                    act_key=key + ":certification-due", actor=Actor.SYSTEM,
                    summary="Objections overruled: certification due (29 CFR 102.69(b))", ref=ref)
        elif to is Stage.RUNOFF_DUE:
            advance(session, election, to, as_of=as_of, occurred_on=issued_on, act=DocketActName.RUNOFF_DUE,
                    act_key=key + ":runoff-due", actor=Actor.SYSTEM,
                    summary="Objections overruled: the runoff or new election the tally calls for is due (29 CFR 102.70)",
                    ref=ref)
        elif any(r.get("challenge") and r["ruling"] == "overruled" for r in decision.rulings):
            warnings.append("the objections are overruled and challenged ballots ordered opened and counted: the "
                            "revised tally follows the order (102.69(e)); the certification follows its objection period")
        else:
            warnings.append("the objections are overruled; the determinative challenged ballots are still to be "
                            "decided (rule on them, or issue the revised tally of those opened): the certification "
                            "follows the count")
    keep_deadline(session, case=case, election=election, kind=DeadlineKind.RECONSIDERATION,
                  trigger=TriggerKind.RD_DECISION, trigger_ref=ref,
                  trigger_on=issued_on, for_whom="all parties")
    from casefile.record.people import is_record_copy

    if not act.summary and not is_record_copy(case):
        warnings.append(Gap(GapKind.NO_FINDINGS, case.number, "decision", act=act.act, entry_id=entry.id))
    assert entry.id is not None
    return Done(act=act.act, ref=ref, entry_id=entry.id, issue=issues(session, ref), summary=entry.summary,
                warnings=tuple(warnings))
