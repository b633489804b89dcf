"""Commands for the acts of issue 10: a case transferred to another Region (``casefile case transfer``),
the party filings around the decisions (``casefile objections offer-of-proof``, ``casefile deadlines
request-extension``, ``casefile exceptions answer|cross|waive``, ``casefile hearing brief``, ``casefile decision reconsider``), review by
the Board (``casefile review request|oppose|ruling``) and the end of the petition (``casefile petition
withdraw|dismiss``).

Each command turns its options into the act's model (the scenario event's shape) and performs it
through the front door (:func:`casefile.cli.perform.run_act`); a value the model refuses is one line
naming the option (exit 2). Every command takes ``--election N`` (default: the case's latest
election) and ``--as-of`` (when the act is recorded; default now, or the receipt for a filing).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import typer

from casefile.cli.app import app, case_app, deadlines_app, objections_app
from casefile.cli.timeparse import parse_date, parse_instant
from casefile.errors import BadInput

review_app = typer.Typer(help="Review by the Board: a party's request for review, a statement in opposition, the "
                         "Board's ruling.", no_args_is_help=True)
petition_app = typer.Typer(help="The end of the petition: withdrawal (with consent) or dismissal.", no_args_is_help=True)
app.add_typer(review_app, name="review")
app.add_typer(petition_app, name="petition")

_CASE = typer.Argument(..., help="NLRB case number, e.g. 29-RC-288020")
_ELECTION = "Election sequence in the case (default: the latest)."
_AS_OF = "When the act is recorded (a date and time, like 2026-03-20T14:00-04:00, or a date: 00:00 at the receiving office); default now."
_AS_OF_RECEIPT = ("When the act is recorded (a date and time, like 2026-03-20T14:00-04:00, or a date: 00:00 at the receiving office); "
                  "default: the receipt (--received-at), else now.")
_RECEIVED = ("When the receiving office received it (a date and time, like 2026-03-20T14:00-04:00, or a date: 00:00 at the receiving "
             "office); default now.")
_PARTY = "The filing party: its handle, or its role where one party has it (employer, petitioner), as `casefile case show` lists them."

#: Act field → the option that gives it (refusals name what to fix).
_OPTIONS = {"date": "--on", "at": "--received-at", "postmarked_on": "--postmarked-on", "election": "--election",
            "witnesses": "--witness", "exceptions": "--exception", "points": "--point", "grounds": "--ground",
            "running_deadlines": "--running", "consented_by": "--consented-by"}


def _run(data: dict[str, Any], case_number: str, as_of: str | None, default: datetime | None = None) -> None:
    """Build the act from ``data`` (None values left out) and perform it through the front door."""
    from casefile.acts import model_named
    from casefile.cli.act_options import act_from_options
    from casefile.cli.perform import run_act

    act = act_from_options(model_named(data["act"]), data, options=_OPTIONS)
    moment = parse_instant(as_of, "--as-of", case_number=case_number) if as_of is not None else default
    run_act(act, case_number=case_number, as_of=moment)


def _filing(act: str, case_number: str, party: str, received_at: str | None, method: str,
            postmarked_on: str | None, election: int | None, **fields: Any) -> tuple[dict[str, Any], datetime]:
    """The fields every party filing has, and its receipt instant (the default moment of the act)."""
    received = parse_instant(received_at, "--received-at", case_number=case_number)
    data = {"act": act, "at": received, "party": party, "method": method,
            "postmarked_on": parse_date(postmarked_on, "--postmarked-on") if postmarked_on else None,
            "election": election, **fields}
    return data, received


def parse_witnesses(items: list[str]) -> list[dict[str, Any]]:
    """``--witness 'N|WITNESS|SUMMARY'`` options as the offer's witnesses. Raises BadInput naming the item."""
    out = []
    for item in items:
        parts = [p.strip() for p in item.split("|", 2)]
        if len(parts) != 3 or not parts[0].isascii() or not parts[0].isdigit() or not parts[1] or not parts[2]:
            raise BadInput(f"--witness {item!r}: expected 'N|WITNESS|SUMMARY' (the objection number, the witness, a "
                           "summary of the expected testimony)", field="--witness")
        out.append({"objection": int(parts[0]), "witness": parts[1], "summary": parts[2]})
    return out


