"""The ``casefile`` command line (Typer + Rich).

Read-only commands import neither Prefect nor WeasyPrint: heavy modules are imported inside the
commands that need them.
"""

from __future__ import annotations

import sys

from casefile.cli.app import app, err_console
from casefile.errors import CasefileError

__all__ = ["app", "main"]


def main() -> None:
    """Console-script entry point. Usage errors are click's (message, exit 2); a CasefileError
    prints its message on one line and exits 2; anything else is a bug and shows a traceback."""
    try:
        app()
    except CasefileError as exc:
        from rich.markup import escape

        err_console.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        sys.exit(2)
