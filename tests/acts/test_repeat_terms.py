"""Idempotency compares every term (casefile.app, casefile.record.sealing): an act performed again with
the same key but any field of its input changed is refused (AlreadyRecorded, or another refusal) or
recorded as a distinct act — never answered "already recorded". A property over the act models of the
four example scenarios (every act they hold, any field, a change of its value), each tried on a copy of
the record as it stood right after the act."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from casefile import app
from casefile.acts import ActIn, Who, parse_act
from casefile.errors import CasefileError
from casefile.record.db import make_engine
from casefile.record.migrate import upgrade
from casefile.record.sealing import not_terms
from casefile.record.secret_key import clear_cache
from casefile.scenario import Sweep, event_instant, load_scenario
from casefile.settings import get_settings

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BY = Who(label="operator:test")


@dataclass(frozen=True)
class After:
    """The record right after one act of a scenario: a copy of its database, the act and its instant."""

    db: Path
    number: str
    act: ActIn
    as_of: datetime


@pytest.fixture(scope="module")
def afters(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[After]]:
    """Each example scenario performed act by act (no documents); a copy of the database after each act."""
    from casefile.rules.case_numbers import parse_case_number
    from casefile.rules.offices import office_for

    root = tmp_path_factory.mktemp("repeat-terms")
    out: list[After] = []
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CASEFILE_SECRET_KEY", "repeat-terms-tests-secret-0123456789abcdef")
        mp.setenv("CASEFILE_OUTPUT_DIR", str(root / "out"))
        get_settings.cache_clear()
        clear_cache()
        for path in sorted(EXAMPLES.glob("*.yaml")):
            scenario = load_scenario(path)
            number = str(parse_case_number(scenario.case.number))
            tz = office_for(parse_case_number(number).region, scenario.case.office).tz
            db = root / f"{path.stem}.db"
            engine = make_engine(f"sqlite:///{db}")
            upgrade(engine)
            app.perform(scenario.opening(), as_of=event_instant(scenario.events[0], tz), by=BY, documents="none",
                        engine=engine)
            sequence = 0
            for i, event in enumerate(scenario.events):
                as_of = event_instant(event, tz)
                if event.act_name == "record-tally":
                    sequence += 1
                elif sequence and event.election is None and "election" in type(event).model_fields:
                    event = event.model_copy(update={"election": sequence})
                if isinstance(event, Sweep):
                    continue
                app.perform(event, case_number=number, as_of=as_of, by=BY, documents="none", engine=engine)
                copy = root / f"{path.stem}-{i}.db"
                with sqlite3.connect(db) as source, sqlite3.connect(copy) as target:
                    source.backup(target)
                out.append(After(copy, number, event, as_of))
            engine.dispose()
        yield out
    get_settings.cache_clear()
    clear_cache()


def _changed(value: Any, pick: int) -> Any:
    """Another value of the same shape (``pick`` chooses which part of a list or mapping changes)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        try:
            return (date.fromisoformat(value) + timedelta(days=1)).isoformat()
        except ValueError:
            pass
        try:
            return (datetime.fromisoformat(value) + timedelta(hours=1)).isoformat()
        except ValueError:
            return value + " (other)" if value else "other"
    if isinstance(value, list):
        return value[:-1] if value else value
    if isinstance(value, dict):
        if not value:
            return value
        key = sorted(value)[pick % len(value)]
        return {**value, key: _changed(value[key], pick)}
    return value


def _attempt(after: After, data: dict[str, Any], tmp: Path) -> str:
    """Perform ``data`` on a copy of ``after``'s record: "refused", "distinct" or "repeated"."""
    try:
        act = parse_act(data)
    except ValidationError:
        return "refused"
    db = tmp / "try.db"
    shutil.copyfile(after.db, db)
    engine = make_engine(f"sqlite:///{db}")
    try:
        result = app.perform(act, case_number=after.number, as_of=after.as_of, by=BY, documents="none", engine=engine)
    except CasefileError:
        return "refused"
    finally:
        engine.dispose()
        db.unlink()
    return "repeated" if result.repeated else "distinct"


def _fields(after: After) -> list[str]:
    """The act's terms that have a value: every field but its name, where it comes from and the election selector
    (casefile.record.sealing.not_terms: a tally's election spec is a term)."""
    data = after.act.model_dump(mode="json", by_alias=True)
    return [name for name, value in sorted(data.items())
            if name not in {"act", *not_terms(after.act)} and value not in (None, [], {}, "")]


def test_the_same_act_again_is_answered_already_recorded(afters: list[After], tmp_path: Path) -> None:
    """Not vacuous: acts of the examples sent again unchanged are repeats — also without their provenance and
    election selector (the same notice typed on the command line after a replay recorded it)."""
    for after in afters[::4]:
        data = after.act.model_dump(mode="json", by_alias=True)
        assert _attempt(after, data, tmp_path) == "repeated", after.act.act_name
        bare = {k: v for k, v in data.items() if k not in not_terms(after.act)}
        assert _attempt(after, bare, tmp_path) == "repeated", after.act.act_name


def test_a_notice_of_hearing_with_another_opening_date_is_refused(afters: list[After], tmp_path: Path) -> None:
    """The reliability trial's case: the notice again with another `opens_on` (answered "already recorded" before)."""
    [after] = [a for a in afters if a.act.act_name == "notice-hearing" and a.number == "10-RC-269250"]
    data = after.act.model_dump(mode="json", by_alias=True)
    assert data["opens_on"]
    assert _attempt(after, {**data, "opens_on": "2021-04-20"}, tmp_path) == "refused"


def test_the_refusal_names_the_act_and_its_terms_in_words(afters: list[After], tmp_path: Path) -> None:
    """The act by its name in words (casefile.rules.act_names), its date written out, each differing term in words."""
    from casefile.errors import AlreadyRecorded

    [after] = [a for a in afters if a.act.act_name == "notice-hearing" and a.number == "10-RC-269250"]
    data = after.act.model_dump(mode="json", by_alias=True)
    db = tmp_path / "try.db"
    shutil.copyfile(after.db, db)
    engine = make_engine(f"sqlite:///{db}")
    try:
        with pytest.raises(AlreadyRecorded) as caught:
            app.perform(parse_act({**data, "opens_on": "2021-04-20"}), case_number=after.number, as_of=after.as_of,
                        by=BY, documents="none", engine=engine)
    finally:
        engine.dispose()
    message = str(caught.value)
    assert message.startswith("Notice of Hearing: already recorded on ") and " with other terms (opening date differs)" \
        in message, message
    assert "notice-hearing" not in message and "opens_on" not in message and "-0" not in message, message


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(choice=st.integers(min_value=0, max_value=10_000), field=st.integers(min_value=0, max_value=100),
       pick=st.integers(min_value=0, max_value=10))
def test_any_term_changed_is_refused_or_a_distinct_act(afters: list[After], tmp_path: Path, choice: int, field: int,
                                                        pick: int) -> None:
    """Any act of the examples, any one of its fields changed: refused or a distinct act, never a repeat."""
    after = afters[choice % len(afters)]
    fields = _fields(after)
    if not fields:
        return
    name = fields[field % len(fields)]
    data = after.act.model_dump(mode="json", by_alias=True)
    changed = _changed(data[name], pick)
    if changed == data[name]:
        return
    assert _attempt(after, {**data, name: changed}, tmp_path) != "repeated", (after.act.act_name, name, changed)
