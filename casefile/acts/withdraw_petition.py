"""Withdrawal of the petition, with the consent it needs (29 CFR 102.60(a); rules.md R-S1).

A petition may be withdrawn only with the Regional Director's consent — the Board's once the record
has been transferred to it. Any election not yet certified ends: it moves to withdrawn through the
stage machine (rules.md §4 side exit), including one whose rerun or runoff is directed but not held;
its open periods are mooted.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from sqlmodel import Session

from casefile.acts.base import ANY_STAGE, ActIn, Done, Issue, Line, Paragraph, PartyKey, Text, Who, again, recorded
from casefile.acts.order_parts import order_issues, order_ref, store_order
from casefile.acts.petition_end import ending, moot_periods, open_elections
from casefile.documents.kinds.order_approving_withdrawal import OrderApprovingWithdrawal
from casefile.errors import ProcedureError
from casefile.record.authority import Whose
from casefile.record.lookups import get_party, parties_of
from casefile.record.models import Case, Party
from casefile.record.orders import WITHDRAWAL
from casefile.record.refs import Ref
from casefile.record.workflow import advance
from casefile.vocab import Actor, PartyRole, Stage, counted


class WithdrawPetition(ActIn):
    """The withdrawal as approved — the petitioner's act, with the Regional Director's consent
    (102.60(a)): the petitioner's organization performs it; another records it only while no
    organization here represents the petitioner (casefile.record.authority). ``party`` the
    petitioner (its handle), ``consented_by`` who approved it ("Regional Director, Region 10"; "the
    Board" once the record is before it), ``date`` the day it was approved; ``issuer`` who signed the order approving it (the Regional Director, or the Board's
    Executive Secretary; "" leaves a blank line to sign, or a placeholder on a replayed case); ``note``."""

    act: Literal["withdraw-petition"] = "withdraw-petition"
    WHOSE: ClassVar[Whose] = Whose.party("party")  # the petitioner's, with the Regional Director's consent
    party: PartyKey
    consented_by: Text
    issuer: Line = ""
    note: Paragraph = ""


#: Any stage before the certification of some voting unit's latest election (the stage machine's side exit:
#: casefile.record.workflow.allowed; allowed_now).
STAGES = ANY_STAGE


def allowed_now(session: Session, case: Case, as_of: datetime | None = None, *, party: Party | None = None) -> bool:
    """Whether some voting unit's latest election may still end this way (petition_end.ending) and
    ``party`` (else some party of the case) is the petitioner, who alone withdraws it (petitioner)."""
    if not ending(session, case, Stage.WITHDRAWN):
        return False
    for who in [party] if party is not None else parties_of(session, case):
        try:
            petitioner(who)
        except ProcedureError:
            continue
        return True
    return False


def petitioner(party: Party) -> None:
    """Only the party that filed the petition withdraws it. Raises ProcedureError (field ``party``).
    Authority: 29 CFR 102.60(a)."""
    if party.role not in (PartyRole.PETITIONER, PartyRole.INDIVIDUAL_PETITIONER):
        raise ProcedureError(f"{party.name} is the {party.role.value}, not the petitioner: only the petitioner withdraws "
                             "its petition (102.60(a))", field="party")


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The Order Approving Withdrawal of Petition (29 CFR 102.60(a)); a withdrawal recorded before orders
    were stored issues nothing."""
    return order_issues(ref, OrderApprovingWithdrawal)


def perform(session: Session, act: WithdrawPetition, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Withdraw the petition with the consent named.

    ``party`` must be the petitioner (ProcedureError: only the party that filed the petition withdraws
    it). Every voting unit's latest election not yet certified moves to withdrawn (IllegalTransition
    when none can: a certified election ends by the request-for-review period, not by withdrawal);
    their open periods are mooted. Idempotent on the date. Raises ProcedureError, IllegalTransition,
    UnknownRecord. Authority: 29 CFR 102.60(a); rules.md R-S1, §4.
    """
    on = act.legal_date(case, as_of)
    key = f"withdraw-petition:{on.isoformat()}"
    if (entry := recorded(session, case, key)) is not None:
        return again(entry, act.act, issues(session, entry.ref))
    party = get_party(session, case, act.party)
    petitioner(party)
    consent = " ".join(act.consented_by.split())
    elections = open_elections(session, case, Stage.WITHDRAWN, what="withdrawal of the petition")
    stored = store_order(session, case, kind=WITHDRAWAL, issued_on=on, election_id=elections[0].id,
                         issuer=" ".join(act.issuer.split()), party_id=party.id, consented_by=consent, note=act.note,
                         elections=[e.id for e in elections])
    first = None
    for election in elections:
        mooted = moot_periods(session, election, as_of=as_of, on=on, why="the petition was withdrawn")
        summary = (f"Petition withdrawn by {party.name} with the consent of {consent} (102.60(a)); election "
                   f"{election.sequence} ends" + (f"; {counted(mooted, 'open period')} mooted" if mooted else ""))
        if act.note:
            summary += f" — {act.note}"
        entry = advance(session, election, Stage.WITHDRAWN, as_of=as_of, occurred_on=on, act=act.docket_act,
                        act_key=key if first is None else f"{key}:e{election.sequence}", actor=Actor.REGIONAL_DIRECTOR,
                        summary=summary, ref=order_ref(stored))
        first = first or entry
    assert first is not None and first.id is not None
    return Done(act=act.act, ref=first.ref, entry_id=first.id, issue=issues(session, first.ref), summary=first.summary)
