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

from casefile.api.uploads import Received, checked, is_multipart, read_multipart
from casefile.errors import CasefileError
from casefile.record.uploads import UploadRefused, uploads_of
from casefile.web import act_fields, act_forms
from casefile.web.people import Me, require
from casefile.web.render import page
from casefile.web.sessions import check_csrf, now, web_session

router = APIRouter()


def _permission(me: Me, number: str, act_name: str) -> tuple[Any, list[Any], str]:
    """The case's read model, the permissions of ``act_name`` the user has on it now (perform and/or
    record), and the office's zone. Raises UnknownCase (not visible), NotPermitted (not theirs now)."""
    from casefile import app
    from casefile.errors import NotPermitted
    from casefile.web.case_pages import office_tz

    view = app.case(number[:40], viewer=me.viewer)
    allowed = [p for p in app.permitted_acts(view.case_number, viewer=me.viewer, as_of=now()) if p.act == act_name]
    if not allowed:
        refused = NotPermitted(refusal_words(me, view, act_name))
        refused.back = f"/cases/{view.case_number}#acts"  # type: ignore[attr-defined]
        raise refused
    return view, allowed, office_tz(view.office)


def refusal_words(me: Me, view: Any, act_name: str) -> str:
    """Why the act is refused them now, and when it becomes available, in words (the stage rule or
    the authority policy: casefile.app.refusal)."""
    from casefile import app
    from casefile.acts import models
    from casefile.web.words import act_title, stage_words

    who = f"you are {me.role} of {me.organization_name}"
    if act_name not in models():
        return f"There is no such act on {view.case_number} ({who})."
    what = act_title(act_name)
    why = app.refusal(view.case_number, act_name, viewer=me.viewer, as_of=now())
    if why.authority:
        return f"{what} is not yours to do on {view.case_number}: {why.authority} ({who})."
    now_at = f"the election is at “{stage_words(why.stage)}”" if why.stage else "no election has been tallied yet"
    if why.stages:
        when = "; ".join(stage_words(s) for s in why.stages)
        return f"{what} cannot be done on {view.case_number} now: {now_at}. It becomes available at: {when}."
    return f"{what} cannot be done on {view.case_number} now: {now_at}, and the procedure does not allow it at this point."


def _parties(view: Any, allowed: list[Any]) -> list[tuple[str, str]]:
    names = {p.key: p.name for p in view.parties}
    seen: list[tuple[str, str]] = []
    for perm in sorted(allowed, key=lambda p: p.mode != "perform"):  # the user's own party first: the default
        for key in perm.parties:
            if key not in [k for k, _ in seen]:
                label = names.get(key, key) + (" (recorded from the document served)" if perm.mode == "record" else "")
                seen.append((key, label))
    return seen


def _specs(view: Any, allowed: list[Any], act_name: str) -> list[act_fields.Spec]:
    """The inputs of the generated form of ``act_name`` (casefile.web.act_fields) on this case."""
    elections = [(str(e.sequence), f"Election {e.sequence} ({e.kind}" + (f", unit {e.unit_id}" if e.unit_id != "A" else "")
                  + ")") for e in view.elections]
    return act_fields.specs(act_name, parties=_parties(view, allowed), all_parties=[(p.key, p.name) for p in view.parties],
                            elections=elections)


def _draft_values(specs: list[act_fields.Spec], sub: act_forms.Submitted, zone: str) -> None:
    """A draft opened again carries its act as a scenario event (casefile.web.draft_pages.form_of):
    its values put on the generated form's inputs."""
    from casefile.importers.strict_yaml import load_yaml

    try:
        act = load_yaml(sub.get("act"), source="the draft")
    except CasefileError:
        return
    if isinstance(act, dict):
        values, rows = act_fields.values_of(specs, act)
        sub.values.update({**act_fields.when_of(act, zone), **values})
        sub.rows.update(rows)


