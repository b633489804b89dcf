"""A conditional direction whose own rulings on the challenged ballots leave ballots that cannot decide its condition
(issue 15): accepted — the Board made such a direction in Cornell-Dubilier Electric Corp., 117 NLRB 358 (1957) — with
a warning saying what the count will do (casefile.rules.conditional_rerun.condition_warning; 29 CFR 102.69(e); rules.md
R-E7, R-M2), `case show`'s analysis counting only the ballots left after the rulings, the decision's document saying so,
and the acts after it naming what really follows.

The new user's example (hypothetical figures, as the user entered them): 48 for the union, 52 against, 6 challenged
(determinative); objections by the union; the Regional Director sustains 2 challenges, overrules 4 (ordered opened and
counted) and sets the election aside on the union's objections on the condition no-union-majority. At best the union
has 52 of 104: no majority, whatever the four ballots hold.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import select
from typer.testing import CliRunner

from casefile.acts import parse_act
from casefile.acts.open_case import OpenCase
from casefile.errors import IllegalTransition
from casefile.record.db import read_session
from casefile.record.models import Document, Election
from casefile.rules.conditional_rerun import condition_certainty, condition_warning
from casefile.rules.outcome import TallyCounts
from casefile.vocab import DocumentKind, ElectionKind, Stage
from tests.acts.example_cases import ExampleCase
from tests.acts.real_histories import IBEW, OPENED, conditional_direction, cornell_dubilier

UNION = "Food Workers Local 12"
NUMBER = "19-RC-400001"
VOTERS = tuple(f"Voter {n}" for n in range(1, 7))
#: The warning the 48-52 decision carries (29 CFR 102.69(e)): 48 + 4 = 52 of 104 is no majority.
CERTAIN = ("The 4 challenged ballots ordered opened and counted (the other 2 sustained) cannot give a labor organization "
           f"a majority of the valid votes: {UNION} would have at most 52 of 104 valid votes; the condition is certain to "
           "be met: the revised tally will direct the second election (a set-aside without condition would have done, "
           "the count deciding nothing) (29 CFR 102.69(e); rules.md R-E7, R-M2)")


def forty_eight_fifty_two() -> ExampleCase:
    """Events: 0 tally (2026-03-05: 48-52, 6 challenged), 1 register (all six challenged by the employer as
    supervisors), 2 the union's objection (2026-03-10)."""
    opening = OpenCase.model_validate({
        "act": "open-case",
        "case": {"number": NUMBER, "name": "Harbor Foods LLC", "agreement": "stipulated",
                 "petition_filed_on": date(2026, 2, 2)},
        "parties": [{"key": "harbor", "role": "employer", "name": "Harbor Foods LLC"},
                    {"key": "union", "role": "petitioner", "name": UNION}],
        "date": date(2026, 3, 5)})
    events = [parse_act(e) for e in (
        {"act": "record-tally", "date": date(2026, 3, 5), "kind": "initial", "choices": {UNION: 48}, "against": 52,
         "challenged": 6, "election": {"held_from_on": date(2026, 3, 5)}},
        {"act": "register-challenges", "date": date(2026, 3, 5), "challenges": [
            {"voter": v, "challenged_by": "harbor", "ground": "supervisor"} for v in VOTERS]},
        {"act": "file-objections", "date": date(2026, 3, 10), "party": "union",
         "objections": ["The Employer threatened to close the plant."]},
    )]
    return ExampleCase(opening, events)


def _decision(sustained: int = 2, *, party: str = "union", condition: str = "no-union-majority") -> dict[str, object]:
    return {"act": "rd-decision", "date": date(2026, 4, 20), "result": "set-aside", "condition": condition,
            "rulings": {party: {1: "sustained"}},
            "challenges": [{"voters": list(VOTERS[:sustained]), "ruling": "sustained"}, {"ruling": "overruled"}],
            "summary": "The Employer's threat to close the plant interfered with the election."}


def _election() -> Election:
    with read_session() as s:
        return s.exec(select(Election).where(Election.sequence == 1)).one()


