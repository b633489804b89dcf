"""``casefile case export CASE``: the case file as one zip (casefile.accounts.around.export_case), as
the local operator sees it (every document; no organization's notes)."""

from __future__ import annotations

from pathlib import Path

import typer

from casefile.cli.app import case_app, console
from casefile.vocab import counted


@case_app.command("export")
def export_cmd(case_number: str = typer.Argument(..., help="Case number, e.g. 10-RC-269250."),
               out: Path | None = typer.Option(None, "--out", help="Where to write the zip (default: "
                                               "<CASE>-case-file.zip in the current folder)."),
               ) -> None:
    """Write the case file as one zip: docket.csv, every issued document and attachment, the docket
    chain's head (chain-head.txt) and manifest.json (each file's sha256)."""
    from casefile.accounts.around import export_case
    from casefile.cli.perform import now
    from casefile.record.queries import OPERATOR

    done = export_case(viewer=OPERATOR, case_number=case_number, as_of=now(), via="cli")
    target = out or Path(done.file_name)
    tmp = target.with_name(target.name + ".part")
    tmp.write_bytes(done.content)
    tmp.replace(target)
    console.print(f"wrote {target} ({counted(done.documents, 'file')}, "
                  f"{counted(done.docket_entries, 'docket entry', 'docket entries')}, "
                  f"{len(done.content):,} bytes)", highlight=False, soft_wrap=True)
