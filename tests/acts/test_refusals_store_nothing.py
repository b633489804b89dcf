"""Property: a refused act stores nothing (issue 9, item 2).

Every act of the three example scenarios, mutated at random (its date moved, its party, election,
counts and lists changed), is attempted on the Bessemer case as it stands after the 2021
objections. Whatever the front door refuses must leave every table and the output folder exactly
as they were before it was called (the pre-act sweep runs in the act's transaction and is
rolled back with it); anything it raises must be a CasefileError (a clear message, never
a traceback); anything it accepts is a legal act, not checked here.
"""

from __future__ import annotations

import shutil
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from casefile import app
from casefile.acts import Who, parse_act
from casefile.errors import CasefileError
from casefile.importers.strict_yaml import load_yaml
from tests.acts.procedure import carry, noon
from tests.acts.snapshot import default_snapshot

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NUMBER = "10-RC-269250"


def _events() -> list[dict[str, Any]]:
    out = []
    for name in ("bessemer-10-RC-269250.yaml", "starbucks-genesee-03-RC-282139.yaml", "trinity-college-01-RC-196511.yaml"):
        out.extend(e for e in load_yaml((EXAMPLES / name).read_bytes(), source=name)["events"] if e["act"] != "sweep")
    return out


EVENTS = _events()
OUTCOMES: Counter[str] = Counter()


@st.composite
def mutated_acts(draw: st.DrawFn) -> dict[str, Any]:
    """One example event, with some of its fields changed."""
    event = dict(draw(st.sampled_from(EVENTS)))
    if draw(st.booleans()):
        event["date"] = event["date"] + timedelta(days=draw(st.integers(-400, 400)))
        event.pop("at", None)
    if "party" in event and draw(st.booleans()):
        event["party"] = draw(st.sampled_from(["rwdsu", "amazon", "workers-united", "nobody"]))
    if draw(st.booleans()):
        event["election"] = draw(st.integers(1, 3))
    for field in ("challenged", "void", "against", "eligible", "counted_against", "opened", "sustained"):
        if field in event and draw(st.booleans()):
            event[field] = draw(st.integers(0, 7000))
    for field in ("objections", "exceptions", "challenges", "offer_of_proof", "voters"):
        if isinstance(event.get(field), list) and event[field] and draw(st.booleans()):
            event[field] = event[field][: draw(st.integers(0, len(event[field])))]
    if "rulings" in event and draw(st.booleans()):
        event["rulings"] = {draw(st.sampled_from(["rwdsu", "amazon", "nobody"])): {draw(st.integers(1, 40)): "sustained"}}
    return event


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database holding Bessemer through its 2021 objections (made once, copied for each example)."""
    folder = tmp_path_factory.mktemp("refusal-template")
    with pytest.MonkeyPatch.context() as mp:
        _point(mp, folder)
        carry("objections-2021")
        from casefile.record.db import get_engine

        get_engine().dispose()
    return folder


def _point(mp: pytest.MonkeyPatch, folder: Path) -> None:
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    mp.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{folder / 'casefile.db'}")
    mp.setenv("CASEFILE_OUTPUT_DIR", str(folder / "out"))
    get_settings.cache_clear()
    get_engine.cache_clear()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(data=mutated_acts())
def test_a_refused_act_leaves_every_table_and_file_as_it_found_them(
        data: dict[str, Any], template: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Refused: the database and the output folder equal their state before perform was called."""
    try:
        act = parse_act(data)
    except ValidationError:
        OUTCOMES["refused by the model"] += 1
        return
    folder = tmp_path_factory.mktemp("refusal")
    shutil.copy(template / "casefile.db", folder / "casefile.db")
    with pytest.MonkeyPatch.context() as mp:
        _point(mp, folder)
        moment = noon(act)
        before = default_snapshot()  # not swept first: a refusal stores not even the pre-act sweep
        refusal: CasefileError | None = None
        try:
            app.perform(act, case_number=NUMBER, as_of=moment, by=Who(label="operator:test"), documents="issue")
        except CasefileError as exc:
            refusal = exc
        if refusal is None:
            OUTCOMES["accepted"] += 1
        else:
            assert str(refusal), "a refusal says why"
            assert default_snapshot() == before, f"{data['act']} refused ({refusal}) but stored something"
            OUTCOMES[f"refused: {refusal.family}"] += 1
        from casefile.record.db import get_engine

        get_engine().dispose()


def test_report_outcomes() -> None:
    """Prints what the property saw (run with -s); checks it saw refusals of more than one family."""
    if not OUTCOMES:
        pytest.skip("the property test did not run in this session")
    print(dict(OUTCOMES))
    assert sum(n for k, n in OUTCOMES.items() if k.startswith("refused: ")) > 0
