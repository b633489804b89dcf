"""Commands for the acts between the objections and the certification: the hearing (``casefile
hearing notice|open|close|consolidate``), the reports and decisions (``casefile decision
ho-report|rd|alj``) and a party's exceptions (``casefile exceptions file``).

Each command turns its options into the act's model (the scenario event's shape) and performs it
through the front door (:func:`casefile.cli.perform.run_act`); what an option cannot be is refused
with a BadInput naming the option. Every command takes ``--election N`` (default: the case's
latest election) and ``--as-of`` (when the act is recorded; default now).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

import typer

from casefile.cli.app import app
from casefile.errors import BadInput

hearing_app = typer.Typer(help="The hearing on objections and challenged ballots: notice it, open it, close it, "
                          "or consolidate it with an unfair-labor-practice case.", no_args_is_help=True)
decision_app = typer.Typer(help="Reports and decisions on objections: the hearing officer's report, the Regional "
                           "Director's decision, the Administrative Law Judge's decision.", no_args_is_help=True)
exceptions_app = typer.Typer(help="Exceptions to the hearing officer's report.", no_args_is_help=True)
app.add_typer(hearing_app, name="hearing")
app.add_typer(decision_app, name="decision")
app.add_typer(exceptions_app, name="exceptions")

_CASE = typer.Argument(..., help="NLRB case number, e.g. 10-RC-269250")
_ON = "The act's date (YYYY-MM-DD): the day the order, report or decision issued, or the hearing opened or closed."
_ELECTION = "Election sequence in the case (default: the latest)."
_AS_OF = "When the act is recorded (a date and time, like 2026-03-20T14:00-04:00, or a date: 00:00 at the receiving office); default now."
_AS_OF_RECEIPT = ("When the act is recorded (a date and time, like 2026-03-20T14:00-04:00, or a date: 00:00 at the receiving office); "
                  "default: the receipt (--received-at), else now.")
_OBJECTION = ("Objections set for hearing: 'PARTY:N' or 'PARTY:N-M' (e.g. rwdsu:1-14); repeat. "
              "None named: every pending objection.")
_RULING = "A ruling on one objection: 'PARTY:N=RULING' (sustained, overruled, withdrawn, moot); repeat."

#: The act model's field → the option that gives it (for refusals that name what to fix).
_OPTIONS = {"date": "--on", "at": "--received-at", "opens_on": "--opens-on", "objections": "--objection",
            "ulp_cases": "--ulp-case", "rulings": "--ruling", "exceptions": "--exception", "at_fault": "--at-fault",
            "postmarked_on": "--postmarked-on", "election": "--election", "challenges": "--challenge"}


def _moment(text: str | None, case_number: str, what: str) -> datetime | None:
    """The instant typed for ``what`` (None: not given), read through the front door's policy."""
    if text is None:
        return None
    from casefile import app as front

    return front.read_instant(text, what=what, case_number=case_number)


