"""The acts' special web forms have one home each (casefile.web.forms): no other module of the web
compares an act's name with a literal, and each form's spec says what its act module and the
vocabulary say."""

from __future__ import annotations

import ast
from pathlib import Path

import casefile.web

WEB = Path(casefile.web.__file__).parent
FORMS = WEB / "forms"


def _act_names() -> set[str]:
    from casefile.acts import models

    return set(models())


def literal_act_comparisons(source: str, names: set[str]) -> list[tuple[int, str]]:
    """Each comparison in ``source`` with a string constant (or a tuple, list or set of them) that is an act's name:
    (line, name)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        for side in (node.left, *node.comparators):
            values = side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
            found += [(node.lineno, v.value) for v in values
                      if isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value in names]
    return found


def test_no_web_module_outside_the_forms_compares_an_act_name_with_a_literal() -> None:
    names = _act_names()
    outside = [p for p in sorted(WEB.rglob("*.py")) if FORMS not in p.parents]
    assert len(outside) > 20
    assert [f"{p.relative_to(WEB)}:{line} {name}" for p in outside
            for line, name in literal_act_comparisons(p.read_text(encoding="utf-8"), names)] == []


def test_the_check_finds_a_literal_comparison() -> None:
    """The check above can fail: an act's name compared alone, in a tuple or a set, either side, is found; a string
    that is no act's name, or an act's name not compared, is not."""
    source = ('if act_name == "file-objections" or act_name in ("record-tally", "not-an-act"):\n'
              '    x = {"file-exceptions": 1}\n'
              'if "register-challenges" != name and name not in {"file-motion"}:\n    pass\n')
    assert literal_act_comparisons(source, _act_names()) == [
        (1, "file-objections"), (1, "record-tally"), (3, "register-challenges"), (3, "file-motion")]


def test_each_special_form_says_what_its_act_and_the_vocabulary_say() -> None:
    from casefile.acts import models
    from casefile.vocab import FilingKind
    from casefile.web import forms
    from casefile.web.act_forms import SPECIFIC

    assert sorted(forms.SPECIAL) == ["file-exceptions", "file-objections", "record-tally", "register-challenges"]
    assert all(name in models() for name in forms.SPECIAL)
    assert SPECIFIC == {"file-objections": "act_objections.html", "file-exceptions": "act_exceptions.html",
                        "record-tally": "act_tally.html", "register-challenges": "act_register.html"}
    templates = WEB / "templates"
    assert all((templates / spec.template).is_file() for spec in forms.SPECIAL.values())
    objections, exceptions = forms.special("file-objections"), forms.special("file-exceptions")
    assert objections is not None and exceptions is not None
    assert (objections.filing_kind, objections.served_as) == (FilingKind.OBJECTIONS, "Objections")
    assert (exceptions.filing_kind, exceptions.served_as) == (FilingKind.EXCEPTIONS, "Exceptions")
    assert [n for n, s in forms.SPECIAL.items() if s.draftable] == ["file-objections", "file-exceptions"]
    assert [n for n, s in forms.SPECIAL.items() if s.party_filing] == ["file-objections", "file-exceptions"]
    assert forms.special("file-motion") is None
    assert forms.draftable("file-offer-of-proof") and not forms.draftable("file-motion")
    assert not forms.draftable("record-tally")


def test_a_draft_of_objections_comes_back_as_the_form_it_was() -> None:
    """form -> act -> form: the objections, the witness rows and their counts are what was typed."""
    from casefile.web import forms
    from casefile.web.forms.reading import Found, Submitted

    spec = forms.special("file-objections")
    assert spec is not None and spec.act_data is not None and spec.form_values is not None
    sub = Submitted(values={"party": "rwdsu", "objections-0": "The employer polled employees.", "objections-1": "",
                            "objections-2": "A supervisor stood by the polls.", "offer_of_proof-0-objection": "2",
                            "offer_of_proof-0-witness": "Jane Doe", "offer_of_proof-0-summary": "She saw him."},
                    rows={"objections": 3, "offer_of_proof": 1})
    act = spec.act_data(sub, {"date": "2022-04-07"}, Found())
    assert act["objections"] == ["The employer polled employees.", "A supervisor stood by the polls."]
    assert act["offer_of_proof"] == [{"objection": 2, "witness": "Jane Doe", "summary": "She saw him."}]
    assert sub.kept["objections"] == [0, 2]
    values, rows = spec.form_values(act)
    assert rows == {"objections": 2, "offer_of_proof": 1}
    assert values["objections-1"] == "A supervisor stood by the polls."
    assert values["offer_of_proof-0-objection"] == "2"
