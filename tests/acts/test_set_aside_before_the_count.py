"""A set-aside while determinative ballots ordered opened and counted wait for their revised tally: the outcome is
not known, and sustained objections set the election aside only if the revised tally shows the objecting party
lost (29 CFR 102.69(e); rules.md R-M1, R-M2; casefile.rules.conditional_rerun.set_aside_refusal). The direction
is made on the condition (the objections of a labor organization) or refused naming the revised tally; a refusal
stores nothing (every table and the output folder as before).

Walter E. Selck and Co. (1974, rules.md T5): 17 for the Union, 15 against, 4 challenged (two by the Union,
"supervisor"; two by the Employer, "laid off"); the objections and rulings are hypothetical. The Union-behind case
is Selck's figures the other way round (15-17), hypothetical."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from sqlmodel import select

from casefile.acts import parse_act
from casefile.acts.open_case import OpenCase
from casefile.errors import ProcedureError
from casefile.record.db import read_session
from casefile.record.models import Election
from casefile.vocab import Stage
from tests.acts.example_cases import SELCK_UNION, ExampleCase, selck

RULINGS = [{"ground": "laid off", "ruling": "overruled"}, {"ground": "supervisor", "ruling": "sustained"}]


def _stage() -> Stage:
    with read_session() as s:
        return s.exec(select(Election)).one().stage


def _employer_objects() -> ExampleCase:
    c = selck()
    c.carry(2)
    c.perform(c.act({"act": "file-objections", "date": date(1974, 5, 3), "party": "selck",
                     "objections": ["[hypothetical objection of the employer]"]}))
    return c


def test_a_set_aside_after_an_order_to_count_waits_for_the_revised_tally(configured_db: Path) -> None:
    """The Regional Director overrules the laid-off challenges (two ballots to be opened and counted) and sustains the
    supervisor ones: 17 for, 15 against and 2 ballots to count — still determinative (2 against make it 17-17). A
    decision sustaining the Employer's objection and directing a rerun now is refused, naming the revised tally; so
    is the same on the condition "no majority for a labor organization" (the result on which the Employer won)."""
    c = _employer_objects()
    c.perform(c.act({"act": "rule-on-challenges", "date": date(1974, 5, 20), "status": "overruled", "ground": "laid off"}))
    c.perform(c.act({"act": "rule-on-challenges", "date": date(1974, 5, 20), "status": "sustained", "ground": "supervisor"}))
    set_aside = {"act": "rd-decision", "date": date(1974, 6, 10), "result": "set-aside", "rulings": {"selck": {1: "sustained"}},
                 "at_fault": "union"}
    refused = c.refused(c.act(set_aside), ProcedureError)
    assert refused.field == "condition"
    assert "2 ballots ordered opened and counted can still affect the result and the revised tally is not yet in" in str(refused)
    assert "record the revised tally first (casefile challenges open)" in str(refused)
    conditional = c.refused(c.act({**set_aside, "condition": "no-union-majority"}), ProcedureError)
    assert "on that result the objecting party prevailed and its objections are moot" in str(conditional)
    # the count comes first: 2 for the Union, 19-15 — the Union won, and the Employer's objections are decided then
    c.perform(c.act({"act": "revised-tally", "date": date(1974, 6, 12), "counted": {SELCK_UNION: 2}}))
    assert _stage() is Stage.REVISED_TALLY_ISSUED


def test_a_set_aside_ordering_the_count_in_the_same_decision_is_refused(configured_db: Path) -> None:
    """The decision itself orders the laid-off ballots opened and counted (determinative) and sets the election aside
    without condition: refused, nothing stored."""
    c = _employer_objects()
    c.sweep(c.at_noon(date(1974, 5, 20)))
    refused = c.refused(c.act({"act": "rd-decision", "date": date(1974, 6, 10), "result": "set-aside",
                               "rulings": {"selck": {1: "sustained"}}, "challenges": RULINGS}), ProcedureError)
    assert "the revised tally is not yet in: the outcome is not known" in str(refused)


def test_a_set_aside_whose_count_cannot_change_the_result_is_accepted(configured_db: Path) -> None:
    """Every challenge sustained: the tally stands (102.69(c)(1)(i)) and no count waits — the set-aside on the
    Employer's objection is accepted as before."""
    c = _employer_objects()
    c.perform(c.act({"act": "rule-on-challenges", "date": date(1974, 5, 20), "status": "sustained", "all_pending": True}))
    c.perform(c.act({"act": "rd-decision", "date": date(1974, 6, 10), "result": "set-aside",
                     "rulings": {"selck": {1: "sustained"}}, "at_fault": "union"}))
    assert _stage() is Stage.RERUN_DIRECTED


def _union_behind() -> ExampleCase:
    opening = OpenCase.model_validate({
        "act": "open-case",
        "case": {"number": "13-RC-13326", "name": "Selck-like Co. (hypothetical)", "agreement": "stipulated",
                 "rule_set": "pre-2015"},
        "parties": [{"key": "selck", "role": "employer", "name": "Selck-like Co."},
                    {"key": "union", "role": "petitioner", "name": SELCK_UNION}],
        "date": date(1974, 5, 1)})
    events = [parse_act(e) for e in (
        {"act": "record-tally", "date": date(1974, 5, 1), "kind": "initial", "choices": {SELCK_UNION: 15},
         "against": 17, "challenged": 4, "eligible": 37},
        {"act": "register-challenges", "date": date(1974, 5, 1), "challenges": [
            {"voter": f"voter {i}", "challenged_by": "union" if i <= 2 else "selck",
             "ground": "supervisor" if i <= 2 else "laid off"} for i in range(1, 5)]},
        {"act": "file-objections", "date": date(1974, 5, 3), "party": "union",
         "objections": ["[hypothetical objection of the union]"]},
    )]
    return ExampleCase(opening, events)


def test_the_unions_objections_are_sustained_on_the_condition(configured_db: Path) -> None:
    """15 for the Union, 17 against; the decision orders all four challenged ballots opened and counted (the Union
    would have a majority with all four, 19-17) and sustains the Union's objection. Without a condition: refused,
    the condition named; on the condition "no-union-majority": accepted, the rerun directed on it
    (Cornell-Dubilier, 1957); the revised tally (1 for, 3 against: 16-20) meets it and the rerun stands."""
    c = _union_behind()
    c.carry(3)
    c.sweep(c.at_noon(date(1974, 5, 20)))
    decision = {"act": "rd-decision", "date": date(1974, 6, 10), "result": "set-aside",
                "rulings": {"union": {1: "sustained"}}, "at_fault": "selck",
                "challenges": [{"ground": "laid off", "ruling": "overruled"}, {"ground": "supervisor", "ruling": "overruled"}]}
    refused = c.refused(c.act(decision), ProcedureError)
    assert "4 ballots ordered opened and counted can still affect the result" in str(refused)
    assert "condition: no-union-majority" in str(refused)
    c.perform(c.act({**decision, "condition": "no-union-majority"}))
    assert _stage() is Stage.RERUN_DIRECTED
    c.perform(c.act({"act": "revised-tally", "date": date(1974, 6, 12), "counted": {SELCK_UNION: 1},
                     "counted_against": 3}))
    with read_session() as s:
        election = s.exec(select(Election)).one()
    assert election.stage is Stage.RERUN_DIRECTED  # 16-20: no majority, the second election stands directed
