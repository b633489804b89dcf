"""revised-tally: the Starbucks Genesee Street Revised Tally of Ballots (2022-01-10: 15-9 stands
with the six challenges sustained), and Walter E. Selck's (1974: two ballots opened, 19-15),
through the front door."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import col, select

from casefile.errors import AlreadyRecorded, IllegalTransition, InvalidTally
from casefile.record.db import read_session
from casefile.record.models import ChallengedBallot, Deadline, Election, Objection, Tally
from casefile.vocab import ChallengeStatus, DeadlineKind, DeadlineStatus, Disposition, OutcomeKind, Stage, TallyKind
from tests.acts.example_cases import SELCK_UNION, ExampleCase, selck, starbucks

WU = "Workers United"


@pytest.fixture
def ruled(configured_db: Path) -> ExampleCase:
    """Starbucks up to the ruling of 2022-01-10 (six sustained, the seventh sealed for good)."""
    c = starbucks()
    c.carry(4)
    return c


def revised() -> Tally:
    with read_session() as s:
        return s.exec(select(Tally).where(Tally.kind == TallyKind.REVISED)).one()


def selck_with_objections() -> ExampleCase:
    """Selck registered, and (hypothetically: the 1974 record has no objections) objections of
    both parties on 1974-05-03, then the two 'laid off' challenges overruled on 1974-06-01."""
    c = selck()
    c.carry(2)
    for party in ("union", "selck"):
        c.perform(c.act({"act": "file-objections", "date": date(1974, 5, 3), "party": party,
                         "objections": [f"[hypothetical objection of {party}]"]}))
    c.perform(c.act({"act": "rule-on-challenges", "date": date(1974, 6, 1), "status": "overruled",
                     "ground": "laid off"}))
    return c


class TestRevisedTally:
    def test_fifteen_nine_stands_and_the_union_objections_are_moot(self, ruled: ExampleCase) -> None:
        """No ballot opened, 6 sustained, 1 still sealed: 15-9 certifies Workers United; its own objection is moot (R-M2)."""
        result = ruled.perform(ruled.events[4])
        assert result.summary == (
            "Revised Tally of Ballots: 0 challenged ballots opened and counted, 6 sustained; 15 Workers United, 9 "
            "against; 1 still unopened; Certification of Representative: Workers United; 1 objections of Workers "
            "United moot: it prevailed on the revised count")
        tally = revised()
        assert (tally.votes, tally.against, tally.challenged, tally.opened, tally.prepared_on) == (
            [[WU, 15]], 9, 1, 0, date(2022, 1, 10))
        assert (tally.outcome, tally.winner, tally.runoff_choices, tally.determinative) == (OutcomeKind.REP.value, WU,
                                                                                           [], False)
        assert tally.source == "[data: sbwu_data.csv: 03-RC-282139 'Revised' 15-9, tally 2022-01-10]"
        with read_session() as s:
            objection = s.exec(select(Objection)).one()
            assert (objection.disposition, objection.disposition_reason) == (
                Disposition.MOOT, "moot: the objecting party prevailed on the revised tally of 2022-01-10")
            assert s.exec(select(Election)).one().stage is Stage.REVISED_TALLY_ISSUED
            deadlines = {d.kind: d for d in s.exec(select(Deadline))}
            due = deadlines[DeadlineKind.REVISED_TALLY_OBJECTIONS]
            assert (due.due_on, due.cutoff_at) == (date(2022, 1, 18), datetime.fromisoformat("2022-01-18T23:59:59-05:00"))
            assert deadlines[DeadlineKind.HEARING_OPENS].status is DeadlineStatus.MOOTED
            sealed = [b.revised_tally_id for b in s.exec(select(ChallengedBallot).order_by(col(ChallengedBallot.id)))]
        assert sealed == [tally.id] * 6 + [None]

    def test_winner_comes_from_the_stored_outcome_not_its_text(self, ruled: ExampleCase,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
        """With the outcome's display text saying another union won, the stored winner still moots Workers United's objection."""
        from casefile.rules.outcome import Outcome

        monkeypatch.setattr(Outcome, "describe", lambda self: "Certification of Representative: Someone Else")
        ruled.perform(ruled.events[4])
        assert revised().winner == WU
        with read_session() as s:
            assert s.exec(select(Objection)).one().disposition is Disposition.MOOT

    def test_only_the_prevailing_party_objections_are_moot(self, configured_db: Path) -> None:
        """Selck: 2 opened for the union, 19-15 certifies the union: its objection is moot, the employer's stays pending."""
        c = selck_with_objections()
        result = c.perform(c.act({"act": "revised-tally", "date": date(1974, 6, 5), "counted": {SELCK_UNION: 2}}))
        assert result.summary.endswith("; 19 Union, 15 against; 2 still unopened; Certification of Representative: "
                                       "Union; 1 objections of Union moot: it prevailed on the revised count")
        tally = revised()
        assert (tally.votes, tally.against, tally.challenged, tally.opened, tally.winner) == (
            [[SELCK_UNION, 19]], 15, 2, 2, SELCK_UNION)
        assert (tally.determinative, tally.outcome_text) == (False, "Certification of Representative: Union")
        with read_session() as s:
            dispositions = {o.text: o.disposition for o in s.exec(select(Objection))}
            opened = [b.status for b in s.exec(select(ChallengedBallot).order_by(col(ChallengedBallot.id)))]
        assert dispositions == {"[hypothetical objection of union]": Disposition.MOOT,
                                "[hypothetical objection of selck]": Disposition.PENDING}
        assert opened == [ChallengeStatus.PENDING] * 2 + [ChallengeStatus.OPENED] * 2

    def test_retry_stores_nothing(self, ruled: ExampleCase) -> None:
        """The same revised tally recorded again is found."""
        first = ruled.perform(ruled.events[4])
        assert ruled.retried(ruled.events[4]).ref == first.ref

    def test_same_date_other_figures_is_refused(self, configured_db: Path) -> None:
        """Selck's revised tally of 1974-06-05 recorded, then the same date with the two votes against: refused."""
        c = selck_with_objections()
        c.perform(c.act({"act": "revised-tally", "date": date(1974, 6, 5), "counted": {SELCK_UNION: 2}}))
        error = c.refused(c.act({"act": "revised-tally", "date": date(1974, 6, 5), "counted_against": 2}),
                          AlreadyRecorded)
        assert ("the revised tally of June 5, 1974 is already recorded with other figures (recorded → given: votes "
                f"counted for {SELCK_UNION}: 2 → 0; votes counted against: 0 → 2); an issued tally") in str(error)

    def test_counts_that_do_not_match_the_ballots_opened_are_refused(self, configured_db: Path) -> None:
        """Two ballots overruled: counts adding up to 3 are refused, naming the field."""
        c = selck_with_objections()
        error = c.refused(c.act({"act": "revised-tally", "date": date(1974, 6, 5), "counted": {SELCK_UNION: 2},
                                 "counted_against": 1}), InvalidTally)
        assert str(error) == "revised tally: the counts opened add up to 3 but 2 ballots were opened"
        assert error.field == "counted"  # type: ignore[attr-defined]

    def test_more_ballots_said_opened_than_overruled_are_refused(self, configured_db: Path) -> None:
        """Two ballots overruled: a revised tally saying 3 were opened is refused (sustained ballots are never opened)."""
        c = selck_with_objections()
        error = c.refused(c.act({"act": "revised-tally", "date": date(1974, 6, 5), "counted": {SELCK_UNION: 3},
                                 "opened": 3}), InvalidTally)
        assert str(error) == ("revised tally: 3 ballots said opened, but 2 challenges are overruled in the register "
                              "(sustained ballots are never opened)")
        assert error.field == "opened"  # type: ignore[attr-defined]

    def test_before_the_objection_period_ends_is_refused(self, configured_db: Path) -> None:
        """Right after the Starbucks tally (stage tally-issued) there is nothing to revise yet."""
        c = starbucks()
        c.carry(2)
        error = c.refused(c.act({"act": "revised-tally", "date": date(2021, 12, 10)}), IllegalTransition)
        assert "now in election 1: the objection period on the tally runs until " in str(error)

    def test_issues_the_revised_tally_pdf(self, ruled: ExampleCase) -> None:
        """The record copy shows the original, the ballots sustained and the revised 15-9 count."""
        result = ruled.perform(ruled.events[4], documents="issue")
        assert [d.kind for d in result.documents] == ["revised-tally-of-ballots"]
        text = " ".join(page.extract_text() for page in PdfReader(result.documents[0].path).pages)
        assert "REVISED TALLY OF BALLOTS" in text
        assert "3. Number of votes cast for Workers United 15 0 15" in text
        assert "Challenges sustained: ballots neither opened nor counted 6" in text
        assert "Challenged ballots still unopened (line 6 of the revised tally) 1" in text


