"""casefile.rules.consistency: a report or decision on objections agrees with itself.

The rulings are those of real cases: Bessemer (10-RC-269250), where the Regional Director set the
first election aside on objections of RWDSU sustained (November 29, 2021); Amazon JFK8
(29-RC-288020), where the hearing officer recommended and the Regional Director ordered every
objection of Amazon.com Services LLC overruled (January 11, 2023).
"""

from __future__ import annotations

import pytest

from casefile.errors import BadInput, InconsistentDecision
from casefile.rules.consistency import RulingGiven, inconsistency

RWDSU = "Retail, Wholesale and Department Store Union"
AMAZON = "Amazon.com Services LLC"


def rwdsu(number: int, ruling: str) -> RulingGiven:
    return RulingGiven("rwdsu", RWDSU, number, ruling)


def amazon(number: int, ruling: str) -> RulingGiven:
    return RulingGiven("amazon", AMAZON, number, ruling)


class TestConsistent:
    def test_bessemer_set_aside_on_sustained_objections(self) -> None:
        rulings = [rwdsu(1, "sustained"), rwdsu(2, "overruled"), rwdsu(4, "sustained"), rwdsu(6, "withdrawn")]
        assert inconsistency("rd-decision", result="set-aside", rulings=rulings, at_fault="amazon") is None

    def test_jfk8_every_objection_overruled(self) -> None:
        rulings = [amazon(n, "overruled") for n in range(1, 26)]
        assert inconsistency("ho-report", result="overrule", rulings=rulings) is None
        assert inconsistency("rd-decision", result="overrule", rulings=rulings) is None

    def test_rulings_not_in_the_record(self) -> None:
        """A decision whose rulings are not public (none given) is taken as it says."""
        assert inconsistency("rd-decision", result="set-aside", rulings=[]) is None
        assert inconsistency("alj-decision", result="overrule", rulings=[]) is None

    def test_set_aside_may_rest_on_an_objection_not_listed(self) -> None:
        """Rulings given on two objections, both overruled, while a third is still undecided: the set-aside
        may rest on that one."""
        rulings = [rwdsu(1, "overruled"), rwdsu(2, "overruled")]
        assert inconsistency("rd-decision", result="set-aside", rulings=rulings, undecided_not_ruled=1) is None


class TestContradictions:
    def test_set_aside_with_every_objection_overruled(self) -> None:
        refusal = inconsistency("rd-decision", result="set-aside", rulings=[rwdsu(1, "overruled"), rwdsu(2, "moot")])
        assert isinstance(refusal, InconsistentDecision)
        assert isinstance(refusal, BadInput)
        assert (refusal.code, refusal.field) == ("inconsistent-decision", "result")
        assert str(refusal).startswith(
            f"the Regional Director's decision sets the election aside but sustains no objection ({RWDSU} 1 overruled, "
            f"{RWDSU} 2 moot) and no other objection is before it")

    def test_report_recommending_set_aside_with_nothing_sustained(self) -> None:
        refusal = inconsistency("ho-report", result="set-aside", rulings=[amazon(1, "overruled")])
        assert refusal is not None
        assert str(refusal).startswith("the hearing officer's report recommends setting the election aside but "
                                       "sustains no objection")

    def test_overruling_that_sustains_an_objection(self) -> None:
        refusal = inconsistency("rd-decision", result="overrule",
                                rulings=[amazon(1, "overruled"), amazon(3, "sustained")])
        assert refusal is not None
        assert refusal.field == "rulings.amazon.3"
        assert str(refusal).startswith(f"the Regional Director's decision overrules the objections but sustains "
                                       f"objection 3 of {AMAZON}")

    def test_overruling_that_names_a_party_at_fault(self) -> None:
        refusal = inconsistency("alj-decision", result="overrule", rulings=[amazon(1, "overruled")], at_fault="alu")
        assert refusal is not None
        assert refusal.field == "at_fault"
        assert "recommends overruling the objections but names 'alu' as the party at fault" in str(refusal)

    def test_overruling_that_directs_a_rerun_on_a_condition(self) -> None:
        refusal = inconsistency("rd-decision", result="overrule", rulings=[], condition="no-union-majority")
        assert refusal is not None
        assert refusal.field == "condition"

    @pytest.mark.parametrize("ruling", ["overruled", "withdrawn", "moot"])
    def test_nothing_sustained_refuses_a_set_aside(self, ruling: str) -> None:
        assert inconsistency("rd-decision", result="set-aside", rulings=[rwdsu(1, ruling)]) is not None


class TestObjectionsBeforeTheJudge:
    """Bessemer's 2022 rerun: 21 objections set for the hearing consolidated before the
    Administrative Law Judge (2024-04-25), 8 more pending: 29 undecided."""

    def test_a_blanket_overruling_by_the_regional_director_is_refused(self) -> None:
        refusal = inconsistency("rd-decision", result="overrule", rulings=[], undecided_not_ruled=29,
                                undecided_before_alj=21)
        assert isinstance(refusal, InconsistentDecision)
        assert refusal.field == "rulings"
        assert str(refusal).startswith("the Regional Director's decision overrules the objections but gives no ruling "
                                       "on 21 objections set for the hearing before the Administrative Law Judge")

    def test_the_judge_may_recommend_overruling_them_all(self) -> None:
        assert inconsistency("alj-decision", result="overrule", rulings=[], undecided_not_ruled=29,
                             undecided_before_alj=21) is None

    def test_without_a_referral_to_the_judge_no_rulings_overrule_them_all(self) -> None:
        # JFK8 (2023-01-11): every objection of Amazon overruled, no ruling listed
        assert inconsistency("rd-decision", result="overrule", rulings=[], undecided_not_ruled=25) is None
