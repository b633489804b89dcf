"""The inputs of an act's form (:class:`Spec`), generated from its model's fields: each field's type
under Optional and Annotated, its constraints, its default, and the input that lays it out
(:func:`specs`; a nested part's: :func:`part_specs`)."""

from __future__ import annotations

import types
from dataclasses import dataclass, field
from datetime import date, time
from enum import Enum
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from casefile.web.act_fields.field_words import ITEMS, NONE_WORDS, WORDS, option_words, words_of

#: Fields every act has that the form does not ask (the "When" asks ``on``/``at``).
SKIPPED = frozenset({"act", "source", "uncertain", "on", "at"})
#: What a web form chooses where the model's default is the one of a replayed history: a filing recorded on the
#: web is "prepared" (not yet e-filed with the NLRB) unless the user says it was e-filed (casefile.rules.efiling).
WEB_DEFAULTS = {"nlrb": "prepared"}
PARTY_PATTERN = r"^[a-z0-9][a-z0-9-]{0,39}$"
#: Longest one-line text (casefile.acts.base.LINE_MAX): longer is a text box.
LINE = 500


@dataclass
class Spec:
    """One input of the form (or a row's column)."""

    name: str  # the model's field name (a column: its key in the row)
    id: str  # the form's id ("{field}" / the column's name within the row)
    kind: str  # text textarea int bool date time choice party lines rows structured upload
    label: str
    hint: str = ""
    required: bool = False
    options: list[tuple[str, str]] = field(default_factory=list)
    radios: bool = False
    columns: list[Spec] = field(default_factory=list)
    shape: str = ""  # rows: "list" (of parts), "paragraphs" (of texts), "map" (key -> value), "map2", "maplist"
    example: str = ""
    default: str = ""
    item: str = ""  # rows: what one row is called


def _strip(tp: Any) -> tuple[Any, bool, list[Any]]:
    """The type under Optional and Annotated, whether None is allowed, and the constraints."""
    meta: list[Any] = []
    optional = False
    while True:
        origin = get_origin(tp)
        if origin is Annotated:
            tp, *extra = get_args(tp)
            meta += extra
            continue
        if origin in (Union, types.UnionType):
            args = [a for a in get_args(tp) if a is not type(None)]
            optional = optional or len(args) < len(get_args(tp))
            if len(args) == 1:
                tp = args[0]
                continue
        return tp, optional, meta


def _flat(meta: list[Any]) -> list[Any]:
    out: list[Any] = []
    for m in meta:
        out += _flat(list(m.metadata)) if isinstance(m, FieldInfo) else [m]
    return out


def _constraint(meta: list[Any], name: str) -> Any:
    for m in _flat(meta):
        value = getattr(m, name, None)
        if value is not None:
            return value
    return None


def _choices(tp: Any) -> list[str] | None:
    if get_origin(tp) is Literal:
        return [str(a) for a in get_args(tp)]
    if isinstance(tp, type) and issubclass(tp, Enum):
        return [str(m.value) for m in tp]
    return None


def _scalar(act_name: str, key: str, name: str, tp: Any, meta: list[Any], *, info: FieldInfo | None,
            required: bool, optional: bool, parties: list[tuple[str, str]], default: Any = None) -> Spec | None:
    """The input of a scalar type, or None when the type is not a scalar."""
    label, hint = words_of(act_name, key, info)
    spec = Spec(name=name, id=name, kind="text", label=label, hint=hint, required=required,
                default="" if default is None or isinstance(default, (list, dict)) else str(getattr(default, "value", default)))
    if tp is bool:
        spec.kind = "bool"
    elif tp is int:
        spec.kind = "int"
    elif tp is time:
        spec.kind = "time"
    elif tp is date:
        spec.kind = "date"
        if not spec.hint:
            spec.hint = "For example, April 29, 2022"
    elif (values := _choices(tp)) is not None:
        spec.kind = "choice"
        spec.options = [(v, option_words(v, tp)) for v in values]
        if optional or (not required and default is None):
            spec.options.insert(0, ("", NONE_WORDS.get(name, "None")))
        spec.radios = len(spec.options) <= 4
        if name in WEB_DEFAULTS:
            spec.default = WEB_DEFAULTS[name]
        if not spec.default:
            spec.default = spec.options[0][0] if required else ""
    elif tp is str:
        if _constraint(meta, "pattern") == PARTY_PATTERN:
            spec.kind = "party"
            spec.options = ([("", "None")] if optional or not required else []) + list(parties)
            if required and parties and not spec.default:
                spec.default = parties[0][0]
        else:
            longest = _constraint(meta, "max_length")
            spec.kind = "textarea" if longest is None or longest > LINE else "text"
    else:
        return None
    return spec


