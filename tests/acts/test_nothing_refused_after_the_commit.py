"""Property: nothing that can refuse runs after the commit (issue 17 item 1).

Every act of the four example histories, mutated at random (its date, party, election, counts, lists
and the election's voting days changed), is performed on its case as it stood before that act — the
example replayed up to it — through each door:

- the front door (casefile.app.perform, the act's documents issued in this process);
- the HTTP API (POST /api/v1/cases/{number}/acts on the Bessemer world, the documents issued by the
  committed hook);
- a scenario replay of the example with that event mutated (the two short examples, and defect 1 on Bessemer).

Refused: one clear CasefileError (a 4xx problem, an InvalidScenario naming the event) and every table
and the output folder as they were. Accepted: every document the act issues is issued — a document that
cannot be built or rendered after its act committed is a refusal that came too late (reliability trial,
defect 1: the tally stored, its Tally of Ballots never). After any replay, every act on the docket has
all its documents.
"""

from __future__ import annotations

import contextlib
import shutil
import warnings
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from sqlmodel import select

from casefile import app
from casefile.acts import Who, parse_act
from casefile.errors import CasefileError, InvalidScenario
from casefile.importers.strict_yaml import load_yaml
from tests.accounts.world import NUMBER as WORLD_NUMBER
from tests.accounts.world import World, bessemer_template, world  # noqa: F401  (fixtures)
from tests.acts.procedure import noon
from tests.acts.snapshot import default_snapshot

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NAMES = ("bessemer-10-RC-269250.yaml", "starbucks-genesee-03-RC-282139.yaml", "trinity-college-01-RC-196511.yaml",
         "amazon-jfk8-29-RC-288020.yaml")


def _example(name: str) -> dict[str, Any]:
    return load_yaml((EXAMPLES / name).read_bytes(), source=name)


EXAMPLE = {name: _example(name) for name in NAMES}


def _reversed_tally() -> tuple[str, int, dict[str, Any]]:
    """The reliability trial's defect 1: Bessemer's 2021 tally with its voting days reversed, on the case just opened."""
    tally = dict(EXAMPLE[NAMES[0]]["events"][0])
    assert tally["act"] == "record-tally"
    tally["election"] = {**tally["election"], "held_from_on": date(2021, 3, 29), "held_to_on": date(2021, 2, 8)}
    return NAMES[0], 0, tally


def _mutate(draw: st.DrawFn, event: dict[str, Any]) -> dict[str, Any]:
    """``event`` with some of its fields changed (the changes a mistyped form or file makes)."""
    event = dict(event)
    if draw(st.booleans()):
        event["date"] = event["date"] + timedelta(days=draw(st.integers(-400, 400)))
        event.pop("at", None)
    if "party" in event and draw(st.booleans()):
        event["party"] = draw(st.sampled_from(["rwdsu", "amazon", "workers-united", "alu", "nobody"]))
    if isinstance(event.get("election"), dict) and draw(st.booleans()):
        held = dict(event["election"])
        first = held.get("held_from_on") or event["date"]
        held["held_from_on"] = first + timedelta(days=draw(st.integers(-60, 60)))
        held["held_to_on"] = first + timedelta(days=draw(st.integers(-60, 60)))
        event["election"] = held
    elif "election" not in event and draw(st.booleans()):
        event["election"] = draw(st.integers(1, 3))
    for field in ("challenged", "void", "against", "eligible", "counted_against", "opened", "sustained"):
        if field in event and draw(st.booleans()):
            event[field] = draw(st.integers(0, 7000))
    for field in ("objections", "exceptions", "challenges", "offer_of_proof", "voters", "witnesses", "grounds"):
        if isinstance(event.get(field), list) and event[field] and draw(st.booleans()):
            event[field] = event[field][: draw(st.integers(0, len(event[field])))]
    if "rulings" in event and draw(st.booleans()):
        event["rulings"] = {draw(st.sampled_from(["rwdsu", "amazon", "nobody"])): {draw(st.integers(1, 40)): "sustained"}}
    return event


