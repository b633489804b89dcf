"""``casefile challenges ...``: the challenged-ballot register, rulings, the revised tally; and
``casefile runoff``: the direction of a runoff election. Each act runs through its flow."""

from __future__ import annotations

import csv
from pathlib import Path

import typer

from casefile.cli.acts import flows_for_command, show_result
from casefile.cli.app import app, challenges_app
from casefile.cli.timeparse import parse_date, parse_instant
from casefile.errors import InvalidScenario

_CSV_COLUMNS = ("voter", "challenged_by", "ground")


@challenges_app.command("register")
def register(case_number: str = typer.Argument(...),
             file: Path = typer.Argument(..., help="CSV with columns voter, challenged_by, ground[, disputed_void]."),
             as_of: str | None = typer.Option(None, help="When registered (ISO instant); default now."),
             election: int | None = typer.Option(None, help="Election sequence (default: the latest).")) -> None:
    """Register challenged ballots from a CSV (challenged_by: a party handle or board-agent)."""
    from casefile.services.challenges import ChallengeIn

    try:
        with file.open(newline="", encoding="utf-8") as handle:
            reader = csv.DictReader(handle)
            missing = [c for c in _CSV_COLUMNS if c not in (reader.fieldnames or [])]
            if missing:
                raise InvalidScenario(f"{file}: missing column(s) {missing}; expected voter, challenged_by, ground")
            rows = [ChallengeIn(voter=r["voter"].strip(), challenged_by=r["challenged_by"].strip(), ground=r["ground"].strip(),
                                disputed_void=(r.get("disputed_void") or "").strip().lower() in ("1", "true", "yes"))
                    for r in reader]
    except OSError as exc:
        raise InvalidScenario(f"{file}: cannot read ({exc.strerror})") from exc
    with flows_for_command(case_number) as flows:
        show_result(flows.register_challenges_flow(case_number=case_number, challenges=rows,
                                             as_of=parse_instant(as_of, "--as-of"), election_sequence=election))


@challenges_app.command("rule")
def rule(case_number: str = typer.Argument(...),
         on: str = typer.Option(..., "--on", help="Date of the ruling (YYYY-MM-DD)."),
         sustain: bool = typer.Option(False, "--sustain", help="Sustain the challenges (ballots never counted)."),
         overrule: bool = typer.Option(False, "--overrule", help="Overrule them (ballots to be opened and counted)."),
         voter: list[str] = typer.Option([], "--voter", help="A voter whose ballot is ruled on; repeat."),
         ground: str | None = typer.Option(None, help="Rule on every pending ballot with this ground."),
         all_pending: bool = typer.Option(False, "--all", help="Rule on every pending ballot."),
         by: str = typer.Option("Regional Director", help="Who ruled."),
         reason: str = typer.Option("", help="The ruling's reason, in a few words."),
         election: int | None = typer.Option(None, help="Election sequence (default: the latest).")) -> None:
    """Sustain or overrule challenges singly, by ground, or all; the rest are re-tested (R-E7)."""
    from casefile.services.challenges import ChallengeRuling

    if sustain == overrule:
        raise InvalidScenario("give exactly one of --sustain or --overrule")
    ruling = ChallengeRuling(ruled_on=parse_date(on, "--on"), status="sustained" if sustain else "overruled",
                             voters=tuple(voter), ground=ground, all_pending=all_pending, by=by, reason=reason)
    now = parse_instant(None, "now")
    with flows_for_command(case_number, sweep_as_of=now) as flows:
        show_result(flows.rule_on_challenges_flow(case_number=case_number, ruling=ruling, as_of=now,
                                            election_sequence=election))


@challenges_app.command("open")
def open_and_count(case_number: str = typer.Argument(...),
                   on: str = typer.Option(..., "--on", help="Date the revised tally is made available."),
                   counted: list[str] = typer.Option([], "--counted", help="Votes among the ballots opened: NAME=N; repeat."),
                   counted_against: int = typer.Option(0, help="Votes against among the ballots opened."),
                   opened: int | None = typer.Option(None, help="Without a register: ballots opened."),
                   sustained: int | None = typer.Option(None, help="Without a register: challenges sustained."),
                   election: int | None = typer.Option(None, help="Election sequence (default: the latest).")) -> None:
    """Open the overruled ballots and issue the Revised Tally of Ballots (counts per choice only)."""
    from casefile.services.challenges import RevisedTallyIn

    votes: dict[str, int] = {}
    for item in counted:
        name, sep, number = item.rpartition("=")
        if not sep or not name or not number.strip().isdigit():
            raise InvalidScenario(f"--counted {item!r}: expected NAME=VOTES")
        votes[name.strip()] = int(number)
    revised_in = RevisedTallyIn(prepared_on=parse_date(on, "--on"), counted=votes, counted_against=counted_against,
                                opened=opened, sustained=sustained)
    now = parse_instant(None, "now")
    with flows_for_command(case_number, sweep_as_of=now) as flows:
        show_result(flows.revised_tally_flow(case_number=case_number, revised_in=revised_in, as_of=now,
                                       election_sequence=election))


@app.command("runoff")
def runoff(case_number: str = typer.Argument(...), on: str = typer.Option(..., "--on", help="Date of the direction."),
           held_from: str | None = typer.Option(None, help="Runoff date (or first day of a mail election)."),
           held_to: str | None = typer.Option(None, help="Last day of a mail runoff."),
           election: int | None = typer.Option(None, help="Election sequence (default: the latest).")) -> None:
    """Direct the runoff election the tally calls for (102.70): Notice of Runoff Election."""
    from casefile.services.runoffs import DirectionIn

    direction = DirectionIn(directed_on=parse_date(on, "--on"),
                            held_from_on=parse_date(held_from, "--held-from") if held_from else None,
                            held_to_on=parse_date(held_to, "--held-to") if held_to else None)
    now = parse_instant(None, "now")
    with flows_for_command(case_number, sweep_as_of=now) as flows:
        show_result(flows.direct_runoff_flow(case_number=case_number, direction_in=direction, as_of=now,
                                       election_sequence=election))