def _text(path: str) -> str:
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(path).pages))


def _shown() -> str:
    from casefile.cli.app import app

    shown = CliRunner().invoke(app, ["case", "show", NUMBER], env={"COLUMNS": "250"})
    assert shown.exit_code == 0, shown.output
    return " ".join(shown.output.split())  # the console's width may be an earlier test's


@pytest.fixture
def case(configured_db: Path) -> ExampleCase:
    case = forty_eight_fifty_two()
    case.carry(3)
    return case


class TestTheDecisionIsAcceptedWithAWarning:
    def test_accepted_directed_and_warned(self, case: ExampleCase) -> None:
        """The decision is recorded as made (the rerun directed on the condition) and its result warns, exactly."""
        result = case.perform(case.act(_decision()))
        assert CERTAIN in result.warnings
        election = _election()
        assert (election.stage, election.next_kind) == (Stage.RERUN_DIRECTED, ElectionKind.RERUN)

    def test_five_ballots_left_can_still_decide_no_warning(self, case: ExampleCase) -> None:
        """One challenge sustained, five ordered counted: 48 + 5 = 53 of 105 is a majority — the count decides."""
        result = case.perform(case.act(_decision(sustained=1)))
        assert not any("certain to be met" in str(w) or "cannot be met" in str(w) for w in result.warnings)

    def test_the_employers_objections_on_union_majority_cannot_be_met(self, case: ExampleCase) -> None:
        """The employer's objections on union-majority (hypothetical): the four ballots cannot give the union a majority,
        so the condition cannot be met — the employer prevailed; then the revised tally (51-53) says the direction lapses
        and the Certification of Results follows; the sweep after its objection period makes it due."""
        case.perform(case.act({"act": "file-objections", "date": date(2026, 3, 11), "party": "harbor",
                               "objections": ["The Union promised benefits."]}))
        decision = _decision(party="harbor", condition="union-majority")
        decision["rulings"] = {"harbor": {1: "sustained"}, "union": {1: "overruled"}}
        result = case.perform(case.act(decision))
        assert ("The 4 challenged ballots ordered opened and counted (the other 2 sustained) cannot give a labor "
                f"organization a majority of the valid votes: {UNION} would have at most 52 of 104 valid votes; the "
                "condition cannot be met: the revised tally will show that the objecting party prevailed, the objections "
                "sustained are moot (R-M2), no second election will be held, and a Certification of Results follows the "
                "revised tally's objection period (29 CFR 102.69(e); rules.md R-E7, R-M2)") in result.warnings
        revised = case.perform(case.act({"act": "revised-tally", "date": date(2026, 4, 27), "counted": {UNION: 3},
                                         "counted_against": 1}))
        assert revised.summary.endswith(
            "; 51 Food Workers Local 12, 53 against; 0 still unopened; Certification of Results; no labor organization has "
            "a majority: the direction of a second election made on the condition that one would lapses"), revised.summary
        assert "election stays set aside" not in revised.summary
        assert _election().stage is Stage.REVISED_TALLY_ISSUED
        case.sweep(case.at_noon(date(2026, 5, 5)))
        assert _election().stage is Stage.CERTIFICATION_DUE


class TestCaseShowAfterTheRulings:
    def test_the_analysis_counts_only_the_four_ballots_left(self, case: ExampleCase) -> None:
        """`case show` no longer says the union "needs 5 of the 6": two are out for good; with the four it cannot win."""
        case.perform(case.act(_decision()))
        said = _shown()
        assert "needs 5 of the 6" not in said
        assert ("before the rulings, reachable by resolving the challenges: A majority for "
                f"{UNION}: a Certification of Representative; No majority for any labor organization: a Certification "
                "of Results") in said
        assert ("After the rulings on the challenged ballots (2 sustained, never counted; 4 ordered opened and counted), "
                "4 ballots of the 6 remain to be counted: The challenges cannot change the outcome: Certification of "
                "Results needs no challenged ballot opened (the count as it stands gives it); with all 4 opened the votes "
                f"against need none of them (e.g. {UNION} 4: a tie is not a majority).") in said
        assert f"Warning: {CERTAIN}" in said

    def test_before_any_ruling_the_tallys_analysis_stands(self, case: ExampleCase) -> None:
        said = _shown()
        assert f"{UNION} needs 5 of the 6 challenged ballots opened and counted for it (the rest sustained)" in said
        assert "After the rulings" not in said and "Warning:" not in said


