"""Drafts: an act an organization prepares on a case before filing it. A draft is seen only
inside its organization (to anyone else it does not exist: UnknownRecord); it may be incomplete
while it is a draft (its JSON is checked only for being an act casefile knows); filing it
validates it as its act model, performs it through the front door as the user who files it
(casefile.accounts.acting.perform_as: the same rules as any act) and marks it filed with the
docket entry the act made. A filed draft is kept as it was filed and can no longer be changed.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from casefile.errors import BadInput, NotAllowedNow, NotPermitted, UnknownRecord
from casefile.record.access import UserViewer
from casefile.record.accounts import Draft, DraftView, User, UserRole
from casefile.record.authority import may_draft, sees_case
from casefile.record.models import Case
from casefile.record.queries import visible_case

#: Largest draft accepted (characters of its JSON): far above any real filing.
DRAFT_MAX = 2_000_000


def _check_act(act: Any) -> str:
    from casefile.acts import models

    if not isinstance(act, dict) or not isinstance(act.get("act"), str) or act["act"] not in models():
        raise BadInput(f"a draft is an act: a mapping with `act` (one of: {', '.join(n for n in models() if n != 'open-case')})",
                       field="act")
    if act["act"] == "open-case":
        raise BadInput("open-case is not drafted: open the case, then draft its acts", field="act")
    try:
        size = len(json.dumps(act, default=str))
    except (TypeError, ValueError) as exc:
        raise BadInput(f"the draft is not JSON ({exc})", field="act") from None
    if size > DRAFT_MAX:
        raise BadInput(f"the draft is {size:,} characters long; at most {DRAFT_MAX:,}", field="act")
    return str(act["act"])


def _may_draft(session: Session, viewer: UserViewer, case: Case) -> None:
    decision = may_draft(viewer.standing(session, case))
    if decision.mode is None:
        raise NotPermitted(f"drafts on {case.number}: {decision.reason} ({viewer.email} is {viewer.role.value} of "
                           f"{viewer.organization_key})")


def _may_draft_for(session: Session, viewer: UserViewer, case: Case, name: str, act: dict[str, Any]) -> None:
    """A draft of a party's act only for a party the organization may act for (the policy's
    may_draft_for), refused with the words filing it would get."""
    from casefile.acts import models
    from casefile.record.authority import may_draft_for, whose_of

    model = models().get(name)
    decision = may_draft_for(session, viewer, case, whose_of(model) if model is not None else None, act)
    if decision.mode is None:
        raise NotPermitted(f"a draft of {name} for {act.get('party')} on {case.number}: {decision.reason} "
                           f"({viewer.email} is {viewer.role.value} of {viewer.organization_key})")


def save_draft(session: Session, *, viewer: UserViewer, case_number: str, act: dict[str, Any], as_of: datetime,
               draft_id: int | None = None) -> Draft:
    """Save a new draft of ``act`` on ``case_number`` (or, with ``draft_id``, replace that draft's
    act). Raises UnknownCase (a case the user may not see), NotPermitted (a viewer; a watching
    organization; a party's act for a party the organization may neither perform nor record it for), BadInput (not an act casefile knows), UnknownRecord (no such draft in the
    organization), NotAllowedNow (the draft was filed)."""
    case = visible_case(session, case_number, viewer)
    _may_draft(session, viewer, case)
    name = _check_act(act)
    _may_draft_for(session, viewer, case, name, act)
    if draft_id is None:
        draft = Draft(organization_id=viewer.organization_id, author_id=viewer.user_id, case_id=case.id,  # type: ignore[arg-type]
                      act_name=name, act=dict(act), created_at=as_of, updated_at=as_of)
    else:
        draft = _own_draft(session, viewer, draft_id)
        if draft.case_id != case.id:
            raise BadInput(f"draft {draft_id} is on another case", field="case_number")
        if draft.filed_at is not None:
            raise NotAllowedNow(f"draft {draft_id} was filed (docket entry {draft.entry_id}): a filing is not edited")
        draft.act, draft.act_name, draft.updated_at = dict(act), name, as_of
    session.add(draft)
    session.flush()
    return draft


def _own_draft(session: Session, viewer: UserViewer, draft_id: int) -> Draft:
    draft = session.get(Draft, draft_id)
    if draft is None or draft.organization_id != viewer.organization_id:
        raise UnknownRecord(f"no draft {draft_id}", field="draft")
    case = session.get(Case, draft.case_id)
    if case is None or not sees_case(session, viewer, case):  # the organization lost its link to the case
        raise UnknownRecord(f"no draft {draft_id}", field="draft")
    return draft


def get_draft(session: Session, *, viewer: UserViewer, draft_id: int) -> DraftView:
    """Draft ``draft_id`` of the user's organization. Raises UnknownRecord (also for another
    organization's draft)."""
    return _view(session, _own_draft(session, viewer, draft_id))


