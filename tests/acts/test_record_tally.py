"""record-tally: the Bessemer Tally of Ballots of Fri 2021-04-09 (738 for RWDSU, 1,798 against,
505 challenged, 76 void) and the Trinity College runoff of 2017-05-17 (LEOS-PBA 8, SPFPA Local
502 11: the two unions the Regional Director directed onto the runoff ballot), through the front
door: arithmetic refused before anything runs, a retry found, an issued tally never overwritten,
and only one runoff with the directed choices (29 CFR 102.70(a))."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from pydantic import ValidationError
from sqlmodel import col, select

from casefile.errors import AlreadyRecorded, InvalidTally, ProcedureError
from casefile.record.db import read_session
from casefile.record.models import Election, Tally
from casefile.vocab import ElectionKind, OutcomeKind, Stage, TallyKind
from tests.acts.example_cases import ExampleCase, trinity
from tests.acts.procedure import RWDSU, act, carry, event, open_bessemer, refused, unchanged_by_retry

LEOS = "LEOS-PBA (Trinity College Campus Safety Officers & Dispatchers Union)"
SPFPA = "SPFPA Local 502"


def tally_2021(**changes: object):  # type: ignore[no-untyped-def]
    """The scenario's 2021 tally with some fields changed (in the scenario's syntax)."""
    return act({**event("tally-2021").model_dump(by_alias=True, exclude_none=True), **changes})


def tallies() -> list[Tally]:
    with read_session() as s:
        return list(s.exec(select(Tally).order_by(col(Tally.id))))


class TestBessemerTally:
    def test_stated_line_that_does_not_add_up_is_refused(self, configured_db: Path) -> None:
        """A stated valid line of 2,537 against 738 + 1,798 = 2,536 is refused naming the form's line; no election is stored."""
        open_bessemer()
        error = refused(tally_2021(stated={"valid": 2537}), InvalidTally)
        assert str(error) == "line 5 (valid votes counted): stated 2537, but the counts give 2536 valid"
        assert tallies() == []

    def test_negative_count_is_refused(self, configured_db: Path) -> None:
        """-1 challenged ballots: the act model refuses it naming the field; built past the model, the rules refuse it."""
        with pytest.raises(ValidationError) as caught:
            tally_2021(challenged=-1)
        assert [(e["loc"], e["type"]) for e in caught.value.errors()] == [(("record-tally", "challenged"),
                                                                           "greater_than_equal")]
        open_bessemer()
        unchecked = event("tally-2021").model_copy(update={"challenged": -1})
        error = refused(unchecked, InvalidTally)
        assert str(error) == "line 6 (challenged ballots): a count of ballots cannot be negative, got -1"

    def test_retry_is_found(self, configured_db: Path) -> None:
        """The same tally recorded again the next day is the first one; nothing new is stored."""
        carry("tally-2021")
        again = unchanged_by_retry(event("tally-2021"), as_of=datetime.fromisoformat("2021-04-10T12:00:00-04:00"))
        assert again.ref == "tally:1"
        [tally] = tallies()
        assert (tally.votes, tally.against, tally.challenged, tally.void, tally.valid) == ([[RWDSU, 738]], 1798, 505,
                                                                                         76, 2536)

    def test_same_tally_with_other_figures_is_refused(self, configured_db: Path) -> None:
        """The 2021 tally recorded again with 739 for RWDSU is refused: an issued tally is never overwritten."""
        carry("tally-2021")
        error = refused(tally_2021(choices={RWDSU: 739}), AlreadyRecorded,
                        as_of=datetime.fromisoformat("2021-04-10T12:00:00-04:00"))
        assert str(error).startswith("10-RC-269250: an initial tally of April 9, 2021 is already recorded with other figures "
                                     f"(recorded → given: votes for {RWDSU}: 738 → 739); an issued tally is never "
                                     "overwritten")
        assert [t.votes for t in tallies()] == [[[RWDSU, 738]]]

    def test_other_figures_are_each_named(self, configured_db: Path) -> None:
        """Eligible voters and void ballots given otherwise: each differing figure named, recorded → given; the
        database and the output folder stay as they were (``refused``)."""
        carry("tally-2021")
        error = refused(tally_2021(eligible=5000, void=70), AlreadyRecorded,
                        as_of=datetime.fromisoformat("2021-04-10T12:00:00-04:00"))
        assert "(recorded → given: void ballots: 76 → 70; eligible voters: 5,867 → 5,000)" in str(error)

    def test_other_voting_days_or_method_are_refused_in_words(self, configured_db: Path) -> None:
        """The same figures with voting days, a method, an exact eligible count or excluded ballots the record does
        not hold: refused "with other terms" naming each difference in words (answered "already recorded" before);
        every table and the output folder stay as they were (``refused``)."""
        carry("tally-2021")
        later = datetime.fromisoformat("2021-04-10T12:00:00-04:00")
        recorded = event("tally-2021").election  # type: ignore[attr-defined]
        assert (recorded.held_from_on, recorded.held_to_on) == (date(2021, 2, 8), date(2021, 3, 29))
        error = refused(tally_2021(election={**recorded.model_dump(mode="json"), "held_from_on": "2021-02-09"}),
                        AlreadyRecorded, as_of=later)
        assert str(error).startswith("10-RC-269250: an initial tally of April 9, 2021 is already recorded with other "
                                     "terms (recorded → given: first day of voting: February 8, 2021 → February 9, "
                                     "2021); an issued tally is never overwritten")
        assert error.field == "election.held_from_on"  # type: ignore[attr-defined]
        method = "manual" if recorded.method is not None and recorded.method.value == "mail" else "mail"
        error = refused(tally_2021(election={**recorded.model_dump(mode="json"), "method": method}),
                        AlreadyRecorded, as_of=later)
        was = recorded.method.value if recorded.method is not None else "not in the record"
        assert f"(recorded → given: voting method: {was} → {method})" in str(error)
        error = refused(tally_2021(excluded=2), AlreadyRecorded, as_of=later)
        assert "(recorded → given: ballots excluded from the count: 0 → 2)" in str(error)
        exact = not event("tally-2021").eligible_exact  # type: ignore[attr-defined]
        error = refused(tally_2021(eligible_exact=exact), AlreadyRecorded, as_of=later)
        assert f"eligible voters exact: {'no' if exact else 'yes'} → {'yes' if exact else 'no'}" in str(error)
        assert [t.votes for t in tallies()] == [[[RWDSU, 738]]]