def _exceptions(items: list[str]) -> list[dict[str, str]]:
    from casefile.cli.procedure_commands import parse_exceptions

    return parse_exceptions(items)


_METHOD = typer.Option("e-filing", help="e-filing, fax or paper.")
_POSTMARK = typer.Option(None, help="Paper filings: postmark or delivery-service date (YYYY-MM-DD).")


# --- the case goes to another Region ---------------------------------------------------------------


@case_app.command("transfer")
def transfer(case_number: str = _CASE, region: str = typer.Option(..., help="The Region the case goes to, e.g. 28."),
             office: str | None = typer.Option(None, help="Its receiving office (key or city); default its main office."),
             order: str = typer.Option(..., help="The order in words (who made it, when)."),
             on: str = typer.Option(..., "--on", help="The order's date (YYYY-MM-DD)."),
             running: str = typer.Option("stay", help="Periods already running: 'stay' with the office that was to "
                                                      "receive them (default) or 'move' to the new office, as the order says."),
             issuer: str = typer.Option("", help="Who signed the order for the General Counsel."),
             as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Transfer the case to another Region from the order's date (29 CFR 102.72(a)(3)).

    Later documents are signed by the new Region and later periods end at 11:59 p.m. in its office's
    zone; the case number keeps its Region."""
    _run({"act": "transfer-case", "date": parse_date(on, "--on"), "region": region, "office": office, "order": order,
          "running_deadlines": running, "issuer": issuer}, case_number, as_of)


# --- party filings -----------------------------------------------------------------------------------


@objections_app.command("offer-of-proof")
def offer_of_proof(case_number: str = _CASE, party: str = typer.Option(..., help=_PARTY),
                   witness: list[str] = typer.Option(..., "--witness", help="'N|WITNESS|SUMMARY': a witness on objection "
                                                     "N and the expected testimony; repeat."),
                   received_at: str | None = typer.Option(None, help=_RECEIVED), method: str = _METHOD,
                   postmarked_on: str | None = _POSTMARK, election: int | None = typer.Option(None, help=_ELECTION),
                   as_of: str | None = typer.Option(None, help=_AS_OF_RECEIPT)) -> None:
    """File an offer of proof after the objections (the time extended by the Regional Director, 29 CFR 102.69(a)(8)).

    Judged against the stored offer-of-proof deadline; confidential: the Regional Director only."""
    data, received = _filing("file-offer-of-proof", case_number, party, received_at, method, postmarked_on, election,
                             witnesses=parse_witnesses(witness))
    _run(data, case_number, as_of, default=received)


@deadlines_app.command("request-extension")
def request_extension(case_number: str = _CASE, party: str = typer.Option(..., help=_PARTY),
                      deadline: int | None = typer.Option(None, help="The deadline's id (see `casefile deadlines`)."),
                      kind: str | None = typer.Option(None, help="Or its kind in the election, e.g. offer-of-proof."),
                      until: str | None = typer.Option(None, help="The date asked for (YYYY-MM-DD)."),
                      reasons: str = typer.Option(..., help="The good cause."),
                      positions: str = typer.Option("", help="The other parties' positions, as the request states them."),
                      received_at: str | None = typer.Option(None, help=_RECEIVED), method: str = _METHOD,
                      postmarked_on: str | None = _POSTMARK, election: int | None = typer.Option(None, help=_ELECTION),
                      as_of: str | None = typer.Option(None, help=_AS_OF_RECEIPT)) -> None:
    """Record a party's request for an extension of time (29 CFR 102.2(c)): received by the due date
    (the postmark does not count); the order granting it is `casefile deadlines pin`."""
    data, received = _filing("request-extension", case_number, party, received_at, method, postmarked_on, election,
                             deadline=deadline, kind=kind, until=parse_date(until, "--until") if until else None,
                             reasons=reasons, positions=positions)
    _run(data, case_number, as_of, default=received)


def _exceptions_app() -> typer.Typer:
    from casefile.cli.procedure_commands import exceptions_app

    return exceptions_app


def _decision_app() -> typer.Typer:
    from casefile.cli.procedure_commands import decision_app

    return decision_app


@_exceptions_app().command("answer")
def answering_brief(case_number: str = _CASE, party: str = typer.Option(..., help=_PARTY),
                    point: list[str] = typer.Option(..., "--point", help="One point of the brief; repeat, in order."),
                    received_at: str | None = typer.Option(None, help=_RECEIVED), method: str = _METHOD,
                    postmarked_on: str | None = _POSTMARK, election: int | None = typer.Option(None, help=_ELECTION),
                    as_of: str | None = typer.Option(None, help=_AS_OF_RECEIPT)) -> None:
    """File an answering brief to another party's exceptions (5 business days from the last day for
    exceptions, or the date an order fixed: 29 CFR 102.69(c)(1)(iii))."""
    data, received = _filing("file-answering-brief", case_number, party, received_at, method, postmarked_on, election,
                             points=point)
    _run(data, case_number, as_of, default=received)


@_exceptions_app().command("waive")
def waive_exceptions(case_number: str = _CASE, party: str = typer.Option(..., help=_PARTY),
                     received_at: str | None = typer.Option(None, help=_RECEIVED), method: str = _METHOD,
                     note: str = typer.Option("", help="A note for the record, e.g. 'joint waiver with the Employer'."),
                     election: int | None = typer.Option(None, help=_ELECTION),
                     as_of: str | None = typer.Option(None, help=_AS_OF_RECEIPT)) -> None:
    """Record a party's written waiver of its right to file exceptions (29 CFR 102.69(c)(1)(iii) gives the right; the
    waiver is the Regions' practice): the Regional Director's decision no longer waits on that party's exceptions.

    A party waives only for itself (a joint waiver: once for each party). Refused (exit 2) after the party filed
    exceptions, or once the time for exceptions ran out: nothing is left to waive."""
    data, received = _filing("waive-exceptions", case_number, party, received_at, method, None, election, note=note)
    _run(data, case_number, as_of, default=received)


def _hearing_app() -> typer.Typer:
    from casefile.cli.procedure_commands import hearing_app

    return hearing_app


@_hearing_app().command("brief")
def post_hearing_brief(case_number: str = _CASE, party: str = typer.Option(..., help=_PARTY),
                       point: list[str] = typer.Option(..., "--point", help="One point of the brief; repeat, in order."),
                       received_at: str | None = typer.Option(None, help=_RECEIVED), method: str = _METHOD,
                       postmarked_on: str | None = _POSTMARK, election: int | None = typer.Option(None, help=_ELECTION),
                       as_of: str | None = typer.Option(None, help=_AS_OF_RECEIPT)) -> None:
    """File a post-hearing brief to the hearing officer, within the time allowed at the close of the hearing
    (29 CFR 102.69(c)(1)(iii))."""
    data, received = _filing("file-post-hearing-brief", case_number, party, received_at, method, postmarked_on,
                             election, points=point)
    _run(data, case_number, as_of, default=received)


@_exceptions_app().command("cross")
def cross_exceptions(case_number: str = _CASE, party: str = typer.Option(..., help=_PARTY),
                     exception: list[str] = typer.Option(..., "--exception", help="'EXCEPTED TO|GROUNDS'; repeat, in order."),
                     received_at: str | None = typer.Option(None, help=_RECEIVED), method: str = _METHOD,
                     postmarked_on: str | None = _POSTMARK, election: int | None = typer.Option(None, help=_ELECTION),
                     as_of: str | None = typer.Option(None, help=_AS_OF_RECEIPT)) -> None:
    """File cross-exceptions by a party that did not except (held to the answering-brief period)."""
    data, received = _filing("file-cross-exceptions", case_number, party, received_at, method, postmarked_on, election,
                             exceptions=_exceptions(exception))
    _run(data, case_number, as_of, default=received)


@_decision_app().command("reconsider")
def reconsider(case_number: str = _CASE, party: str = typer.Option(..., help=_PARTY),
               ground: list[str] = typer.Option(..., "--ground", help="A ground of the motion; repeat."),
               received_at: str | None = typer.Option(None, help=_RECEIVED), method: str = _METHOD,
               postmarked_on: str | None = _POSTMARK, election: int | None = typer.Option(None, help=_ELECTION),
               as_of: str | None = typer.Option(None, help=_AS_OF_RECEIPT)) -> None:
    """File a motion for reconsideration of the Regional Director's decision (10 business days, 102.65(e));
    it stays nothing."""
    data, received = _filing("move-for-reconsideration", case_number, party, received_at, method, postmarked_on,
                             election, grounds=ground)
    _run(data, case_number, as_of, default=received)


# --- review by the Board -------------------------------------------------------------------------------


@review_app.command("request")
def request_review(case_number: str = _CASE, party: str = typer.Option(..., help=_PARTY),
                   ground: list[str] = typer.Option(..., "--ground", help="A ground relied on (29 CFR 102.67(d)); repeat."),
                   received_at: str | None = typer.Option(None, help="When the Board's Office of the Executive Secretary "
                                                                     "received it (a date and time, like 2026-03-20T14:00-04:00, or a date); default now."),
                   method: str = _METHOD, postmarked_on: str | None = _POSTMARK,
                   election: int | None = typer.Option(None, help=_ELECTION),
                   as_of: str | None = typer.Option(None, help=_AS_OF_RECEIPT)) -> None:
    """Request review by the Board of the certification, a dismissal, or a decision setting the election
    aside (10 business days after the final disposition, received in Washington: 29 CFR 102.67(c))."""
    data, received = _filing("request-for-review", case_number, party, received_at, method, postmarked_on, election,
                             grounds=ground)
    _run(data, case_number, as_of, default=received)


@review_app.command("oppose")
def oppose_review(case_number: str = _CASE, party: str = typer.Option(..., help=_PARTY),
                  point: list[str] = typer.Option(..., "--point", help="One point of the statement; repeat."),
                  received_at: str | None = typer.Option(None, help=_RECEIVED), method: str = _METHOD,
                  postmarked_on: str | None = _POSTMARK, election: int | None = typer.Option(None, help=_ELECTION),
                  as_of: str | None = typer.Option(None, help=_AS_OF_RECEIPT)) -> None:
    """File a statement in opposition to another party's request for review (29 CFR 102.67(f))."""
    data, received = _filing("oppose-review", case_number, party, received_at, method, postmarked_on, election,
                             points=point)
    _run(data, case_number, as_of, default=received)


