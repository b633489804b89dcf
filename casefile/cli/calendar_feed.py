"""``casefile calendar export``: iCalendar feeds of open deadlines (issue 4), read-only; imports
neither Prefect nor WeasyPrint."""

from __future__ import annotations

from pathlib import Path

import typer

from casefile.cli.app import calendar_app, console


@calendar_app.command("export")
def export(
    case: str | None = typer.Option(None, "--case", help="Only this case (default: every case)."),
    party: str | None = typer.Option(None, "--party", help="Only this party's calendar (its key, e.g. rwdsu)."),
    out: Path | None = typer.Option(None, "--out", help="Folder for the .ics files (default: CASEFILE_OUTPUT_DIR/calendars, i.e. out/calendars)."),
    alarm: bool = typer.Option(True, "--alarm/--no-alarm", help="Add an alarm at 9:00 a.m. office time the day before each due date."),
    as_of: str | None = typer.Option(None, "--as-of", help="A moment (a date and time, like 2026-03-20T14:00-04:00) or a date (00:00 at the receiving office) whose open deadlines to export; default now."),
) -> None:
    """Write <out>/<case>.ics (every deadline of the case open now, or at --as-of) and <out>/<case>-<party>.ics (the
    deadlines that party must act on), each deadline an event at its cut-off with the rule and the
    derivation; UIDs are stable, so re-importing updates the events instead of duplicating them."""
    from casefile import app as front
    from casefile.calendar_feed import case_feeds, write_feeds
    from casefile.cli.perform import now
    from casefile.record.db import read_session
    from casefile.settings import get_settings

    moment = now() if as_of is None else front.read_instant(as_of, what="--as-of", case_number=case)
    folder = out if out is not None else get_settings().output_dir / "calendars"
    with read_session() as session:
        feeds = case_feeds(session, as_of=moment, case_number=case, party_key=party, alarm=alarm)
    if not feeds:
        console.print("No cases in the database: nothing to export.")
        return
    for feed, path in zip(feeds, write_feeds(feeds, folder), strict=True):
        whose = f"party {feed.party_key}" if feed.party_key else "case"
        count = len(feed.deadline_ids)
        console.print(f"wrote {path} ({whose} calendar, {count} open deadline{'' if count == 1 else 's'})",
                      highlight=False, markup=False)
