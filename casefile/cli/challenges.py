"""``casefile challenges register|rule|count-excluded|open``: the challenged-ballot register, rulings, the
order to count ballots excluded at the count, the revised tally; and ``casefile runoff``: the direction of a runoff election. Each command builds
its act model and performs it through the front door (casefile.cli.perform.run_act)."""

from __future__ import annotations

from pathlib import Path

import typer

from casefile.cli.app import app, challenges_app
from casefile.cli.perform import run_act
from casefile.cli.timeparse import parse_date, parse_instant
from casefile.errors import InvalidScenario

_AS_OF = "When the act is recorded (a date and time, like 2026-03-20T14:00-04:00, or a date: 00:00 at the receiving office); default now."
_ELECTION = "Election sequence (default: the latest)."


@challenges_app.command("register")
def register(case_number: str = typer.Argument(...),
             file: Path = typer.Argument(..., help="CSV with columns voter, challenged_by, ground[, disputed_void]."),
             as_of: str | None = typer.Option(None, help="When registered (a date and time, like 2026-03-20T14:00-04:00, or a date); default now."),
             election: int | None = typer.Option(None, help=_ELECTION)) -> None:
    """Register challenged ballots from a CSV (challenged_by: a party handle or board-agent)."""
    from pydantic import ValidationError

    from casefile.acts.register_challenges import RegisterChallenges
    from casefile.importers.challenge_register import parse_challenge_register

    try:
        data = file.read_bytes()
    except OSError as exc:
        raise InvalidScenario(f"{file}: cannot read the register ({exc.strerror or exc})") from exc
    rows = parse_challenge_register(data, source=str(file))
    moment = parse_instant(as_of, "--as-of", case_number=case_number)
    challenges = [{"voter": r.voter, "challenged_by": r.challenged_by, "ground": r.ground,
                   "disputed_void": r.disputed_void} for r in rows]
    try:
        act = RegisterChallenges.model_validate({"challenges": challenges, "election": election})
    except ValidationError as exc:  # a cell the act refuses: name its line and column
        from casefile.validation import problems

        err = exc.errors()[0]
        loc = err["loc"]
        where = f"line {rows[int(loc[1])].line}, column {loc[2]}" if len(loc) >= 3 and loc[0] == "challenges" \
            else ".".join(str(p) for p in loc)
        raise InvalidScenario(f"{file}: {where}: {problems([dict(err)])[0].text}", field=".".join(str(p) for p in loc)) from exc
    run_act(act, case_number=case_number, as_of=moment)


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
         election: int | None = typer.Option(None, help=_ELECTION),
         as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Sustain or overrule challenges singly, by ground, or all; the rest are re-tested."""
    from casefile.acts.rule_on_challenges import RuleOnChallenges
    from casefile.cli.act_options import act_from_options

    if sustain == overrule:
        raise InvalidScenario("give exactly one of --sustain or --overrule", field="status")
    act = act_from_options(RuleOnChallenges, {
        "date": parse_date(on, "--on"), "status": "sustained" if sustain else "overruled", "voters": list(voter),
        "ground": ground, "all_pending": all_pending, "by": by, "reason": reason, "election": election,
    }, options={"date": "--on", "voters": "--voter", "all_pending": "--all"})
    run_act(act, case_number=case_number, as_of=parse_instant(as_of, "--as-of", case_number=case_number))


@challenges_app.command("open")
def open_and_count(case_number: str = typer.Argument(...),
                   on: str = typer.Option(..., "--on", help="Date the revised tally is made available."),
                   counted: list[str] = typer.Option([], "--counted", help="Votes among the ballots opened: NAME=N; repeat."),
                   counted_against: int = typer.Option(0, help="Votes against among the ballots opened."),
                   opened: int | None = typer.Option(None, help="Without a register: ballots opened."),
                   sustained: int | None = typer.Option(None, help="Without a register: challenges sustained."),
                   election: int | None = typer.Option(None, help=_ELECTION),
                   as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Open the overruled ballots and issue the Revised Tally of Ballots (counts per choice only)."""
    from casefile.acts.revised_tally import RevisedTally
    from casefile.cli.act_options import act_from_options

    votes: dict[str, int] = {}
    for item in counted:
        name, sep, number = item.rpartition("=")
        if not sep or not name.strip() or not number.strip().isascii() or not number.strip().isdigit():
            raise InvalidScenario(f"--counted {item!r}: expected NAME=VOTES", field="counted")
        if name.strip() in votes:
            raise InvalidScenario(f"--counted {item!r}: {name.strip()!r} is given twice", field="counted")
        votes[name.strip()] = int(number)
    act = act_from_options(RevisedTally, {
        "date": parse_date(on, "--on"), "counted": votes, "counted_against": counted_against, "opened": opened,
        "sustained": sustained, "election": election,
    }, options={"date": "--on"})
    run_act(act, case_number=case_number, as_of=parse_instant(as_of, "--as-of", case_number=case_number))


@challenges_app.command("count-excluded")
def count_excluded(case_number: str = typer.Argument(...),
                   on: str = typer.Option(..., "--on", help="Date of the order (YYYY-MM-DD)."),
                   ballots: int = typer.Option(..., "--ballots", help="How many ballots excluded at the count it orders counted."),
                   by: str = typer.Option("Regional Director", help="Who ordered it: 'Regional Director' or 'Board'."),
                   order: str = typer.Option("", help="The order in words (on whose objections, as it states them)."),
                   issuer: str = typer.Option("", help="Who signed the order."),
                   election: int | None = typer.Option(None, help=_ELECTION),
                   as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Order ballots excluded at the count opened and counted: they become challenged ballots overruled, which
    `challenges open` then counts (a supplemental count; 29 CFR 102.69(c)(1)(i), (e))."""
    from casefile.acts.count_excluded_ballots import CountExcludedBallots
    from casefile.cli.act_options import act_from_options

    act = act_from_options(CountExcludedBallots, {
        "date": parse_date(on, "--on"), "ballots": ballots, "by": by, "order": order, "issuer": issuer,
        "election": election,
    }, options={"date": "--on"})
    run_act(act, case_number=case_number, as_of=parse_instant(as_of, "--as-of", case_number=case_number))


@app.command("runoff")
def runoff(case_number: str = typer.Argument(...), on: str = typer.Option(..., "--on", help="Date of the direction."),
           held_from: str | None = typer.Option(None, help="Runoff date (or first day of a mail election)."),
           held_to: str | None = typer.Option(None, help="Last day of a mail runoff."),
           election: int | None = typer.Option(None, help=_ELECTION),
           as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Direct the runoff election the tally calls for (102.70): Notice of Runoff Election."""
    from casefile.acts.direct_runoff import DirectRunoff
    from casefile.cli.act_options import act_from_options

    act = act_from_options(DirectRunoff, {
        "date": parse_date(on, "--on"),
        "held_from_on": parse_date(held_from, "--held-from") if held_from else None,
        "held_to_on": parse_date(held_to, "--held-to") if held_to else None, "election": election,
    }, options={"date": "--on", "held_from_on": "--held-from", "held_to_on": "--held-to"})
    run_act(act, case_number=case_number, as_of=parse_instant(as_of, "--as-of", case_number=case_number))
