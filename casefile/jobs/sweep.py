"""The sweep: closes the periods that have run out and moves elections on when the rules say so.

It never performs the Region's acts: where the rules make an act due (a certification once the
objection period lapses with nothing pending, R-H1), it marks the election certification-due;
the certification itself is recorded when issued. Run it as often as you like: each pass does
only what is left (idempotent), so an interrupted sweep is finished by the next.

The statuses it gives say what happened, not only that a date passed:

* a party's period whose filing came in is ``met`` (``met-late`` when the record holds the filing
  as received late, e.g. accepted for excusable neglect, 102.2(d)); without a filing, ``lapsed``;
* the Region's target for opening the hearing (15 business days after the tally "or as soon as
  practicable thereafter", R-I3) is ``met`` when the hearing opened by it and ``met-late`` when it
  opened after it — not simply "met";
* the earliest certification (R-H2) is never open while the tally's challenges are determinative
  (no certification issues forthwith, R-H1(b)) and is ``mooted`` once a later tally of the election
  (a revised tally) overtook the tally it ran from.

A sweep for one Region takes the cases whose receiving office is one of that Region's offices
(casefile.rules.offices.region_scope), not the cases whose number names it: cases numbered for a
merged Region (24, San Juan) are Region 12's, and a transferred case is its new Region's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import and_, or_
from sqlmodel import Session, col, select

from casefile.errors import CasefileError, Internal
from casefile.record.closures import FILING_FOR
from casefile.record.deadlines import EARLIEST_CERTIFICATION_DETERMINATIVE, close_open_deadlines, closed_in_law
from casefile.record.lookups import latest_tally, objections_still_pending
from casefile.record.models import Case, Deadline, Election, Filing, Hearing, Party, Tally
from casefile.record.stage_facts import stage_facts
from casefile.record.stored_outcome import stored_outcome
from casefile.record.workflow import RECORDED_BY, advance
from casefile.rules.calendar import clock_label, day_label, long_date
from casefile.rules.deadline_names import deadline_noun
from casefile.rules.deadlines import met_status
from casefile.rules.offices import office_named, region_scope
from casefile.rules.outcome import Outcome, certification_words, outcome_words
from casefile.rules.stage_words import STAGE_NAMES
from casefile.rules.stages import after_objection_period
from casefile.rules.target_dates import REGION_TARGET_DATES
from casefile.vocab import Actor, Audience, DeadlineKind, DeadlineStatus, DocketActName, NlrbFiling, OutcomeKind, Stage, TallyKind

_FILING_FOR = FILING_FOR  # the filing each party's period awaits
#: Dates that are not periods for a party but the earliest day the Region may act: they stay open
#: until the act (or are mooted), instead of "lapsing".
_EARLIEST = REGION_TARGET_DATES
#: Stages that say the hearing has opened (its Hearing.opens_on is then the day it opened, not the day noticed).
_HEARING_OPENED = (Stage.HEARING_OPEN, Stage.HEARING_CLOSED, Stage.HO_REPORT_ISSUED, Stage.EXCEPTIONS_PENDING)


@dataclass
class SweepReport:
    """What one sweep pass did."""

    deadlines_closed: list[str] = field(default_factory=list)
    elections_moved: list[str] = field(default_factory=list)

    @property
    def did_something(self) -> bool:
        return bool(self.deadlines_closed or self.elections_moved)


def sweep(session: Session, *, as_of: datetime, case_id: int | None = None, region: str | None = None) -> SweepReport:
    """Close every open deadline whose cut-off instant is before ``as_of`` (met if the filing it
    awaited was made, else lapsed; each objecting party's offer-of-proof period by that party's own
    offer, 102.69(a)(8): "offer of proof of Retail, Wholesale and Department Store Union due April 7, 2022: met")
    and move the elections whose objection period closed:

    - objections filed → stays objections-pending (the Regional Director investigates);
    - none, challenges determinative → challenge-investigation (R-E2);
    - none, outcome REP or RESULTS → certification-due (R-H1, 102.69(b));
    - none, outcome RUNOFF or NULLITY_RERUN → runoff-due (102.70; a nullity rerun is directed the same way).
    A certified election whose request-for-review period lapsed closes (R-N2). The Region's own
    dates are closed by what happened (module docstring): a hearing-opens target met or met late, an
    earliest certification mooted by determinative challenges or by a later tally. ``as_of`` must be
    aware. ``case_id`` limits the pass to one case; ``region`` (a Region number, e.g. ``"10"`` or
    ``"1"``) to the cases whose receiving office is one of that Region's offices (a former Region's
    number means the Region that took it over), so that several workers can sweep Regions in parallel.
    Raises CasefileError for a naive ``as_of``, UnknownRegion for a value that is not a Region number.
    Authority: 29 CFR 102.69(a)(8), (b), (c)(1)(ii); 102.70; 102.67(c); rules.md R-H1, R-H2, R-I3.
    """
    if as_of.tzinfo is None:
        raise CasefileError("sweep: as_of must be timezone-aware")
    if not session.info.get(RECORDED_BY):
        session.info[RECORDED_BY] = "system:sweep"  # its entries name the job when the caller named no one
    report = SweepReport()
    offices = region_scope(region).office_keys if region is not None else None
    query = select(Deadline).where(Deadline.status == DeadlineStatus.OPEN, col(Deadline.cutoff_at) < as_of,
                                   col(Deadline.kind).not_in(_EARLIEST))
    query = _scoped(query, case_id, offices)
    lapsed = list(session.exec(query.order_by(col(Deadline.cutoff_at), col(Deadline.id))))  # id: one order on every database
    # One query each for what the lapsed deadlines need (filings that met them, case numbers).
    ids = [d.id for d in lapsed]
    answered: dict[tuple[int | None, str], bool] = {}
    if ids:
        for deadline_id, kind, timely in session.exec(
                select(Filing.deadline_id, Filing.kind, Filing.timely).where(
                    col(Filing.deadline_id).in_(ids), Filing.nlrb == NlrbFiling.E_FILED)).all():  # prepared: meets nothing
            answered[(deadline_id, kind)] = answered.get((deadline_id, kind), False) or bool(timely)
    numbers = dict(session.exec(select(Case.id, Case.number).where(
        col(Case.id).in_({d.case_id for d in lapsed}))).all()) if lapsed else {}
    names = party_names(session, {d.case_id for d in lapsed})
    for deadline in lapsed:
        filing_kind = _FILING_FOR.get(deadline.kind)
        timely = answered.get((deadline.id, filing_kind)) if filing_kind is not None else None
        if timely is None:
            deadline.status = DeadlineStatus.LAPSED
        else:
            deadline.status = DeadlineStatus.MET if timely else DeadlineStatus.MET_LATE
        deadline.closed_at = as_of
        session.add(deadline)
        report.deadlines_closed.append(_closed_line(numbers[deadline.case_id], deadline, "due", names))
    session.flush()
    movable = [d for d in lapsed if d.kind in (DeadlineKind.OBJECTIONS, DeadlineKind.REVISED_TALLY_OBJECTIONS,
                                                DeadlineKind.REQUEST_FOR_REVIEW)]
    for deadline in movable:
        # Lock the election and re-read its stage: an act may have moved it since the query.
        election = session.get(Election, deadline.election_id, with_for_update=True, populate_existing=True)
        assert election is not None
        if (deadline.kind is DeadlineKind.OBJECTIONS and election.stage is Stage.TALLY_ISSUED) or (
                deadline.kind is DeadlineKind.REVISED_TALLY_OBJECTIONS and election.stage is Stage.REVISED_TALLY_ISSUED):
            _after_objection_period(session, election, deadline, as_of, report)
        elif deadline.kind is DeadlineKind.REQUEST_FOR_REVIEW and election.stage is Stage.CERTIFIED:
            advance(session, election, Stage.CLOSED, as_of=as_of, occurred_on=deadline.due_on, act=DocketActName.CLOSE,
                    act_key=f"close:e{election.sequence}:rfr-lapsed", actor=Actor.SYSTEM,
                    summary=f"No request for review by {long_date(deadline.due_on)}: the certification is final")
            report.elections_moved.append(_moved_line(number_of(session, election.case_id), election.sequence,
                                                      Stage.CERTIFIED, Stage.CLOSED))
    _close_region_dates(session, as_of, case_id, offices, report)
    return report


def _closed_line(number: str, deadline: Deadline, on: str, names: dict[tuple[int, str], str]) -> str:
    """A period the sweep closed, in words from the one table of deadline names: "10-RC-269250: offer of proof of
    Retail, Wholesale and Department Store Union due April 7, 2022: lapsed", "13-RC-13325: certification from
    May 9, 1974: mooted" (``names``: the parties' names by case id and handle, party_names)."""
    return (f"{number}: {deadline_noun(deadline.kind)}{_whose(deadline, names)} {on} {long_date(deadline.due_on)}: "
            f"{deadline.status.value.replace('-', ' ')}")