class TestTheDecisionsDocument:
    def test_history_says_the_tally_then_the_conclusion_counts_the_four(self, case: ExampleCase) -> None:
        """The tally's six challenged ballots were sufficient to affect the results (history, true); the conclusion
        speaks of the four left after the rulings, and says they cannot give the union a majority."""
        result = case.perform(case.act(_decision()), documents="issue")
        (document,) = result.documents
        text = _text(document.path)
        for words in (
            "100 valid votes counted; and 6 challenged ballots, a number sufficient to affect the results of the election",
            "warrant setting aside the election held on March 5, 2026 only if the 4 challenged ballots left to be counted "
            "after the rulings above do not give a labor organization a majority of the valid votes.",
            "The 4 challenged ballots ordered opened and counted (the other 2 sustained) cannot give a labor organization "
            f"a majority of the valid votes: {UNION} would have at most 52 of 104 valid votes; the revised tally will "
            "therefore meet the condition stated below.",
            "IT IS DIRECTED that the ballots of Voter 3, Voter 4, Voter 5, and Voter 6 (4 ballots) be opened and counted",
        ):
            assert words in text, words
        assert "which are sufficient in number to affect the results" not in text
        assert "depends on their count" not in text

    def test_five_left_still_sufficient(self, case: ExampleCase) -> None:
        result = case.perform(case.act(_decision(sustained=1)), documents="issue")
        text = _text(result.documents[0].path)
        assert ("only if the 5 challenged ballots left to be counted after the rulings above, which are still sufficient "
                "in number to affect the results, do not give a labor organization a majority of the valid votes. Whether "
                "the election is set aside therefore depends on their count.") in text


class TestWhatFollows:
    def test_closing_the_hearing_names_the_revised_tally(self, case: ExampleCase) -> None:
        """After the conditional set-aside the next act is the revised tally (casefile challenges open), not one on the
        new election: its tally follows only if the count meets the condition (the stage table's move from
        rerun-directed within this election)."""
        case.perform(case.act(_decision()))
        said = str(case.refused(case.act({"act": "close-hearing", "date": date(2026, 4, 21)}), IllegalTransition))
        assert "the next acts are on the new election" not in said
        assert ("the election was set aside and a new election directed on a condition the revised tally of the "
                "challenged ballots decides") in said
        assert ("the revised tally of the challenged ballots ordered opened and counted (casefile challenges open) moves "
                "the election on; the new election's Tally of Ballots follows only if that count meets the condition "
                "(29 CFR 102.69(e)).") in said

    def test_the_count_that_meets_the_condition_says_only_what_follows(self, case: ExampleCase) -> None:
        """51-53 (hypothetical split of the four): no certification follows, so none is named."""
        case.perform(case.act(_decision()))
        result = case.perform(case.act({"act": "revised-tally", "date": date(2026, 4, 27), "counted": {UNION: 3},
                                        "counted_against": 1}), documents="issue")
        assert result.summary == (
            "Revised Tally of Ballots: 4 challenged ballots opened and counted, 2 sustained; 51 Food Workers Local 12, "
            "53 against; 0 still unopened; no labor organization has a majority: the condition of the decision of "
            "2026-04-20 is met, the election stays set aside and no certification follows; the second election directed "
            "on that condition stands")
        assert "Certification" not in result.summary
        assert [d.kind for d in result.documents] == [DocumentKind.REVISED_TALLY_OF_BALLOTS.value,
                                                      DocumentKind.SUPPLEMENTAL_DECISION_AND_DIRECTION.value]
        with read_session() as s:
            assert s.exec(select(Document).where(Document.kind == DocumentKind.CERTIFICATION_OF_RESULTS)).first() is None
        assert "Warning:" not in _shown()  # the count is in: nothing left to warn about
        text = _text(result.documents[1].path)  # the Supplemental Decision and Direction of Second Election
        assert ("On April 20, 2026 the Regional Director sustained the objections listed below, sustained the challenges "
                "to 2 ballots and ordered the ballots of Voter 3, Voter 4, Voter 5, and Voter 6 opened and counted, and "
                "directed that") in text
        assert ("objections sustained; the challenges to 2 ballots sustained and the ballots of Voter 3, Voter 4, "
                "Voter 5, and Voter 6 to be opened and counted, and the election set aside") in text
        assert "ordered the determinative challenged ballots opened and counted" not in text
        assert "the challenged ballots to be opened and counted" not in text
        assert ("under the direction and supervision of the Regional Director among the employees in the unit described "
                "in the Notice of Second Election below, on the following schedule") in text
        assert "the unit described above" not in text


