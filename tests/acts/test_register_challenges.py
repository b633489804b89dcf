"""register-challenges: the register of the Starbucks Genesee Street challenged ballots (2021-12-09:
six challenged by Workers United, one by Starbucks), through the front door."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from sqlmodel import col, select

from casefile.errors import BadInput, ProcedureError
from casefile.record.db import read_session
from casefile.record.models import ChallengedBallot, DocketEntry
from casefile.vocab import ChallengeStatus
from tests.acts.example_cases import ExampleCase, starbucks

STORE = "does not work at the Genesee Street store"


def voter(n: int) -> str:
    return f"[NOT IN THE PUBLIC RECORD: challenged voter {n}]"


@pytest.fixture
def case(configured_db: Path) -> ExampleCase:
    """Starbucks with its tally recorded (15-9, 7 challenged)."""
    c = starbucks()
    c.carry(1)
    return c


def register(case: ExampleCase, rows: list[dict[str, object]], on: date = date(2021, 12, 9)):  # type: ignore[no-untyped-def]
    return case.act({"act": "register-challenges", "date": on, "challenges": rows})


def ballots() -> list[tuple[str, str, str, ChallengeStatus]]:
    with read_session() as s:
        return [(b.voter, b.challenged_by, b.ground, b.status)
                for b in s.exec(select(ChallengedBallot).order_by(col(ChallengedBallot.id)))]


class TestRegisterChallenges:
    def test_registers_the_seven_ballots_pending(self, case: ExampleCase) -> None:
        """The scenario's register stores 7 pending ballots, 6 by the union and 1 by the employer, dated 2021-12-09."""
        result = case.perform(case.events[1])
        assert (result.ref, result.repeated) == ("election:1", False)
        assert result.summary == "7 challenged ballots registered (1 by Starbucks Corporation, 6 by Workers United); the register holds all 7 challenged ballots of the tally"
        assert ballots() == [(voter(i), "workers-united", STORE, ChallengeStatus.PENDING) for i in range(1, 7)] + [
            (voter(7), "starbucks", "no longer employed", ChallengeStatus.PENDING)]
        with read_session() as s:
            entry = s.exec(select(DocketEntry).where(DocketEntry.act == "register-challenges")).one()
        assert entry.occurred_on == date(2021, 12, 9)

    def test_retry_later_stores_nothing(self, case: ExampleCase) -> None:
        """The same register sent again the next day (another as-of instant) is recognized: nothing new is stored."""
        first = case.perform(case.events[1])
        again = case.retried(case.events[1], as_of=case.at_noon(date(2021, 12, 10)))
        assert (again.ref, again.entry_id) == (first.ref, first.entry_id)

    def test_retry_in_another_order_stores_nothing(self, case: ExampleCase) -> None:
        """The register's rows in reverse order are the same register."""
        first = case.perform(case.events[1])
        rows = [c.model_dump() for c in reversed(case.events[1].challenges)]  # type: ignore[attr-defined]
        again = register(case, rows).model_copy(update={"source": case.events[1].source})
        assert case.retried(again).entry_id == first.entry_id

    def test_fuller_register_adds_only_new_voters(self, case: ExampleCase) -> None:
        """A register of the union's six, then the full seven: the seventh is added, the six are left as registered."""
        rows = [c.model_dump() for c in case.events[1].challenges]  # type: ignore[attr-defined]
        case.perform(register(case, rows[:6]))
        changed = [{**rows[0], "ground": "other ground"}, *rows[1:]]
        result = case.perform(register(case, changed, on=date(2021, 12, 10)))
        assert result.summary == "1 challenged ballot registered (1 by Starbucks Corporation); the register holds all 7 challenged ballots of the tally"
        assert result.warnings == [f"{rows[0]['voter']!r} is already registered (challenged by workers-united, "
                                   f"ground {STORE!r}): left as registered"]
        assert [b[2] for b in ballots()] == [STORE] * 6 + ["no longer employed"]

    def test_an_eighth_ballot_is_refused(self, case: ExampleCase) -> None:
        """The tally has 7 challenged ballots: a register of 8 is refused and nothing is stored."""
        rows = [c.model_dump() for c in case.events[1].challenges]  # type: ignore[attr-defined]
        rows.append({"voter": "voter 8", "challenged_by": "board-agent", "ground": "not on the eligibility list"})
        error = case.refused(register(case, rows), ProcedureError)
        assert str(error) == "the tally of December 9, 2021 has 7 challenged ballots: this register lists 8, 1 too many"

    def test_two_more_after_the_register_are_counted_as_too_many(self, case: ExampleCase) -> None:
        """With the seven registered, two more: the refusal says how many are registered and how many too many, not
        the register's new total alone (a trial read "would hold 9" as the count it gave)."""
        case.perform(case.events[1])
        rows = [{"voter": f"voter {n}", "challenged_by": "board-agent", "ground": "not on the eligibility list"}
                for n in (8, 9)]
        error = case.refused(register(case, rows), ProcedureError)
        assert str(error) == ("the tally of December 9, 2021 has 7 challenged ballots, 7 of them already registered: 2 "
                              "more would make 9, 2 too many")

    def test_unknown_challenger_is_refused(self, case: ExampleCase) -> None:
        """A challenger that is neither a party's handle nor the Board agent is refused, naming the entry."""
        error = case.refused(register(case, [{"voter": "voter 1", "challenged_by": "Starbucks", "ground": STORE}]),
                             ProcedureError)
        assert str(error) == ("challenge of 'voter 1': 'Starbucks' is not a party of 03-RC-282139 nor the Board agent "
                              "(one of: board-agent, starbucks, workers-united)")
        assert error.field == "challenges.0.challenged_by"  # type: ignore[attr-defined]

    def test_voter_twice_is_refused(self, case: ExampleCase) -> None:
        """A register listing one voter twice is refused whole."""
        row = {"voter": "voter 1", "challenged_by": "workers-united", "ground": STORE}
        error = case.refused(register(case, [row, {**row, "ground": "x"}]), BadInput)
        assert str(error) == "the register lists voter 'voter 1' twice (entries 1 and 2)"
        assert error.field == "challenges.1.voter"  # type: ignore[attr-defined]
