"""A party's request for review by the Board of a Regional Director's action: of the Decision on
Objections (from the day it issues, R-N2: "any time after the RD action", until 10 business days
after the certification that follows it, the final disposition), of the certification (R-N2), of a
dismissal of the petition (R-S1), or of a decision that sets the election aside and directs a second
one (not a final disposition, R-N3).

Where review lies at all follows from the election agreement (R-K5, casefile.rules.review: none in a
consent election; an agreement not in the record is treated as allowing it, and said so); a dismissal
is reviewable whatever the agreement (102.71). The request is filed with the Board's Office of the
Executive Secretary in Washington, DC, and is received there: its cut-off is 11:59 p.m. Eastern
whatever the case's office (R-B9). It stays nothing unless the Board orders (R-N7).
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session, col, select

from casefile.acts.base import Done, Issue, Prose, Who, again, content_key, election_for, recorded, ref_id
from casefile.acts.chronology import filed_before, latest_on
from casefile.acts.party_filing import (
    PartyFilingIn,
    deadline_zone,
    filings_of,
    judge,
    receipt_words,
    received_on_at,
    received_words,
    service_list,
    store_filing,
)
from casefile.documents.kinds.request_for_review import RequestForReview as RequestForReviewDocument
from casefile.errors import ProcedureError
from casefile.gaps import Gap
from casefile.record.authority import Whose
from casefile.record.deadlines import keep_deadline
from casefile.record.lookups import deadline_of, get_party, parties_of
from casefile.record.models import Case, Deadline, Decision, Election, Party
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import advance, docket
from casefile.rules.chronology import Earlier
from casefile.rules.offices import BOARD_OFFICE
from casefile.rules.party_filings import FILINGS
from casefile.rules.review import board_review, review_of_decision, review_of_set_aside
from casefile.rules.stage_words import STAGE_WORDS
from casefile.rules.stages import accepted_at
from casefile.rules.trigger_words import ORDERS_TO_COUNT
from casefile.vocab import (
    Actor,
    DeadlineKind,
    DecisionKind,
    DecisionResult,
    DocketActName,
    FilingKind,
    NlrbFiling,
    Stage,
    TriggerKind,
)

Reviewed = Literal["decision", "certification", "dismissal", "set-aside", "open-and-count", "count-excluded"]


class RequestForReview(PartyFilingIn):
    """The request as filed with the Board: ``party`` the requesting party, ``grounds`` the grounds
    relied on (rules.md R-N4: a substantial question of law or policy, a clearly erroneous finding on
    a substantial factual issue, prejudicial error in the hearing, compelling reasons to reconsider a
    rule or policy), each in a paragraph; ``at``/``date`` its receipt by the Office of the Executive
    Secretary (Eastern time)."""

    act: Literal["request-for-review"] = "request-for-review"
    WHOSE: ClassVar[Whose] = Whose.party("party")
    grounds: list[Prose] = Field(min_length=1, max_length=200)


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Request for Review with its certificate of service (and the Regional Director's copy)."""
    return (Issue(RequestForReviewDocument, ref_id(ref, RecordTable.FILING)),)


#: What a request for review filed at a stage asks the Board to review (reviewed_action); the act is offered at these.
REVIEWED: dict[Stage, Reviewed] = {Stage.CERTIFIED: "certification", Stage.RFR_PENDING: "certification",
                                   Stage.CLOSED: "certification", Stage.DISMISSED: "dismissal",
                                   Stage.SET_ASIDE: "set-aside", Stage.RERUN_DIRECTED: "set-aside"}
#: The stages of the election the act is on (the latest) at which perform() accepts it (reviewed_action): those
#: of REVIEWED, and certification-due once the Regional Director's Decision on Objections has issued (allowed_now).
STAGES = accepted_at("request-for-review")  # the ruling stages among them: after an order to open and count
# challenged ballots, a final disposition under the 2014 rule (open_and_count_period)
#: The stages at which the Regional Director's Decision on Objections (overruling them) is what is reviewed.
_AFTER_DECISION = frozenset({Stage.CERTIFICATION_DUE, Stage.CERTIFIED, Stage.RFR_PENDING, Stage.CLOSED})


def decision_on_objections(session: Session, election: Election) -> Decision | None:
    """The Regional Director's latest decision in ``election`` that disposed of the objections without
    setting the election aside (the Decision on Objections, 102.69(c)(1)(i), (c)(2)); None: none."""
    return session.exec(select(Decision).where(Decision.election_id == election.id, Decision.kind == DecisionKind.RD_DECISION,
                                               Decision.result != DecisionResult.SET_ASIDE)
                        .order_by(col(Decision.issued_on).desc(), col(Decision.id).desc())).first()


def open_and_count_period(session: Session, election: Election) -> Deadline | None:
    """The request-for-review period that runs from an order to open and count challenged ballots (a final
    disposition under the 2014 rule, stored by rule-on-challenges), the latest of the election, or None.
    Authority: 29 CFR 102.67(c); 2014 rule (NLRB FAQ); rules.md R-N2."""
    latest = deadline_of(session, election, DeadlineKind.REQUEST_FOR_REVIEW)
    if latest is None or latest.trigger_kind not in ORDERS_TO_COUNT:
        return None
    return latest


