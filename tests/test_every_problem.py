"""Every problem at once (casefile.validation): a scenario event with a misspelled field is told the
field it means, not that the right one is missing; an act with several problems names each with
its path (no "(and 1 more)"); an API body gets each problem in ``errors``."""

from __future__ import annotations

from pathlib import Path

import pytest

from casefile.accounts.acting import InvalidAct, act_from
from casefile.errors import CasefileError
from casefile.scenario import load_scenario

SCENARIO = """casefile-scenario: 1
title: A misspelling
case: {number: 05-RC-390002, name: Test Co, petition_filed_on: 2026-08-01}
parties:
  - {key: employer, role: employer, name: Test Co}
  - {key: union, role: petitioner, name: Union}
events:
  - act: record-tally
    date: 2026-09-17
    kind: initial
    choises: {Union: 10}
    against: 5
"""


class TestScenario:
    def test_a_misspelled_field_is_unknown_with_its_meaning(self, tmp_path: Path) -> None:
        path = tmp_path / "s.yaml"
        path.write_text(SCENARIO)
        with pytest.raises(CasefileError) as err:
            load_scenario(path)
        said = str(err.value)
        assert said.endswith("event 1 (record-tally, dated 2026-09-17): field 'choises': 'choises' is not a field of "
                             "the act: did you mean 'choices'?")
        assert "'choices': required" not in said


class TestActBody:
    def test_each_problem_is_named_with_its_path(self) -> None:
        """Two bad objections and an unknown key: three problems, each with its path."""
        with pytest.raises(InvalidAct) as err:
            act_from({"act": "file-objections", "date": "2022-04-07", "party": "rwdsu",
                      "objections": [{"text": "x"}, 7], "witnesses": []})
        paths = [p.path for p in err.value.problems]
        assert paths == ["objections.0", "objections.1", "witnesses"]
        said = str(err.value)
        assert said.startswith("file-objections: 3 problems: field 'objections.0': Input should be a valid string; ")
        assert "'witnesses' is not a field of the act" in said and "more" not in said
        assert err.value.field == "objections.0"

    def test_past_the_limit_the_rest_are_counted(self) -> None:
        from casefile.validation import LIMIT

        with pytest.raises(InvalidAct) as err:
            act_from({"act": "file-objections", "date": "2022-04-07", "party": "rwdsu",
                      "objections": list(range(LIMIT + 3))})
        assert len(err.value.problems) == LIMIT + 3
        assert str(err.value).endswith(f"; and 3 more problems (the first {LIMIT} are shown)")


class TestScenarioEvents:
    def test_every_bad_event_is_reported_at_once(self, tmp_path: Path) -> None:
        path = tmp_path / "s.yaml"
        path.write_text(SCENARIO + "  - act: file-objectons\n    date: 2026-09-20\n  - act: close-hearing\n")
        with pytest.raises(CasefileError) as err:
            load_scenario(path)
        said = str(err.value)
        assert said.startswith(f"{path}: 3 events have problems: event 1 (record-tally, dated 2026-09-17): field "
                               "'choises'"), said
        assert "event 2 (file-objectons, dated 2026-09-20): unknown act 'file-objectons'" in said
        assert "event 3 (close-hearing, with no date): field 'date': every event of a scenario is dated" in said
