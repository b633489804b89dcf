"""casefile.rules.stage_words.stage_words_at: a stage's words at an instant, from its periods' states
(casefile.rules.deadline_state.state_at) — an ended period is never "running" (29 CFR 102.2(b), 102.69(a)).
Bessemer's 2021 tally: prepared Friday, April 9, 2021, objections due Friday, April 16, 2021 at 11:59 p.m. EDT."""

from __future__ import annotations

from datetime import date

import pytest

from casefile.rules.deadline_state import state_at
from casefile.rules.stage_words import STAGE_WORDS, stage_refusal, stage_words_at
from casefile.vocab import DeadlineKind, DeadlineStatus, Stage
from tests.conftest import at

CUTOFF = at("2021-04-16T23:59:59-04:00")


def _objections(as_of: str, status: DeadlineStatus = DeadlineStatus.OPEN, closed_at: str | None = None) -> tuple:
    return (DeadlineKind.OBJECTIONS, state_at(kind=DeadlineKind.OBJECTIONS, status=status, trigger_on=date(2021, 4, 9),
                                              cutoff_at=CUTOFF, closed_at=at(closed_at) if closed_at else None,
                                              as_of=at(as_of)))


@pytest.mark.parametrize(("as_of", "name", "now"), [
    ("2021-04-16T23:59:59-04:00", "Tally of Ballots issued; objection period running",
     "the objection period on the tally is running"),
    ("2021-04-17T00:00:00-04:00", "Tally of Ballots issued; objection period ended",
     "the objection period on the tally has ended"),
])
def test_the_tally_stage_at_its_cut_off_and_after_it_unswept(as_of: str, name: str, now: str) -> None:
    words = stage_words_at(Stage.TALLY_ISSUED, [_objections(as_of)])
    assert (words.name, words.now) == (name, now)


def test_swept_lapsed_is_ended_and_an_earlier_instant_still_runs() -> None:
    swept = _objections("2021-04-20T12:00:00-04:00", DeadlineStatus.LAPSED, "2021-04-17T00:00:00-04:00")
    assert stage_words_at("tally-issued", [swept]).name == "Tally of Ballots issued; objection period ended"
    earlier = _objections("2021-04-12T12:00:00-04:00", DeadlineStatus.LAPSED, "2021-04-17T00:00:00-04:00")
    assert stage_words_at("tally-issued", [earlier]).name == "Tally of Ballots issued; objection period running"


def test_no_period_given_or_not_started_keeps_the_table_words() -> None:
    assert stage_words_at(Stage.TALLY_ISSUED) == STAGE_WORDS[Stage.TALLY_ISSUED]
    assert stage_words_at(Stage.TALLY_ISSUED, [_objections("2021-04-08T12:00:00-04:00")]) == STAGE_WORDS[Stage.TALLY_ISSUED]
    other = (DeadlineKind.EXCEPTIONS, _objections("2021-04-20T12:00:00-04:00")[1])  # another kind's state: not the tally's
    assert stage_words_at(Stage.TALLY_ISSUED, [other]) == STAGE_WORDS[Stage.TALLY_ISSUED]
    assert stage_words_at(Stage.OBJECTIONS_PENDING, [_objections("2021-04-20T12:00:00-04:00")]) == \
        STAGE_WORDS[Stage.OBJECTIONS_PENDING]


def test_the_revised_tally_and_the_report_stages_have_ended_words() -> None:
    for stage, kind, now in ((Stage.REVISED_TALLY_ISSUED, DeadlineKind.REVISED_TALLY_OBJECTIONS,
                              "the objection period on the revised tally has ended"),
                             (Stage.HO_REPORT_ISSUED, DeadlineKind.EXCEPTIONS,
                              "the Hearing Officer's report has issued and the time for exceptions has ended")):
        ended = (kind, _objections("2021-04-20T12:00:00-04:00")[1])
        assert stage_words_at(stage, [ended]).now == now
        assert "running" not in stage_words_at(stage, [ended]).name


def test_a_refusal_after_the_cut_off_says_ended_on_the_last_day() -> None:
    text = stage_refusal("certification", sequence=1, stage=Stage.TALLY_ISSUED, accepted={Stage.CERTIFICATION_DUE},
                         until=date(2021, 4, 16), periods=[_objections("2021-04-17T10:00:00-04:00")])
    assert text.startswith("Certification is not available now in election 1: the objection period on the tally ended "
                           "on Friday, April 16, 2021. ")
