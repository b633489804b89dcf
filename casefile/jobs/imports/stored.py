"""Reading what is already stored of the cases an import touches: a few queries per batch of cases."""

from __future__ import annotations

from datetime import date

from sqlmodel import Session, col, select

from casefile.jobs.imports.work import CaseWork, KnownTally, Round, chunks
from casefile.record.models import Case, Deadline, DocketEntry, Election, Tally
from casefile.vocab import DeadlineKind, TallyKind


def load_existing(session: Session, works: dict[str, CaseWork]) -> None:
    by_id: dict[int, CaseWork] = {}
    for numbers in chunks(list(works)):
        for case in session.exec(select(Case).where(col(Case.number).in_(numbers))):
            work = works[case.number]
            work.id = case.id
            work.row = {"rule_set_id": case.rule_set_id, "office_key": case.office_key}
            by_id[case.id] = work  # type: ignore[index]
    rounds: dict[int, Round] = {}
    for chunk in chunks(list(by_id)):
        for election in session.exec(select(Election).where(col(Election.case_id).in_(chunk))
                                     .order_by(col(Election.sequence))):
            round_ = Round(unit_id=election.unit_id, kind=election.kind, sequence=election.sequence, stage=election.stage,
                            tallies=[], round_on=None, id=election.id)
            rounds[election.id] = round_  # type: ignore[index]
            by_id[election.case_id].rounds.append(round_)
        query = (select(col(Tally.id), col(Tally.election_id), col(Tally.kind), col(Tally.prepared_on))
                 .join(Election, col(Election.id) == col(Tally.election_id))
                 .where(col(Election.case_id).in_(chunk)).order_by(col(Tally.prepared_on), col(Tally.id)))
        for tally_id, election_id, kind, prepared_on in session.exec(query):
            round_ = rounds[election_id]
            round_.tallies.append(KnownTally(kind, prepared_on, id=tally_id))
            if kind is not TallyKind.REVISED and round_.round_on is None:
                round_.round_on = prepared_on
        for case_id, act_key in session.exec(
            select(col(DocketEntry.case_id), col(DocketEntry.act_key)).where(col(DocketEntry.case_id).in_(chunk))
        ):
            by_id[case_id].act_keys.add(act_key)


def existing_deadlines(session: Session, election_ids: list[int | None]) -> set[tuple[int, DeadlineKind, date]]:
    found: set[tuple[int, DeadlineKind, date]] = set()
    for chunk in chunks(sorted({i for i in election_ids if i is not None})):
        found.update(session.exec(select(col(Deadline.election_id), col(Deadline.kind), col(Deadline.trigger_on))
                                  .where(col(Deadline.election_id).in_(chunk))))
    return found
