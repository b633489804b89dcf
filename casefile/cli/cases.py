"""``casefile case show`` and ``casefile case open``: read-only and record-keeping commands that
import neither Prefect nor WeasyPrint."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import typer
from rich import box
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from casefile.cli.app import case_app, console
from casefile.cli.fitting import print_table
from casefile.documents.wording import STAGE_NAMES, act_name, prose_dates
from casefile.rules.calendar import short_date
from casefile.rules.chronology import long_date
from casefile.rules.conditional_rerun import condition_shows
from casefile.vocab import (
    CHALLENGE_STATUS_WORDS,
    DECISION_KIND_WORDS,
    DECISION_RESULT_WORDS,
    ELECTION_KIND_WORDS,
    Stage,
    counts_in_words,
    objection_counts_words,
)


@case_app.command("show")
def show(
    case_number: str = typer.Argument(..., help="NLRB case number, e.g. 10-RC-269250"),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output (keys in docs/json-output.md)."),
    as_of: str | None = typer.Option(None, "--as-of", help="A moment (a date and time, like 2026-03-20T14:00-04:00) or a date (00:00 at the receiving office) whose deadline status to show; default now."),
) -> None:
    """Show a case: parties, chain of elections with stage and tallies, objections, deadlines (status as of now), docket."""
    from casefile import app as front
    from casefile.cli.perform import now

    moment = now() if as_of is None else front.read_instant(as_of, what="--as-of", case_number=case_number)
    view = front.case(case_number, as_of=moment).model_dump(mode="json", by_alias=True)
    owed = _still_to_issue(view["case_number"])
    if as_json:
        console.print_json(json.dumps({**view, "documents_to_issue": owed}))
        return
    print_case(view)
    if owed:
        console.print(f"\n[bold]Documents still to issue[/] ({len(owed)}): run `casefile documents issue --pending "
                      f"{view['case_number']}`", soft_wrap=True)
        from datetime import date

        from casefile.rules.calendar import long_date

        for item in owed:  # in words: "tally of ballots of docket entry #3 (Tally of Ballots, April 9, 2021)"
            console.print(f"  {str(item['kind']).replace('-', ' ')} of docket entry #{item['entry_id']} "
                          f"({act_name(str(item['act']))}, {long_date(date.fromisoformat(str(item['on'])))})",
                          highlight=False)


def _still_to_issue(case_number: str) -> list[dict[str, object]]:
    """The documents the case's recorded acts are still to issue (casefile.record.sealing.owed_documents)."""
    from casefile.record.db import read_session
    from casefile.record.lookups import get_case
    from casefile.record.sealing import owed_documents

    with read_session() as session:
        case = get_case(session, case_number)
        return [{"entry_id": entry.id, "act": entry.act, "on": entry.occurred_on.isoformat(),
                 "kind": key.kind.value} for entry, key in owed_documents(session, case.id)]  # type: ignore[arg-type]


