"""The Regional Director's Certification of Representative or Certification of Results.

Which one follows from the outcome the rules stored with the election's latest tally (the
revised tally's, once challenged ballots were opened): a labor organization chosen by a majority
is certified as representative (R-Q1), otherwise the results are certified (R-Q2). The request
for review period it starts exists only where the Board reviews the Regional Director (R-K5,
casefile.rules.review); in a consent election the certification is final and the case closes.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar, Literal
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, select

from casefile.acts.base import ActIn, Done, Issue, Who, again, election_for, recorded, ref_id
from casefile.acts.board_ruling import unruled_requests
from casefile.acts.chronology import latest_on, refuse_if_before
from casefile.documents.kinds.certification import CertificationOfRepresentative, CertificationOfResults
from casefile.errors import AlreadyRecorded, ProcedureError, UnknownRecord
from casefile.record.authority import REGION, Whose
from casefile.record.deadlines import close_open_deadlines, configured_calendar, keep_deadline, office_of
from casefile.record.lookups import deadline_of, latest_tally
from casefile.record.models import Case, Certification, Deadline, Decision, Election, Tally
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.stage_facts import tally_stands
from casefile.record.workflow import advance, require_stage
from casefile.rules.calendar import long_date
from casefile.rules.certification import (
    CertificationOf,
    ObjectionPeriod,
    certification_of,
    certification_stands,
    check_certification_date,
)
from casefile.rules.chronology import Earlier
from casefile.rules.review import board_review
from casefile.rules.stages import accepted_at
from casefile.rules.trigger_words import certification_trigger
from casefile.vocab import (
    Actor,
    CertificationKind,
    DeadlineKind,
    DeadlineStatus,
    DecisionKind,
    DocketActName,
    Stage,
    TallyKind,
    TriggerKind,
)

#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = accepted_at("certification")
#: The stages in which an objection period runs (its tally's, or a revised tally's): a certification dated in it
#: is refused for its date (check_certification_date).
_PERIOD_RUNS = frozenset({Stage.TALLY_ISSUED, Stage.REVISED_TALLY_ISSUED})


class Certify(ActIn):
    """The certification as issued: ``date`` its issue date (the kind follows from the tally)."""

    act: Literal["certification"] = "certification"
    WHOSE: ClassVar[Whose] = REGION


def allowed_now(session: Session, case: Case, as_of: datetime | None = None) -> bool:
    """Whether a certification may issue in the case's latest election now: at a stage that accepts it
    (STAGES) and with an outcome, as the latest tally stands, that calls for one — a representative or the
    results (casefile.rules.stages, guard OUTCOME_FINAL); not while determinative challenged ballots wait
    to be decided or counted, nor on a runoff or nullity outcome; given ``as_of``, not on a day of the
    objection period (what perform() refuses). Authority: 29 CFR 102.69(b), (c)(1)(i), (e); rules.md R-H1, §4."""
    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    if latest is None or latest.stage not in STAGES:
        return False
    tally = latest_tally(session, latest)
    if tally is None:
        return False
    try:
        _certification_of(session, latest, tally)
        check_objections_disposed(session, case, latest)
        if as_of is not None:
            check_certification_date(as_of.astimezone(ZoneInfo(office_of(case).tz)).date(),
                                     _objection_periods(session, case, latest, tally))
    except ProcedureError:
        return False
    return True


def _objection_periods(session: Session, case: Case, election: Election, tally: Tally) -> list[ObjectionPeriod]:
    """The objection periods a certification on ``tally`` waits for, as the record holds them: the election's
    objection period (102.69(a)) and, ``tally`` a revised tally, the one that runs from it (102.69(e)); each with
    the first day a certification may be dated after it (_first_day)."""
    periods = []
    if (objections := deadline_of(session, election, DeadlineKind.OBJECTIONS)) is not None:
        periods.append(ObjectionPeriod(objections.due_on, _first_day(session, case, election, objections)))
    if tally.kind is TallyKind.REVISED:
        revised = session.exec(select(Deadline).where(Deadline.election_id == election.id,
                                                      Deadline.kind == DeadlineKind.REVISED_TALLY_OBJECTIONS,
                                                      Deadline.trigger_on == tally.prepared_on)).first()
        if revised is not None:
            periods.append(ObjectionPeriod(revised.due_on, _first_day(session, case, election, revised),
                                           revised_on=tally.prepared_on))
    return periods


def _first_day(session: Session, case: Case, election: Election, period: Deadline) -> date:
    """The next business day after ``period``'s last day at the receiving office: the earliest certification the
    record computed from it (its preceding due date that last day), else counted on the office's calendar."""
    stored = session.exec(select(Deadline).where(
        Deadline.election_id == election.id, Deadline.kind == DeadlineKind.EARLIEST_CERTIFICATION,
        Deadline.trigger_on == period.trigger_on, Deadline.preceding_due_on == period.due_on)).first()
    if stored is not None:
        return stored.due_on
    return configured_calendar().for_office(office_of(case)).next_business_day(period.due_on)


