"""Building an act model from a command's options: a value the model refuses is reported as a
one-line error naming the option it came from (not the model's field), and an item of a repeated
option by its position ("the 2nd --objection"), in casefile.validation's plain words (never
pydantic's "Value error, ..." nor a field path such as '--objections.1')."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from casefile.acts import ActIn
from casefile.errors import BadInput, InvalidScenario


def nth(n: int) -> str:
    """``n`` as a numbered ordinal: 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def option_of(loc: list[Any], options: Mapping[str, str]) -> str:
    """The option a field's location ``loc`` (pydantic's, below the act) was given by: ``options`` maps a field
    (its first part, or a dotted path) to its option, else ``--field-name``. An item of a list (an index after the
    field) is that option's nth use: "the 2nd --objection"; a deeper part or a mapping's key is named after it
    ("the 1st --witness (witness)", "--choice (Union)"). "" for the act itself (a check of the whole model)."""
    if not loc:
        return ""
    parts = [str(p) for p in loc]
    for cut in range(len(parts), 0, -1):  # the longest dotted path options names ("election.method")
        if ".".join(parts[:cut]) in options:
            option, rest = options[".".join(parts[:cut])], loc[cut:]
            break
    else:
        option, rest = "--" + parts[0].replace("_", "-"), loc[1:]
    if rest and isinstance(rest[0], int):
        option, rest = f"the {nth(rest[0] + 1)} {option}", rest[1:]
    return f"{option} ({'.'.join(str(p) for p in rest)})" if rest else option


def said(where: str, what: str) -> str:
    """``what`` is wrong with ``where`` as one clause: "--order must not be blank: ...", "the 1st --objection: a
    control character (U+0001) at character 4 is not text"; ``what`` alone when ``where`` is ""."""
    if not where:
        return what
    return f"{where} {what}" if what.startswith(("must ", "is ")) else f"{where}: {what}"


def options_problem(act: str, exc: Any, *, options: Mapping[str, str], skip: int = 0, model: Any = None,
                    hint: str = "", error: type[BadInput] = InvalidScenario) -> BadInput:
    """The refusal of ``exc`` (a pydantic ValidationError of act ``act`` built from options) as one line: "<act>:
    <option> <what is wrong>" for each problem (casefile.validation's words), joined by "; ", then ``hint``;
    ``skip`` leading location parts dropped (a discriminated union's tag). An ``error`` (InvalidScenario, or
    BadInput), its field the first problem's dotted path."""
    from casefile.validation import LIMIT, problems

    lines: list[str] = []
    paths: list[str] = []
    for err in exc.errors():  # one by one: a command builds its fields' names itself (no misspelling to pair)
        [problem] = problems([err], skip=skip, model=model)
        lines.append(said(option_of(list(err.get("loc", ()))[skip:], options), problem.text))
        paths.append(problem.path)
    shown = lines[:LIMIT]
    rest = len(lines) - len(shown)
    more = f"; and {rest} more problem{'s' if rest != 1 else ''}" if rest > 0 else ""
    lead = f"{len(lines)} problems: " if len(lines) > 1 else ""
    return error(f"{act}: {lead}{'; '.join(shown)}{more}{hint}", field=(paths[0] or None) if paths else None)


def act_from_options(model: type[ActIn], data: Mapping[str, Any], *, options: Mapping[str, str]) -> ActIn:
    """``model`` validated from ``data`` (None values left out: the model's defaults apply).
    ``options`` maps a field (its first location part, e.g. ``"date"`` or ``"objections"``) to
    the option or argument it came from (``"--on"``, ``"--objection"``, ``"FILE"``). Raises InvalidScenario
    "<act>: --order must not be blank: ..." / "<act>: the 2nd --objection must not be blank: ..."
    (:func:`options_problem`)."""
    from pydantic import ValidationError

    try:
        return model.model_validate({k: v for k, v in data.items() if v is not None})
    except ValidationError as exc:
        raise options_problem(str(model.model_fields["act"].default), exc, options=options, model=model) from exc
