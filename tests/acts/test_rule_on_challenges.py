"""rule-on-challenges: the Regional Director's ruling of 2022-01-10 sustaining the six Starbucks
challenges by ground, and the partial resolution of Walter E. Selck (1974), through the front door."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from sqlmodel import col, select

from casefile.errors import BadInput, IllegalTransition, ProcedureError, UnknownRecord
from casefile.record.db import read_session
from casefile.record.models import ChallengedBallot
from casefile.vocab import ChallengeStatus, RuledBy
from tests.acts.example_cases import ExampleCase, selck, starbucks

STORE = "does not work at the Genesee Street store"
SUSTAINED, OVERRULED, PENDING, SEALED = (ChallengeStatus.SUSTAINED, ChallengeStatus.OVERRULED, ChallengeStatus.PENDING,
                                         ChallengeStatus.NOT_DETERMINATIVE)


@pytest.fixture
def registered(configured_db: Path) -> ExampleCase:
    """Starbucks with its tally, register and the union's objections (2021-12-16) recorded."""
    c = starbucks()
    c.carry(3)
    return c


def statuses() -> list[ChallengeStatus]:
    with read_session() as s:
        return [b.status for b in s.exec(select(ChallengedBallot).order_by(col(ChallengedBallot.id)))]


def ruling(case: ExampleCase, **fields: object):  # type: ignore[no-untyped-def]
    return case.act({"act": "rule-on-challenges", "date": date(2022, 1, 10), "status": "sustained", **fields})


class TestRuleOnChallenges:
    def test_six_sustained_by_ground_and_the_seventh_stays_sealed(self, registered: ExampleCase) -> None:
        """Sustaining the six 'does not work at the store' challenges leaves 15-9 with 1 ballot: not determinative (R-E7)."""
        result = registered.perform(registered.events[3])
        assert result.summary == (f"6 challenged ballots sustained by the Regional Director (ground: {STORE}); the 1 "
                                  "ballot still pending is no longer determinative and stays sealed")
        assert statuses() == [SUSTAINED] * 6 + [SEALED]
        with read_session() as s:
            first = s.exec(select(ChallengedBallot).order_by(col(ChallengedBallot.id))).first()
            assert first is not None
            assert (first.ruled_by, first.ruled_on, first.reason) == (
                RuledBy.REGIONAL_DIRECTOR, date(2022, 1, 10),
                "the challenged voters were partners from another store, not eligible in this unit")
            sealed = s.exec(select(ChallengedBallot).where(ChallengedBallot.status == SEALED)).one()
            assert (sealed.ruled_by, sealed.ruled_on, sealed.reason) == (None, None, "")

    def test_retry_stores_nothing(self, registered: ExampleCase) -> None:
        """The same ruling recorded again is found, not applied twice."""
        first = registered.perform(registered.events[3])
        assert registered.retried(registered.events[3]).entry_id == first.entry_id

    def test_ballots_still_determinative_stay_pending(self, configured_db: Path) -> None:
        """Selck 17-15 with 4: overruling the two 'laid off' ballots leaves 4 unresolved, still determinative."""
        c = selck()
        c.carry(2)
        c.sweep(c.at_noon(date(1974, 5, 20)))
        result = c.perform(c.act({"act": "rule-on-challenges", "date": date(1974, 6, 1), "status": "overruled",
                                  "ground": "laid off"}))
        assert result.summary == ("2 challenged ballots overruled by the Regional Director (ground: laid off); the 4 "
                                  "ballots still unresolved remain determinative")
        assert statuses() == [PENDING, PENDING, OVERRULED, OVERRULED]

    def test_ground_no_pending_ballot_has_is_refused(self, registered: ExampleCase) -> None:
        """A ground no pending ballot has is refused, listing the pending grounds."""
        error = registered.refused(ruling(registered, ground="supervisor"), ProcedureError)
        assert str(error) == ("no pending challenged ballot has the ground 'supervisor' (pending grounds: "
                              f"{STORE}; no longer employed)")
        assert error.field == "ground"  # type: ignore[attr-defined]

    def test_ballot_not_pending_is_refused(self, registered: ExampleCase) -> None:
        """Ruling again on a sustained ballot names the voter and its status; nothing changes."""
        registered.perform(registered.events[3])
        voter = "[NOT IN THE PUBLIC RECORD: challenged voter 1]"
        error = registered.refused(ruling(registered, status="overruled", voters=[voter], date=date(2022, 1, 11)),
                                   ProcedureError)
        assert str(error).startswith(f"the challenged ballot of {voter!r} is not pending (it is sustained")
        assert error.field == "voters.0"  # type: ignore[attr-defined]

    def test_unknown_voter_is_refused(self, registered: ExampleCase) -> None:
        """A voter not in the register is refused, naming the entry."""
        error = registered.refused(ruling(registered, voters=["Jane Doe"]), UnknownRecord)
        assert str(error) == "no challenged ballot of 'Jane Doe' in election 1"

    def test_two_selections_are_refused(self, registered: ExampleCase) -> None:
        """A ruling naming a ground and all pending ballots is ambiguous: refused."""
        error = registered.refused(ruling(registered, ground=STORE, all_pending=True), BadInput)
        assert str(error) == ("a ruling names the voters, a ground, or all pending ballots: exactly one of them "
                              "(given: ground, all_pending)")

    def test_after_the_revised_tally_period_is_refused(self, registered: ExampleCase) -> None:
        """Once the revised tally's objection period is over (certification due, 2022-01-19) no ruling is taken."""
        registered.perform(registered.events[3])
        registered.perform(registered.events[4])
        error = registered.refused(ruling(registered, all_pending=True, date=date(2022, 1, 19)), IllegalTransition,
                                   as_of=registered.at_noon(date(2022, 1, 19)))
        assert "now in election 1: the certification is due." in str(error)
