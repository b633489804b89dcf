"""A second election directed on a condition (casefile.rules.conditional_rerun), as the record holds it:
the decision that made it, whether a later revised tally has decided it, and what that tally does.

The Regional Director's decision sustains the objections of the party that is behind and directs a
new election *if* the revised tally (the challenged ballots opened and counted) shows that party lost:
no majority for a labor organization (a labor organization's objections, ``no-union-majority``), or a
majority for one (the employer's, ``union-majority``); the election is set aside and the rerun directed
on that condition (rd-decision with ``condition``). The revised tally, recorded later (even months later,
after the rerun was directed), decides: the direction stands (the Decision and Direction of Second
Election issues) or lapses (the certification follows the revised tally's objection period).
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from casefile.record.conditions import conditional_decision, decided_by, pending_condition
from casefile.record.models import Decision, Election, Objection, Tally
from casefile.record.refs import ref_to
from casefile.record.workflow import advance
from casefile.rules.conditional_rerun import NO_UNION_MAJORITY, condition_sentence, rerun_stands
from casefile.vocab import (
    Actor,
    Disposition,
    DocketActName,
    OutcomeKind,
    Stage,
    election_directed,
    ordinal,
)

__all__ = ["apply_condition", "conditional_decision", "decided_by", "pending_condition", "shows_on"]


def apply_condition(session: Session, election: Election, decision: Decision, revised: Tally, *, as_of: datetime,
                    key: str) -> tuple[bool | None, str]:
    """What the revised tally ``revised`` (just recorded, the election at revised-tally-issued) does to
    the conditional ``decision``: None — its challenges still decide the outcome, the condition waits;
    True — the condition met (casefile.rules.conditional_rerun.rerun_stands): the election stays set aside
    and the second election stands directed (revised-tally-issued → set-aside → rerun-directed); False —
    the objecting party prevailed: the direction lapses (the election stays at revised-tally-issued; the
    certification of representative or of results follows its objection period, R-L2) and the sustained
    objections are moot (R-M2). Returns the outcome and the docket's sentence. Authority: 29 CFR 102.69(e); rules.md
    R-L2, R-M2, R-O1; casefile.rules.conditional_rerun."""
    stands = rerun_stands(decision.condition, revised.outcome, revised.winner)
    on = revised.prepared_on
    if stands is None:
        return None, f"the conditional direction of {decision.issued_on.isoformat()} waits: challenges still determinative"
    if stands:
        advance(session, election, Stage.SET_ASIDE, as_of=as_of, occurred_on=on, act=DocketActName.SET_ASIDE, act_key=key + ":set-aside",
                actor=Actor.REGIONAL_DIRECTOR, ref=ref_to(decision),
                summary=f"Election {election.sequence} set aside: the revised tally of {on.isoformat()} {shows_on(decision, revised)}, "
                        f"so the condition of the decision of {decision.issued_on.isoformat()} "
                        f"is met ({condition_sentence(decision.condition, set_aside=election.sequence)})")
        advance(session, election, Stage.RERUN_DIRECTED, as_of=as_of, occurred_on=on, act=DocketActName.DIRECT_SECOND_ELECTION,
                act_key=key + ":direct", actor=Actor.REGIONAL_DIRECTOR, ref=ref_to(decision),
                summary=f"{election_directed(election.sequence)} (the Regional Director's decision of {decision.issued_on.isoformat()})")
        return True, f"the {ordinal(election.sequence + 1)} election stands directed"
    election.next_kind = None
    election.next_choices = []
    session.add(election)
    mooted = 0
    for objection in session.exec(select(Objection).where(Objection.election_id == election.id,
                                                          Objection.disposition == Disposition.SUSTAINED)):
        objection.disposition = Disposition.MOOT
        objection.disposition_reason = (f"moot: {shows_on(decision, revised)} on the revised tally of {on.isoformat()}; "
                                        f"the decision of {decision.issued_on.isoformat()} directed a new election only "
                                        f"if it {'did not' if decision.condition == NO_UNION_MAJORITY else 'did'}")
        session.add(objection)
        mooted += 1
    return False, (f"{shows_on(decision, revised)}: the conditional direction of a {ordinal(election.sequence + 1)} "
                   f"election of {decision.issued_on.isoformat()} lapses"
                   + (f" ({mooted} sustained objections moot)" if mooted else ""))


def shows_on(decision: Decision, revised: Tally) -> str:
    """What ``revised`` shows of the condition of ``decision``, for the docket: "Workers United has a majority",
    "no labor organization has a majority", "no choice has a majority (a runoff is not held over sustained
    objections)". Authority: 29 CFR 102.69(e); rules.md R-M2, R-P1."""
    kind = OutcomeKind(revised.outcome)
    if kind is OutcomeKind.REP and revised.winner:
        return f"{revised.winner} has a majority"
    if kind is OutcomeKind.RESULTS or decision.condition == NO_UNION_MAJORITY:
        return "no labor organization has a majority"
    return "no choice has a majority (a runoff or new election under 102.70 is not held over sustained objections)"
