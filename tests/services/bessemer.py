"""The real Bessemer case (10-RC-269250) as service inputs, from ../shared/data/cases.md."""

from __future__ import annotations

from datetime import date

from casefile.rules.tally import TallyCounts
from casefile.services.cases import CaseIn, PartyIn
from casefile.services.tallies import ElectionIn
from casefile.vocab import ElectionAgreement, PartyRole, VotingMethod

NUMBER = "10-RC-269250"
RWDSU = "Retail, Wholesale and Department Store Union"

CASE_IN = CaseIn(
    number=NUMBER, name="Amazon.com Services LLC", agreement=ElectionAgreement.DIRECTED,
    petition_filed_on=date(2020, 11, 20), office="Atlanta",
    parties=(
        PartyIn(key="amazon", role=PartyRole.EMPLOYER, name="Amazon.com Services LLC"),
        PartyIn(key="rwdsu", role=PartyRole.PETITIONER, name=RWDSU, email="counsel@example.org"),
    ),
)

TALLY_2021 = TallyCounts(choices=((RWDSU, 738),), against=1798, challenged=505, void=76, eligible=5867)
ELECTION_2021 = ElectionIn(method=VotingMethod.MAIL, held_from_on=date(2021, 2, 8), held_to_on=date(2021, 3, 29))
TALLY_2022 = TallyCounts(choices=((RWDSU, 875),), against=993, challenged=416, void=59, eligible=6153)
ELECTION_2022 = ElectionIn(method=VotingMethod.MAIL, held_from_on=date(2022, 2, 4), held_to_on=date(2022, 3, 25),
                           reason="second election directed 2021-11-29")
