"""The request for an extension's generated form (request-extension) and its one difference: its
"Which period" offers only the periods running that the party may ask to extend
(casefile.app.periods_to_extend)."""

from __future__ import annotations

from typing import Any

from casefile.acts.request_extension import RequestExtension

ACT: str = RequestExtension.model_fields["act"].default


def is_extension(act_name: str) -> bool:
    """Whether ``act_name`` asks to extend a period (its form lists only the periods it may extend)."""
    return act_name == ACT


def narrow_periods(specs: list[Any], kinds: set[str]) -> None:
    """The form's "Which period" (input ``kind``) limited to ``kinds`` (deadline kinds running that
    this party may ask to extend); radios for four or fewer."""
    for spec in specs:
        if spec.name == "kind":
            spec.options = [(value, words) for value, words in spec.options if value in kinds]
            spec.default = spec.options[0][0] if spec.options else ""
            spec.radios = len(spec.options) <= 4
