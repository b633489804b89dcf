"""The act forms of a case: one for every act the signed-in user may do on it now (casefile.app.
permitted_acts decides, by role and by the act's own stage rule; an act not listed answers 403, a
case not visible 404). A form that is sent performs the act through the accounts' one way of acting
(casefile.accounts.acting.perform_as -> casefile.app.perform): it commits in the request; its
documents are issued after the answer by the application's ``on_committed`` hook (a Prefect flow
run under ``casefile serve``), and the case page shows them as being issued until they are there. A
refused act shows the act's own error on the form (the summary links to the field at fault), the
values entered kept, and nothing is stored.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool

from casefile.errors import CasefileError
from casefile.http.uploads import checked
from casefile.record.uploads import UploadRefused, uploads_of
from casefile.web import act_fields, act_forms, forms
from casefile.web.act_view import (
    confirm,
    for_drafts,
    form_parties,
    form_specs,
    issue_after_answer,
    moment_fields,
    permission,
    read_act_form,
    render_form,
)
from casefile.web.efiling_reminder import CONFIRM_AFTER, still_to_efile
from casefile.web.people import Db, Signed
from casefile.web.sessions import check_csrf, now, web_session

router = APIRouter()


@router.get("/cases/{number}/acts/{act_name}")
def act_form(request: Request, me: Signed, number: str, act_name: str) -> Response:
    from zoneinfo import ZoneInfo

    view, allowed, zone = permission(me, number, act_name[:60])
    parties = [k for k, _ in form_parties(view, allowed)]
    sub = act_forms.blank(act_name, today=now().astimezone(ZoneInfo(zone)).date(), parties=parties)
    if forms.special(act_name) is None:
        specs = form_specs(view, allowed, act_name)
        sub.values.update(act_fields.blank_values(specs))
        sub.rows = act_fields.count_rows(specs, {})
    asked = request.query_params.get("party", "")[:40]  # a warning's link names the party it concerns
    if asked in parties:
        sub.values["party"] = asked
    return render_form(request, me, view, allowed, act_name, sub, [])


@router.post("/cases/{number}/acts/{act_name}")
async def submit_act(request: Request, me: Signed, db: Db, number: str, act_name: str) -> Response:
    from casefile.accounts.acting import act_from, perform_as

    try:
        sent = await read_act_form(request)  # after the sign-in is known; each file held to the size limit
    except UploadRefused as exc:  # a file over the limit: refused as it streamed in, the rest of the form unread
        view, allowed, zone = permission(me, number, act_name[:60])
        sub = act_forms.blank(act_name, today=now().date(), parties=[k for k, _ in form_parties(view, allowed)])
        return render_form(request, me, view, allowed, act_name, sub, [{"field": exc.field or "act-form", "text": str(exc)}],
                       status=422)
    form = sent.fields
    check_csrf(request, form)
    view, allowed, zone = permission(me, number, act_name[:60])
    sub = act_forms.read_form(act_name, form)
    special = forms.special(act_name)
    specs = form_specs(view, allowed, act_name) if special is None else []
    if specs:
        sub.rows = act_fields.count_rows(specs, sub.values)
    content = b""
    read_in = special.upload if special is not None else ""
    if read_in:  # a file read into the act's fields (a register's CSV), not a file the act keeps
        register = [(name, data) for field, name, data in sent.files if field == read_in]
        sub.values[f"{read_in}-name"] = register[0][0] if register else ""
        content = register[0][1] if register else b""
    files = [f for f in sent.files if not (read_in and f[0] == read_in)]
    sent_values = {k: v for k, v in sub.values.items() if not (read_in and k == f"{read_in}-name")}
    if unknown := act_forms.unknown_fields(act_name, sent_values,
                                           {s.id for s in specs} | {"date", "time"} if specs else None):
        return render_form(request, me, view, allowed, act_name, sub, [{"field": "act-form", "text": unknown}],
                           status=422)
    if sub.get("add"):
        return render_form(request, me, view, allowed, act_name, sub, [])
    if sub.get("draft-action") or sub.get("draft_id"):  # save as draft; file an edited draft (casefile.web.draft_pages)
        from casefile.web.draft_pages import handle

        if (refused := for_drafts(request, me, view, allowed, act_name, sub, zone)) is not None:
            return refused
        return handle(request, db, me, view, allowed, act_name, sub, zone)
    try:
        if special is not None and special.from_upload is None:  # every problem of the form at once
            moment, day, at, found = _when(sub, zone)
            data = act_forms.act_data(act_name, sub, day=day, at=at, found=found)
            try:
                act_from(data)
            except CasefileError as exc:
                if found:  # the date's problem and the act's, in one answer
                    raise act_forms.FormProblems(found + [
                        act_forms.FormProblem(_target_of(specs, act_name, sub, p.path), act_forms.said(p))
                        for p in getattr(exc, "problems", [])]) from exc
                raise
            if found:
                raise act_forms.FormProblems(found)
        else:
            moment, day, at = act_forms.instant(sub, zone=zone, current=now())
        if special is not None and special.from_upload is not None:
            data = special.from_upload(content, sub, day, at)
        elif special is None:
            data = {**act_fields.data(act_name, specs, sub.values, sub.rows, sub.kept), **moment_fields(day, at)}
        uploads = uploads_of(await run_in_threadpool(checked, files))  # each a real PDF (pypdf: off the event loop)
        for spec in specs:
            if spec.kind == "upload" and spec.name in uploads.files:
                data[spec.name] = uploads.files[spec.name].ref
            elif spec.kind == "upload" and spec.required:
                raise UploadRefused(f"{spec.label}: choose the file (a PDF) on your computer", field=spec.id)
        act = act_from(data)
        result = perform_as(me.viewer, act, case_number=view.case_number, as_of=moment, documents="defer",
                            uploads=uploads)
    except CasefileError as exc:
        target = "received" if exc.field == "received" else \
            act_fields.error_field(specs, exc, values=sub.values, kept=sub.kept) if specs else \
            act_forms.error_field(act_name, exc, sub)
        status = 403 if exc.family == "not-permitted" else 422
        shown = [{"field": target, "text": str(exc)}]
        if getattr(exc, "problems", None):  # an act that does not validate: each problem at its input
            shown = [{"field": _target_of(specs, act_name, sub, problem.path),
                      "text": problem.words() if isinstance(problem, act_forms.FormProblem) or specs else
                      act_forms.said(problem)} for problem in exc.problems]
        return render_form(request, me, view, allowed, act_name, sub, shown, status=status)
    confirm(request, result, zone=zone)  # the summary, then the act's own warnings and notes
    prepared = str(data.get("nlrb", "")) == "prepared" if isinstance(data, dict) else False
    if not result.repeated and (efile := still_to_efile(me, view, allowed, act_name, specs, prepared=prepared)):
        web_session(request).add_flash(efile)
        web_session(request).add_flash(CONFIRM_AFTER)
    task = None
    if result.pending:
        hook = request.app.state.on_committed
        task = BackgroundTask(issue_after_answer, hook, result.entry_id, moment)
    return RedirectResponse(f"/cases/{view.case_number}#documents", status_code=303, background=task)


def _when(sub: act_forms.Submitted, zone: str) -> tuple[Any, Any, Any, list[act_forms.FormProblem]]:
    """The act's moment, date and receipt instant (casefile.web.act_forms.instant); a date or time
    that cannot be used is a problem kept (the rest of the form is still read), today standing in."""
    from zoneinfo import ZoneInfo

    from casefile.errors import BadInput

    current = now()
    try:
        return (*act_forms.instant(sub, zone=zone, current=current), [])
    except BadInput as exc:
        return current, current.astimezone(ZoneInfo(zone)).date(), None, [
            act_forms.FormProblem(exc.field or "date", str(exc))]


def _target_of(specs: list[act_fields.Spec], act_name: str, sub: act_forms.Submitted, path: str) -> str:
    """The form's input a problem at ``path`` (relative to the act) is about."""
    probe = CasefileError("", field=path or None)
    if specs:
        return act_fields.error_field(specs, probe, values=sub.values, kept=sub.kept)
    return act_forms.error_field(act_name, probe, sub)


