"""The law of corrections (casefile.rules.corrections): what a corrected count says about the
outcome, how a moved deadline's status follows the corrected date, a filing judged again, and
which objections may be withdrawn or amended — with Bessemer's real figures and dates."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from casefile.errors import ProcedureError
from casefile.rules.corrections import amendable, outcome_consequences, rejudge_filing, status_after_move, withdrawable
from casefile.rules.tally import analyze_tally, tally_from_mapping
from casefile.rules.timeliness import StoredDeadline
from casefile.vocab import DeadlineKind, DeadlineStatus, Disposition, FilingMethod

EASTERN = ZoneInfo("America/New_York")
RWDSU = "Retail, Wholesale and Department Store Union"


def bessemer_2021(against: int) -> object:
    return analyze_tally(tally_from_mapping({"choices": {RWDSU: 738}, "against": against, "challenged": 505,
                                             "void": 76, "eligible": 5867}))


def test_a_figure_that_keeps_the_outcome_says_so() -> None:
    assert outcome_consequences(bessemer_2021(1789), bessemer_2021(1798)) == (  # type: ignore[arg-type]
        "The outcome is unchanged: Certification of Results.",)


def test_a_figure_that_makes_the_challenges_determinative_says_both() -> None:
    said = outcome_consequences(bessemer_2021(1798), bessemer_2021(998))  # type: ignore[arg-type]
    assert said[0].startswith("The corrected count changes the outcome: Certification of Results → ")
    assert said[1].startswith("The 505 challenged ballots are now sufficient to affect the results (determinative")


CUTOFF_16 = datetime(2021, 4, 16, 23, 59, 59, tzinfo=EASTERN)


def test_a_lapsed_period_whose_corrected_cutoff_is_ahead_runs_again() -> None:
    status, said = status_after_move(DeadlineKind.OBJECTIONS, DeadlineStatus.LAPSED, due_on=date(2021, 4, 16),
                                     cutoff_at=CUTOFF_16, as_of=datetime(2021, 4, 12, 12, tzinfo=EASTERN))
    assert status is DeadlineStatus.OPEN and "open again" in said


def test_an_open_period_whose_corrected_cutoff_passed_is_left_to_the_sweep() -> None:
    status, said = status_after_move(DeadlineKind.OBJECTIONS, DeadlineStatus.OPEN, due_on=date(2021, 4, 16),
                                     cutoff_at=CUTOFF_16, as_of=datetime(2021, 4, 19, 12, tzinfo=EASTERN))
    assert status is DeadlineStatus.OPEN and "the next sweep closes it" in said


def test_the_hearing_target_is_judged_again_against_the_day_it_opened() -> None:
    """Bessemer's hearing opened Fri 2021-05-07: met against 05-07, met late against 04-30."""
    status, said = status_after_move(DeadlineKind.HEARING_OPENS, DeadlineStatus.MET, due_on=date(2021, 4, 30),
                                     cutoff_at=datetime(2021, 4, 30, 23, 59, 59, tzinfo=EASTERN),
                                     as_of=datetime(2021, 8, 2, 12, tzinfo=EASTERN), hearing_opened_on=date(2021, 5, 7))
    assert status is DeadlineStatus.MET_LATE and said == "The hearing target is now met-late (the hearing opened Fri 2021-05-07)."


def test_a_filing_judged_again_against_a_moved_deadline() -> None:
    deadline = StoredDeadline(due_on=date(2021, 4, 15), cutoff_at=datetime(2021, 4, 15, 23, 59, 59, tzinfo=EASTERN),
                              citation="29 CFR 102.69(a)(8)", office_tz="America/New_York")
    late = rejudge_filing(deadline, what="the objections of RWDSU", trigger_on=date(2021, 4, 8),
                          received_on=date(2021, 4, 16), received_at=None, method=FilingMethod.E_FILING)
    assert not late.timely and late.note.startswith("the objections of RWDSU received Fri 2021-04-16: untimely")
    early = rejudge_filing(deadline, what="the objections of RWDSU", trigger_on=date(2021, 4, 8),
                           received_on=date(2021, 4, 7), received_at=None, method=FilingMethod.E_FILING)
    assert not early.timely and early.note.endswith("premature")


def test_only_undecided_objections_are_withdrawn_and_only_pending_ones_amended() -> None:
    withdrawable(Disposition.SET_FOR_HEARING, number=5, party="RWDSU")
    amendable(Disposition.PENDING, number=5, party="RWDSU")
    for disposition in (Disposition.WITHDRAWN, Disposition.OVERRULED, Disposition.SUSTAINED):
        with pytest.raises(ProcedureError):
            withdrawable(disposition, number=5, party="RWDSU")
    with pytest.raises(ProcedureError):
        amendable(Disposition.SET_FOR_HEARING, number=5, party="RWDSU")


def test_one_challenged_ballot_is_said_in_the_singular() -> None:
    """A correction that makes the one challenged ballot determinative (3 → 1 for the union, 1 against, 1
    challenged): "The challenged ballot is now sufficient ... until it is resolved", never "The 1 challenged ballots"."""
    def tally(union: int) -> object:
        return analyze_tally(tally_from_mapping({"choices": {RWDSU: union}, "against": 1, "challenged": 1, "void": 0}))

    said = outcome_consequences(tally(3), tally(1))  # type: ignore[arg-type]
    assert said[1] == ("The challenged ballot is now sufficient to affect the results (determinative): no "
                       "certification issues until it is resolved (29 CFR 102.69(b))."), said
    assert outcome_consequences(tally(1), tally(3))[1] == (  # type: ignore[arg-type]
        "The challenged ballot is no longer sufficient to affect the results (not determinative).")
