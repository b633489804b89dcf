"""An offer of proof that names witnesses for some of the objections filed with it warns that the
others have none (new user's trial, item 5): 102.69(a)(8) requires the offer to describe the evidence
supporting the objections."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Engine

from casefile.acts.file_objections import WitnessIn
from casefile.record.db import write_session
from tests.bessemer import TALLY_2021, objections_act, open_case, perform, record_tally
from tests.conftest import at

STATEMENTS = ["The Employer's managers kept employees under surveillance.",
              "The Employer had the ballots of employees outside the unit counted.",
              "The Employer installed a collection box."]


def _filed(engine: Engine, witnesses: list[WitnessIn]) -> tuple[str, ...]:
    with write_session(engine, by="operator:tests") as s:
        open_case(s, as_of=at("2021-04-09T12:00:00-04:00"))
        record_tally(s, TALLY_2021, as_of=at("2021-04-09T12:00:00-04:00"))
        done = perform(s, objections_act("rwdsu", STATEMENTS, on=date(2021, 4, 16), offer_of_proof=witnesses),
                       as_of=at("2021-04-16T12:00:00-04:00"))
    return done.warnings


def test_objections_without_a_witness_are_named(engine: Engine) -> None:
    warnings = _filed(engine, [WitnessIn(objection=1, witness="Jane Doe, picker", summary="Saw the managers watch.")])
    assert ("the offer of proof names no witness for objections 2 and 3 (it names witnesses for 1 objection of 3): "
            "it is to describe the evidence supporting the objections (29 CFR 102.69(a)(8)), and an objection it does "
            "not support may be overruled without a hearing (102.69(c)(1)(i)); add the witnesses with "
            "\"File an offer of proof\"") in warnings, warnings


def test_no_warning_when_every_objection_has_a_witness(engine: Engine) -> None:
    warnings = _filed(engine, [WitnessIn(objection=n, witness="Jane Doe, picker", summary="Saw it.") for n in (1, 2, 3)])
    assert not [w for w in warnings if isinstance(w, str) and "names no witness" in w], warnings  # a Gap is no sentence
