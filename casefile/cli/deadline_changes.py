"""``casefile deadlines recompute`` and ``casefile deadlines pin``: deadlines whose basis changed."""

from __future__ import annotations

import typer

from casefile.cli.app import console, deadlines_app
from casefile.cli.timeparse import parse_date, parse_instant


@deadlines_app.command("recompute")
def recompute(case: str | None = typer.Option(None, "--case", help="Only this case."),
              as_of: str | None = typer.Option(None, help="When (ISO instant); default now.")) -> None:
    """Recompute open deadlines with the current calendar (e.g. after CASEFILE_EXTRA_CLOSURES gained a
    closure day); each one that moves is docketed with its old and new date. Pinned dates stay."""
    from casefile.record.db import write_session
    from casefile.services.deadline_changes import recompute_open_deadlines

    with write_session() as session:
        changes = recompute_open_deadlines(session, as_of=parse_instant(as_of, "--as-of"), case_number=case)
    for c in changes:
        console.print(f"{c.case_number}: {c.kind} due {c.old_due_on.isoformat()} → {c.new_due_on.isoformat()} ({c.reason})")
    if not changes:
        console.print("no open deadline moved")


@deadlines_app.command("pin")
def pin(deadline_id: int = typer.Argument(..., help="Deadline id (see `casefile deadlines`)."),
        due: str = typer.Option(..., help="The date the order fixes (YYYY-MM-DD)."),
        order: str = typer.Option(..., help="The order, e.g. 'RD order of 2026-03-09 extending the offer of proof'."),
        as_of: str | None = typer.Option(None, help="When recorded (ISO instant); default now.")) -> None:
    """Fix a deadline's date by an order (never recomputed afterwards). Objection periods cannot be extended."""
    from casefile.record.db import write_session
    from casefile.services.deadline_changes import pin_deadline

    with write_session() as session:
        d = pin_deadline(session, deadline_id=deadline_id, due_on=parse_date(due, "--due"), order=order,
                         as_of=parse_instant(as_of, "--as-of"))
        console.print(f"{d.kind.value} now due {d.due_on.isoformat()} (pinned by: {d.pinned_by})")