def _certifies(session: Session, election: Election, tally: Tally) -> bool:
    """Whether the latest tally's outcome, as it stands, calls for a certification (_certification_of)."""
    try:
        _certification_of(session, election, tally)
    except ProcedureError:
        return False
    return True


def _certification_of(session: Session, election: Election, tally: Tally) -> CertificationOf:
    """What the latest tally's outcome calls for, as it stands (every determinative challenge sustained: the tally's
    count, 102.69(c)(1)(i)). Raises ProcedureError (no certification on it), Internal."""
    stands = tally_stands(session, election, tally)
    if stands is None:
        return certification_of(tally.outcome, tally.winner, described=tally.outcome_text)
    return certification_of(stands.kind, stands.winner)


def check_objections_disposed(session: Session, case: Case, election: Election) -> None:
    """Refuse the certification while an objection before the Region is still undecided (pending or set for
    hearing) and the Regional Director's latest decision on the election ruled on the objections one by one
    (casefile.rules.objection_rulings.check_disposed_before_certification); a decision that gave no per-objection
    ruling overruled them as a whole (the real histories'). Raises ProcedureError (field ``election``).
    Authority: 29 CFR 102.69(b), (c)(1)(i)."""
    from casefile.acts.decision_parts import undecided_before
    from casefile.rules.objection_rulings import check_disposed_before_certification

    pending = undecided_before(session, case, election, kind=DecisionKind.RD_DECISION)
    if not pending:
        return
    latest = session.exec(select(Decision).where(Decision.election_id == election.id,
                                                 Decision.kind == DecisionKind.RD_DECISION)
                          .order_by(col(Decision.issued_on).desc(), col(Decision.id).desc())).first()
    one_by_one = latest is not None and any("objection_id" in r for r in latest.rulings)
    check_disposed_before_certification(election=election.sequence, pending=pending, ruled_one_by_one=one_by_one)


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Certification of Representative or of Results."""
    ident = ref_id(ref, RecordTable.CERTIFICATION)
    cert = session.get(Certification, ident)
    if cert is None:
        raise UnknownRecord(f"no certification {ref}")
    document = CertificationOfRepresentative if cert.kind == CertificationKind.REPRESENTATIVE else CertificationOfResults
    return (Issue(document, ident),)


def perform(session: Session, act: Certify, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record the certification the latest tally's outcome calls for.

    Refused when dated on or before the last day of the tally's objection period or, certifying a revised tally,
    of the one that runs from it (ProcedureError, field ``date``, naming the certification's date, the period's
    last day and the first day it may be dated: rules.certification.check_certification_date; 102.69(a), (b),
    (e), R-H2) — checked before the stage, so the refusal names the date given, not the period, when the act is
    recorded after the period, and only on a count that calls for a certification; the election must be at
    certification-due (no objections and challenges not determinative, or objections overruled)
    or rd-decision; refused when the outcome calls for no certification (runoff, nullity rerun,
    pending challenges), and while an objection is still pending where the Regional Director's latest decision
    ruled on the objections one by one (check_objections_disposed: 102.69(b)). A tally whose determinative challenged ballots were all sustained stands: its
    count is certified, with no revised tally (29 CFR 102.69(c)(1)(i); stage_facts.tally_stands). Where Board review lies (stipulated, directed, or agreement not in the
    record — said so in the docket) it keeps the request-for-review and opposition periods (R-N2,
    102.69(h)); a consent election's certification is final and the election closes (R-K5). Once
    per election: a retry with the same date is found, another date refused (AlreadyRecorded, naming both
    dates: an issued certification is never overwritten).
    Raises ProcedureError, IllegalTransition, AlreadyRecorded, Internal (a REP outcome without its
    winner). Authority: 29 CFR 102.69(b), (h); 102.67(c); rules.md R-H1, R-K5, R-N2, R-Q1, R-Q2.
    """
    election = election_for(session, case, act.election)
    issued_on = act.legal_date(case, as_of)
    key = f"certification:e{election.sequence}"
    if (entry := recorded(session, case, key)) is not None:
        cert = session.get(Certification, ref_id(entry.ref, RecordTable.CERTIFICATION))
        assert cert is not None
        if (stands := recorded(session, case, f"{key}:stands:{issued_on.isoformat()}")) is not None:
            return again(stands, act.act, ())
        if election.stage in STAGES:  # back at certification-due after a remand: the certification stands
            return _reaffirm(session, act, case=case, election=election, cert=cert, issued_on=issued_on, as_of=as_of,
                             key=f"{key}:stands:{issued_on.isoformat()}")
        if cert.issued_on != issued_on:
            title = ("Certification of Representative" if cert.kind == CertificationKind.REPRESENTATIVE
                     else "Certification of Results")
            raise AlreadyRecorded(f"{case.number}: election {election.sequence} was certified on "
                                  f"{long_date(cert.issued_on)} (its {title}), not on {long_date(issued_on)}: a "
                                  "certification issues once and an issued one is never overwritten (29 CFR 102.69(b)); "
                                  f"to record it again, give its date, {long_date(cert.issued_on)}", field="date")
        return again(entry, act.act, issues(session, entry.ref))
    tally = latest_tally(session, election)
    if tally is not None and election.stage in STAGES | _PERIOD_RUNS and _certifies(session, election, tally):
        # the date against the objection periods before the stage, whose refusal would name the period, not the date
        # given; a count that calls for no certification is refused for that below (no date would make it one)
        check_certification_date(issued_on, _objection_periods(session, case, election, tally))
    require_stage(election, "certification", STAGES)
    if tally is None:
        raise ProcedureError(f"election {election.sequence} of {case.number} has no tally to certify", field="election")
    refuse_if_before("the certification", issued_on, [
        Earlier("the revised tally of ballots issued" if tally.kind is TallyKind.REVISED else "the tally of ballots issued",
                tally.prepared_on),
        Earlier("the Regional Director's decision issued", latest_on(session, election, DocketActName.RD_DECISION)),
        Earlier("the Board ruled", latest_on(session, election, DocketActName.BOARD_RULING))])
    what = _certification_of(session, election, tally)  # every determinative challenge sustained: the tally stands
    check_objections_disposed(session, case, election)  # every objection disposed of (102.69(b))
    review = board_review(case.agreement)
    cert = Certification(election_id=election.id, kind=what.kind, issued_on=issued_on, union=what.union,  # type: ignore[arg-type]
                         uncertain=act.uncertain.strip())
    session.add(cert)
    session.flush()
    ref = ref_to(cert)
    summary = what.title + (f": {what.union}" if what.union else "")
    if not review.agreement_known:
        summary += f" ({review.statement})"
    entry = advance(session, election, Stage.CERTIFIED, as_of=as_of, occurred_on=issued_on, act=DocketActName.CERTIFICATION,
                    act_key=key, actor=Actor.REGIONAL_DIRECTOR, summary=summary, ref=ref)
    close_open_deadlines(session, election, {DeadlineKind.EARLIEST_CERTIFICATION}, status=DeadlineStatus.MET, as_of=as_of,
                         legal_on=issued_on)
    close_open_deadlines(session, election, {DeadlineKind.HEARING_OPENS, DeadlineKind.OFFER_OF_PROOF},
                         status=DeadlineStatus.MOOTED, as_of=as_of, legal_on=issued_on)
    if review.available:
        for kind in (DeadlineKind.REQUEST_FOR_REVIEW, DeadlineKind.RFR_OPPOSITION):
            keep_deadline(session, case=case, election=election, kind=kind,
                          trigger=certification_trigger(what.kind), trigger_ref=entry.ref,
                          trigger_on=issued_on, for_whom="all parties")
        if unruled_requests(session, election):
            # a request for review of the Decision on Objections filed before the certification is pending (R-N2)
            advance(session, election, Stage.RFR_PENDING, as_of=as_of, occurred_on=issued_on, act=DocketActName.RFR_PENDING,
                    act_key=key + ":rfr-pending", actor=Actor.SYSTEM,
                    summary="A request for review filed after the Regional Director's decision is pending before the Board "
                            "(29 CFR 102.67(c))")
    else:
        advance(session, election, Stage.CLOSED, as_of=as_of, occurred_on=issued_on, act=DocketActName.CLOSE, act_key=key + ":close",
                actor=Actor.SYSTEM, summary="Consent election: the Regional Director's certification is final (29 CFR 102.62)")
    assert entry.id is not None
    return Done(act=act.act, ref=ref, entry_id=entry.id, issue=issues(session, ref), summary=entry.summary,
                warnings=() if review.agreement_known else (review.statement,))


