"""The register of an election's challenged ballots, as the challenge acts read and re-test it
(register-challenges, rule-on-challenges, revised-tally)."""

from __future__ import annotations

from sqlmodel import Session, col, func, select

from casefile.errors import UnknownRecord
from casefile.record.lookups import counts_of, latest_tally
from casefile.record.models import ChallengedBallot, Election, Tally
from casefile.rules.partial_resolution import still_determinative
from casefile.rules.stages import accepted_at
from casefile.vocab import ChallengeStatus, Stage, TallyKind

#: Stages in which the Region may rule on challenged ballots and open them (rules.md §4).
RULING_STAGES = accepted_at("rule-on-challenges")


def register_of(session: Session, election: Election) -> list[ChallengedBallot]:
    """The election's challenged ballots, in the order registered."""
    return list(session.exec(select(ChallengedBallot).where(ChallengedBallot.election_id == election.id)
                             .order_by(col(ChallengedBallot.id))))


def current_tally(session: Session, election: Election) -> Tally:
    """The election's latest tally (a revised one when there is one). Raises UnknownRecord."""
    tally = latest_tally(session, election)
    if tally is None:
        raise UnknownRecord(f"election {election.sequence} has no tally", field="election")
    return tally


def counted_tally(session: Session, election: Election) -> Tally:
    """The tally of the count itself (initial, rerun or runoff: not a revised one), whose
    challenged line the register may not exceed. Raises UnknownRecord."""
    tally = session.exec(select(Tally).where(Tally.election_id == election.id, Tally.kind != TallyKind.REVISED)
                         .order_by(col(Tally.id))).first()
    if tally is None:
        raise UnknownRecord(f"election {election.sequence} has no tally", field="election")
    return tally


def unresolved_statuses(session: Session, election: Election) -> dict[ChallengeStatus, int]:
    """How many of the election's registered ballots not yet in a revised tally have each status."""
    rows = session.exec(select(ChallengedBallot.status, func.count()).where(  # type: ignore[call-overload]
        ChallengedBallot.election_id == election.id, col(ChallengedBallot.revised_tally_id).is_(None),
    ).group_by(ChallengedBallot.status)).all()
    return {ChallengeStatus(status): int(n) for status, n in rows}


def retest(session: Session, election: Election) -> str:
    """R-E7 after a ruling: are the ballots still unresolved (pending, and overruled but not yet
    opened) determinative, with the sustained ones out? If not, the pending ones stay sealed for
    good (status not-determinative). Returns the sentence for the docket ("" when nothing is
    pending). Authority: rules.md R-E2, R-E7 (casefile.rules.partial_resolution)."""
    tally = current_tally(session, election)
    statuses = unresolved_statuses(session, election)
    if statuses.get(ChallengeStatus.PENDING, 0) == 0:
        return ""
    counts = counts_of(tally)
    sustained = min(statuses.get(ChallengeStatus.SUSTAINED, 0), counts.challenged)
    unresolved = counts.challenged - sustained
    if still_determinative(counts, sustained=sustained):
        return f"the {unresolved} ballots still unresolved remain determinative"
    pending = [b for b in register_of(session, election) if b.status is ChallengeStatus.PENDING]
    for ballot in pending:
        ballot.status = ChallengeStatus.NOT_DETERMINATIVE
        ballot.ruling = "no longer determinative (R-E7): stays sealed"
        session.add(ballot)
    session.flush()
    return f"the {len(pending)} ballots still pending are no longer determinative and stay sealed (R-E7)"
