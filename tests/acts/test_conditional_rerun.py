"""A second election directed on a condition that a later revised tally decides (rd-decision with
``condition: no-union-majority``), and the two refusals issue 10 found.

Real histories:
- Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957), Case 11-RC-850 (tests/acts/real_histories.py):
  526 for the Petitioner, 533 against, 22 challenged; 16 challenges sustained, 6 overruled; objections 1
  and 2 found to warrant a new election, deferred until the six ballots were counted. The count's date
  and split are not in the decision: whatever the split, 526 + 6 = 532 is no majority of 1,065 — the
  second election stands for every split, which the test checks for each.
- Starbucks, Genesee Street, 03-RC-282139 (examples/starbucks-genesee-03-RC-282139.yaml): the real
  ruling of 2022-01-10 and the real revised tally (15-9) with a conditional direction on the union's
  objections that the record does not have (hypothetical): a majority for the union — the direction
  lapses and the union is certified, the real outcome.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from sqlmodel import select

from casefile.errors import BadInput, IllegalTransition, ProcedureError
from casefile.record.db import read_session
from casefile.record.models import Document, Election, Objection
from casefile.vocab import Disposition, DocumentKind, ElectionKind, Stage
from tests.acts import procedure as bessemer
from tests.acts.example_cases import starbucks
from tests.acts.real_histories import IBEW, conditional_direction, cornell_dubilier


def _election(sequence: int = 1) -> Election:
    with read_session() as s:
        return s.exec(select(Election).where(Election.sequence == sequence)).one()


def _revised(case, ibew: int, on: date = date(1957, 2, 20)):  # type: ignore[no-untyped-def]
    """The count of the six ballots the Board ordered opened "within ten days" of 1957-02-10 (date and split not in the
    decision), with the sixteen sustained challenges dropped."""
    return case.act({"act": "revised-tally", "date": on, "opened": 6, "sustained": 16, "counted": {IBEW: ibew},
                     "counted_against": 6 - ibew})


@pytest.fixture
def directed(configured_db: Path):  # type: ignore[no-untyped-def]
    case = cornell_dubilier()
    case.carry(2)
    case.perform(case.act(conditional_direction()))
    return case


class TestCornellDubilier:
    def test_the_direction_is_recorded_conditionally(self, directed) -> None:  # type: ignore[no-untyped-def]
        """The decision sets election 1 aside and directs the rerun on the condition; objections 1-2 sustained, 3-7
        overruled, 8 undecided; no Decision and Direction issues yet."""
        election = _election()
        assert (election.stage, election.next_kind) == (Stage.RERUN_DIRECTED, ElectionKind.RERUN)
        with read_session() as s:
            dispositions = {o.number: o.disposition for o in s.exec(select(Objection))}
            assert s.exec(select(Document).where(
                Document.kind == DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION)).first() is None
        assert dispositions == {1: Disposition.SUSTAINED, 2: Disposition.SUSTAINED, **dict.fromkeys(
            range(3, 8), Disposition.OVERRULED), 8: Disposition.PENDING}

    @pytest.mark.parametrize("ibew", range(7))
    def test_the_revised_tally_after_the_direction_keeps_the_rerun_for_every_split(self, directed, ibew: int) -> None:  # type: ignore[no-untyped-def]
        """Counted after the rerun was directed: 526 + ibew for, 533 + (6 - ibew) against — never a majority of 1,065, so the
        election stays set aside and the second election directed."""
        result = directed.perform(_revised(directed, ibew))
        assert "the second election directed on that condition stands" in result.summary
        election = _election()
        assert (election.stage, election.next_kind) == (Stage.RERUN_DIRECTED, ElectionKind.RERUN)

    def test_the_condition_met_issues_the_decision_and_direction(self, directed) -> None:  # type: ignore[no-untyped-def]
        """The revised tally that meets the condition issues its record copy and the decision's Decision and Direction of
        Second Election (its date the decision's own, 1956-11-08)."""
        result = directed.perform(_revised(directed, 6), documents="issue")
        kinds = [d.kind for d in result.documents]
        assert kinds == [DocumentKind.REVISED_TALLY_OF_BALLOTS.value, DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION.value]
        with read_session() as s:
            direction = s.exec(select(Document).where(
                Document.kind == DocumentKind.DECISION_AND_DIRECTION_OF_SECOND_ELECTION)).one()
        assert direction.issued_on == date(1956, 11, 8)

    def test_the_rerun_waits_for_the_revised_tally(self, directed) -> None:  # type: ignore[no-untyped-def]
        """Before the count, the second election cannot be recorded: it is held only if the count leaves no majority."""
        rerun = directed.act({"act": "record-tally", "date": date(1957, 3, 1), "kind": "rerun", "choices": {IBEW: 500},
                              "against": 500})
        assert "record that revised tally first" in str(directed.refused(rerun, ProcedureError))
        directed.perform(_revised(directed, 3))
        directed.perform(rerun)  # the condition met, the rerun follows (hypothetical figures)
        assert _election(2).kind is ElectionKind.RERUN

    def test_a_condition_needs_determinative_challenges(self, configured_db: Path) -> None:
        """After the revised count the challenges no longer decide anything: a conditional direction is refused."""
        case = starbucks()
        case.carry(5)
        act = case.act({"act": "rd-decision", "date": date(2022, 1, 12), "result": "set-aside",
                        "condition": "no-union-majority"})
        assert case.refused(act, ProcedureError).field == "condition"

    def test_a_condition_goes_with_a_set_aside(self, configured_db: Path) -> None:
        case = cornell_dubilier()
        case.carry(2)
        act = case.act({**conditional_direction(), "result": "overrule"})
        assert case.refused(act, BadInput).field == "condition"


class TestGeneseeLapse:
    def test_a_majority_on_the_revised_tally_lapses_the_direction(self, configured_db: Path) -> None:
        """Genesee: the union's objection sustained on the condition (hypothetical), the six challenges sustained (real,
        2022-01-10), the revised tally 15-9 (real): Workers United has a majority, the direction lapses, its objection is
        moot, and after the revised tally's objection period the certification is due — the real outcome."""
        case = starbucks()
        case.carry(4)  # tally, register, the union's objections, the ruling of 2022-01-10
        case.perform(case.act({"act": "rd-decision", "date": date(2022, 1, 10), "result": "set-aside",
                               "condition": "no-union-majority", "rulings": {"workers-united": {1: "sustained"}},
                               "uncertain": "hypothetical: the record has no such decision"}))
        assert _election().stage is Stage.RERUN_DIRECTED
        result = case.perform(case.events[4])  # revised tally 2022-01-10, 15-9
        assert "Workers United has a majority" in result.summary
        election = _election()
        assert (election.stage, election.next_kind) == (Stage.REVISED_TALLY_ISSUED, None)
        with read_session() as s:
            (objection,) = s.exec(select(Objection)).all()
        assert objection.disposition is Disposition.MOOT
        case.sweep(case.at_noon(date(2022, 1, 19)))
        assert _election().stage is Stage.CERTIFICATION_DUE
        case.perform(case.act({"act": "certification", "date": date(2022, 1, 19)}))
        assert _election().stage is Stage.CERTIFIED


class TestIssueTenRefusalsFixed:
    def test_an_rd_decision_right_after_a_revised_tally(self, configured_db: Path) -> None:
        """Genesee after its revised tally (15-9): the Regional Director's decision on what is left is allowed (the
        transition table has revised-tally-issued → rd-decision)."""
        case = starbucks()
        case.carry(5)
        case.perform(case.act({"act": "rd-decision", "date": date(2022, 1, 11), "result": "overrule"}))
        assert _election().stage is Stage.CERTIFICATION_DUE

    def test_a_revised_tally_after_an_unconditional_set_aside_is_still_refused(self, configured_db: Path) -> None:
        """Bessemer's 2021 election, set aside without condition on 2021-11-29: nothing is left to count."""
        bessemer.carry("rd-decision")
        act = bessemer.act({"act": "revised-tally", "date": date(2021, 12, 1), "opened": 1, "sustained": 0,
                            "counted": {bessemer.RWDSU: 1}})
        assert "without condition" in str(bessemer.refused(act, IllegalTransition))
