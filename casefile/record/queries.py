"""Read models: a case as a lawyer reads it (elections, tallies, objections, deadlines, docket,
documents), as plain JSON-able data for ``case show --json``, the tables and the status report."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import or_
from sqlmodel import Session, col, func, select

from casefile.record.models import (
    Case,
    Certification,
    ChallengedBallot,
    Deadline,
    Decision,
    DocketEntry,
    Document,
    Election,
    Filing,
    Objection,
    Party,
    Tally,
)
from casefile.rules.challenge_analysis import analyze_challenges
from casefile.rules.offices import office_named
from casefile.record.lookups import elections_of, get_case, parties_of
from casefile.services.tallies import counts_of
from casefile.vocab import DeadlineStatus


def tally_view(tally: Tally) -> dict[str, Any]:
    return {
        "kind": tally.kind.value, "prepared_on": tally.prepared_on.isoformat(), "eligible": tally.eligible,
        "void": tally.void, "choices": [{"name": n, "votes": v} for n, v in tally.votes], "against": tally.against,
        "valid": tally.valid, "challenged": tally.challenged, "valid_plus_challenged": tally.valid_plus_challenged,
        "determinative": tally.determinative, "majority_for": tally.majority_for, "outcome": tally.outcome,
        "outcome_text": tally.outcome_text, "reachable": list(tally.reachable), "warnings": list(tally.warnings),
        "revises": tally.revises_id is not None, "opened": tally.opened,
        "challenge_analysis": [_requirement_view(r) for r in analyze_challenges(counts_of(tally))] if tally.determinative else [],
    }


def _requirement_view(r: Any) -> dict[str, Any]:
    def req(x: Any) -> dict[str, Any] | None:
        return None if x is None else {"count": x.count, "of": x.of, "distribution": dict(x.distribution)}

    return {"outcome": r.outcome.kind.value, "winner": r.outcome.winner,
            "runoff_choices": list(r.outcome.runoff_choices) if r.outcome.runoff_choices else None,
            "fewest_needed": req(r.fewest_needed), "all_opened": req(r.all_opened), "sentence": r.sentence}


def deadline_view(d: Deadline) -> dict[str, Any]:
    """A deadline as plain data; ``cutoff_at`` is given in the receiving office's own zone."""
    cutoff = d.cutoff_at.astimezone(ZoneInfo(office_named(d.office_key).tz))
    return {
        "id": d.id, "kind": d.kind.value, "for": d.for_whom, "trigger": d.trigger, "trigger_on": d.trigger_on.isoformat(),
        "due_on": d.due_on.isoformat(), "cutoff_at": cutoff.isoformat(), "citation": d.citation,
        "rule_set": d.rule_set_id, "office": d.office_key, "calendar": d.calendar_id, "status": d.status.value,
        "derivation": list(d.derivation),
    }


def case_view(session: Session, number: str) -> dict[str, Any]:
    """Everything about one case, JSON-able. Raises MalformedCaseNumber, UnknownCase."""
    case = get_case(session, number)
    parties = {p.id: p for p in parties_of(session, case)}
    elections = []
    for election in elections_of(session, case):
        elections.append(_election_view(session, election, parties))
    docket = session.exec(select(DocketEntry).where(DocketEntry.case_id == case.id)
                          .order_by(col(DocketEntry.occurred_on), col(DocketEntry.id))).all()
    documents = session.exec(select(Document).where(Document.case_id == case.id).order_by(col(Document.id))).all()
    return {
        "case_number": case.number, "name": case.name, "case_type": case.case_type.value, "region": case.region,
        "office": case.office_key, "agreement": case.agreement.value if case.agreement else None,
        "petition_filed_on": case.petition_filed_on.isoformat() if case.petition_filed_on else None, "rule_set": case.rule_set_id,
        "notes": list(case.notes),
        "parties": [{"key": p.key, "role": p.role.value, "name": p.name, "representative": p.representative}
                    for p in parties.values()],
        "elections": elections,
        "docket": [{"occurred_on": e.occurred_on.isoformat(), "act": e.act, "actor": e.actor.value, "summary": e.summary,
                    "from_stage": e.from_stage.value if e.from_stage else None,
                    "to_stage": e.to_stage.value if e.to_stage else None} for e in docket],
        "documents": [{"kind": d.kind.value, "title": d.title, "issued_on": d.issued_on.isoformat(), "path": d.path,
                       "sha256": d.sha256, "version": d.version, "confidential": d.confidential} for d in documents],
    }