def _day(text: str, option: str) -> date:
    """A date option (YYYY-MM-DD). Raises BadInput naming the option."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError as exc:
        from casefile.validation import date_problem

        raise BadInput(f"{option}: {date_problem(text)}", field=option) from exc


def _act(data: dict[str, Any]) -> Any:
    """The act model for ``data`` (options left out are not passed). Raises BadInput naming the
    option whose value the act cannot take."""
    from pydantic import ValidationError

    from casefile.acts import parse_act

    try:
        return parse_act({k: v for k, v in data.items() if v is not None})
    except ValidationError as exc:  # the first location part is the union's tag (the act)
        from casefile.cli.act_options import options_problem

        raise options_problem(data["act"], exc, options=_OPTIONS, skip=1, error=BadInput) from exc


def _run(act: Any, case_number: str, as_of: str | None, default: datetime | None = None) -> None:
    from casefile.cli.perform import now, run_act

    given = _moment(as_of, case_number, "--as-of")
    run_act(act, case_number=case_number, as_of=given or now())


def party_prefixed(item: str) -> tuple[str, str] | None:
    """A command-line value "PARTY:REST" ("rwdsu:1-14", "rwdsu:1") as (party handle, rest), both
    stripped; None when it has no ":" or no party before it."""
    match = re.fullmatch(r"([^:]*):(.*)", item, flags=re.DOTALL)
    if match is None or not match.group(1).strip():
        return None
    return match.group(1).strip(), match.group(2).strip()


def parse_objections(items: list[str]) -> dict[str, list[int]] | None:
    """``--objection PARTY:N`` / ``PARTY:N-M`` options as party handle → objection numbers, in the
    order given (None when none is given). Raises BadInput naming the item."""
    if not items:
        return None
    out: dict[str, list[int]] = {}
    for item in items:
        party, numbers = party_prefixed(item) or ("", "")
        first, dash, last = numbers.partition("-")
        if not party or not _whole(first) or (dash and not _whole(last)):
            raise BadInput(f"--objection {item!r}: expected 'PARTY:N' or 'PARTY:N-M' (e.g. rwdsu:3 or rwdsu:1-14)",
                           field="--objection")
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise BadInput(f"--objection {item!r}: the range runs backwards", field="--objection")
        if high - low >= 10_000:
            raise BadInput(f"--objection {item!r}: more than 10,000 objections", field="--objection")
        out.setdefault(party, []).extend(range(low, high + 1))
    return out


def parse_rulings(items: list[str]) -> dict[str, dict[int, str]]:
    """``--ruling PARTY:N=RULING`` options as party handle → {objection number: ruling}. Raises
    BadInput naming the item (a ruling given twice for one objection included)."""
    out: dict[str, dict[int, str]] = {}
    for item in items:
        target, eq, ruling = item.partition("=")
        party, number = party_prefixed(target) or ("", "")
        if not eq or not party or not _whole(number) or not ruling.strip():
            raise BadInput(f"--ruling {item!r}: expected 'PARTY:N=RULING' (e.g. rwdsu:1=sustained)", field="--ruling")
        rulings = out.setdefault(party, {})
        if int(number) in rulings:
            raise BadInput(f"--ruling {item!r}: objection {int(number)} of {party!r} is ruled on twice",
                           field="--ruling")
        rulings[int(number)] = ruling.strip()
    return out


def parse_exceptions(items: list[str]) -> list[dict[str, str]]:
    """``--exception 'EXCEPTED TO|GROUNDS'`` options as the act's exceptions, in order. Raises
    BadInput naming the item."""
    out = []
    for item in items:
        excepted_to, sep, grounds = item.partition("|")
        if not sep or not excepted_to.strip() or not grounds.strip():
            raise BadInput(f"--exception {item!r}: expected 'EXCEPTED TO|GROUNDS' (the finding or recommendation "
                           "excepted to, then the grounds)", field="--exception")
        out.append({"excepted_to": excepted_to.strip(), "grounds": grounds.strip()})
    return out


def _whole(text: str) -> bool:
    text = text.strip()
    return text.isascii() and text.isdigit() and len(text) <= 6


# --- the hearing ---------------------------------------------------------------------------------


def _order(act: str, case_number: str, on: str, opens_on: str | None, place: str, presiding: str,
           objection: list[str], challenges: bool, note: str, election: int | None, **extra: Any) -> dict[str, Any]:
    return {"act": act, "date": _day(on, "--on"), "opens_on": _day(opens_on, "--opens-on") if opens_on else None,
            "place": place, "presiding": presiding, "objections": parse_objections(objection), "challenges": challenges,
            "note": note, "election": election, **extra}


@hearing_app.command("notice")
def notice(case_number: str = _CASE, on: str = typer.Option(..., help=_ON),
           opens_on: str | None = typer.Option(None, help="The day the hearing is set to open (YYYY-MM-DD)."),
           opens_at: str | None = typer.Option(None, help="The time it opens, at the office that has the case (HH:MM, "
                                                          "24-hour: 10:00, 13:30)."),
           place: str = typer.Option("", help="Where (or how: videoconference) the hearing is held."),
           presiding: str = typer.Option("", help="The hearing officer."),
           issuer: str = typer.Option("", help="The Regional Director who signs the notice (its signature block)."),
           objection: list[str] = typer.Option([], "--objection", help=_OBJECTION),
           challenges: bool = typer.Option(False, "--challenges", help="Set the determinative challenged ballots too."),
           note: str = typer.Option("", help="A note for the record."),
           election: int | None = typer.Option(None, help=_ELECTION), as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Record the Regional Director's Notice of Hearing on Objections (and Challenged Ballots).

    Sets the objections (and the determinative challenged ballots) for hearing and issues the
    notice's record copy (29 CFR 102.69(c)(1)(ii))."""
    extra: dict[str, Any] = {"issuer": issuer}
    if opens_at is not None:
        extra["opens_at"] = opens_at
    _run(_act(_order("notice-hearing", case_number, on, opens_on, place, presiding, objection, challenges, note,
                     election, **extra)), case_number, as_of)


