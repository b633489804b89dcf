"""No written ref or label is split by hand (issue 16): every written form has one typed parser
(casefile.refs.DocumentKey, RowKey, casefile.record.recorders.Recorder, casefile.record.workflow.DocketAct)."""

from __future__ import annotations

from pathlib import Path

from casefile.web.words import who_words

ROOT = Path(__file__).resolve().parent.parent / "casefile"


def test_no_module_splits_a_ref_with_partition() -> None:
    found = [f"{p.relative_to(ROOT.parent)}:{n}" for p in sorted(ROOT.rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if 'partition(":")' in line]
    assert found == []


def test_who_acted_in_words_from_the_typed_recorder() -> None:
    assert who_words("user:Ann@Example.org") == "ann@example.org"
    assert who_words("operator:root") == "the operator of this casefile"
    assert who_words("system:sweep") == "casefile"
    assert who_words("not a label") == "not a label"
