"""The legal acts: one module per act, each with its input model (the scenario event's shape),
``perform(session, act, *, case, as_of, by) -> Done`` and ``issues(session, ref)`` (the
documents the act issues about the record it made).

``Act`` is the discriminated union of every act model (on the ``act`` field); ``module_for``
finds an act's module. Every interface performs acts through the front door,
:func:`casefile.app.perform`, never by calling a module here directly.

An act module is named for its act (``file-objections`` in ``file_objections``), so one act is
performed, parsed or looked up by loading its own module only: the whole registry (every module,
the union) is built only by what lists every act (``models()``, ``act_union()``).
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType
from typing import Annotated, Any, Union

from pydantic import Field, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails, InitErrorDetails

from casefile.acts.base import ActIn, Done, Issue, Who

#: The act modules, in the order of the procedure. Each defines exactly one ActIn subclass.
MODULES: tuple[str, ...] = (
    "open_case",
    "add_counsel",
    "record_tally",
    "file_objections",
    "notice_hearing",
    "reschedule_hearing",
    "consolidate_with_ulp",
    "open_hearing",
    "file_motion",
    "rule_on_motion",
    "close_hearing",
    "file_post_hearing_brief",
    "ho_report",
    "file_exceptions",
    "waive_exceptions",
    "rd_decision",
    "alj_decision",
    "certification",
    "register_challenges",
    "rule_on_challenges",
    "count_excluded_ballots",
    "revised_tally",
    "direct_runoff",
    "pin_deadline",
    "request_extension",
    "file_offer_of_proof",
    "file_answering_brief",
    "file_cross_exceptions",
    "move_for_reconsideration",
    "transfer_case",
    "request_for_review",
    "oppose_review",
    "board_ruling",
    "withdraw_petition",
    "dismiss_petition",
    "correct_tally",
    "correct_party",
    "correct_case",
    "correct_hearing",
    "withdraw_objection",
    "amend_objection",
    "attach_document",
    "confirm_efiling",
)


@cache
def _modules() -> dict[str, ModuleType]:
    return {name: importlib.import_module(f"casefile.acts.{name}") for name in MODULES}


def _model_of(module: ModuleType) -> type[ActIn]:
    models = [v for v in vars(module).values()
              if isinstance(v, type) and issubclass(v, ActIn) and v.__module__ == module.__name__
              and "act" in v.model_fields]
    if len(models) != 1:
        raise RuntimeError(f"{module.__name__} must define exactly one act model, found {[m.__name__ for m in models]}")
    return models[0]


@cache
def models() -> dict[str, type[ActIn]]:
    """Act name ("file-objections") → its input model."""
    out: dict[str, type[ActIn]] = {}
    for module in _modules().values():
        model = _model_of(module)
        out[model.model_fields["act"].default] = model
    return out


@cache
def _by_model() -> dict[type[ActIn], ModuleType]:
    return {_model_of(m): m for m in _modules().values()}


def module_for(act: ActIn) -> ModuleType:
    """The module that performs ``act`` (the module its model is defined in; only that one is loaded)."""
    owner = type(act).__module__
    if owner.rpartition(".")[0] == __name__ and owner.rpartition(".")[2] in MODULES:
        return importlib.import_module(owner)
    return _by_model()[type(act)]


def module_named(name: str) -> ModuleType:
    """The module of the act named ``name`` (as in a docket entry's ``act``), loading that module
    only. Raises KeyError for a name that is no act."""
    module = name.replace("-", "_") if isinstance(name, str) else ""
    if module not in MODULES or _model_of(loaded := importlib.import_module(f"{__name__}.{module}")) \
            .model_fields["act"].default != name:
        raise KeyError(name)
    return loaded


def model_named(name: str) -> type[ActIn]:
    """The input model of the act named ``name`` ("file-objections"), loading its module only.
    Raises KeyError for a name that is no act."""
    return _model_of(module_named(name))


@cache
def act_union() -> Any:
    """``Annotated[Union[...all act models...], Field(discriminator="act")]``."""
    return Annotated[Union[tuple(models().values())], Field(discriminator="act")]


@cache
def act_adapter() -> TypeAdapter[Any]:
    """Validates a mapping (a scenario event, an act file, an API body) into its act model."""
    return TypeAdapter(act_union())


#: What :func:`allowed_now` is told when the caller read the case's latest election already.
UNREAD = object()


def allowed_now(session: Any, case: Any, name: str, *, as_of: Any = None, party: Any = None,
                latest: Any = UNREAD) -> bool:
    """Whether the procedure lets act ``name`` be done on ``case`` now, by its module's own stage
    rule — the one its perform() applies: the module's ``allowed_now(session, case, as_of)`` where
    the rule needs more than the stage (a revised tally under a conditional direction, the initial
    tally, a petition's side exit), else its ``STAGES`` (the stages of the election the act is on,
    the latest, at which perform() accepts it; ``ANY_STAGE``: not bound to the stage). Every act
    module but open-case declares ``STAGES``; open-case is never allowed on an open case. A hook
    that takes ``party`` (a Party row) answers for that party (only the petitioner withdraws the
    petition; a party amends or withdraws its own objections); without one, for some party.
    ``latest``: the case's latest election (or None), when the caller asks about many acts at once."""
    from sqlmodel import col, select

    from casefile.acts.base import ANY_STAGE
    from casefile.record.models import Election

    module = module_named(name)
    hook = getattr(module, "allowed_now", None)
    if callable(hook):
        if party is not None and party_aware(name):
            return bool(hook(session, case, as_of, party=party))
        return bool(hook(session, case, as_of))
    stages = getattr(module, "STAGES", None)
    if stages is None:
        return False  # open-case
    if stages == ANY_STAGE:
        return True
    if latest is UNREAD:
        latest = session.exec(select(Election).where(Election.case_id == case.id)
                              .order_by(col(Election.sequence).desc())).first()
    return latest is not None and latest.stage in stages


def party_aware(name: str) -> bool:
    """Whether act ``name``'s ``allowed_now`` hook answers for a given party (takes ``party``)."""
    import inspect

    hook = getattr(module_named(name), "allowed_now", None)
    return callable(hook) and "party" in inspect.signature(hook).parameters


def _tagged(name: str, error: ErrorDetails) -> InitErrorDetails:
    """One validation error of an act's own model, its location led by the act's name (the union's tag)."""
    tagged: InitErrorDetails = {"type": error["type"], "loc": (name, *error["loc"]), "input": error["input"]}
    if "ctx" in error:
        tagged["ctx"] = error["ctx"]
    return tagged


def parse_act(data: Any) -> ActIn:
    """The act model for ``data`` (a mapping with ``act``). Raises pydantic.ValidationError, its
    locations led by the act's name as the discriminated union gives them ("file-objections",
    "objections", 0).

    A known act is validated by its own model (its module alone is loaded); anything else by the
    union of every act, which reports what is wrong with the ``act`` field."""
    name = data.get("act") if isinstance(data, dict) else None
    try:
        model = model_named(name) if isinstance(name, str) else None
    except KeyError:
        model = None
    if model is None or not isinstance(name, str):
        return act_adapter().validate_python(data)  # type: ignore[no-any-return]
    try:
        return model.model_validate(data)
    except ValidationError as exc:  # the same errors the union reports, under the union's tag
        try:
            tagged = ValidationError.from_exception_data(exc.title, [_tagged(name, e) for e in exc.errors()])
        except (KeyError, TypeError, ValueError):  # an error type pydantic cannot rebuild: the union says it
            return act_adapter().validate_python(data)  # type: ignore[no-any-return]
        raise tagged from None


__all__ = ["MODULES", "ActIn", "Done", "Issue", "Who", "act_adapter", "act_union", "allowed_now", "model_named",
           "models", "module_for", "module_named", "parse_act", "party_aware"]
