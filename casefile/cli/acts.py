"""Commands that perform a legal act: ``casefile act CASE FILE`` (any act, in the scenario's event
syntax), and the common ones — ``tally record``, ``objections file``, ``certify`` — plus
``sweep``. Each builds an act model and performs it through the front door
(:func:`casefile.cli.perform.run_act`); none waits for a Prefect start-up."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from casefile.cli.app import app, console, objections_app, tally_app
from casefile.cli.perform import now, run_act
from casefile.errors import InvalidScenario
from casefile.rules.tally_form import line_hint
from casefile.validation import Problem

_AS_OF = "When the act is recorded (a date and time, like 2026-03-20T14:00-04:00, or a date: 00:00 at the receiving office); default now."


def _moment(text: str | None, case_number: str | None, what: str = "--as-of"):  # type: ignore[no-untyped-def]
    from casefile import app as front

    return now() if text is None else front.read_instant(text, what=what, case_number=case_number)


@app.command("act")
def act_cmd(case_number: str = typer.Argument(..., help="NLRB case number, e.g. 10-RC-269250"),
            file: Path = typer.Argument(..., help="YAML/JSON file holding one act, in a scenario event's syntax "
                                                  "(docs/scenario-format.md), e.g. `act: file-objections`."),
            as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Perform any legal act on a case from a file holding that act (the syntax of one scenario event)."""
    from pydantic import ValidationError

    from casefile.acts import model_named, models, parse_act
    from casefile.scenario import explain_validation, read_file

    raw = read_file(file, what="act file")
    if not isinstance(raw, dict) or "act" not in raw:
        raise InvalidScenario(f"{file}: an act file is a mapping with `act:` (one of: {', '.join(models())})")
    try:
        model_named(raw["act"])  # loads that act's module only
    except KeyError:
        from casefile.validation import did_you_mean

        raise InvalidScenario(f"{file}: unknown act {raw['act']!r}{did_you_mean(raw['act'], models())} "
                              f"(acts: {', '.join(models())})", field="act") from None
    try:
        act = parse_act(raw)
    except ValidationError as exc:
        raise InvalidScenario(f"{file}: {raw['act']}: {explain_validation(exc, skip=1, model=models()[raw['act']])}") from exc
    number = None if raw["act"] == "open-case" else case_number
    if number is None:
        from casefile.rules.case_numbers import parse_case_number

        opened = str(parse_case_number(act.case.number))  # type: ignore[attr-defined]
        if opened != str(parse_case_number(case_number)):
            raise InvalidScenario(f"{file}: the act opens {opened}, not the case named on the command line "
                                  f"({case_number})", field="case.number")
    run_act(act, case_number=number, as_of=_moment(as_of, number), source=file,
            case_field="case.number" if number is None else None)


