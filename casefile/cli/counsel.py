"""``casefile counsel add``: a party's counsel of record with the details its filings are signed and
served with (name, firm, address, phone, e-mail, bar number). Performs the add-counsel act through
the front door; imports neither Prefect nor WeasyPrint."""

from __future__ import annotations

import typer

from casefile.cli.app import app

counsel_app = typer.Typer(help="Counsel of record of the parties: the names, firms, addresses and bar numbers "
                          "filings are signed and served with.", no_args_is_help=True)
app.add_typer(counsel_app, name="counsel")


@counsel_app.command("add")
def add(
    case_number: str = typer.Argument(..., help="NLRB case number, e.g. 13-RC-400123"),
    party: str = typer.Option(..., "--party", help="The party's handle (as in the case file)."),
    name: str = typer.Option(..., "--name", help="Counsel's name as signed, e.g. 'Karen L. Whitfield'."),
    firm: str | None = typer.Option(None, "--firm", help="Law firm or organization."),
    address: str | None = typer.Option(None, "--address", help="Postal address; separate lines with '; '."),
    phone: str | None = typer.Option(None, "--phone", help="Telephone."),
    email: str | None = typer.Option(None, "--email", help="E-mail address (where e-mail service goes)."),
    bar_number: str | None = typer.Option(None, "--bar-number", help="As printed under the signature, e.g. 'Illinois Bar No. 6201234'."),
    as_of: str | None = typer.Option(None, help="When it is recorded (a date and time, like 2026-03-20T14:00-04:00, or a date); default now."),
) -> None:
    """Add counsel of record for a party (the first added is lead counsel); the same name again updates
    the details given (the others stay as recorded; an empty one, like --firm "", clears it). Filings are then signed by them and the other parties' filings served on them."""
    from pydantic import ValidationError

    from casefile import app as front
    from casefile.acts import parse_act
    from casefile.cli.perform import run_act
    from casefile.errors import BadInput

    given = {"firm": firm, "address": address, "phone": phone, "email": email, "bar_number": bar_number}
    data = {"act": "add-counsel", "party": party, "name": name, **{k: v for k, v in given.items() if v is not None}}
    try:
        act = parse_act(data)
    except ValidationError as exc:
        from casefile.cli.act_options import options_problem

        raise options_problem("counsel add", exc, options={}, skip=1, error=BadInput) from exc
    moment = None if as_of is None else front.read_instant(as_of, what="--as-of", case_number=case_number)
    result = run_act(act, case_number=case_number, as_of=moment, quiet=True)
    # the party by its name, read from the record (PartyView.name), never taken back out of the docket's summary
    of = next((p.name for p in front.case(result.case_number).parties if p.key == party), party)
    again = " (already recorded: nothing new stored)" if result.repeated else ""
    typer.echo(f"{name}, counsel of record for {of} in {result.case_number}{again}")
    from casefile.cli.gap_words import warning_words

    for i, warning in enumerate(result.warnings):
        typer.echo(f"warning: {warning_words(warning, result.gaps[i] if i < len(result.gaps) else None)}", err=True)
