"""The register of an election's challenged ballots, as the challenge acts read and re-test it
(register-challenges, rule-on-challenges, revised-tally)."""

from __future__ import annotations

from datetime import date, datetime

from sqlmodel import Session, col, select

from casefile.errors import BadInput, ProcedureError, UnknownRecord
from casefile.record.lookups import counts_of, excluded_waiting, latest_tally, unresolved_statuses
from casefile.record.models import ChallengedBallot, Election, Tally
from casefile.record.refs import Ref
from casefile.record.stage_facts import stage_facts
from casefile.record.workflow import advance
from casefile.rules.challenge_words import ruling_words
from casefile.rules.excluded_ballots import with_excluded
from casefile.rules.partial_resolution import still_determinative
from casefile.rules.stages import accepted_at, next_stage
from casefile.vocab import Actor, ChallengeStatus, DocketActName, Stage, TallyKind, counted

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


def retest(session: Session, election: Election) -> str:
    """R-E7 after a ruling: are the ballots still unresolved (pending, and overruled but not yet
    opened) determinative, with the sustained ones out? If not, the pending ones stay sealed for
    good (status not-determinative). Returns the sentence for the docket ("" when nothing is
    pending). Authority: rules.md R-E2, R-E7 (casefile.rules.partial_resolution)."""
    tally = current_tally(session, election)
    statuses = unresolved_statuses(session, election)
    if statuses.get(ChallengeStatus.PENDING, 0) == 0:
        return ""
    counts = with_excluded(counts_of(tally), excluded_waiting(session, election))
    sustained = min(statuses.get(ChallengeStatus.SUSTAINED, 0), counts.challenged)
    unresolved = counts.challenged - sustained
    if still_determinative(counts, sustained=sustained):
        return f"the {counted(unresolved, 'ballot')} still unresolved {'remains' if unresolved == 1 else 'remain'} determinative"
    pending = [b for b in register_of(session, election) if b.status is ChallengeStatus.PENDING]
    for ballot in pending:
        ballot.status = ChallengeStatus.NOT_DETERMINATIVE
        ballot.ruled_by, ballot.reason = None, ""  # no one ruled: its status says it stays sealed (R-E7)
        session.add(ballot)
    session.flush()
    one = len(pending) == 1
    return (f"the {counted(len(pending), 'ballot')} still pending {'is' if one else 'are'} no longer "
            f"determinative and {'stays' if one else 'stay'} sealed")  # 29 CFR 102.69(c)(1)(i): never opened


def select_ballots(session: Session, election: Election, *, voters: list[str], ground: str | None,
                   at: str = "") -> list[ChallengedBallot]:
    """The pending ballots a ruling is on: the ``voters`` named, else every pending ballot with the ``ground``,
    else every pending ballot. ``at`` prefixes the field paths of a ruling inside another act
    (``challenges.0.``). Raises UnknownRecord (a voter not registered), BadInput (a voter twice),
    ProcedureError (a ballot not pending; a ground no pending ballot has; nothing pending)."""
    ballots = register_of(session, election)
    if voters:
        by_voter = {b.voter: b for b in ballots}
        chosen: list[ChallengedBallot] = []
        for i, voter in enumerate(voters):
            ballot = by_voter.get(voter)
            if ballot is None:
                raise UnknownRecord(f"no challenged ballot of {voter!r} in election {election.sequence}",
                                    field=f"{at}voters.{i}")
            if any(b.id == ballot.id for b in chosen):
                raise BadInput(f"the ruling names {voter!r} twice", field=f"{at}voters.{i}")
            if ballot.status is not ChallengeStatus.PENDING:
                raise ProcedureError(f"the challenged ballot of {voter!r} is not pending (it is {ballot.status.value}: "
                                     f"{ruling_words(ballot.ruled_by, ballot.ruled_on) or 'no ruling recorded'})", field=f"{at}voters.{i}")
            chosen.append(ballot)
        return chosen
    pending = [b for b in ballots if b.status is ChallengeStatus.PENDING]
    if ground is not None:
        chosen = [b for b in pending if b.ground == ground]
        if not chosen:
            grounds = sorted({b.ground for b in pending}) or ["none pending"]
            raise ProcedureError(f"no pending challenged ballot has the ground {ground!r} (pending grounds: "
                                 f"{'; '.join(grounds)})", field=f"{at}ground")
        return chosen
    if not pending:
        raise ProcedureError(f"election {election.sequence} has no pending challenged ballot to rule on",
                             field=f"{at}all_pending")
    return pending


def move_when_the_tally_stands(session: Session, election: Election, *, act: str, key: str, as_of: datetime, on: date,
                               ref: Ref) -> Stage | None:
    """After a ruling on challenged ballots (``act``: rule-on-challenges, rd-decision): the stage the table
    moves the election to when the ruling leaves nothing to count (casefile.rules.stages: certification-due
    for a final outcome, runoff-due for a runoff or nullity) — moved here, the docket saying why — or None.
    Authority: 29 CFR 102.69(c)(1)(i), (e); 102.70; rules.md R-E7, R-H1."""
    facts = stage_facts(session, election)
    if facts.determinative or facts.objections_undecided or election.stage not in accepted_at(act):
        return None
    to = next_stage(act, election.stage, facts)
    if to is None or to is election.stage:
        return None
    why = ("every determinative challenged ballot is sustained (the rest cannot affect the result): the tally stands, "
           "with no revised tally and no new objection period (102.69(c)(1)(i), (e)); ")
    why += "the certification is due (29 CFR 102.69(b))" if to is Stage.CERTIFICATION_DUE else "the runoff or new election is due (102.70)"
    advance(session, election, to, as_of=as_of, occurred_on=on, act=DocketActName(to.value), act_key=f"{key}:{to.value}",
            actor=Actor.SYSTEM, summary=why[0].upper() + why[1:], ref=ref)
    return to
