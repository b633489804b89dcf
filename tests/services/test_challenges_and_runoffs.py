"""Challenged ballots (register, rulings, partial resolution, revised tally) and runoffs, on SQLite
and PostgreSQL, through the services; refusals leave the database as it was."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import Engine
from sqlmodel import select

from casefile.record.db import read_session, write_session
from casefile.errors import InvalidTally, ProcedureError
from casefile.record.models import ChallengedBallot, Election, Tally
from casefile.rules.tally import TallyCounts
from casefile.services.cases import CaseIn, PartyIn, open_case
from casefile.services.challenges import (
    ChallengeIn,
    ChallengeRuling,
    RevisedTallyIn,
    issue_revised_tally,
    register_challenges,
    rule_on_challenges,
)
from casefile.services.runoffs import DirectionIn, direct_runoff
from casefile.jobs.sweep import sweep
from casefile.services.tallies import record_tally
from casefile.vocab import ChallengeStatus, ElectionAgreement, PartyRole, Stage, TallyKind
from tests.conftest import at

SELCK = "13-RC-13325"  # Walter E. Selck (1974): 17-15 with 4 challenged (rules.md T5)
TRINITY = "01-RC-196511"
LEOS, SPFPA = "LEOS-PBA", "SPFPA Local 502"


def _selck(engine: Engine) -> None:
    with write_session(engine) as s:
        open_case(s, as_of=at("1974-05-01T12:00:00-05:00"), case_in=CaseIn(
            number=SELCK, name="Walter E. Selck and Co.", agreement=ElectionAgreement.STIPULATED, petition_filed_on=None,
            rule_set="pre-2015", parties=(PartyIn(key="selck", role=PartyRole.EMPLOYER, name="Walter E. Selck and Co."),
                                          PartyIn(key="union", role=PartyRole.PETITIONER, name="Union"))))
        record_tally(s, case_number=SELCK, kind=TallyKind.INITIAL, prepared_on=date(1974, 5, 1),
                     counts=TallyCounts(choices=(("Union", 17),), against=15, challenged=4, eligible=37),
                     as_of=at("1974-05-01T12:00:00-05:00"))
        register_challenges(s, case_number=SELCK, as_of=at("1974-05-01T12:00:00-05:00"), challenges=[
            ChallengeIn(voter=f"voter {i}", challenged_by="union" if i <= 2 else "selck",
                        ground="supervisor" if i <= 2 else "laid off") for i in range(1, 5)])
        sweep(s, as_of=at("1974-05-20T00:00:00-05:00"))  # objection period over: challenge investigation


class TestChallengedBallots:
    def test_partial_resolution_then_revised_tally(self, engine: Engine) -> None:
        """Overruling the 2 'laid off' ballots leaves 2 pending still determinative; opening 2 for the union gives 19-15 and the rest are sealed."""
        _selck(engine)
        with write_session(engine) as s:
            rule_on_challenges(s, case_number=SELCK, as_of=at("1974-06-01T12:00:00-05:00"), ruling=ChallengeRuling(
                ruled_on=date(1974, 6, 1), status="overruled", ground="laid off"))
            revised = issue_revised_tally(s, case_number=SELCK, as_of=at("1974-06-05T12:00:00-05:00"),
                                          revised_in=RevisedTallyIn(prepared_on=date(1974, 6, 5), counted={"Union": 2}))
            assert (revised.votes, revised.against, revised.challenged, revised.opened) == ([["Union", 19]], 15, 2, 2)
            assert not revised.determinative and revised.outcome_text == "Certification of Representative: Union"
        with read_session(engine) as s:
            statuses = [b.status for b in s.exec(select(ChallengedBallot).order_by(ChallengedBallot.id))]
        assert statuses == [ChallengeStatus.PENDING] * 2 + [ChallengeStatus.OPENED] * 2

    def test_ruling_on_a_ballot_not_pending_is_refused(self, engine: Engine) -> None:
        """Ruling again on a ballot already sustained names the voter and its status; nothing changes."""
        _selck(engine)
        with write_session(engine) as s:
            rule_on_challenges(s, case_number=SELCK, as_of=at("1974-06-01T12:00:00-05:00"), ruling=ChallengeRuling(
                ruled_on=date(1974, 6, 1), status="sustained", voters=("voter 1",)))
        with pytest.raises(ProcedureError, match="'voter 1' is not pending \\(it is sustained"), write_session(engine) as s:
            rule_on_challenges(s, case_number=SELCK, as_of=at("1974-06-02T12:00:00-05:00"), ruling=ChallengeRuling(
                ruled_on=date(1974, 6, 2), status="overruled", voters=("voter 1", "voter 2")))
        with read_session(engine) as s:
            assert s.exec(select(ChallengedBallot).where(ChallengedBallot.voter == "voter 2")).one().status is ChallengeStatus.PENDING

    def test_revised_counts_must_match_the_ballots_opened(self, engine: Engine) -> None:
        """With 2 ballots overruled, counts adding up to 3 are refused; sustained ballots are never opened."""
        _selck(engine)
        with write_session(engine) as s:
            rule_on_challenges(s, case_number=SELCK, as_of=at("1974-06-01T12:00:00-05:00"), ruling=ChallengeRuling(
                ruled_on=date(1974, 6, 1), status="overruled", ground="laid off"))
        with pytest.raises(InvalidTally, match="add up to 3 but 2 ballots were opened"), write_session(engine) as s:
            issue_revised_tally(s, case_number=SELCK, as_of=at("1974-06-05T12:00:00-05:00"), revised_in=RevisedTallyIn(
                prepared_on=date(1974, 6, 5), counted={"Union": 2}, counted_against=1))
        with pytest.raises(InvalidTally, match="3 ballots said opened, but 2 challenges are overruled"), write_session(engine) as s:
            issue_revised_tally(s, case_number=SELCK, as_of=at("1974-06-05T12:00:00-05:00"), revised_in=RevisedTallyIn(
                prepared_on=date(1974, 6, 5), counted={"Union": 3}, opened=3))
        with read_session(engine) as s:
            assert len(s.exec(select(Tally)).all()) == 1

    def test_register_cannot_exceed_the_tally(self, engine: Engine) -> None:
        """A fifth challenged ballot for a tally with 4 is refused."""
        _selck(engine)
        with pytest.raises(ProcedureError, match="would hold 5 challenged ballots but the tally"), write_session(engine) as s:
            register_challenges(s, case_number=SELCK, as_of=at("1974-05-02T12:00:00-05:00"),
                                challenges=[ChallengeIn(voter="voter 5", challenged_by="union", ground="x")])


def _trinity(engine: Engine) -> None:
    with write_session(engine) as s:
        open_case(s, as_of=at("2017-05-04T12:00:00-04:00"), case_in=CaseIn(
            number=TRINITY, name="Trinity College", agreement=None, petition_filed_on=None, rule_set="2014-rule",
            parties=(PartyIn(key="trinity", role=PartyRole.EMPLOYER, name="Trinity College"),
                     PartyIn(key="leos", role=PartyRole.PETITIONER, name=LEOS),
                     PartyIn(key="spfpa", role=PartyRole.INTERVENOR, name=SPFPA))))
        record_tally(s, case_number=TRINITY, kind=TallyKind.INITIAL, prepared_on=date(2017, 5, 4),
                     counts=TallyCounts(choices=((LEOS, 9), (SPFPA, 8)), against=5, eligible=28),
                     as_of=at("2017-05-04T12:00:00-04:00"))
        sweep(s, as_of=at("2017-05-12T09:00:00-04:00"))


class TestRunoffs:
    def test_runoff_between_the_top_two_only_once(self, engine: Engine) -> None:
        """No majority of 22 → runoff LEOS-PBA v. SPFPA; the runoff's tally must carry those two; no second runoff."""
        _trinity(engine)
        with write_session(engine) as s:
            first = direct_runoff(s, case_number=TRINITY, as_of=at("2017-05-12T12:00:00-04:00"),
                                  direction_in=DirectionIn(directed_on=date(2017, 5, 12)))
            assert (first.stage, first.next_choices, first.next_against_on_ballot) == (Stage.RUNOFF_DIRECTED, [LEOS, SPFPA], False)
        with pytest.raises(ProcedureError, match="not those directed"), write_session(engine) as s:
            record_tally(s, case_number=TRINITY, kind=TallyKind.RUNOFF, prepared_on=date(2017, 5, 17), as_of=at("2017-05-17T12:00:00-04:00"),
                         counts=TallyCounts(choices=((LEOS, 8),), against=11, runoff_ballot=True))
        with write_session(engine) as s:
            tally = record_tally(s, case_number=TRINITY, kind=TallyKind.RUNOFF, prepared_on=date(2017, 5, 17),
                                 as_of=at("2017-05-17T12:00:00-04:00"),
                                 counts=TallyCounts(choices=((LEOS, 8), (SPFPA, 11)), against=None, runoff_ballot=True))
            assert tally.outcome_text == f"Certification of Representative: {SPFPA}"
        with pytest.raises(ProcedureError, match="already had its runoff"), write_session(engine) as s:
            record_tally(s, case_number=TRINITY, kind=TallyKind.RUNOFF, prepared_on=date(2017, 6, 1), as_of=at("2017-06-01T12:00:00-04:00"),
                         counts=TallyCounts(choices=((LEOS, 8), (SPFPA, 11)), against=None, runoff_ballot=True))
        with read_session(engine) as s:
            kinds = [e.kind.value for e in s.exec(select(Election).order_by(Election.sequence))]
        assert kinds == ["initial", "runoff"]