class TestCaseShowSaysTheCondition:
    """A trial read "Set aside; a new election directed" and "election set aside" for a direction made only on a
    condition, and "Certification of Results" on the revised tally that met it (29 CFR 102.69(e); R-M2)."""

    def test_waiting_on_the_count(self, case: ExampleCase) -> None:
        case.perform(case.act(_decision()))
        said = _shown()
        assert "Set aside on a condition; the revised tally decides" in said
        assert ("Regional Director's Decision of April 20, 2026 (issuer not in the record): election set aside on the "
                "condition that the revised tally shows no majority for a labor organization (the revised tally is not "
                "yet in).") in said
        assert "Set aside; a new election directed" not in said

    def test_the_condition_met(self, case: ExampleCase) -> None:
        case.perform(case.act(_decision()))
        case.perform(case.act({"act": "revised-tally", "date": date(2026, 4, 27), "counted": {UNION: 3},
                               "counted_against": 1}))
        said = _shown()
        assert "shows no majority for a labor organization (met: the election stays set aside)." in said
        assert ("(not determinative); the condition of the Regional Director's direction is met: the new election "
                "directed stands, no certification follows") in said
        assert "Set aside; a new election directed" in said  # the stage as it now is: set aside, the rerun directed

    def test_the_condition_not_met(self, case: ExampleCase) -> None:
        """The employer's objections on union-majority: the count (51-53) shows no majority for the union, so the
        direction lapses and the count's own outcome, the Certification of Results, follows."""
        case.perform(case.act({"act": "file-objections", "date": date(2026, 3, 11), "party": "harbor",
                               "objections": ["The Union promised benefits."]}))
        decision = _decision(party="harbor", condition="union-majority")
        decision["rulings"] = {"harbor": {1: "sustained"}, "union": {1: "overruled"}}
        case.perform(case.act(decision))
        case.perform(case.act({"act": "revised-tally", "date": date(2026, 4, 27), "counted": {UNION: 3},
                               "counted_against": 1}))
        said = _shown()
        assert ("election set aside on the condition that the revised tally shows a majority for a labor organization "
                "(not met: the direction lapsed).") in said
        assert "Certification of Results (the direction on a condition lapsed)" in said


class TestCornellDubilier:
    """117 NLRB 358 (1957): 526-533, 22 challenged, 16 sustained, 6 overruled — 526 + 6 = 532 is never a majority of
    1,065, and the Board still ordered the six counted and the new election held if no majority."""

    def test_the_real_figures_are_accepted_with_the_warning(self, configured_db: Path) -> None:
        case = cornell_dubilier()
        case.carry(2)
        case.perform(case.act({"act": "register-challenges", "date": date(1956, 7, 20), "challenges": [
            {"voter": voter, "challenged_by": "board-agent", "ground": "[NOT IN THE PUBLIC RECORD: ground]"}
            for voter in (*OPENED, *(f"[NOT IN THE PUBLIC RECORD: voter {n}]" for n in range(7, 23)))]}))
        result = case.perform(case.act({**conditional_direction(), "challenges": [
            {"voters": list(OPENED), "ruling": "overruled"}, {"ruling": "sustained"}]}))
        assert ("The 6 challenged ballots ordered opened and counted (the other 16 sustained) cannot give a labor "
                f"organization a majority of the valid votes: {IBEW} would have at most 532 of 1,065 valid votes; the "
                "condition is certain to be met: the revised tally will direct the second election (a set-aside without "
                "condition would have done, the count deciding nothing) (29 CFR 102.69(e); rules.md R-E7, R-M2)"
                ) in result.warnings
        assert _election().stage is Stage.RERUN_DIRECTED


