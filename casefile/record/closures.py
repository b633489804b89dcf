"""Closures a later-recorded filing supersedes, and how the docket shows them.

The sweep closes a party's period as ``lapsed`` when the record holds no filing against it by its
cut-off. When a filing received within the period is recorded afterwards (with its real receipt),
the front door (casefile.app.perform), in the act's own transaction, calls
:func:`supersede_closures`: the deadline becomes ``met`` (``met-late`` for a filing accepted late by
an order) and a docket entry says the earlier closure is superseded (casefile.rules.closures). The
docket is append-only, so the closure's own entry stays; the read models mark it superseded
(:func:`superseded_entries`). The act itself takes the election to the stage the law gives (e.g. a
timely request for review: rfr-pending; timely objections: objections-pending).
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, col, select

from casefile.record.authority.hidden import CLOSURE_SUPERSEDED
from casefile.record.models import Deadline, DocketEntry, Election, Filing, Party
from casefile.record.refs import RecordTable, ref_to
from casefile.record.workflow import docket
from casefile.rules.closures import PeriodClosure, Receipt, superseded
from casefile.rules.deadline_names import DEADLINE_NAMES
from casefile.rules.offices import office_named
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, FilingKind, NlrbFiling

#: The filing each party's period awaits (what the sweep looks for before it calls a period lapsed).
FILING_FOR: dict[DeadlineKind, FilingKind] = {
    DeadlineKind.OBJECTIONS: FilingKind.OBJECTIONS, DeadlineKind.OFFER_OF_PROOF: FilingKind.OFFER_OF_PROOF,
    DeadlineKind.EXCEPTIONS: FilingKind.EXCEPTIONS, DeadlineKind.REVISED_TALLY_OBJECTIONS: FilingKind.OBJECTIONS,
    DeadlineKind.ANSWERING_BRIEF: FilingKind.ANSWERING_BRIEF, DeadlineKind.RECONSIDERATION: FilingKind.RECONSIDERATION_MOTION,
    DeadlineKind.REQUEST_FOR_REVIEW: FilingKind.REQUEST_FOR_REVIEW, DeadlineKind.RFR_OPPOSITION: FilingKind.RFR_OPPOSITION,
    DeadlineKind.POST_HEARING_BRIEF: FilingKind.POST_HEARING_BRIEF}

#: The filing that closes a period for its own party only, without meeting it for the others: a party's written
#: waiver of exceptions (the Regions' practice, docs/rules.md X-K8) — the period is over for that party (state_at's
#: ``met`` for its viewer), runs on for the others, and the sweep still closes it by FILING_FOR.
CLOSES_FOR_ITS_PARTY: dict[DeadlineKind, FilingKind] = {DeadlineKind.EXCEPTIONS: FilingKind.EXCEPTIONS_WAIVER}

#: Each period in the field's terms, for the docket's sentence (the one table of deadline names).
PERIODS: dict[DeadlineKind, str] = {kind: name.period for kind, name in DEADLINE_NAMES.items()}

#: Each filing in words, and whether the noun is plural.
NOUNS: dict[FilingKind, tuple[str, bool]] = {
    FilingKind.OBJECTIONS: ("objections", True), FilingKind.OFFER_OF_PROOF: ("offer of proof", False),
    FilingKind.EXCEPTIONS: ("exceptions", True), FilingKind.ANSWERING_BRIEF: ("answering brief", False),
    FilingKind.RECONSIDERATION_MOTION: ("motion for reconsideration", False),
    FilingKind.REQUEST_FOR_REVIEW: ("request for review", False), FilingKind.RFR_OPPOSITION: ("statement in opposition", False),
    FilingKind.POST_HEARING_BRIEF: ("post-hearing brief", False)}

#: The act of the docket entry that supersedes a closure (the authority policy hides one about an
#: offer of proof's period from who may not know how it closed).
ACT = CLOSURE_SUPERSEDED


def _closure_entry(session: Session, deadline: Deadline, election: Election | None) -> DocketEntry | None:
    """The sweep's entry that moved the election when ``deadline`` lapsed (jobs.sweep's act keys), if any."""
    if election is None:
        return None
    if deadline.kind in (DeadlineKind.OBJECTIONS, DeadlineKind.REVISED_TALLY_OBJECTIONS):
        key = f"objection-period-closed:e{election.sequence}:{deadline.due_on.isoformat()}"
    elif deadline.kind is DeadlineKind.REQUEST_FOR_REVIEW:
        key = f"close:e{election.sequence}:rfr-lapsed"
    else:
        return None
    return session.exec(select(DocketEntry).where(DocketEntry.case_id == deadline.case_id,
                                                  DocketEntry.act_key == key)).first()


def supersede_closures(session: Session, case_id: int, *, as_of: datetime) -> list[str]:
    """Every ``lapsed`` period of the case that a filing in the record answers: the status the filing
    gives it (casefile.rules.closures.superseded: met, or met late) and one docket entry saying the
    closure is superseded, in the caller's transaction (its entries name whoever performs it).
    Returns the sentences written. Raises nothing of its own."""
    lapsed = list(session.exec(select(Deadline).where(Deadline.case_id == case_id,
                                                      Deadline.status == DeadlineStatus.LAPSED,
                                                      col(Deadline.kind).in_(list(FILING_FOR)))))
    written: list[str] = []
    for deadline in lapsed:
        filings = list(session.exec(select(Filing).where(
            Filing.deadline_id == deadline.id, Filing.kind == FILING_FOR[deadline.kind],
            Filing.nlrb == NlrbFiling.E_FILED)  # a filing only prepared in casefile meets nothing (rules.efiling)
            .order_by(col(Filing.timely).desc(), col(Filing.received_on), col(Filing.id))))
        if not filings:
            continue
        filing = filings[0]
        party = session.get(Party, filing.party_id)
        noun, plural = NOUNS[filing.kind]
        what = f"the {noun} of {party.name}" if party is not None else f"the {noun}"
        office_tz = office_named(deadline.office_key).tz
        outcome = superseded(PeriodClosure(period=PERIODS[deadline.kind], due_on=deadline.due_on, office_tz=office_tz,
                                     status=deadline.status),
                             Receipt(what=what, received_on=filing.received_on, received_at=filing.received_at,
                                     timely=bool(filing.timely), plural=plural))
        if outcome is None:
            continue
        election = session.get(Election, deadline.election_id) if deadline.election_id is not None else None
        entry = _closure_entry(session, deadline, election)
        deadline.status = outcome.status
        session.add(deadline)
        assert filing.id is not None
        docket(session, case_id, election_id=deadline.election_id, as_of=as_of, occurred_on=filing.received_on,
               act=ACT, act_key=f"{ACT}:deadline:{deadline.id}:filing:{filing.id}", actor=Actor.SYSTEM,
               summary=outcome.sentence, ref=ref_to(entry) if entry is not None else ref_to(deadline))
        written.append(outcome.sentence)
    session.flush()
    return written


def superseded_entries(session: Session, case_id: int) -> dict[int, DocketEntry]:
    """The case's docket entries a later entry superseded (entry id → the superseding entry)."""
    later = session.exec(select(DocketEntry).where(DocketEntry.case_id == case_id, DocketEntry.act == ACT)).all()
    return {e.ref.id: e for e in later if e.ref is not None and e.ref.table is RecordTable.DOCKET}


def marked(summary: str, superseding: DocketEntry | None) -> str:
    """A superseded entry's summary as a read model shows it: said to be superseded, never as a fact."""
    if superseding is None:
        return summary
    return f"[Superseded: {superseding.summary}] {summary}"
