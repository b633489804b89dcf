"""Each objecting party owes its own offer of proof, from the tally (29 CFR 102.69(a)(8)): Bessemer 2022, where
RWDSU and Amazon both objected to the rerun tallied 2022-03-31."""

from __future__ import annotations

from datetime import date

from casefile.rules.offer_of_proof import OfferOwed, offer_of_proof_owed, offer_period_words
from casefile.vocab import DeadlineKind

TALLY = date(2022, 3, 31)
NAMES = {"rwdsu": "Retail, Wholesale and Department Store Union", "amazon": "Amazon.com Services LLC",
         "teamsters": "International Brotherhood of Teamsters"}


def test_the_first_objector_takes_the_tallys_period() -> None:
    assert offer_of_proof_owed("rwdsu", objected_to=DeadlineKind.OBJECTIONS, tally_prepared_on=TALLY,
                               periods_for=["objecting party"]) == OfferOwed("rwdsu", TALLY, "takes")


def test_a_second_objector_gets_its_own_period_from_the_same_tally() -> None:
    assert offer_of_proof_owed("amazon", objected_to=DeadlineKind.OBJECTIONS, tally_prepared_on=TALLY,
                               periods_for=["rwdsu"]) == OfferOwed("amazon", TALLY, "opens")


def test_supplemental_objections_keep_the_partys_period() -> None:
    assert offer_of_proof_owed("rwdsu", objected_to=DeadlineKind.OBJECTIONS, tally_prepared_on=TALLY,
                               periods_for=["rwdsu", "amazon"]) == OfferOwed("rwdsu", TALLY, "has")


def test_a_period_opened_before_the_tallys_was_taken_does_not_take_it() -> None:
    """No period at all (a rule set or a record without the tally's): the objector's own is opened."""
    assert offer_of_proof_owed("rwdsu", objected_to=DeadlineKind.OBJECTIONS, tally_prepared_on=TALLY,
                               periods_for=[]) == OfferOwed("rwdsu", TALLY, "opens")


def test_objections_to_a_revised_tally_carry_their_offer_in_their_own_period() -> None:
    assert offer_of_proof_owed("rwdsu", objected_to=DeadlineKind.REVISED_TALLY_OBJECTIONS, tally_prepared_on=TALLY,
                               periods_for=["objecting party"]) is None


def test_whose_period_in_words() -> None:
    assert offer_period_words("offer of proof", "rwdsu", NAMES) == "Retail, Wholesale and Department Store Union's offer of proof"
    assert offer_period_words("offer of proof", "amazon", NAMES) == "Amazon.com Services LLC's offer of proof"
    assert offer_period_words("offer of proof", "teamsters", {"teamsters": "Teamsters"}) == "Teamsters' offer of proof"
    assert offer_period_words("offer of proof", "objecting party", NAMES) == "offer of proof"
    assert offer_period_words("objections", "all parties", NAMES) == "objections"
