"""The repeating groups of an act's form: each row's input ids, how many rows were sent (one more
where "add another" was pressed), and the form's starting values."""

from __future__ import annotations

from casefile.web.act_fields.inputs import Spec

MAX_ROWS = 200


def row_id(spec: Spec, i: int, column: Spec) -> str:
    return f"{spec.id}-{i}" + (f"-{column.id}" if column.id else "")


def count_rows(all_specs: list[Spec], values: dict[str, str]) -> dict[str, int]:
    """The rows of each repeating group as sent (``{id}-rows``), one more where "add another" was
    pressed (``add`` = the group's id)."""
    rows: dict[str, int] = {}
    for spec in all_specs:
        if spec.kind != "rows":
            continue
        try:
            count = int(values.get(f"{spec.id}-rows", "1"))
        except ValueError:
            count = 1
        rows[spec.id] = max(1, min(count, MAX_ROWS))
        if values.get("add") == spec.id and rows[spec.id] < MAX_ROWS:
            rows[spec.id] += 1
    return rows


def blank_values(all_specs: list[Spec]) -> dict[str, str]:
    """The form's starting values: each field's default (a choice's, the first party)."""
    out: dict[str, str] = {}
    for spec in all_specs:
        if spec.kind in ("choice", "party", "int", "text", "date", "time") and spec.default:
            out[spec.id] = spec.default
        elif spec.kind == "bool" and spec.default == "True":
            out[spec.id] = "yes"
    return out
