"""``casefile deadlines explain ID``: how a stored deadline was computed (issue 4), read-only;
imports neither Prefect nor WeasyPrint. The ids are those of ``casefile deadlines`` and
``casefile case show`` (column ID; key ``id`` in their ``--json``)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

import typer

from casefile.cli.app import console, deadlines_app

if TYPE_CHECKING:
    from sqlmodel import Session


def deadline_explanation(session: Session, deadline_id: int, *, as_of: Any) -> dict[str, Any]:
    """The stored deadline ``deadline_id`` with its case, election, receiving office and derivation,
    as plain JSON-able data (``cutoff_at`` in the receiving office's zone); ``status`` is its state at
    the aware instant ``as_of`` (casefile.rules.deadline_state.state_at, the one meaning of open: a
    period whose cut-off has passed is never open), ``stored_status`` the record's. Raises UnknownRecord."""
    from sqlmodel import select

    from casefile.documents.wording import DEADLINE_NOUNS
    from casefile.errors import UnknownRecord
    from casefile.record.deadlines import configured_calendar
    from casefile.record.models import Case, Deadline, Election, Filing, Party
    from casefile.record.queries import answered_deadlines, met_by_parties
    from casefile.rules.calendar import clock_label, weekday_date
    from casefile.rules.calendar_words import calendar_words
    from casefile.rules.deadline_state import one_party_period, state_at
    from casefile.rules.offer_of_proof import whose
    from casefile.rules.offices import office_named

    deadline = session.get(Deadline, deadline_id)
    if deadline is None:
        raise UnknownRecord(f"no deadline with id {deadline_id} in the database "
                            "(`casefile deadlines` and `casefile case show CASE` list the ids)")
    case = session.get(Case, deadline.case_id)
    election = session.get(Election, deadline.election_id)
    assert case is not None and election is not None  # foreign keys
    office = office_named(deadline.office_key)
    cutoff = deadline.cutoff_at.astimezone(ZoneInfo(office.tz))
    filings = session.exec(select(Filing).where(Filing.deadline_id == deadline.id)).all()
    names = {p.key: p.name for p in session.exec(select(Party).where(Party.case_id == case.id))}
    state = state_at(kind=deadline.kind, status=deadline.status, trigger_on=deadline.trigger_on,
                     cutoff_at=cutoff, closed_at=deadline.closed_at, as_of=as_of,
                     answered=answered_deadlines(filings, [deadline], as_of).get(deadline_id),
                     met_by=met_by_parties(filings, [deadline], {p.id: p.name for p in session.exec(
                         select(Party).where(Party.case_id == case.id))}, as_of).get(deadline_id, ()),
                     one_party=one_party_period(deadline.for_whom))
    counted_on = configured_calendar().for_office(office)  # the closures named by date only when it is the one stored
    closed = [c for c in counted_on.closures if deadline.trigger_on < c.on <= deadline.due_on] \
        if counted_on.calendar_id == deadline.calendar_id else []
    return {
        "id": deadline.id, "kind": deadline.kind.value, "what": DEADLINE_NOUNS[deadline.kind],
        "case_number": case.number, "case_name": case.name,
        "election": election.sequence, "election_kind": election.kind.value,
        "for": deadline.for_whom, "for_words": whose(deadline.for_whom, names) or deadline.for_whom,
        "trigger": deadline.trigger, "trigger_on": deadline.trigger_on.isoformat(),
        "citation": deadline.citation, "rule_set": deadline.rule_set_id, "calendar": deadline.calendar_id,
        "calendar_words": calendar_words(deadline.calendar_id, closed_in_period=closed),
        "office": office.key, "office_name": office.name, "office_tz": office.tz,
        "derivation": list(deadline.derivation),
        "tolling": tolling_lines(deadline.derivation),
        "preceding_due_on": deadline.preceding_due_on.isoformat() if deadline.preceding_due_on else None,
        "due_on": deadline.due_on.isoformat(), "due_label": weekday_date(deadline.due_on),
        "cutoff_at": cutoff.isoformat(), "cutoff_label": f"{clock_label(cutoff)} on {weekday_date(cutoff.date())}",
        "status": state.status, "open": state.open, "stored_status": deadline.status.value,
        "status_note": state.note, "as_of": as_of.isoformat(),
        "closed_at": (deadline.closed_at.astimezone(ZoneInfo(office.tz)).replace(microsecond=0).isoformat()
                      if deadline.closed_at else None),
    }


def tolling_lines(derivation: list[Any]) -> list[str]:
    """The lines of a derivation that toll its due date (from "the period ran while the Agency was
    closed" to "revised due date"), or [] when the due date was not tolled."""
    lines = [str(line) for line in derivation]
    start = next((i for i, line in enumerate(lines) if line.startswith("the period ran while the Agency was closed")), None)
    if start is None:
        return []
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("revised due date")), start)
    return lines[start:end + 1]