class TestTheRule:
    @pytest.mark.parametrize(("votes", "against", "challenged", "sustained", "condition", "expected"), [
        (48, 52, 6, 2, "no-union-majority", "met"),       # 52 of 104 at best
        (48, 52, 6, 1, "no-union-majority", None),        # 53 of 105: the count decides
        (48, 52, 6, 2, "union-majority", "not-met"),      # the employer's objections: it prevailed whatever the count
        (52, 48, 6, 4, "no-union-majority", "not-met"),   # the union keeps 52 of at most 102
        (52, 48, 6, 4, "union-majority", "met"),
        (526, 533, 22, 16, "no-union-majority", "met"),   # Cornell-Dubilier
        (526, 533, 22, 15, "no-union-majority", "met"),   # 533 of 1,066: a tie is no majority
        (526, 533, 22, 14, "no-union-majority", None),    # 534 of 1,067 would be one
    ])
    def test_condition_certainty(self, votes: int, against: int, challenged: int, sustained: int, condition: str,
                                 expected: str | None) -> None:
        counts = TallyCounts(choices={"Union": votes}, against=against, challenged=challenged)
        assert condition_certainty(condition, counts, sustained=sustained) == expected

    def test_the_majority_kept_is_said(self) -> None:
        counts = TallyCounts(choices={"Union": 52}, against=48, challenged=6)
        assert condition_warning("no-union-majority", counts, sustained=4) == (
            "The 2 challenged ballots ordered opened and counted (the other 4 sustained) cannot take the majority away "
            "from Union: it keeps at least 52 of at most 102 valid votes; the condition cannot be met: the revised tally "
            "will show that the objecting party prevailed, the objections sustained are moot (R-M2), no second election "
            "will be held, and a Certification of Representative follows the revised tally's objection period (29 CFR "
            "102.69(e); rules.md R-E7, R-M2)")

    def test_pending_ballots_are_told_apart(self) -> None:
        counts = TallyCounts(choices={"Union": 48}, against=52, challenged=6)
        warning = condition_warning("no-union-majority", counts, sustained=2, ordered=3, set_aside=2)
        assert warning is not None and warning.startswith(
            "The 4 challenged ballots not sustained (3 ordered opened and counted, 1 still pending; the other 2 "
            "sustained) cannot give")
        assert "will direct the third election" in warning


def test_the_periods_the_decision_closes_close_on_its_date(case: ExampleCase) -> None:
    """Typed on June 1, the decision of April 20 closes what it moots at April 20's start at the Seattle office (R-B2),
    not at the typing: a view as of April 21 no longer lists them (a trial's answering brief stayed 'open' after the
    decision). 29 CFR 102.69(c)(1)(iii)."""
    from zoneinfo import ZoneInfo

    from casefile.record.models import Deadline
    from casefile.vocab import DeadlineStatus

    def mooted_now() -> dict[int | None, Deadline]:
        with read_session() as s:
            return {d.id: d for d in s.exec(select(Deadline).where(Deadline.status == DeadlineStatus.MOOTED))}

    before = mooted_now()
    case.perform(case.act(_decision()), as_of=datetime(2026, 6, 1, 12, tzinfo=ZoneInfo("America/Los_Angeles")))
    mooted = [d for i, d in mooted_now().items() if i not in before]
    assert mooted, "the set-aside moots the tally's earliest certification"
    assert {d.closed_at.astimezone(ZoneInfo("America/Los_Angeles")).date() for d in mooted if d.closed_at} == {date(2026, 4, 20)}
