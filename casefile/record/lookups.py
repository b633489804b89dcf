"""Look-ups shared by the services: a case by number, its elections, parties and deadlines."""

from __future__ import annotations

from sqlmodel import Session, col, select

from casefile.errors import UnknownCase, UnknownRecord
from casefile.record.models import Case, Deadline, Election, Party, Tally
from casefile.rules.case_numbers import parse_case_number
from casefile.rules.tally import TallyCounts
from casefile.vocab import ChallengeStatus, DeadlineKind


def get_case(session: Session, number: str) -> Case:
    """The case with ``number`` (normalized first). Raises MalformedCaseNumber or UnknownCase."""
    normalized = str(parse_case_number(number))
    case = session.exec(select(Case).where(Case.number == normalized)).first()
    if case is None:
        raise UnknownCase(f"no case {normalized} in the database (open it first, or replay a scenario)")
    return case


def elections_of(session: Session, case: Case, *, lock: bool = False) -> list[Election]:
    """The case's elections, in sequence. ``lock``: lock the rows until the transaction ends
    (SELECT ... FOR UPDATE on PostgreSQL; on SQLite the write transaction already holds the lock)."""
    query = select(Election).where(Election.case_id == case.id).order_by(col(Election.sequence))
    if lock:
        query = query.with_for_update()
    return list(session.exec(query))


def get_election(session: Session, case: Case, sequence: int | None = None, *, lock: bool = False) -> Election:
    """Election ``sequence`` of the case, or its latest election. ``lock`` as in elections_of: every
    act that changes an election locks it first, so two concurrent acts cannot both move it from
    the same stage. Raises UnknownRecord."""
    elections = elections_of(session, case, lock=lock)
    if not elections:
        raise UnknownRecord(f"case {case.number} has no election yet: record its tally of ballots first")
    if sequence is None:
        return elections[-1]
    for election in elections:
        if election.sequence == sequence:
            return election
    raise UnknownRecord(f"case {case.number} has no election {sequence} (it has {len(elections)})")


def get_party(session: Session, case: Case, key: str) -> Party:
    """The party of the case named ``key``: its handle, its exact name, or its role where exactly one party has
    it ("petitioner", "employer"; :func:`find_party`). Raises UnknownRecord listing every party's handle with its
    role and name (:func:`parties_in_words`)."""
    parties = parties_of(session, case)
    party = find_party(parties, key)
    if party is None:
        from casefile.validation import did_you_mean

        hint = did_you_mean(key, [name for p in parties for name in (p.key, p.name)])
        raise UnknownRecord(f"case {case.number} has no party {key!r}{hint} (parties: {parties_in_words(parties)})")
    return party


def find_party(parties: list[Party], key: str) -> Party | None:
    """The party among ``parties`` that ``key`` names: its handle; else its role (as ``casefile case show``
    prints it: "petitioner", "employer", "intervenor", any case) when exactly one party has that role; else its
    exact name when exactly one party bears it. None when none does (or a role or name several parties have).
    In that order because a party may change its name (``correct-party``) but never its handle or role: a name
    never wins over another party's handle or role (an employer renamed "rwdsu" or "Petitioner" is not found
    by the union's handle or role)."""
    for party in parties:
        if key == party.key:
            return party
    wanted = key.strip().casefold().replace("_", "-").replace(" ", "-")
    by_role = [p for p in parties if p.role.value == wanted]
    if len(by_role) == 1:
        return by_role[0]
    by_name = [p for p in parties if p.name == key]
    return by_name[0] if len(by_name) == 1 and not by_role else None


def parties_in_words(parties: list[Party]) -> str:
    """Each party's handle with its role and name ("employer (employer: Amazon.com Services LLC), union
    (petitioner: Retail, Wholesale and Department Store Union)"), or "none"."""
    return ", ".join(f"{p.key} ({p.role.value}: {p.name})" for p in parties) or "none"


def parties_of(session: Session, case: Case) -> list[Party]:
    return list(session.exec(select(Party).where(Party.case_id == case.id).order_by(col(Party.id))))


def latest_tally(session: Session, election: Election) -> Tally | None:
    return session.exec(
        select(Tally).where(Tally.election_id == election.id).order_by(col(Tally.prepared_on).desc(), col(Tally.id).desc())
    ).first()


def deadline_of(session: Session, election: Election, kind: DeadlineKind) -> Deadline | None:
    """The latest deadline of ``kind`` in the election (by trigger date), or None."""
    return session.exec(
        select(Deadline)
        .where(Deadline.election_id == election.id, Deadline.kind == kind)
        .order_by(col(Deadline.trigger_on).desc())
    ).first()


def counts_of(tally: Tally) -> TallyCounts:
    """The counts of a stored tally, as the rules take them (a void count not in the record counts
    as none: void ballots never enter the valid votes or the outcome, R-F1)."""
    return TallyCounts(
        choices=tuple((str(name), int(votes)) for name, votes in tally.votes), against=tally.against,
        challenged=tally.challenged, void=tally.void or 0, eligible=tally.eligible, eligible_exact=tally.eligible_exact,
        runoff_ballot=tally.runoff_ballot,
    )


def objections_still_pending(session: Session, election: Election) -> int:
    """How many of the election's objections are undecided (pending or set for hearing), of objections
    filings e-filed with the NLRB (one only prepared in casefile is before no one: casefile.rules.efiling)."""
    from sqlmodel import func

    from casefile.record.models import Filing, Objection
    from casefile.vocab import Disposition, NlrbFiling

    return int(session.exec(select(func.count()).select_from(Objection)
                            .join(Filing, col(Filing.id) == col(Objection.filing_id)).where(
        Objection.election_id == election.id, Filing.nlrb == NlrbFiling.E_FILED,
        col(Objection.disposition).in_([Disposition.PENDING, Disposition.SET_FOR_HEARING]))).one())


def excluded_waiting(session: Session, election: Election) -> int:
    """How many ballots excluded at the count an order wrote as challenged ballots to open that no revised tally
    has counted yet (casefile.acts.count_excluded_ballots; rules.excluded_ballots.with_excluded adds them to the
    challenged line the revised tally and the determinative test read)."""
    from sqlmodel import func

    from casefile.record.models import ChallengedBallot

    return int(session.exec(select(func.count()).select_from(ChallengedBallot).where(
        ChallengedBallot.election_id == election.id, col(ChallengedBallot.excluded_at_count),
        col(ChallengedBallot.revised_tally_id).is_(None), ChallengedBallot.status == ChallengeStatus.OVERRULED)).one())


def unresolved_statuses(session: Session, election: Election) -> dict[ChallengeStatus, int]:
    """How many of the election's registered ballots not yet in a revised tally have each status."""
    from sqlmodel import func

    from casefile.record.models import ChallengedBallot

    rows = session.exec(select(ChallengedBallot.status, func.count()).where(  # type: ignore[call-overload]
        ChallengedBallot.election_id == election.id, col(ChallengedBallot.revised_tally_id).is_(None),
    ).group_by(ChallengedBallot.status)).all()
    return {ChallengeStatus(status): int(n) for status, n in rows}