def _example(tp: Any) -> str:
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        lines = []
        for name, info in tp.model_fields.items():
            lines.append(f"{info.alias or name}: ...")
        return "\n".join(lines[:8])
    return "key: value"


def specs(act_name: str, *, parties: list[tuple[str, str]], all_parties: list[tuple[str, str]],
          elections: list[tuple[str, str]]) -> list[Spec]:
    """The inputs of act ``act_name``'s form, in the model's order. ``parties``: the parties the
    user acts for (the ``party`` field); ``all_parties``: the case's (other party fields);
    ``elections``: the case's elections (sequence, words), the latest last."""
    from casefile.acts import models
    from casefile.record.authority.whose import whose_of
    from casefile.record.uploads import upload_fields

    model = models()[act_name]
    files = upload_fields(model)
    # A filing confidential as a whole (an offer of proof filed apart) is served on no other party
    # (29 CFR 102.69(a)(8)): its form has no service to give.
    unserved = {"service"} if getattr(model, "WHOSE", None) is not None and whose_of(model).whole_sealed else set()
    out: list[Spec] = []
    for name, info in model.model_fields.items():
        if name in SKIPPED or name in unserved:
            continue
        required = info.is_required()
        default = None if required else info.get_default(call_default_factory=True)
        if name == "election":
            if len(elections) > 1:
                label, hint = words_of(act_name, name, info)
                out.append(Spec(name=name, id=name, kind="choice", label=label, hint=hint,
                                options=list(reversed(elections)), default=elections[-1][0], radios=len(elections) <= 4))
            continue
        if name in files:  # a file uploaded with the act (casefile.record.uploads.UploadRef)
            label, hint = WORDS.get((act_name, name)) or WORDS.get(name) or ("File (PDF)", "")
            out.append(Spec(name=name, id=name, kind="upload", label=label, hint=hint, required=required))
            continue
        tp, optional, meta = _strip(info.annotation)
        meta = list(info.metadata) + meta
        who = parties if name == "party" else all_parties
        if (spec := _scalar(act_name, name, name, tp, meta, info=info, required=required, optional=optional,
                            parties=who, default=default)) is not None:
            out.append(spec)
            continue
        label, hint = words_of(act_name, name, info)
        spec = Spec(name=name, id=name, kind="structured", label=label, hint=hint, required=required)
        origin = get_origin(tp)
        if origin is list:
            item, _, item_meta = _strip(get_args(tp)[0])
            if item is str and (_constraint(item_meta, "max_length") or 0) <= LINE:
                spec.kind = "lines"
            elif item is str:
                spec.kind, spec.shape, spec.item = "rows", "paragraphs", ITEMS.get(name, "item")
                spec.columns = [Spec(name="", id="", kind="textarea", label=spec.item.capitalize())]
            elif isinstance(item, type) and issubclass(item, BaseModel):
                columns = _columns(act_name, name, item, all_parties)
                if columns is not None:
                    # a party served, named in a row: another party, never the filer — the form's party (the one the
                    # user acts for first: its own before one it records from a document), nor one it acts for
                    filer = parties[0][0] if parties else ""
                    own = {key for key, _ in parties}
                    for column in columns:
                        if column.kind == "party":
                            column.default = next((key for key, _ in all_parties if key not in own), "") or next(
                                (key for key, _ in all_parties if key != filer), "")
                    spec.kind, spec.shape, spec.columns = "rows", "list", columns
                    spec.item = ITEMS.get(name, "row")
                else:
                    spec.example = f"- {_example(item).replace(chr(10), chr(10) + '  ')}"
        elif origin is dict:
            key_tp, value_tp = get_args(tp)
            key, _, key_meta = _strip(key_tp)
            value, _, value_meta = _strip(value_tp)
            party_key = _constraint(key_meta, "pattern") == PARTY_PATTERN
            first = _scalar(act_name, f"{name}.{'party' if party_key else 'key'}", "party" if party_key else "key", key,
                            key_meta, info=None, required=True, optional=False, parties=all_parties)
            if first is not None and get_origin(value) is dict:
                k2, _, k2_meta = _strip(get_args(value)[0])
                v2, _, v2_meta = _strip(get_args(value)[1])
                second = _scalar(act_name, f"{name}.number", "number", k2, k2_meta, info=None, required=True,
                                 optional=False, parties=all_parties)
                third = _scalar(act_name, f"{name}.ruling", "ruling", v2, v2_meta, info=None, required=True,
                                optional=False, parties=all_parties)
                if second is not None and third is not None:
                    spec.kind, spec.shape, spec.columns = "rows", "map2", [first, second, third]
            elif first is not None and get_origin(value) is list:
                spec.kind, spec.shape = "rows", "maplist"
                spec.columns = [first, Spec(name="numbers", id="numbers", kind="text",
                                            label=words_of(act_name, f"{name}.numbers", None)[0],
                                            hint=words_of(act_name, f"{name}.numbers", None)[1])]
            elif first is not None:
                second = _scalar(act_name, f"{name}.value", "value", value, value_meta, info=None, required=True,
                                 optional=False, parties=all_parties)
                if second is not None:
                    spec.kind, spec.shape, spec.columns = "rows", "map", [first, second]
            if spec.kind == "rows":
                for column in spec.columns:
                    column.radios = False  # a row stays compact: a select
                spec.item = ITEMS.get(name, "row")
        else:
            spec.example = _example(tp)
        if spec.kind == "structured" and not spec.example:
            spec.example = "key: value"
        if spec.kind == "structured":
            spec.hint = (spec.hint + " " if spec.hint else "") + "Written as in a scenario file, for example:"
        out.append(spec)
    return out


