"""The typed form of an act without a hand-written one, generated from its model's fields
(pydantic ``model_fields``: annotation, constraints, default): a date is a date input, an ``int`` a
numeric input, a ``bool`` a checkbox, a Literal or an enum radios or a select in words, a text a text
input or a text box by its length, a party's handle a select of the case's parties, the election a
select of the case's elections, a list of lines a text box one item per line, a list of paragraphs or
of parts (witnesses, exceptions, service) and a mapping (rulings, objections set for hearing)
repeating rows with "add another" (a submit button that re-renders with one more row: no script).
A nested part the form cannot lay out (a case's details) is a text box written as in a scenario
file, with an example. The act's date and time are asked once, by the form's "When" (``date`` and
``time``; casefile.web.act_forms.instant), never as fields.

Labels and hints are the field's ``description`` when the model has one, else the words below (in the
field's terms). Field ids are the field names ("rulings-0-party" for a row's column), so an act's
error (its ``field`` path) is put back on its input by :func:`error_field`. Plumbing only: every check
is the model's and the act module's, through the front door.

The modules: ``inputs`` (:class:`Spec` and the inputs generated from a model), ``field_words``
(labels, hints and choices in words), ``rows`` (the repeating groups), ``form_to_act`` (the act
read from the form, an error put back on its input), ``act_to_form`` (a draft opened again).
"""

from __future__ import annotations

from casefile.web.act_fields.act_to_form import values_of, when_of
from casefile.web.act_fields.form_to_act import data, error_field
from casefile.web.act_fields.inputs import Spec, part_specs, specs
from casefile.web.act_fields.rows import blank_values, count_rows, row_id

__all__ = ["Spec", "blank_values", "count_rows", "data", "error_field", "part_specs", "row_id", "specs", "values_of",
           "when_of"]
