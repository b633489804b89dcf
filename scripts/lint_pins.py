"""Exit 0 when ruff and mypy are installed at the versions the `lint` extra pins (pyproject.toml),
else 1: `make lint` then installs the extra, so a stale linter never decides what is green."""

from __future__ import annotations

import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path


def main() -> int:
    pins = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    for requirement in pins["project"]["optional-dependencies"]["lint"]:
        name, version = re.split(r"==", requirement)
        try:
            if metadata.version(name.strip()) != version.strip():
                return 1
        except metadata.PackageNotFoundError:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