def part_specs(act_name: str, group: str, model: type[BaseModel], *, skip: tuple[str, ...] = ()) -> list[Spec]:
    """The inputs of one part of an act (a nested model: a case's details, a counsel), generated as
    the act's own fields are: each named ``{group}.{field}`` (its path in the act) with the form's id
    ``{group}-{field}``. A field the form cannot lay out as one input is left out."""
    out = []
    for name, info in model.model_fields.items():
        if name in skip:
            continue
        tp, optional, meta = _strip(info.annotation)
        required = info.is_required()
        default = None if required else info.get_default(call_default_factory=True)
        spec = _scalar(act_name, f"{group}.{name}", name, tp, list(info.metadata) + meta, info=info, required=required,
                       optional=optional, parties=[], default=default)
        if spec is not None:
            spec.name, spec.id = f"{group}.{name}", f"{group}-{name}"
            out.append(spec)
    return out


def _columns(act_name: str, group: str, model: type[BaseModel], parties: list[tuple[str, str]]) -> list[Spec] | None:
    columns = []
    for name, info in model.model_fields.items():
        if name == "at":
            continue  # a time of service: the date column says enough on a form
        tp, optional, meta = _strip(info.annotation)
        required = info.is_required()
        default = None if required else info.get_default(call_default_factory=True)
        spec = _scalar(act_name, f"{group}.{name}", name, tp, list(info.metadata) + meta, info=None, required=required,
                       optional=optional, parties=parties, default=default)
        if spec is None and get_origin(tp) is list:  # a list of short texts in a row: one per line
            item, _, item_meta = _strip(get_args(tp)[0])
            if item is str and (_constraint(item_meta, "max_length") or 0) <= LINE:
                label, hint = words_of(act_name, f"{group}.{name}", None)
                spec = Spec(name=name, id=name, kind="lines", label=label, hint=hint, required=required)
        if spec is None:
            return None
        spec.radios = False  # a row stays compact: a select
        columns.append(spec)
    return columns