@pytest.fixture
def directed(configured_db: Path) -> ExampleCase:
    """Trinity with its first tally (9-8-5, no majority) and the runoff directed on 2017-05-12."""
    c = trinity()
    c.carry(2)
    return c


def runoff(case: ExampleCase, on: date, choices: dict[str, int], against: int | None = None):  # type: ignore[no-untyped-def]
    fields: dict[str, object] = {"act": "record-tally", "date": on, "kind": "runoff", "choices": choices}
    if against is not None:
        fields["against"] = against
    return case.act(fields)


class TestRunoffTally:
    def test_runoff_tally_certifies_spfpa(self, directed: ExampleCase) -> None:
        """The runoff tally of 2017-05-17 (8-11, the two unions only) is election 2, following election 1: SPFPA is certified."""
        result = directed.perform(directed.events[2])
        assert result.ref == "tally:2"
        tally = tallies()[-1]
        assert (tally.kind, tally.votes, tally.against, tally.runoff_ballot) == (TallyKind.RUNOFF,
                                                                               [[LEOS, 8], [SPFPA, 11]], None, True)
        assert (tally.outcome, tally.winner, tally.outcome_text) == (OutcomeKind.REP.value, SPFPA,
                                                                     f"Certification of Representative: {SPFPA}")
        with read_session() as s:
            first, second = s.exec(select(Election).order_by(col(Election.sequence))).all()
        assert (second.sequence, second.kind, second.follows_id, second.stage) == (2, ElectionKind.RUNOFF, first.id,
                                                                                 Stage.TALLY_ISSUED)
        assert (second.choices, second.against_on_ballot) == ([LEOS, SPFPA], False)

    def test_choices_other_than_those_directed_are_refused(self, directed: ExampleCase) -> None:
        """A runoff tally of LEOS-PBA against 'against' is not the ballot directed (LEOS-PBA v. SPFPA): refused, nothing stored."""
        error = directed.refused(runoff(directed, date(2017, 5, 17), {LEOS: 8}, against=11), ProcedureError)
        assert str(error) == (f"the tally's choices [{LEOS!r}, 'against'] are not those directed for this election "
                              f"[{LEOS!r}, {SPFPA!r}]")
        assert error.field == "choices"  # type: ignore[attr-defined]

    def test_no_second_runoff(self, directed: ExampleCase) -> None:
        """After the runoff, another runoff tally (2017-06-01) is refused (102.70(a): only one); the case keeps two elections."""
        directed.perform(directed.events[2])
        error = directed.refused(runoff(directed, date(2017, 6, 1), {LEOS: 8, SPFPA: 11}), ProcedureError)
        assert str(error) == "01-RC-196511 already had its runoff election; 102.70(a) allows only one"
        assert error.field == "kind"  # type: ignore[attr-defined]
        with read_session() as s:
            kinds = [e.kind for e in s.exec(select(Election).order_by(col(Election.sequence)))]
        assert kinds == [ElectionKind.INITIAL, ElectionKind.RUNOFF]


def test_a_choice_given_by_the_partys_handle_is_its_name(configured_db: Path) -> None:
    """The new user's trial: `--choice union=738` stored the choice "union" and the Tally printed "votes cast for union".
    A ballot choice that is a labor organization's handle is stored as its name, with no "names no party" warning;
    the employer's handle is no ballot choice and stays as given (warned)."""
    from casefile.record.db import read_session
    from casefile.record.models import Tally
    from tests.acts.example_cases import prepare_schema
    from tests.acts.live_case import OPENED_AT, TALLY, TALLY_AT, USW, opening, perform

    prepare_schema()
    perform(opening(), as_of=OPENED_AT)
    result = perform({**TALLY, "choices": {"USW": 21}}, as_of=TALLY_AT)
    assert not any("names no party" in w for w in result.warnings), result.warnings
    with read_session() as session:
        tally = session.exec(select(Tally)).one()
        assert tally.votes == [[USW, 21]]
    again = perform({**TALLY, "choices": {"USW": 21}}, as_of=TALLY_AT)  # the same act again: a repeat
    assert again.repeated
