"""A stage refusal says why in words and when the act becomes available, from one table
(casefile.rules.stage_words): never a stage's slug. The Walden Avenue history of
tests/acts/test_count_excluded_ballots.py (tally of Wednesday 2022-03-09, objections due Wednesday 2022-03-16;
revised tally of Thursday 2022-04-28, objections to it due Thursday 2022-05-05, 102.69(e))."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from casefile.errors import IllegalTransition
from casefile.rules.stage_words import STAGE_NAMES, STAGE_WORDS, stage_refusal
from casefile.vocab import Stage
from tests.acts.test_count_excluded_ballots import _count, _order, _through_transfer, walden

SLUG = re.compile(r"\b(?:" + "|".join(re.escape(s.value) for s in Stage if "-" in s.value) + r")\b")


def test_certification_during_the_revised_tallys_objection_period(configured_db: Path) -> None:
    """`certify` the day after the revised tally: refused, naming the period's last day (Thursday, May 5, 2022)
    and when a certification can issue; nothing stored."""
    case = _through_transfer()
    case.perform(_order(case))
    case.perform(_count(case))
    error = case.refused(case.act({"act": "certification", "date": date(2022, 4, 29)}), IllegalTransition)
    assert str(error) == (
        "Certification is not available now in election 1: the objection period on the revised tally runs until "
        "Thursday, May 5, 2022. Certification becomes available when the election is at “Certification due” or "
        "“Regional Director's decision issued”; when that period ends with no objections filed, the election moves on "
        "to what the revised tally calls for (the certification, or the runoff election); objections filed in it are "
        "decided first.")
    assert not SLUG.search(str(error))


def test_an_order_to_count_excluded_ballots_during_the_objection_period(configured_db: Path) -> None:
    """count-excluded-ballots the day after the tally (the ballots could not be opened yet): refused in words,
    naming the objection period's last day (Wednesday, March 16, 2022); nothing stored."""
    case = walden()
    case.open()
    case.perform(case.events[0])
    error = case.refused(_order(case, date=date(2022, 3, 10)), IllegalTransition)
    text = str(error)
    assert text.startswith("An order to count ballots excluded at the count is not available now in election 1: the "
                           "objection period on the tally runs until Wednesday, March 16, 2022. An order to count "
                           "ballots excluded at the count becomes available when the election is at “Objections "
                           "pending before the Regional Director”, “Challenged ballots under investigation”, ")
    assert text.endswith("; when that period ends with no objections filed, the election moves on to what the tally "
                         "calls for (the certification, or the runoff election); objections filed in it are decided "
                         "first.")
    assert not SLUG.search(text)


def test_every_stage_has_its_words() -> None:
    """The table has every stage, each with a name, what holds now and what moves the election on; a stage's
    period clause takes its date; no refusal phrased from it holds a slug."""
    assert set(STAGE_WORDS) == set(Stage) and set(STAGE_NAMES) == set(Stage)
    for stage, words in STAGE_WORDS.items():
        assert words.name and words.now and words.then, stage
        assert bool(words.period) == bool(words.until) == ("{until}" in words.until), stage
        text = stage_refusal("filing objections", sequence=2, stage=stage, accepted={Stage.TALLY_ISSUED},
                             until=date(2021, 5, 4))
        assert text.startswith("Filing objections is not available now in election 2: "), text
        assert not SLUG.search(text), text
    assert "runs until Tuesday, May 4, 2021." in stage_refusal(
        "certification", sequence=1, stage=Stage.REVISED_TALLY_ISSUED, accepted={Stage.CERTIFICATION_DUE},
        until=date(2021, 5, 4))


class TestRefusalsListOnlyWhereTheActPasses:
    """Trial finding F18: a refusal states the condition that failed in words and lists only the stages where the act
    would pass — never the stage it is at as if it were available there, nor a way on that does not lead there."""

    def test_exceptions_at_the_tally(self) -> None:
        from casefile.rules.stages import accepted_at

        assert stage_refusal("“File exceptions”", sequence=1, stage=Stage.TALLY_ISSUED,
                             accepted=accepted_at("file-exceptions"), act="file-exceptions") == (
            "“File exceptions” is not available now in election 1: the objection period on the tally is running. "
            "“File exceptions” becomes available at “Hearing Officer's report issued”, “Exceptions to the Hearing "
            "Officer's report pending” or “Administrative Law Judge's decision issued”; when that period ends with no "
            "objections filed, the election moves on to what the tally calls for (the certification, or the runoff "
            "election); objections filed in it are decided first.")

    def test_objections_after_the_period_at_a_hearing_noticed(self) -> None:
        """The guard that failed (the period), the six stages where objections are accepted in any case, and the
        eight where they are only while the period runs, this one among them ("here")."""
        from casefile.rules.stage_words import guard_refusal

        text = guard_refusal("“File objections”", sequence=1, stage=Stage.HEARING_NOTICED, act="file-objections",
                             reason="the objection period ended on Friday, April 16, 2021")
        assert text == (
            "“File objections” is not available now in election 1: the hearing is noticed and has not opened, and the "
            "objection period ended on Friday, April 16, 2021. “File objections” becomes available at “Tally of Ballots "
            "issued; objection period running”, “Objections pending before the Regional Director”, “Challenged ballots "
            "under investigation”, “Certification due”, “Runoff election due” or “Revised Tally of Ballots issued”; here "
            "and at 7 other stages while its period is running for the party (the cut-off not passed).")
        assert not SLUG.search(text)

    def test_no_way_back(self) -> None:
        """A petition withdrawn: no move leads back to a stage where the next election's tally is recorded."""
        from casefile.rules.stages import accepted_at

        text = stage_refusal("a tally of the next election", sequence=1, stage=Stage.WITHDRAWN,
                             accepted=accepted_at("record-tally"), act="record-tally")
        assert text.endswith("; it does not come back to those stages from here in this election."), text
        assert "no act moves the election on" not in text