@review_app.command("ruling")
def board_ruling(case_number: str = _CASE, ruling: str = typer.Option(..., help="granted, denied or remanded."),
                 decision: str | None = typer.Option(None, help="With a grant that decides: affirmed, set-aside, "
                                                                "open-and-count."),
                 on: str = typer.Option(..., "--on", help="The ruling's date (YYYY-MM-DD)."),
                 issuer: str = typer.Option("", help="The Board members."),
                 summary: str = typer.Option("", help="The order in a sentence or two."),
                 election: int | None = typer.Option(None, help=_ELECTION),
                 as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Record the Board's ruling on the request for review and its effect on the case."""
    _run({"act": "board-ruling", "date": parse_date(on, "--on"), "ruling": ruling, "decision": decision,
          "issuer": issuer, "summary": summary, "election": election}, case_number, as_of)


# --- the end of the petition -----------------------------------------------------------------------------


@petition_app.command("withdraw")
def withdraw(case_number: str = _CASE, party: str = typer.Option(..., help="The petitioner's handle."),
             consented_by: str = typer.Option(..., help="Who consented (the Regional Director; the Board once the record "
                                                        "is before it)."),
             on: str = typer.Option(..., "--on", help="The day the withdrawal was approved (YYYY-MM-DD)."),
             issuer: str = typer.Option("", help="Who signed the order approving it (the Regional Director, or the "
                                                 "Executive Secretary when the Board consented)."),
             note: str = typer.Option("", help="A note for the record."),
             as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Withdraw the petition with the consent it needs (29 CFR 102.60(a)); any election not yet certified ends."""
    _run({"act": "withdraw-petition", "date": parse_date(on, "--on"), "party": party, "consented_by": consented_by,
          "issuer": issuer, "note": note}, case_number, as_of)


@petition_app.command("dismiss")
def dismiss(case_number: str = _CASE, grounds: str = typer.Option(..., help="The stated grounds."),
            on: str = typer.Option(..., "--on", help="The dismissal's date (YYYY-MM-DD)."),
            issuer: str = typer.Option("", help="The Regional Director who signed the order (name)."),
            as_of: str | None = typer.Option(None, help=_AS_OF)) -> None:
    """Dismiss the petition (29 CFR 102.71); the request-for-review period of the dismissal runs."""
    _run({"act": "dismiss-petition", "date": parse_date(on, "--on"), "grounds": grounds, "issuer": issuer},
         case_number, as_of)
