"""``casefile deadlines compute``: compute one deadline from its trigger date, without a database.

Only a parser: the rule set (R-A1, :func:`casefile.rules.rule_sets.choose_rule_set`), the receiving
office (:func:`casefile.rules.offices.receiving_office`), the office's calendar and the tolling are
the rules'. Import-light: the rules (and the ``holidays`` table) are imported inside the command.
"""

from __future__ import annotations

import json
import re
from datetime import date
from typing import TYPE_CHECKING, Annotated

import typer

from casefile.cli.app import console, deadlines_app
from casefile.errors import InvalidCalendar, UnknownRegion
from casefile.vocab import DeadlineKind, counted

if TYPE_CHECKING:
    from casefile.rules.deadlines import DeadlineComputation


def _parse_date(text: str, option: str) -> date:
    """A YYYY-MM-DD date from the command line; InvalidCalendar naming the option otherwise."""
    value = text.strip()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        raise InvalidCalendar(f"{option} {text!r}: expected a date YYYY-MM-DD")
    try:
        day = date.fromisoformat(value)
    except ValueError as exc:
        raise InvalidCalendar(f"{option} {text!r}: not a calendar date ({exc})") from None
    from casefile.importers.reading import FIRST_DATE, LAST_DATE

    if not FIRST_DATE <= day <= LAST_DATE:  # (9999-12-31 made the computation overflow)
        raise InvalidCalendar(f"{option} {text!r}: outside the National Labor Relations Act's lifetime "
                              f"({FIRST_DATE.isoformat()} to {LAST_DATE.isoformat()})")
    return day


def _render(result: DeadlineComputation, notes: list[str]) -> None:
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from casefile.documents.wording import without_exact_instants  # loads the holiday tables: not at import
    from casefile.rules.calendar import clock_label, day_label
    from casefile.rules.deadlines import NOUNS

    chain: list[DeadlineComputation] = []
    step: DeadlineComputation | None = result
    while step is not None:
        chain.append(step)
        step = step.preceding
    for item in reversed(chain):
        body = Text("\n".join(without_exact_instants(line) for line in item.derivation))
        title = f"{NOUNS[item.kind]}: {day_label(item.due_on)}"
        console.print(Panel(body, title=title, title_align="left", expand=False))
    facts = Table.grid(padding=(0, 2))
    from casefile.rules.offices import office_named
    from casefile.rules.rule_sets import rule_set_by_id
    from casefile.vocab import zone_words

    facts.add_row("due", f"{day_label(result.due_on)}, cut-off {clock_label(result.cutoff_at)} "
                         f"({zone_words(result.office_tz)})")
    facts.add_row("citation", result.citation)
    facts.add_row("rule set", rule_set_by_id(result.rule_set_id).title)
    facts.add_row("receiving office", office_named(result.office_key).name)
    from casefile.rules.calendar_words import calendar_words

    facts.add_row("calendar", calendar_words(result.calendar_id))  # words; --json keeps the id
    if result.tolled_from_on is not None:
        facts.add_row("tolled", f"from {day_label(result.tolled_from_on)}: {counted(result.days_tolled, 'day')} added ({result.tolled_by})")
    for note in notes:
        facts.add_row("note", note)
    console.print(facts)


@deadlines_app.command("compute")
def compute(
    kind: Annotated[DeadlineKind, typer.Argument(metavar="KIND", help="Which deadline (e.g. objections, exceptions, request-for-review).")],
    trigger: Annotated[
        str,
        typer.Option(
            "--trigger",
            help="Date (YYYY-MM-DD) of the act that starts the chain: tally, hearing officer's report, "
            "certification, revised tally, decision served, election date (notice-posting), transfer order.",
        ),
    ],
    petition_filed: Annotated[
        str | None, typer.Option("--petition-filed", help="Petition filing date; selects the rule set.")
    ] = None,
    rule_set: Annotated[
        str | None, typer.Option("--rule-set", help="Rule set id: pre-2015, 2014-rule, 2019-text, 2023-rule.")
    ] = None,
    region: Annotated[str | None, typer.Option("--region", help="Region number, e.g. 10 (its main office).")] = None,
    office: Annotated[
        str | None, typer.Option("--office", help="Receiving office: a city (Birmingham) or key (10-birmingham).")
    ] = None,
    closed: Annotated[
        list[str] | None,
        typer.Option("--closed", help="Extra closure day YYYY-MM-DD[@OFFICE][=reason] (repeatable); with @OFFICE "
                     "(a key or city, or board) it closes that office only."),
    ] = None,
    no_known_closures: Annotated[
        bool, typer.Option("--no-known-closures", help="Ignore the built-in executive-order closures.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the computation as JSON.")] = False,
) -> None:
    """Compute one deadline: due date, cut-off instant, citation and how it was derived.

    The days are counted on the receiving office's calendar (the Board's office for requests for
    review and oppositions: Inauguration Day closes it, not the Regional Offices) and a period that
    ran while the Agency was closed in the 2025 shutdown is tolled."""
    from casefile.rules.calendar import KNOWN_CLOSURES, BusinessCalendar, parse_closure
    from casefile.rules.deadlines import compute_deadline
    from casefile.rules.offices import receiving_office
    from casefile.rules.rule_sets import choose_rule_set

    notes: list[str] = []
    trigger_on = _parse_date(trigger, "--trigger")
    choice = choose_rule_set(
        petition_filed_on=_parse_date(petition_filed, "--petition-filed") if petition_filed is not None else None,
        rule_set_id=rule_set)
    if choice.note:
        notes.append(choice.note.replace("give the petition filing date", "give --petition-filed"))
    try:
        chosen_office = receiving_office(kind, choice.rule_set, region=region, office=office)
    except UnknownRegion as exc:
        if region is None and office is None:
            raise UnknownRegion(f"{exc}: give --region NN or --office NAME (e.g. --region 10 --office Birmingham, "
                                "or --office 10-birmingham)") from None
        raise
    extra = [parse_closure(text) for text in closed or []]
    closures = ([] if no_known_closures else list(KNOWN_CLOSURES)) + extra
    if no_known_closures:
        notes.append("built-in executive-order closures ignored (--no-known-closures)")
    calendar = BusinessCalendar(closures)
    result = compute_deadline(kind, trigger_on, rule_set=choice.rule_set, calendar=calendar, office=chosen_office)
    if as_json:
        payload = result.to_dict()
        payload["notes"] = notes
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        _render(result, notes)
