"""Drafts on the web: a party's filing (objections with their objection and witness rows, an offer
of proof, exceptions) saved unfiled, seen only inside the organization, edited, then filed —
through casefile.accounts.drafts (save_draft, file_draft: the act through the front door as the
user who files it). A draft may be incomplete; filing it checks it as the act. A filed draft is
kept as filed: filing it again files nothing (the page says so).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from casefile.errors import BadInput, CasefileError
from casefile.http.deps import Database
from casefile.web import act_forms, forms
from casefile.web.forms.reading import moment, rows
from casefile.web.ids import WebId
from casefile.web.people import Db, Me, Signed
from casefile.web.render import page
from casefile.web.sessions import check_csrf, now, web_session

router = APIRouter()

def draft_data(act_name: str, sub: act_forms.Submitted, *, zone: str, current: datetime) -> dict[str, Any]:
    """The act as far as the form has it (a draft may be incomplete: no date yet, no objection
    yet). Raises BadInput only for what cannot be kept (an act text that is not readable)."""
    try:
        _, day, at = act_forms.instant(sub, zone=zone, current=current)
    except BadInput:
        day, at = None, None
    special = forms.special(act_name)
    if special is None:
        data = act_forms.general_data(act_name, sub.get("act"))
        if day is not None:
            data.setdefault("date", day.isoformat())
        return data
    try:
        data = act_forms.act_data(act_name, sub, day=day or date.min, at=at)
        if day is None:
            data.pop("date", None)
        return data
    except BadInput:
        pass
    found = {g: [row for _, row in rows(sub, g, columns)] for g, columns in special.rows.items()}
    if special.draft_data is not None:
        return special.draft_data(sub, found, moment(day, at))
    return {"act": act_name, **moment(day, at), "party": sub.get("party"), "method": sub.get("method") or "e-filing",
            "nlrb": sub.get("nlrb") or "prepared"}


def form_of(act_name: str, act: dict[str, Any], zone: str) -> act_forms.Submitted:
    """The form's values for a draft's act (the reverse of draft_data)."""
    from zoneinfo import ZoneInfo

    values: dict[str, str] = {"party": str(act.get("party") or ""), "method": str(act.get("method") or ""),
                              "note": str(act.get("note") or ""), "nlrb": str(act.get("nlrb") or "prepared")}
    if act.get("at"):
        at = datetime.fromisoformat(str(act["at"])).astimezone(ZoneInfo(zone))
        values["date"], values["time"] = at.date().isoformat(), at.strftime("%H:%M")
    elif act.get("date"):
        values["date"] = str(act["date"])
    special = forms.special(act_name)
    counted: dict[str, int] = {}
    if special is not None and special.form_values is not None:
        shown, counted = special.form_values(act)
        values.update(shown)
    else:
        import yaml

        values["act"] = yaml.safe_dump(act, sort_keys=False, allow_unicode=True, default_flow_style=False)
    return act_forms.Submitted(values=values, rows=counted)


def handle(request: Request, db: Database, me: Me, view: Any, allowed: list[Any], act_name: str,
           sub: act_forms.Submitted, zone: str) -> Response:
    """A form sent with "Save as draft", or an edited draft sent to be filed."""
    from casefile.accounts.drafts import file_draft, get_draft, save_draft
    from casefile.web.act_view import issue_after_answer, render_form

    draft_id = int(sub.get("draft_id")) if sub.get("draft_id").isdigit() else None
    if draft_id is not None:
        with db.read() as session:
            existing = get_draft(session, viewer=me.viewer, draft_id=draft_id)  # another organization's: 404
        if existing.filed_at is not None:
            web_session(request).add_flash(f"Draft {draft_id} was filed already (docket entry {existing.entry_id}): "
                                           "nothing was filed again")
            return RedirectResponse(f"/cases/{view.case_number}#documents", status_code=303)
    current = now()
    saving = sub.get("draft-action") == "save"
    try:
        if saving:
            data = draft_data(act_name, sub, zone=zone, current=current)
        else:
            moment, day, at = act_forms.instant(sub, zone=zone, current=current)
            data = act_forms.act_data(act_name, sub, day=day, at=at) if forms.special(act_name) is not None else \
                act_forms.general_data(act_name, sub.get("act"))
        with db.write() as session:
            draft = save_draft(session, viewer=me.viewer, case_number=view.case_number, act=data, as_of=current,
                               draft_id=draft_id)
            draft_id = draft.id
        if saving:
            web_session(request).add_flash(f"Draft {draft_id} saved: it is not filed; only {me.organization_name} "
                                           "sees it")
            return RedirectResponse(f"/cases/{view.case_number}/drafts/{draft_id}", status_code=303)
        result = file_draft(viewer=me.viewer, draft_id=draft_id, as_of=moment, documents="defer")  # type: ignore[arg-type]
    except CasefileError as exc:
        target = act_forms.error_field(act_name, exc, sub)
        status = 403 if exc.family == "not-permitted" else 422
        if draft_id is not None:
            sub.values["draft_id"] = str(draft_id)
        return render_form(request, me, view, allowed, act_name, sub, [{"field": target, "text": str(exc)}], status=status,
                       draft_id=draft_id)
    from starlette.background import BackgroundTask

    from casefile.web.act_view import confirm

    confirm(request, result, zone=zone, done=f"Draft {draft_id} filed: ")
    from casefile.web.efiling_reminder import CONFIRM_AFTER, still_to_efile

    if not result.repeated and (efile := still_to_efile(me, view, allowed, act_name, [], prepared=data.get("nlrb") == "prepared")):
        web_session(request).add_flash(efile)  # the same reminder as a form filed at once (new-user trial F31)
        web_session(request).add_flash(CONFIRM_AFTER)
    task = BackgroundTask(issue_after_answer, request.app.state.on_committed, result.entry_id, moment) if result.pending else None
    return RedirectResponse(f"/cases/{view.case_number}#documents", status_code=303, background=task)


@router.get("/cases/{number}/drafts")
def drafts_page(request: Request, me: Signed, db: Db, number: str) -> Response:
    from casefile import app
    from casefile.accounts.drafts import list_drafts

    view = app.case(number[:40], viewer=me.viewer)
    with db.read() as session:
        drafts = list_drafts(session, viewer=me.viewer, case_number=view.case_number, filed=True)
    from casefile.web.case_pages import office_tz

    return page(request, "drafts.html", title=f"Drafts — {view.case_number}", case=view, drafts=drafts,
                zone=office_tz(view.office))


@router.get("/cases/{number}/drafts/{draft_id}")
def edit_draft(request: Request, me: Signed, db: Db, number: str, draft_id: WebId) -> Response:
    from casefile import app
    from casefile.accounts.drafts import get_draft
    from casefile.errors import UnknownRecord
    from casefile.web.act_view import permission, render_form

    view = app.case(number[:40], viewer=me.viewer)
    with db.read() as session:
        draft = get_draft(session, viewer=me.viewer, draft_id=draft_id)
    if draft.case_number != view.case_number:
        raise UnknownRecord(f"no draft {draft_id} on {view.case_number}", field="draft")
    from casefile.errors import NotPermitted

    try:
        view, allowed, zone = permission(me, view.case_number, draft.act_name)
    except NotPermitted as exc:  # the stage moved on (or the role changed): kept, listed, deletable
        web_session(request).add_flash(f"Draft {draft_id} cannot be filed now: {exc}"[:300])
        return RedirectResponse(f"/cases/{view.case_number}/drafts", status_code=303)
    sub = form_of(draft.act_name, draft.act, zone)
    return render_form(request, me, view, allowed, draft.act_name, sub, [], draft_id=draft_id)


@router.post("/cases/{number}/drafts/{draft_id}/delete")
async def delete(request: Request, me: Signed, db: Db, number: str, draft_id: WebId) -> Response:
    from casefile import app
    from casefile.accounts.drafts import delete_draft

    form = await request.form()
    check_csrf(request, form)
    view = app.case(number[:40], viewer=me.viewer)
    with db.write() as session:
        delete_draft(session, viewer=me.viewer, draft_id=draft_id)
    web_session(request).add_flash(f"Draft {draft_id} deleted")
    return RedirectResponse(f"/cases/{view.case_number}/drafts", status_code=303)


@router.post("/cases/{number}/drafts/{draft_id}")
async def submit_draft(request: Request, me: Signed, db: Db, number: str, draft_id: WebId) -> Response:
    """The form of an opened draft, sent ("File objections" or "Save as draft"): the draft's act,
    filed or saved again as that draft (the form posts to its own page)."""
    from casefile import app
    from casefile.accounts.drafts import get_draft
    from casefile.errors import UnknownRecord
    from casefile.web.act_view import permission, read_act_form, render_form

    form = (await read_act_form(request)).fields  # a draft keeps no file: any file sent is not kept
    check_csrf(request, form)
    view = app.case(number[:40], viewer=me.viewer)
    with db.read() as session:
        draft = get_draft(session, viewer=me.viewer, draft_id=draft_id)  # another organization's: 404
    if draft.case_number != view.case_number:
        raise UnknownRecord(f"no draft {draft_id} on {view.case_number}", field="draft")
    view, allowed, zone = permission(me, view.case_number, draft.act_name)
    sub = act_forms.read_form(draft.act_name, form)
    await form.close()
    sub.values["draft_id"] = str(draft_id)
    from casefile.web.act_view import for_drafts

    if (refused := for_drafts(request, me, view, allowed, draft.act_name, sub, zone, draft_id)) is not None:
        return refused  # a generated form (casefile.web.act_fields) that cannot be read
    if sub.get("add"):
        return render_form(request, me, view, allowed, draft.act_name, sub, [], draft_id=draft_id)
    return handle(request, db, me, view, allowed, draft.act_name, sub, zone)
