"""Computing a deadline with the rules and keeping it, with how it was computed.

The configured calendar holds every closure (those of one office too: ``DATE@OFFICE=reason`` in
CASEFILE_EXTRA_CLOSURES); the rules count each deadline on its receiving office's calendar and toll
a period that ran while the offices were closed (the 2025 shutdown), so a stored deadline is the
tolled one and its derivation says so (rules.md R-B7, R-B8)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, select

from casefile.record.models import Case, Deadline, Election, Filing, Tally
from casefile.record.refs import Ref
from casefile.rules.calendar import BusinessCalendar, clock_label, day_label, known_closures, parse_closure
from casefile.rules.deadlines import DeadlineComputation, compute_deadline, contingent_on, met_status
from casefile.rules.offices import Office, office_named
from casefile.rules.rule_sets import rule_set_by_id
from casefile.rules.trigger_words import TRIGGER_WORDS
from casefile.vocab import Audience, DeadlineKind, DeadlineStatus, TriggerKind


def configured_calendar() -> BusinessCalendar:
    """The business calendar of the settings: known EO closures (unless turned off) plus extra closures
    (``DATE[@OFFICE][=reason]``: a closure naming an office closes that office only). Raises
    InvalidCalendar naming the closure when one cannot be read (an unknown office)."""
    from casefile.settings import get_settings

    settings = get_settings()
    return _calendar(tuple(settings.extra_closures), settings.known_closures)


@lru_cache(maxsize=8)
def _calendar(extra: tuple[str, ...], known: bool) -> BusinessCalendar:
    closures = (list(known_closures()) if known else []) + [parse_closure(text) for text in extra]
    return BusinessCalendar(closures)


def office_of(case: Case) -> Office:
    """The case's receiving office (UnknownRegion if the office table no longer knows its key)."""
    return office_named(case.office_key)


def compute_for_case(case: Case, kind: DeadlineKind, trigger_on: date, *,
                     preceding_fixed: tuple[date, str] | None = None) -> DeadlineComputation:
    """Compute ``kind`` from ``trigger_on`` under the case's rule set, office and the configured calendar;
    ``preceding_fixed``: the (due date, order) of the document a responsive period answers when an
    order fixed it (:func:`casefile.rules.deadlines.compute_deadline`; :func:`fixed_preceding` finds it)."""
    return compute_deadline(
        kind, trigger_on, rule_set=rule_set_by_id(case.rule_set_id), calendar=configured_calendar(), office=office_of(case),
        preceding_fixed=preceding_fixed,
    )


def preceding_deadline(session: Session, case: Case, *, election_id: int, kind: DeadlineKind,
                       trigger_on: date) -> Deadline | None:
    """The stored deadline a responsive period of ``kind`` runs from (the exceptions of an answering
    brief, the request for review of an opposition: the rule set's ``runs_from``), in election
    ``election_id`` and the same chain (trigger date ``trigger_on``), or None (not a responsive
    period, or none stored)."""
    period = rule_set_by_id(case.rule_set_id).periods.get(kind)
    if period is None or period.runs_from is None:
        return None
    return session.exec(select(Deadline).where(Deadline.election_id == election_id,
                                               Deadline.kind == period.runs_from,
                                               Deadline.trigger_on == trigger_on)).first()


def fixed_preceding(session: Session, case: Case, *, election_id: int, kind: DeadlineKind,
                    trigger_on: date) -> tuple[date, str] | None:
    """``(due_on, order)`` of the deadline a responsive period of ``kind`` runs from when an order fixed
    its date (pinned), else None: the responsive period then runs from the extended date (29 CFR
    102.2(a), (b); 102.67(f); 102.69(c)(1)(iii); rules.md R-B5)."""
    earlier = preceding_deadline(session, case, election_id=election_id, kind=kind, trigger_on=trigger_on)
    if earlier is None or not earlier.pinned_by:
        return None
    return earlier.due_on, earlier.pinned_by