def print_case(view: dict, *, all_deadlines: bool = False) -> None:
    """Print a case view as Rich tables (``all_deadlines``: every deadline computed, with its status)."""
    from casefile.errors import CasefileError
    from casefile.rules.offices import office_named
    from casefile.rules.rule_sets import rule_set_by_id

    numbered = str(int(view["region"])) if str(view["region"]).isdigit() else view["region"]
    try:  # in words: the office by its name, the rule set by its proper name as the case status report states it
        # (RuleSet.name: the regulations and the Federal Register rule; not "19-seattle", "2023-rule", nor casefile's
        # own short description of the rule set)
        receiving = office_named(view["office"])
        office, rules = receiving.name, rule_set_by_id(view["rule_set"]).name
        # the Region is the one whose office has the case (a case transferred, or numbered in a former Region, is
        # that Region's: rules.offices.region_of), its number's Region said beside it when another
        region = str(int(receiving.region)) if receiving.region else numbered
    except CasefileError:
        office, rules, region = view["office"], view["rule_set"], numbered
    where = f"Region {region}" + (f" (case numbered in Region {numbered})" if region != numbered else "")
    console.print(f"[bold]{view['case_number']}[/]  {view['name']}  ({view['case_type']}, {view['agreement'] or 'agreement not recorded'} election; "
                  f"{where}, office {office}; {rules})")
    for p in view["parties"]:
        handle = f"  (--party {p['key']})" if p.get("key") and p["key"] != p["role"] else ""
        console.print(f"  {p['role']:<12} {p['name']}{handle}", highlight=False)
        for c in p.get("counsel", []):
            details = ", ".join(x for x in (c["firm"], c["email"], c["phone"], c["bar_number"]) if x)
            console.print(f"  {'':<12}   counsel: {c['name']}" + (f" ({details})" if details else ""), highlight=False)
    for e in view["elections"]:
        follows = f", follows election {e['follows']}" if e["follows"] else ""
        kind = ELECTION_KIND_WORDS.get(e["kind"], e["kind"])
        console.print(f"\n[bold]Election {e['sequence']}[/] ({kind}{follows}) — [cyan]{e.get('stage_name') or STAGE_NAMES[Stage(e['stage'])]}[/]"
                      + (f" — {prose_dates(e['reason'])}" if e["reason"] else ""))  # a reason as given: its dates in words
        for t in e["tallies"]:
            votes = ", ".join(f"{c['votes']:,} {c['name']}" for c in t["choices"])
            against = f", {t['against']:,} against" if t["against"] is not None else ""
            void = f"{t['void']:,}" if t["void"] is not None else "not in the record"
            if t.get("resolution"):  # resolved without a count since: the tally's "determinative" is history
                challenged = f"(determinative when counted; resolved: {t['resolution']}); {t['outcome_now']}"
            else:
                challenged = f"({'determinative' if t['determinative'] else 'not determinative'}); {_outcome_of(t)}"
            console.print(f"  {str(t['kind']).capitalize()} tally of {long_date(date.fromisoformat(str(t['prepared_on'])))}: "
                          f"{votes}{against}; void {void}; "
                          f"valid {t['valid']:,}; challenged {t['challenged']:,} {challenged}")
            after = e.get("after_rulings", []) if t is e["tallies"][-1] else []
            if t["determinative"] and not t.get("resolution"):  # once challenges are ruled on, what the ballots left can do (sustained ones out, R-E7)
                before = "before the rulings, " if after else ""
                console.print(f"    {before}reachable by resolving the challenges: {'; '.join(t['reachable'])}")
                for sentence in after or [r["sentence"] for r in t["challenge_analysis"]]:
                    console.print(f"    {sentence}", highlight=False)
        if e["challenged_ballots"]:
            console.print("  Challenged ballots: " + counts_in_words(e["challenged_ballots"], CHALLENGE_STATUS_WORDS))
        if e.get("condition_warning"):
            console.print(f"  [yellow]Warning:[/] {e['condition_warning']}", highlight=False)
        if e["next"]:
            console.print(f"  Directed next: {ELECTION_KIND_WORDS.get(e['next']['kind'], e['next']['kind'])}")
        for party, counts in e["objections"].items():
            console.print(f"  Objections of {party}: " + objection_counts_words(counts, set_public=e.get("objections_set_public", True)),
                          highlight=False)
        for d in e["decisions"]:
            kind, result = DECISION_KIND_WORDS.get(d["kind"], d["kind"]), DECISION_RESULT_WORDS.get(d["result"], d["result"])
            if d.get("condition"):  # set aside only if the count meets the condition (R-M2)
                result = f"election set aside on the condition that the revised tally {condition_shows(d['condition'])}" + {
                    "waiting": " (the revised tally is not yet in)", "met": " (met: the election stays set aside)",
                    "lapsed": " (not met: the direction lapsed)"}.get(d.get("condition_state") or "", "")
            console.print(f"  {kind} of {long_date(date.fromisoformat(d['issued_on']))} ({d['issuer'] or 'issuer not in the record'}): "
                          f"{result}. {prose_dates(d['summary'])}", highlight=False)
    print_docket(view["docket"])
    every = [{**d, "case_number": f"election {e['sequence']}"} for e in view["elections"] for d in e["deadlines"]]
    if all_deadlines:
        print_deadlines(every, title="Deadlines (every one computed, with its status)")
    else:
        # The view's status is each deadline's state now (casefile.rules.deadline_state.state_at, asked by
        # front.case(as_of=...)): a period whose cut-off passed is lapsed (or met), never listed as open.
        open_ = [d for d in every if d["status"] == "open"]
        print_deadlines(open_, title="Open deadlines")
    print_documents(view)
    for n in view["notes"]:
        console.print(f"[dim]note: {prose_dates(n)}[/]")  # a note as given (an import's, a scenario's): dates in words