@hearing_app.command("consolidate")
def consolidate(case_number: str = _CASE, on: str = typer.Option(..., help=_ON),
                ulp_case: list[str] = typer.Option(..., "--ulp-case", help="An unfair-labor-practice case joined "
                                                   "(e.g. 10-CA-290001); repeat."),
                opens_on: str | None = typer.Option(None, help="The day the hearing is set to open (YYYY-MM-DD)."),
                place: str = typer.Option("", help="Where the hearing is held."),
                presiding: str = typer.Option("", help="The Administrative Law Judge."),
                objection: list[str] = typer.Option([], "--objection", help=_OBJECTION),
                challenges: bool = typer.Option(False, "--challenges", help="Set the determinative challenged ballots too."),
                note: str = typer.Option("", help="A note for the record."),
                election: int | None = typer.Option(None, help=_ELECTION),
                as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Record the order consolidating objections with an unfair-labor-practice case before an ALJ.

    The objections (and determinative challenged ballots) are heard with the C-case(s) by an
    Administrative Law Judge (29 CFR 102.69(c)(1)(ii))."""
    from casefile.rules.case_numbers import parse_case_number

    ulp_cases = []
    for number in ulp_case:
        parsed = parse_case_number(number)  # MalformedCaseNumber names the text
        if parsed.case_type not in ("CA", "CB", "CC", "CD", "CE", "CG", "CP"):
            raise BadInput(f"--ulp-case {number!r}: {parsed} is not an unfair-labor-practice case (C-case)",
                           field="--ulp-case")
        ulp_cases.append(str(parsed))
    _run(_act(_order("consolidate-with-ulp", case_number, on, opens_on, place, presiding, objection, challenges, note,
                     election, ulp_cases=ulp_cases)), case_number, as_of)


@hearing_app.command("reschedule")
def reschedule(case_number: str = _CASE, on: str = typer.Option(..., help="The date of the order (YYYY-MM-DD)."),
               opens_on: str = typer.Option(..., "--opens-on", help="The date the hearing is now set to open (YYYY-MM-DD)."),
               order: str = typer.Option(..., help="The order in words (who made it, on whose motion)."),
               reason: str = typer.Option("", help="Why, as the order states it."),
               issuer: str = typer.Option("", help="The Regional Director who signed the order."),
               election: int | None = typer.Option(None, help=_ELECTION), as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Record the Regional Director's order postponing (or advancing) the noticed hearing; the notice's date is kept
    (29 CFR 102.69(c)(1)(ii))."""
    _run(_act({"act": "reschedule-hearing", "date": _day(on, "--on"), "opens_on": _day(opens_on, "--opens-on"),
               "order": order, "reason": reason, "issuer": issuer, "election": election}), case_number, as_of)


@hearing_app.command("motion")
def motion(case_number: str = _CASE, party: str = typer.Option(..., help="The moving party (its key)."),
           subject: str = typer.Option(..., help='What the motion asks, e.g. "to close the hearing to the public".'),
           to: str = typer.Option("Regional Director", help="To whom: 'hearing officer', 'Regional Director' or 'Board'."),
           ground: list[str] = typer.Option([], "--ground", help="A ground of the motion (repeat for more)."),
           oral: bool = typer.Option(False, "--oral", help="Stated on the record at the hearing, not written."),
           on: str = typer.Option(..., help="The day it was filed or stated (YYYY-MM-DD)."),
           election: int | None = typer.Option(None, help=_ELECTION), as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Record a party's motion during the proceeding (29 CFR 102.65(a), (c))."""
    _run(_act({"act": "file-motion", "date": _day(on, "--on"), "party": party, "subject": subject, "to": to,
               "grounds": ground, "oral": oral, "election": election}), case_number, as_of)


@hearing_app.command("rule-motion")
def rule_motion(case_number: str = _CASE, ruling: str = typer.Option(..., help="granted, denied or granted-in-part."),
                on: str = typer.Option(..., help="The ruling's date (YYYY-MM-DD)."),
                motion_id: int | None = typer.Option(None, "--motion", help="The motion's filing id (default: the latest pending)."),
                by: str | None = typer.Option(None, help="Who ruled (default: to whom the motion was addressed)."),
                reason: str = typer.Option("", help="The reason as stated."),
                election: int | None = typer.Option(None, help=_ELECTION), as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Record the ruling on a motion (29 CFR 102.65(a), (c))."""
    _run(_act({"act": "rule-on-motion", "date": _day(on, "--on"), "motion": motion_id, "ruling": ruling, "by": by,
               "reason": reason, "election": election}), case_number, as_of)


@hearing_app.command("open")
def open_(case_number: str = _CASE, on: str = typer.Option(..., help="The day the hearing opened (YYYY-MM-DD)."),
          election: int | None = typer.Option(None, help=_ELECTION), as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Record that the noticed hearing opened (29 CFR 102.69(c)(1)(iii))."""
    _run(_act({"act": "open-hearing", "date": _day(on, "--on"), "election": election}), case_number, as_of)


@hearing_app.command("close")
def close(case_number: str = _CASE, on: str = typer.Option(..., help="The day the hearing closed (YYYY-MM-DD)."),
          briefs_due_on: str | None = typer.Option(
              None, "--briefs-due-on", help="The date the hearing officer allowed post-hearing briefs until (YYYY-MM-DD); "
              "omit when none were allowed (under the 2019 text: the 5 business days of right)."),
          election: int | None = typer.Option(None, help=_ELECTION), as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Record that the hearing closed, with the time the hearing officer allowed for post-hearing briefs
    (29 CFR 102.69(c)(1)(iii))."""
    _run(_act({"act": "close-hearing", "date": _day(on, "--on"), "election": election,
               "briefs_due_on": _day(briefs_due_on, "--briefs-due-on") if briefs_due_on else None}), case_number, as_of)


# --- reports and decisions -----------------------------------------------------------------------


def _decision(act: str, case_number: str, on: str, result: str, ruling: list[str], issuer: str, at_fault: str | None,
              summary: str, note: str, election: int | None, as_of: str | None, *, challenge: list[str] | None = None,
              challenge_ground: list[str] | None = None, **extra: Any) -> None:
    data = {"act": act, "date": _day(on, "--on"), "result": result, "rulings": parse_rulings(ruling), "issuer": issuer,
            "at_fault": at_fault, "summary": summary, "note": note, "election": election,
            "challenges": parse_challenge_rulings(challenge or [], challenge_ground or []), **extra}
    _run(_act(data), case_number, as_of)


def parse_challenge_rulings(voters: list[str], grounds: list[str]) -> list[dict[str, Any]]:
    """``--challenge 'VOTER=RULING'`` and ``--challenge-ground 'GROUND=RULING'`` options as the act's
    ``challenges`` (RULING: sustained or overruled). Raises BadInput naming the option."""
    out: list[dict[str, Any]] = []
    for option, items, key in (("--challenge", voters, "voters"), ("--challenge-ground", grounds, "ground")):
        for item in items:
            what, sep, ruling = item.rpartition("=")
            if not sep or not what.strip() or ruling.strip() not in ("sustained", "overruled"):
                raise BadInput(f"{option} {item!r}: expected '{'VOTER' if key == 'voters' else 'GROUND'}=sustained' or "
                               "'...=overruled'", field=option)
            out.append({key: [what.strip()] if key == "voters" else what.strip(), "ruling": ruling.strip()})
    return out


_CHALLENGE = "A ruling on one challenged ballot set for hearing: 'VOTER=sustained' or 'VOTER=overruled'; repeat."
_CHALLENGE_GROUND = ("A ruling on every pending challenged ballot with a ground: 'GROUND=sustained' or "
                     "'GROUND=overruled'; repeat.")


_RESULT = "set-aside (objections sustained: a new election) or overrule (objections overruled)."
_AT_FAULT = "The party whose conduct caused a set-aside (the Lufkin paragraph); omit for Board-agent irregularity."


@decision_app.command("ho-report")
def ho_report(case_number: str = _CASE, on: str = typer.Option(..., help=_ON),
              result: str = typer.Option(..., help="What the report recommends: " + _RESULT),
              ruling: list[str] = typer.Option([], "--ruling", help=_RULING),
              issuer: str = typer.Option("", help="The hearing officer."),
              at_fault: str | None = typer.Option(None, help=_AT_FAULT),
              summary: str = typer.Option("", help="The report's findings in a sentence or two."),
              note: str = typer.Option("", help="A note for the record."),
              challenge: list[str] = typer.Option([], "--challenge", help=_CHALLENGE),
              challenge_ground: list[str] = typer.Option([], "--challenge-ground", help=_CHALLENGE_GROUND),
              election: int | None = typer.Option(None, help=_ELECTION),
              as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Record the Hearing Officer's Report (its recommendations on the objections and on the challenged ballots
    set for hearing); opens the exceptions period (10 business days, 29 CFR 102.69(c)(1)(iii))."""
    _decision("ho-report", case_number, on, result, ruling, issuer, at_fault, summary, note, election, as_of,
              challenge=challenge, challenge_ground=challenge_ground)


@decision_app.command("rd")
def rd(case_number: str = _CASE, on: str = typer.Option(..., help=_ON),
       result: str = typer.Option(..., help="The decision: " + _RESULT),
       ruling: list[str] = typer.Option([], "--ruling", help=_RULING),
       issuer: str = typer.Option("", help="The Regional Director."),
       at_fault: str | None = typer.Option(None, help=_AT_FAULT),
       summary: str = typer.Option("", help="The decision in a sentence or two."),
       note: str = typer.Option("", help="A note for the record."),
       condition: str | None = typer.Option(None, help="With set-aside: 'no-union-majority' (a labor organization's objections) "
                                                       "directs the second election only if the revised tally shows no majority "
                                                       "for a labor organization; 'union-majority' (the employer's) only if it "
                                                       "shows one, otherwise a certification of results."),
       challenge: list[str] = typer.Option([], "--challenge", help=_CHALLENGE),
       challenge_ground: list[str] = typer.Option([], "--challenge-ground", help=_CHALLENGE_GROUND),
       election: int | None = typer.Option(None, help=_ELECTION), as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Record the Regional Director's decision on objections and on the challenged ballots set for hearing.

    A set-aside directs a second election and issues the Decision and Direction of Second
    Election; overruling the objections makes the certification due (29 CFR 102.69(c)) — once the
    challenged ballots are decided: those overruled are opened and counted (the revised tally follows), and
    with every one sustained the tally stands."""
    _decision("rd-decision", case_number, on, result, ruling, issuer, at_fault, summary, note, election, as_of,
              condition=condition, challenge=challenge, challenge_ground=challenge_ground)


@decision_app.command("alj")
def alj(case_number: str = _CASE, on: str = typer.Option(..., help=_ON),
        result: str = typer.Option(..., help="The recommended disposition: " + _RESULT),
        ruling: list[str] = typer.Option([], "--ruling", help=_RULING),
        issuer: str = typer.Option("", help="The Administrative Law Judge."),
        at_fault: str | None = typer.Option(None, help=_AT_FAULT),
        summary: str = typer.Option("", help="The decision in a sentence or two."),
        note: str = typer.Option("", help="A note for the record."),
        challenge: list[str] = typer.Option([], "--challenge", help=_CHALLENGE),
        challenge_ground: list[str] = typer.Option([], "--challenge-ground", help=_CHALLENGE_GROUND),
        election: int | None = typer.Option(None, help=_ELECTION), as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Record an Administrative Law Judge's decision on the consolidated case (its recommended rulings on the
    objections and on the challenged ballots consolidated for hearing).

    Where Board review lies, exceptions to the Board are due in 28 days (29 CFR 102.46(a))."""
    _decision("alj-decision", case_number, on, result, ruling, issuer, at_fault, summary, note, election, as_of,
              challenge=challenge, challenge_ground=challenge_ground)


# --- exceptions ----------------------------------------------------------------------------------


@exceptions_app.command("file")
def file_exceptions(
    case_number: str = _CASE,
    party: str = typer.Option(..., help="The filing party: its handle, or its role where one party has it (employer, petitioner), as `casefile case show` lists them."),
    exception: list[str] = typer.Option(..., "--exception", help="One exception: 'EXCEPTED TO|GROUNDS'; repeat, in order."),
    received_at: str | None = typer.Option(None, help="When the Regional Director received them (a date and time, like 2026-03-20T14:00-04:00, or a "
                                                      "date: 00:00 at the receiving office); default now."),
    method: str = typer.Option("e-filing", help="e-filing, fax or paper."),
    postmarked_on: str | None = typer.Option(None, help="Paper filings: postmark or delivery-service date (YYYY-MM-DD)."),
    election: int | None = typer.Option(None, help=_ELECTION),
    as_of: str | None = typer.Option(None, help=_AS_OF_RECEIPT),
) -> None:
    """File a party's exceptions to the Hearing Officer's Report, served on the other parties.

    Refused (exit 2) when received after the cut-off of the exceptions deadline as the record holds
    it — 11:59 p.m. at the receiving office on the 10th business day after the report, or the date
    an order extended it to (29 CFR 102.69(c)(1)(iii), 102.2)."""
    from casefile.cli.perform import now

    received = _moment(received_at, case_number, "--received-at") or now()
    data = {"act": "file-exceptions", "at": received, "party": party, "exceptions": parse_exceptions(exception),
            "method": method, "postmarked_on": _day(postmarked_on, "--postmarked-on") if postmarked_on else None,
            "election": election}
    _run(_act(data), case_number, as_of, default=received)
