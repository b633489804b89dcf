"""The form -> the act: the act's mapping read from the form's values (:func:`data`), and the input
an act's error is about, put back on the row it came from (:func:`error_field`)."""

from __future__ import annotations

from typing import Any

from casefile.errors import BadInput, CasefileError, Untimely
from casefile.web.act_fields.inputs import WEB_DEFAULTS, Spec
from casefile.web.act_fields.rows import row_id


def whole_number(text: str, field_id: str, label: str) -> int | None:
    text = text.replace(",", "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise BadInput(f"{label} must be a whole number, like 3 (not {text[:20]!r})", field=field_id)
    return int(text)


def _value(spec: Spec, text: str, field_id: str, *, shown: bool = False) -> Any:
    """One input's value for the act, or None when it is empty (the model's default applies). A checkbox
    sends "yes" when ticked and nothing when cleared; ``shown``: the form's marker (``<id>-shown``) says the
    box was on the page, so nothing sent means false — a client that posts without it gets the default."""
    text = text.strip() if spec.kind != "textarea" else text.strip("\r\n").strip()
    if spec.kind == "bool":
        return True if text else (False if shown else None)
    if spec.kind == "int":
        return whole_number(text, field_id, spec.label.split(" (")[0])
    if spec.kind == "election":
        return whole_number(text, field_id, spec.label)
    if not text:
        return None
    return text


def data(act_name: str, all_specs: list[Spec], values: dict[str, str], rows: dict[str, int],
         kept: dict[str, list[int]]) -> dict[str, Any]:
    """The act's mapping from the form (without its date: the "When" gives it). ``kept`` is filled
    with the form's row numbers of the rows the act has (blank rows are left out). Raises BadInput
    naming the input for what the form itself cannot read (a number that is not one, a mapping's
    row without its key, a text box that is not written as in a scenario file)."""
    out: dict[str, Any] = {"act": act_name}
    for spec in all_specs:
        if spec.kind == "upload":
            continue  # the file's ref comes with the upload (casefile.web.act_pages)
        if spec.kind == "rows":
            value = _rows_value(spec, values, rows.get(spec.id, 1), kept)
            if value:
                out[spec.name] = value
            elif spec.required:
                first = spec.columns[0]
                raise BadInput(f"Enter at least one {spec.item or 'row'}", field=row_id(spec, 0, first))
            continue
        text = values.get(spec.id, "") or WEB_DEFAULTS.get(spec.name, "")  # a filing not said e-filed: prepared
        if spec.kind == "lines":
            items = [line.strip() for line in text.splitlines() if line.strip()]
            if items:
                out[spec.name] = items
            continue
        if spec.kind == "structured":
            if text.strip():
                from casefile.importers.strict_yaml import load_yaml

                try:
                    out[spec.name] = load_yaml(text, source=spec.label)
                except CasefileError as exc:
                    raise BadInput(f"{spec.label} cannot be read: {exc}", field=spec.id) from None
            continue
        if spec.name == "election":
            number = whole_number(text, spec.id, spec.label)
            if number is not None:
                out["election"] = number
            continue
        value = _value(spec, text, spec.id, shown=bool(values.get(f"{spec.id}-shown")))
        if value is not None:
            out[spec.name] = value
        elif spec.required and spec.kind in ("text", "textarea"):
            out[spec.name] = ""  # the model says what is missing, on this field
    return out


def _rows_value(spec: Spec, values: dict[str, str], count: int, kept: dict[str, list[int]]) -> Any:
    rows: list[tuple[int, dict[str, str]]] = []
    for i in range(count):
        row = {c.name: values.get(row_id(spec, i, c), "") for c in spec.columns}
        # a row is blank when every column is empty or only at its default (a choice preset)
        typed = [c for c in spec.columns if row[c.name].strip() and not (c.kind in ("choice", "party") and
                                                                          row[c.name] == c.default)]
        if typed:
            rows.append((i, row))
    kept[spec.id] = [i for i, _ in rows]
    if spec.shape == "paragraphs":
        return [row[""].strip() for _, row in rows]
    if spec.shape == "list":
        out = []
        for i, row in rows:
            item = {}
            for c in spec.columns:
                if c.kind == "lines":
                    lines = [line.strip() for line in row[c.name].splitlines() if line.strip()]
                    if lines:
                        item[c.name] = lines
                    continue
                value = _value(c, row[c.name], row_id(spec, i, c))
                if value is not None:
                    item[c.name] = value
                elif c.required and c.kind in ("text", "textarea"):
                    item[c.name] = ""
            out.append(item)
        return out
    mapping: dict[Any, Any] = {}
    for i, row in rows:
        key_col = spec.columns[0]
        key = _value(key_col, row[key_col.name], row_id(spec, i, key_col))
        if key is None:
            raise BadInput(f"{key_col.label}: choose or enter it for each {spec.item}", field=row_id(spec, i, key_col))
        if spec.shape == "map":
            mapping[key] = _value(spec.columns[1], row[spec.columns[1].name], row_id(spec, i, spec.columns[1]))
        elif spec.shape == "maplist":
            col = spec.columns[1]
            numbers = []
            for part in row[col.name].replace(";", ",").split(","):
                number = whole_number(part, row_id(spec, i, col), "Each objection number")
                if number is not None:
                    numbers.append(number)
            mapping.setdefault(key, []).extend(numbers)
        else:  # map2: party -> number -> ruling
            number_col, ruling_col = spec.columns[1], spec.columns[2]
            number = _value(number_col, row[number_col.name], row_id(spec, i, number_col))
            if number is None:
                raise BadInput(f"Enter the {number_col.label.lower()} of each {spec.item}",
                               field=row_id(spec, i, number_col))
            mapping.setdefault(key, {})[number] = _value(ruling_col, row[ruling_col.name], row_id(spec, i, ruling_col))
    return mapping


def error_field(all_specs: list[Spec], exc: CasefileError, *, values: dict[str, str], kept: dict[str, list[int]]) -> str:
    """The id of the input ``exc`` is about: its ``field`` path, a row's index put back on the row of
    the form it came from; the date (or time) for an untimely act or its date; the form otherwise."""
    path = exc.field or ""
    timed = bool(values.get("time", "").strip())
    if not path:
        return ("time" if timed else "date") if isinstance(exc, Untimely) else "act-form"
    if path in values or ("-" in path and "." not in path):
        return path  # already a form id (the form's own error)
    parts = path.split(".")
    head = parts[0]
    if head in ("date", "on"):
        return "date"
    if head == "at":
        return "time" if timed else "date"
    spec = next((s for s in all_specs if s.name == head), None)
    if spec is None:
        return "act-form"
    if spec.kind != "rows":
        return spec.id
    rows = kept.get(spec.id) or [0]
    first = spec.columns[0]
    if spec.shape in ("list", "paragraphs"):
        if len(parts) > 1 and parts[1].isdigit():
            n = int(parts[1])
            i = rows[n] if n < len(rows) else rows[-1]
            column = next((c for c in spec.columns if len(parts) > 2 and c.name == parts[2]), first)
            return row_id(spec, i, column)
        return row_id(spec, rows[0], first)
    # a mapping: find the row whose key (and number) the path names
    for i in rows:
        if len(parts) > 1 and values.get(row_id(spec, i, first), "").strip() == parts[1]:
            if spec.shape == "map2" and len(parts) > 2:
                number = spec.columns[1]
                if values.get(row_id(spec, i, number), "").strip() == parts[2]:
                    return row_id(spec, i, spec.columns[2])
                continue
            return row_id(spec, i, spec.columns[-1] if len(parts) > 1 and spec.shape != "map2" else first)
    return row_id(spec, rows[0], first)