def _render(request: Request, me: Me, view: Any, allowed: list[Any], act_name: str, sub: act_forms.Submitted,
            errors: list[dict[str, str]], status: int = 200, draft_id: int | None = None) -> Response:
    from casefile.web.case_pages import office_tz
    from casefile.web.draft_pages import draftable
    from casefile.web.words import act_title

    template = act_forms.SPECIFIC.get(act_name, "act_general.html")
    modes = {p.mode for p in allowed}
    own = any(p.mode == "perform" for p in allowed)
    zone = office_tz(view.office)
    specs = _specs(view, allowed, act_name) if act_name not in act_forms.SPECIFIC else []
    if specs and sub.get("act") and not sub.get("perform"):
        _draft_values(specs, sub, zone)
    filing = any(s.name == "party" for s in specs)
    from casefile.web.filing_notes import note_for

    note = note_for(act_name, case_number=view.case_number, office=view.office, viewer=me.viewer, as_of=now(),
                    party_filing=filing or act_name in ("file-objections", "file-exceptions"),
                    recording=modes == {"record"})
    return page(request, template, status=status, title=f"{act_title(act_name)} — {view.case_number}",
                case=view, act_name=act_name, sub=sub, values=sub.values, rows=sub.rows, errors=errors,
                parties=_parties(view, allowed), recording=modes == {"record"}, own=own,
                specs=specs, zone=zone, when_label="Date the Region received it" if filing else "Date of the act",
                time_label="Time received (optional)" if filing else "Time (optional)",
                draftable=draftable(act_name, allowed), draft_id=draft_id or sub.get("draft_id") or None,
                filing_note=note)


@router.get("/cases/{number}/acts/{act_name}")
def act_form(request: Request, number: str, act_name: str) -> Response:
    from zoneinfo import ZoneInfo

    me = require(request)
    view, allowed, zone = _permission(me, number, act_name[:60])
    sub = act_forms.blank(act_name, today=now().astimezone(ZoneInfo(zone)).date(),
                          parties=[k for k, _ in _parties(view, allowed)])
    if act_name not in act_forms.SPECIFIC:
        specs = _specs(view, allowed, act_name)
        sub.values.update(act_fields.blank_values(specs))
        sub.rows = act_fields.count_rows(specs, {})
    return _render(request, me, view, allowed, act_name, sub, [])


@router.post("/cases/{number}/acts/{act_name}")
async def submit_act(request: Request, number: str, act_name: str) -> Response:
    from casefile.accounts.acting import act_from, perform_as

    me = require(request)
    try:
        sent = await read_act_form(request)  # after the sign-in is known; each file held to the size limit
    except UploadRefused as exc:  # a file over the limit: refused as it streamed in, the rest of the form unread
        view, allowed, zone = _permission(me, number, act_name[:60])
        sub = act_forms.blank(act_name, today=now().date(), parties=[k for k, _ in _parties(view, allowed)])
        return _render(request, me, view, allowed, act_name, sub, [{"field": exc.field or "act-form", "text": str(exc)}],
                       status=422)
    form = sent.fields
    check_csrf(request, form)
    view, allowed, zone = _permission(me, number, act_name[:60])
    sub = act_forms.read_form(act_name, form)
    specs = _specs(view, allowed, act_name) if act_name not in act_forms.SPECIFIC else []
    if specs:
        sub.rows = act_fields.count_rows(specs, sub.values)
    content = b""
    if act_name == "register-challenges":  # a CSV read into the act's fields (not a file the act keeps)
        register = [(name, data) for field, name, data in sent.files if field == "register"]
        sub.values["register-name"] = register[0][0] if register else ""
        content = register[0][1] if register else b""
    files = [f for f in sent.files if not (act_name == "register-challenges" and f[0] == "register")]
    if sub.get("add"):
        return _render(request, me, view, allowed, act_name, sub, [])
    if sub.get("draft-action") or sub.get("draft_id"):  # save as draft; file an edited draft (casefile.web.draft_pages)
        from casefile.web.draft_pages import handle

        if (refused := for_drafts(request, me, view, allowed, act_name, sub, zone)) is not None:
            return refused
        return handle(request, me, view, allowed, act_name, sub, zone)
    try:
        moment, day, at = act_forms.instant(sub, zone=zone, current=now())
        if act_name == "register-challenges":
            data = _register_data(content, sub, day=day, at=at)
        elif act_name in act_forms.SPECIFIC:
            data = act_forms.act_data(act_name, sub, day=day, at=at)
        else:
            data = {**act_fields.data(act_name, specs, sub.values, sub.rows, sub.kept), **_when(day, at)}
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
            shown = [{"field": _target_of(specs, act_name, sub, problem.path), "text": problem.words()}
                     for problem in exc.problems]
        return _render(request, me, view, allowed, act_name, sub, shown, status=status)
    session = web_session(request)
    from zoneinfo import ZoneInfo

    from casefile.documents.wording import prose_dates
    from casefile.web.case_pages import office_tz

    said = prose_dates(result.summary, ZoneInfo(office_tz(view.office)))  # dates and instants in words, never ISO
    session.add_flash(("Already recorded: " if result.repeated else "Done: ") + said[:240])
    if not result.repeated and (efile := _still_to_efile(me, view, allowed, act_name, specs)):
        session.add_flash(efile)
    task = None
    if result.pending:
        hook = request.app.state.on_committed
        task = BackgroundTask(_issue, hook, result.entry_id, moment)
    return RedirectResponse(f"/cases/{view.case_number}#documents", status_code=303, background=task)


