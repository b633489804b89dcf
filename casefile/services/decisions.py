"""Reports, exceptions, decisions and certifications: the hearing officer's report, a party's
exceptions, the Regional Director's decision, the Administrative Law Judge's decision, and the
certification of representative or of results."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Literal

from sqlmodel import Session, select

from casefile.errors import CasefileError, ProcedureError, UntimelyFiling
from casefile.record.models import Certification, Decision, Election, Filing, Objection, Party
from casefile.rules.deadlines import check_timely
from casefile.record.deadlines import close_open_deadlines, compute_for_case, keep_deadline
from casefile.record.lookups import deadline_of, get_case, get_election, get_party, latest_tally, parties_of
from casefile.vocab import (
    Actor,
    DeadlineKind,
    DeadlineStatus,
    Disposition,
    ElectionAgreement,
    ElectionKind,
    FilingMethod,
    OutcomeKind,
    Stage,
)
from casefile.record.workflow import advance, already_done, docket, ref_id, require_stage

Ruling = Literal["sustained", "overruled", "withdrawn", "moot"]
Result = Literal["set-aside", "overrule", "certify"]


@dataclass(frozen=True)
class DecisionIn:
    """A report or decision as issued.

    ``rulings``: party handle → {objection number: ruling}; only what the record gives (a report
    whose per-objection rulings are not public leaves it empty and says so in ``summary``).
    ``at_fault``: the party whose conduct caused a set-aside (named in the Lufkin paragraph, R-O3);
    None when the set-aside rests on Board-agent irregularity.
    """

    issued_on: date
    result: Result
    issuer: str = ""
    rulings: Mapping[str, Mapping[int, Ruling]] = field(default_factory=dict)
    at_fault: str | None = None
    summary: str = ""
    note: str = ""


def _apply_rulings(session: Session, election: Election, decision_in: DecisionIn, *, recommend_only: bool) -> list[dict]:
    out: list[dict] = []
    case_parties = {p.key: p for p in session.exec(select(Party).where(Party.case_id == election.case_id))}
    for party_key, rulings in decision_in.rulings.items():
        party = case_parties.get(party_key)
        if party is None:
            raise ProcedureError(f"ruling on objections of unknown party {party_key!r}")
        for number, ruling in rulings.items():
            objection = session.exec(select(Objection).where(
                Objection.election_id == election.id, Objection.party_id == party.id, Objection.number == int(number)
            )).first()
            if objection is None:
                raise ProcedureError(f"party {party_key!r} has no objection {number} in election {election.sequence}")
            out.append({"objection_id": objection.id, "party": party.name, "number": objection.number, "ruling": ruling})
            if not recommend_only:
                objection.disposition = Disposition(ruling)
                session.add(objection)
    return out


def _store_decision(session: Session, case_id: int, election: Election, kind: str, decision_in: DecisionIn,
                    rulings: list[dict]) -> Decision:
    """Store a report or decision of ``kind`` (ho-report, rd-decision, alj-decision) as issued."""
    decision = Decision(election_id=election.id, kind=kind, issued_on=decision_in.issued_on,  # type: ignore[arg-type]
                        issuer=decision_in.issuer, result=decision_in.result, rulings=rulings,
                        at_fault_party_id=_party_id(session, case_id, decision_in.at_fault),
                        summary=decision_in.summary, note=decision_in.note)
    session.add(decision)
    session.flush()
    return decision


def _decision(session: Session, decision_id: int) -> Decision:
    decision = session.get(Decision, decision_id)
    assert decision is not None
    return decision


def issue_ho_report(session: Session, *, case_number: str, decision_in: DecisionIn, election_sequence: int | None = None,
                    as_of: datetime) -> Decision:
    """Record the Hearing Officer's Report on Objections (recommendations, R-J5) and open the
    exceptions period (10 business days from issuance, R-K1) and the answering-brief period
    (5 business days from the last day for exceptions, R-K2). Election must be at hearing-open or
    hearing-closed. Authority: 29 CFR 102.69(c)(1)(iii)."""
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    act_key = f"ho-report:e{election.sequence}:{decision_in.issued_on.isoformat()}"
    if (entry := already_done(session, case.id, act_key)) is not None:  # type: ignore[arg-type]
        return _decision(session, ref_id(entry, "decision"))
    require_stage(election, "the hearing officer's report", {Stage.HEARING_OPEN, Stage.HEARING_CLOSED})
    rulings = _apply_rulings(session, election, decision_in, recommend_only=True)
    decision = _store_decision(session, case.id, election, "ho-report", decision_in, rulings)  # type: ignore[arg-type]
    advance(session, election, Stage.HO_REPORT_ISSUED, as_of=as_of, occurred_on=decision_in.issued_on,
            act="ho-report", act_key=act_key, actor=Actor.HEARING_OFFICER,
            summary=f"Hearing Officer's Report: recommends {decision_in.result.replace('-', ' ')}"
            + (f" — {decision_in.summary}" if decision_in.summary else ""), ref=f"decision:{decision.id}")
    trigger = f"Hearing Officer's Report issued {decision_in.issued_on.isoformat()}"
    for kind in (DeadlineKind.EXCEPTIONS, DeadlineKind.ANSWERING_BRIEF):
        keep_deadline(session, case=case, election=election, kind=kind, trigger=trigger,
                      trigger_on=decision_in.issued_on, for_whom="all parties")
    return decision


def _party_id(session: Session, case_id: int, key: str | None) -> int | None:
    if key is None:
        return None
    from casefile.record.models import Case

    case = session.get(Case, case_id)
    assert case is not None
    return get_party(session, case, key).id


@dataclass(frozen=True)
class ExceptionPoint:
    """One exception: the finding or recommendation excepted to, and the grounds."""

    excepted_to: str
    grounds: str


@dataclass(frozen=True)
class ExceptionsIn:
    """A party's exceptions to the hearing officer's report, numbered, with receipt (see ObjectionsIn)."""

    party: str
    exceptions: tuple[ExceptionPoint, ...]
    received_on: date
    received_at: datetime | None = None
    method: FilingMethod = FilingMethod.E_FILING


def file_exceptions(session: Session, *, case_number: str, exceptions_in: ExceptionsIn,
                    election_sequence: int | None = None, as_of: datetime) -> Filing:
    """File a party's exceptions to the hearing officer's report with the Regional Director,
    within 10 business days from issuance (R-K1), served on the other parties with a statement of
    service. Raises UntimelyFiling, IllegalTransition. Authority: 29 CFR 102.69(c)(1)(iii), 102.2."""
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    party = get_party(session, case, exceptions_in.party)
    received = exceptions_in.received_at.isoformat() if exceptions_in.received_at else exceptions_in.received_on.isoformat()
    act_key = f"exceptions:e{election.sequence}:{party.key}:{received}"
    if (entry := already_done(session, case.id, act_key)) is not None:  # type: ignore[arg-type]
        filing = session.get(Filing, ref_id(entry, "filing"))
        assert filing is not None
        return filing
    if not exceptions_in.exceptions:
        raise ProcedureError("exceptions must state at least one exception")
    deadline = deadline_of(session, election, DeadlineKind.EXCEPTIONS)
    if deadline is None:
        raise ProcedureError(f"election {election.sequence} of {case.number} has no hearing officer's report to except to")
    computed = compute_for_case(case, DeadlineKind.EXCEPTIONS, deadline.trigger_on)
    if exceptions_in.received_at is not None:
        if exceptions_in.received_at.tzinfo is None:
            raise CasefileError("received_at must be timezone-aware")
        check_timely(exceptions_in.received_at, computed, method=exceptions_in.method,
                     what=f"exceptions of {party.name}")
    elif exceptions_in.received_on > computed.due_on:
        raise UntimelyFiling(f"exceptions of {party.name} received {exceptions_in.received_on.isoformat()} are untimely: "
                             f"due {computed.due_on.isoformat()}, cut-off {computed.cutoff_at.isoformat()} ({computed.citation})")
    require_stage(election, "filing exceptions", {Stage.HO_REPORT_ISSUED, Stage.EXCEPTIONS_PENDING})
    others = [p for p in parties_of(session, case) if p.id != party.id]
    filing = Filing(
        case_id=case.id, election_id=election.id, party_id=party.id, kind="exceptions",  # type: ignore[arg-type]
        received_at=exceptions_in.received_at, received_on=exceptions_in.received_on, method=exceptions_in.method,
        deadline_id=deadline.id, timely=True, timeliness_note=f"due {computed.due_on.isoformat()} ({computed.citation})",
        served_on=[{"party": p.name, "representative": p.representative, "manner": "email" if p.email else "[manner not in record]",
                    "address": p.email or p.address, "served_on": exceptions_in.received_on.isoformat()} for p in others],
        body=[{"excepted_to": e.excepted_to, "grounds": e.grounds} for e in exceptions_in.exceptions],
    )
    session.add(filing)
    session.flush()
    summary = f"Exceptions of {party.name} to the Hearing Officer's Report ({len(exceptions_in.exceptions)} exceptions)"
    if election.stage is Stage.HO_REPORT_ISSUED:
        advance(session, election, Stage.EXCEPTIONS_PENDING, as_of=as_of, occurred_on=exceptions_in.received_on,
                act="file-exceptions", act_key=act_key, actor=Actor.PARTY, summary=summary, ref=f"filing:{filing.id}")
    else:
        docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=exceptions_in.received_on,  # type: ignore[arg-type]
               act="file-exceptions", act_key=act_key, actor=Actor.PARTY, summary=summary, ref=f"filing:{filing.id}")
    return filing


def record_rd_decision(session: Session, *, case_number: str, decision_in: DecisionIn,
                       election_sequence: int | None = None, as_of: datetime) -> Decision:
    """Record the Regional Director's decision on objections (and challenged ballots).

    ``set-aside``: objections sustained → the election is set aside and a second election directed
    (R-O1); the document is the Decision and Direction of Second Election with the Notice of Second
    Election (Lufkin paragraph, R-O3). ``overrule``: objections overruled → certification due
    (R-H1, R-K4). A decision is no final disposition unless it certifies (R-N2, R-N3); the motion
    for reconsideration period runs from service (R-K6). Raises IllegalTransition, ProcedureError.
    Authority: 29 CFR 102.69(c)(1)(i), (c)(2); 102.65(e).
    """
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    act_key = f"rd-decision:e{election.sequence}:{decision_in.issued_on.isoformat()}"
    if (entry := already_done(session, case.id, act_key)) is not None:  # type: ignore[arg-type]
        return _decision(session, ref_id(entry, "decision"))
    require_stage(election, "the Regional Director's decision", {
        Stage.OBJECTIONS_PENDING, Stage.CHALLENGE_INVESTIGATION, Stage.HO_REPORT_ISSUED, Stage.EXCEPTIONS_PENDING,
        Stage.ALJ_DECISION_ISSUED})
    if decision_in.result == "certify":
        raise ProcedureError("a decision that certifies is recorded as 'overrule' followed by the certification act")
    rulings = _apply_rulings(session, election, decision_in, recommend_only=False)
    decision = _store_decision(session, case.id, election, "rd-decision", decision_in, rulings)  # type: ignore[arg-type]
    on = decision_in.issued_on
    ref = f"decision:{decision.id}"
    advance(session, election, Stage.RD_DECISION, as_of=as_of, occurred_on=on, act="rd-decision", act_key=act_key,
            actor=Actor.REGIONAL_DIRECTOR, summary=f"Regional Director's Decision: objections "
            f"{'sustained' if decision_in.result == 'set-aside' else 'overruled'}"
            + (f" — {decision_in.summary}" if decision_in.summary else ""), ref=ref)
    # Periods still open when the Regional Director decides are overtaken by the decision.
    close_open_deadlines(session, election, {DeadlineKind.EXCEPTIONS, DeadlineKind.ANSWERING_BRIEF,
                                             DeadlineKind.HEARING_OPENS, DeadlineKind.OFFER_OF_PROOF},
                         status=DeadlineStatus.MOOTED, as_of=as_of)
    if decision_in.result == "set-aside":
        election.next_kind = ElectionKind.RERUN
        election.next_choices = list(election.choices)
        election.next_against_on_ballot = election.against_on_ballot
        advance(session, election, Stage.SET_ASIDE, as_of=as_of, occurred_on=on, act="set-aside",
                act_key=act_key + ":set-aside", actor=Actor.REGIONAL_DIRECTOR,
                summary=f"Election {election.sequence} set aside", ref=ref)
        advance(session, election, Stage.RERUN_DIRECTED, as_of=as_of, occurred_on=on, act="direct-second-election",
                act_key=act_key + ":direct", actor=Actor.REGIONAL_DIRECTOR,
                summary="Second election directed (Decision and Direction of Second Election)", ref=ref)
        close_open_deadlines(session, election, {DeadlineKind.EARLIEST_CERTIFICATION}, status=DeadlineStatus.MOOTED,
                             as_of=as_of)
    else:
        advance(session, election, Stage.CERTIFICATION_DUE, as_of=as_of, occurred_on=on, act="certification-due",
                act_key=act_key + ":certification-due", actor=Actor.SYSTEM,
                summary="Objections overruled: certification due (R-H1)", ref=ref)
    keep_deadline(session, case=case, election=election, kind=DeadlineKind.RECONSIDERATION,
                  trigger=f"Regional Director's Decision served {on.isoformat()} (service date assumed = issue date)",
                  trigger_on=on, for_whom="all parties")
    return decision


def record_alj_decision(session: Session, *, case_number: str, decision_in: DecisionIn,
                        election_sequence: int | None = None, as_of: datetime) -> Decision:
    """Record an Administrative Law Judge's decision on consolidated unfair-labor-practice and
    representation issues (R-I4). In a stipulated or directed election, exceptions go to the Board
    (28 days, 102.46(a)); the ALJ's recommended set-aside takes effect only when the Board acts, so
    the election stays at alj-decision-issued. In a consent election the R case returns to the RD.
    Authority: 29 CFR 102.69(c)(1)(ii), (c)(2); 102.46(a)."""
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    act_key = f"alj-decision:e{election.sequence}:{decision_in.issued_on.isoformat()}"
    if (entry := already_done(session, case.id, act_key)) is not None:  # type: ignore[arg-type]
        return _decision(session, ref_id(entry, "decision"))
    require_stage(election, "the Administrative Law Judge's decision", {Stage.ALJ_CONSOLIDATED})
    rulings = _apply_rulings(session, election, decision_in, recommend_only=True)
    decision = _store_decision(session, case.id, election, "alj-decision", decision_in, rulings)  # type: ignore[arg-type]
    advance(session, election, Stage.ALJ_DECISION_ISSUED, as_of=as_of, occurred_on=decision_in.issued_on,
            act="alj-decision", act_key=act_key, actor=Actor.ADMINISTRATIVE_LAW_JUDGE,
            summary=f"Administrative Law Judge's Decision: {decision_in.result.replace('-', ' ')}"
            + (f" — {decision_in.summary}" if decision_in.summary else ""), ref=f"decision:{decision.id}")
    if case.agreement is not ElectionAgreement.CONSENT:
        keep_deadline(session, case=case, election=election, kind=DeadlineKind.ALJ_EXCEPTIONS,
                      trigger=f"ALJ decision and order transferring the case to the Board {decision_in.issued_on.isoformat()} "
                      "(transfer order date assumed = decision date)",
                      trigger_on=decision_in.issued_on, for_whom="all parties")
    return decision


def issue_certification(session: Session, *, case_number: str, issued_on: date, election_sequence: int | None = None,
                        as_of: datetime) -> Certification:
    """Record the Regional Director's Certification of Representative or of Results (R-H1, R-Q1, R-Q2).

    Which one follows from the tally's outcome (REP → representative, RESULTS → results); refused
    while the objection period is open (102.69(b)), while determinative challenges or objections
    are unresolved, or when the outcome calls for a runoff or a new election. Starts the request
    for review period for stipulated and directed elections (R-N2, 102.69(h)); a consent election
    closes (R-K5). Raises ProcedureError, IllegalTransition. Authority: 29 CFR 102.69(b), (h).
    """
    case = get_case(session, case_number)
    election = get_election(session, case, election_sequence, lock=True)
    act_key = f"certification:e{election.sequence}"
    if (entry := already_done(session, case.id, act_key)) is not None:  # type: ignore[arg-type]
        cert = session.get(Certification, ref_id(entry, "certification"))
        assert cert is not None
        return cert
    objections_deadline = deadline_of(session, election, DeadlineKind.OBJECTIONS)
    if objections_deadline is not None and issued_on <= objections_deadline.due_on:
        raise ProcedureError(
            f"no certification while the objection period is open: objections are due "
            f"{objections_deadline.due_on.isoformat()} (102.69(b)); the earliest certification date is the next business day"
        )
    require_stage(election, "certification", {Stage.CERTIFICATION_DUE, Stage.RD_DECISION})
    tally = latest_tally(session, election)
    assert tally is not None
    outcome = OutcomeKind(tally.outcome)
    if outcome not in (OutcomeKind.REP, OutcomeKind.RESULTS):
        raise ProcedureError(f"the tally's outcome is {tally.outcome_text}; no certification issues on it")
    kind = "representative" if outcome is OutcomeKind.REP else "results"
    cert = Certification(election_id=election.id, kind=kind, issued_on=issued_on,  # type: ignore[arg-type]
                         union=tally.majority_for if kind == "representative" else None)
    if kind == "representative" and cert.union is None:
        winner = max(tally.votes, key=lambda nv: nv[1])
        cert.union = winner[0]
    session.add(cert)
    session.flush()
    title = "Certification of Representative" if kind == "representative" else "Certification of Results"
    advance(session, election, Stage.CERTIFIED, as_of=as_of, occurred_on=issued_on, act="certification", act_key=act_key,
            actor=Actor.REGIONAL_DIRECTOR, summary=f"{title}" + (f": {cert.union}" if cert.union else ""),
            ref=f"certification:{cert.id}")
    close_open_deadlines(session, election, {DeadlineKind.EARLIEST_CERTIFICATION}, status=DeadlineStatus.MET, as_of=as_of)
    close_open_deadlines(session, election, {DeadlineKind.HEARING_OPENS, DeadlineKind.OFFER_OF_PROOF},
                         status=DeadlineStatus.MOOTED, as_of=as_of)
    if case.agreement is ElectionAgreement.CONSENT:
        advance(session, election, Stage.CLOSED, as_of=as_of, occurred_on=issued_on, act="close", act_key=act_key + ":close",
                actor=Actor.SYSTEM, summary="Consent election: the Regional Director's certification is final (R-K5)")
    else:
        for kind_ in (DeadlineKind.REQUEST_FOR_REVIEW, DeadlineKind.RFR_OPPOSITION):
            keep_deadline(session, case=case, election=election, kind=kind_, trigger=f"{title} issued {issued_on.isoformat()}",
                          trigger_on=issued_on, for_whom="all parties")
    return cert
