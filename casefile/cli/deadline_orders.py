"""``casefile deadlines pin ID --due DATE --order "..."``: an order fixing or extending a
deadline's date (before or after the original date), performed through the front door."""

from __future__ import annotations

import typer

from casefile.cli.app import deadlines_app
from casefile.cli.perform import run_act
from casefile.cli.timeparse import parse_date, parse_instant


@deadlines_app.command("pin")
def pin(deadline_id: int = typer.Argument(..., min=1, max=2**63 - 1, help="Deadline id (see `casefile deadlines`)."),
        due: str = typer.Option(..., help="The date the order fixes (YYYY-MM-DD)."),
        order: str = typer.Option(..., help="The order, e.g. 'RD order of 2026-03-09 extending the offer of proof'."),
        on: str | None = typer.Option(None, "--on", help="The order's date (YYYY-MM-DD); default the day recorded."),
        as_of: str | None = typer.Option(None, help="When recorded (a date and time, like 2026-03-20T14:00-04:00, or a date); default now.")) -> None:
    """Fix a deadline's date by an order (never recomputed afterwards), even after the date or once the
    period is over; a lapsed period extended runs again. Objection periods cannot be extended (29 CFR 102.69(a)(8), 102.2(d))."""
    from casefile.acts.pin_deadline import PinDeadline
    from casefile.cli.act_options import act_from_options

    number = _case_of_deadline(deadline_id)
    act = act_from_options(PinDeadline, {
        "deadline": deadline_id, "due": parse_date(due, "--due"), "order": order,
        "date": parse_date(on, "--on") if on else None,
    }, options={"deadline": "ID", "date": "--on"})
    run_act(act, case_number=number, as_of=parse_instant(as_of, "--as-of", case_number=number))


def _case_of_deadline(deadline_id: int) -> str:
    """The number of the case deadline ``deadline_id`` belongs to. Raises UnknownRecord."""
    from casefile.errors import UnknownRecord
    from casefile.record.db import read_session
    from casefile.record.models import Case, Deadline

    with read_session() as session:
        deadline = session.get(Deadline, deadline_id)
        case = session.get(Case, deadline.case_id) if deadline is not None else None
        if case is None:
            raise UnknownRecord(f"no deadline {deadline_id} (see `casefile deadlines`)", field="deadline")
        return case.number
