"""``casefile verify``: check the docket's hash chains and the issued files (docs/integrity.md).

Read-only; imports neither Prefect nor WeasyPrint."""

from __future__ import annotations

import json

import typer

from casefile.cli.app import app, console, err_console


@app.command("verify")
def verify_cmd(
    case_number: str | None = typer.Argument(None, help="Only this case (default: every case)."),
    head: bool = typer.Option(False, "--head", help="Print the case's chain head (to write down or send elsewhere) instead."),
    expect_head: str | None = typer.Option(None, "--expect-head", help="The head written down earlier: the case's "
                                           "chain must still end in it (catches entries removed from the end)."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """Check every docket entry against its keyed hash chain and every issued file against its sha256.

    Exit 0 with "verified: N cases, M entries, K files"; exit 1 naming, for each case, the first
    entry that does not match and every file that does not."""
    from casefile.errors import CasefileError
    from casefile.record.db import read_session
    from casefile.record.integrity import chain_head, verify
    from casefile.settings import get_settings

    if (head or expect_head) and case_number is None:
        raise CasefileError("--head and --expect-head need a CASE (e.g. casefile verify --head 10-RC-269250)")
    with read_session() as session:
        if head:
            found = chain_head(session, case_number)  # type: ignore[arg-type]
            if as_json:
                console.print_json(json.dumps({"case_number": found.case_number, "entries": found.entries,
                                               "last_entry_id": found.last_entry_id, "head": found.head}))
            else:
                console.print(found.line(), highlight=False, soft_wrap=True)
            return
        report = verify(session, output_dir=get_settings().output_dir, case_number=case_number, expect_head=expect_head)
    if as_json:
        console.print_json(json.dumps(report.as_dict()))
    else:
        for line in report.lines():
            (console if report.ok else err_console).print(line, highlight=False, soft_wrap=True)
    if not report.ok:
        raise typer.Exit(1)