def responsive_to(session: Session, case: Case, deadline: Deadline) -> list[Deadline]:
    """The stored deadlines that run from ``deadline`` (same election and trigger date; the rule set's
    ``runs_from`` names its kind), in id order: the answering brief of exceptions, the opposition of a
    request for review (the earliest certification of objections, which no order moves)."""
    kinds = [k for k, p in rule_set_by_id(case.rule_set_id).periods.items() if p.runs_from is deadline.kind]
    if not kinds:
        return []
    return list(session.exec(select(Deadline).where(Deadline.election_id == deadline.election_id,
                                                    col(Deadline.kind).in_(kinds),
                                                    Deadline.trigger_on == deadline.trigger_on)
                             .order_by(col(Deadline.id))))


def keep_deadline(
    session: Session,
    *,
    case: Case,
    election: Election,
    kind: DeadlineKind,
    trigger: TriggerKind,
    trigger_on: date,
    for_whom: str,
    trigger_ref: Ref | None = None,
    as_of: datetime | None = None,
) -> Deadline | None:
    """Compute and store a deadline (idempotent: the same kind and trigger date returns the stored one)
    that runs from the act ``trigger`` of ``trigger_on`` (``trigger_ref``: the record it made, when known).
    Returns None when the case's rule set has no fixed period of that kind (e.g. no hearing date
    before 2015, R-A1). ``as_of``: when the act is recorded (the ``closed_at`` of a deadline stored
    closed; None leaves it unset).

    An earliest certification from a tally whose challenges are determinative is stored closed as
    mooted, never open: the Regional Director certifies forthwith only when the challenges cannot
    affect the result (R-H1(b), 102.69(b)); the certification will follow the ballots' resolution.

    A contingent period (casefile.rules.deadlines.contingent_on: the opposition to a request for review) is kept
    only once its filing is on record, None before: the act that records the filing keeps it then.

    The offer of proof is each objecting party's (casefile.rules.offer_of_proof): its periods of one
    trigger date are one per ``for_whom`` (a party key), and the one the tally opens for "objecting
    party" is whichever of them the first objecting party took."""
    if kind not in rule_set_by_id(case.rule_set_id).periods:
        return None
    if (needs := contingent_on(kind)) is not None and session.exec(select(Filing.id).where(
            Filing.election_id == election.id, Filing.kind == needs)).first() is None:
        return None  # it runs only once that filing is on record (an opposition: a request for review, 102.67(f))
    existing = session.exec(
        _same_period(select(Deadline).where(
            Deadline.election_id == election.id, Deadline.kind == kind, Deadline.trigger_on == trigger_on
        ), kind, for_whom).order_by(col(Deadline.id))
    ).first()
    if existing is not None:
        return existing
    computed = compute_for_case(case, kind, trigger_on, preceding_fixed=fixed_preceding(
        session, case, election_id=election.id, kind=kind, trigger_on=trigger_on))  # type: ignore[arg-type]
    deadline = Deadline(
        case_id=case.id,  # type: ignore[arg-type]
        election_id=election.id,  # type: ignore[arg-type]
        kind=kind,
        for_whom=for_whom,
        trigger_kind=trigger,
        trigger_ref=trigger_ref,
        trigger_on=trigger_on,
        due_on=computed.due_on,
        cutoff_at=computed.cutoff_at,
        citation=computed.citation,
        rules=list(computed.rules),
        rule_set_id=computed.rule_set_id,
        office_key=computed.office_key,
        calendar_id=computed.calendar_id,
        derivation=list(computed.derivation),
        preceding_due_on=computed.preceding.due_on if computed.preceding else None,
    )
    if kind is DeadlineKind.EARLIEST_CERTIFICATION and _determinative_tally_on(session, election, trigger_on):
        deadline.status = DeadlineStatus.MOOTED
        deadline.closed_at = closed_in_law(deadline, trigger_on, as_of)  # mooted from the tally's day
        deadline.derivation = [*deadline.derivation, EARLIEST_CERTIFICATION_DETERMINATIVE]
    session.add(deadline)
    session.flush()
    return deadline


