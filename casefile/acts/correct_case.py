"""Correct the case's details as transcribed: its name, the description of the voting unit, the
kind of election agreement, the date the petition was filed.

Every document whose content the correction changes is issued again as a new version (the first
kept). A corrected petition date that falls under another rule set (R-A1) puts the case under that
rule set: every period not fixed by an order is computed again under it and each move docketed.
A corrected agreement that changes whether the Board reviews the Regional Director's actions
(R-K5: none after a consent election) is said, with what was already done under the old one; the
correction itself changes no stage and no period the old agreement opened.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar, Literal
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, func, select

from casefile.acts.base import ANY_STAGE, Done, LegalDate, Paragraph, Text, Who
from casefile.acts.correcting import CorrectionIn, ask, check_given, listed, reissued
from casefile.acts.correction_parts import (
    Change,
    Moved,
    Why,
    changed_documents,
    document_states,
    issues_of,
    lock,
    move_deadlines,
    rejudge_filings,
)
from casefile.errors import InvalidCalendar, ProcedureError
from casefile.record.authority import REGION, Whose
from casefile.record.deadlines import office_of
from casefile.record.models import Case, Certification, Deadline, DocketEntry, Election, Tally
from casefile.record.refs import RowKey
from casefile.rules.review import board_review
from casefile.rules.rule_sets import rule_set_for
from casefile.vocab import DeadlineKind, DocketActName, ElectionAgreement

#: Not bound to the election's stage (refused, where it is, on what the record holds): offered at every
#: stage (casefile.acts.allowed_now).
STAGES = ANY_STAGE


class CorrectCase(CorrectionIn):
    """A correction of the case's ``name``, ``unit_description``, ``agreement`` (consent,
    stipulated, directed) or ``petition_filed_on``; None (left out): as recorded. ``why`` is
    required."""

    act: Literal["correct-case"] = "correct-case"
    WHOSE: ClassVar[Whose] = REGION
    CORRECTED: ClassVar[tuple[str, ...]] = ("name", "unit_description", "agreement", "petition_filed_on")
    SHOULD_READ: ClassVar[str] = "the case's record should read (name, unit description, agreement or petition filing date)"
    name: Text | None = None
    unit_description: Paragraph | None = None
    agreement: ElectionAgreement | None = None
    petition_filed_on: LegalDate | None = None
    why: Why


#: A correction that gives nothing is refused first; the documents it changed are issued again as new versions.
check, issues = check_given, issues_of


def perform(session: Session, act: CorrectCase, *, case: Case, as_of: datetime, by: Who) -> Done:
    """Correct the case's details and say every consequence.

    Refused, storing nothing: values the record already holds (BadInput: nothing to correct); a
    petition date after the first election's voting or tally, or after today (BadInput); a petition
    date whose rule set has no period the case has a deadline of (ProcedureError). A retry returns
    the first result. Authority: rules.md R-A1 (rule set by petition date), R-K5 (review by
    agreement); 29 CFR 102.62, 102.67, 102.69.
    """
    lock(session, case)
    asked = ask(session, case, act, target=RowKey.of(case), current={n: getattr(case, n) for n in act.CORRECTED},
                already=f"the case already reads {listed(act.given())}: this correction corrects nothing")
    if asked.first is not None:
        return asked.first
    changes = asked.changes
    fields = {c.field for c in changes}
    if "petition_filed_on" in fields:
        _check_petition_date(session, case, act.petition_filed_on, as_of)  # type: ignore[arg-type]
    before_docs = document_states(session, case)
    old_rule_set, old_agreement = case.rule_set_id, case.agreement
    for change in changes:
        setattr(case, change.field, change.new)
    implied: list[Change] = []
    consequences: list[str] = []
    moved: list[Moved] = []
    if "petition_filed_on" in fields:
        new_rule_set = rule_set_for(case.petition_filed_on).id  # type: ignore[arg-type]
        if new_rule_set != old_rule_set:
            case.rule_set_id = new_rule_set
            implied.append(Change("rule set", old_rule_set, new_rule_set))
            session.add(case)
            session.flush()
            deadlines = list(session.exec(select(Deadline).where(Deadline.case_id == case.id).order_by(col(Deadline.id))))
            try:
                moved, notes = move_deadlines(session, case, deadlines, as_of=as_of,
                                              because=f"the petition date puts the case under rule set {new_rule_set}")
            except InvalidCalendar as exc:
                raise ProcedureError(f"{case.number}: the corrected petition date puts the case under rule set "
                                     f"{new_rule_set}, whose periods cannot carry the case's deadlines ({exc}); "
                                     "nothing was changed", field="petition_filed_on") from None
            consequences.append(f"The corrected petition date puts the case under rule set {new_rule_set} (was "
                                f"{old_rule_set}): every period not fixed by an order is computed again.")
            consequences += notes
            consequences += rejudge_filings(session, case, [d for d in deadlines if not d.pinned_by])
    session.add(case)
    session.flush()
    if "agreement" in fields:
        consequences += _review_changes(session, case, old_agreement)
    reissue = changed_documents(session, case, before_docs)
    consequences += [*reissued(reissue), "No election's stage is changed by a correction."]
    return asked.record(session, case, as_of=as_of, election=None, head=f"Case {case.number} corrected",
                        consequences=consequences, reissue=reissue, moved=moved, implied=implied)


def _check_petition_date(session: Session, case: Case, filed_on: date, as_of: datetime) -> None:
    """A petition is filed before the case's first act, its election and its tally, and not after today
    (casefile.rules.chronology.petition_refusal)."""
    from casefile.rules.chronology import petition_refusal

    today = as_of.astimezone(ZoneInfo(office_of(case).tz)).date()
    ids = select(Election.id).where(Election.case_id == case.id)
    first_vote = session.exec(select(func.min(Election.held_from_on)).where(Election.case_id == case.id)).one()
    first_tally = session.exec(select(func.min(Tally.prepared_on)).where(col(Tally.election_id).in_(ids))).one()
    first_act = session.exec(select(func.min(DocketEntry.occurred_on)).where(
        DocketEntry.case_id == case.id, col(DocketEntry.act).not_in((DocketActName.OPEN_CASE, DocketActName.IMPORT_CASE)))).one()
    refusal = petition_refusal(filed_on, recorded_on=today, recorded_as="the day of this correction",
                               first_act_on=first_act, first_vote_on=first_vote, first_tally_on=first_tally)
    if refusal is not None:
        raise refusal


def _review_changes(session: Session, case: Case, old: ElectionAgreement | None) -> list[str]:
    """What a corrected agreement means for Board review (R-K5), and what was done under the old one."""
    before, after = board_review(old), board_review(case.agreement)
    notes = [f"Board review: {after.statement}"]
    if before.available == after.available:
        return notes
    ids = select(Election.id).where(Election.case_id == case.id)
    certified = session.exec(select(Certification).where(col(Certification.election_id).in_(ids))).all()
    review = session.exec(select(Deadline).where(Deadline.case_id == case.id,
                                                 Deadline.kind == DeadlineKind.REQUEST_FOR_REVIEW)).all()
    if not after.available and review:
        notes.append(f"{len(review)} request-for-review period(s) were opened under the earlier agreement; they are "
                     "kept as recorded: after a consent election the Regional Director's rulings are final (29 CFR 102.62).")
    if after.available and certified:
        notes.append("A certification was recorded as final under the earlier (consent) agreement; under the "
                     "corrected agreement a request for review lies (102.67(c), 102.69(c)(2)): the correction opens no "
                     "period.")
    return notes
