"""Building an act model from a command's options: a value the model refuses is reported as a
one-line error naming the option it came from (not the model's field)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from casefile.acts import ActIn
from casefile.errors import InvalidScenario


def act_from_options(model: type[ActIn], data: Mapping[str, Any], *, options: Mapping[str, str]) -> ActIn:
    """``model`` validated from ``data`` (None values left out: the model's defaults apply).
    ``options`` maps a field (its first location part, e.g. ``"date"`` or ``"challenges"``) to
    the option or argument it came from (``"--on"``, ``"FILE"``). Raises InvalidScenario
    "<act>: option '--on': <what is wrong>"."""
    from pydantic import ValidationError

    try:
        return model.model_validate({k: v for k, v in data.items() if v is not None})
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = [str(p) for p in err["loc"]]
        head = loc[0] if loc else ""
        where = options.get(head, f"--{head.replace('_', '-')}") if head else "the command"
        rest = ".".join(loc[1:])
        raise InvalidScenario(f"{model.model_fields['act'].default}: {where}{f' ({rest})' if rest else ''}: "
                              f"{err['msg']}", field=".".join(loc) or None) from exc
