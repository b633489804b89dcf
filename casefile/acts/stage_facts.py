"""What the one machine's guards read of an election (casefile.rules.stages.Facts), from its record."""

from __future__ import annotations

from sqlmodel import Session

from casefile.record.lookups import latest_tally, objections_still_pending
from casefile.record.models import Election
from casefile.rules.stages import Facts
from casefile.vocab import OutcomeKind

__all__ = ["overruled_facts", "stage_facts"]


def stage_facts(session: Session, election: Election) -> Facts:
    """The election's objections undecided, and its latest tally's determinativeness and outcome (R-D5)."""
    tally = latest_tally(session, election)
    if tally is None:
        return Facts(objections_undecided=bool(objections_still_pending(session, election)))
    return Facts(objections_undecided=bool(objections_still_pending(session, election)),
                 determinative=bool(tally.determinative), outcome=OutcomeKind(tally.outcome))


def overruled_facts(session: Session, election: Election) -> Facts:
    """The facts once a decision overruled the objections: none undecided, the tally's as they stand."""
    facts = stage_facts(session, election)
    return Facts(objections_undecided=False, determinative=facts.determinative, outcome=facts.outcome,
                 review=facts.review, condition_pending=facts.condition_pending)