def test_no_revised_tally_when_the_challenges_were_not_determinative(configured_db: Path) -> None:
    """Bessemer after RWDSU's 2021 objections (objections-pending; 505 challenged ballots, not
    determinative, no register): 'opened 0, sustained 3' is refused (R-E2: they are never opened),
    the election stays objections-pending and the objections stay pending."""
    from casefile import app
    from casefile.acts import Who, parse_act
    from casefile.record.lookups import get_case
    from tests.acts.procedure import NUMBER, noon, scenario

    spec = scenario()
    app.perform(spec.opening(), as_of=noon(spec.events[0]), by=Who.operator(), documents="none")
    for event in spec.events[:2]:
        app.perform(event, case_number=NUMBER, as_of=noon(event), by=Who.operator(), documents="none")
    act = parse_act({"act": "revised-tally", "date": "2021-04-20", "opened": 0, "sustained": 3})
    with pytest.raises(IllegalTransition, match="the 505 challenged ballots of its tally of 2021-04-09 are not "
                                                "determinative, so they are never opened"):
        app.perform(act, case_number=NUMBER, as_of=noon(act), by=Who.operator(), documents="none")
    with read_session() as s:
        case = get_case(s, NUMBER)
        election = s.exec(select(Election).where(Election.case_id == case.id)).one()
        assert election.stage is Stage.OBJECTIONS_PENDING
        assert s.exec(select(Tally).where(Tally.kind == TallyKind.REVISED)).first() is None
        assert {o.disposition for o in s.exec(select(Objection).where(Objection.election_id == election.id))} == {
            Disposition.PENDING}


def test_a_ruling_is_offered_only_while_a_registered_ballot_is_pending(configured_db: Path) -> None:
    """Selck registered (its challenges pending): a ruling is offered; once all are overruled none
    is pending, so it no longer is (the same register perform() rules on)."""
    from casefile.acts import allowed_now
    from casefile.record.lookups import get_case

    c = selck()
    c.carry(2)
    with read_session() as s:
        assert allowed_now(s, get_case(s, c.number), "rule-on-challenges")
    c.perform(c.act({"act": "rule-on-challenges", "date": date(1974, 6, 1), "status": "overruled",
                     "all_pending": True}))
    with read_session() as s:
        pending = s.exec(select(ChallengedBallot).where(ChallengedBallot.status == ChallengeStatus.PENDING)).all()
        assert (pending, allowed_now(s, get_case(s, c.number), "rule-on-challenges")) == ([], False)
