"""What the one machine's guards read of an election (casefile.rules.stages.Facts), from its record:
objections undecided, and the challenged ballots as the register has them decided — a tally whose
challenged ballots were all sustained (or sealed for good once they could no longer matter) stands,
with the outcome of its count (casefile.rules.partial_resolution.standing_outcome)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from casefile.record.lookups import counts_of, excluded_waiting, latest_tally, objections_still_pending, unresolved_statuses
from casefile.record.models import Election, Tally
from casefile.rules.excluded_ballots import with_excluded
from casefile.rules.outcome import Outcome, TallyCounts
from casefile.rules.partial_resolution import standing_outcome, still_determinative
from casefile.rules.stages import Facts
from casefile.vocab import ChallengeStatus, OutcomeKind

__all__ = ["AfterRulings", "after_rulings", "count_waiting", "overruled_facts", "rulings_state", "stage_facts",
           "tally_stands"]


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


@dataclass(frozen=True)
class AfterRulings:
    """The election's latest tally as the rulings on its challenged ballots leave it: ``counts`` the tally (ballots
    excluded at the count and ordered counted on its challenged line), ``sustained`` how many of its challenged
    ballots are sustained (never counted), ``ordered`` how many are ordered opened and counted and not yet counted in
    a revised tally; the rest of the challenged line (``unresolved`` less ``ordered``) is still pending."""

    counts: TallyCounts
    sustained: int
    ordered: int

    @property
    def unresolved(self) -> int:
        """The ballots a revised tally may still count: the challenged line less those sustained."""
        return self.counts.challenged - self.sustained


def rulings_state(counts: TallyCounts, statuses: dict[ChallengeStatus, int], excluded: int = 0) -> AfterRulings | None:
    """The tally ``counts`` with the register's rulings since: ``statuses`` the registered ballots not yet in a revised
    tally by status, ``excluded`` those of them excluded at the count and ordered counted (added to the challenged
    line: rules.excluded_ballots.with_excluded). None when none is sustained or ordered opened. Authority: 29 CFR
    102.69(c)(1)(i), (e); rules.md R-E7."""
    counts = with_excluded(counts, excluded)
    sustained = min(statuses.get(ChallengeStatus.SUSTAINED, 0), counts.challenged)
    ordered = statuses.get(ChallengeStatus.OVERRULED, 0)
    if not sustained and not ordered:
        return None
    return AfterRulings(counts, sustained, ordered)


def after_rulings(session: Session, election: Election) -> AfterRulings | None:
    """The election's latest tally with the register's rulings since (rulings_state); None without a tally or when no
    registered ballot is ruled on yet (sustained or ordered opened): the tally itself says what is unresolved.
    Authority: 29 CFR 102.69(c)(1)(i), (e); rules.md R-E7."""
    tally = latest_tally(session, election)
    if tally is None:
        return None
    return rulings_state(counts_of(tally), unresolved_statuses(session, election), excluded_waiting(session, election))


def count_waiting(session: Session, election: Election) -> tuple[int, bool]:
    """The ballots of the election ordered opened and counted (challenges overruled, ballots excluded at the count
    ordered counted) that no revised tally has counted yet, and whether the ballots still unresolved can affect the
    result (casefile.rules.partial_resolution.still_determinative, the sustained ones out). (0, False) when none
    waits. Authority: 29 CFR 102.69(e); rules.md R-E7, R-L1."""
    state = after_rulings(session, election)
    if state is None or state.ordered == 0:
        return 0, False
    return state.ordered, still_determinative(state.counts, sustained=state.sustained)
