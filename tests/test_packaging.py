"""Every Python package of the source tree is installed: pyproject.toml lists packages by name, so a
new package left out of the list works in the editable checkout and fails on a real install."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_is_listed_in_pyproject() -> None:
    """Each folder with an __init__.py under casefile/ and flows/ is in [tool.setuptools] packages."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for top in ("casefile", "flows")
             for p in (ROOT / top).rglob("__init__.py") if "__pycache__" not in p.parts}
    assert found - listed == set()