def _still_to_efile(me: Me, view: Any, allowed: list[Any], act_name: str, specs: list[act_fields.Spec]) -> str:
    """After a party's own filing: what is left to do with the NLRB (casefile.web.filing_notes), or ""."""
    from casefile.web.filing_notes import note_for

    party_filing = any(s.name == "party" for s in specs) or act_name in ("file-objections", "file-exceptions")
    note = note_for(act_name, case_number=view.case_number, office=view.office, viewer=me.viewer, as_of=now(),
                    party_filing=party_filing, recording={p.mode for p in allowed} == {"record"})
    if not note.efile:
        return ""
    by = f" by {note.periods[0]['countdown'].text.removeprefix('due ')}" if note.periods else ""
    return (f"Not yet filed with the NLRB: casefile has recorded it and is preparing its PDF. Download the PDF from "
            f"Documents below and upload it with NLRB E-Filing (www.nlrb.gov) to {note.receiver}{by}; serve it on the "
            "other parties.")


def _target_of(specs: list[act_fields.Spec], act_name: str, sub: act_forms.Submitted, path: str) -> str:
    """The form's input a problem at ``path`` (relative to the act) is about."""
    probe = CasefileError("", field=path or None)
    if specs:
        return act_fields.error_field(specs, probe, values=sub.values, kept=sub.kept)
    return act_forms.error_field(act_name, probe, sub)


async def read_act_form(request: Request) -> Received:
    """An act form as sent: multipart (its files streamed, each held to CASEFILE_UPLOAD_MAX_BYTES:
    casefile.api.uploads) or urlencoded. Raises UploadRefused (a file too large, too many files),
    BadInput (a body that cannot be read)."""
    if is_multipart(request):
        return await read_multipart(request)
    form = await request.form()
    return Received(fields=form)


def _when(day: Any, at: Any) -> dict[str, Any]:
    return {"at": at.isoformat()} if at else {"date": day.isoformat()}


def for_drafts(request: Request, me: Me, view: Any, allowed: list[Any], act_name: str, sub: act_forms.Submitted,
               zone: str, draft_id: int | None = None) -> Response | None:
    """A generated form sent to the drafts (casefile.web.draft_pages keeps an act as a scenario event):
    its rows counted and its act put in ``values["act"]``; the form with its error when it cannot be
    read (a number that is not one), else None. A hand-written form: nothing to do."""
    if act_name in act_forms.SPECIFIC:
        return None
    specs = _specs(view, allowed, act_name)
    sub.rows = act_fields.count_rows(specs, sub.values)
    if sub.get("add"):
        return None
    try:
        sub.values["act"] = _as_event(act_name, specs, sub, zone)
    except CasefileError as exc:
        target = act_fields.error_field(specs, exc, values=sub.values, kept=sub.kept)
        return _render(request, me, view, allowed, act_name, sub, [{"field": target, "text": str(exc)}], status=422,
                       draft_id=draft_id)
    return None


def _as_event(act_name: str, specs: list[act_fields.Spec], sub: act_forms.Submitted, zone: str) -> str:
    """The generated form's act as a scenario event (YAML), with its date when the form has one."""
    import yaml

    data = act_fields.data(act_name, specs, sub.values, sub.rows, sub.kept)
    try:
        _, day, at = act_forms.instant(sub, zone=zone, current=now())
        data.update(_when(day, at))
    except CasefileError:
        pass
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False)


def _issue(hook: Any, entry_id: int, as_of: Any) -> None:
    import logging

    try:
        hook(entry_id, as_of)
    except Exception:  # the act is recorded; its documents can be issued again
        logging.getLogger("casefile.web").exception("issuing the documents of docket entry %s failed", entry_id)


def _register_data(content: bytes, sub: act_forms.Submitted, *, day: Any, at: Any) -> dict[str, Any]:
    from casefile.errors import BadInput
    from casefile.importers.challenge_register import parse_challenge_register

    if not content:
        raise BadInput("Choose the register's CSV file", field="register")
    try:
        rows = parse_challenge_register(content, source=sub.get("register-name") or "the register")
    except CasefileError as exc:
        raise BadInput(str(exc), field="register") from None
    when = {"at": at.isoformat()} if at else {"date": day.isoformat()}
    return {"act": "register-challenges", **when,
            "challenges": [{"voter": r.voter, "challenged_by": r.challenged_by, "ground": r.ground,
                            "disputed_void": r.disputed_void} for r in rows]}
