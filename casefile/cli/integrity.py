"""``casefile verify``: check the docket's hash chains and the issued files (docs/integrity.md).

Read-only; imports neither Prefect nor WeasyPrint."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from casefile.cli.app import app, console, err_console
from casefile.vocab import counted


@app.command("verify")
def verify_cmd(
    case_number: str | None = typer.Argument(None, help="Only this case (default: every case)."),
    head: bool = typer.Option(False, "--head", help="Print the case's chain head (to write down or send elsewhere) instead."),
    expect_head: str | None = typer.Option(None, "--expect-head", help="The head written down earlier: the case's "
                                           "chain must still end in it (catches entries removed from the end)."),
    heads: Path | None = typer.Option(None, "--heads", help="Also write every case's chain head to this file (JSON), "
                                      "to keep elsewhere and give to --expect-heads later."),
    expect_heads: Path | None = typer.Option(None, "--expect-heads", help="A file written by --heads earlier: each "
                                             "case's chain must still hold the head it had then (catches acts "
                                             "erased from the end of any case, or a case removed)."),
    notify: bool = typer.Option(True, "--notify/--no-notify", help="Send the result and the record head to "
                                "CASEFILE_VERIFY_NOTIFY_URLS, when set (default: send)."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """Check every docket entry against its keyed hash chain, every record row against the digest its
    act's entry sealed, and every issued file against its sha256; print the heads to keep.

    Exit 0 with "verified: N cases, M entries, R record rows, K files" and the head (one case) or
    the record head (every case); exit 1 naming, for each case, the first entry that does not match,
    every record row and every file that does not."""
    from casefile.errors import CasefileError
    from casefile.record.db import read_session
    from casefile.record.integrity import chain_head, verify
    from casefile.settings import get_settings

    if (head or expect_head) and case_number is None:
        raise CasefileError("--head and --expect-head need a CASE (e.g. casefile verify --head 10-RC-269250)")
    published = _read_heads(expect_heads) if expect_heads is not None else None
    with read_session() as session:
        if head:
            found = chain_head(session, case_number)  # type: ignore[arg-type]
            if as_json:
                console.print_json(json.dumps({"case_number": found.case_number, "entries": found.entries,
                                               "last_entry_id": found.last_entry_id, "head": found.head}))
            else:
                console.print(found.line(), highlight=False, soft_wrap=True)
            return
        report = verify(session, output_dir=get_settings().output_dir, case_number=case_number, expect_head=expect_head,
                        expect_heads=published)
    if heads is not None:
        _write_heads(heads, report.heads_file())
    head_line = (report.heads[0].line() if case_number is not None and report.heads else
                 f"record head {report.record_head()} ({counted(report.cases, 'case')}, "
                 f"{counted(report.entries, 'docket entry', 'docket entries')})")
    if as_json:
        console.print_json(json.dumps(report.as_dict()))
    else:
        for line in report.lines():
            (console if report.ok else err_console).print(line, highlight=False, soft_wrap=True)
        if report.ok:
            console.print(head_line, highlight=False, soft_wrap=True)
    urls = get_settings().verify_notify_urls
    if notify and urls:
        _send(urls, report, head_line)
    if not report.ok:
        raise typer.Exit(1)


def _read_heads(path: Path) -> dict[str, tuple[str, int]]:
    """The heads a `--heads` file holds: case number -> (head, entries). Raises BadInput naming the file."""
    from casefile.errors import BadInput

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {str(number): (str(v["head"]), int(v["entries"])) for number, v in data["cases"].items()}
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise BadInput(f"--expect-heads: {path} is not a heads file written by `casefile verify --heads` "
                       f"({type(exc).__name__})", field="expect_heads") from None


def _write_heads(path: Path, content: dict[str, object]) -> None:
    from casefile.errors import BadInput

    try:
        tmp = path.with_name(f".{path.name}.part")
        tmp.write_text(json.dumps(content, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        raise BadInput(f"--heads: cannot write {path} ({exc.strerror or type(exc).__name__})", field="heads") from None


def _send(urls: list[str], report: object, head_line: str) -> None:
    """The verify result and the head to the notice channels (delivery problems printed, masked)."""
    from casefile.jobs.notify import notify

    ok = getattr(report, "ok", False)
    lines = report.lines()  # type: ignore[attr-defined]
    body = "\n".join([*lines, head_line] if ok else lines)
    for delivery in notify(urls, title="casefile verify: " + ("verified" if ok else "NOT verified"), body=body):
        if not delivery.ok:
            err_console.print(f"warning: the verify result was not delivered to {delivery.channel}: {delivery.error}",
                              highlight=False, soft_wrap=True)
