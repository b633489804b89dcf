"""What casefile says when it refuses cites 29 CFR and the Board, never casefile's own rule ids ("R-C5") or
its rules.md: every string constant (an f-string's parts too) passed to an exception's constructor in
casefile/ is read, the exception classes being those casefile defines on Exception and the built-in ones."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import casefile

_OWN_IDS = re.compile(r"\bR-[A-Z]+[0-9]|rules\.md")
_BUILTIN = {"Exception", "ValueError", "TypeError", "KeyError", "RuntimeError", "LookupError"}
_ROOT = Path(casefile.__file__).parent


def _trees() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(_ROOT.rglob("*.py"))]


def _exception_classes(trees: list[tuple[Path, ast.Module]]) -> set[str]:
    bases = {node.name: {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}
             for _, tree in trees for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    found = set(_BUILTIN)
    while True:
        more = {name for name, of in bases.items() if name not in found and of & found}
        if not more:
            return found
        found |= more


def _messages_naming_own_ids() -> list[str]:
    trees = _trees()
    exceptions = _exception_classes(trees)
    hits = []
    for path, tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else \
                node.func.attr if isinstance(node.func, ast.Attribute) else ""
            if name not in exceptions:
                continue
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                for sub in ast.walk(arg):
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and _OWN_IDS.search(sub.value):
                        hits.append(f"{path.relative_to(_ROOT.parent)}:{sub.lineno}: {sub.value!r}")
    return hits


def test_no_refusal_names_casefiles_own_rule_ids() -> None:
    assert _messages_naming_own_ids() == []


def test_the_scan_finds_an_own_id() -> None:
    """The scan reads an exception's message (a test that cannot fail is a defect)."""
    tree = ast.parse('raise BadInput(f"the tally is prepared before voting ended ({x}; R-C5)")')
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.Call))
    said = [s.value for s in ast.walk(node) if isinstance(s, ast.Constant) and isinstance(s.value, str)]
    assert any(_OWN_IDS.search(s) for s in said)
    assert "BadInput" in _exception_classes(_trees())
