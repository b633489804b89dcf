"""The Board's ruling on a request for review: granted, denied or remanded, with its effect on the case
(casefile.rules.board_ruling; rules.md R-N7, §4).

On a certification under review (rfr-pending): a denial makes it final and the election closes; a
grant may come with the Board's decision — affirmed (closed), the election set aside and a new one
directed, or the challenged ballots to be opened and counted (the revised tally follows); a remand
sends the case back to the Regional Director for a hearing. A ruling on a request for review of a
decision setting the election aside, or of a dismissal, is recorded (denied, or granted with the
decision to follow); what the Board then decides is recorded by the acts that carry it out.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from sqlmodel import Session, col, func, select

from casefile.acts.base import ANY_STAGE, ActIn, Done, Issue, Line, Paragraph, Who, again, election_for, recorded, ref_id
from casefile.acts.chronology import refuse_if_before
from casefile.acts.decision_parts import text_words
from casefile.acts.party_filing import filings_of
from casefile.documents.kinds.board_order import BoardOrder
from casefile.errors import AlreadyRecorded, ProcedureError, UnknownRecord
from casefile.record.authority import BOARD, Whose
from casefile.record.deadlines import close_open_deadlines
from casefile.record.models import Case, Decision, DocketEntry, Election, Filing, Hearing
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import DocketAct, advance, docket
from casefile.rules.board_ruling import Decision as ReviewDecision
from casefile.rules.board_ruling import Ruling, check_open_to_ruling, effect_of_ruling
from casefile.rules.calendar import long_date
from casefile.rules.chronology import Earlier
from casefile.rules.stage_words import STAGE_WORDS
from casefile.vocab import (
    Actor,
    DeadlineKind,
    DeadlineStatus,
    DecisionKind,
    DecisionResult,
    DocketActName,
    ElectionKind,
    FilingKind,
    Stage,
    election_directed,
)

#: Not bound to the election's stage (refused, where it is, on what the record holds): offered at every
#: stage (casefile.acts.allowed_now).
STAGES = ANY_STAGE

#: The Decision row's ``result`` for each ruling (and decision on review).
_RESULT = {("denied", None): DecisionResult.REVIEW_DENIED, ("granted", None): DecisionResult.REVIEW_GRANTED,
           ("remanded", None): DecisionResult.REMANDED, ("granted", "affirmed"): DecisionResult.AFFIRMED,
           ("granted", "set-aside"): DecisionResult.SET_ASIDE, ("granted", "open-and-count"): DecisionResult.OPEN_AND_COUNT}


class BoardRuling(ActIn):
    """The Board's ruling as issued: ``ruling`` granted, denied or remanded; ``decision`` with a grant
    that decides (affirmed, set-aside, open-and-count; omit when the decision is to follow); ``issuer``
    (the Board members, or "the Board"); ``summary`` the order in a sentence or two; ``date`` its
    issue date."""

    act: Literal["board-ruling"] = "board-ruling"
    WHOSE: ClassVar[Whose] = BOARD
    ruling: Ruling
    decision: ReviewDecision | None = None
    issuer: Line = ""
    summary: Paragraph = ""
    note: Paragraph = ""


def requests_ruled_on(session: Session, case: Case, election: Election) -> list[Filing]:
    """The requests for review in the election the Board rules on. Raises ProcedureError (field
    ``ruling``) when the record has none (102.67)."""
    requests = filings_of(session, election, FilingKind.REQUEST_FOR_REVIEW)
    if not requests:
        raise ProcedureError(f"no request for review is in the record for election {election.sequence} of "
                             f"{case.number}: the Board rules on a request (102.67)", field="ruling")
    return requests


def unruled_requests(session: Session, election: Election) -> list[Filing]:
    """The election's requests for review the Board has yet to rule on: those docketed after its latest ruling in
    the election (docket order; all of them when it has not ruled), in the order received."""
    last = session.exec(select(func.max(DocketEntry.id)).where(DocketEntry.election_id == election.id,
                                                               DocketEntry.act == DocketActName.BOARD_RULING)).one()
    query = select(DocketEntry).where(DocketEntry.election_id == election.id, DocketEntry.act == DocketActName.REQUEST_FOR_REVIEW)
    if last is not None:
        query = query.where(col(DocketEntry.id) > last)
    later = {e.ref.id for e in session.exec(query) if e.ref is not None and e.ref.is_a(RecordTable.FILING)}
    return [f for f in filings_of(session, election, FilingKind.REQUEST_FOR_REVIEW) if f.id in later]


def _awaiting_decision(session: Session, election: Election) -> bool:
    """Whether the Board's latest ruling in the election at rfr-pending granted review with its decision to follow."""
    if election.stage is not Stage.RFR_PENDING:
        return False
    last = session.exec(select(Decision).where(Decision.election_id == election.id,
                                               Decision.kind == DecisionKind.BOARD_DECISION)
                        .order_by(col(Decision.id).desc())).first()
    return last is not None and last.result is DecisionResult.REVIEW_GRANTED


