"""Around a case (issue 8, item 3): the section of the case page, and its own page, with who of my
organization is assigned to the case (admins and counsel assign), my organization's private notes
(append-only; never shown to another organization), and the export of the case file as one zip
(``/cases/{number}/export.zip``: the docket as CSV, every document I may see, the docket chain's
head); and the opt-in to notices on My reminders (``POST /reminders/notices``).

Thin over casefile.accounts.around: the rules of who may do what are there. A case I may not see
answers 404 on every route here, as one that does not exist.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from casefile.errors import CasefileError
from casefile.http.deps import Database
from casefile.web.people import Db, Me, Signed
from casefile.web.render import page
from casefile.web.sessions import check_csrf, now, web_session

router = APIRouter()
#: The form field of each input an error names (casefile.accounts.around's ``field``).
FIELDS = {"email": "assignee", "text": "note"}
NOTES_ON_CASE_PAGE = 20


def section(db: Database, number: str, me: Me, *, all_notes: bool = False) -> dict[str, Any]:
    """What the "Around this case" section shows ``me`` (their organization's own only)."""
    from casefile.accounts.around import assignees, colleagues, may_assign, may_write_notes, notes, notices_since
    from casefile.record.queries import visible_case

    with db.read() as session:
        case = visible_case(session, number, me.viewer)
        assigned = assignees(session, me.viewer, case)
        taken = {a.user_id for a in assigned}
        choices = [(u.email, f"{u.name or u.email} ({u.role.value})") for u in colleagues(session, me.viewer)
                   if u.id not in taken] if may_assign(me.viewer) else []
        every = notes(session, me.viewer, case)
        return {"case_number": case.number, "assignees": assigned, "choices": choices, "may_assign": may_assign(me.viewer),
                "may_write": may_write_notes(me.viewer), "notes": every if all_notes else every[:NOTES_ON_CASE_PAGE],
                "notes_total": len(every), "notices_on": notices_since(session, me.viewer.user_id) is not None,
                "organization": me.organization_name, "represents": bool(me.viewer.party_ids(session, case))}


def _page(request: Request, db: Database, me: Me, number: str, *, errors: list[dict[str, str]] | None = None,
          values: dict[str, str] | None = None, status: int = 200) -> Response:
    around = section(db, number, me, all_notes=True)
    return page(request, "around.html", status=status, title=f"Around {around['case_number']}", around=around,
                errors=errors or [], values=values or {})


def _refused(request: Request, db: Database, me: Me, number: str, exc: CasefileError,
             values: dict[str, str]) -> Response:
    if exc.family in ("not-found", "not-permitted") and exc.field is None:
        raise exc
    field = FIELDS.get(exc.field or "", exc.field or "note")
    return _page(request, db, me, number, errors=[{"field": field, "text": str(exc)}], values=values, status=422)


@router.get("/cases/{number}/around")
def around_page(request: Request, number: str, me: Signed, db: Db) -> Response:
    return _page(request, db, me, number[:40])


@router.post("/cases/{number}/assignees")
async def add_assignee(request: Request, number: str, me: Signed, db: Db) -> Response:
    from casefile.accounts.around import assign

    form = await request.form()
    check_csrf(request, form)
    email = str(form.get("assignee") or "").strip()
    try:
        with db.write() as session:
            done = assign(session, me.viewer, case_number=number[:40], email=email, as_of=now())
    except CasefileError as exc:
        return _refused(request, db, me, number[:40], exc, {"assignee": email})
    web_session(request).add_flash(f"{done.name} is assigned to {number[:40]}: the case's reminders go to its assignees.")
    return RedirectResponse(f"/cases/{number[:40]}#around", status_code=303)


@router.post("/cases/{number}/assignees/remove")
async def remove_assignee(request: Request, number: str, me: Signed, db: Db) -> Response:
    from casefile.accounts.around import unassign

    form = await request.form()
    check_csrf(request, form)
    from casefile.web.ids import form_id

    user_id = form_id(form.get("user_id"))
    with db.write() as session:
        removed = unassign(session, me.viewer, case_number=number[:40], user_id=user_id) if user_id else False
    web_session(request).add_flash("Assignment removed." if removed else "That user was not assigned.")
    return RedirectResponse(f"/cases/{number[:40]}#around", status_code=303)


@router.post("/cases/{number}/notes")
async def add_note(request: Request, number: str, me: Signed, db: Db) -> Response:
    from casefile.accounts.around import add_note as append

    form = await request.form()
    check_csrf(request, form)
    text = str(form.get("note") or "")
    try:
        with db.write() as session:
            append(session, me.viewer, case_number=number[:40], text=text, as_of=now())
    except CasefileError as exc:
        return _refused(request, db, me, number[:40], exc, {"note": text[:20_000]})
    web_session(request).add_flash(f"Note added (seen only by {me.organization_name}).")
    return RedirectResponse(f"/cases/{number[:40]}#around", status_code=303)


@router.get("/cases/{number}/export.zip")
def export_zip(request: Request, number: str, me: Signed) -> Response:
    from casefile.accounts.around import export_case

    export = export_case(viewer=me.viewer, case_number=number[:40], as_of=now(), via="web")
    return Response(export.content, media_type="application/zip",
                    headers={"Content-Disposition": f'attachment; filename="{export.file_name}"',
                             "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff"})


@router.post("/reminders/notices")
async def notices_setting(request: Request, me: Signed, db: Db) -> Response:
    from casefile.accounts.around import set_notices

    form = await request.form()
    check_csrf(request, form)
    on = "on" in form.getlist("notices")
    with db.write() as session:
        set_notices(session, me.viewer, on=on, as_of=now())
    web_session(request).add_flash("You will get a notice when another party or the Region files or acts on your cases."
                                   if on else "You will no longer get notices of what others file or do.")
    return RedirectResponse("/reminders#notices", status_code=303)