def _same_period(query: Any, kind: DeadlineKind, for_whom: str) -> Any:
    """``query`` (over Deadline, of one election, kind and trigger date) limited to the period ``for_whom``
    means: for the offer of proof, a party's own period (a party key), or any (the tally's, for "objecting
    party", which the first objecting party took as its own); for every other kind, the one period."""
    if kind is DeadlineKind.OFFER_OF_PROOF and for_whom != Audience.OBJECTING_PARTY:
        return query.where(Deadline.for_whom == for_whom)
    return query


def offer_period_for(session: Session, election: Election, party_key: str) -> Deadline | None:
    """The offer-of-proof period of the party ``party_key`` in ``election`` (the latest by trigger date),
    or None when the party has none (it has not objected). Authority: 29 CFR 102.69(a)(8)."""
    return session.exec(select(Deadline).where(Deadline.election_id == election.id,
                                               Deadline.kind == DeadlineKind.OFFER_OF_PROOF,
                                               Deadline.for_whom == party_key)
                        .order_by(col(Deadline.trigger_on).desc(), col(Deadline.id).desc())).first()


def offer_period_on_objections(session: Session, *, case: Case, election: Election, party_key: str,
                               objections: Deadline) -> Deadline | None:
    """The offer-of-proof period the objections of ``party_key`` filed in the period ``objections`` make
    due (casefile.rules.offer_of_proof.offer_of_proof_owed): the party's own when it has one, else the
    tally's period for "objecting party" made the party's (its ``for_whom`` becomes the party key), else a
    period of its own computed from the same tally (keep_deadline). None for objections to a revised tally
    (their offer is due within that period itself) or a rule set without the period. Authority: 29 CFR
    102.69(a)(8), 102.66(c); rules.md R-G4, R-G5."""
    from casefile.rules.offer_of_proof import offer_of_proof_owed

    held = list(session.exec(select(Deadline).where(Deadline.election_id == election.id,
                                                    Deadline.kind == DeadlineKind.OFFER_OF_PROOF,
                                                    Deadline.trigger_on == objections.trigger_on)
                             .order_by(col(Deadline.id))))
    owed = offer_of_proof_owed(party_key, objected_to=objections.kind, tally_prepared_on=objections.trigger_on,
                               periods_for=[d.for_whom for d in held])
    if owed is None:
        return None
    if owed.how == "has":
        own = next(d for d in held if d.for_whom == party_key)
        if own.status is DeadlineStatus.MOOTED:  # mooted when every objection was withdrawn: new objections need
            own.status, own.closed_at = DeadlineStatus.OPEN, None  # their offer again, in the same period (102.69(a)(8))
            own.derivation = [*own.derivation, "open again: objections filed again within the period"]
            session.add(own)
            session.flush()
        return own
    if owed.how == "takes":
        tallys = next(d for d in held if d.for_whom == Audience.OBJECTING_PARTY)
        tallys.for_whom = party_key
        session.add(tallys)
        session.flush()
        return tallys
    return keep_deadline(session, case=case, election=election, kind=DeadlineKind.OFFER_OF_PROOF,
                         trigger=objections.trigger_kind, trigger_ref=objections.trigger_ref,
                         trigger_on=owed.trigger_on, for_whom=party_key)


#: Why an earliest certification is not open: its tally's challenges are determinative (R-H1(b)).
EARLIEST_CERTIFICATION_DETERMINATIVE = (
    "mooted: the challenged ballots are sufficient to affect the results, so no certification issues forthwith "
    "after the objection period (102.69(b)); it follows the challenges' resolution"
)


def _determinative_tally_on(session: Session, election: Election, prepared_on: date) -> bool:
    return session.exec(select(Tally.id).where(Tally.election_id == election.id, Tally.prepared_on == prepared_on,
                                               Tally.determinative == True)).first() is not None  # noqa: E712