def _check_open(session: Session, election: Election, act: BoardRuling | None = None) -> None:
    """casefile.rules.board_ruling.check_open_to_ruling on the election's record. Raises ProcedureError."""
    check_open_to_ruling(unruled=len(unruled_requests(session, election)),
                         awaiting_decision=_awaiting_decision(session, election),
                         ruling=act.ruling if act is not None else None, decision=act.decision if act is not None else None)


def allowed_now(session: Session, case: Case, as_of: datetime | None = None) -> bool:
    """Whether a request for review is in the record of the latest election (requests_ruled_on) and the Board has
    a ruling to make on it: a request not yet ruled on, or the decision on a review granted (_check_open)."""
    try:
        election = election_for(session, case, None, lock=False)
        requests_ruled_on(session, case, election)
        _check_open(session, election)
    except (ProcedureError, UnknownRecord):
        return False
    return True


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Board's order on the request for review — Order Denying Review, Order Granting Review,
    Decision on Review and Order, or Order Remanding (29 CFR 102.67(g), (h), (j))."""
    return (Issue(BoardOrder, ref_id(ref, RecordTable.DECISION)),) if (ref is not None and ref.table is RecordTable.DECISION) else ()


def _check_same_terms(session: Session, case: Case, entry: DocketEntry, act: BoardRuling) -> None:
    """A retry of the Board's ruling recorded as ``entry`` must say what was recorded (issued by, summary, note); else
    AlreadyRecorded (``field`` the first term that differs), naming the ruling by its long date and each term that
    differs (recorded → given): an issued ruling is never overwritten (29 CFR 102.65(e) for one that changes it)."""
    decision = session.get(Decision, ref_id(entry.ref, RecordTable.DECISION))
    if decision is None:
        raise UnknownRecord(f"no Board ruling {entry.ref}")
    diffs = [(field, f"{name}: {text_words(stored)} → {text_words(given)}") for field, name, stored, given in (
        ("issuer", "issued by", decision.issuer, act.issuer), ("summary", "summary", decision.summary, act.summary),
        ("note", "note", decision.note, act.note)) if text_words(stored) != text_words(given)]
    if diffs:
        raise AlreadyRecorded(f"{case.number}: the Board's ruling of {long_date(decision.issued_on)} on the request for "
                              f"review is already recorded with other terms (recorded → given: "
                              f"{'; '.join(d for _, d in diffs)}); an issued ruling is never overwritten: to record it "
                              "again, give the terms recorded; a ruling that changes it is a later one, on its own date, "
                              "on a motion for reconsideration (29 CFR 102.65(e))", field=diffs[0][0])


def perform(session: Session, act: BoardRuling, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record the Board's ruling on the request for review pending in the election and its effect.

    A request for review must be in the record, and one not yet ruled on (or, review granted at rfr-pending,
    the decision on it or a remand: casefile.rules.board_ruling.check_open_to_ruling) (ProcedureError). At rfr-pending the effect follows
    casefile.rules.board_ruling: denied or affirmed → closed; set aside → set-aside → rerun-directed
    (the rerun keeps the ballot's choices); remanded → hearing-noticed (a hearing record is opened,
    its date and place to be set); granted without decision or open-and-count → the election stays at
    rfr-pending (the revised tally moves it). The request-for-review and opposition periods still open
    are closed (met by a filing, else mooted: the Board ruled). Elsewhere (a request of a set-aside or a
    dismissal) only a denial or a grant without decision is recorded, moving nothing. Stored as a
    Decision of kind board-decision. Idempotent on (election, date, ruling, decision). Raises
    ProcedureError, BadInput (a decision with a denial or remand), IllegalTransition, AlreadyRecorded (the same
    ruling on its date with another issuer, summary or note: _check_same_terms).
    Authority: 29 CFR 102.67(g), (h), (j), 102.69(e); rules.md R-N7, R-O1, §4.
    """
    election = election_for(session, case, act.election)
    issued_on = act.legal_date(case, as_of)
    key = f"board-ruling:e{election.sequence}:{issued_on.isoformat()}:{act.ruling}:{act.decision or ''}"
    if (entry := recorded(session, case, key)) is not None:
        _check_same_terms(session, case, entry, act)
        return again(entry, act.act, issues(session, entry.ref))
    effect = effect_of_ruling(act.ruling, act.decision)
    requests = requests_ruled_on(session, case, election)
    _check_open(session, election, act)
    ruled_on = unruled_requests(session, election) or requests[-1:]  # the decision on a review granted: its requests
    first = min(ruled_on, key=lambda f: f.received_on)
    refuse_if_before("the Board's ruling", issued_on, [Earlier("the request for review was received", first.received_on)])
    pending = election.stage is Stage.RFR_PENDING
    if not pending and (act.ruling == "remanded" or act.decision is not None):
        raise ProcedureError(f"no request for review is pending in election {election.sequence} "
                             f"({STAGE_WORDS[election.stage].now}): casefile records the "
                             "Board's denial or grant of review of a set-aside or a dismissal; what it then decides is "
                             "recorded by the acts that carry it out", field="decision")
    decision = Decision(election_id=election.id, kind=DecisionKind.BOARD_DECISION, issued_on=issued_on, issuer=act.issuer,  # type: ignore[arg-type]
                        result=_RESULT[(act.ruling, act.decision)], summary=act.summary, note=act.note, uncertain=act.uncertain)
    session.add(decision)
    session.flush()
    ref = ref_to(decision)
    summary = f"Board: {effect.sentence}" + (f" — {act.summary}" if act.summary else "")
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=issued_on,  # type: ignore[arg-type]
                   act=act.docket_act, act_key=key, actor=Actor.BOARD, summary=summary, ref=ref)
    if pending:
        opposed = bool(filings_of(session, election, FilingKind.RFR_OPPOSITION))
        close_open_deadlines(session, election, {DeadlineKind.REQUEST_FOR_REVIEW}, status=DeadlineStatus.MET, as_of=as_of,
                             on=requests[-1].received_on)
        close_open_deadlines(session, election, {DeadlineKind.RFR_OPPOSITION},
                             status=DeadlineStatus.MET if opposed else DeadlineStatus.MOOTED, as_of=as_of,
                             legal_on=issued_on, reason=None if opposed else f"mooted: the Board ruled on {long_date(issued_on)}")
        if Stage.RERUN_DIRECTED in effect.stages:
            election.next_kind = ElectionKind.RERUN
            election.next_choices = list(election.choices)
            election.next_against_on_ballot = election.against_on_ballot
        if Stage.HEARING_NOTICED in effect.stages:
            session.add(Hearing(election_id=election.id, noticed_on=issued_on,  # type: ignore[arg-type]
                                note=f"hearing directed by the Board's remand of {long_date(issued_on)}; its date and "
                                     "place are set by the Regional Director"))
        for i, stage in enumerate(effect.stages):
            advance(session, election, stage, as_of=as_of, occurred_on=issued_on, act=DocketActName(str(DocketAct(act.act, stage))),
                    act_key=f"{key}:{i}", actor=Actor.BOARD, ref=ref,
                    summary={Stage.CLOSED: "The certification is final: the case is closed",
                             Stage.SET_ASIDE: f"Election {election.sequence} set aside by the Board",
                             Stage.RERUN_DIRECTED: f"{election_directed(election.sequence)} by the Board",
                             Stage.HEARING_NOTICED: "Remanded to the Regional Director for a hearing"}[stage])
    assert entry.id is not None
    return Done(act=act.act, ref=ref, entry_id=entry.id, issue=issues(session, ref), summary=summary)
