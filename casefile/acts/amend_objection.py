"""A party amends the text of one of its objections, within the objection period only.

Objections are due within 5 business days after the tally and the period cannot be extended
(29 CFR 102.69(a)(8); rules.md R-G3, R-G6): an amendment is received by the same cut-off, judged
against the stored deadline as a filing is (casefile.rules.timeliness), else refused. After the
period the text stands as filed (a new ground would be a late objection). The objections are
issued again as a new version with the amended text; the first is kept.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar, Literal

from pydantic import Field
from sqlmodel import Session

from casefile.acts.base import ANY_STAGE, ActIn, Done, Issue, PartyKey, Prose, Who, election_for
from casefile.acts.chronology import refuse_if_before
from casefile.acts.correction_parts import (
    Change,
    Why,
    changed_documents,
    correction_key,
    document_states,
    found_again,
    issues_of,
    lock,
    record_correction,
    titles,
)
from casefile.acts.party_filing import stored_deadline
from casefile.acts.withdraw_objection import objection_of, objections_in_latest
from casefile.errors import BadInput, CasefileError, ProcedureError
from casefile.record.authority import Whose
from casefile.record.models import Case, Deadline, Filing, Objection, Party
from casefile.record.refs import Ref, RowKey
from casefile.rules.chronology import Earlier
from casefile.rules.corrections import amendable
from casefile.rules.timeliness import Timeliness, judge_filing
from casefile.vocab import FilingMethod

#: Not bound to the election's stage (refused, where it is, on what the record holds): offered at every
#: stage (casefile.acts.allowed_now).
STAGES = ANY_STAGE


class AmendObjection(ActIn):
    """Party ``party`` amends its objection number ``number`` (election ``election``, default the
    latest) to read ``text``; ``at`` the instant the Region received the amendment (default: the
    moment it is recorded; give ``date`` alone when the record has only the day). ``why`` is
    required."""

    act: Literal["amend-objection"] = "amend-objection"
    WHOSE: ClassVar[Whose] = Whose.party("party")
    party: PartyKey
    number: int = Field(ge=1, le=10_000, strict=True)
    text: Prose
    method: FilingMethod = FilingMethod.E_FILING
    why: Why


def issues(session: Session, ref: Ref | None) -> tuple[Issue, ...]:
    """The objections issued again with the amended text (the first version kept)."""
    return issues_of(session, ref)


def allowed_now(session: Session, case: Case, as_of: datetime | None = None, *, party: Party | None = None) -> bool:
    """Whether ``party`` (else some party) has an objection in the latest election it may amend now:
    pending, and an amendment received now within its objection period (amendment_check, which
    perform() applies)."""
    from datetime import UTC
    from zoneinfo import ZoneInfo

    from casefile.record.deadlines import office_of

    moment = as_of or datetime.now(UTC)
    received_on = moment.astimezone(ZoneInfo(office_of(case).tz)).date()
    for who, objection in objections_in_latest(session, case, party):
        try:
            amendment_check(session, case, who, objection, received_on=received_on, received_at=moment,
                            at=None, method=FilingMethod.E_FILING)
        except CasefileError:
            continue
        return True
    return False


def amendment_check(session: Session, case: Case, party: Party, objection: Objection, *, received_on: date,
                    received_at: datetime | None, at: datetime | None, method: FilingMethod) -> Timeliness:
    """Whether objection ``objection`` of ``party`` may be amended by an amendment received then: a
    pending objection (amendable), with its objection period in the record, received after the
    objection and by the period's cut-off (it cannot be extended). Raises ProcedureError,
    OutOfOrder, UntimelyFiling. Authority: 29 CFR 102.69(a)(8); 102.2(a),(b); rules.md R-G3, R-G6."""
    amendable(objection.disposition, number=objection.number, party=party.name)
    filing = session.get(Filing, objection.filing_id)
    assert filing is not None
    deadline = session.get(Deadline, filing.deadline_id) if filing.deadline_id is not None else None
    if deadline is None:
        raise ProcedureError(f"objection {objection.number} of {party.name} has no objection period recorded to amend "
                             "it in", field="number")
    refuse_if_before(f"the amendment of objection {objection.number} of {party.name}", received_on,
                     [Earlier("the objection was received", filing.received_on, filing.received_at)], at=at,
                     field="at" if at is not None else "date", verb="was received")
    return judge_filing(stored_deadline(case, deadline),
                        what=f"the amendment of objection {objection.number} of {party.name}",
                        received_on=received_on, received_at=received_at, method=method, extendable=False)


def perform(session: Session, act: AmendObjection, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Amend the objection's text, if received within the objection period.

    Refused, storing nothing: a party or objection the election does not have (UnknownRecord); an
    objection not pending (withdrawn, set for hearing, ruled on: ProcedureError); an amendment
    received after the cut-off of the objections deadline as stored (UntimelyFiling: the period
    cannot be extended, R-G6); the text it already has (BadInput: nothing to correct). A retry
    returns the first result. Authority: 29 CFR 102.69(a)(8); 102.2(a),(b); rules.md R-G3, R-G6.
    """
    lock(session, case)
    election = election_for(session, case, act.election)
    party, objection = objection_of(session, case, election, act.party, act.number)
    target = RowKey.of(objection)
    key = correction_key(act.act, target, {"text": act.text}, act.why)
    if (done := found_again(session, case, key, holds=lambda: objection.text == act.text, act=act.act)) is not None:
        return done
    if objection.text == act.text:
        raise BadInput(f"objection {objection.number} of {party.name} already reads so: this amendment changes nothing",
                       field="text")
    received_on = act.legal_date(case, as_of)
    received_at = act.at if act.at is not None or act.on is not None else as_of
    judged = amendment_check(session, case, party, objection, received_on=received_on, received_at=received_at,
                             at=act.at, method=act.method)
    before_docs = document_states(session, case)
    old = objection.text
    objection.text = act.text
    session.add(objection)
    session.flush()
    reissue = changed_documents(session, case, before_docs)
    consequences = [f"Received within the objection period: {judged.note}."]
    if reissue:
        consequences.append(f"Issued again as new versions with the amended text (the first versions are kept): "
                            f"{titles(reissue)}; the party files the amended objections and serves them on the other "
                            "parties as it did the first (102.69(a)(8)): casefile neither files nor serves them.")
    return record_correction(
        session, case, act=act.act, key=key, target=target, election=election,
        changes=[Change(f"objection {objection.number} text", old, act.text)], why=act.why,
        head=f"Objection {objection.number} of {party.name} amended", consequences=consequences, reissue=reissue,
        moved=[], occurred_on=received_on, as_of=as_of)