def closed_in_law(deadline: Deadline, on: date | datetime | None, as_of: datetime | None) -> datetime | None:
    """The instant a deadline closed in law, stored as its ``closed_at``: the act's own instant
    (``on`` a datetime: a filing's receipt) or the start of its legal date in the deadline's office's
    zone (``on`` a date), never later than ``as_of``, when the act is recorded (a case recorded after
    the fact closes its periods on the days they closed, not the day they were entered); ``as_of``
    without ``on``. What :func:`casefile.rules.deadline_state.state_at` compares with the instant
    asked about (R-B2)."""
    if on is None:
        return as_of
    if not isinstance(on, datetime):
        on = datetime.combine(on, time(0), tzinfo=ZoneInfo(office_named(deadline.office_key).tz))
    return on if as_of is None else min(on, as_of)


def close_open_deadlines(
    session: Session, election: Election, kinds: set[DeadlineKind], *, status: DeadlineStatus, as_of: datetime,
    on: date | None = None, reason: str | None = None, closed_at: datetime | None = None,
    legal_on: date | None = None,
) -> list[Deadline]:
    """Close the election's open deadlines of ``kinds`` with ``status`` (e.g. mooted by a set-aside), and return them.

    Each one's ``closed_at`` is when it closed in law (:func:`closed_in_law`): ``closed_at`` (the
    closing filing's receipt), else the start of ``on`` (or ``legal_on``) in the deadline's office's
    zone, else ``as_of`` — so a view as of a day before the act's legal date shows the period still
    running, and one after it closed, whenever the act was typed (R-B2). Every act passes its legal
    date (the docket entry's ``occurred_on``).

    ``legal_on``: the act's legal date for ``closed_at`` alone, where ``on``'s met-late judgment does not
    apply (a certification that issues after its earliest date is not late: it may issue any time after).

    ``on``: the legal date of the act that closes them; with ``status`` met, a date the act came
    after is closed ``met-late`` instead (a hearing that opened after its target, R-I3:
    :func:`casefile.rules.deadlines.met_status`). ``reason``: a sentence added to each closed
    deadline's derivation (what mooted it), shown by ``casefile deadlines explain``."""
    closed: list[Deadline] = []
    for deadline in session.exec(
        select(Deadline).where(Deadline.election_id == election.id, Deadline.status == DeadlineStatus.OPEN)
    ):
        if deadline.kind in kinds:
            deadline.status = met_status(deadline.due_on, on) if status is DeadlineStatus.MET else status
            deadline.closed_at = closed_in_law(deadline, closed_at or on or legal_on, as_of)
            if deadline.status is DeadlineStatus.MET_LATE and on is not None:
                deadline.derivation = [*deadline.derivation, f"met late: done {day_label(on)}, after "
                                       f"{day_label(deadline.due_on)}"]
            if reason:
                deadline.derivation = [*deadline.derivation, reason]
            session.add(deadline)
            closed.append(deadline)
    return closed