def _impossible_facts() -> list[tuple[str, int, dict[str, Any]]]:
    """The reliability trial's impossible facts (defect 4), each on its case as it stood before the act: Bessemer's
    2021 tally prepared before voting ended and its election held before the petition, its objections dated before
    the petition; Trinity's runoff tally before the runoff."""
    bessemer, trinity = EXAMPLE[NAMES[0]]["events"], [e for e in EXAMPLE[NAMES[2]]["events"] if e["act"] != "sweep"]
    tally = dict(bessemer[0])
    early = {**tally, "date": date(2021, 3, 28)}
    before_petition = {**tally, "election": {**tally["election"], "held_from_on": date(2019, 1, 1)}}
    objections = {**dict(bessemer[1]), "date": date(2020, 11, 19)}
    objections.pop("at", None)
    runoff = {**dict(trinity[2]), "date": date(2017, 5, 13)}
    return [(NAMES[0], 0, early), (NAMES[0], 0, before_petition), (NAMES[0], 1, objections), (NAMES[2], 2, runoff)]


IMPOSSIBLE = _impossible_facts()


@st.composite
def cut_and_act(draw: st.DrawFn, names: tuple[str, ...] = NAMES) -> tuple[str, int, dict[str, Any]]:
    """An example, how many of its events come before the act (``cut``), and the act: one of its
    events (most often the next one), mutated."""
    name = draw(st.sampled_from(names))
    events = [e for e in EXAMPLE[name]["events"] if e["act"] != "sweep"]
    cut = draw(st.integers(0, len(events) - 1))
    source = events[cut] if draw(st.integers(0, 3)) else draw(st.sampled_from(events))
    return name, cut, _mutate(draw, source)


