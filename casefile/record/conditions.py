"""A conditional direction of a new election as the record holds it (casefile.rules.conditional_rerun): the decision
that made it and whether a later revised tally has decided it — read by the acts (casefile.acts.conditional_direction)
and by the stage refusals (casefile.record.workflow). Authority: 29 CFR 102.69(e); rules.md R-M2, R-M4."""

from __future__ import annotations

from sqlmodel import Session, col, select

from casefile.record.models import Decision, Election, Tally
from casefile.rules.conditional_rerun import rerun_stands
from casefile.vocab import DecisionResult, TallyKind

__all__ = ["conditional_decision", "decided_by", "pending_condition"]


def conditional_decision(session: Session, election: Election) -> Decision | None:
    """The election's latest decision that directed the second election on a condition, or None."""
    return session.exec(select(Decision).where(Decision.election_id == election.id, Decision.condition != "",
                                               Decision.result == DecisionResult.SET_ASIDE)
                        .order_by(col(Decision.issued_on).desc(), col(Decision.id).desc())).first()


def decided_by(session: Session, decision: Decision, *, before_id: int | None = None) -> tuple[Tally, bool] | None:
    """The revised tally (made available on or after the decision) that decided its condition, with
    True when the second election stands, False when the direction lapsed; None while undecided.
    ``before_id``: only tallies recorded before that one."""
    query = select(Tally).where(Tally.election_id == decision.election_id, Tally.kind == TallyKind.REVISED,
                                col(Tally.prepared_on) >= decision.issued_on).order_by(col(Tally.id))
    for tally in session.exec(query):
        if before_id is not None and tally.id is not None and tally.id >= before_id:
            break
        stands = rerun_stands(decision.condition, tally.outcome, tally.winner)
        if stands is not None:
            return tally, stands
    return None


def pending_condition(session: Session, election: Election) -> Decision | None:
    """The election's conditional direction still waiting on a revised tally, or None."""
    decision = conditional_decision(session, election)
    if decision is None or decided_by(session, decision) is not None:
        return None
    return decision