def _whose(deadline: Deadline, names: dict[tuple[int, str], str]) -> str:
    """" of Retail, Wholesale and Department Store Union" for a period of one party (an objecting party's offer of
    proof, each its own: 102.69(a)(8)), by the party's name (its handle only for a party the record no longer
    has); "" for a period of all parties or of the Regional Director."""
    if deadline.for_whom in set(Audience):
        return ""
    return f" of {names.get((deadline.case_id, deadline.for_whom), deadline.for_whom)}"


def party_names(session: Session, case_ids: set[int]) -> dict[tuple[int, str], str]:
    """The names of the parties of the cases ``case_ids``, by (case id, handle): one query."""
    if not case_ids:
        return {}
    rows = session.exec(select(Party.case_id, Party.key, Party.name).where(col(Party.case_id).in_(case_ids))).all()
    return {(case_id, key): name for case_id, key, name in rows}


def _moved_line(number: str, sequence: int, moved_from: Stage, to: Stage) -> str:
    """An election the sweep moved on, its stages by their names (the one table, casefile.rules.stage_words):
    "10-RC-269250 election 1: Tally of Ballots issued; objection period running → Certification due"."""
    return f"{number} election {sequence}: {STAGE_NAMES[moved_from]} → {STAGE_NAMES[to]}"


