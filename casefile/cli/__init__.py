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
    """Console-script entry point: run the app; a CasefileError prints its message and exits 2."""
    try:
        app(standalone_mode=False)
    except CasefileError as exc:
        err_console.print(f"[bold red]error:[/] {exc}", highlight=False)
        sys.exit(2)
    except SystemExit:
        raise
    except Exception as exc:  # click's own usage errors arrive here with standalone_mode=False
        import click

        if isinstance(exc, click.exceptions.ClickException):
            exc.show()
            sys.exit(exc.exit_code)
        if isinstance(exc, click.exceptions.Abort):
            err_console.print("Aborted.")
            sys.exit(1)
        raise