def _outcome_of(tally: dict) -> str:
    """A tally's outcome as the case line says it: the count's own, except for a revised tally that met a conditional
    direction's condition — the new election stands and no certification follows (29 CFR 102.69(e); R-M2)."""
    if tally.get("condition") == "met":
        return "the condition of the Regional Director's direction is met: the new election directed stands, no certification follows"
    if tally.get("condition") == "lapsed":
        return f"{tally['outcome_text']} (the direction on a condition lapsed)"
    return str(tally["outcome_text"])


def print_documents(view: dict) -> None:
    """The documents issued and the documents as filed or issued attached beside them, with their sha256."""
    folders = sorted({str(Path(d["path"]).parent) for d in view.get("documents", [])})
    for folder in folders:  # the folder once, then each file by its name: a line a person can read at 80 columns
        console.print(Text("\nDocuments issued, in ", style="bold") + Text(folder))
        for d in view["documents"]:
            if str(Path(d["path"]).parent) != folder:
                continue
            secret = " (confidential)" if d["confidential"] else ""
            console.print(Padding(Text(f"#{d['id']} {short_date(date.fromisoformat(d['issued_on']))} {d['title']}{secret}: {Path(d['path']).name} "
                                       f"sha256 {d['sha256']}"), (0, 0, 0, 2), expand=False))  # wrapped between words
    if view.get("attachments"):
        console.print("\n[bold]As filed / as issued[/]")
        for a in view["attachments"]:
            secret = " (confidential)" if a["confidential"] else ""
            confirmation = f", e-filing confirmation {a['confirmation']}" if a["confirmation"] else ""
            console.print(Padding(Text(f"#{a['id']} {a['kind']} {a['to']} {a['title']}{secret}{confirmation}: "
                                       f"{a['file_name']} sha256 {a['sha256']}"), (0, 0, 0, 2), expand=False))


def print_docket(entries: list[dict]) -> None:
    table = Table(title="Docket", show_lines=False)
    table.add_column("Date", no_wrap=True)
    table.add_column("Act")
    table.add_column("By")
    table.add_column("Summary")
    for e in entries:
        # The legal actor by name (the party that filed, "Regional Director"), then who recorded the entry.
        by = e.get("actor_name") or e["actor"]
        if e.get("recorded_by_name"):
            by += f"\nrecorded by {e['recorded_by_name']}"
        table.add_row(short_date(date.fromisoformat(e["occurred_on"])), act_name(e["act"]), by,  # "Apr 9, 2021", never ISO
                      prose_dates(e["summary"]))  # words and long dates, never slugs or ISO
    print_table(console, table, heading=(0, 1))  # too narrow for four columns: each entry as a paragraph


