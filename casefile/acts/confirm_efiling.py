"""A party confirms that a filing it prepared in casefile was e-filed with the NLRB, on the date the agency
received it.

casefile records a party's filing and prepares its PDF; it files nothing with the NLRB. A filing recorded as
"prepared" meets no period (casefile.rules.efiling): the party e-files it (NLRB E-Filing, 29 CFR 102.5(c)) and
records here when the Region or the Board received it. The filing is then judged against its period by that
receipt (29 CFR 102.2(a), (b)) and becomes "e-filed"; an offer of proof filed with objections goes with them.
A receipt after the cut-off is refused (the period's own rule, as when the filing is recorded e-filed).
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal
from zoneinfo import ZoneInfo

from pydantic import Field
from sqlmodel import Session, select

from casefile.acts.base import ANY_STAGE, ActIn, Done, Issue, PartyKey, Who, again, recorded
from casefile.acts.chronology import filed_before
from casefile.acts.party_filing import deadline_zone, received_on_at, received_words, stored_deadline
from casefile.errors import BadInput, ProcedureError, UnknownRecord
from casefile.record.authority import Whose
from casefile.record.closures import NOUNS
from casefile.record.deadlines import close_open_deadlines
from casefile.record.lookups import get_party
from casefile.record.models import Case, Deadline, Election, Filing, Party
from casefile.record.refs import Ref, ref_to
from casefile.record.workflow import advance, docket
from casefile.rules.efiling import stage_on_receipt
from casefile.rules.offices import office_named
from casefile.rules.timeliness import judge_filing
from casefile.vocab import Actor, DeadlineKind, DeadlineStatus, FilingKind, NlrbFiling

#: Not bound to the election's stage: offered while the party has a prepared filing (allowed_now).
STAGES = ANY_STAGE


class ConfirmEfiling(ActIn):
    """Party ``party`` confirms that its filing ``filing`` (the id of a filing recorded as prepared in casefile)
    was e-filed with the NLRB: ``at`` the instant the Region or the Board received it (E-Filing's receipt),
    or ``date`` the day, when only the day is known (timeliness is then judged by the day)."""

    act: Literal["confirm-efiling"] = "confirm-efiling"
    WHOSE: ClassVar[Whose] = Whose.party("party", staff=True)
    party: PartyKey
    filing: int = Field(ge=1, le=2**31 - 1, strict=True)


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """A confirmation issues no document (the filing's own were issued when it was prepared)."""
    return ()


def prepared_filings(session: Session, case: Case, party: Party | None = None) -> list[Filing]:
    """The case's filings (of ``party`` when given) recorded as prepared in casefile and not yet e-filed, in
    the order recorded; an offer of proof that came with objections goes with them, so it is not listed."""
    query = select(Filing).where(Filing.case_id == case.id, Filing.nlrb == NlrbFiling.PREPARED)
    if party is not None:
        query = query.where(Filing.party_id == party.id)
    rows = session.exec(query.order_by(Filing.id)).all()  # type: ignore[arg-type]
    return [f for f in rows if f.accompanies_id is None or f.kind is not FilingKind.OFFER_OF_PROOF
            or session.get(Filing, f.accompanies_id) is None]


def allowed_now(session: Session, case: Case, as_of: datetime | None = None, *, party: Party | None = None) -> bool:
    """Whether ``party`` (else some party) has a filing prepared in casefile and not yet e-filed."""
    return bool(prepared_filings(session, case, party))


def refusal_for(session: Session, case: Case, parties: list[Party]) -> str:
    """Why allowed_now refuses a confirmation to ``parties`` (those the viewer acts for), in words: none of them
    has a filing prepared in casefile and not yet e-filed in the case — what is confirmed here is the NLRB's
    receipt of such a filing, once the party has e-filed it ("" when one of them has one)."""
    if any(prepared_filings(session, case, party) for party in parties):
        return ""
    whose = " or ".join(p.name for p in parties) if parties else "any party"
    return (f"nothing of {whose} is prepared in casefile and not yet e-filed with the NLRB in this case — this "
            "confirms the NLRB's receipt of a filing recorded as prepared, once it is e-filed; a filing recorded as "
            "e-filed needs no confirmation")


def _what(filing: Filing, party: Party) -> str:
    noun, _plural = NOUNS.get(filing.kind, (filing.kind.replace("-", " "), False))
    return f"{noun} of {party.name}"


def perform(session: Session, act: ConfirmEfiling, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Record that party ``act.party``'s prepared filing ``act.filing`` was received by the agency at
    ``act.at`` (or on ``act.date``), dated where it is received (the office its period is with; the Board
    for a request for review), judged against its stored period by that receipt; the filing (and an offer
    of proof filed with it) becomes e-filed, in one transaction with its docket entry. Exceptions or a waiver of
    them now e-filed close the exceptions period once every party has filed or waived, as their own acts do
    (casefile.acts.waive_exceptions.close_when_waived; 29 CFR 102.69(c)(1)(iii), X-K8). Idempotent: the same
    confirmation again stores nothing; another receipt for a filing already confirmed is refused. Raises
    UnknownRecord (no such filing of the party: field ``filing``), ProcedureError (already e-filed), BadInput
    (a receipt later than now, or earlier than the filing was recorded as prepared: field ``at``, else ``date``), OutOfOrder, UntimelyFiling (received after the cut-off: nothing is stored).
    Authority: 29 CFR 102.2(a), (b), 102.5(c); casefile.rules.efiling."""
    party = get_party(session, case, act.party)
    filing = session.get(Filing, act.filing)
    if filing is None or filing.case_id != case.id or filing.party_id != party.id:
        raise UnknownRecord(f"{party.name} has no filing {act.filing} in {case.number}", field="filing")
    deadline = session.get(Deadline, filing.deadline_id) if filing.deadline_id is not None else None
    tz = deadline_zone(deadline) if deadline is not None else office_named(case.office_key).tz
    received_on = received_on_at(act, tz, as_of)
    key = f"confirm-efiling:filing:{filing.id}"
    what = _what(filing, party)
    if (entry := recorded(session, case, key)) is not None:
        if filing.received_on == received_on and (act.at is None or filing.received_at == act.at):
            return again(entry, act.act, ())
        raise ProcedureError(f"the e-filing of the {what} is already confirmed, received "
                             f"{received_words(filing.received_at, filing.received_on, tz)}", field="date")
    if filing.nlrb is NlrbFiling.E_FILED:
        raise ProcedureError(f"the {what} is already recorded as e-filed with the NLRB, received "
                             f"{received_words(filing.received_at, filing.received_on, tz)}", field="filing")
    if (act.at is not None and act.at > as_of) or received_on > as_of.astimezone(ZoneInfo(tz)).date():
        raise BadInput(f"the {what} cannot have been received after now ({received_on.isoformat()})", field="date")
    # recorded as prepared, not yet e-filed, at a moment: the agency cannot have received it before it was prepared
    if (act.at is not None and filing.received_at is not None and act.at < filing.received_at) or (
            received_on < filing.received_on):
        raise BadInput(f"the {what} was recorded in casefile as prepared, not yet e-filed with the NLRB, "
                       f"{received_words(filing.received_at, filing.received_on, tz)}: the NLRB cannot have received "
                       f"it earlier, {received_words(act.at, received_on, tz)}", field="at" if act.at is not None else "date")
    note = filing.timeliness_note
    if deadline is not None:
        filed_before(what, received_on, deadline, at=act.at)
        note = judge_filing(stored_deadline(case, deadline), what=what, received_on=received_on, received_at=act.at,
                            method=filing.method, extendable=filing.kind is not FilingKind.OBJECTIONS).note
    together = session.exec(select(Filing).where(Filing.accompanies_id == filing.id,
                                                 Filing.kind == FilingKind.OFFER_OF_PROOF,
                                                 Filing.nlrb == NlrbFiling.PREPARED)).all()
    for row in (filing, *together):
        row.nlrb, row.received_on, row.received_at, row.timeliness_note = NlrbFiling.E_FILED, received_on, act.at, note
        session.add(row)
    session.flush()
    summary = (f"E-filing of the {what} confirmed: received by the NLRB "
               f"{received_words(act.at, received_on, tz)}" + (" with its offer of proof" if together else ""))
    election = session.get(Election, filing.election_id, with_for_update=True)
    assert election is not None
    if filing.kind is FilingKind.OBJECTIONS:  # objections received: no certification forthwith (R-H1)
        close_open_deadlines(session, election, {DeadlineKind.EARLIEST_CERTIFICATION}, status=DeadlineStatus.MOOTED,
                             as_of=as_of, on=received_on, closed_at=act.at)
    to = stage_on_receipt(filing.kind, election.stage)  # the move its own act makes for a filing recorded e-filed
    if to is not None:
        entry = advance(session, election, to, as_of=as_of, occurred_on=received_on, act=act.docket_act, act_key=key,
                        actor=Actor.PARTY, summary=summary, ref=ref_to(filing))
    else:
        entry = docket(session, case.id, election_id=filing.election_id, as_of=as_of, occurred_on=received_on,  # type: ignore[arg-type]
                       act=act.docket_act, act_key=key, actor=Actor.PARTY, summary=summary, ref=ref_to(filing))
    if filing.kind in (FilingKind.EXCEPTIONS, FilingKind.EXCEPTIONS_WAIVER) and deadline is not None:
        from casefile.acts.waive_exceptions import close_when_waived  # a waiver now e-filed: no one left (X-K8)

        close_when_waived(session, case, election, deadline, as_of=as_of, on=received_on, at=act.at)
    assert entry.id is not None
    return Done(act=act.act, ref=entry.ref, entry_id=entry.id, issue=(), summary=summary)