@tally_app.command("record")
def record(file: Path | None = typer.Argument(None, help="YAML/JSON tally file (docs/scenario-format.md, 'Tally file'); "
                                                        "or give the tally by the options below."),
           case_number: str | None = typer.Option(None, "--case", help="The case number, e.g. 19-RC-361042."),
           prepared_on: str | None = typer.Option(None, "--prepared-on", help="The day the tally was prepared, YYYY-MM-DD."),
           kind: str = typer.Option("initial", "--kind", help="initial, rerun or runoff."),
           choice: list[str] = typer.Option([], "--choice", metavar="NAME=VOTES",
                                            help=f"A labor organization and its votes ({line_hint('choice')}); repeat for each."),
           against: int | None = typer.Option(None, "--against", help=f"Votes against ({line_hint('against')})."),
           challenged: int = typer.Option(0, "--challenged", help=f"Challenged ballots ({line_hint('challenged')})."),
           void: int | None = typer.Option(None, "--void", help=f"Void ballots ({line_hint('void')}); omitted: not in the record."),
           eligible: int | None = typer.Option(None, "--eligible", help=f"Approximate number of eligible voters ({line_hint('eligible')})."),
           board_agent: str = typer.Option("", "--board-agent", help="The Board agent who signed the tally."),
           excluded: int | None = typer.Option(None, "--excluded",
                                               help="Ballots excluded at the count: neither opened nor challenged at it."),
           excluded_reason: str | None = typer.Option(
               None, "--excluded-reason", help="Why they were excluded: late-mail-ballot, unsigned-envelope, "
                                               "not-at-the-count or damaged-envelope; omitted: not in the record."),
           method: str | None = typer.Option(None, "--method", help="How the election was held: manual, mail or "
                                                                      "mixed; omitted: not in the record."),
           held_from: str | None = typer.Option(None, "--held-from", help="First day of voting, YYYY-MM-DD."),
           held_to: str | None = typer.Option(None, "--held-to", help="Last day of voting, YYYY-MM-DD (one day: "
                                                                      "give it alone or as both)."),
           as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Record a Tally of Ballots from a file, or from the options (--case, --prepared-on, --choice
    NAME=VOTES ..., --against, --challenged, --void, --excluded, --method, --held-from, --held-to), and
    issue its record copy; opens the objection period."""
    from pydantic import ValidationError

    from casefile.scenario import TallyFile, read_file

    if file is not None and (case_number or prepared_on or choice or excluded is not None or excluded_reason
                             or method or held_from or held_to):
        raise InvalidScenario(f"tally record: give the tally by FILE or by options, not both ({file} with options)")
    if file is None:
        raw = tally_from_options(case_number=case_number, prepared_on=prepared_on, kind=kind, choice=choice,
                                 against=against, challenged=challenged, void=void, eligible=eligible,
                                 board_agent=board_agent, excluded=excluded, excluded_reason=excluded_reason,
                                 method=method, held_from=held_from, held_to=held_to)
        source = "tally record"
    else:
        raw = read_file(file, what="tally file")
        source = f"{file}: not a tally file (docs/scenario-format.md)"
    if not raw:
        raise InvalidScenario(f"{file}: the tally file is empty: it holds the case_number, prepared_on, kind and choices "
                              "of the tally (and its other counts), as docs/scenario-format.md ('Tally file') shows"
                              if file is not None else "tally record: give the tally")
    try:
        spec = TallyFile.model_validate(raw)
    except ValidationError as exc:
        from casefile.validation import in_words

        found = _every_problem(exc, raw, as_of, by_options=file is None)
        raise InvalidScenario(f"{source}: {in_words(found)}", field=found[0].path or None) from exc
    if file is None:
        run_act(spec.act(), case_number=spec.case_number, as_of=_moment(as_of, spec.case_number),
                source="tally record", case_field="case_number", options=_TALLY_OPTIONS)
        return
    from casefile.cli.perform import from_file
    from casefile.errors import CasefileError

    try:
        moment = _moment(as_of, spec.case_number)  # a date alone is read in the case's zone: the case is looked up
    except CasefileError as exc:
        raise from_file(exc, file, case_field="case_number") from None
    run_act(spec.act(), case_number=spec.case_number, as_of=moment, source=file, case_field="case_number")


#: The option of ``tally record`` each field of the tally comes from (casefile.cli.acts.tally_from_options).
_TALLY_OPTIONS = {"case_number": "--case", "prepared_on": "--prepared-on", "election.method": "--method",
                  "election.held_from_on": "--held-from", "election.held_to_on": "--held-to"}


@dataclass(frozen=True)
class _OptionProblem(Problem):
    """A problem of a value given by an option, said with the option ("--against must be 0 or more", "--choice 'Union=-5': the votes ...")."""

    def words(self) -> str:
        from casefile.cli.act_options import said

        if self.path.startswith("choices."):
            return f"--choice {self.path.removeprefix('choices.')!r}: the votes {self.text}"
        return said(_TALLY_OPTIONS.get(self.path) or "--" + self.path.replace("_", "-").replace(".", "-"), self.text)


def _every_problem(exc: Exception, raw: object, as_of: str | None, *, by_options: bool = False) -> list[Any]:
    """The problems of a tally file (or of ``tally record``'s options) that does not validate, after raising every problem it holds at once
    when the file, with its fields at fault left out, is a tally (casefile.validation.refuse_all): the fields'
    problems, then what the front door refuses of that tally — its arithmetic and stated lines when only unknown
    fields were left out (the counts are the file's), and the time line (a date before the petition) always."""
    from pydantic import ValidationError

    from casefile import app as front
    from casefile.errors import CasefileError
    from casefile.scenario import TallyFile
    from casefile.validation import explain, refuse_all

    assert isinstance(exc, ValidationError)
    found, _ = explain(exc, model=TallyFile)
    if by_options:
        found = [_OptionProblem(p.path, p.text) for p in found]
    fields = TallyFile.model_fields
    at_fault = {str(e["loc"][0]) for e in exc.errors() if e.get("loc")}
    only_unknown = all(e.get("type") == "extra_forbidden" and len(e.get("loc", ())) == 1 for e in exc.errors())
    if not isinstance(raw, dict) or any(k in fields and fields[k].is_required() for k in at_fault):
        return found
    kept = {k: v for k, v in raw.items() if k not in at_fault}
    if only_unknown:  # a misspelled field read as the one it means ("chalenged": "challenged"), to check the rest
        import difflib

        for key in at_fault:
            close = difflib.get_close_matches(key, [f for f in fields if f not in raw], n=1, cutoff=0.75)
            if close:
                kept[close[0]] = raw[key]
    try:
        spec = TallyFile.model_validate(kept)
        act = spec.act()
        refusals = front.refusals_of(act, case_number=spec.case_number, own=only_unknown,
                                     as_of=_moment(as_of, spec.case_number))
    except (ValidationError, CasefileError):
        return found
    if refusals:
        refuse_all(refusals, before=found)
    return found


def tally_from_options(*, case_number: str | None, prepared_on: str | None, kind: str, choice: list[str],
                       against: int | None, challenged: int, void: int | None, eligible: int | None,
                       board_agent: str, excluded: int | None = None, excluded_reason: str | None = None,
                       method: str | None = None, held_from: str | None = None, held_to: str | None = None) -> dict:
    """A tally file's mapping from ``tally record``'s options. Raises InvalidScenario naming every
    option missing or unreadable at once."""
    from casefile.cli.calc_tally import parse_choice
    from casefile.errors import CasefileError

    problems = [f"{option} is required" for option, value in (("--case", case_number), ("--prepared-on", prepared_on))
                if not (value or "").strip()]
    choices: dict[str, int] = {}
    for text in choice:
        try:
            name, votes = parse_choice(text)
        except CasefileError as exc:
            problems.append(str(exc))
            continue
        choices[name] = votes
    if not choice:
        problems.append("--choice NAME=VOTES is required (one for each labor organization on the ballot)")
    if problems:
        raise InvalidScenario("tally record: " + "; ".join(problems))
    raw = {"case_number": case_number, "prepared_on": prepared_on, "kind": kind, "choices": choices,
           "challenged": challenged, "against": against, "void": void, "eligible": eligible,
           "board_agent": board_agent, "excluded": excluded, "excluded_reason": excluded_reason}
    election = {k: v for k, v in (("method", method), ("held_from_on", held_from or held_to),
                                  ("held_to_on", held_to or held_from)) if v}
    if election:
        raw["election"] = election
    return {k: v for k, v in raw.items() if v is not None and v != ""}


@objections_app.command("file")
def file_objections(
    case_number: str = typer.Argument(..., help="NLRB case number"),
    party: str = typer.Option(..., help="The filing party: its handle, or its role where one party has it (employer, petitioner), as `casefile case show` lists them."),
    objection: list[str] = typer.Option(..., "--objection", help="One objection's statement; repeat for each, in order."),
    received_at: str | None = typer.Option(None, help="When the Region received them (a date and time, like 2026-03-20T14:00-04:00, or a date: "
                                                      "00:00 at the receiving office); default now."),
    method: str = typer.Option("e-filing", help="e-filing, fax or paper."),
    postmarked_on: str | None = typer.Option(None, help="Paper filings: postmark date (YYYY-MM-DD)."),
    witness: list[str] = typer.Option([], "--witness", help="Offer of proof: 'OBJECTION|WITNESS|SUMMARY'; repeat."),
    election: int | None = typer.Option(None, help="Election sequence (default: the latest)."),
    not_efiled: bool = typer.Option(False, "--not-efiled", help="Recorded and its PDF prepared here, not yet e-filed "
                                    "with the NLRB: it meets no deadline until `casefile confirm-efiling` records the "
                                    "NLRB's receipt (default: e-filed, received at --received-at)."),
) -> None:
    """File objections with certificate of service, and the offer of proof (to the Regional Director only).

    Refused (exit 2) when received after the cut-off: 11:59 p.m. in the receiving office's zone on
    the 5th business day after the tally (29 CFR 102.69(a)(8), 102.2). A party's later objections
    in the same period are supplemental: numbered on from its earlier ones."""
    from casefile.acts.file_objections import FileObjections

    moment = _moment(received_at, case_number, "--received-at")
    data = {"act": "file-objections", "at": moment, "party": party, "objections": list(objection), "method": method,
            "offer_of_proof": [_witness(item) for item in witness], "election": election,
            "postmarked_on": postmarked_on, "nlrb": "prepared" if not_efiled else "e-filed"}
    run_act(_validated(FileObjections, data, {"at": "--received-at", "nlrb": "--not-efiled", "offer_of_proof": "--witness"}), case_number=case_number,
            as_of=now())


@app.command("confirm-efiling")
def confirm_efiling(
    case_number: str = typer.Argument(..., help="NLRB case number"),
    party: str = typer.Option(..., help="The filing party: its handle, as `casefile case show` lists them."),
    filing: int = typer.Option(..., help="The filing recorded as not yet e-filed: its id (`casefile case show --json`, "
                                         "an election's `filings`, `nlrb: prepared`)."),
    received_at: str = typer.Option(..., help="When the NLRB received it, as E-Filing's receipt says (a date and time, like 2026-03-20T14:00-04:00, "
                                              "or a date: the filing is then judged by the date)."),
) -> None:
    """Record that a filing prepared here was e-filed with the NLRB: it meets its deadline from then, judged by the
    NLRB's receipt (29 CFR 102.2(b)). Refused (exit 2), storing nothing, when received after the cut-off."""
    from casefile.acts.confirm_efiling import ConfirmEfiling

    text = received_at.strip()
    data: dict[str, Any] = {"act": "confirm-efiling", "party": party, "filing": filing}
    if len(text) == 10:
        data["date"] = text
    else:
        data["at"] = _moment(text, case_number, "--received-at")
    run_act(_validated(ConfirmEfiling, data, {"at": "--received-at", "date": "--received-at"}), case_number=case_number,
            as_of=now())


def _witness(item: str) -> dict[str, object]:
    """One ``--witness 'OBJECTION|WITNESS|SUMMARY'`` option as the act's offer-of-proof entry."""
    parts = item.split("|", 2)
    if len(parts) != 3 or not parts[0].strip().isascii() or not parts[0].strip().isdigit():
        raise InvalidScenario(f"--witness {item!r}: expected 'OBJECTION NUMBER|WITNESS|SUMMARY'", field="offer_of_proof")
    return {"objection": int(parts[0]), "witness": parts[1].strip(), "summary": parts[2].strip()}


@app.command("certify")
def certify(case_number: str = typer.Argument(...), issued_on: str = typer.Option(..., help="Date issued (YYYY-MM-DD)."),
            election: int | None = typer.Option(None, help="Election sequence (default: the latest)."),
            as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Record the Regional Director's Certification (of Representative or of Results, from the tally)."""
    from casefile.acts import model_named

    model = model_named("certification")
    act = _validated(model, {"act": "certification", "date": issued_on, "election": election}, {"date": "--issued-on"})
    run_act(act, case_number=case_number, as_of=_moment(as_of, case_number))


#: The option of a command of this module each field of its act comes from, where it is not named after it.
_OPTIONS = {"objections": "--objection", "offer_of_proof": "--witness"}


def _validated(model, data: dict, options: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    """The act model from command-line values; a value that does not fit names its option (``options``: the
    option of each act field not named after it, e.g. ``{"date": "--issued-on"}``), an item of a repeated one by
    its place ("the 2nd --objection must not be blank", casefile.cli.act_options)."""
    from casefile.cli.act_options import act_from_options

    return act_from_options(model, data, options={**_OPTIONS, **(options or {})})


@app.command("sweep")
def sweep(as_of: str | None = typer.Option(None, help="A moment (a date and time, like 2026-03-20T14:00-04:00) or a date; default now."),
          region: str | None = typer.Option(None, help="Only the cases of this Region (e.g. 10).")) -> None:
    """Close the periods that have run out and mark acts that have fallen due (what the schedule runs)."""
    from casefile.acts.base import Who
    from casefile.jobs.sweep import sweep as sweep_all
    from casefile.record.db import write_session
    from casefile.rules.chronology import recorded_after_now

    moment = _moment(as_of, None)
    if (refusal := recorded_after_now("the sweep", moment, now(), field="--as-of")) is not None:
        raise refusal  # periods still running are not closed as of a moment that has not come
    with write_session(by=Who.system("sweep").label) as session:
        report = sweep_all(session, as_of=moment, region=region)
    for line in report.deadlines_closed + report.elections_moved:
        console.print(line, highlight=False)  # words: party names, stage names, long dates
    if not report.did_something:
        console.print("nothing lapsed")
