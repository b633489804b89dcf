"""``casefile deadlines recompute``: deadlines whose basis changed (``deadlines pin``, an order
fixing a date, is in casefile.cli.deadline_orders)."""

from __future__ import annotations

import typer

from casefile.cli.app import console, deadlines_app
from casefile.cli.timeparse import parse_instant


@deadlines_app.command("recompute")
def recompute(case: str | None = typer.Option(None, "--case", help="Only this case."),
              as_of: str | None = typer.Option(None, help="When (a date and time, like 2026-03-20T14:00-04:00); default now.")) -> None:
    """Recompute open deadlines with the current calendar (e.g. after CASEFILE_EXTRA_CLOSURES gained a
    closure day); each one that moves is docketed with its old and new date. Pinned dates stay."""
    from casefile.acts import Who
    from casefile.jobs.recompute import recompute_open_deadlines
    from casefile.record.db import write_session

    with write_session(by=Who.operator().label) as session:
        changes = recompute_open_deadlines(session, as_of=parse_instant(as_of, "--as-of"), case_number=case)
    for c in changes:
        console.print(f"{c.case_number}: {c.kind} due {c.old_due_on.isoformat()} → {c.new_due_on.isoformat()} ({c.reason})")
    if not changes:
        console.print("no open deadline moved")
