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
    """perform(session, act, *, case, as_of, by) and issues(session, ref) are there, keyword-only where they should be;
    an act whose model takes a file (casefile.record.uploads.UploadRef) gets the files carried with it (``uploads``)."""
    from casefile.record.uploads import upload_fields

    module = module_named(name)
    perform = inspect.signature(module.perform)
    assert list(perform.parameters)[:2] == ["session", "act"]
    files = {"uploads"} if upload_fields(models()[name]) else set()
    assert {p for p, v in perform.parameters.items() if v.kind is inspect.Parameter.KEYWORD_ONLY} == {
        "case", "as_of", "by", *files}
    assert list(inspect.signature(module.issues).parameters) == ["session", "ref"]


@pytest.mark.parametrize("name", ACTS)
def test_model_is_frozen_and_refuses_extra_fields(name: str) -> None:
    """An act model refuses a field it does not know, and cannot be changed once made."""
    model = models()[name]
    assert model.model_config.get("extra") == "forbid"
    assert model.model_config.get("frozen") is True
    assert model.model_fields["act"].default == name


@pytest.mark.parametrize("name", ACTS)
def test_one_act_is_found_by_its_own_module(name: str) -> None:
    """`file-objections` lives in casefile.acts.file_objections: model_named and module_named load that module alone
    (the command line performs one act without importing the others) and agree with the whole registry."""
    from casefile.acts import model_named

    assert model_named(name) is models()[name]
    assert module_named(name).__name__ == f"casefile.acts.{name.replace('-', '_')}"


@pytest.mark.parametrize("name", ACTS)
def test_parse_act_reports_what_the_union_reports(name: str) -> None:
    """An act parsed by its own model fails with the discriminated union's errors: the same locations (led by the
    act's name), messages and types."""
    from pydantic import ValidationError

    from casefile.acts import act_adapter, parse_act

    data = {"act": name, "date": "1900-01-01", "at": "2021-04-09T12:00:00", "not-a-field": 1}
    with pytest.raises(ValidationError) as own:
        parse_act(data)
    with pytest.raises(ValidationError) as union:
        act_adapter().validate_python(data)
    assert [(e["loc"], e["msg"], e["type"]) for e in own.value.errors()] == \
        [(e["loc"], e["msg"], e["type"]) for e in union.value.errors()]
    assert ((name, "not-a-field"), "Extra inputs are not permitted") in [(e["loc"], e["msg"]) for e in own.value.errors()]


def test_no_act_by_another_name() -> None:
    """A name that is no act is a KeyError, and parse_act leaves it to the union (which names the tags)."""
    from pydantic import ValidationError

    from casefile.acts import model_named, parse_act

    for name in ("file_objections", "sweep", "", "open-case "):
        with pytest.raises(KeyError):
            model_named(name)
    with pytest.raises(ValidationError, match="does not match any of the expected tags"):
        parse_act({"act": "sweep"})
