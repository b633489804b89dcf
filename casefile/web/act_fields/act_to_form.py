"""The act -> the form (a draft opened again): the form's values and rows for an act's mapping, the
reverse of casefile.web.act_fields.form_to_act.data, and its "When"."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from casefile.web.act_fields.inputs import Spec
from casefile.web.act_fields.rows import row_id


def values_of(all_specs: list[Spec], act: dict[str, Any]) -> tuple[dict[str, str], dict[str, int]]:
    """The form's values and rows for an act's mapping (the reverse of :func:`data`)."""
    import yaml

    values: dict[str, str] = {}
    rows: dict[str, int] = {}
    for spec in all_specs:
        if spec.name not in act or act[spec.name] is None:
            if spec.kind == "rows":
                rows[spec.id] = 1
            continue
        value = act[spec.name]
        if spec.kind == "upload":
            continue  # a file is chosen again (a browser never fills a file input)
        if spec.kind == "rows":
            items: list[list[Any]] = []
            if spec.shape == "paragraphs":
                items = [[v] for v in value]
            elif spec.shape == "list":
                items = [[(v or {}).get(c.name, "") for c in spec.columns] for v in value]
            elif spec.shape == "map":
                items = [[k, v] for k, v in dict(value).items()]
            elif spec.shape == "maplist":
                items = [[k, ", ".join(str(n) for n in v)] for k, v in dict(value).items()]
            else:
                items = [[k, n, r] for k, inner in dict(value).items() for n, r in dict(inner).items()]
            for i, item in enumerate(items):
                for column, v in zip(spec.columns, item, strict=False):
                    values[row_id(spec, i, column)] = "" if v is None else str(getattr(v, "value", v))
            rows[spec.id] = max(1, len(items))
        elif spec.kind == "lines":
            values[spec.id] = "\n".join(str(v) for v in value)
        elif spec.kind == "structured":
            values[spec.id] = yaml.safe_dump(value, sort_keys=False, allow_unicode=True, default_flow_style=False)
        elif spec.kind == "bool":
            values[spec.id] = "yes" if value else ""
        else:
            values[spec.id] = str(getattr(value, "value", value))
    return values, rows


def when_of(act: dict[str, Any], zone: str) -> dict[str, str]:
    """The "When" values (date, time at the receiving office) of an act's mapping."""
    from zoneinfo import ZoneInfo

    if act.get("at"):
        at = datetime.fromisoformat(str(act["at"])).astimezone(ZoneInfo(zone))
        return {"date": at.date().isoformat(), "time": at.strftime("%H:%M")}
    return {"date": str(act["date"])} if act.get("date") else {}
