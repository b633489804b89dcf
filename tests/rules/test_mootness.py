"""R-M2: whose objections a final (revised) count makes moot, from the outcome the rules stored."""

from __future__ import annotations

import pytest

from casefile.rules.mootness import Side, prevailing_parties
from casefile.rules.outcome import NULLITY_OUTCOME, PENDING_OUTCOME, RESULTS_OUTCOME, Outcome
from casefile.vocab import OutcomeKind, PartyRole

STARBUCKS = (Side("starbucks", PartyRole.EMPLOYER, "Starbucks Corporation"),
             Side("workers-united", PartyRole.PETITIONER, "Workers United"))
TRINITY = (Side("trinity", PartyRole.EMPLOYER, "Trinity College"),
           Side("leos-pba", PartyRole.PETITIONER, "LEOS-PBA (Trinity College Campus Safety Officers & Dispatchers Union)"),
           Side("spfpa", PartyRole.INTERVENOR, "SPFPA Local 502"))
DECERT = (Side("acme", PartyRole.EMPLOYER, "Acme Co."), Side("jones", PartyRole.INDIVIDUAL_PETITIONER, "Pat Jones"),
          Side("local-1", PartyRole.INTERVENOR, "Local 1"))


class TestPrevailingParties:
    @pytest.mark.parametrize(
        ("outcome", "parties", "moot"),
        [
            (Outcome(OutcomeKind.REP, winner="Workers United"), STARBUCKS, ("workers-united",)),
            (Outcome(OutcomeKind.REP, winner="workers  united"), STARBUCKS, ("workers-united",)),
            (RESULTS_OUTCOME, STARBUCKS, ("starbucks",)),
            (Outcome(OutcomeKind.REP, winner="SPFPA Local 502"), TRINITY, ("spfpa",)),
            (RESULTS_OUTCOME, DECERT, ("acme", "jones")),
            (Outcome(OutcomeKind.RUNOFF, runoff_choices=(TRINITY[1].name, TRINITY[2].name)), TRINITY, ()),
            (NULLITY_OUTCOME, TRINITY, ()),
            (PENDING_OUTCOME, STARBUCKS, ()),
            (Outcome(OutcomeKind.REP, winner="Starbucks Corporation"), STARBUCKS, ()),
        ],
        ids=["starbucks-union-wins", "name-case-and-spacing", "starbucks-no-union", "trinity-runoff-winner",
             "decertification-results", "runoff-nobody-yet", "nullity-nobody", "pending-nobody",
             "employer-is-never-a-winning-union"],
    )
    def test_table(self, outcome: Outcome, parties: tuple[Side, ...], moot: tuple[str, ...]) -> None:
        """The prevailing parties' handles, from the stored outcome's kind and winner only."""
        assert prevailing_parties(outcome, parties) == moot
