"""Commands that correct the record: ``casefile correct tally|party|case|hearing`` (a fact as transcribed)
and ``casefile objections withdraw|amend`` (a party's own objection).

Each builds its act model (casefile.acts.correct_tally, correct_party, correct_case,
withdraw_objection, amend_objection) and performs it through the front door
(:func:`casefile.cli.perform.run_act`); ``--why`` is required. A correction prints what it changed
and every consequence (warnings); it never moves the procedure on. What an option cannot be is
refused on one line naming the option (exit 2).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import typer

from casefile.cli.app import app, objections_app
from casefile.errors import BadInput

correct_app = typer.Typer(help="Correct the record: a tally, a party, the case or a hearing's dates as transcribed (docketed old → new, "
                          "with why; the documents it changes issued again as new versions).", no_args_is_help=True)
app.add_typer(correct_app, name="correct")

_CASE = typer.Argument(..., help="NLRB case number, e.g. 10-RC-269250")
_WHY = typer.Option(..., "--why", help="Why the correction is made (required: the docket says it).")
_AS_OF = "When the correction is recorded (a date and time, like 2026-03-20T14:00-04:00, or a date: 00:00 at the receiving office); default now."
_ELECTION = "Election sequence in the case (default: the latest)."

#: The act's field → the option that gives it (refusals name the option).
_OPTIONS = {"prepared_on": "--date", "choices": "--choice", "against": "--against", "challenged": "--challenged",
            "void": "--void", "eligible": "--eligible", "eligible_exact": "--eligible-exact", "why": "--why",
            "election": "--election", "date": "--on", "at": "--received-at", "name": "--name",
            "representative": "--representative", "email": "--email", "address": "--address",
            "unit_description": "--unit-description", "agreement": "--agreement",
            "petition_filed_on": "--petition-filed-on", "party": "--party", "number": "--number", "text": "--text",
            "opened_on": "--opened-on", "noticed_opens_on": "--noticed-opens-on"}


def _perform(model: Any, data: dict[str, Any], case_number: str, as_of: str | None) -> None:
    from casefile import app as front
    from casefile.cli.act_options import act_from_options
    from casefile.cli.perform import run_act

    act = act_from_options(model, data, options=_OPTIONS)
    moment = None if as_of is None else front.read_instant(as_of, what="--as-of", case_number=case_number)
    run_act(act, case_number=case_number, as_of=moment)


def _choices(items: list[str]) -> dict[str, int]:
    """``--choice NAME=N`` options as {name: votes}. Raises BadInput naming the item."""
    out: dict[str, int] = {}
    for item in items:
        name, eq, votes = item.rpartition("=")
        votes = votes.strip()
        if not eq or not name.strip() or not votes.isascii() or not votes.isdigit() or len(votes) > 7:
            raise BadInput(f"--choice {item!r}: expected 'NAME=VOTES' (e.g. 'Retail, Wholesale and Department Store "
                           "Union=738')", field="--choice")
        if name.strip() in out:
            raise BadInput(f"--choice {item!r}: {name.strip()!r} is given twice", field="--choice")
        out[name.strip()] = int(votes)
    return out


@correct_app.command("tally")
def correct_tally(
    case_number: str = _CASE,
    election: int | None = typer.Option(None, help=_ELECTION),
    date: str | None = typer.Option(None, "--date", help="The date the tally was prepared, as it should read (YYYY-MM-DD)."),
    choice: list[str] = typer.Option([], "--choice", help="Votes for a labor organization on the ballot: 'NAME=N'; repeat."),
    against: int | None = typer.Option(None, help="Votes against representation."),
    challenged: int | None = typer.Option(None, help="Challenged ballots."),
    void: int | None = typer.Option(None, help="Void ballots."),
    eligible: int | None = typer.Option(None, help="Approximate number of eligible voters."),
    why: str = _WHY,
    on: str | None = typer.Option(None, "--on", help="The day of the correction (YYYY-MM-DD); default today."),
    as_of: str | None = typer.Option(None, help=_AS_OF),
) -> None:
    """Correct a Tally of Ballots as transcribed (a mistyped figure or date), not a revised tally.

    The tally's lines and outcome are computed again; a corrected date moves the objections,
    offer-of-proof, hearing and earliest-certification deadlines (each move docketed) and judges
    the filings already made again (a late one is flagged, not deleted). The Tally of Ballots and
    every document it changes are issued again as new versions; the stage is not changed."""
    from casefile.acts.correct_tally import CorrectTally

    data = {"act": "correct-tally", "election": election, "prepared_on": date, "choices": _choices(choice) or None,
            "against": against, "challenged": challenged, "void": void, "eligible": eligible, "why": why, "date": on}
    _perform(CorrectTally, data, case_number, as_of)


@correct_app.command("party")
def correct_party(
    case_number: str = _CASE,
    party: str = typer.Argument(..., help="The party: its handle (e.g. rwdsu) or its role where one party has it, as `casefile case show` lists them."),
    name: str | None = typer.Option(None, help="The party's name as it should read."),
    representative: str | None = typer.Option(None, help="Its representative of record (\"\" to clear)."),
    email: str | None = typer.Option(None, help="The e-mail address it is served at (\"\" to clear)."),
    address: str | None = typer.Option(None, help="Its postal address (\"\" to clear)."),
    why: str = _WHY,
    on: str | None = typer.Option(None, "--on", help="The day of the correction (YYYY-MM-DD); default today."),
    as_of: str | None = typer.Option(None, help=_AS_OF),
) -> None:
    """Correct a party's name, representative, e-mail or address.

    The documents issued from now on use the corrected details; a corrected name issues again the
    documents it changes (new versions, the first kept). Documents already served at an old
    address are listed, not issued again: serve them again if the earlier service did not reach."""
    from casefile.acts.correct_party import CorrectParty

    data = {"act": "correct-party", "party": party, "name": name, "representative": representative, "email": email,
            "address": address, "why": why, "date": on}
    _perform(CorrectParty, data, case_number, as_of)


@correct_app.command("case")
def correct_case(
    case_number: str = _CASE,
    name: str | None = typer.Option(None, help="The case's name as it should read."),
    unit_description: str | None = typer.Option(None, help="The description of the voting unit."),
    agreement: str | None = typer.Option(None, help="The election agreement: consent, stipulated or directed."),
    petition_filed_on: str | None = typer.Option(None, help="The date the petition was filed (YYYY-MM-DD)."),
    why: str = _WHY,
    on: str | None = typer.Option(None, "--on", help="The day of the correction (YYYY-MM-DD); default today."),
    as_of: str | None = typer.Option(None, help=_AS_OF),
) -> None:
    """Correct the case's name, unit description, election agreement or petition filing date.

    A petition date under another rule set computes every period again under it (each move
    docketed); a changed agreement says what it means for Board review (29 CFR 102.62)."""
    from casefile.acts.correct_case import CorrectCase

    data = {"act": "correct-case", "name": name, "unit_description": unit_description, "agreement": agreement,
            "petition_filed_on": petition_filed_on, "why": why, "date": on}
    _perform(CorrectCase, data, case_number, as_of)


@correct_app.command("hearing")
def correct_hearing(
    case_number: str = _CASE,
    election: int | None = typer.Option(None, help=_ELECTION),
    opened_on: str | None = typer.Option(None, "--opened-on", help="The day the hearing opened, as it should read "
                                                                    "(YYYY-MM-DD)."),
    noticed_opens_on: str | None = typer.Option(None, "--noticed-opens-on", help="The date the Notice of Hearing set "
                                                                                  "it to open (YYYY-MM-DD)."),
    why: str = _WHY,
    on: str | None = typer.Option(None, "--on", help="The day of the correction (YYYY-MM-DD); default today."),
    as_of: str | None = typer.Option(None, help=_AS_OF),
) -> None:
    """Correct the hearing's dates as transcribed: the day it opened, or the date its notice set.
    A corrected opening judges the hearing-opens target again (29 CFR 102.69(c)(1)(ii)); the documents that tell the
    opening are issued again as new versions (the first kept); the stage is not changed."""
    from casefile.acts.correct_hearing import CorrectHearing

    data = {"act": "correct-hearing", "election": election, "opened_on": opened_on,
            "noticed_opens_on": noticed_opens_on, "why": why, "date": on}
    _perform(CorrectHearing, data, case_number, as_of)


@objections_app.command("withdraw")
def withdraw_objection(
    case_number: str = _CASE,
    party: str = typer.Option(..., help="The party whose objection is withdrawn (its handle)."),
    number: int = typer.Option(..., help="The objection's number."),
    on: str | None = typer.Option(None, "--on", help="The day of the withdrawal (YYYY-MM-DD); default today."),
    why: str = _WHY,
    election: int | None = typer.Option(None, help=_ELECTION),
    as_of: str | None = typer.Option(None, help=_AS_OF),
) -> None:
    """Record a party's withdrawal of one of its objections (not yet ruled on).

    Nothing is deleted and no document is issued again; when no objection is left to decide the
    output says so, and the stage stays as it is (the Regional Director's next act is recorded by
    its own command)."""
    from casefile.acts.withdraw_objection import WithdrawObjection

    data = {"act": "withdraw-objection", "party": party, "number": number, "date": on, "why": why, "election": election}
    _perform(WithdrawObjection, data, case_number, as_of)


@objections_app.command("amend")
def amend_objection(
    case_number: str = _CASE,
    party: str = typer.Option(..., help="The party whose objection is amended (its handle)."),
    number: int = typer.Option(..., help="The objection's number."),
    text: str = typer.Option(..., help="The objection's text as amended."),
    why: str = _WHY,
    received_at: str | None = typer.Option(None, help="When the Region received the amendment (a date and time, like 2026-03-20T14:00-04:00, or a "
                                                      "date: 00:00 at the receiving office); default now."),
    election: int | None = typer.Option(None, help=_ELECTION),
    as_of: str | None = typer.Option(None, help=_AS_OF),
) -> None:
    """Amend the text of a pending objection, within the objection period only.

    The period cannot be extended (102.69(a)(8)); the objections are issued again as a new version
    with the amended text, the first kept."""
    from casefile import app as front
    from casefile.acts.amend_objection import AmendObjection

    at: datetime | None = None if received_at is None else front.read_instant(received_at, what="--received-at",
                                                                               case_number=case_number)
    data = {"act": "amend-objection", "party": party, "number": number, "text": text, "why": why, "at": at,
            "election": election}
    _perform(AmendObjection, data, case_number, as_of)
