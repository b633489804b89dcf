"""The Hearing Officer's Report on Objections (and Challenged Ballots).

After the hearing the hearing officer serves a report that resolves credibility, finds the facts
and recommends how each objection and challenge should be disposed of (R-J5); it opens the
period for exceptions (10 business days, R-K1) and for answering briefs (5 business days from the
last day for exceptions, R-K2). casefile records it with its real date and issues a record copy.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from sqlmodel import Session, select

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
from casefile.documents.kinds.hearing_officer_report import HearingOfficerReport
from casefile.record.authority import HEARING_OFFICER, Whose
from casefile.record.deadlines import close_open_deadlines, keep_deadline
from casefile.record.models import Case, Filing
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import advance, require_stage
from casefile.rules.calendar import long_date
from casefile.rules.chronology import Earlier
from casefile.rules.stages import accepted_at
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, DecisionKind, DocketActName, FilingKind, Stage, TriggerKind

#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below);
#: the web and the API offer the act only then (casefile.acts.allowed_now).
STAGES = accepted_at("ho-report")


class HoReport(DecisionParts):
    """The report as issued: ``date`` its issue date, ``result`` what it recommends, ``issuer``
    the hearing officer, ``rulings`` the recommended rulings per objection."""

    act: Literal["ho-report"] = "ho-report"
    WHOSE: ClassVar[Whose] = HEARING_OFFICER


#: What the report recommends, in the docket's words.
RECOMMENDS = {"set-aside": "that the election be set aside", "overrule": "that the objections be overruled"}


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The record copy of the Hearing Officer's Report."""
    return (Issue(HearingOfficerReport, ref_id(ref, RecordTable.DECISION)),)


def perform(session: Session, act: HoReport, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record the Hearing Officer's Report and open the exceptions and answering-brief periods.

    The election must be at hearing-open or hearing-closed (the report cannot precede the
    hearing's opening); it moves to ho-report-issued. The rulings are recommendations: no
    objection's disposition changes until the Regional Director decides, and no challenged ballot's: the
    report's ``challenges`` recommend how the ballots set for hearing be ruled on (R-J5, R-M3). Idempotent on
    (election, issue date); the same date with other content is refused (AlreadyRecorded).
    Raises IllegalTransition, UnknownRecord (a party or objection that does not exist),
    NotAllowedNow. Authority: 29 CFR 102.69(c)(1)(iii); rules.md R-J5, R-K1, R-K2.
    """
    election = election_for(session, case, act.election)
    issued_on = act.legal_date(case, as_of)
    key = f"ho-report:e{election.sequence}:{issued_on.isoformat()}"
    if (entry := recorded_decision(session, case, key, act)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    require_stage(election, "the hearing officer's report", STAGES)
    hearing = current_hearing(session, case, election)
    refuse_if_before("the hearing officer's report", issued_on, [
        Earlier("the hearing was noticed", hearing.noticed_on), Earlier("the hearing opened", hearing.opens_on),
        Earlier("the hearing closed", hearing.closed_on)])
    check_consistent(session, case, election, act, kind=DecisionKind.HO_REPORT)
    check_complete(session, case, election, act, kind=DecisionKind.HO_REPORT)
    decision = store_decision(session, case, election, act, kind=DecisionKind.HO_REPORT, issued_on=issued_on, recommend_only=True)
    entry = advance(session, election, Stage.HO_REPORT_ISSUED, as_of=as_of, occurred_on=issued_on, act=DocketActName.HO_REPORT,
                    act_key=key, actor=Actor.HEARING_OFFICER,
                    summary=summary_with(f"Hearing Officer's Report: recommends {RECOMMENDS[act.result]}"
                                         + _on_challenges(decision.rulings, recommend_only=True), act),
                    ref=ref_to(decision))
    briefed = session.exec(select(Filing.id).where(Filing.election_id == election.id,
                                                   Filing.kind == FilingKind.POST_HEARING_BRIEF)).first() is not None
    close_open_deadlines(session, election, {DeadlineKind.POST_HEARING_BRIEF},
                         status=DeadlineStatus.MET if briefed else DeadlineStatus.MOOTED, as_of=as_of,
                         legal_on=issued_on, reason=None if briefed else f"mooted: the hearing officer's report issued on {long_date(issued_on)}")
    for kind in (DeadlineKind.EXCEPTIONS, DeadlineKind.ANSWERING_BRIEF):
        keep_deadline(session, case=case, election=election, kind=kind, trigger=TriggerKind.HO_REPORT, trigger_on=issued_on,
                      trigger_ref=entry.ref, for_whom="all parties")
    assert entry.id is not None
    from casefile.record.people import signer_warning

    missing = signer_warning(case, act.issuer, document="Hearing Officer's Report", signer="Hearing Officer",
                             act=act.act, entry_id=entry.id)
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=entry.summary,
                warnings=(missing,) if missing else ())


def _on_challenges(rulings: list[dict[str, object]], *, recommend_only: bool) -> str:
    sentence = challenge_sentence(rulings, recommend_only=recommend_only)  # type: ignore[arg-type]
    return f"; {sentence}" if sentence else ""