def _reaffirm(session: Session, act: Certify, *, case: Case, election: Election, cert: Certification, issued_on: date,
              as_of: datetime, key: str) -> Done:
    """Record that the election's certification stands (casefile.rules.certification.certification_stands): the
    Regional Director's supplemental decision after a remand overruled the objections again, the election is
    back at certification-due, and no second certification issues. Refused before the decision or the Board's
    ruling it follows, and while the outcome calls for no certification (ProcedureError). The election moves to
    certified; the request-for-review and opposition periods run from the supplemental decision where Board
    review lies (102.69(c)(2), 102.67(c)). Issues no document. Authority: 29 CFR 102.67(j), 102.69(c)(2)."""
    tally = latest_tally(session, election)
    if tally is None:
        raise ProcedureError(f"election {election.sequence} of {case.number} has no tally", field="election")
    refuse_if_before("the certification", issued_on, [
        Earlier("the Regional Director's decision issued", latest_on(session, election, DocketActName.RD_DECISION)),
        Earlier("the Board ruled", latest_on(session, election, DocketActName.BOARD_RULING))])
    _certification_of(session, election, tally)  # the outcome still calls for a certification
    check_objections_disposed(session, case, election)
    summary = certification_stands(CertificationKind(cert.kind), cert.union, cert.issued_on)
    entry = advance(session, election, Stage.CERTIFIED, as_of=as_of, occurred_on=issued_on, act=DocketActName.CERTIFICATION,
                    act_key=key, actor=Actor.REGIONAL_DIRECTOR, summary=summary, ref=ref_to(cert))
    close_open_deadlines(session, election, {DeadlineKind.HEARING_OPENS, DeadlineKind.OFFER_OF_PROOF},
                         status=DeadlineStatus.MOOTED, as_of=as_of, legal_on=issued_on)
    if board_review(case.agreement).available:
        for kind in (DeadlineKind.REQUEST_FOR_REVIEW, DeadlineKind.RFR_OPPOSITION):
            keep_deadline(session, case=case, election=election, kind=kind,
                          trigger=TriggerKind.SUPPLEMENTAL_DECISION, trigger_ref=entry.ref,
                          trigger_on=issued_on, for_whom="all parties")
        if unruled_requests(session, election):
            advance(session, election, Stage.RFR_PENDING, as_of=as_of, occurred_on=issued_on, act=DocketActName.RFR_PENDING,
                    act_key=key + ":rfr-pending", actor=Actor.SYSTEM,
                    summary="A request for review not yet ruled on is pending before the Board (29 CFR 102.67(c))")
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=(), summary=entry.summary)
