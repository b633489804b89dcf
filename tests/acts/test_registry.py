"""Every act module has one input model, ``perform`` and ``issues`` of the front door's shape, and
every act of the scenario format is one the command line can perform (`casefile act`)."""

from __future__ import annotations

import inspect

import pytest

from casefile.acts import MODULES, models, module_named

ACTS = sorted(models())


def test_every_module_defines_one_act() -> None:
    """Each module listed is one act; no two modules claim the same act name."""
    assert len(models()) == len(MODULES)


@pytest.mark.parametrize("name", ACTS)
def test_module_shape(name: str) -> None:
    """perform(session, act, *, case, as_of, by) and issues(session, ref) are there, keyword-only where they should be."""
    module = module_named(name)
    perform = inspect.signature(module.perform)
    assert list(perform.parameters)[:2] == ["session", "act"]
    assert {p for p, v in perform.parameters.items() if v.kind is inspect.Parameter.KEYWORD_ONLY} == {"case", "as_of", "by"}
    assert list(inspect.signature(module.issues).parameters) == ["session", "ref"]


@pytest.mark.parametrize("name", ACTS)
def test_model_is_frozen_and_refuses_extra_fields(name: str) -> None:
    """An act model refuses a field it does not know, and cannot be changed once made."""
    model = models()[name]
    assert model.model_config.get("extra") == "forbid"
    assert model.model_config.get("frozen") is True
    assert model.model_fields["act"].default == name
