"""casefile.rules.conditional_rerun.condition_terms: the two results of the revised tally a conditional direction
names (29 CFR 102.69(e): the ballots opened and counted, then the certification when no objection follows; rules.md
R-M2: the objections of a party that prevailed on the count are moot; R-O1: sustained objections set the election
aside). Ballots of real cases: Cornell-Dubilier (117 NLRB 358, one labor organization) and Trinity College
(01-RC-196511, two). ``union-majority`` — the employer's objections sustained — in the Board's words: "if the revised
tally shows that the Petitioner has received a majority of the valid votes cast, the election will be set aside and a
new election directed; otherwise a certification of results will issue" (29 CFR 102.69(c)(1)(i), (e))."""

from __future__ import annotations

import pytest

from casefile.rules.conditional_rerun import (
    NO_UNION_MAJORITY,
    UNION_MAJORITY,
    condition_for,
    condition_terms,
    rerun_stands,
)
from casefile.rules.mootness import Side
from casefile.vocab import OutcomeKind, PartyRole

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
        assert rerun_stands(NO_UNION_MAJORITY, OutcomeKind.RUNOFF, None) is True

    @pytest.mark.parametrize(("condition", "ballot", "says"), [("majority", [IBEW], "unknown condition"),
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


class TestUnionMajority:
    """The employer's objections sustained while the challenged ballots decide: the election is set aside only if the
    count gives a labor organization the majority (the result on which the employer lost, R-M2); otherwise the
    employer prevailed, its objections are moot and the certification of results follows (102.69(e))."""

    def test_one_labor_organization(self) -> None:
        terms = condition_terms(UNION_MAJORITY, [IBEW])
        assert terms.rerun_if == f"{IBEW} has received a majority of the valid votes counted"
        assert terms.certify_if == f"{IBEW} has not received a majority of the valid votes counted"
        assert (terms.certification, terms.authority) == ("Certification of Results", "29 CFR 102.69(c)(1)(i), (e)")
        assert terms.ballots_would == "give a labor organization a majority of the valid votes"

    def test_two_labor_organizations(self) -> None:
        """Trinity College's ballot: no choice with a majority calls for a runoff, which is not held over sustained
        objections (the employer did not prevail): the rerun stands, and the terms say so."""
        terms = condition_terms(UNION_MAJORITY, ["LEOS-PBA", "SPFPA"])
        assert terms.rerun_if == ("one of LEOS-PBA or SPFPA has received a majority of the valid votes counted, or that "
                                  "no choice has (a runoff election would otherwise be required)")
        assert terms.certify_if == ("none of LEOS-PBA or SPFPA has received a majority of the valid votes counted and no "
                                    "runoff election is required")
        assert rerun_stands(UNION_MAJORITY, OutcomeKind.RUNOFF) is True

    @pytest.mark.parametrize(("outcome", "stands"), [(OutcomeKind.REP, True), (OutcomeKind.RESULTS, False),
                                                     (OutcomeKind.RUNOFF, True), (OutcomeKind.NULLITY_RERUN, True),
                                                     (OutcomeKind.PENDING, None)])
    def test_what_each_count_decides(self, outcome: OutcomeKind, stands: bool | None) -> None:
        """A majority for the union: the set-aside governs; no majority and nothing more to hold: the certification of
        results; challenges still determinative: undecided. The other condition decides REP and RESULTS the other way."""
        assert rerun_stands(UNION_MAJORITY, outcome, IBEW if outcome is OutcomeKind.REP else None) is stands
        if outcome in (OutcomeKind.REP, OutcomeKind.RESULTS):
            assert rerun_stands(NO_UNION_MAJORITY, outcome, IBEW if outcome is OutcomeKind.REP else None) is (not stands)


class TestTheConditionThatFits:
    """R-M2: a party's objections matter only on the result on which it lost — the condition follows whose objections
    are sustained."""

    EMPLOYER = Side("cornell", PartyRole.EMPLOYER, "Cornell-Dubilier Electric Corporation")
    UNION = Side("ibew", PartyRole.PETITIONER, IBEW)
    DECERT = Side("worker", PartyRole.INDIVIDUAL_PETITIONER, "An individual petitioner")

    def test_each_side(self) -> None:
        assert condition_for([self.UNION]) == NO_UNION_MAJORITY
        assert condition_for([self.EMPLOYER]) == UNION_MAJORITY
        assert condition_for([self.DECERT]) == UNION_MAJORITY

    def test_both_sides_or_none(self) -> None:
        assert condition_for([self.EMPLOYER, self.UNION]) is None
        assert condition_for([]) is None
