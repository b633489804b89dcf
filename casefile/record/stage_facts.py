"""What the one machine's guards read of an election (casefile.rules.stages.Facts), from its record:
objections undecided, and the challenged ballots as the register has them decided — a tally whose
challenged ballots were all sustained (or sealed for good once they could no longer matter) stands,
with the outcome of its count (casefile.rules.partial_resolution.standing_outcome)."""

from __future__ import annotations

from sqlmodel import Session

from casefile.record.lookups import counts_of, excluded_waiting, latest_tally, objections_still_pending, unresolved_statuses
from casefile.record.models import Election, Tally
from casefile.rules.excluded_ballots import with_excluded
from casefile.rules.outcome import Outcome
from casefile.rules.partial_resolution import standing_outcome, still_determinative
from casefile.rules.stages import Facts
from casefile.vocab import ChallengeStatus, OutcomeKind

__all__ = ["count_waiting", "overruled_facts", "stage_facts", "tally_stands"]


def tally_stands(session: Session, election: Election, tally: Tally | None = None) -> Outcome | None:
    """The outcome of the election's latest tally as it stands, when its determinative challenged ballots
    have all been decided without a count (every one sustained, or the rest sealed for good: R-E7) and
    none waits to be opened; None when the tally's challenges were never determinative, or still decide
    the outcome, or ballots overruled wait for the revised tally. Authority: 29 CFR 102.69(c)(1)(i), (e)."""
    tally = tally if tally is not None else latest_tally(session, election)
    if tally is None or not tally.determinative:
        return None
    statuses = unresolved_statuses(session, election)
    counts = counts_of(tally)
    return standing_outcome(counts, sustained=min(statuses.get(ChallengeStatus.SUSTAINED, 0), counts.challenged),
                            overruled=statuses.get(ChallengeStatus.OVERRULED, 0))


def stage_facts(session: Session, election: Election) -> Facts:
    """The election's objections undecided, and whether its challenged ballots are still to be decided or
    counted (determinative) with the outcome as it stands (R-D5)."""
    undecided = bool(objections_still_pending(session, election))
    tally = latest_tally(session, election)
    if tally is None:
        return Facts(objections_undecided=undecided)
    if excluded_waiting(session, election):  # ballots excluded at the count, ordered counted: the revised tally is due
        return Facts(objections_undecided=undecided, determinative=True, outcome=OutcomeKind(tally.outcome))
    if (stands := tally_stands(session, election, tally)) is not None:
        return Facts(objections_undecided=undecided, determinative=False, outcome=stands.kind)
    return Facts(objections_undecided=undecided, determinative=bool(tally.determinative),
                 outcome=OutcomeKind(tally.outcome))


def overruled_facts(session: Session, election: Election) -> Facts:
    """The facts once a decision overruled the objections: none undecided, the challenges as they stand."""
    facts = stage_facts(session, election)
    return Facts(objections_undecided=False, determinative=facts.determinative, outcome=facts.outcome,
                 review=facts.review, condition_pending=facts.condition_pending, condition=facts.condition)


def count_waiting(session: Session, election: Election) -> tuple[int, bool]:
    """The ballots of the election ordered opened and counted (challenges overruled, ballots excluded at the count
    ordered counted) that no revised tally has counted yet, and whether the ballots still unresolved can affect the
    result (casefile.rules.partial_resolution.still_determinative, the sustained ones out). (0, False) when none
    waits. Authority: 29 CFR 102.69(e); rules.md R-E7, R-L1."""
    tally = latest_tally(session, election)
    statuses = unresolved_statuses(session, election)
    waiting = statuses.get(ChallengeStatus.OVERRULED, 0)
    if tally is None or waiting == 0:
        return 0, False
    counts = with_excluded(counts_of(tally), excluded_waiting(session, election))
    sustained = min(statuses.get(ChallengeStatus.SUSTAINED, 0), counts.challenged)
    return waiting, still_determinative(counts, sustained=sustained)