def _plain(value: Any) -> Any:
    """``value`` with its dates and instants as ISO strings (as a scenario file or an API body writes them)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value.isoformat() if isinstance(value, date) else value


def _point(mp: pytest.MonkeyPatch, folder: Path) -> None:
    from casefile.record.db import get_engine
    from casefile.settings import get_settings

    mp.setenv("CASEFILE_DATABASE_URL", f"sqlite:///{folder / 'casefile.db'}")
    mp.setenv("CASEFILE_OUTPUT_DIR", str(folder / "out"))
    get_settings.cache_clear()
    get_engine.cache_clear()


def _dispose() -> None:
    from casefile.record.db import get_engine

    get_engine().dispose()


def _number(name: str) -> str:
    return str(EXAMPLE[name]["case"]["number"])


def acts_without_their_documents() -> list[str]:
    """Every act on the docket whose documents (as its module names them) are not all issued."""
    from casefile.acts import module_named
    from casefile.record.db import read_session
    from casefile.record.models import DocketEntry, Document

    missing = []
    with read_session() as session:
        keys = set(session.exec(select(Document.key)).all())
        for entry in session.exec(select(DocketEntry)):
            try:
                module = module_named(entry.act)
            except KeyError:  # issue-document, sweep, deadline-lapsed ...: not acts
                continue
            missing += [f"{entry.act} ({entry.ref}): {issue.kind.value}" for issue in module.issues(session, entry.ref)
                        if issue.key not in keys]
    return missing


@pytest.fixture(scope="module")
def templates(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], Path]:
    """(example, cut) -> a folder whose database holds the example opened and its first ``cut`` events (made on
    first use; their documents not issued: a document issued later is built from the record)."""
    return {}


def _template(templates: dict[tuple[str, int], Path], factory: pytest.TempPathFactory, name: str, cut: int) -> Path:
    if (name, cut) in templates:
        return templates[(name, cut)]
    from casefile.rules.offices import office_for
    from casefile.scenario import event_instant, load_scenario

    folder = factory.mktemp("cut")
    scenario = load_scenario(EXAMPLES / name)
    with pytest.MonkeyPatch.context() as mp:
        _point(mp, folder)
        from casefile.rules.case_numbers import parse_case_number

        number = parse_case_number(scenario.case.number)
        tz = office_for(number.region, scenario.case.office).tz
        by = Who.operator()
        app.perform(scenario.opening(), as_of=event_instant(scenario.events[0], tz), by=by, documents="none")
        done = 0
        for event in scenario.events:
            if done == cut:
                break
            if event.act_name == "sweep":
                continue
            app.perform(event, case_number=str(number), as_of=event_instant(event, tz), by=by, documents="none")
            done += 1
        _dispose()
    templates[(name, cut)] = folder
    return folder


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(drawn=cut_and_act())
@example(drawn=_reversed_tally())
@example(drawn=IMPOSSIBLE[0])
@example(drawn=IMPOSSIBLE[1])
@example(drawn=IMPOSSIBLE[2])
@example(drawn=IMPOSSIBLE[3])
def test_through_the_front_door_a_refusal_stores_nothing_and_an_accepted_act_gets_its_documents(
        drawn: tuple[str, int, dict[str, Any]], templates: dict[tuple[str, int], Path],
        tmp_path_factory: pytest.TempPathFactory) -> None:
    name, cut, data = drawn
    try:
        act = parse_act(data)
    except ValidationError:
        return  # refused by the model: nothing ran
    template = _template(templates, tmp_path_factory, name, cut)
    folder = tmp_path_factory.mktemp("front-door")
    shutil.copy(template / "casefile.db", folder / "casefile.db")
    with pytest.MonkeyPatch.context() as mp:
        _point(mp, folder)
        try:
            before, unissued = default_snapshot(), set(acts_without_their_documents())  # the template issued none
            refusal: CasefileError | None = None
            try:
                app.perform(act, case_number=_number(name), as_of=noon(act), by=Who(label="operator:test"), documents="issue")
            except CasefileError as exc:
                refusal = exc
            if refusal is not None:
                assert str(refusal), "a refusal says why"
                assert default_snapshot() == before, f"{data['act']} refused ({refusal}) but stored something"
            else:
                assert set(acts_without_their_documents()) - unissued == set(), f"{data['act']} accepted without its documents"
        finally:
            _dispose()


def _client() -> Any:
    from starlette.exceptions import StarletteDeprecationWarning

    with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; the httpx Prefect pins still works
        warnings.simplefilter("ignore", StarletteDeprecationWarning)
        from fastapi.testclient import TestClient
    return TestClient


#: Who posts each act on the Bessemer world: a party's counsel for a party's act, else the Region's counsel.
_POSTER = {"rwdsu": "union-counsel", "amazon": "employer-counsel"}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(drawn=cut_and_act(names=("bessemer-10-RC-269250.yaml",)))
def test_through_the_api_a_refusal_stores_nothing_and_an_accepted_act_gets_its_documents(
        drawn: tuple[str, int, dict[str, Any]], world: World) -> None:  # noqa: F811  (the fixture)
    """The Bessemer world (through the 2021 objections): a 4xx stores nothing of the act; a 2xx act's documents
    are issued by the committed hook without a failure."""
    from casefile.api import create_app

    _, _, data = drawn
    failures: list[str] = []

    def issue(entry_id: int, as_of: Any) -> None:
        try:
            app.issue_for_entry(entry_id, as_of=as_of)
        except Exception as exc:  # the answer has gone: a failure here is what the property is about
            failures.append(f"{type(exc).__name__}: {exc}")

    body = _plain(data)
    poster = _POSTER.get(str(data.get("party")), "region")
    before = default_snapshot()
    with _client()(create_app(on_committed=issue)) as client:
        answer = client.post(f"/api/v1/cases/{WORLD_NUMBER}/acts", json=body,
                             params={"as_of": f"{data['date'].isoformat()}T12:00:00-04:00"}, headers=world.headers(poster))
    assert answer.status_code < 500, answer.text
    if answer.status_code >= 400:
        assert answer.json()["detail"], "a refusal says why"
        after = default_snapshot()
        assert sorted(t for t in after["tables"] if after["tables"][t] != before["tables"].get(t)) in ([], ["apitoken"])
        assert after["files"] == before["files"]
    else:
        assert failures == []
        assert acts_without_their_documents() == []


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                HealthCheck.too_slow])
@given(drawn=cut_and_act(names=("starbucks-genesee-03-RC-282139.yaml", "trinity-college-01-RC-196511.yaml")))
@example(drawn=_reversed_tally())
@example(drawn=IMPOSSIBLE[3])
def test_a_replay_refuses_at_the_event_and_leaves_no_act_without_its_documents(
        drawn: tuple[str, int, dict[str, Any]], tmp_path_factory: pytest.TempPathFactory) -> None:
    """The example with its event ``cut`` mutated, replayed in this process: refused, it names that event or a later
    one (the acts before it stay recorded, as in life); either way every act on the docket has all its documents."""
    import yaml

    from casefile.scenario import replay

    name, cut, data = drawn
    folder = tmp_path_factory.mktemp("replay")
    example = dict(EXAMPLE[name])
    acts = [i for i, e in enumerate(example["events"]) if e["act"] != "sweep"]
    events = list(example["events"])
    events[acts[cut]] = data
    example["events"] = events
    file = folder / "scenario.yaml"
    file.write_text(yaml.safe_dump(_plain(example), sort_keys=False, allow_unicode=True), encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        _point(mp, folder)
        try:
            with contextlib.suppress(InvalidScenario):  # refused at that event or a later one: the acts before it stay
                replay(file, through_prefect=False)
            assert acts_without_their_documents() == []
        finally:
            _dispose()
