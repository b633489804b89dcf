"""How the record resolved a tally's determinative challenged ballots without a count, for what reads the
tally after the rulings (the certification, the case status report, ``case show``): the outcome that
stands (casefile.record.stage_facts.tally_stands) and the rulings in words from the ballots' typed fields
(casefile.rules.challenge_words.resolution_words) — never the tally's "sufficient to affect the results"
as if it still held. Authority: 29 CFR 102.69(c)(1)(i); rules.md R-E2, R-E7."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from casefile.record.lookups import latest_tally
from casefile.record.models import ChallengedBallot, Election, Tally
from casefile.record.stage_facts import tally_stands
from casefile.rules.challenge_words import resolution_words
from casefile.rules.outcome import Outcome

__all__ = ["Resolved", "resolved_without_count"]


@dataclass(frozen=True)
class Resolved:
    """A tally's challenged ballots decided without a count: ``rulings`` in words ("3 sustained by the Regional
    Director on September 21, 2026"), ``outcome`` the tally's outcome as it stands, ``count`` how many ballots
    (the tally's challenged line)."""

    rulings: str
    outcome: Outcome
    count: int


def resolved_without_count(session: Session, election: Election, tally: Tally) -> Resolved | None:
    """For ``tally``, the election's latest, whose challenged ballots were determinative when it was counted: how the
    register resolved them without opening any (every one sustained, or the rest sealed for good once they could no
    longer matter) and the outcome that stands. None when ``tally`` is not the latest, its challenges were never
    determinative, some still decide the outcome or wait to be opened, or the register does not hold exactly the
    ballots of its challenged line (the record does not tie the rulings to the tally's figure then)."""
    if tally.id != getattr(latest_tally(session, election), "id", None):
        return None
    outcome = tally_stands(session, election, tally)
    if outcome is None:
        return None
    ballots = session.exec(select(ChallengedBallot).where(
        ChallengedBallot.election_id == election.id, col(ChallengedBallot.revised_tally_id).is_(None),
        ChallengedBallot.excluded_at_count == False)  # noqa: E712  (an excluded ballot is on no challenged line)
        .order_by(col(ChallengedBallot.ruled_on), col(ChallengedBallot.id))).all()
    if len(ballots) != tally.challenged:
        return None
    try:
        words = resolution_words([(b.status, b.ruled_by, b.ruled_on) for b in ballots])
    except ValueError:  # a ballot pending or overruled: not resolved without a count
        return None
    return Resolved(rulings=words, outcome=outcome, count=len(ballots))
