"""The real Bessemer case (10-RC-269250, examples/bessemer-10-RC-269250.yaml) carried through the
front door act by act, for the tests of the hearing, decision, exceptions and certification acts.

Every act is the scenario file's own event (its real dates and values), performed with
``app.perform`` as of noon on its date at the receiving office (Atlanta, Eastern), as a replay
would; documents are issued only where a test asks (``documents="issue"``).
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any, Literal

import pytest

from casefile import app
from casefile.acts import ActIn, Who, parse_act
from casefile.acts.base import midday
from casefile.acts.open_case import OpenCase
from casefile.scenario import Scenario, load_scenario
from casefile.vocab import ElectionAgreement
from tests.acts.snapshot import default_snapshot

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bessemer-10-RC-269250.yaml"
NUMBER = "10-RC-269250"
RWDSU = "Retail, Wholesale and Department Store Union"
EASTERN = "America/New_York"

#: The scenario's events by name, in order (index in the file).
EVENTS = {"tally-2021": 0, "objections-2021": 1, "notice-hearing": 2, "open-hearing": 3, "ho-report": 4,
          "rd-decision": 5, "tally-2022": 6, "objections-2022-rwdsu": 7, "objections-2022-amazon": 8,
          "consolidate": 9, "alj-decision": 10}


def prepare_schema() -> None:
    """Bring the configured (empty) database to the migrations' head, as the front door does on
    first use."""
    from casefile.record.db import get_engine

    get_engine()


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
    if act_.at is not None:
        return act_.at
    assert act_.on is not None
    return midday(act_.on, EASTERN)


def perform(act_: ActIn, *, as_of: datetime | None = None, documents: Literal["issue", "defer", "none"] = "none",
            case_number: str = NUMBER) -> app.ActResult:
    """Perform ``act_`` on the case (default Bessemer) through the front door, as of ``noon(act_)`` by default."""
    return app.perform(act_, case_number=case_number, as_of=as_of or noon(act_), by=Who.operator(), documents=documents)


def open_bessemer(agreement: ElectionAgreement | None = ElectionAgreement.DIRECTED) -> None:
    """Open the case as the scenario does, with the election agreement ``agreement`` (None: not in the record)."""
    prepare_schema()
    spec = scenario()
    case = spec.case.model_copy(update={"agreement": agreement})
    opening = OpenCase(case=case, parties=spec.parties, date=spec.events[0].on)
    app.perform(opening, as_of=noon(spec.events[0]), by=Who.operator(), documents="none")


def carry(through: str, *, agreement: ElectionAgreement | None = ElectionAgreement.DIRECTED) -> None:
    """Open the case and perform the scenario's events up to and including ``through``."""
    open_bessemer(agreement)
    events = scenario().events
    for i in range(EVENTS[through] + 1):
        perform(events[i])


def case_id(number: str = NUMBER) -> int:
    from casefile.record.db import read_session
    from casefile.record.lookups import get_case

    with read_session() as session:
        ident = get_case(session, number).id
    assert ident is not None
    return ident


def refused(act_: ActIn, error: type[Exception], *, as_of: datetime | None = None,
            case_number: str = NUMBER) -> Exception:
    """Attempt ``act_`` and check it is refused with ``error`` and stores nothing: every table and
    the output folder are as the pre-act sweep left them. Returns the error."""
    moment = as_of or noon(act_)
    app.sweep_case(case_id(case_number), as_of=moment)
    before = default_snapshot()
    with pytest.raises(error) as caught:
        perform(act_, as_of=moment, case_number=case_number)
    assert default_snapshot() == before
    return caught.value


def unchanged_by_retry(act_: ActIn, *, as_of: datetime | None = None, case_number: str = NUMBER) -> app.ActResult:
    """Perform ``act_`` again: the result is the first one's (``repeated``) and nothing new is stored."""
    moment = as_of or noon(act_)
    before = default_snapshot()
    result = perform(act_, as_of=moment, case_number=case_number)
    assert result.repeated
    assert default_snapshot() == before
    return result