def _election_view(session: Session, election: Election, parties: dict[int | None, Party]) -> dict[str, Any]:
    tallies = session.exec(select(Tally).where(Tally.election_id == election.id).order_by(col(Tally.id))).all()
    objections = session.exec(select(Objection).where(Objection.election_id == election.id)
                              .order_by(col(Objection.party_id), col(Objection.number))).all()
    deadlines = session.exec(select(Deadline).where(Deadline.election_id == election.id)
                             .order_by(col(Deadline.due_on), col(Deadline.id))).all()
    decisions = session.exec(select(Decision).where(Decision.election_id == election.id).order_by(col(Decision.id))).all()
    cert = session.exec(select(Certification).where(Certification.election_id == election.id)).first()
    filings = session.exec(select(Filing).where(Filing.election_id == election.id).order_by(col(Filing.id))).all()
    by_party: dict[str, dict[str, int]] = {}
    for o in objections:
        name = parties[o.party_id].name
        counts = by_party.setdefault(name, {})
        counts[o.disposition.value] = counts.get(o.disposition.value, 0) + 1
    follows = session.get(Election, election.follows_id) if election.follows_id else None
    register = dict(session.exec(select(ChallengedBallot.status, func.count()).where(  # type: ignore[call-overload]
        ChallengedBallot.election_id == election.id).group_by(ChallengedBallot.status)).all())
    return {
        "sequence": election.sequence, "kind": election.kind.value, "follows": follows.sequence if follows else None,
        "reason": election.reason, "method": election.method.value,
        "held_from_on": election.held_from_on.isoformat() if election.held_from_on else None,
        "held_to_on": election.held_to_on.isoformat() if election.held_to_on else None,
        "stage": election.stage.value, "stage_entered_at": election.stage_entered_at.isoformat(),
        "tallies": [tally_view(t) for t in tallies],
        "challenged_ballots": {status.value: n for status, n in register.items()},
        "next": {"kind": election.next_kind.value, "choices": list(election.next_choices)} if election.next_kind else None,
        "objections": by_party,
        "filings": [{"kind": f.kind, "party": parties[f.party_id].name, "received_on": f.received_on.isoformat(),
                     "timely": f.timely, "confidential": f.confidential} for f in filings],
        "decisions": [{"kind": d.kind, "issued_on": d.issued_on.isoformat(), "issuer": d.issuer, "result": d.result,
                       "summary": d.summary} for d in decisions],
        "certification": {"kind": cert.kind, "issued_on": cert.issued_on.isoformat(), "union": cert.union} if cert else None,
        "deadlines": [deadline_view(d) for d in deadlines],
    }


def open_deadlines(session: Session, *, as_of: datetime, case_number: str | None = None) -> list[dict[str, Any]]:
    """Deadlines that were running at ``as_of``, soonest first, across cases or for one case: started
    on or before that day, cut-off not yet passed, and not closed before it (a deadline met or
    mooted later was still open then). So a past date shows the situation as it stood that day.
    One indexed query (cut-off), not a Python loop over cases."""
    query = (select(Deadline, Case.number).join(Case, Case.id == Deadline.case_id)  # type: ignore[arg-type]
             .where(col(Deadline.cutoff_at) >= as_of, col(Deadline.trigger_on) <= as_of.date(),
                    or_(Deadline.status == DeadlineStatus.OPEN, col(Deadline.closed_at) > as_of)))
    if case_number is not None:
        query = query.where(Case.id == get_case(session, case_number).id)
    rows = session.exec(query.order_by(col(Deadline.cutoff_at), col(Deadline.id))).all()
    return [{"case_number": number, **deadline_view(d), "status": "open"} for d, number in rows]
