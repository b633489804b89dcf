"""``casefile deadlines compute``: compute one deadline from its trigger date, without a database.

Import-light: the rules (and the ``holidays`` table) are imported inside the command.
"""

from __future__ import annotations

import json
import re
from datetime import date
from typing import TYPE_CHECKING, Annotated

import typer

from casefile.cli.app import console, deadlines_app
from casefile.errors import InvalidCalendar, UnknownRegion
from casefile.vocab import DeadlineKind

if TYPE_CHECKING:
    from casefile.rules.deadlines import DeadlineComputation
    from casefile.rules.offices import Office
    from casefile.rules.rule_sets import RuleSet


def _parse_date(text: str, option: str) -> date:
    """A YYYY-MM-DD date from the command line; InvalidCalendar naming the option otherwise."""
    value = text.strip()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        raise InvalidCalendar(f"{option} {text!r}: expected a date YYYY-MM-DD")
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise InvalidCalendar(f"{option} {text!r}: not a calendar date ({exc})") from None


def _choose_rule_set(petition_filed: str | None, rule_set_id: str | None, notes: list[str]) -> RuleSet:
    from casefile.rules.rule_sets import CURRENT_RULE_SET_ID, rule_set_by_id, rule_set_for

    chosen = rule_set_by_id(rule_set_id) if rule_set_id is not None else None
    if petition_filed is not None:
        by_date = rule_set_for(_parse_date(petition_filed, "--petition-filed"))
        if chosen is not None and chosen.id != by_date.id:
            raise InvalidCalendar(
                f"--rule-set {chosen.id} disagrees with --petition-filed {petition_filed}, which selects {by_date.id} (R-A1)"
            )
        return by_date
    if chosen is not None:
        return chosen
    current = rule_set_by_id(CURRENT_RULE_SET_ID)
    assert current.petitions_from is not None
    notes.append(
        f"petition filing date not given: assuming the current rule ({current.id}, petitions filed on/after "
        f"{current.petitions_from.isoformat()}); give --petition-filed for older cases (R-A1)"
    )
    return current


def _choose_office(kind: DeadlineKind, rule_set: RuleSet, region: str | None, office: str | None) -> Office:
    from casefile.rules.offices import BOARD_OFFICE, office_for, office_named

    if region is not None:
        return office_for(region, office)
    if office is not None:
        return office_named(office)
    chain_kind: DeadlineKind | None = kind
    while chain_kind is not None:
        period = rule_set.period(chain_kind)
        if period.receiving != "board":
            raise UnknownRegion(
                f"{kind.value}: filed with the Regional Office, so give --region NN or --office NAME "
                "(e.g. --region 10 --office Birmingham, or --office 10-birmingham)"
            )
        chain_kind = period.runs_from
    return BOARD_OFFICE


def _render(result: DeadlineComputation, notes: list[str]) -> None:
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from casefile.rules.calendar import day_label
    from casefile.rules.deadlines import NOUNS

    chain: list[DeadlineComputation] = []
    step: DeadlineComputation | None = result
    while step is not None:
        chain.append(step)
        step = step.preceding
    for item in reversed(chain):
        body = Text("\n".join(item.derivation))
        title = f"{NOUNS[item.kind]}: {day_label(item.due_on)}"
        console.print(Panel(body, title=title, title_align="left", expand=False))
    facts = Table.grid(padding=(0, 2))
    facts.add_row("due", f"{day_label(result.due_on)}, cut-off {result.cutoff_at.isoformat()} ({result.office_tz})")
    facts.add_row("citation", result.citation)
    facts.add_row("rule set", result.rule_set_id)
    facts.add_row("receiving office", result.office_key)
    facts.add_row("calendar", result.calendar_id)
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
        str | None, typer.Option("--petition-filed", help="Petition filing date; selects the rule set (R-A1).")
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
        typer.Option("--closed", help="Extra closure day YYYY-MM-DD or YYYY-MM-DD=reason (repeatable)."),
    ] = None,
    no_known_closures: Annotated[
        bool, typer.Option("--no-known-closures", help="Ignore the built-in executive-order closures (R-B7).")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the computation as JSON.")] = False,
) -> None:
    """Compute one deadline: due date, cut-off instant, citation and how it was derived."""
    from casefile.rules.calendar import KNOWN_CLOSURES, BusinessCalendar, parse_closure
    from casefile.rules.deadlines import compute_deadline

    notes: list[str] = []
    trigger_on = _parse_date(trigger, "--trigger")
    chosen_rule_set = _choose_rule_set(petition_filed, rule_set, notes)
    chosen_office = _choose_office(kind, chosen_rule_set, region, office)
    extra = [parse_closure(text) for text in closed or []]
    closures = ([] if no_known_closures else list(KNOWN_CLOSURES)) + extra
    if no_known_closures:
        notes.append("built-in executive-order closures ignored (--no-known-closures)")
    calendar = BusinessCalendar(closures)
    result = compute_deadline(kind, trigger_on, rule_set=chosen_rule_set, calendar=calendar, office=chosen_office)
    if as_json:
        payload = result.to_dict()
        payload["notes"] = notes
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        _render(result, notes)