def reviewed_action(session: Session, election: Election) -> Reviewed:
    """What a request for review filed now in ``election`` asks the Board to review, from its stage
    and record: the Regional Director's Decision on Objections once it has issued (certification-due,
    and after the certification that follows it: a request for review lies "any time after the RD
    action" until 10 business days after the final disposition, 102.67(c), 102.69(c)(2)); else the
    certification (certified; rfr-pending, another party's request already filed; closed, once its
    period ran out — a request then is late unless an order extended the time), the dismissal
    (dismissed), or the decision setting it aside (set-aside / rerun-directed). Raises ProcedureError
    (field ``election``) for any other stage: nothing the Regional Director did yet to review.
    Authority: 29 CFR 102.67(c), 102.69(c)(2), (h), 102.71; rules.md R-N2, R-N3, R-S1."""
    if election.stage in _AFTER_DECISION and decision_on_objections(session, election) is not None:
        return "decision"
    if election.stage in REVIEWED:
        return REVIEWED[election.stage]
    if (period := open_and_count_period(session, election)) is not None:
        return "count-excluded" if period.trigger_kind is TriggerKind.COUNT_EXCLUDED_ORDER else "open-and-count"
    raise ProcedureError(f"nothing in election {election.sequence} is yet for the Board to review "
                         f"({STAGE_WORDS[election.stage].now}): a request for review lies "
                         "after the Regional Director's decision on objections (102.69(c)(2), 102.67(c)), the final "
                         "disposition (certification or dismissal, 102.69(h), 102.71) or a decision that sets the "
                         "election aside", field="election")


def allowed_now(session: Session, case: Case, as_of: datetime | None = None, *, party: Party | None = None) -> bool:
    """Whether a request for review may be filed now on the case's latest election, by ``party`` (else by some
    party of the case): the rules perform() applies — something to review (reviewed_action), Board review
    available (a dismissal's always, 102.71), and one request per party (R-N5: a party that filed one is not
    offered another)."""
    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    if latest is None or latest.stage not in STAGES:
        return False
    try:
        reviewed = reviewed_action(session, latest)
    except ProcedureError:
        return False
    if reviewed != "dismissal" and not board_review(case.agreement).available:
        return False
    filed = {f.party_id for f in filings_of(session, latest, FilingKind.REQUEST_FOR_REVIEW)}
    return any(p.id not in filed for p in ([party] if party is not None else parties_of(session, case)))


def refusal_now(session: Session, case: Case, as_of: datetime | None = None) -> str:
    """Why allowed_now refuses a request for review on the case's latest election at a stage the table accepts it
    at, in words (a clause for casefile.rules.stage_words.guard_refusal): nothing yet for the Board to review, no
    Board review in the election agreement, or every party's request already filed. Authority: 29 CFR 102.67(c),
    (i)(1), 102.69(c)(2), (h), 102.71; rules.md R-K5, R-N2, R-N3, R-N5."""
    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    if latest is None:
        return ""
    try:
        reviewed = reviewed_action(session, latest)
    except ProcedureError:
        return ("nothing the Regional Director decided is yet for the Board to review: a request for review lies after the "
                "Regional Director's decision on the objections (102.69(c)(2), 102.67(c)), the certification or the "
                "dismissal of the petition (102.69(h), 102.71), or a decision setting the election aside")
    review = board_review(case.agreement)
    if reviewed != "dismissal" and not review.available:
        return f"the Board does not review this election ({review.statement.rstrip('.')})"
    return (f"every party already requested review of {WHAT[reviewed]}: one request per action of the Regional "
            "Director (29 CFR 102.67(i)(1))")


#: What the request asks the Board to review, for the docket and the document (the Decision on Objections by name).
WHAT: dict[str, str] = {"decision": "the Regional Director's Decision on Objections",
                        "certification": "the certification", "dismissal": "the dismissal of the petition",
                        "set-aside": "the decision setting the election aside",
                        "open-and-count": "the order to open and count challenged ballots",
                        "count-excluded": "the order to count ballots excluded at the count"}


