"""``casefile tally analyze``: the tally calculator (lines 6-10, outcome, determinative challenges, and
what each reachable outcome needs from the challenged ballots).

Read-only and import-light: only the pure tally rules, Typer and Rich.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.table import Table

from casefile.cli.app import console, tally_app
from casefile.cli.fitting import print_table
from casefile.errors import InvalidTally
from casefile.rules.challenge_analysis import OutcomeRequirement, Requirement, analyze_challenges
from casefile.rules.tally import AGAINST, Outcome, TallyAnalysis, TallyCounts, analyze_tally
from casefile.rules.tally_form import line_hint
from casefile.vocab import counted


def parse_choice(text: str) -> tuple[str, int]:
    """Parse one ``--choice NAME=VOTES`` value (the last ``=`` splits), e.g. ``"RWDSU=875"``.

    Raises:
        InvalidTally: no ``=``, an empty name, or votes that are not a whole number (``line="choices"``).
    """
    name, sep, votes = text.rpartition("=")
    name = name.strip()
    if not sep or not name:
        raise InvalidTally(f"--choice {text!r}: expected NAME=VOTES, e.g. RWDSU=875", line="choices")
    digits = votes.strip().replace(",", "")
    body = digits.removeprefix("-")
    if not (body.isascii() and body.isdigit()):
        raise InvalidTally(f"--choice {text!r}: votes for {name} must be a whole number, got {votes!r}", line="choices")
    return name, int(digits)


def analysis_as_json(analysis: TallyAnalysis) -> dict[str, Any]:
    """The analysis as the plain mapping printed by ``--json``."""
    return {
        "valid": analysis.valid,
        "valid_plus_challenged": analysis.valid_plus_challenged,
        "ballots_cast": analysis.ballots_cast,
        "determinative": analysis.determinative,
        "outcome": str(analysis.outcome.kind),
        "winner": analysis.outcome.winner,
        "runoff_choices": _pair(analysis.outcome),
        "majority_for": analysis.majority_for,
        "reachable": [{"outcome": str(o.kind), "winner": o.winner, "runoff_choices": _pair(o)} for o in analysis.reachable],
        "warnings": list(analysis.warnings),
        "challenge_analysis": [_requirement_json(item) for item in analyze_challenges(analysis.counts)],
    }


def _requirement_json(item: OutcomeRequirement) -> dict[str, Any]:
    return {
        "outcome": str(item.outcome.kind),
        "winner": item.outcome.winner,
        "runoff_choices": _pair(item.outcome),
        "fewest_needed": _figure_json(item.fewest_needed),
        "all_opened": _figure_json(item.all_opened),
        "sentence": item.sentence,
    }


def _figure_json(figure: Requirement | None) -> dict[str, Any] | None:
    if figure is None:
        return None
    return {
        "count": figure.count,
        "of": figure.of,
        "distribution": dict(figure.distribution),
    }


def _pair(outcome: Outcome) -> list[str] | None:
    return list(outcome.runoff_choices) if outcome.runoff_choices is not None else None


@tally_app.command("analyze")
def analyze(
    choice: Annotated[
        list[str],
        typer.Option(
            "--choice", metavar="NAME=VOTES", help=f"A labor organization and its votes ({line_hint('choice')}); repeat for each."
        ),
    ],
    against: Annotated[
        int | None,
        typer.Option("--against", help=f"Votes against ({line_hint('against')}). Omit only for --runoff-ballot between two unions."),
    ] = None,
    challenged: Annotated[
        int, typer.Option("--challenged", help=f"Unresolved challenged ballots ({line_hint('challenged')}), disputed void ballots included.")
    ] = 0,
    void: Annotated[int, typer.Option("--void", help=f"Void ballots ({line_hint('void')}).")] = 0,
    eligible: Annotated[int | None, typer.Option("--eligible", help=f"Approximate number of eligible voters ({line_hint('eligible')}).")] = None,
    eligible_exact: Annotated[
        bool, typer.Option("--eligible-exact", help="The eligible count is confirmed exact (zero-vote exception, 102.70(d)).")
    ] = False,
    runoff_ballot: Annotated[bool, typer.Option("--runoff-ballot", help="This is the tally of a runoff election.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Analyze a tally of ballots: valid votes, whether challenges are determinative, the outcome."""
    counts = TallyCounts(
        choices=tuple(parse_choice(text) for text in choice),
        against=against,
        challenged=challenged,
        void=void,
        eligible=eligible,
        eligible_exact=eligible_exact,
        runoff_ballot=runoff_ballot,
    )
    analysis = analyze_tally(counts)
    if as_json:
        typer.echo(json.dumps(analysis_as_json(analysis), indent=2))
        return
    print_table(console, _table(analysis), heading=(0, 1))
    for warning in analysis.warnings:
        console.print(f"[yellow]warning:[/] {warning}", highlight=False)
    if counts.challenged:
        requirements = analyze_challenges(counts)
        print_table(console, _challenge_table(counts.challenged, requirements))
        for item in requirements:
            console.print(f"• {item.sentence}", highlight=False, markup=False)


def _table(analysis: TallyAnalysis) -> Table:
    counts = analysis.counts
    table = Table(title="Tally of Ballots", show_header=True, header_style="bold")
    table.add_column("Line", justify="right")
    table.add_column("Item")
    table.add_column("Count / statement", justify="right")
    approx = "exact" if counts.eligible_exact else "approximate"
    table.add_row("1", f"Eligible voters ({approx})", "—" if counts.eligible is None else f"{counts.eligible:,}")
    table.add_row("2", "Void ballots", f"{counts.void:,}")
    for name, votes in counts.choices:
        table.add_row("3", f"Votes cast for {name}", f"{votes:,}")
    if counts.against is not None:
        table.add_row("4", f"Votes cast {AGAINST.lower()}", f"{counts.against:,}")
    table.add_row("5", "Valid votes counted", f"{analysis.valid:,}")
    table.add_row("6", "Challenged ballots", f"{counts.challenged:,}")
    table.add_row("7", "Valid votes counted plus challenged ballots", f"{analysis.valid_plus_challenged:,}")
    table.add_row("8", "Challenges sufficient to affect the results", "are" if analysis.determinative else "are not")
    table.add_row("9", "Majority cast for", analysis.majority_for or "none")
    table.add_section()
    table.add_row("", "Ballots cast", f"{analysis.ballots_cast:,}")
    table.add_row("", "Outcome", analysis.outcome.describe())
    if analysis.determinative:
        for outcome in analysis.reachable:
            table.add_row("", "reachable", outcome.describe())
    return table


def _challenge_table(challenged: int, requirements: tuple[OutcomeRequirement, ...]) -> Table:
    table = Table(title=f"What each outcome needs from the {counted(challenged, 'challenged ballot')}", header_style="bold")
    table.add_column("Outcome")
    table.add_column("Fewest opened (rest sustained)", justify="right")
    table.add_column("With it opened" if challenged == 1 else f"With all {challenged:,} opened", justify="right")
    for item in requirements:
        table.add_row(item.outcome.describe(), _figure_text(item.fewest_needed), _figure_text(item.all_opened))
    return table


def _figure_text(figure: Requirement | None) -> str:
    if figure is None:
        return "unreachable"
    spread = ", ".join(
        f"{'Against' if name == AGAINST else name} {ballots:,}" for name, ballots in figure.distribution if ballots
    )
    return f"{figure.count:,} of {figure.of:,}" + (f"\n({spread})" if spread else "")