def list_drafts(session: Session, *, viewer: UserViewer, case_number: str | None = None,
                filed: bool = False) -> list[DraftView]:
    """The organization's drafts (on one case, when given), unfiled ones only unless ``filed``,
    most recently changed first. Raises UnknownCase for a case the user may not see."""
    query = select(Draft).where(Draft.organization_id == viewer.organization_id)
    if case_number is not None:
        query = query.where(Draft.case_id == visible_case(session, case_number, viewer).id)
    if not filed:
        query = query.where(col(Draft.filed_at).is_(None))
    out = []
    for d in session.exec(query.order_by(col(Draft.updated_at).desc(), col(Draft.id).desc())):
        case = session.get(Case, d.case_id)
        if case is not None and sees_case(session, viewer, case):
            out.append(_view(session, d))
    return out


def delete_draft(session: Session, *, viewer: UserViewer, draft_id: int) -> None:
    """Delete an unfiled draft of the organization. Raises UnknownRecord, NotPermitted (a viewer),
    NotAllowedNow (it was filed: kept as filed)."""
    draft = _own_draft(session, viewer, draft_id)
    if viewer.role is UserRole.VIEWER:
        raise NotPermitted(f"{viewer.email} is a viewer: a viewer reads only")
    if draft.filed_at is not None:
        raise NotAllowedNow(f"draft {draft_id} was filed (docket entry {draft.entry_id}): it is kept as filed")
    session.delete(draft)
    session.flush()


def file_draft(*, viewer: UserViewer, draft_id: int, as_of: datetime,
               documents: Literal["issue", "defer", "none"] = "defer", engine: Engine | None = None) -> Any:
    """File draft ``draft_id``: validate it as its act model, perform it as ``viewer`` through
    the front door (its own transactions: this function takes no session), then mark the draft
    filed with the docket entry. Returns the ActResult. Filing a filed draft again performs
    nothing: it answers ``repeated`` from the docket entry the filing made (whatever the stage is
    now); two filings of one draft at once meet the act's idempotency key (one docket entry). Raises UnknownRecord, InvalidAct (the field at
    fault), NotPermitted, and the act's errors (nothing stored; the draft stays a draft)."""
    from casefile.accounts.acting import act_from, perform_as
    from casefile.record.db import read_session, write_session

    with read_session(engine) as session:
        draft = _own_draft(session, viewer, draft_id)
        case = session.get(Case, draft.case_id)
        assert case is not None
        number, data = case.number, dict(draft.act)
        _may_draft(session, viewer, case)
        if draft.filed_at is not None and draft.entry_id is not None:  # filed: answered from its docket entry
            from casefile.app import ActResult
            from casefile.record.models import DocketEntry
            from casefile.rules.case_numbers import parse_case_number

            entry = session.get(DocketEntry, draft.entry_id)
            assert entry is not None and entry.id is not None
            return ActResult(act=draft.act_name, case_number=str(parse_case_number(number)), ref=str(entry.ref or ""),
                             entry_id=entry.id, repeated=True,
                             summary=f"draft {draft_id} was filed already (docket entry {entry.id}): {entry.summary}")
    result = perform_as(viewer, act_from(data), case_number=number, as_of=as_of, documents=documents, engine=engine)
    with write_session(engine, by=viewer.label()) as session:
        row = session.get(Draft, draft_id)
        if row is not None and row.filed_at is None:
            row.filed_at, row.filed_by_id, row.entry_id = as_of, viewer.user_id, result.entry_id or None
            session.add(row)
    return result


def _view(session: Session, draft: Draft) -> DraftView:
    case = session.get(Case, draft.case_id)
    author = session.get(User, draft.author_id)
    assert draft.id is not None
    return DraftView(id=draft.id, case_number=case.number if case else "", act_name=draft.act_name, act=dict(draft.act),
                     author=author.email if author else "", created_at=draft.created_at, updated_at=draft.updated_at,
                     filed_at=draft.filed_at, entry_id=draft.entry_id)
