"""102.70: what is directed when no choice won, from the outcome stored with the tally."""

from __future__ import annotations

import pytest

from casefile.errors import ProcedureError
from casefile.rules.outcome import AGAINST, NULLITY_OUTCOME, Outcome
from casefile.rules.runoff_direction import Direction, direction_for
from casefile.vocab import ElectionKind, OutcomeKind

LEOS = "LEOS-PBA (Trinity College Campus Safety Officers & Dispatchers Union)"
SPFPA = "SPFPA Local 502"
TRINITY_RUNOFF = Outcome(OutcomeKind.RUNOFF, runoff_choices=(LEOS, SPFPA))


class TestDirectionFor:
    def test_trinity_runoff_between_the_two_unions(self) -> None:
        """Trinity 2017 (9-8-5): a runoff LEOS-PBA v. SPFPA, 'against' not on the runoff ballot."""
        assert direction_for(TRINITY_RUNOFF, ballot=[LEOS, SPFPA], against_on_ballot=True,
                             chain=[ElectionKind.INITIAL]) == Direction(ElectionKind.RUNOFF, (LEOS, SPFPA), False)

    def test_runoff_with_against(self) -> None:
        """A runoff between a union and 'against' keeps 'against' on the ballot."""
        outcome = Outcome(OutcomeKind.RUNOFF, runoff_choices=(SPFPA, AGAINST))
        got = direction_for(outcome, ballot=[LEOS, SPFPA], against_on_ballot=True, chain=[ElectionKind.INITIAL])
        assert (got.choices, got.against_on_ballot) == ((SPFPA,), True)
        assert got.describe() == f"Runoff election directed: {SPFPA} v. {AGAINST}"

    def test_nullity_keeps_every_choice(self) -> None:
        """An equal division directs a new election with all the original choices (102.70(d))."""
        got = direction_for(NULLITY_OUTCOME, ballot=[LEOS, SPFPA], against_on_ballot=True, chain=[ElectionKind.INITIAL])
        assert got == Direction(ElectionKind.NULLITY_RERUN, (LEOS, SPFPA), True)

    @pytest.mark.parametrize(
        ("outcome", "chain", "message"),
        [
            (TRINITY_RUNOFF, [ElectionKind.RERUN, ElectionKind.RUNOFF, ElectionKind.INITIAL], "already had its runoff"),
            (NULLITY_OUTCOME, [ElectionKind.NULLITY_RERUN, ElectionKind.INITIAL], "already had its 102.70(d) election"),
            (Outcome(OutcomeKind.REP, winner=SPFPA), [ElectionKind.INITIAL],
             f"the tally's outcome is Certification of Representative: {SPFPA}: no runoff is called for"),
        ],
        ids=["second-runoff", "second-nullity-rerun", "not-called-for"],
    )
    def test_refused(self, outcome: Outcome, chain: list[ElectionKind], message: str) -> None:
        """Only one runoff and one nullity rerun per chain; none when a choice won."""
        with pytest.raises(ProcedureError, match=message.replace("(", r"\(").replace(")", r"\)")):
            direction_for(outcome, ballot=[LEOS, SPFPA], against_on_ballot=True, chain=chain)