def _scoped(query: Any, case_id: int | None, offices: tuple[str, ...] | None) -> Any:
    """``query`` (over Deadline) limited to one case and/or to the cases of one Region's offices."""
    if case_id is not None:
        query = query.where(Deadline.case_id == case_id)
    if offices is not None:
        query = query.join(Case, col(Case.id) == col(Deadline.case_id)).where(col(Case.office_key).in_(offices))
    return query


def _close_region_dates(session: Session, as_of: datetime, case_id: int | None, offices: tuple[str, ...] | None,
                        report: SweepReport) -> None:
    """Close the Region's own dates that what happened has settled (two queries, whatever the number of cases):

    - an open earliest certification whose tally's challenges are determinative (R-H1(b)), or which
      a later tally of the election overtook (a revised tally, R-L2): mooted;
    - an open hearing-opens target whose election's hearing has opened: met, or met late when it
      opened after the target (R-I3) — for a hearing recorded without closing the target.
    """
    # Driven from the few elections that can moot it (a determinative or a revised tally), on the election index.
    suspects = select(Tally.election_id).where(or_(col(Tally.determinative).is_(True), Tally.kind == TallyKind.REVISED))
    overtaken = _scoped(
        select(Deadline, Tally.prepared_on, Tally.kind, Tally.determinative)
        .join(Tally, col(Tally.election_id) == col(Deadline.election_id))
        .where(col(Deadline.election_id).in_(suspects), Deadline.kind == DeadlineKind.EARLIEST_CERTIFICATION,
               Deadline.status == DeadlineStatus.OPEN,
               or_(col(Tally.prepared_on) > col(Deadline.trigger_on),
                   and_(col(Tally.prepared_on) == col(Deadline.trigger_on), col(Tally.determinative).is_(True)))),
        case_id, offices).order_by(col(Deadline.id), col(Tally.prepared_on).desc())  # the latest tally says why
    mooted: dict[int, tuple[Deadline, str]] = {}
    for deadline, prepared_on, kind, determinative in session.exec(overtaken).all():
        if deadline.id in mooted:
            continue
        if prepared_on == deadline.trigger_on and determinative:
            why = EARLIEST_CERTIFICATION_DETERMINATIVE
        else:
            why = (f"mooted: overtaken by the {kind.value} tally of {day_label(prepared_on)}; the certification follows "
                   "that tally's objection period (102.69(e))")
        mooted[deadline.id] = (deadline, why)  # type: ignore[index]
    opened = _scoped(
        select(Deadline, Hearing.opens_on)
        .join(Hearing, col(Hearing.election_id) == col(Deadline.election_id))
        .join(Election, col(Election.id) == col(Deadline.election_id))
        .where(col(Deadline.election_id).in_(select(Hearing.election_id).where(col(Hearing.opens_on).is_not(None))),
               Deadline.kind == DeadlineKind.HEARING_OPENS, Deadline.status == DeadlineStatus.OPEN,
               col(Hearing.opens_on).is_not(None), col(Hearing.opens_on) <= as_of.date(),
               col(Election.stage).in_(_HEARING_OPENED)),
        case_id, offices).order_by(col(Deadline.id), col(Hearing.opens_on))
    met: dict[int, tuple[Deadline, Any]] = {}
    for deadline, opens_on in session.exec(opened).all():
        met.setdefault(deadline.id, (deadline, opens_on))  # type: ignore[arg-type]
    if not mooted and not met:
        return
    numbers = dict(session.exec(select(Case.id, Case.number).where(
        col(Case.id).in_({d.case_id for d, _ in [*mooted.values(), *met.values()]}))).all())
    names = party_names(session, {d.case_id for d, _ in [*mooted.values(), *met.values()]})
    for deadline, why in mooted.values():
        deadline.status, deadline.closed_at = DeadlineStatus.MOOTED, as_of
        deadline.derivation = [*deadline.derivation, why]
        session.add(deadline)
        report.deadlines_closed.append(_closed_line(numbers[deadline.case_id], deadline, "from", names))
    for deadline, opens_on in met.values():
        # closed on the day the hearing opened (its legal date, at the office's clock), not the sweep's run (R-B2)
        deadline.status, deadline.closed_at = met_status(deadline.due_on, opens_on), closed_in_law(deadline, opens_on, as_of)
        if deadline.status is DeadlineStatus.MET_LATE:
            deadline.derivation = [*deadline.derivation, f"met late: the hearing opened {day_label(opens_on)}, after "
                                   f"the target {day_label(deadline.due_on)}"]
        session.add(deadline)
        report.deadlines_closed.append(_closed_line(numbers[deadline.case_id], deadline, "due", names))
    session.flush()


