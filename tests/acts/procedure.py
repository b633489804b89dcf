"""The real Bessemer case (10-RC-269250, examples/bessemer-10-RC-269250.yaml) carried through the
front door act by act, for the tests of the hearing, decision, exceptions and certification acts.

Every act is the scenario file's own event (its real dates and values), performed with
``app.perform`` as of noon on its date at the receiving office (Atlanta, Eastern), as a replay
would; documents are issued only where a test asks (``documents="issue"``). The helpers are
those of tests/acts/example_cases.py with Bessemer's defaults.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any, Literal

from casefile import app
from casefile.acts import ActIn, Who, parse_act
from casefile.scenario import Scenario, load_scenario
from casefile.vocab import ElectionAgreement
from tests.acts.carried import carried
from tests.acts.example_cases import (
    EXAMPLES,
    case_id_of,
    noon_at,
    perform_act,
    prepare_schema,
    refused_act,
    retried_act,
)

EXAMPLE = EXAMPLES / "bessemer-10-RC-269250.yaml"
NUMBER = "10-RC-269250"
RWDSU = "Retail, Wholesale and Department Store Union"
EASTERN = "America/New_York"

#: The scenario's events by name, in order (index in the file).
EVENTS = {"tally-2021": 0, "objections-2021": 1, "notice-hearing": 2, "open-hearing": 3, "ho-report": 4,
          "rd-decision": 5, "tally-2022": 6, "objections-2022-rwdsu": 7, "objections-2022-amazon": 8,
          "consolidate": 9, "open-alj-hearing": 10, "alj-decision": 11}

__all__ = ["EASTERN", "EVENTS", "EXAMPLE", "NUMBER", "RWDSU", "act", "carry", "case_id", "event", "noon",
           "open_bessemer", "perform", "prepare_schema", "refused", "scenario", "unchanged_by_retry"]


@cache
def scenario() -> Scenario:
    """The Bessemer scenario, read once (its act models are frozen)."""
    return load_scenario(EXAMPLE)


def event(name: str) -> ActIn:
    """The scenario's event ``name`` (see EVENTS) as its act model."""
    return scenario().events[EVENTS[name]]  # type: ignore[no-any-return]


def act(data: dict[str, Any]) -> ActIn:
    """An act model from a mapping in the scenario's event syntax."""
    return parse_act(data)


def noon(act_: ActIn) -> datetime:
    """The instant a replay records ``act_`` at: its ``at``, else noon on its date in Atlanta."""
    return noon_at(act_, EASTERN)


def perform(act_: ActIn, *, as_of: datetime | None = None, documents: Literal["issue", "defer", "none"] = "none",
            case_number: str = NUMBER) -> app.ActResult:
    """Perform ``act_`` on the case (default Bessemer) through the front door, as of ``noon(act_)`` by default."""
    return perform_act(act_, case_number=case_number, as_of=as_of or noon(act_), documents=documents)


def open_bessemer(agreement: ElectionAgreement | None = ElectionAgreement.DIRECTED) -> None:
    """Open the case as the scenario does, with the election agreement ``agreement`` (None: not in the record)."""
    prepare_schema()
    spec = scenario()
    opening = spec.opening()
    opening = opening.model_copy(update={"case": opening.case.model_copy(update={"agreement": agreement})})
    app.perform(opening, as_of=noon(spec.events[0]), by=Who.operator(), documents="none")


def carry(through: str, *, agreement: ElectionAgreement | None = ElectionAgreement.DIRECTED) -> None:
    """Open the case and perform the scenario's events up to and including ``through`` (once per test
    process: later the database is copied, tests/acts/carried.py)."""
    def build() -> None:
        open_bessemer(agreement)
        for event_ in scenario().events[:EVENTS[through] + 1]:
            perform(event_)

    carried(("bessemer", through, agreement), build)


def case_id(number: str = NUMBER) -> int:
    return case_id_of(number)


def refused(act_: ActIn, error: type[Exception], *, as_of: datetime | None = None,
            case_number: str = NUMBER) -> Exception:
    """Attempt ``act_`` and check it is refused with ``error`` and stores nothing: every table and
    the output folder are as they were before the attempt (the pre-act sweep included). Returns the error."""
    return refused_act(act_, error, case_number=case_number, as_of=as_of or noon(act_))


def unchanged_by_retry(act_: ActIn, *, as_of: datetime | None = None, case_number: str = NUMBER) -> app.ActResult:
    """Perform ``act_`` again: the result is the first one's (``repeated``) and nothing new is stored."""
    return retried_act(act_, case_number=case_number, as_of=as_of or noon(act_))
