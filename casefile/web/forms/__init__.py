"""The acts' special web forms, one module each (objections, exceptions, tally, challenge
register), each a :class:`FormSpec`: its template, row groups, own fields, whether it is draftable
and a party's filing, what it files, and its form -> act, form -> draft and act -> form functions.
:func:`special` is what every page asks; every other act has the form generated from its model
(casefile.web.act_fields). No module outside this package compares an act's name with a literal
(tests/web/test_form_specs.py).
"""

from __future__ import annotations

from casefile.web.forms import challenge_register, exceptions, objections, tally
from casefile.web.forms.spec import FormSpec

#: Every special form, by its act's name.
SPECIAL: dict[str, FormSpec] = {s.act: s for s in (objections.SPEC, exceptions.SPEC, tally.SPEC, challenge_register.SPEC)}
#: Acts with the generated form of which a draft may still be kept (a party's filing).
DRAFTABLE_GENERATED = frozenset({"file-offer-of-proof"})


def special(act_name: str) -> FormSpec | None:
    """The special form of act ``act_name``, or None (the act has the generated form)."""
    return SPECIAL.get(act_name)


def draftable(act_name: str) -> bool:
    """Whether a draft may be kept of act ``act_name`` (a party's filing: objections, exceptions, an
    offer of proof)."""
    spec = special(act_name)
    return spec.draftable if spec is not None else act_name in DRAFTABLE_GENERATED
