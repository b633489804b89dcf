"""Commands that perform a legal act through its flow: ``tally record``, ``objections file``,
``certify``, ``sweep``. Prefect is imported only when one of them runs."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import Any

import typer

from casefile.cli.app import app, console, err_console, objections_app, tally_app
from casefile.cli.timeparse import parse_date, parse_instant
from casefile.errors import InvalidScenario


@contextmanager
def flows_for_command(case_number: str | None = None, *, sweep_as_of: datetime | None = None) -> Iterator[Any]:
    """The flows package, inside casefile's Prefect runtime (says where flows run). With
    ``case_number``, the case is looked up first, so a wrong number fails before Prefect starts;
    with ``sweep_as_of`` too, the case is swept as of that instant before the act (periods that ran
    out are closed, as the scheduled sweep would have done), so the act sees the case as it stands."""
    from casefile.prefect_env import configure_prefect, flow_runtime

    case_id = None
    if case_number is not None:
        from casefile.record.db import read_session
        from casefile.record.lookups import get_case

        with read_session() as session:
            case_id = get_case(session, case_number).id

    err_console.print(f"[dim]{configure_prefect()}[/]")
    with flow_runtime():
        import flows

        if case_id is not None and sweep_as_of is not None:
            flows.sweep_flow(as_of=sweep_as_of, case_id=case_id)
        yield flows


def show_result(result) -> None:  # type: ignore[no-untyped-def]
    console.print(f"{result.act}: {result.case_number} ({result.ref})")
    for path in result.documents:
        console.print(f"  issued {path}")


@tally_app.command("record")
def record(file: Path = typer.Argument(..., help="YAML/JSON tally file (docs/scenario-format.md, 'Tally file')."),
           as_of: str | None = typer.Option(None, help="When it is recorded (ISO instant); default now.")) -> None:
    """Record a Tally of Ballots from a file and issue its record copy; opens the objection period."""
    import yaml
    from pydantic import ValidationError

    from casefile.scenario import TallyFile, explain_validation

    try:
        spec = TallyFile.model_validate(yaml.safe_load(file.read_text(encoding="utf-8")))
    except OSError as exc:
        raise InvalidScenario(f"{file}: cannot read the tally file ({exc.strerror})") from exc
    except yaml.YAMLError as exc:
        raise InvalidScenario(f"{file}: not valid YAML: {exc}") from exc
    except ValidationError as exc:
        raise InvalidScenario(f"{file}: not a tally file (docs/scenario-format.md): {explain_validation(exc)}") from exc
    from casefile.rules.tally import analyze_tally, tally_from_mapping
    from casefile.services.tallies import ElectionIn, StatedLines
    from casefile.vocab import TallyKind

    # Check the counts before Prefect starts: an impossible tally is refused at once; warnings are shown.
    analysis = analyze_tally(tally_from_mapping({"choices": spec.choices, "against": spec.against,
                                                 "challenged": spec.challenged, "void": spec.void,
                                                 "eligible": spec.eligible, "eligible_exact": spec.eligible_exact,
                                                 "runoff_ballot": spec.kind is TallyKind.RUNOFF}))
    for warning in analysis.warnings:
        err_console.print(f"[yellow]warning:[/] {warning}", soft_wrap=True)
    with flows_for_command(spec.case_number) as flows:
        show_result(flows.record_tally_flow(
        case_number=spec.case_number, kind=spec.kind, prepared_on=spec.prepared_on, as_of=parse_instant(as_of, "--as-of"),
        counts={"choices": spec.choices, "against": spec.against, "challenged": spec.challenged, "void": spec.void,
                "eligible": spec.eligible, "eligible_exact": spec.eligible_exact,
                "runoff_ballot": spec.kind is TallyKind.RUNOFF},
            election_in=ElectionIn(**spec.election.model_dump()),
            stated=StatedLines(**spec.stated.model_dump()) if spec.stated else None))


@objections_app.command("file")
def file_objections(
    case_number: str = typer.Argument(..., help="NLRB case number"),
    party: str = typer.Option(..., help="Filing party's handle (see `casefile case show`)."),
    objection: list[str] = typer.Option(..., "--objection", help="One objection's statement; repeat for each, in order."),
    received_at: str | None = typer.Option(None, help="When the Region received them (ISO with offset); default now."),
    method: str = typer.Option("e-filing", help="e-filing, fax or paper."),
    postmarked_on: str | None = typer.Option(None, help="Paper filings: postmark date (YYYY-MM-DD)."),
    witness: list[str] = typer.Option([], "--witness", help="Offer of proof: 'OBJECTION|WITNESS|SUMMARY'; repeat."),
    election: int | None = typer.Option(None, help="Election sequence (default: the latest)."),
) -> None:
    """File objections with certificate of service, and the offer of proof (to the Regional Director only).

    Refused (exit 2) when received after the cut-off: 11:59 p.m. in the receiving office's zone on
    the 5th business day after the tally (29 CFR 102.69(a)(8), 102.2)."""
    from casefile.services.objections import ObjectionsIn, Witness
    from casefile.vocab import FilingMethod

    moment = parse_instant(received_at, "--received-at")
    witnesses = []
    for item in witness:
        parts = item.split("|", 2)
        if len(parts) != 3 or not parts[0].strip().isdigit():
            raise InvalidScenario(f"--witness {item!r}: expected 'OBJECTION NUMBER|WITNESS|SUMMARY'")
        witnesses.append(Witness(objection=int(parts[0]), name=parts[1].strip(), summary=parts[2].strip()))
    try:
        filing_method = FilingMethod(method)
    except ValueError as exc:
        raise InvalidScenario(f"--method {method!r}: use e-filing, fax or paper") from exc
    objections_in = ObjectionsIn(
        party=party, statements=tuple(objection), received_on=local_date(case_number, moment), received_at=moment,
        method=filing_method, postmarked_on=parse_date(postmarked_on, "--postmarked-on") if postmarked_on else None,
        offer_of_proof=tuple(witnesses))
    with flows_for_command(case_number) as flows:
        show_result(flows.file_objections_flow(case_number=case_number, objections_in=objections_in, as_of=moment,
                                         election_sequence=election))


def local_date(case_number: str, moment) -> date:  # type: ignore[no-untyped-def]
    """The calendar date of ``moment`` at the case's receiving office."""
    from zoneinfo import ZoneInfo

    from casefile.record.db import read_session
    from casefile.record.deadlines import office_of
    from casefile.record.lookups import get_case

    with read_session() as session:
        tz = office_of(get_case(session, case_number)).tz
    return moment.astimezone(ZoneInfo(tz)).date()


@app.command("certify")
def certify(case_number: str = typer.Argument(...), issued_on: str = typer.Option(..., help="Date issued (YYYY-MM-DD)."),
            election: int | None = typer.Option(None, help="Election sequence (default: the latest).")) -> None:
    """Record the Regional Director's Certification (of Representative or of Results, from the tally)."""
    on = parse_date(issued_on, "--issued-on")
    now = parse_instant(None, "now")
    with flows_for_command(case_number, sweep_as_of=now) as flows:
        show_result(flows.certification_flow(case_number=case_number, issued_on=on, as_of=now,
                                       election_sequence=election))


@app.command("sweep")
def sweep(as_of: str | None = typer.Option(None, help="Instant (ISO with offset) or date; default now.")) -> None:
    """Close the periods that have run out and mark acts that have fallen due (what the schedule runs)."""
    with flows_for_command() as flows:
        report = flows.sweep_flow(as_of=parse_instant(as_of, "--as-of"))
    for line in report.deadlines_closed + report.elections_moved:
        console.print(line)
    if not report.did_something:
        console.print("nothing lapsed")
