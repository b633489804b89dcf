"""The stage machine's transition table (rules.md §4, read from casefile.rules.stages), checked for every
(from, to) pair. Moves no act makes are not in it (tally-issued → certified, objections-pending → set-aside,
an ALJ's decision → certification-due: each goes through the act that makes it, e.g. rd-decision)."""

from __future__ import annotations

import itertools

import pytest

from casefile.record.workflow import TRANSITIONS, allowed
from casefile.rules.stages import MOVES
from casefile.vocab import Stage

S = Stage

#: Every move the procedure allows, written out by hand from rules.md §4 (plus the two "due"
#: stages in which casefile waits for the Region's act). The table in workflow.py must say the same.
EXPECTED: set[tuple[Stage, Stage]] = {
    *((S.TALLY_ISSUED, t) for t in (S.OBJECTIONS_PENDING, S.CHALLENGE_INVESTIGATION, S.CERTIFICATION_DUE, S.RUNOFF_DUE)),
    *((S.OBJECTIONS_PENDING, t) for t in (S.HEARING_NOTICED, S.ALJ_CONSOLIDATED, S.RD_DECISION, S.REVISED_TALLY_ISSUED)),
    # Every objection withdrawn before any was decided (29 CFR 102.69(a)(8)): nothing is pending before the Regional
    # Director, and the stage moves as the withdraw-objection rows of casefile.rules.stages say — back to the tally
    # while its objection period runs, else where that period's close would have taken it (R-E2, R-H1; 102.69(b),
    # 102.70(a), (d)). Back to the revised tally is the revised-tally move already listed above.
    *((S.OBJECTIONS_PENDING, t) for t in (S.TALLY_ISSUED, S.CHALLENGE_INVESTIGATION, S.CERTIFICATION_DUE,
                                          S.RUNOFF_DUE)),
    *((S.CHALLENGE_INVESTIGATION, t) for t in (S.HEARING_NOTICED, S.ALJ_CONSOLIDATED, S.RD_DECISION,
                                               S.REVISED_TALLY_ISSUED, S.OBJECTIONS_PENDING,
                                               S.CERTIFICATION_DUE, S.RUNOFF_DUE)),  # every challenge sustained
    (S.CERTIFICATION_DUE, S.CERTIFIED), (S.CERTIFICATION_DUE, S.OBJECTIONS_PENDING),
    (S.RUNOFF_DUE, S.RUNOFF_DIRECTED), (S.RUNOFF_DUE, S.RERUN_DIRECTED), (S.RUNOFF_DUE, S.OBJECTIONS_PENDING),
    (S.HEARING_NOTICED, S.HEARING_OPEN), (S.HEARING_NOTICED, S.ALJ_CONSOLIDATED),
    (S.HEARING_OPEN, S.HEARING_CLOSED), (S.HEARING_OPEN, S.HO_REPORT_ISSUED), (S.HEARING_OPEN, S.REVISED_TALLY_ISSUED),
    (S.HEARING_CLOSED, S.HO_REPORT_ISSUED), (S.HEARING_CLOSED, S.REVISED_TALLY_ISSUED),
    (S.HO_REPORT_ISSUED, S.EXCEPTIONS_PENDING), (S.HO_REPORT_ISSUED, S.RD_DECISION),
    (S.HO_REPORT_ISSUED, S.REVISED_TALLY_ISSUED),
    (S.EXCEPTIONS_PENDING, S.RD_DECISION), (S.EXCEPTIONS_PENDING, S.REVISED_TALLY_ISSUED),
    (S.ALJ_CONSOLIDATED, S.ALJ_DECISION_ISSUED),
    *((S.ALJ_DECISION_ISSUED, t) for t in (S.RD_DECISION, S.REVISED_TALLY_ISSUED)),
    *((S.RD_DECISION, t) for t in (S.CERTIFICATION_DUE, S.CERTIFIED, S.SET_ASIDE, S.REVISED_TALLY_ISSUED,
                                   S.HEARING_NOTICED, S.RUNOFF_DUE,  # RUNOFF_DUE: objections overruled, a runoff due
                                   S.OBJECTIONS_PENDING)),  # a party's objections in its period still running (102.69(a))
    *((S.REVISED_TALLY_ISSUED, t) for t in (S.CHALLENGE_INVESTIGATION, S.OBJECTIONS_PENDING, S.CERTIFICATION_DUE,
                                            S.RUNOFF_DUE, S.REVISED_TALLY_ISSUED, S.RD_DECISION,
                                            S.SET_ASIDE)),  # SET_ASIDE: a conditional direction met (R-M2)
    (S.CERTIFIED, S.RFR_PENDING), (S.CERTIFIED, S.CLOSED),
    *((S.RFR_PENDING, t) for t in (S.CLOSED, S.SET_ASIDE, S.REVISED_TALLY_ISSUED, S.HEARING_NOTICED)),
    (S.SET_ASIDE, S.RERUN_DIRECTED),
    (S.RERUN_DIRECTED, S.REVISED_TALLY_ISSUED),  # the count a conditional direction waits on (102.69(e); R-M2)
    (S.CLOSED, S.RFR_PENDING),  # a request for review within a period extended after the case closed (102.2(c), (d))
}
#: Final or post-certification stages: no withdrawal or dismissal from them. A rerun or runoff directed but not
#: held may still end by withdrawal or dismissal (102.60(a), 102.71; rules.md R-S1).
NO_SIDE_EXIT = {S.CERTIFIED, S.RFR_PENDING, S.CLOSED, S.WITHDRAWN, S.DISMISSED}
EXPECTED |= {(f, t) for f in Stage if f not in NO_SIDE_EXIT for t in (S.WITHDRAWN, S.DISMISSED)}


@pytest.mark.parametrize(("from_stage", "to_stage"), list(itertools.product(Stage, Stage)),
                         ids=lambda s: s.value)
def test_every_pair_is_allowed_exactly_when_the_procedure_allows_it(from_stage: Stage, to_stage: Stage) -> None:
    """allowed(from, to) is true for the moves of rules.md §4 and false for every other pair."""
    assert allowed(from_stage, to_stage) is ((from_stage, to_stage) in EXPECTED)


def test_every_stage_has_a_row() -> None:
    """The table names every stage (a new stage without a row would refuse every move silently)."""
    assert set(TRANSITIONS) == set(Stage)


def test_every_move_of_the_table_is_allowed_by_the_workflow() -> None:
    """Every (source, to) row of casefile.rules.stages.MOVES is a move advance() makes (no second table)."""
    for move in MOVES:
        for source in move.source:
            assert move.to is None or allowed(source, move.to), (move.act, source, move.to)


def test_every_stage_can_be_reached() -> None:
    """Every stage is entered by some move; tally-issued (where an election starts) only by withdrawing every
    objection while the tally's objection period runs (102.69(a)(8))."""
    entered = {t for _, t in EXPECTED}
    assert set(Stage) - entered == set()
    assert {f for f, t in EXPECTED if t is S.TALLY_ISSUED} == {S.OBJECTIONS_PENDING}