def perform(session: Session, act: RequestForReview, *, case: Case, as_of: datetime, by: Who) -> Done:
    """File the request for review of the Regional Director's action in the election.

    Refused in a consent election (no review, R-K5; a dismissal excepted, 102.71) and at a stage with
    nothing to review (ProcedureError). After the Regional Director's Decision on Objections and before
    the certification (certification-due) it is accepted with no period yet — the period runs until 10
    business days after the certification, the final disposition (102.67(c), 102.69(c)(2), R-N2) — and
    the result says so; the certification then takes the election to rfr-pending. A certification or dismissal kept the request-for-review
    deadline: the request is judged against it as stored (10 business days after the action, or the
    date an order fixed; received by the Board, 11:59 p.m. Eastern: R-N2, R-B9). A decision setting
    the election aside is no final disposition: the request may be filed now or until 10 business
    days after the eventual certification (R-N3) — it is accepted and the result says so. One request
    per party per action (R-N5). A certified election moves to rfr-pending; otherwise no stage moves
    (the second election proceeds unless the Board stays it, R-N7). Served on every other party, with
    a copy to the Regional Director. A certified election the sweep closed when the period ran out is
    taken back to rfr-pending by a request within a period an order extended since (102.2(c), (d));
    one without such an order is late (UntimelyFiling). Idempotent on (election, party, grounds). Raises UntimelyFiling,
    ProcedureError, IllegalTransition, UnknownRecord. Authority: 29 CFR 102.67(c)-(g), (i), 102.69(h),
    102.71, 102.2; rules.md R-K5, R-N1-R-N7, R-S1.
    """
    election = election_for(session, case, act.election)
    party = get_party(session, case, act.party)
    key = content_key(f"request-for-review:e{election.sequence}:{party.key}", act.grounds)
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    reviewed = reviewed_action(session, election)
    review = board_review(case.agreement)
    if reviewed != "dismissal" and not review.available:
        raise ProcedureError(f"{review.statement} A request for review is not available.", field="party")
    if filings_of(session, election, FilingKind.REQUEST_FOR_REVIEW, party=party):
        raise ProcedureError(f"{party.name} already requested review of this action: one request for review per "
                             "action of the Regional Director (29 CFR 102.67(i)(1))", field="party")
    warnings: list[str | Gap] = [] if review.agreement_known or reviewed == "dismissal" else [review.statement]
    deadline = deadline_of(session, election, DeadlineKind.REQUEST_FOR_REVIEW) if reviewed != "set-aside" else None
    if reviewed in ("certification", "dismissal", "open-and-count", "count-excluded") and deadline is None:
        raise ProcedureError(f"election {election.sequence} of {case.number} has no request-for-review period in the "
                             f"record ({FILINGS[FilingKind.REQUEST_FOR_REVIEW].citation})", field="election")
    zone = deadline_zone(deadline) if deadline is not None else BOARD_OFFICE.tz
    received_on = received_on_at(act, zone, as_of)
    if deadline is None:
        decision = decision_on_objections(session, election) if reviewed == "decision" else None
        filed_before(f"request for review of {party.name}", received_on, None, at=act.at, earlier=[
            Earlier("the Regional Director's Decision on Objections issued", decision.issued_on)
            if decision is not None else
            Earlier("the decision setting the election aside issued",
                    latest_on(session, election, DocketActName.SET_ASIDE, DocketActName.BOARD_RULING_SET_ASIDE))])
    timeliness = judge(case, deadline, act, what=f"request for review of {party.name}", received_on=received_on) \
        if deadline is not None else None
    if deadline is None:
        warnings.append((review_of_set_aside(review) if reviewed == "set-aside" else review_of_decision(review)) or "")
    body = [{"ground": g} for g in act.grounds]
    served = [*service_list(session, case, party, received_on), {
        "party": "Regional Director", "representative": "", "manner": "[manner not in record]", "address": "",
        "served_on": received_on.isoformat()}]  # a copy to the Regional Director (102.67(i)(2))
    filing = store_filing(session, case, election, party, kind=FilingKind.REQUEST_FOR_REVIEW, act=act, received_on=received_on,
                          deadline=deadline, timeliness=timeliness, body=body, served=served, warnings=warnings,
                          note="" if deadline is not None else
                          "no request-for-review period runs yet: a decision setting the election aside is not a "
                          "final disposition" if reviewed == "set-aside" else
                          "filed before the certification: the period runs until 10 business days after it issues "
                          "(the final disposition, 102.67(c))")
    if deadline is not None:  # the opposition's period runs now that a request is on record (29 CFR 102.67(f))
        keep_deadline(session, case=case, election=election, kind=DeadlineKind.RFR_OPPOSITION,
                      trigger=deadline.trigger_kind, trigger_ref=deadline.trigger_ref, trigger_on=deadline.trigger_on,
                      for_whom="all parties")
    what = WHAT[reviewed]
    n = len(act.grounds)
    summary = (f"Request for review of {what}, by {party.name} ({n} ground{'s' if n != 1 else ''}), " + (
               f"received by the Board {received_words(act.at, received_on, zone)}" if act.nlrb is not NlrbFiling.PREPARED
               else receipt_words(act.nlrb, act.at, received_on, tz=zone)))
    if not review.agreement_known and reviewed != "dismissal":
        summary += f" ({review.statement})"
    ref = ref_to(filing)
    if election.stage in (Stage.CERTIFIED, Stage.CLOSED) and act.nlrb is NlrbFiling.E_FILED:  # prepared: moves nothing yet
        entry = advance(session, election, Stage.RFR_PENDING, as_of=as_of, occurred_on=received_on, act=act.docket_act,
                        act_key=key, actor=Actor.PARTY, summary=summary, ref=ref)
    else:
        entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=received_on,  # type: ignore[arg-type]
                       act=act.docket_act, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref)
    assert entry.id is not None
    return Done(act=act.act, ref=ref, entry_id=entry.id, issue=issues(session, ref), summary=summary,
                warnings=tuple(w for w in warnings if w))
