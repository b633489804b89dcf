"""Real cases from examples/ carried through the front door act by act, and the helpers every
test of an act uses: performing one act as a replay would, checking that a refused act stores
nothing and a retried one nothing new (tests/acts/procedure.py carries Bessemer with them).

The cases here serve the challenged-ballot, runoff and deadline-order acts: Starbucks Genesee
Street (03-RC-282139: determinative challenges sustained, revised tally 15-9), Trinity College
(01-RC-196511: two unions, no majority, runoff) and Walter E. Selck (13-RC-13325, 1974: 17-15
with 4 challenged, partial resolution, rules.md R-E7).

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
from tests.acts.carried import carried
from tests.acts.snapshot import default_snapshot

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def prepare_schema() -> None:
    """Bring the configured (empty) database to the migrations' head, as the front door does on
    first use."""
    from casefile.record.db import get_engine

    get_engine()


# --- one act through the front door, as a replay performs it (every helper of tests/acts uses these)


def noon_at(act: ActIn, tz: str) -> datetime:
    """The instant a replay records ``act`` at: its ``at``, else noon on its date in zone ``tz``."""
    if act.at is not None:
        return act.at
    assert act.on is not None
    return midday(act.on, tz)


def perform_act(act: ActIn, *, case_number: str, as_of: datetime,
                documents: Literal["issue", "defer", "none"] = "none") -> app.ActResult:
    """Perform ``act`` on case ``case_number`` through the front door as of ``as_of``, by the operator."""
    return app.perform(act, case_number=case_number, as_of=as_of, by=Who.operator(), documents=documents)


def case_id_of(number: str) -> int:
    """The id of case ``number`` in the configured database."""
    from casefile.record.db import read_session
    from casefile.record.lookups import get_case

    with read_session() as session:
        ident = get_case(session, number).id
    assert ident is not None
    return ident


def refused_act(act: ActIn, error: type[Exception], *, case_number: str, as_of: datetime) -> Exception:
    """Attempt ``act`` and check it is refused with ``error`` and stores nothing: every table and
    the output folder are as they were before the front door was called (its pre-act sweep is
    rolled back with the act). Returns the error."""
    before = default_snapshot()
    with pytest.raises(error) as caught:
        perform_act(act, case_number=case_number, as_of=as_of)
    assert default_snapshot() == before
    return caught.value


def retried_act(act: ActIn, *, case_number: str, as_of: datetime) -> app.ActResult:
    """Perform ``act`` again: the result is the first one's (``repeated``) and nothing new is
    stored beyond what the pre-act sweep (done first) records."""
    app.sweep_case(case_id_of(case_number), as_of=as_of)
    before = default_snapshot()
    result = perform_act(act, case_number=case_number, as_of=as_of)
    assert result.repeated
    assert default_snapshot() == before
    return result


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
        return noon_at(act, self.tz)

    def at_noon(self, on: date) -> datetime:
        return midday(on, self.tz)

    def open(self) -> None:
        prepare_schema()
        app.perform(self.opening, as_of=self.noon(self.events[0]), by=Who.operator(), documents="none")

    def carry(self, count: int) -> None:
        """Open the case and perform its first ``count`` events (once per test process: later the
        database is copied, tests/acts/carried.py)."""
        def build() -> None:
            self.open()
            for act in self.events[:count]:
                self.perform(act)

        carried(("example", self.opening.model_dump_json(), tuple(e.model_dump_json() for e in self.events[:count])), build)

    def perform(self, act: ActIn, *, as_of: datetime | None = None,
                documents: Literal["issue", "defer", "none"] = "none") -> app.ActResult:
        return perform_act(act, case_number=self.number, as_of=as_of or self.noon(act), documents=documents)

    def act(self, data: dict[str, Any]) -> ActIn:
        return parse_act(data)

    @cached_property
    def case_id(self) -> int:
        return case_id_of(self.number)

    def sweep(self, as_of: datetime) -> None:
        app.sweep_case(self.case_id, as_of=as_of)

    def refused(self, act: ActIn, error: type[Exception], *, as_of: datetime | None = None) -> Exception:
        """Attempt ``act``: refused with ``error`` and nothing stored, not even the pre-act sweep."""
        return refused_act(act, error, case_number=self.number, as_of=as_of or self.noon(act))

    def retried(self, act: ActIn, *, as_of: datetime | None = None) -> app.ActResult:
        """Perform ``act`` again: the first result (``repeated``), nothing new stored."""
        return retried_act(act, case_number=self.number, as_of=as_of or self.noon(act))


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
