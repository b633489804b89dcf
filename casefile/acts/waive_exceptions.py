"""A party's waiver of its right to file exceptions (to the Hearing Officer's Report, or in a case consolidated with an
unfair labor practice case to the Administrative Law Judge's decision).

29 CFR 102.69(c)(1)(iii) gives each party its time for exceptions and lets the Regional Director decide "upon the
expiration of the period for filing such exceptions"; no rule text provides for a waiver. In practice a party waives
that right in writing — often the parties jointly, so that the Regional Director may decide at once — and the Regions
record the waiver: casefile records it as the party's filing (Filing kind ``exceptions-waiver``), against the period
it waives, and the party is no longer waited on for exceptions (casefile.rules.report_periods). A joint waiver is each
party's own act, recorded once for each (a party waives only for itself: the authority policy, ``WHOSE``).
The law: casefile.rules.exceptions_waiver; docs/rules.md X-K8.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar, Literal

from sqlmodel import Session, col, select

from casefile.acts.base import Done, Issue, Who, again, election_for, recorded, ref_id
from casefile.acts.chronology import filed_before, latest_on
from casefile.acts.party_filing import PartyFilingIn, deadline_zone, filings_of, receipt_words, received_on_at, store_filing
from casefile.documents.kinds.exceptions_waiver import WaiverOfExceptions
from casefile.errors import ProcedureError
from casefile.gaps import Gap
from casefile.record.authority import Whose
from casefile.record.deadlines import close_open_deadlines
from casefile.record.lookups import deadline_of, get_party, parties_of
from casefile.record.models import Case, Deadline, Election, Party
from casefile.record.refs import RecordTable, Ref, ref_to
from casefile.record.workflow import docket, require_stage
from casefile.rules.chronology import Earlier
from casefile.rules.exceptions_waiver import every_party_done, waiver_refusal
from casefile.rules.stages import accepted_at
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, DocketActName, FilingKind, NlrbFiling, Stage

#: The stages of the election the act is on (the latest) at which perform() accepts it (require_stage below), while
#: the party's exceptions period runs (allowed_now): what the web and the API offer (casefile.acts.allowed_now).
STAGES = accepted_at("waive-exceptions")


class WaiveExceptions(PartyFilingIn):
    """The waiver as filed: ``party`` the party that waives its own right to file exceptions; ``at``/``date`` when the
    office that receives the exceptions received it (the Regional Director's; the Board's for exceptions to an
    Administrative Law Judge's decision); ``note`` for the record (e.g. "joint waiver with the Employer")."""

    act: Literal["waive-exceptions"] = "waive-exceptions"
    WHOSE: ClassVar[Whose] = Whose.party("party")


def _period(session: Session, election: Election) -> Deadline | None:
    """The exceptions period the waiver is against: to the judge's decision at alj-decision-issued, else to the
    report."""
    kind = DeadlineKind.ALJ_EXCEPTIONS if election.stage is Stage.ALJ_DECISION_ISSUED else DeadlineKind.EXCEPTIONS
    return deadline_of(session, election, kind)


def _filed(session: Session, election: Election, deadline: Deadline, kind: FilingKind) -> dict[int, list[object]]:
    """Party id → its e-filed filings of ``kind`` against ``deadline`` (a prepared one is before no one)."""
    out: dict[int, list[object]] = {}
    for f in filings_of(session, election, kind):
        if f.deadline_id == deadline.id and f.nlrb is NlrbFiling.E_FILED:
            out.setdefault(f.party_id, []).append(f)
    return out


def allowed_now(session: Session, case: Case, as_of: datetime | None = None, *, party: Party | None = None) -> bool:
    """Whether a waiver of exceptions may be recorded now in the case's latest election, by ``party`` (else by some
    party): at a stage of STAGES, while the exceptions period runs (open, its cut-off not passed at ``as_of``), by a
    party that has neither filed exceptions in it nor waived already — what perform() refuses otherwise
    (casefile.rules.exceptions_waiver; 29 CFR 102.69(c)(1)(iii))."""
    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    if latest is None or latest.stage not in STAGES:
        return False
    deadline = _period(session, latest)
    if deadline is None or deadline.status is not DeadlineStatus.OPEN or (as_of is not None and deadline.cutoff_at < as_of):
        return False
    done = set(_filed(session, latest, deadline, FilingKind.EXCEPTIONS)) | \
        set(_filed(session, latest, deadline, FilingKind.EXCEPTIONS_WAIVER))
    return any(p.id not in done for p in ([party] if party is not None else parties_of(session, case)))


def refusal_now(session: Session, case: Case, as_of: datetime | None = None) -> str:
    """Why allowed_now refuses the waiver at a stage the table accepts it at, in words (a clause for
    casefile.rules.stage_words.guard_refusal)."""
    latest = session.exec(select(Election).where(Election.case_id == case.id)
                          .order_by(col(Election.sequence).desc())).first()
    deadline = _period(session, latest) if latest is not None else None
    if deadline is None:
        return "the record holds no exceptions period"
    from casefile.rules.calendar import weekday_date

    if deadline.status is not DeadlineStatus.OPEN or (as_of is not None and deadline.cutoff_at < as_of):
        return (f"the time for exceptions ran out on {weekday_date(deadline.due_on)}: there is no right left to waive "
                "(29 CFR 102.69(c)(1)(iii))")
    return "every party has filed exceptions or waived its right to (29 CFR 102.69(c)(1)(iii))"


def close_when_waived(session: Session, case: Case, election: Election, deadline: Deadline, *, as_of: datetime,
                      on: date, at: datetime | None) -> None:
    """Close the exceptions period ``deadline`` as met on ``on`` (the receipt of the filing just recorded, ``at`` its
    instant when known) once some party waived its right to file exceptions and every party has waived or filed
    them (e-filed): no one is left to file in it (casefile.rules.exceptions_waiver.every_party_done). With no
    exceptions filed — every party waived — the answering-brief period is mooted: nothing is left to answer. With
    no waiver the period keeps running to its cut-off, as before (the sweep closes it). Called by waive-exceptions
    and file-exceptions. Authority: 29 CFR 102.69(c)(1)(iii); the waiver, the Regions' practice (X-K8)."""
    keys = {p.id: p.key for p in parties_of(session, case)}
    waived = {keys[pid] for pid in _filed(session, election, deadline, FilingKind.EXCEPTIONS_WAIVER) if pid in keys}
    excepted = {keys[pid] for pid in _filed(session, election, deadline, FilingKind.EXCEPTIONS) if pid in keys}
    if not waived or not every_party_done(keys.values(), excepted=excepted, waived=waived):
        return
    close_open_deadlines(session, election, {DeadlineKind(deadline.kind)}, status=DeadlineStatus.MET, as_of=as_of,
                         on=on, closed_at=at, reason=f"met on {on.isoformat()}: every party filed exceptions or waived "
                                                     "its right to (29 CFR 102.69(c)(1)(iii))")
    if not excepted and deadline.kind is DeadlineKind.EXCEPTIONS:  # no exceptions: nothing for an answering brief
        close_open_deadlines(session, election, {DeadlineKind.ANSWERING_BRIEF}, status=DeadlineStatus.MOOTED,
                             as_of=as_of, on=on, closed_at=at,
                             reason=f"mooted: every party waived its right to file exceptions by {on.isoformat()} "
                                    "(29 CFR 102.69(c)(1)(iii))")


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Waiver of Exceptions with its statement of service."""
    return (Issue(WaiverOfExceptions, ref_id(ref, RecordTable.FILING)),)


def perform(session: Session, act: WaiveExceptions, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record the party's waiver of its right to file exceptions in the election's running exceptions period.

    The election must be at ho-report-issued, exceptions-pending or alj-decision-issued (IllegalTransition); the
    waiver is against the stored exceptions deadline (to the judge's decision: the alj-exceptions one), dated where
    that office receives it. Refused (ProcedureError, nothing stored): no exceptions period in the record (field
    ``election``); dated before the report or decision it waives exceptions to (OutOfOrder); the party already filed
    exceptions in the period (field ``party``); received after the period's cut-off — nothing left to waive
    (field ``date``; casefile.rules.exceptions_waiver.waiver_refusal). Stored as a Filing (kind exceptions-waiver),
    served on the other parties, docketed as the party's act; no stage moves. Once every party has filed exceptions
    or waived (e-filed), the exceptions period is closed as met on the waiver's day, and — nobody having excepted —
    the answering-brief period is mooted (nothing to answer). The Regional Director's decision on the report no longer
    waits on a party that waived (casefile.rules.report_periods). Idempotent on (election, party): a retry returns the
    first result; the same party's waiver with other terms is refused by the front door (AlreadyRecorded). Raises
    UnknownRecord (no such party or election). Authority: 29 CFR 102.69(c)(1)(iii), 102.46(a), 102.2(b); the waiver
    is the Regions' practice (docs/rules.md X-K8).
    """
    election = election_for(session, case, act.election)
    party = get_party(session, case, act.party)
    key = f"exceptions-waiver:e{election.sequence}:{party.key}"
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    deadline = _period(session, election)
    to_alj = election.stage is Stage.ALJ_DECISION_ISSUED
    if deadline is None:
        what = "administrative law judge's decision" if to_alj else "hearing officer's report"
        raise ProcedureError(f"election {election.sequence} of {case.number} has no {what}: there is no exceptions "
                             "period to waive (29 CFR 102.69(c)(1)(iii))", field="election")
    zone = deadline_zone(deadline)
    received_on = received_on_at(act, zone, as_of)
    excepted_to = "the Administrative Law Judge's decision" if to_alj else "the hearing officer's report"
    filed_before(f"waiver of exceptions of {party.name}", received_on, deadline, at=act.at,
                 earlier=[Earlier(f"{excepted_to} issued", latest_on(session, election, DocketActName.ALJ_DECISION if to_alj else DocketActName.HO_REPORT))])
    excepted = _filed(session, election, deadline, FilingKind.EXCEPTIONS)
    mine = excepted.get(party.id or 0, [])
    refusal = waiver_refusal(party.name, received_on=received_on, due_on=deadline.due_on,
                             after_cutoff=act.at is not None and act.at > deadline.cutoff_at,
                             excepted_on=min(f.received_on for f in mine) if mine else None)  # type: ignore[attr-defined]
    if refusal is not None:
        raise refusal
    require_stage(election, "waiving exceptions", STAGES)
    warnings: list[str | Gap] = []
    filing = store_filing(session, case, election, party, kind=FilingKind.EXCEPTIONS_WAIVER, act=act,
                          received_on=received_on, deadline=deadline, timeliness=None,
                          body=[{"waived": "exceptions", "to": "alj-decision" if to_alj else "ho-report"}],
                          served=[], note="waiver of the right to file exceptions (29 CFR 102.69(c)(1)(iii))",
                          warnings=warnings)
    excepted_to_title = "the Administrative Law Judge's Decision" if to_alj else "the Hearing Officer's Report"
    summary = (f"Waiver of exceptions of {party.name}: its right to file exceptions to {excepted_to_title} waived, "
               f"{receipt_words(act.nlrb, act.at, received_on, tz=zone)}")
    entry = docket(session, case.id, election_id=election.id, as_of=as_of, occurred_on=received_on,  # type: ignore[arg-type]
                   act=act.docket_act, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref_to(filing))
    if act.nlrb is NlrbFiling.E_FILED:
        close_when_waived(session, case, election, deadline, as_of=as_of, on=received_on, at=act.at)
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=issues(session, entry.ref), summary=summary,
                warnings=tuple(warnings))