def keep_fixed_deadline(
    session: Session, *, case: Case, election: Election, kind: DeadlineKind, trigger: TriggerKind, trigger_on: date,
    due_on: date, fixed_by: str, citation: str, for_whom: str, trigger_ref: Ref | None = None,
) -> Deadline:
    """Store a deadline whose date the one who set the period fixed (the hearing officer's allowance of
    post-hearing briefs at the close of the hearing, 29 CFR 102.69(c)(1)(iii)), or fix the stored one of
    the same kind and trigger date to ``due_on``: pinned (``pinned_by`` = ``fixed_by``), never recomputed,
    its cut-off at the end of the due day in the receiving office's zone, its derivation saying so.
    Idempotent: the same kind, trigger date and due date return the stored deadline."""
    from casefile.rules.extensions import cutoff_of_fixed_date

    office = office_of(case)
    cutoff = cutoff_of_fixed_date(kind, due_on, office_tz=office.tz)
    line = f"date fixed: {fixed_by} → due {day_label(due_on)}, cut-off {clock_label(cutoff)} ({cutoff.isoformat()})"
    existing = session.exec(
        select(Deadline).where(Deadline.election_id == election.id, Deadline.kind == kind, Deadline.trigger_on == trigger_on)
    ).first()
    if existing is not None:
        if existing.due_on != due_on or existing.pinned_by != fixed_by:
            existing.due_on, existing.cutoff_at, existing.pinned_by = due_on, cutoff, fixed_by
            existing.derivation = [*existing.derivation, line]
            session.add(existing)
            session.flush()
        return existing
    deadline = Deadline(
        case_id=case.id,  # type: ignore[arg-type]
        election_id=election.id,  # type: ignore[arg-type]
        kind=kind, for_whom=for_whom, trigger_kind=trigger, trigger_ref=trigger_ref, trigger_on=trigger_on, due_on=due_on,
        cutoff_at=cutoff,
        citation=citation, rule_set_id=case.rule_set_id, office_key=office.key,
        calendar_id=configured_calendar().for_office(office).calendar_id, pinned_by=fixed_by,
        derivation=[f"{TRIGGER_WORDS[trigger]}: {day_label(trigger_on)}", line],
    )
    session.add(deadline)
    session.flush()
    return deadline


@dataclass(frozen=True)
class Followed:
    """A responsive deadline moved because the deadline it runs from was extended: the row (already
    changed), its due date before, and whether it had lapsed and runs again."""

    deadline: Deadline
    old_due_on: date
    reopened: bool


def follow_extension(session: Session, case: Case, extended: Deadline) -> list[Followed]:
    """Recompute the periods that run from ``extended`` after an order fixed its date (pinned): an
    answering brief runs "within 5 business days from the last date on which exceptions ... may be
    filed" (102.69(c)(1)(iii); 2014 rule: 7 days), an opposition "within 5 business days after the last
    day on which the request for review must be filed" (102.67(f); 2014 and pre-2015: 7 days), and
    102.2(a) runs a responsive document from "the date the preceding document was required to be
    received", the last day of any extension granted (102.2(b)) — so the extended date, not the one
    first computed. A responsive deadline pinned by an order of its own, mooted, or that does not move
    is left as it is; one that had lapsed and now ends later runs again. Its derivation is the new
    computation (the old lines kept before it). Returns the deadlines moved, in id order.
    Authority: 29 CFR 102.2(a), (b); 102.67(f); 102.69(c)(1)(iii); rules.md R-B5, R-K2, R-N6.
    """
    from casefile.rules.extensions import cutoff_of_fixed_date, status_after_order

    moved: list[Followed] = []
    for deadline in responsive_to(session, case, extended):
        if deadline.pinned_by or deadline.status is DeadlineStatus.MOOTED \
                or deadline.kind is DeadlineKind.EARLIEST_CERTIFICATION:
            continue
        computed = compute_for_case(case, deadline.kind, deadline.trigger_on,
                                    preceding_fixed=(extended.due_on, extended.pinned_by))
        if computed.due_on == deadline.due_on:
            continue
        old_due_on, old_status = deadline.due_on, deadline.status
        status = status_after_order(old_status, old_due_on=old_due_on, new_due_on=computed.due_on)
        cutoff = computed.cutoff_at if computed.office_key == deadline.office_key else cutoff_of_fixed_date(
            deadline.kind, computed.due_on, office_tz=office_named(deadline.office_key).tz)
        deadline.due_on, deadline.cutoff_at = computed.due_on, cutoff
        deadline.preceding_due_on = extended.due_on
        deadline.derivation = [*deadline.derivation,
                               f"recomputed: the period it runs from was extended to {day_label(extended.due_on)} "
                               f"({extended.pinned_by}); it now runs from that date (102.2(a)):",
                               *computed.derivation]
        reopened = status is not old_status
        if reopened:
            deadline.status, deadline.closed_at = status, None
        session.add(deadline)
        moved.append(Followed(deadline, old_due_on, reopened))
    session.flush()
    return moved
