"""casefile.rules.objection_rulings: a report or decision that rules on objections one by one rules on each one
before it (an overruling), or on the ones it sets the election aside on (a set-aside); and no certification while
an objection of such a record is pending.

The cases: the lawyer's trial of 19-RC-370107 (Puget Linen Co., Laundry Workers United's objections 1 and 2, the
Regional Director's decision overruling objection 1 only); Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957)
(objections 1 and 2 sustained, 3-7 overruled, 8 left undecided); Amazon JFK8 (29-RC-288020), whose decisions give
no per-objection ruling.
"""

from __future__ import annotations

import pytest

from casefile.errors import BadInput, ProcedureError
from casefile.rules.consistency import RulingGiven
from casefile.rules.objection_rulings import (
    ObjectionBefore,
    check_disposed_before_certification,
    check_every_objection_ruled,
    objections_words,
)
from casefile.vocab import DecisionResult

LWU = "Laundry Workers United"
PUGET = "Puget Linen Co."
IBEW = "International Brotherhood of Electrical Workers, AFL-CIO"
RD = "the Regional Director's decision"


def union(*numbers: int) -> list[ObjectionBefore]:
    return [ObjectionBefore("union", LWU, n) for n in numbers]


def ruled(by_number: dict[int, str]) -> list[RulingGiven]:
    """Laundry Workers United's objections ruled on, by number."""
    return [RulingGiven("union", LWU, n, r) for n, r in by_number.items()]


class TestEveryObjectionRuled:
    def test_an_overruling_of_one_of_two_is_refused_naming_the_other(self) -> None:
        with pytest.raises(BadInput) as refused:
            check_every_objection_ruled(RD, result=DecisionResult.OVERRULE, before=union(1, 2),
                                        rulings=ruled({1: "overruled"}))
        assert refused.value.field == "rulings"
        assert str(refused.value) == (
            "the Regional Director's decision rules on 1 of the 2 objections before it and gives no ruling on Laundry "
            "Workers United's objection 2: an overruling rules on each objection, for the election is certified only "
            "when every objection is disposed of (29 CFR 102.69(b), (c)(1)(i), (iii)); give its ruling — sustained, "
            "overruled, moot or withdrawn — as the document states it (e.g. union:2=overruled), or record its "
            "withdrawal first (withdraw-objection)")

    def test_every_objection_ruled_is_accepted(self) -> None:
        check_every_objection_ruled(RD, result="overrule", before=union(1, 2),
                                    rulings=ruled({1: "overruled", 2: "overruled"}))

    def test_no_ruling_given_is_taken_as_it_says(self) -> None:
        """JFK8: the report and the decision overrule Amazon's 25 objections "in their entirety", no ruling given."""
        check_every_objection_ruled(RD, result="overrule", before=[ObjectionBefore("amazon", "Amazon.com Services LLC", n)
                                                                   for n in range(1, 26)], rulings=[])

    def test_a_set_aside_on_objections_sustained_need_not_reach_the_rest(self) -> None:
        """Cornell-Dubilier: 1 and 2 sustained, 3-7 overruled, 8 left undecided."""
        rulings = [RulingGiven("ibew", IBEW, n, "sustained" if n <= 2 else "overruled") for n in range(1, 8)]
        check_every_objection_ruled(RD, result=DecisionResult.SET_ASIDE,
                                    before=[ObjectionBefore("ibew", IBEW, n) for n in range(1, 9)], rulings=rulings)

    def test_a_set_aside_sustaining_none_of_its_rulings_is_refused(self) -> None:
        with pytest.raises(BadInput) as refused:
            check_every_objection_ruled("the Hearing Officer's report", result="set-aside", before=union(1, 2, 3),
                                        rulings=ruled({1: "overruled"}))
        assert str(refused.value) == (
            "the Hearing Officer's report rules on 1 of the 3 objections before it and gives no ruling on Laundry "
            "Workers United's objections 2 and 3, and sustains none of those it rules on: the election is set aside "
            "only on objections sustained, so the ruling on each objection it rests on must be given (29 CFR "
            "102.69(c)(1)(iii)); give each its ruling — sustained, overruled, moot or withdrawn — as the document "
            "states it (e.g. union:2=sustained)")

    def test_rulings_on_objections_not_before_it_leave_the_count_to_those_before_it(self) -> None:
        """A ruling on an objection already withdrawn (not before it) counts for nothing: 0 of the 1 before it."""
        with pytest.raises(BadInput, match=r"rules on 0 of the 1 objections before it and gives no ruling on Laundry "
                                           r"Workers United's objection 2:"):
            check_every_objection_ruled(RD, result="overrule", before=union(2), rulings=ruled({1: "withdrawn"}))


class TestObjectionsWords:
    def test_by_party_then_number(self) -> None:
        both = [*union(2, 3, 5), ObjectionBefore("employer", PUGET, 1)]
        assert objections_words(both) == ("Laundry Workers United's objections 2, 3 and 5; Puget Linen Co.'s objection 1")

    def test_at_most_twenty_named(self) -> None:
        assert objections_words(union(*range(1, 26))) == (
            "Laundry Workers United's objections 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19 and "
            "20; and 5 more")


class TestCertification:
    def test_refused_while_an_objection_is_pending_after_rulings_one_by_one(self) -> None:
        with pytest.raises(ProcedureError) as refused:
            check_disposed_before_certification(election=1, pending=union(2), ruled_one_by_one=True)
        assert refused.value.field == "election"
        assert str(refused.value) == (
            "election 1 cannot be certified while Laundry Workers United's objection 2 is pending: the Regional "
            "Director's decision ruled on the objections one by one and gave no ruling on it, and an election is "
            "certified only when every objection is disposed of (29 CFR 102.69(b), (c)(1)(i)); the Regional Director "
            "rules on it first, or the objecting party withdraws it (withdraw-objection)")

    def test_a_decision_without_rulings_overruled_them_as_a_whole(self) -> None:
        check_disposed_before_certification(election=1, pending=union(*range(1, 26)), ruled_one_by_one=False)

    def test_nothing_pending(self) -> None:
        check_disposed_before_certification(election=1, pending=[], ruled_one_by_one=True)