def number_of(session: Session, case_id: int) -> str:
    case = session.get(Case, case_id)
    assert case is not None
    return case.number


def _after_objection_period(session: Session, election: Election, deadline: Deadline, as_of: datetime,
                            report: SweepReport) -> None:
    tally = latest_tally(session, election)
    if tally is None:  # a deadline without its tally (not made by casefile's acts): nothing to decide on
        return
    case = session.get(Case, election.case_id)
    assert case is not None
    outcome = OutcomeKind(tally.outcome)
    key = f"objection-period-closed:e{election.sequence}:{deadline.due_on.isoformat()}"
    what = "objections to the revised tally" if deadline.kind is DeadlineKind.REVISED_TALLY_OBJECTIONS else "objections"
    cutoff = deadline.cutoff_at.astimezone(ZoneInfo(office_named(deadline.office_key).tz))
    # Words and long dates only: the summary is under the docket chain and is printed as written
    # ("11:59 p.m. EDT", as the Agency writes it; citations to 29 CFR, never casefile's rule ids).
    ended = f"No {what} by {long_date(deadline.due_on)} (cut-off {clock_label(cutoff)})"
    pending = objections_still_pending(session, election)
    facts = stage_facts(session, election)  # a tally whose challenges were all sustained stands (102.69(c)(1)(i))
    to = after_objection_period(facts)
    try:
        stored: Outcome | None = stored_outcome(tally)
    except Internal:  # a row that does not store its whole outcome: the certification's act refuses it, not the sweep
        stored = None
    certifies = (certification_words(stored) if stored is not None else "") or "the certification"
    runoff = outcome_words(stored) if stored is not None else "the runoff the tally calls for"
    why = {
        Stage.OBJECTIONS_PENDING: f"{ended}; {pending} earlier objections still to be decided",
        Stage.CHALLENGE_INVESTIGATION: f"{ended}; " + ("the challenged ballot is" if tally.challenged == 1 else
                                                       f"the {tally.challenged:,} challenged ballots are")
        + " determinative",
        Stage.CERTIFICATION_DUE: f"{ended}; the challenged ballots are not determinative: {certifies} "
        "is due forthwith (29 CFR 102.69(b))"
        if facts.outcome is outcome else f"{ended}; every determinative challenged ballot sustained: the tally stands "
        "and the certification is due forthwith (29 CFR 102.69(b), (c)(1)(i))",
        Stage.RUNOFF_DUE: f"{ended}; {runoff}: the Regional Director directs it (29 CFR 102.70)",
    }[to]
    moved_from = election.stage
    advance(session, election, to, as_of=as_of, occurred_on=deadline.due_on, act=DocketActName.OBJECTION_PERIOD_CLOSED,
            act_key=key, actor=Actor.SYSTEM, summary=why)
    if to in (Stage.CERTIFICATION_DUE, Stage.RUNOFF_DUE):
        close_open_deadlines(session, election, {DeadlineKind.HEARING_OPENS}, status=DeadlineStatus.MOOTED, as_of=as_of,
                             closed_at=deadline.cutoff_at)  # mooted when the objection period ended, not at the sweep's run
    report.elections_moved.append(_moved_line(case.number, election.sequence, moved_from, to))
