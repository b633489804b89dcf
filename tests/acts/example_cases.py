"""Real cases from examples/ carried through the front door act by act, for the tests of the
challenged-ballot, runoff and deadline-order acts: Starbucks Genesee Street (03-RC-282139:
determinative challenges sustained, revised tally 15-9), Trinity College (01-RC-196511: two
unions, no majority, runoff) and Walter E. Selck (13-RC-13325, 1974: 17-15 with 4 challenged,
partial resolution, rules.md R-E7).

Every scenario act is the file's own event (its real dates and values), performed with
``app.perform`` as of noon on its date at the receiving office, as a replay would; documents are
issued only where a test asks.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

import pytest

from casefile import app
from casefile.acts import ActIn, Who, parse_act
from casefile.acts.base import midday
from casefile.acts.open_case import OpenCase
from casefile.rules.case_numbers import parse_case_number
from casefile.rules.offices import office_for
from casefile.scenario import Scenario, load_scenario
from tests.acts.procedure import prepare_schema
from tests.acts.snapshot import default_snapshot

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


class ExampleCase:
    """A case of the record, opened by ``opening`` and carried by ``events`` (act models)."""

    def __init__(self, opening: OpenCase, events: list[ActIn]) -> None:
        self.opening = opening
        self.events = events
        number = parse_case_number(opening.case.number)
        self.number = str(number)
        self.tz = office_for(number.region, opening.case.office).tz

    def noon(self, act: ActIn) -> datetime:
        """The instant a replay records ``act`` at: its ``at``, else noon on its date at the office."""
        if act.at is not None:
            return act.at
        assert act.on is not None
        return midday(act.on, self.tz)

    def at_noon(self, on: date) -> datetime:
        return midday(on, self.tz)

    def open(self) -> None:
        prepare_schema()
        app.perform(self.opening, as_of=self.noon(self.events[0]), by=Who.operator(), documents="none")

    def carry(self, count: int) -> None:
        """Open the case and perform its first ``count`` events."""
        self.open()
        for act in self.events[:count]:
            self.perform(act)

    def perform(self, act: ActIn, *, as_of: datetime | None = None,
                documents: Literal["issue", "defer", "none"] = "none") -> app.ActResult:
        return app.perform(act, case_number=self.number, as_of=as_of or self.noon(act), by=Who.operator(),
                           documents=documents)

    def act(self, data: dict[str, Any]) -> ActIn:
        return parse_act(data)

    @cached_property
    def case_id(self) -> int:
        from casefile.record.db import read_session
        from casefile.record.lookups import get_case

        with read_session() as session:
            ident = get_case(session, self.number).id
        assert ident is not None
        return ident

    def sweep(self, as_of: datetime) -> None:
        app.sweep_case(self.case_id, as_of=as_of)

    def refused(self, act: ActIn, error: type[Exception], *, as_of: datetime | None = None) -> Exception:
        """Attempt ``act``: refused with ``error`` and nothing stored beyond the pre-act sweep."""
        moment = as_of or self.noon(act)
        self.sweep(moment)
        before = default_snapshot()
        with pytest.raises(error) as caught:
            self.perform(act, as_of=moment)
        assert default_snapshot() == before
        return caught.value

    def retried(self, act: ActIn, *, as_of: datetime | None = None) -> app.ActResult:
        """Perform ``act`` again: the first result (``repeated``), nothing new stored."""
        moment = as_of or self.noon(act)
        self.sweep(moment)
        before = default_snapshot()
        result = self.perform(act, as_of=moment)
        assert result.repeated
        assert default_snapshot() == before
        return result


def from_example(name: str) -> ExampleCase:
    scenario: Scenario = load_scenario(EXAMPLES / name)
    return ExampleCase(scenario.opening(), list(scenario.events))


def starbucks() -> ExampleCase:
    """Events: 0 tally (2021-12-09, 15-9, 7 challenged), 1 register (6 by the union, 1 by the
    employer), 2 objections of Workers United (2021-12-16), 3 ruling (2022-01-10: the six
    sustained by ground), 4 revised tally (2022-01-10)."""
    return from_example("starbucks-genesee-03-RC-282139.yaml")


def trinity() -> ExampleCase:
    """Events: 0 tally (2017-05-04: LEOS-PBA 9, SPFPA 8, against 5), 1 direction of the runoff
    (2017-05-12, held 2017-05-17), 2 runoff tally, 3 certification."""
    return from_example("trinity-college-01-RC-196511.yaml")


SELCK_UNION = "Union"


def selck() -> ExampleCase:
    """Walter E. Selck and Co. (1974; rules.md T5): 17-15 with 4 challenged, two by the union
    ("supervisor"), two by the employer ("laid off"). Events: 0 tally (1974-05-01), 1 register."""
    opening = OpenCase.model_validate({
        "act": "open-case",
        "case": {"number": "13-RC-13325", "name": "Walter E. Selck and Co.", "agreement": "stipulated",
                 "rule_set": "pre-2015"},
        "parties": [{"key": "selck", "role": "employer", "name": "Walter E. Selck and Co."},
                    {"key": "union", "role": "petitioner", "name": SELCK_UNION}],
        "date": date(1974, 5, 1)})
    events = [parse_act(e) for e in (
        {"act": "record-tally", "date": date(1974, 5, 1), "kind": "initial", "choices": {SELCK_UNION: 17},
         "against": 15, "challenged": 4, "eligible": 37},
        {"act": "register-challenges", "date": date(1974, 5, 1), "challenges": [
            {"voter": f"voter {i}", "challenged_by": "union" if i <= 2 else "selck",
             "ground": "supervisor" if i <= 2 else "laid off"} for i in range(1, 5)]},
    )]
    return ExampleCase(opening, events)