def deadline_named(session: Session, case_number: str, kind: str, *, election: int | None = None) -> int:
    """The id of the deadline of kind ``kind`` (e.g. ``objections``) of case ``case_number``: of its
    latest election (or election ``election``), the latest of that kind. Raises MalformedCaseNumber,
    UnknownCase, UnknownRecord (no such kind, or none of it in the case: the kinds it has are named)."""
    from sqlmodel import col, select

    from casefile.errors import UnknownRecord
    from casefile.record.lookups import get_case
    from casefile.record.models import Deadline, Election
    from casefile.rules.case_numbers import parse_case_number

    case = get_case(session, str(parse_case_number(case_number)))
    from casefile.documents.wording import deadline_kind_named

    kind = deadline_kind_named(kind).value  # its slug, its name or an unambiguous beginning
    rows = session.exec(select(Deadline, Election).where(Deadline.case_id == case.id, Deadline.election_id == Election.id)
                        .order_by(col(Election.sequence), col(Deadline.trigger_on), col(Deadline.id))).all()
    chosen = [d for d, e in rows if d.kind.value == kind and (election is None or e.sequence == election)]
    if election is None and chosen:
        latest = max(e.sequence for d, e in rows if d.kind.value == kind)
        chosen = [d for d, e in rows if d.kind.value == kind and e.sequence == latest]
    if not chosen:
        has = sorted({d.kind.value for d, _ in rows})
        where = f" in election {election}" if election is not None else ""
        raise UnknownRecord(f"{case.number} has no {kind} deadline{where} (its deadlines: {', '.join(has) or 'none'})",
                            field="kind")
    assert chosen[-1].id is not None
    return chosen[-1].id


@deadlines_app.command("explain")
def explain(
    what: str = typer.Argument(..., metavar="ID | CASE", help="The deadline's id (column ID of `casefile deadlines`), "
                                                              "or the case number, with KIND after it."),
    kind: str | None = typer.Argument(None, metavar="[KIND]", help="With a case number: the deadline's kind, e.g. "
                                                                    "objections, offer-of-proof, exceptions."),
    election: int | None = typer.Option(None, "--election", help="With CASE KIND: the election (default the latest)."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
    as_of: str | None = typer.Option(None, "--as-of", help="A moment (a date and time, like 2026-03-20T14:00-04:00) or a date (00:00 at the receiving office) whose status to show; default now."),
) -> None:
    """Show how a stored deadline was computed: trigger, rule set, calendar, receiving office, each
    day counted or skipped, the due date and the cut-off in the office's time, and its status now.
    Name it by its id, or by its case and kind (`casefile deadlines explain 19-RC-361042 objections`)."""
    from datetime import datetime

    from casefile import app as front
    from casefile.cli.perform import now
    from casefile.documents.wording import without_exact_instants
    from casefile.errors import CasefileError
    from casefile.record.db import read_session
    from casefile.rules.rule_sets import rule_set_by_id
    from casefile.vocab import ELECTION_KIND_WORDS, zone_words

    moment = now().replace(microsecond=0) if as_of is None else front.read_instant(as_of, what="--as-of")
    from casefile.errors import BadInput

    if what.isdigit() and kind is None:
        deadline_id = int(what)
    elif kind is None:
        raise BadInput(f"deadlines explain: {what!r} is not a deadline id; with a case number, give the deadline's "
                       "kind after it (e.g. `casefile deadlines explain 19-RC-361042 objections`)", field="kind")
    with read_session() as session:
        if kind is not None:
            deadline_id = deadline_named(session, what, kind, election=election)
        view = deadline_explanation(session, deadline_id, as_of=moment)
    if as_json:
        console.print_json(json.dumps(view))
        return
    election = f"election {view['election']} ({ELECTION_KIND_WORDS.get(view['election_kind'], view['election_kind'])})"
    from casefile.rules.calendar import instant_label

    def said(instant: str) -> str:  # an instant in words at the receiving office ("12:00 a.m. EDT on April 12, 2021")
        return instant_label(datetime.fromisoformat(instant).astimezone(ZoneInfo(view["office_tz"])))

    try:
        rules = rule_set_by_id(view["rule_set"]).title
    except CasefileError:
        rules = view["rule_set"]
    lines = [
        f"Deadline {view['id']}: {view['what']} — {view['case_number']} {view['case_name']}, {election}",
        f"  for               {view['for_words']}",
        f"  trigger           {view['trigger']}",
        f"  rule              {view['citation']}",
        f"  rule set          {rules}",
        f"  calendar          {view['calendar_words']}",  # words; --json keeps the stored id
        f"  receiving office  {view['office_name']} ({zone_words(view['office_tz'])})",
        "",
        "How it was computed:",
        *(f"  {without_exact_instants(line)}" for line in view["derivation"]),
        "",
        *([f"Tolled: {view['tolling'][1]}; {view['tolling'][-1]}"] if view["tolling"] else []),
        f"Due {view['due_label']}; cut-off {view['cutoff_label']}, the receiving office's time",
        f"Status as of {said(view['as_of'])}: {view['status'].replace('-', ' ')}"  # in words; --json keeps the instants
        + (f" (closed {said(view['closed_at'])})" if view["closed_at"] else "")
        + (f" — {view['status_note']}" if view["status_note"] else ""),
    ]
    for line in lines:
        console.print(line, markup=False, highlight=False, soft_wrap=True)
