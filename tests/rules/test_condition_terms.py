"""casefile.rules.conditional_rerun.condition_terms: the two results of the revised tally a conditional direction
names (29 CFR 102.69(e): the ballots opened and counted, then the certification when no objection follows; rules.md
R-M2: the objections of a party that prevailed on the count are moot; R-O1: sustained objections set the election
aside). Ballots of real cases: Cornell-Dubilier (117 NLRB 358, one labor organization) and Trinity College
(01-RC-196511, two)."""

from __future__ import annotations

import pytest

from casefile.rules.conditional_rerun import NO_UNION_MAJORITY, condition_terms, rerun_stands
from casefile.vocab import OutcomeKind

IBEW = "International Brotherhood of Electrical Workers, AFL-CIO"


class TestConditionTerms:
    def test_one_labor_organization(self) -> None:
        """The rerun if the Petitioner has no majority of the valid votes counted; the certification if it has."""
        terms = condition_terms(NO_UNION_MAJORITY, [IBEW])
        assert terms.rerun_if == f"{IBEW} has not received a majority of the valid votes counted"
        assert terms.certify_if == f"{IBEW} has received a majority of the valid votes counted"
        assert terms.authority == "29 CFR 102.69(c)(1)(i), (e)"

    def test_two_labor_organizations(self) -> None:
        """Trinity College's ballot: the rerun stands unless one of the two has a majority (a runoff under 102.70 is not
        held over sustained objections: rerun_stands treats it as no majority)."""
        terms = condition_terms(NO_UNION_MAJORITY, ["LEOS-PBA", "SPFPA"])
        assert terms.rerun_if == "none of LEOS-PBA or SPFPA has received a majority of the valid votes counted"
        assert terms.certify_if == "one of LEOS-PBA or SPFPA has received a majority of the valid votes counted"
        assert rerun_stands(OutcomeKind.RUNOFF, None) is True

    @pytest.mark.parametrize(("condition", "ballot", "says"), [("union-majority", [IBEW], "unknown condition"),
                                                               (NO_UNION_MAJORITY, [], "needs a labor organization")],
                             ids=["unknown-condition", "no-labor-organization"])
    def test_refused(self, condition: str, ballot: list[str], says: str) -> None:
        with pytest.raises(ValueError, match=says):
            condition_terms(condition, ballot)


def test_the_condition_names_the_election_it_would_direct() -> None:
    """Setting aside the first election directs a second; a rerun set aside in turn directs a third (R-O2):
    the condition's sentence says which, never "the second election" for a third."""
    from casefile.rules.conditional_rerun import NO_UNION_MAJORITY, condition_sentence

    assert condition_sentence(NO_UNION_MAJORITY).startswith("the second election is directed only if the revised tally")
    assert condition_sentence(NO_UNION_MAJORITY, set_aside=2).startswith("the third election is directed only if")
    assert "second" not in condition_sentence(NO_UNION_MAJORITY, set_aside=2)