def _cutoff_clock(deadline: dict) -> str:
    """The cut-off's time of day in the receiving office's zone, as the Agency writes it ("11:59 p.m. EDT");
    the date is the due date, in its own column."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from casefile.rules.calendar import clock_label
    from casefile.rules.offices import office_named

    at = datetime.fromisoformat(deadline["cutoff_at"])
    if deadline.get("office"):
        at = at.astimezone(ZoneInfo(office_named(deadline["office"]).tz))
    return clock_label(at)


def print_deadlines(deadlines: list[dict], *, title: str) -> None:
    """Deadlines as a table that fits 80 columns; `casefile deadlines explain ID` gives the rule and derivation."""
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    table.add_column("ID", no_wrap=True, justify="right")  # for `casefile deadlines explain ID`
    table.add_column("Case", no_wrap=True)  # the case, or in `case show` the election
    table.add_column("Deadline")  # words, wrapped between words (never "offer-of-p roof"): cli.fitting
    table.add_column("For")
    table.add_column("Due (cut-off)")  # the last day ("Apr 16, 2021"), then under it the cut-off: "11:59 p.m. EDT"
    table.add_column("Status", no_wrap=True)  # "met late", "lapsed": never cut to "Statu", "met-lat"
    from casefile.documents.wording import DEADLINE_NOUNS
    from casefile.rules.offer_of_proof import possessive
    from casefile.rules.target_dates import is_region_target
    from casefile.vocab import DeadlineKind

    for d in deadlines:
        # the Region's own target date (hearing opens, earliest certification) is no filing cut-off: no 11:59 p.m.
        cutoff = "(target date)" if is_region_target(d["kind"]) else _cutoff_clock(d)
        noun = DEADLINE_NOUNS[DeadlineKind(d["kind"])]  # the one table of deadline names (page, PDF, CLI)
        whose = d.get("whose") or ""  # a period of one party (an objecting party's offer of proof): said as its own
        said = f"{possessive(whose)} {noun[:1].lower()}{noun[1:]}" if whose else noun[:1].upper() + noun[1:]
        row = [str(d.get("id", "")), d.get("case_number", ""), said,
               whose or d["for"], f"{short_date(date.fromisoformat(d['due_on']))}\n{cutoff}",
               str(d["status"]).replace("-", " ")]
        table.add_row(*row)
    if not deadlines:
        table.add_row("", "", "(none)", "", "", "")
    print_table(console, table, heading=(0, 1, 2))
    for d in deadlines:  # a period met by a party's timely filing that runs on for the others (state_at's met_by)
        if d.get("met_by") and d["status"] == "open":
            console.print(f"  {d.get('id', '')}: met by {' and '.join(d['met_by'])}'s timely filing; the period runs on "
                          "for the other parties", highlight=False, soft_wrap=True)


@case_app.command("list")
def list_(as_of: str | None = typer.Option(None, help="A moment (a date and time, like 2026-03-20T14:00-04:00) or a date; default now."),
          search: str | None = typer.Option(None, help="Only cases whose number or name (or a party's name) contains this."),
          region: str | None = typer.Option(None, help="Only the cases of this Region (e.g. 10)."),
          stage: str | None = typer.Option(None, help="Only the cases whose current election is at this stage."),
          limit: int = typer.Option(50, min=1, max=100_000, help="At most this many cases (a page)."),
          offset: int = typer.Option(0, min=0, help="Skip this many cases first (the next page: --offset 50)."),
          as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """The cases, their current stage and next deadline, soonest first, a page at a time."""
    from casefile import app as front
    from casefile.cli.perform import now

    moment = now() if as_of is None else front.read_instant(as_of, what="--as-of")
    if stage is not None:
        from casefile.vocab import Stage

        if stage not in {s.value for s in Stage}:
            raise typer.BadParameter(f"{stage!r} is not a stage ({', '.join(s.value for s in Stage)})", param_hint="--stage")
    filters: dict[str, Any] = {"search": search, "region": region, "stage": stage}
    rows = front.cases(as_of=moment, offset=offset, limit=limit, **filters)
    total = len(rows) + offset if len(rows) < limit and (rows or not offset) else front.case_count(**filters)
    if as_json:
        console.print_json(json.dumps({"as_of": moment.isoformat(), "total": total, "offset": offset, "limit": limit,
                                       "cases": [r.model_dump(mode="json", by_alias=True) for r in rows]}))
        return
    shown = f"{len(rows)} case{'s' if len(rows) != 1 else ''}" if len(rows) == total else \
        f"cases {offset + 1}–{offset + len(rows)} of {total}" if rows else f"no case past {offset} (of {total})"
    from casefile.documents.wording import DEADLINE_NOUNS
    from casefile.rules.calendar import instant_label
    from casefile.rules.stage_words import STAGE_NAMES
    from casefile.vocab import DeadlineKind, Stage

    table = Table(title=f"{shown} as of {instant_label(moment)}", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Case", no_wrap=True)
    table.add_column("Name")
    table.add_column("Stage")
    table.add_column("Next deadline")
    table.add_column("Due", no_wrap=True)
    for r in rows:  # in words: the stage's name at --as-of (an ended period never "running"), the deadline's name
        d = r.next_deadline
        table.add_row(r.case_number, r.name, (r.stage_name or STAGE_NAMES[Stage(r.stage)]) if r.stage else "(no tally yet)",
                      DEADLINE_NOUNS[DeadlineKind(d.kind)] if d else "—", short_date(d.due_on) if d else "")
    print_table(console, table, heading=(0, 1))


def case_from_options(*, number: str | None, employer: str | None, union: str | None, office: str | None,
                      petition_filed_on: str | None, agreement: str | None, unit: str | None,
                      counsel: list[str]) -> dict:
    """The ``case:`` and ``parties:`` sections of a case file from ``case open``'s options. Raises
    InvalidScenario naming every option missing or unreadable at once."""
    from casefile.errors import InvalidScenario

    problems = [f"{option} is required" for option, value in (("--number", number), ("--employer", employer),
                                                              ("--union", union),
                                                              ("--petition-filed-on", petition_filed_on))
                if not (value or "").strip()]
    parties = {"employer": {"key": "employer", "role": "employer", "name": employer or ""},
               "union": {"key": "union", "role": "petitioner", "name": union or ""}}
    for text in counsel:
        party, sep, rest = text.partition("=")
        if not sep or party.strip() not in parties or not rest.strip():
            problems.append(f"--counsel {text!r}: expected PARTY=NAME[,EMAIL] with PARTY employer or union")
            continue
        name, _, email = rest.partition(",")
        parties[party.strip()].setdefault("counsel", []).append(
            {"name": name.strip(), **({"email": email.strip()} if email.strip() else {})})
    if problems:
        raise InvalidScenario("case open: " + "; ".join(problems))
    case = {"number": number, "name": employer, "petition_filed_on": petition_filed_on}
    case.update({k: v for k, v in (("office", office), ("agreement", agreement), ("unit_description", unit)) if v})
    return {"case": case, "parties": list(parties.values())}


#: The option of ``case open`` each field of the case comes from (case_from_options).
_CASE_OPTIONS = {"case.number": "--number", "case.name": "--employer", "case.petition_filed_on": "--petition-filed-on",
                 "case.office": "--office", "case.agreement": "--agreement", "case.unit_description": "--unit",
                 "parties.0.name": "--employer", "parties.1.name": "--union", "parties": "--employer/--union"}


@case_app.command("open")
def open_(file: Path | None = typer.Argument(None, help="YAML file with `case:` and `parties:` sections (scenario "
                                                        "format); or give the case by the options below."),
          number: str | None = typer.Option(None, "--number", help="The case number, e.g. 19-RC-361042."),
          employer: str | None = typer.Option(None, "--employer", help="The employer's name (the case is named after it)."),
          union: str | None = typer.Option(None, "--union", help="The petitioning labor organization's name."),
          office: str | None = typer.Option(None, "--office", help="The receiving office (a city, e.g. Seattle); "
                                                                   "default: the Region's main office."),
          petition_filed_on: str | None = typer.Option(None, "--petition-filed-on", help="The petition's date, YYYY-MM-DD."),
          agreement: str | None = typer.Option(None, "--agreement", help="consent, stipulated or directed."),
          unit: str | None = typer.Option(None, "--unit", help="The bargaining unit, as described."),
          counsel: list[str] = typer.Option([], "--counsel", metavar="PARTY=NAME[,EMAIL]",
                                            help="Counsel of record of a party (employer or union), e.g. "
                                                 "'union=Maria Delgado,maria@example.org'; repeat for each."),
          as_of: str | None = typer.Option(None, help="When the case is opened (a date and time, like 2026-03-20T14:00-04:00); default now.")) -> None:
    """Open a case from a YAML file giving the case and its parties (docs/scenario-format.md), or from
    the options (--number, --employer, --union, --petition-filed-on, ...: the parties' handles are
    then ``employer`` and ``union``).

    Opening a case that is already open with the same details changes nothing; with other
    details it is refused, naming each difference (a recorded detail is corrected by its own act)."""
    from pydantic import ValidationError

    from casefile import app as front
    from casefile.acts.open_case import OpenCase
    from casefile.cli.perform import now, run_act
    from casefile.errors import InvalidScenario
    from casefile.scenario import explain_validation, read_file

    given = {"--number": number, "--employer": employer, "--union": union, "--office": office,
             "--petition-filed-on": petition_filed_on, "--agreement": agreement, "--unit": unit}
    if file is not None and (any(v is not None for v in given.values()) or counsel):
        raise InvalidScenario(f"case open: give the case by FILE or by options, not both "
                              f"({', '.join(k for k, v in given.items() if v is not None) or '--counsel'} with {file})")
    if file is None:
        raw = case_from_options(number=number, employer=employer, union=union, office=office,
                                petition_filed_on=petition_filed_on, agreement=agreement, unit=unit, counsel=counsel)
        source = "case open"
    else:
        raw = read_file(file, what="case file")
        source = str(file)
    if not isinstance(raw, dict) or "case" not in raw or "parties" not in raw:
        raise InvalidScenario(f"{file}: a case file needs `case:` and `parties:` sections")
    try:
        act = OpenCase.model_validate({"act": "open-case", "case": raw["case"], "parties": raw["parties"]})
    except ValidationError as exc:
        if file is None:  # each field said as the option that gave it (casefile.cli.act_options)
            from casefile.cli.act_options import options_problem

            raise options_problem(source, exc, options=_CASE_OPTIONS, model=OpenCase) from exc
        raise InvalidScenario(f"{source}: {explain_validation(exc, model=OpenCase)}") from exc
    moment = now() if as_of is None else front.read_instant(as_of, what="--as-of", zone=_opening_zone(act))
    result = run_act(act, case_number=None, as_of=moment, quiet=True, source=file or "case open",
                     case_field="case.number", options=_CASE_OPTIONS if file is None else None)
    if result.repeated:
        console.print(f"Case {result.case_number} is already open with these details: nothing changed")
    else:
        console.print(f"{result.case_number}: {result.summary}", soft_wrap=True, highlight=False)
        console.print(f"No organization is linked to {result.case_number} yet, so it is on no one's My cases on the "
                      f"web: link the one representing a party (casefile orgs link ORG {result.case_number} PARTY, "
                      f"PARTY employer or union), or its users ask to be linked from the web.",
                      soft_wrap=True, highlight=False)


def _opening_zone(act: Any) -> str | None:
    """The receiving office's zone of the case ``act`` opens (a bare --as-of date is 00:00 there, as for every
    other command: 29 CFR 102.2(b)), or None when its number names no Region's office."""
    from casefile.errors import CasefileError
    from casefile.rules.case_numbers import parse_case_number
    from casefile.rules.offices import office_for

    try:
        return office_for(parse_case_number(act.case.number).region, act.case.office).tz
    except CasefileError:
        return None
