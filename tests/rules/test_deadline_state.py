"""The one meaning of "open" (casefile.rules.deadline_state.state_at): a period whose cut-off has
passed is never open, whatever the record still says (29 CFR 102.2(b): received "on or before the
last day"); a past instant shows the deadline as it stood then."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from casefile.rules.deadline_state import NOT_STARTED, PASSED, one_party_period, state_at
from casefile.vocab import DeadlineKind as K
from casefile.vocab import DeadlineStatus as S

EASTERN = ZoneInfo("America/New_York")
# Bessemer's 2021 objections: tally Fri 2021-04-09, due Fri 2021-04-16, cut-off 11:59:59 p.m. EDT.
CUTOFF = datetime(2021, 4, 16, 23, 59, 59, tzinfo=EASTERN)
TALLY = date(2021, 4, 9)


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


@pytest.mark.parametrize(("stored", "closed_at", "as_of", "answered", "status", "is_open"), [
    (S.OPEN, None, "2021-04-12T09:00:00-04:00", None, "open", True),
    (S.OPEN, None, "2021-04-16T23:59:59-04:00", None, "open", True),  # the last second is inside
    (S.OPEN, None, "2021-04-17T00:00:00-04:00", None, "lapsed", False),  # not swept yet: lapsed, never open
    (S.OPEN, None, "2026-12-01T12:00:00+00:00", None, "lapsed", False),  # an old case never swept
    (S.OPEN, None, "2026-12-01T12:00:00+00:00", True, "met", False),  # a timely filing in the record
    (S.OPEN, None, "2026-12-01T12:00:00+00:00", False, "met-late", False),  # accepted late (102.2(d))
    (S.LAPSED, "2021-04-17T00:00:00-04:00", "2021-04-18T00:00:00-04:00", None, "lapsed", False),
    (S.LAPSED, "2021-04-17T00:00:00-04:00", "2021-04-13T00:00:00-04:00", None, "open", True),  # as it stood then
    (S.MET, "2021-04-14T00:00:00-04:00", "2021-04-15T00:00:00-04:00", None, "met", False),
    (S.MOOTED, "2021-04-14T00:00:00-04:00", "2021-04-13T00:00:00-04:00", None, "open", True),
    (S.OPEN, None, "2021-04-08T12:00:00-04:00", None, NOT_STARTED, False),
])
def test_state_of_the_objections_period(stored: S, closed_at: str | None, as_of: str, answered: bool | None,
                                        status: str, is_open: bool) -> None:
    state = state_at(kind=K.OBJECTIONS, status=stored, trigger_on=TALLY, cutoff_at=CUTOFF,
                     closed_at=at(closed_at) if closed_at else None, as_of=at(as_of), answered=answered)
    assert (state.status, state.open, state.stored) == (status, is_open, stored)


def test_a_regional_directors_date_passes_it_does_not_lapse() -> None:
    """The hearing's target (R-I3) whose day has gone by, not yet closed by the act: 'passed', not open."""
    state = state_at(kind=K.HEARING_OPENS, status=S.OPEN, trigger_on=TALLY,
                     cutoff_at=datetime(2021, 4, 30, 23, 59, 59, tzinfo=EASTERN), closed_at=None,
                     as_of=at("2021-05-03T09:00:00-04:00"))
    assert (state.status, state.open) == (PASSED, False)
    assert state.note is not None and "not a lapse (29 CFR 102.69(c)(1)(ii))" in state.note


def test_naive_instants_are_refused() -> None:
    with pytest.raises(TypeError):
        state_at(kind=K.OBJECTIONS, status=S.OPEN, trigger_on=TALLY, cutoff_at=CUTOFF, closed_at=None,
                 as_of=datetime(2021, 4, 12, 9))  # noqa: DTZ001  (the naive instant refused)


def test_one_partys_offer_of_proof_met_by_its_timely_filing_is_met_for_everyone() -> None:
    """RWDSU's offer of proof (its own period, 102.69(a)(8): "the objecting party shall also file ... a written offer
    of proof") filed on time Wed 2021-04-14 and closed in the record only on 04-16: asked on Thu 04-15 by anyone, met —
    no other party owes anything in it. The objection period of all parties runs on until its cut-off."""
    asked = datetime(2021, 4, 15, 12, tzinfo=EASTERN)
    closed = datetime(2021, 4, 16, 9, tzinfo=EASTERN)
    offer = state_at(kind=K.OFFER_OF_PROOF, status=S.MET, trigger_on=TALLY, cutoff_at=CUTOFF, closed_at=closed,
                     as_of=asked, answered=True, one_party=one_party_period("rwdsu"))
    assert (offer.status, offer.open) == ("met", False)
    unanswered = state_at(kind=K.OFFER_OF_PROOF, status=S.OPEN, trigger_on=TALLY, cutoff_at=CUTOFF, closed_at=None,
                          as_of=asked, answered=None, one_party=True)
    assert (unanswered.status, unanswered.open) == ("open", True)
    everyone = state_at(kind=K.OBJECTIONS, status=S.MET, trigger_on=TALLY, cutoff_at=CUTOFF, closed_at=closed,
                        as_of=asked, answered=True, one_party=one_party_period("all parties"))
    assert (everyone.status, everyone.open) == ("open", True)
    assert not one_party_period("objecting party") and not one_party_period("Regional Director")


def test_notes_say_the_cut_off_in_the_receiving_offices_words() -> None:
    """A lapsed period's note gives the cut-off on the office's clock and its long date, not an ISO instant, and the
    status it will be stored with in words; an as-of given in UTC is said in the cut-off's zone."""
    state = state_at(kind=K.OBJECTIONS, status=S.OPEN, trigger_on=TALLY, cutoff_at=CUTOFF, closed_at=None,
                     as_of=at("2026-12-01T12:00:00+00:00"), answered=False)
    assert state.note == ("cut-off 11:59 p.m. EDT on April 16, 2021 passed; the record has not closed it yet "
                          "(the scheduled sweep stores it met late)")
    running = state_at(kind=K.OBJECTIONS, status=S.LAPSED, trigger_on=TALLY, cutoff_at=CUTOFF,
                       closed_at=at("2021-04-17T00:00:00-04:00"), as_of=at("2021-04-13T13:00:00+00:00"))
    assert running.note == "still running at 9:00 a.m. EDT on April 13, 2021; lapsed later"
